package web

// A player on her own phone (issue 22): she found herself by name on the
// event's page; to send her decklist, confirm a result or ask to drop she
// signs in with her player code (printed on her slip, given at the desk),
// and the phone keeps a session for that entry in a cookie of its own per
// event. Reading stays open to anyone; only these writes need the code.

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strconv"
	"time"
	"unicode/utf8"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/core/i18n"
	"tablekeeper/ui/web/floods"
)

// playerPhones are the players' sign-ins by code (director.Phones).
type playerPhones interface {
	PlayerSessionOf(ctx context.Context, id event.EventID, token, address string) (director.PlayerSession, bool, error)
	SignInPlayer(ctx context.Context, t director.PlayerSignInTry) (string, error)
	EndStaffSession(ctx context.Context, token string) error
}

// playerTTL is how long a player's phone stays signed in: the longest
// day of an event, and no longer.
const playerTTL = 20 * time.Hour

// maxPlayerBody bounds what a player's phone sends in one JSON write
// (a decklist is the longest).
const maxPlayerBody = maxBody

// playerCookie names the cookie holding a phone's player session for
// event id: one per event, so a phone at two events keeps both.
func playerCookie(id event.EventID) string { return "tk_player_" + strconv.FormatInt(int64(id), 10) }

// playerSignInRoutes are the player's own sign-in and who the phone is.
func (s *Server) playerSignInRoutes() []route {
	return []route{
		{"GET /api/events/{id}/me", s.apiMe},
		{"POST /api/events/{id}/me/signin", s.apiPlayerSignIn},
		{"POST /api/events/{id}/me/signout", s.apiPlayerSignOut},
	}
}

// meJSON says whom a phone is signed in as for an event.
type meJSON struct {
	SignedIn bool   `json:"signedIn"`
	Entry    int64  `json:"entry,omitempty"`
	Name     string `json:"name,omitempty"`
}

// playerSignInRequest is POST /api/events/{id}/me/signin.
type playerSignInRequest struct {
	Entry int64  `json:"entry"`
	Code  string `json:"code"`
}

// signedPlayer returns the player session the request's phone holds for
// event id, if it holds an open one.
func (s *Server) signedPlayer(r *http.Request, id event.EventID) (director.PlayerSession, bool) {
	token := staffTokenOf(r, playerCookie(id))
	if token == "" {
		return director.PlayerSession{}, false
	}
	ps, ok, err := s.players.PlayerSessionOf(r.Context(), id, token, clientAddr(r))
	if err != nil {
		s.logf("web: player session: %v", err)
		return director.PlayerSession{}, false
	}
	return ps, ok
}

// msgSignInFirst refuses a player's write from a phone not signed in.
var msgSignInFirst = i18n.F("Sign in with your player code first: it is printed on your player slip. The organizer can tell it to you.")

// playerWrite lets a player's write through when it comes from this
// server's own page, as JSON, within the phone's write budget, from a
// phone signed in for the event; otherwise it answers with a sentence and
// returns false. The player's session is returned.
func (s *Server) playerWrite(w http.ResponseWriter, r *http.Request, id event.EventID) (director.PlayerSession, bool) {
	if !s.ownPageJSON(w, r) {
		return director.PlayerSession{}, false
	}
	if !s.withinWrites(w, r) {
		return director.PlayerSession{}, false
	}
	ps, ok := s.signedPlayer(r, id)
	if !ok {
		s.fail(w, r, http.StatusUnauthorized, msgSignInFirst)
		return ps, false
	}
	return ps, true
}

// ownPageJSON refuses, with a sentence, a player's request that is not
// JSON sent from this server's own page.
func (s *Server) ownPageJSON(w http.ResponseWriter, r *http.Request) bool {
	return s.ownPageJSONSaying(w, r, msgCrossSite, i18n.F("Send this as JSON (Content-Type: application/json), as the event's page does."))
}

// ownPageJSONSaying is ownPageJSON with the request's own sentences: to
// one sent from another site's page (crossSite), to one not sent as JSON
// (notJSON).
func (s *Server) ownPageJSONSaying(w http.ResponseWriter, r *http.Request, crossSite, notJSON i18n.Localizer) bool {
	switch {
	case !sameOrigin(r):
		s.fail(w, r, http.StatusForbidden, crossSite)
		return false
	case !wantsJSON(r):
		s.fail(w, r, http.StatusBadRequest, notJSON)
		return false
	}
	return true
}

// apiMe says whom this phone is signed in as for the event.
func (s *Server) apiMe(w http.ResponseWriter, r *http.Request) {
	id, ok := s.addressedEvent(w, r)
	if !ok {
		return
	}
	ps, ok := s.signedPlayer(r, id)
	if !ok {
		writeJSON(w, http.StatusOK, meJSON{})
		return
	}
	writeJSON(w, http.StatusOK, meJSON{SignedIn: true, Entry: int64(ps.Entry), Name: ps.Name})
}

