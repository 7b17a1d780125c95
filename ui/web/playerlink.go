package web

// A player's phone signed in by the QR code of her slip or of the kiosk
// (issue 27): the QR code's link carries her link token, 192 bits that
// nobody guesses, in its #fragment; the event's page sends it here. No
// budget of wrong tries is spent or needed: that is for the six
// characters a player types (player.go). The writes of one phone are
// bounded as every player's write is.

import (
	"context"
	"errors"
	"net/http"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/core/i18n"
)

// linkSignIns are the players' sign-ins by link (director.Phones).
type linkSignIns interface {
	SignInPlayerByLink(ctx context.Context, t director.PlayerLinkTry) (string, error)
}

// playerLinkRoutes is the sign-in by a link's token.
func (s *Server) playerLinkRoutes() []route {
	return []route{{"POST /api/events/{id}/me/link", s.apiPlayerLink}}
}

// playerLinkRequest is POST /api/events/{id}/me/link.
type playerLinkRequest struct {
	Entry int64  `json:"entry"`
	Token string `json:"token"`
}

// apiPlayerLink checks a link token for an entry and, when it is hers,
// gives the phone the entry's session, as a right player code does.
func (s *Server) apiPlayerLink(w http.ResponseWriter, r *http.Request) {
	id, ok := s.addressedEvent(w, r)
	if !ok {
		return
	}
	if !s.ownPageJSON(w, r) {
		return
	}
	if !s.withinWrites(w, r) {
		return
	}
	var req playerLinkRequest
	if err := decodeJSON(r.Body, maxPlayerBody, &req, `{"entry":N,"token":"…"}`); err != nil {
		s.failErr(w, r, err)
		return
	}
	if req.Entry < 1 || req.Entry > 999_999_999 {
		s.failErr(w, r, event.Invalid("entry must be the number of a player of the event"))
		return
	}
	if len(req.Token) > 2*director.PlayerLinkTokenLength {
		req.Token = "" // wrong
	}
	device := ensureDevice(w, r)
	token := staffToken()
	name, err := s.links.SignInPlayerByLink(r.Context(), director.PlayerLinkTry{Event: id, Entry: event.EntryID(req.Entry), LinkToken: req.Token,
		Device: device, Address: clientAddr(r), Token: token, TTL: playerTTL})
	switch {
	case errors.Is(err, director.ErrWrongPlayerLink):
		s.fail(w, r, http.StatusForbidden, i18n.F("This link does not sign this player in: type your player code instead. It is printed on your player slip; the organizer can give it to you."))
	case err != nil:
		s.failErr(w, r, err)
	default:
		setSessionCookie(w, playerCookie(id), "/", token, playerTTL)
		writeJSON(w, http.StatusOK, meJSON{SignedIn: true, Entry: req.Entry, Name: name})
	}
}
