package web

// Drops from the phone (issue 22): a player signed in with her player
// code asks, on the event's page, to drop after this round, follows her
// request (waiting, dropped, kept in) and can withdraw it while it waits.
// The entry is her session's: a request names none, so a phone can only
// ask for the player it signed in as.

import (
	"context"
	"fmt"
	"net/http"
	"time"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/core/i18n"
)

// playerDrops are a signed-in player's drop request (director.Drops).
type playerDrops interface {
	DropOf(ctx context.Context, ps director.PlayerSession) (director.PlayerDrop, error)
	RequestDrop(ctx context.Context, ps director.PlayerSession) (event.DropRequest, error)
	WithdrawDrop(ctx context.Context, ps director.PlayerSession) error
}

// rateDropsPerPlayer bounds a player's asks and withdrawals, whatever
// the phone: a player changes her mind once or twice; asking and
// withdrawing in a loop would only fill the event's log. Its buckets are
// the signed-in entries of the event, which exist, so none is evicted.
var rateDropsPerPlayer = rate{name: "drop requests per player", burst: 6, per: 5 * time.Minute, keep: true}

// msgTooManyDrops says that budget is spent.
var msgTooManyDrops = i18n.F("You have asked to drop and withdrawn many times")

// dropWrite lets a player's ask or withdrawal through (see playerWrite),
// within her own budget of drop writes, with its empty body read.
func (s *Server) dropWrite(w http.ResponseWriter, r *http.Request) (director.PlayerSession, bool) {
	id, ok := s.addressedEvent(w, r)
	if !ok {
		return director.PlayerSession{}, false
	}
	ps, ok := s.playerWrite(w, r, id)
	if !ok {
		return ps, false
	}
	if refused, wait := s.limits.take(need{rateDropsPerPlayer, fmt.Sprintf("drop:%d:%d", id, ps.Entry)}); refused >= 0 {
		s.tooMany(w, r, wait, msgTooManyDrops)
		return ps, false
	}
	var req struct{}
	if err := decodeJSON(r.Body, maxPlayerBody, &req, dropShape); err != nil {
		s.failErr(w, r, err)
		return ps, false
	}
	return ps, true
}

// dropRoutes are a player's own drop.
func (s *Server) dropRoutes() []route {
	return []route{
		{"GET /api/events/{id}/me/drop", s.apiMyDrop},
		{"POST /api/events/{id}/me/drop", s.apiAskDrop},
		{"POST /api/events/{id}/me/drop/withdraw", s.apiWithdrawDrop},
	}
}

// dropJSON is where the signed-in player stands with dropping.
type dropJSON struct {
	SignedIn bool  `json:"signedIn"`
	Entry    int64 `json:"entry,omitempty"`
	// State is "can-ask", "waiting", "kept-in", "dropped" or "closed"
	// (director.DropView).
	State string `json:"state,omitempty"`
	// Round is, while waiting, the round she asked to drop after (0:
	// before round 1); Asked when (RFC 3339).
	Round int    `json:"round,omitempty"`
	Asked string `json:"asked,omitempty"`
	// DroppedAfter is, once dropped, the last round she played.
	DroppedAfter int `json:"droppedAfter,omitempty"`
	// Rounds is the rounds paired: asking now drops her after it.
	Rounds int `json:"rounds"`
}

// dropShape is what the phone sends to ask or withdraw: nothing but an
// empty object, since her session says who she is.
const dropShape = `{}`

// apiMyDrop says where the phone's signed-in player stands with dropping;
// a phone not signed in is told so (and shows nothing).
func (s *Server) apiMyDrop(w http.ResponseWriter, r *http.Request) {
	id, ok := s.addressedEvent(w, r)
	if !ok {
		return
	}
	ps, ok := s.signedPlayer(r, id)
	if !ok {
		writeJSON(w, http.StatusOK, dropJSON{})
		return
	}
	s.writeDrop(w, r, ps)
}

// writeDrop answers with where ps stands now.
func (s *Server) writeDrop(w http.ResponseWriter, r *http.Request, ps director.PlayerSession) {
	v, err := s.drops.DropOf(r.Context(), ps)
	if err != nil {
		s.failErr(w, r, err)
		return
	}
	out := dropJSON{SignedIn: true, Entry: int64(ps.Entry), State: string(v.View), Round: v.Round, DroppedAfter: v.DroppedAfter, Rounds: v.Rounds}
	if !v.Asked.IsZero() {
		out.Asked = v.Asked.UTC().Format(time.RFC3339)
	}
	writeJSON(w, http.StatusOK, out)
}

// apiAskDrop records the signed-in player's request to drop after this
// round (applied at once when the event is set so), logged with her
// phone; asking again while a request waits changes nothing.
func (s *Server) apiAskDrop(w http.ResponseWriter, r *http.Request) {
	ps, ok := s.dropWrite(w, r)
	if !ok {
		return
	}
	if _, err := s.drops.RequestDrop(r.Context(), ps); err != nil {
		s.failErr(w, r, err)
		return
	}
	s.writeDrop(w, r, ps)
}

// apiWithdrawDrop withdraws the signed-in player's waiting request.
func (s *Server) apiWithdrawDrop(w http.ResponseWriter, r *http.Request) {
	ps, ok := s.dropWrite(w, r)
	if !ok {
		return
	}
	if err := s.drops.WithdrawDrop(r.Context(), ps); err != nil {
		s.failErr(w, r, err)
		return
	}
	s.writeDrop(w, r, ps)
}