// apiPlayerSignIn checks a player code for an entry and, when right,
// gives the phone the entry's session.
func (s *Server) apiPlayerSignIn(w http.ResponseWriter, r *http.Request) {
	id, ok := s.addressedEvent(w, r)
	if !ok {
		return
	}
	if !s.ownPageJSONSaying(w, r, msgCrossSite, i18n.F("Send the sign-in as JSON (Content-Type: application/json): {\"entry\":N,\"code\":\"…\"}.")) {
		return
	}
	if !s.withinWrites(w, r) {
		return
	}
	var req playerSignInRequest
	if err := decodeJSON(r.Body, maxPlayerBody, &req, `{"entry":N,"code":"…"}`); err != nil {
		s.failErr(w, r, err)
		return
	}
	if req.Entry < 1 || req.Entry > 999_999_999 {
		s.failErr(w, r, event.Invalid("entry must be the number of a player of the event"))
		return
	}
	if len(req.Code) > 32 {
		req.Code = "" // wrong, but counted as one
	}
	// The wrong-code budgets (the device's and the address's, never the
	// player's: see limit.go) are taken before the code is read and given
	// back when it was right (or the entry is not the event's).
	wrong := playerCodeBudgets(r)
	// The device the request came with, for the alert: one that sent no
	// id the server gave counts by its address.
	came := deviceOf(r)
	defer s.guesses.lock(clientAddr(r))()
	if refused, wait := s.limits.take(wrong...); refused >= 0 {
		s.floods.Note(r.Context(), floods.PlayerCode, came, clientAddr(r))
		s.tooMany(w, r, wait, playerCodeRefusal(refused))
		return
	}
	device := ensureDevice(w, r)
	token := staffToken()
	name, err := s.players.SignInPlayer(r.Context(), director.PlayerSignInTry{Event: id, Entry: event.EntryID(req.Entry), Code: req.Code,
		Device: device, Address: clientAddr(r), Token: token, TTL: playerTTL})
	if !errors.Is(err, director.ErrWrongPlayerCode) {
		s.limits.give(wrong...)
	}
	switch {
	case errors.Is(err, director.ErrWrongPlayerCode):
		s.floods.Note(r.Context(), floods.PlayerCode, came, clientAddr(r))
		s.fail(w, r, http.StatusForbidden, msgWrongPlayerCode)
	case err != nil:
		s.failErr(w, r, err)
	default:
		setSessionCookie(w, playerCookie(id), "/", token, playerTTL)
		writeJSON(w, http.StatusOK, meJSON{SignedIn: true, Entry: req.Entry, Name: name})
	}
}

// playerCodeBudgets are the wrong-code budgets a player code typed on a
// phone spends: the device's and the address's, never the player's (see
// limit.go). They are taken before the code is read and given back when
// it was right. A kiosk tablet has its own (kioskCodeBudgets).
func playerCodeBudgets(r *http.Request) []need {
	return []need{
		{rateWrongPlayerPerDevice, deviceKey(r)},
		{rateWrongPlayerPerAddr, "ip:" + clientAddr(r)},
	}
}

// msgWrongPlayerCode refuses a player code that is not the entry's.
var msgWrongPlayerCode = i18n.F("That is not your player code. It is printed on your player slip; the organizer can tell it to you.")

// playerCodeRefusal says which of a player sign-in's wrong-code budgets
// is spent.
func playerCodeRefusal(refused int) i18n.Text {
	if refused == 0 {
		return i18n.F("This phone has tried too many wrong codes")
	}
	return i18n.F("Too many wrong codes came from this network address")
}

// apiPlayerSignOut ends this phone's player session for the event.
func (s *Server) apiPlayerSignOut(w http.ResponseWriter, r *http.Request) {
	id, ok := s.addressedEvent(w, r)
	if !ok {
		return
	}
	if !sameOrigin(r) {
		s.fail(w, r, http.StatusForbidden, msgCrossSite)
		return
	}
	token := staffTokenOf(r, playerCookie(id))
	if token == "" {
		// Nothing to end: said, so that no write passes without a session.
		s.fail(w, r, http.StatusBadRequest, i18n.F("This phone is not signed in for this event."))
		return
	}
	if s.signOut(w, r, s.players, token, playerCookie(id), nil) {
		writeJSON(w, http.StatusOK, meJSON{})
	}
}

// decodeJSON reads a player's JSON write into v: one object of v's known
// fields, at most limit bytes of UTF-8; every mistake is a sentence that
// ends with the shape to send.
func decodeJSON(body io.Reader, limit int, v any, shape string) error {
	raw, err := io.ReadAll(io.LimitReader(body, int64(limit)+1))
	var tooBig *http.MaxBytesError
	switch {
	case errors.As(err, &tooBig) || len(raw) > limit:
		return event.Invalidf("what was sent is too long: at most %d bytes", limit)
	case err != nil:
		return event.Invalid("what was sent could not be read; send it again")
	case !utf8.Valid(raw):
		return event.Invalid("what was sent is not UTF-8 text")
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return event.Invalidf("what was sent is not what this address takes: %s. Send %s", jsonProblem(err), shape)
	}
	if _, err := dec.Token(); err != io.EOF {
		return event.Invalidf("what was sent has something after its JSON object; send %s alone", shape)
	}
	return nil
}
