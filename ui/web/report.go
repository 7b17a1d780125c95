package web

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"mime"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/core/i18n"
	"tablekeeper/core/rules"
	"tablekeeper/ui/web/floods"
)

// tableReports take a table's result from the report form
// (director.Network).
type tableReports interface {
	Report(ctx context.Context, r director.TableReport) (director.ReportReceipt, error)
}

// A player reports a table's result from a phone with the code printed on
// the table's match slip: POST /api/events/{id}/reports. The page's form
// (GET /api/events/{id}/tables/{table}/form) is the table's own, as core's
// rules give it: a match's (or team match's) results to tap, who won then
// the games, each with its line in the result syntax, or a multiplayer
// table's fields. The answer names the winner. The director checks the code, the round and the result
// exactly as for the organizer's keyboard; wrong codes are rate-limited
// per table and per device.

// reportRoutes are the self-report page, its form and the report itself.
func (s *Server) reportRoutes() []route {
	return []route{
		{"GET /events/{id}/report", s.eventPage("report", i18n.F("Report a result"))},
		{"GET /api/events/{id}/tables/{table}/form", s.apiForm},
		{"POST /api/events/{id}/reports", s.apiReport},
	}
}

// Bounds of a report request.
const (
	maxReportBody = 2 << 10
	maxCodeLen    = 16
	maxResultLen  = 200
	maxTable      = 9999
	maxSeats      = 8
	maxFieldLen   = 40
)

// reportRequest is the body of POST /api/events/{id}/reports: the round
// and table, the table's code, and the result in the syntax of the
// table's form ("2-1"; "2 | 5 | 14 | 9" at a multiplayer table), or, from
// the page's multiplayer form, its fields (Multi) instead of Result.
type reportRequest struct {
	Round  int         `json:"round"`
	Table  int         `json:"table"`
	Code   string      `json:"code"`
	Result string      `json:"result"`
	Multi  *multiReply `json:"multi,omitempty"`
}

// multiReply is a multiplayer table's form as the page sends it: the
// Winner field, each seat's value and the Time-out box.
type multiReply struct {
	Winners string   `json:"winners"`
	Values  []string `json:"values"`
	TimeOut bool     `json:"time_out"`
}

// reportReply is the answer to a report the director took.
type reportReply struct {
	// Outcome is "recorded", "pending" (waiting for the organizer's
	// approval) or "already recorded".
	Outcome string `json:"outcome"`
	Message string `json:"message"`
}

// decodeReport reads and checks a report's body: one JSON object of the
// known fields, within the bounds; every mistake is a sentence.
func decodeReport(body io.Reader) (reportRequest, error) {
	var req reportRequest
	raw, err := io.ReadAll(io.LimitReader(body, maxReportBody+1))
	if err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			return req, event.Invalidf("the report is too long: at most %d bytes", maxReportBody)
		}
		return req, event.Invalid("the report could not be read; send it again")
	}
	if len(raw) > maxReportBody {
		return req, event.Invalidf("the report is too long: at most %d bytes", maxReportBody)
	}
	if !utf8.Valid(raw) {
		return req, event.Invalid("the report is not UTF-8 text")
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&req); err != nil {
		return req, event.Invalidf("the report is not what this address takes: %s. Send {\"round\":R,\"table\":T,\"code\":\"…\",\"result\":\"2-1\"}", jsonProblem(err))
	}
	if dec.More() {
		return req, event.Invalid("the report holds more than one JSON object; send one")
	}
	if _, err := dec.Token(); err != io.EOF {
		return req, event.Invalid("the report has something after its JSON object; send the object alone")
	}
	return req, req.check()
}

