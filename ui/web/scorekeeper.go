package web

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"time"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/core/i18n"
	"tablekeeper/core/rules"
	"tablekeeper/ui/internal/labels"
)

// scoreServices are what the scorekeeping stations call, each interface
// one director service's methods.
type scoreServices struct {
	events   eventLister
	phones   sessionEnder
	stations stationDesk
}

// stationDesk is a scorekeeping station's tables, slips and players
// (director.Stations).
type stationDesk interface {
	StationTableOf(ctx context.Context, id event.EventID, table int) (director.StationTable, error)
	StationViewOf(ctx context.Context, id event.EventID, st director.Station) (director.StationView, error)
	StationMissing(ctx context.Context, id event.EventID) (director.StationView, error)
	RecordSlip(ctx context.Context, s director.Slip) (director.SlipReceipt, error)
	SaySlip(ctx context.Context, id event.EventID, round, table int, text string) (i18n.Text, error)
	StationDrop(ctx context.Context, id event.EventID, entry event.EntryID, st director.Station) error
	StationCheckIn(ctx context.Context, id event.EventID, name string, st director.Station) (event.Entry, error)
}

// Scorekeeper stations (/scorekeeper, issue 22): a laptop or tablet on the
// store's network signs in with the scorekeeper code the organizer shows
// on the Store network panel and the name of the person typing (signIn:
// the judges' PIN's limits and log), chooses the event, and enters results
// from paper slips with the desk's keyboard flow: Table, Enter, the
// table's players and saved result shown, Result, Enter; a table that has
// a result asks before replacing it (Enter confirms, Esc cancels), and
// one changed meanwhile is refused with its saved result named
// (director.RecordSlip). The missing results follow the event's live
// stream. A station also drops a player and checks a late one in; nothing
// else of the desk is reachable from here.
//
// Every page works as plain forms; score.js makes the entry fast (the
// table looked up as it is typed, the result sent without a page load).
// Every write passes staffWriteAt (same origin, the station rate) and the
// station's session, kept in the database like a judge's phone's.

// Station session limits.
const (
	scoreTTL    = 16 * time.Hour
	scoreCookie = "tk_score"
	// maxSeen bounds the mark of the result a station saw (16 hex).
	maxSeen = 32
)

// scoreArea is the stations' routes.
type scoreArea struct {
	s *Server
	scoreServices
	origin *http.CrossOriginProtection
}

// scorekeeperRoutes are the stations' pages and their JSON.
func (s *Server) scorekeeperRoutes() []route {
	a := &scoreArea{s: s, scoreServices: s.score, origin: http.NewCrossOriginProtection()}
	return []route{
		{"GET /scorekeeper", a.pageHome},
		{"POST /scorekeeper/signin", a.postSignIn},
		{"POST /scorekeeper/signout", a.postSignOut},
		{"GET /scorekeeper/events/{id}", a.pageEvent},
		{"POST /scorekeeper/events/{id}/result", a.postResult},
		{"POST /scorekeeper/events/{id}/drop", a.postDrop},
		{"POST /scorekeeper/events/{id}/checkin", a.postCheckIn},
		{"GET /api/scorekeeper/events/{id}/tables/{table}", a.apiTable},
		{"GET /api/scorekeeper/events/{id}/tables/{table}/say", a.apiSay},
		{"POST /api/scorekeeper/events/{id}/result", a.apiResult},
		{"GET /api/scorekeeper/events/{id}/missing", a.apiMissing},
	}
}

// scorePage is what every station template gets.
type scorePage struct {
	Base      string
	EventID   int64
	EventName string
	// Feed is the event's last patch when the page was read (feed.go,
	// mark): the missing list follows the patches after it.
	Feed string
	// Name is the operator signed in.
	Name    string
	Problem i18n.Localizer
	Notice  i18n.Localizer

	// The events page.
	Events []judgeEvent
	// The entry page: the current round (0 before one is published).
	Round     int
	RoundName string
	Missing   []scoreMissing
	Mine      []scoreMine
	Form      scoreForm
	// Hint is the result's syntax, as the desk says it for the round.
	Hint    string
	Players []formOption
}

// scoreMissing is a table still without a result.
type scoreMissing struct {
	Number int    `json:"table"`
	Label  string `json:"label"`
}

// scoreMine is one of the station's own entries.
type scoreMine struct {
	At           string
	Round, Table int
	Text         string
}

// scoreForm is the entry form as typed, with the confirmation step of a
// table that has a result.
type scoreForm struct {
	Table, Result, Seen string
	// Note names the table's players once the table is known.
	Note string
	// Confirm is the table's saved result, asked about before replacing.
	Confirm string
}

