package web

// Results both players confirm (issue 22, event.Settings.
// PlayersConfirmResults): a player signed in with her player code
// reports her own table's result, without its code, and her opponent's
// phone shows it to confirm. GET /api/events/{id}/me/table is her table
// as her phone sees it; POST /api/events/{id}/me/report sends her
// report. Her entry comes from her phone's session, never from the
// request. When the table's reports change, the phones of its players
// alone hear a "mine" message on their stream (stream.go), and fetch
// their table again: the rest of the room receives nothing.

import (
	"context"
	"errors"
	"net/http"
	"slices"
	"strings"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/core/i18n"
)

// confirmations are a player's confirmation of her table's result
// (director.Confirmations).
type confirmations interface {
	ConfirmationOf(ctx context.Context, id event.EventID, entry event.EntryID) (director.Confirmation, error)
	ReportAsPlayer(ctx context.Context, p director.PlayerResult) (director.Confirmation, error)
}

// confirmRoutes are a player's own table and report.
func (s *Server) confirmRoutes() []route {
	return []route{
		{"GET /api/events/{id}/me/table", s.apiMyTable},
		{"POST /api/events/{id}/me/report", s.apiMyReport},
	}
}

// myTableJSON is a signed-in player's table of the current round.
type myTableJSON struct {
	// Confirm: the event's results are confirmed by both players; false,
	// the page reports with the table's code as before (nothing else is
	// set).
	Confirm bool `json:"confirm"`
	// SignedIn: the phone is signed in for the event (else Message says
	// how to).
	SignedIn bool `json:"signedIn"`
	// Round and Table are her table; 0 when she has none (Message says
	// why).
	Round int `json:"round,omitempty"`
	Table int `json:"table,omitempty"`
	// State is "open", "waiting", "confirm", "organizer" or "recorded"
	// (director.ConfirmState).
	State string `json:"state,omitempty"`
	// Message says the state in a sentence for her.
	Message string `json:"message,omitempty"`
	// Reports are the table's reports; Line is what a player sends to
	// confirm one.
	Reports []myReportJSON `json:"reports,omitempty"`
}

// myReportJSON is one report of her table, as her phone shows it (no
// device: that is the organizer's business).
type myReportJSON struct {
	Name string `json:"name"`
	Said string `json:"said"`
	Line string `json:"line"`
	Mine bool   `json:"mine,omitempty"`
}

// myReportRequest is POST /api/events/{id}/me/report: the round the
// phone saw and the result, as one line or a multiplayer table's fields.
type myReportRequest struct {
	Round  int         `json:"round"`
	Result string      `json:"result"`
	Multi  *multiReply `json:"multi,omitempty"`
}

// myReportShape is what POST …/me/report takes, for its sentences.
const myReportShape = `{"round":R,"result":"2-1"}`