// jsonProblem says in words what is wrong with a JSON body.
func jsonProblem(err error) i18n.Text {
	var syntax *json.SyntaxError
	var typ *json.UnmarshalTypeError
	switch {
	case errors.Is(err, io.EOF):
		return i18n.F("it is empty")
	case errors.Is(err, io.ErrUnexpectedEOF):
		return i18n.F("it stops in the middle")
	case errors.As(err, &syntax):
		return i18n.F("it is not JSON (at byte %d)", syntax.Offset)
	case errors.As(err, &typ):
		if typ.Field != "" {
			return i18n.F("%[1]s must be %[2]s, not %[3]s", typ.Field, typeWord(typ.Type.Kind().String()), typ.Value)
		}
		return i18n.F("it must be a JSON object")
	case strings.HasPrefix(err.Error(), "json: unknown field "):
		return i18n.F("it has the field %s, which this address does not take", strings.TrimPrefix(err.Error(), "json: unknown field "))
	}
	return i18n.F("it is not a JSON object")
}

// check bounds the fields of a report.
func (r reportRequest) check() error {
	switch {
	case r.Round < 1 || r.Round > event.MaxRounds:
		return event.Invalidf("round must be the round's number, from 1 to %d", event.MaxRounds)
	case r.Table < 1 || r.Table > maxTable:
		return event.Invalidf("table must be the table's number from your match slip, from 1 to %d", maxTable)
	case strings.TrimSpace(r.Code) == "":
		return event.Invalid("type the table's code printed on your match slip")
	case utf8.RuneCountInString(r.Code) > maxCodeLen:
		return event.Invalidf("a table code is at most %d characters; check the code on your match slip", maxCodeLen)
	case utf8.RuneCountInString(r.Result) > maxResultLen:
		return event.Invalidf("a result is at most %d characters", maxResultLen)
	case r.Multi != nil && strings.TrimSpace(r.Result) != "":
		return event.Invalid("send the result or the multiplayer fields, not both")
	case r.Multi == nil && strings.TrimSpace(r.Result) == "":
		return event.Invalid("type the result, such as 2-1")
	}
	if m := r.Multi; m != nil {
		if len(m.Values) < 1 || len(m.Values) > maxSeats {
			return event.Invalidf("a table has 1 to %d seats; the report has %d values", maxSeats, len(m.Values))
		}
		if utf8.RuneCountInString(m.Winners) > maxFieldLen {
			return event.Invalidf("the winner field is at most %d characters", maxFieldLen)
		}
		for i, v := range m.Values {
			if utf8.RuneCountInString(v) > maxFieldLen {
				return event.Invalidf("seat %d's value is at most %d characters", i+1, maxFieldLen)
			}
		}
	}
	return nil
}

// multiInput is the report's multiplayer fields as the director takes
// them, structured as they came; nil for a result typed on one line.
func (r reportRequest) multiInput() *rules.MultiInput {
	if r.Multi == nil {
		return nil
	}
	return &rules.MultiInput{Winners: r.Multi.Winners, Values: r.Multi.Values, TimeOut: r.Multi.TimeOut}
}

// sameOrigin refuses a write sent by another site's page: a browser names
// the page's origin, which must be this server, or another laptop of its
// cluster (fromMember). (A request without Origin is no browser's
// cross-site request.)
func sameOrigin(r *http.Request) bool {
	origin := r.Header.Get("Origin")
	if origin == "" || fromMember(r) {
		return true
	}
	u, err := url.Parse(origin)
	return err == nil && strings.EqualFold(u.Host, r.Host)
}

// wantsJSON says whether a request's body is declared as JSON: a page of
// another site cannot send that without the browser asking first.
func wantsJSON(r *http.Request) bool {
	mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
	return err == nil && mt == "application/json"
}