// check reads the station's session from the database.
func (a *scoreArea) check(r *http.Request) staffCheck {
	c, err := a.s.checkStaff(r, director.KindScorekeeper, scoreCookie)
	if err != nil {
		a.s.logf("web: scorekeeper session: %v", err)
		return staffCheck{}
	}
	return c
}

// station is how the station's writes are logged: its device, shortened
// as a judge's phone's, and its operator's name.
func station(c staffCheck) director.Station {
	return director.Station{Device: staffDevice(c.s.Device), Name: c.s.Name}
}

// scoreEnded says why a station's session ended, nil when it did not.
func scoreEnded(c staffCheck) i18n.Localizer {
	if c.ok {
		return nil
	}
	switch c.s.Why {
	case director.WhyOrganizer:
		return i18n.F("The organizer signed this station out. To sign in again, ask them for the scorekeeper code.")
	case director.WhyRenewed:
		return i18n.F("The organizer changed the scorekeeper code, so this station was signed out: type the new code they give you.")
	case director.WhyExpired:
		return i18n.F("This station's sign-in has expired; type the scorekeeper code again.")
	}
	return nil
}

// msgScoreSignedOut refuses a station write from a device not signed in.
var msgScoreSignedOut = i18n.F("This device is not signed in as a scorekeeper station: open /scorekeeper and type the scorekeeper code the organizer gave you.")

// refuse answers a station request from a device not signed in.
func (a *scoreArea) refuse(w http.ResponseWriter, r *http.Request, c staffCheck) {
	a.s.refuseStaff(w, r, scoreEnded(c), msgScoreSignedOut)
}

// show renders a station page.
func (a *scoreArea) show(w http.ResponseWriter, r *http.Request, status int, name string, title i18n.Text, p scorePage) {
	a.s.renderStatus(w, r, status, name, page{Head: title, TitleOf: p.EventName, Nav: "scorekeeper", Body: "scorekeeper", Data: p})
}

func scoreBase(id event.EventID) string {
	return "/scorekeeper/events/" + strconv.FormatInt(int64(id), 10)
}

// pageHome is the sign-in page, or the events once signed in.
func (a *scoreArea) pageHome(w http.ResponseWriter, r *http.Request) {
	ensureDevice(w, r)
	c := a.check(r)
	if !c.ok {
		problem := endedOnce(w, scoreEnded(c), scoreCookie)
		a.show(w, r, http.StatusOK, "score_signin", i18n.F("Scorekeepers"), scorePage{Problem: problem})
		return
	}
	list, err := a.s.events.Events(r.Context())
	if err != nil {
		a.s.failErr(w, r, err)
		return
	}
	p := scorePage{Name: c.s.Name, Events: staffEvents(list, scoreBase)}
	a.show(w, r, http.StatusOK, "score_events", i18n.F("Scorekeepers"), p)
}

// postSignIn signs the station in with the scorekeeper code and its
// operator's name.
func (a *scoreArea) postSignIn(w http.ResponseWriter, r *http.Request) {
	if !a.s.staffWriteAt(w, r, a.origin, rateStationWrites) || !a.s.staffParseForm(w, r) {
		return
	}
	token, status, problem := a.s.signIn(w, r, director.KindScorekeeper, 0, scoreTTL)
	if problem != nil {
		a.show(w, r, status, "score_signin", i18n.F("Scorekeepers"), scorePage{Problem: problem})
		return
	}
	a.s.endPrevious(r, scoreCookie, a.phones, nil, "scorekeeper sign-in")
	setSessionCookie(w, scoreCookie, "/", token, scoreTTL)
	seeOther(w, r, "/scorekeeper")
}

// postSignOut signs the station out.
func (a *scoreArea) postSignOut(w http.ResponseWriter, r *http.Request) {
	if !a.s.staffWriteAt(w, r, a.origin, rateStationWrites) {
		return
	}
	c := a.check(r)
	if !c.ok {
		a.refuse(w, r, c)
		return
	}
	if a.s.signOut(w, r, a.phones, c.token, scoreCookie, nil) {
		seeOther(w, r, "/scorekeeper")
	}
}

// pageEvent is the entry page.
func (a *scoreArea) pageEvent(w http.ResponseWriter, r *http.Request) {
	ensureDevice(w, r)
	c := a.check(r)
	if !c.ok {
		seeOther(w, r, "/scorekeeper")
		return
	}
	id, ok := a.s.addressedEvent(w, r)
	if !ok {
		return
	}
	a.render(w, r, c, id, http.StatusOK, scoreForm{}, nil, true)
}