// apiMyTable answers the signed-in player's table.
func (s *Server) apiMyTable(w http.ResponseWriter, r *http.Request) {
	id, ok := s.addressedEvent(w, r)
	if !ok {
		return
	}
	l := langOf(r)
	b, err := s.cache.board(r.Context(), id)
	if err != nil {
		s.failErr(w, r, err)
		return
	}
	if !b.Event().Settings.PlayersConfirmResults {
		writeJSON(w, http.StatusOK, myTableJSON{})
		return
	}
	ps, ok := s.signedPlayer(r, id)
	if !ok {
		writeJSON(w, http.StatusOK, myTableJSON{Confirm: true, Message: msgSignInFirst.In(l)})
		return
	}
	c, err := s.confirms.ConfirmationOf(r.Context(), id, ps.Entry)
	if errors.Is(err, event.ErrInvalid) {
		writeJSON(w, http.StatusOK, myTableJSON{Confirm: true, SignedIn: true, Message: capitalized(errText{err}.In(l))})
		return
	}
	if err != nil {
		s.failErr(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, myTableOf(l, c, ps.Entry))
}

// apiMyReport takes a signed-in player's report of her table.
func (s *Server) apiMyReport(w http.ResponseWriter, r *http.Request) {
	id, ok := s.addressedEvent(w, r)
	if !ok {
		return
	}
	ps, ok := s.playerWrite(w, r, id)
	if !ok {
		return
	}
	var req myReportRequest
	if err := decodeJSON(r.Body, maxReportBody, &req, myReportShape); err != nil {
		s.failErr(w, r, err)
		return
	}
	rr, err := req.checked()
	if err != nil {
		s.failErr(w, r, err)
		return
	}
	c, err := s.confirms.ReportAsPlayer(r.Context(), director.PlayerResult{Event: id, Entry: ps.Entry, Round: req.Round,
		Result: rr.Result, Multi: rr.multiInput(), Device: ps.Device})
	switch {
	case errors.Is(err, director.ErrReportConflict), errors.Is(err, director.ErrNotConfirming):
		s.fail(w, r, http.StatusConflict, errText{err})
	case err != nil:
		s.failErr(w, r, err)
	default:
		writeJSON(w, http.StatusOK, myTableOf(langOf(r), c, ps.Entry))
	}
}

// checked checks a player's report as a report by table code is checked,
// and gives it as one: its line, or its multiplayer fields as they came.
func (q myReportRequest) checked() (reportRequest, error) {
	rr := reportRequest{Round: q.Round, Table: 1, Code: "-", Result: q.Result, Multi: q.Multi}
	return rr, rr.check()
}

// myTableOf is a Confirmation as entry's phone shows it, said in l.
func myTableOf(l i18n.Lang, c director.Confirmation, entry event.EntryID) myTableJSON {
	out := myTableJSON{Confirm: true, SignedIn: true, Round: c.Round, Table: c.Table, State: c.State.String()}
	var others []string
	mine := ""
	for _, r := range c.Reports {
		out.Reports = append(out.Reports, myReportJSON{Name: r.Name, Said: r.Said.In(l), Line: r.Text, Mine: r.Entry == entry})
		if r.Entry == entry {
			mine = r.Said.In(l)
		}
	}
	for _, r := range c.Reports {
		if r.Entry != entry && r.Said.In(l) != mine && !slices.Contains(others, r.Name) {
			others = append(others, r.Name)
		}
	}
	out.Message = confirmMessage(l, c, others, mine != "").In(l)
	return out
}

// confirmMessage says a table's state to one of its players: others are
// the players whose report differs from hers.
func confirmMessage(l i18n.Lang, c director.Confirmation, others []string, sent bool) i18n.Text {
	switch c.State {
	case director.ConfirmOpen:
		var opponents []string
		for i, name := range c.Sides {
			if i != c.Side {
				opponents = append(opponents, name)
			}
		}
		return i18n.F("Send your table's result: %s then confirms it.", joinNames(l, opponents))
	case director.ConfirmRecorded:
		return i18n.F("Recorded: %s.", c.Recorded)
	case director.ConfirmWaiting:
		return i18n.F("Sent. Waiting for %s to confirm.", joinNames(l, c.Silent))
	case director.ConfirmToConfirm:
		r := c.Reports[0]
		return i18n.F("%[1]s reported: %[2]s", r.Name, r.Said)
	case director.ConfirmOrganizer:
		switch {
		case c.Disagree && sent && len(others) > 0:
			return i18n.F("Sent to the organizer: you and %s reported different results.", joinNames(l, others))
		case c.Disagree:
			return i18n.F("Sent to the organizer: the players reported different results.")
		}
		return i18n.FN("Time is up and %s has not reported: sent to the organizer.", len(c.Silent), joinNames(l, c.Silent))
	}
	return i18n.Text{}
}

// joinNames joins names for a sentence: "Bob", "Bob and Cy", "Bob, Cy
// and Dee".
func joinNames(l i18n.Lang, names []string) string {
	switch len(names) {
	case 0:
		return ""
	case 1:
		return names[0]
	}
	return i18n.T(l, "%[1]s and %[2]s", strings.Join(names[:len(names)-1], ", "), names[len(names)-1])
}

// capitalized starts a sentence of the API (which starts in lower case, to
// be put after other words) with a capital.
func capitalized(s string) string {
	if s == "" {
		return s
	}
	r := []rune(s)
	return strings.ToUpper(string(r[0])) + string(r[1:])
}

// mineMessage tells a player's phone that her table's reports changed:
// the page fetches her table again. It is sent to the table's players
// only, so the room's streams carry nothing more per report.
var mineMessage = sse("mine", []byte(`{"what":["confirm"]}`))

// tellPlayers pokes the streams of the players a change of their own
// reports names, and returns the change without that kind, for the rest
// of the room.
func (s *Server) tellPlayers(ch director.Change) director.Change {
	if !ch.What.Has(director.ChangePlayerReports) {
		return ch
	}
	ch.What &^= director.ChangePlayerReports
	if len(ch.Players) == 0 || ch.Event == 0 {
		return ch
	}
	at := make(map[event.EntryID]bool, len(ch.Players))
	for _, e := range ch.Players {
		at[e] = true
	}
	s.hub.mu.Lock()
	var cs []*client
	for c := range s.hub.clients {
		if c.event == ch.Event {
			cs = append(cs, c)
		}
	}
	s.hub.mu.Unlock()
	for _, c := range cs {
		c.mu.Lock()
		told := c.entry != 0 && at[c.entry]
		c.mine = c.mine || told
		c.mu.Unlock()
		if told {
			c.poke()
		}
	}
	return ch
}

// takeMine returns the "mine" message when the stream's player has one
// waiting, and clears it.
func (c *client) takeMine() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	if !c.mine {
		return ""
	}
	c.mine = false
	return mineMessage
}

// streamEntry is the player a stream's phone is signed in as for event
// id, read only when the phone holds that event's player cookie.
func (s *Server) streamEntry(r *http.Request, id event.EventID) event.EntryID {
	if id == 0 || staffTokenOf(r, playerCookie(id)) == "" {
		return 0
	}
	if ps, ok := s.signedPlayer(r, id); ok {
		return ps.Entry
	}
	return 0
}