// apiReport takes a player's report.
func (s *Server) apiReport(w http.ResponseWriter, r *http.Request) {
	id, ok := s.addressedEvent(w, r)
	if !ok {
		return
	}
	if !s.ownPageJSONSaying(w, r, i18n.F("This report comes from another site's page; report from this event's page."),
		i18n.F("Send the report as JSON (Content-Type: application/json): {\"round\":R,\"table\":T,\"code\":\"…\",\"result\":\"2-1\"}.")) {
		return
	}
	if !s.withinWrites(w, r) {
		return
	}
	req, err := decodeReport(r.Body)
	if err != nil {
		s.failErr(w, r, err)
		return
	}
	// The wrong-code budgets are taken before the code is read and given
	// back when it was right: simultaneous tries at one table cannot all
	// be read while its budget lasts.
	wrong := wrongCodeNeeds(r)
	defer s.guesses.lock(clientAddr(r))()
	if refused, wait := s.limits.take(wrong...); refused >= 0 {
		s.floods.Note(r.Context(), floods.TableCode, deviceOf(r), clientAddr(r))
		s.tooMany(w, r, wait, wrongCodeRefusal(refused))
		return
	}
	device := deviceOf(r)
	if device == "" {
		device = "ip:" + clientAddr(r)
	}
	rc, err := s.reporting.Report(r.Context(), director.TableReport{Event: id, Round: req.Round, Table: req.Table, Code: req.Code,
		Result: req.Result, Multi: req.multiInput(), Device: device})
	if !errors.Is(err, director.ErrWrongCode) {
		s.limits.give(wrong...)
	}
	switch {
	case errors.Is(err, director.ErrWrongCode):
		s.floods.Note(r.Context(), floods.TableCode, deviceOf(r), clientAddr(r))
		s.fail(w, r, http.StatusForbidden, errText{err})
	case errors.Is(err, director.ErrReportConflict):
		s.fail(w, r, http.StatusConflict, errText{err})
	case err != nil:
		s.failErr(w, r, err)
	default:
		status, reply := replyOf(langOf(r), rc)
		writeJSON(w, status, reply)
	}
}

// replyOf is the answer to a report the director took: its outcome and a
// sentence that names the winner, as the form asked ("recorded: Ada won
// 2–1."), so that a player sees at once the result she meant. Like the
// API's other sentences it starts in lower case: the page capitalizes
// what it shows.
func replyOf(l i18n.Lang, rc director.ReportReceipt) (int, reportReply) {
	reply := reportReply{Outcome: rc.Outcome.String()}
	switch rc.Outcome {
	case director.ReportPending:
		reply.Message = i18n.T(l, "sent: %s. It counts once the organizer approves it.", rc.Said)
		return http.StatusAccepted, reply
	case director.ReportAlreadyRecorded:
		reply.Message = i18n.T(l, "already recorded: %s. Nothing more to do.", rc.Said)
	default:
		reply.Message = i18n.T(l, "recorded: %s.", rc.Said)
	}
	return http.StatusOK, reply
}

// reportWrites are the write budgets a report takes from: its device's
// and, as a coarse outer bound, its address's.
func reportWrites(r *http.Request) []need {
	return []need{{rateDeviceWrites, deviceKey(r)}, {rateAddrWrites, "ip:" + clientAddr(r)}}
}

// writeBudgets are every write budget a write may have taken from: a
// phone's report (reportWrites), a kiosk's or judge's (staffWrite), a
// station's (rateStationWrites). A write that did nothing because no
// laptop could take writes gives them all back: a budget it did not take
// from gets a token too, never past its burst, and only while every
// device's writes are refused anyway.
func writeBudgets(r *http.Request) []need {
	return append(reportWrites(r), need{rateStationWrites, deviceKey(r)})
}

// withinWrites takes a write from the phone's and its address's budgets
// (reportWrites); when one is spent it says so, and returns false.
func (s *Server) withinWrites(w http.ResponseWriter, r *http.Request) bool {
	if refused, wait := s.limits.take(reportWrites(r)...); refused >= 0 {
		s.tooMany(w, r, wait, writeRefusals[refused])
		return false
	}
	return true
}

// writeRefusals say which of reportWrites' budgets is spent.
var writeRefusals = []i18n.Text{
	i18n.F("This phone has sent a great deal in a short time"),
	i18n.F("A great deal was sent from this network address in a short time"),
}

// wrongCodeNeeds are the wrong-code budgets a report takes a token from
// until its code is known to be right: the device's and its address's,
// never the table's (a stranger would spend it for the players: see
// limit.go).
func wrongCodeNeeds(r *http.Request) []need {
	return []need{
		{rateWrongTablePerDevice, deviceKey(r)},
		{rateWrongTablePerAddr, "ip:" + clientAddr(r)},
	}
}