// scoreNotice says what the last write did (?done=result&n=12 after a
// redirect): read again from the event, so that no text of the address
// is shown.
func (a *scoreArea) scoreNotice(r *http.Request, id event.EventID, v director.StationView) i18n.Localizer {
	n, err := strconv.Atoi(r.URL.Query().Get("n"))
	if err != nil || n <= 0 {
		return nil
	}
	switch r.URL.Query().Get("done") {
	case "result":
		t, err := a.stations.StationTableOf(r.Context(), id, n)
		if err != nil || t.Mark == "" {
			return nil
		}
		return i18n.F("Saved: table %d, %s.", n, t.Result)
	case "drop", "checkin":
		i := slices.IndexFunc(v.Entries, func(en event.Entry) bool { return int(en.ID) == n })
		if i < 0 {
			return nil
		}
		if r.URL.Query().Get("done") == "drop" {
			return i18n.F("Dropped: %s. They are not paired again.", v.Entries[i].Name)
		}
		return i18n.F("Checked in: %s.", v.Entries[i].Name)
	}
	return nil
}

// render shows the entry page of event id with the form as typed.
func (a *scoreArea) render(w http.ResponseWriter, r *http.Request, c staffCheck, id event.EventID, status int, f scoreForm, problem i18n.Localizer, notice bool) {
	feed := a.s.hub.mark(id) // before the read: no patch falls between
	v, err := a.stations.StationViewOf(r.Context(), id, station(c))
	if err != nil {
		a.s.failErr(w, r, err)
		return
	}
	if v.Event.State == event.StateFinished {
		a.s.fail(w, r, http.StatusBadRequest, i18n.F("%s is finished; its results are final.", v.Event.Name))
		return
	}
	l := langOf(r)
	p := scorePage{Base: scoreBase(id), EventID: int64(id), EventName: v.Event.Name, Name: c.s.Name, Problem: problem,
		Round: v.Round, Form: f, Feed: feed}
	if notice {
		p.Notice = a.scoreNotice(r, id, v)
	}
	if v.Round > 0 {
		p.RoundName = labels.RoundNameText(v.Sheet.Round).In(l)
		p.Hint = slipSyntax(l, v) + " " + i18n.T(l, "Enter after the table, Enter after the result; Esc clears both.")
	}
	p.Missing = missingOf(l, v.Missing)
	for _, m := range v.Mine {
		p.Mine = append(p.Mine, scoreMine{At: m.At, Round: m.Round, Table: m.Table, Text: m.Text.In(l)})
	}
	entries := slices.Clone(v.Entries)
	event.SortByName(entries, func(e event.Entry) string { return e.Name })
	p.Players = []formOption{{Value: "", Text: i18n.T(l, "(choose the player)"), Selected: true}}
	for _, en := range entries {
		if en.Active() {
			p.Players = append(p.Players, formOption{Value: strconv.FormatInt(int64(en.ID), 10), Text: en.Name})
		}
	}
	a.show(w, r, status, "score", i18n.F("Scorekeeper station"), p)
}

// slipSyntax says what a result typed at the round's tables looks like, as
// the desk's Round tab says it.
func slipSyntax(l i18n.Lang, v director.StationView) string {
	s := v.Event.Settings
	bestOf := v.Sheet.Round.GamesPerMatch(s)
	draws, _ := rules.MatchDraws(v.Event, v.Sheet.Round)
	switch {
	case rules.MultiplayerResult(s, s.TableSize):
		return i18n.T(l, "One line: the winner's seat, then each seat's %s in seat order, separated by |, such as 2 | 5 | 14 | 9 | 3 (seat 2 won); t at the end when time ran out.",
			i18n.T(l, rules.MultiFormFor(s).ValueName()))
	case s.Teams():
		return rules.TeamResultSyntax(bestOf, draws).In(l)
	}
	return rules.ResultSyntax(bestOf, draws).In(l)
}

// missingOf lists the tables still out for a page or the JSON.
func missingOf(l i18n.Lang, out []director.Outstanding) []scoreMissing {
	list := make([]scoreMissing, 0, len(out))
	for _, o := range out {
		list = append(list, scoreMissing{Number: o.Number, Label: o.Label(l)})
	}
	return list
}

// slipOf reads a slip from a posted form: the table, the round the page
// showed, the result, the mark of the result seen and the confirmation.
func slipOf(r *http.Request, id event.EventID, c staffCheck) (director.Slip, scoreForm, error) {
	f := scoreForm{}
	var err error
	if f.Table, err = staffField(r, "table", i18n.F("The table"), 6); err != nil {
		return director.Slip{}, f, err
	}
	if f.Result, err = staffField(r, "result", i18n.F("The result"), 200); err != nil {
		return director.Slip{}, f, err
	}
	if f.Seen, err = staffField(r, "seen", i18n.F("The result seen"), maxSeen); err != nil {
		return director.Slip{}, f, err
	}
	table, err := strconv.Atoi(f.Table)
	if err != nil || table < 1 {
		return director.Slip{}, f, event.Invalidf("type the table number of the slip, such as 12, not %q", staffTruncate(f.Table, 8))
	}
	if f.Result == "" {
		return director.Slip{}, f, event.Invalidf("type the result of table %d, such as 2-1", table)
	}
	round, err := strconv.Atoi(r.PostFormValue("round"))
	if err != nil || round < 1 {
		return director.Slip{}, f, event.Invalid("reload the page: it does not say which round it entered results for")
	}
	return director.Slip{Event: id, Round: round, Table: table, Result: f.Result, Seen: f.Seen,
		Replace: r.PostFormValue("replace") == "1", Station: station(c)}, f, nil
}

// write checks a station write: origin, rate, session, form; it returns
// the session and the event.
func (a *scoreArea) write(w http.ResponseWriter, r *http.Request) (staffCheck, event.EventID, bool) {
	if !a.s.staffWriteAt(w, r, a.origin, rateStationWrites) {
		return staffCheck{}, 0, false
	}
	c, id, ok := a.signedEvent(w, r)
	return c, id, ok && a.s.staffParseForm(w, r)
}

// signedEvent is the session of a signed-in station and the event its
// request names; false when it was refused (said to the station).
func (a *scoreArea) signedEvent(w http.ResponseWriter, r *http.Request) (staffCheck, event.EventID, bool) {
	c := a.check(r)
	if !c.ok {
		a.refuse(w, r, c)
		return c, 0, false
	}
	id, ok := a.s.addressedEvent(w, r)
	return c, id, ok
}

// postResult records a slip sent as a plain form. A table with a result
// shows the page again asking to replace it (its mark in the form, so
// the confirmation holds only for the result shown).
func (a *scoreArea) postResult(w http.ResponseWriter, r *http.Request) {
	c, id, ok := a.write(w, r)
	if !ok {
		return
	}
	slip, f, err := slipOf(r, id, c)
	if err == nil {
		var got director.SlipReceipt
		got, err = a.stations.RecordSlip(r.Context(), slip)
		if err == nil {
			seeOther(w, r, fmt.Sprintf("%s?done=result&n=%d", scoreBase(id), got.Table))
			return
		}
	}
	if statusOf(err) == http.StatusInternalServerError {
		a.s.failErr(w, r, err)
		return
	}
	if errors.Is(err, director.ErrTableHasResult) {
		if t, terr := a.stations.StationTableOf(r.Context(), id, slip.Table); terr == nil && t.Mark != "" {
			f.Seen, f.Confirm = t.Mark, t.Result.In(langOf(r))
			f.Note = tableNote(langOf(r), t)
		}
	}
	a.render(w, r, c, id, statusOf(err), f, staffSentence(err), false)
}

// tableNote names a table's players (or teams) for the form.
func tableNote(l i18n.Lang, t director.StationTable) string {
	names := t.Players
	if len(t.Teams) > 0 {
		names = t.Teams
	}
	return i18n.T(l, "Table %[1]d: %[2]s", t.Number, director.Outstanding{Names: names}.Label(l))
}

// postDrop drops the player chosen.
func (a *scoreArea) postDrop(w http.ResponseWriter, r *http.Request) {
	c, id, ok := a.write(w, r)
	if !ok {
		return
	}
	n, err := strconv.ParseInt(r.PostFormValue("entry"), 10, 64)
	if err != nil || n <= 0 {
		a.render(w, r, c, id, http.StatusBadRequest, scoreForm{}, i18n.F("Choose the player to drop in the list."), false)
		return
	}
	if err := a.stations.StationDrop(r.Context(), id, event.EntryID(n), station(c)); err != nil {
		a.writeFailed(w, r, c, id, err)
		return
	}
	seeOther(w, r, fmt.Sprintf("%s?done=drop&n=%d", scoreBase(id), n))
}

// postCheckIn checks a late player in by name.
func (a *scoreArea) postCheckIn(w http.ResponseWriter, r *http.Request) {
	c, id, ok := a.write(w, r)
	if !ok {
		return
	}
	name, err := staffField(r, "name", i18n.F("The name"), 80)
	if err == nil {
		var en event.Entry
		if en, err = a.stations.StationCheckIn(r.Context(), id, name, station(c)); err == nil {
			seeOther(w, r, fmt.Sprintf("%s?done=checkin&n=%d", scoreBase(id), en.ID))
			return
		}
	}
	a.writeFailed(w, r, c, id, err)
}

// writeFailed shows the page again with a write's refusal.
func (a *scoreArea) writeFailed(w http.ResponseWriter, r *http.Request, c staffCheck, id event.EventID, err error) {
	if statusOf(err) == http.StatusInternalServerError {
		a.s.failErr(w, r, err)
		return
	}
	a.render(w, r, c, id, statusOf(err), scoreForm{}, staffSentence(err), false)
}