// wrongCodeRefusal says which of wrongCodeNeeds' budgets is spent.
func wrongCodeRefusal(refused int) i18n.Text {
	if refused == 0 {
		return i18n.F("This phone has tried too many wrong codes")
	}
	return i18n.F("Too many wrong codes came from this network address")
}

// tooMany refuses a write for a while, saying how long.
func (s *Server) tooMany(w http.ResponseWriter, r *http.Request, wait time.Duration, why i18n.Text) {
	secs := max(1, int(wait.Round(time.Second)/time.Second))
	w.Header().Set("Retry-After", strconv.Itoa(secs))
	s.fail(w, r, http.StatusTooManyRequests, i18n.F("%[1]s; wait %[2]s and try again, or ask the organizer.", why, waitWords(secs)))
}

// waitWords says a wait in words: "40 seconds", "2 minutes", "24 hours".
func waitWords(secs int) i18n.Text {
	switch {
	case secs == 1:
		return i18n.F("a second")
	case secs < 90:
		return i18n.FN("%d seconds", secs, secs)
	}
	m := (secs + 59) / 60
	if m < 120 {
		return i18n.FN("%d minutes", m, m)
	}
	h := (m + 59) / 60
	return i18n.FN("%d hours", h, h)
}

// formJSON is GET /api/events/{id}/tables/{table}/form: the result form
// of a table of the current round, as core's rules give it.
type formJSON struct {
	Event eventHeadJSON `json:"event"`
	Round int           `json:"round"`
	Label string        `json:"label"`
	Table int           `json:"table"`
	// Kind is "match" (two players: Result as "2-1"), "team" (a match
	// between two teams, typed the same way) or "multi" (the fields of a
	// multiplayer table).
	Kind string `json:"kind"`
	// Sides are the players in seat order (the two teams of a team
	// match).
	Sides []string `json:"sides"`
	// Hint says how the result is typed; Placeholder is an example.
	Hint        string `json:"hint"`
	Placeholder string `json:"placeholder,omitempty"`
	// ValueName names a multiplayer seat's value ("Tau stored"); Rule
	// says how the table scores; WinnerHint how the Winner field is typed.
	ValueName  string `json:"value_name,omitempty"`
	Rule       string `json:"rule,omitempty"`
	WinnerHint string `json:"winner_hint,omitempty"`
	// Result is the table's result when it has one, as the pairings
	// show it (seat 1's games first).
	Result *string `json:"result"`
	// ResultSaid is that result said with the names, the winner first
	// ("Ada won 2–1"), for the player who reads it on the form.
	ResultSaid string `json:"result_said,omitempty"`
	// Members are the entries of each side, in the order of Sides: the
	// page finds the player who found herself on this phone among them
	// and calls her "You".
	Members [][]event.EntryID `json:"members"`
	// Choices are the results of a match (or team match) a player taps,
	// as core's rules list them: who won, then the games.
	Choices []choiceJSON `json:"choices,omitempty"`
	// Other says how to type a result the choices leave out (time
	// called, a drawn game), naming the side whose games come first.
	Other string `json:"other,omitempty"`
}

// choiceJSON is one result a player can choose on a match's form
// (rules.MatchChoice).
type choiceJSON struct {
	// Winner is the side that won, 1 or 2 (the index in Sides plus one);
	// 0 is a draw.
	Winner int `json:"winner"`
	// Games is the score from the winner's point of view ("2–1").
	Games string `json:"games"`
	// Line is the result as the report takes it, seat 1's games first.
	Line string `json:"line"`
	// Said is the result with the names, for the line the player
	// confirms ("Bob won 2–1").
	Said string `json:"said"`
}

// choicesOf are a match's choices, said with its sides' names.
func choicesOf(l i18n.Lang, s event.Settings, bestOf int, draws bool, sides []string) []choiceJSON {
	cs := rules.MatchChoices(s, bestOf, draws)
	out := make([]choiceJSON, len(cs))
	for i, c := range cs {
		out[i] = choiceJSON{Winner: c.Winner, Games: c.Games().In(l), Line: c.Line(), Said: rules.ResultSaid(s, c.Result(), sides).In(l)}
	}
	return out
}

// apiForm answers a table's result form in the current round.
func (s *Server) apiForm(w http.ResponseWriter, r *http.Request) {
	n, err := positive(r.PathValue("table"), i18n.F("a table"))
	if err != nil || n > maxTable {
		s.fail(w, r, http.StatusBadRequest, i18n.F("table must be the table's number from your match slip"))
		return
	}
	s.withBoard(w, r, func(b director.Board) {
		f, err := formOf(langOf(r), b, int(n))
		if err != nil {
			s.failErr(w, r, err)
			return
		}
		writeJSON(w, http.StatusOK, f)
	})
}

// formOf is the form of table number of the board's current round.
func formOf(l i18n.Lang, b director.Board, number int) (formJSON, error) {
	e, sh := b.Event(), b.Current
	switch {
	case b.Progress.Finished:
		return formJSON{}, event.Invalidf("%s is finished: its results are final", e.Name)
	case sh.Round.Number == 0:
		return formJSON{}, event.NotFoundf("%s has no published round yet: there is no result to report", e.Name)
	}
	for _, t := range sh.Tables {
		if t.Number != number || t.Bye {
			continue
		}
		tj := tableOf(l, e.Settings, t)
		out := formJSON{Event: headOf(e), Round: sh.Round.Number, Label: roundLabel(l, sh.Round), Table: number, Result: tj.Result, Sides: []string{}}
		bestOf := sh.Round.GamesPerMatch(e.Settings)
		draws, _ := rules.MatchDraws(e, sh.Round)
		switch {
		case rules.MultiplayerResult(e.Settings, len(t.Seats)):
			form := rules.MultiFormFor(e.Settings)
			out.Kind, out.ValueName, out.Rule, out.WinnerHint = "multi", i18n.T(l, form.ValueName()), form.RuleLine(len(t.Seats)).In(l), form.WinnerSyntax().In(l)
			out.Hint = form.LineHint(len(t.Seats)).In(l)
			for _, p := range t.Players {
				out.Sides = append(out.Sides, p.Name)
				out.Members = append(out.Members, []event.EntryID{p.Entry})
			}
			return out, nil
		case len(t.Teams) == 2:
			out.Kind, out.Hint, out.Placeholder = "team", rules.TeamResultSyntax(bestOf, draws).In(l), rules.ResultPlaceholder(bestOf)
			for _, tm := range t.Teams {
				out.Sides = append(out.Sides, tm.Name)
				ids := make([]event.EntryID, len(tm.Members))
				for i, m := range tm.Members {
					ids[i] = m.Entry
				}
				out.Members = append(out.Members, ids)
			}
		default:
			out.Kind, out.Hint, out.Placeholder = "match", rules.ResultSyntax(bestOf, draws).In(l), rules.ResultPlaceholder(bestOf)
			for _, p := range t.Players {
				out.Sides = append(out.Sides, p.Name)
				out.Members = append(out.Members, []event.EntryID{p.Entry})
			}
		}
		if t.Result != nil {
			m := t.Table
			if len(t.Teams) == 2 {
				m = event.TeamMatch(m)
			}
			out.ResultSaid = rules.ResultSaid(e.Settings, *m.Result, out.Sides).In(l)
		}
		if len(out.Sides) == 2 {
			out.Choices = choicesOf(l, e.Settings, bestOf, draws, out.Sides)
			out.Other = i18n.T(l, "Another result (time called, a drawn game): type %[1]s's games first, then %[2]s's.", out.Sides[0], out.Sides[1])
		}
		return out, nil
	}
	return formJSON{}, event.NotFoundf("%s has no table %d in round %d; check the table number on your match slip", e.Name, number, sh.Round.Number)
}

// typeWord names a JSON value's kind as a report's field wants it.
func typeWord(kind string) i18n.Text {
	switch kind {
	case "int":
		return i18n.F("a whole number")
	case "string":
		return i18n.F("text in quotes")
	case "bool":
		return i18n.F("true or false")
	case "slice":
		return i18n.F("a list")
	case "ptr", "struct":
		return i18n.F("an object")
	}
	return i18n.Text{Format: kind} // a Go kind, said as it is
}
