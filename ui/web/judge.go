package web

import (
	"fmt"
	"math"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"tablekeeper/core/clock"
	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/core/i18n"
	"tablekeeper/core/judgelog"
	"tablekeeper/core/rules"
	"tablekeeper/ui/internal/labels"
)

// The judges' phones (/judge): a judge signs in with the judges' PIN the
// organizer hands out (signin.go: wrong PINs are limited per device and
// address, never for everyone), picks their name among the event's judges,
// and then sees the tables still out with their time, a table's players,
// adds a time extension to a table, logs a penalty, deck check, ruling or
// appeal with the escalation the desktop Judge tab suggests
// (judgelog.Suggest), and reads the event's judge log. Every write is one
// director.LogJudgeEntry, as at the desk, naming the judge signed in and
// the device (event.JudgeLogEntry.Source).
//
// A sign-in is a session kept in the database for judgeTTL; a new
// judges' PIN (the organizer's "New PIN") signs every phone out, and the
// organizer may sign out any one phone from the Store network panel.

// Judge session limits.
const (
	judgeTTL    = 16 * time.Hour
	maxJudges   = 256
	judgeCookie = "tk_judge"
	// maxMinutes bounds an extension typed, in minutes.
	maxMinutes = 120
)

// judgeArea is the judges' routes and their signed-in phones.
type judgeArea struct {
	s             *Server
	staffSessions *staffSessions[judgeSession]
	origin        *http.CrossOriginProtection
}

// judgeSession is a phone signed in with the judges' PIN.
type judgeSession struct {
	device string
	// as is who the judge is in each event they opened, as the
	// database keeps it with the session (director.ChooseJudge), so
	// that a restart of the network keeps it.
	as map[event.EventID]event.JudgeID
}

// judgeIn returns the judge the session acts as in event id.
func (js judgeSession) judgeIn(id event.EventID) (event.JudgeID, bool) {
	j, ok := js.as[id]
	return j, ok
}

// judgeRoutes are the judges' pages and their penalty suggestion.
func (s *Server) judgeRoutes() []route {
	j := &judgeArea{s: s, staffSessions: newStaffSessions[judgeSession](s.now, maxJudges, judgeTTL), origin: http.NewCrossOriginProtection()}
	return append([]route{
		{"GET /judge", j.pageHome},
		{"POST /judge/signin", j.postSignIn},
		{"POST /judge/signout", j.postSignOut},
		{"GET /judge/events/{id}", j.pageEvent},
		{"POST /judge/events/{id}/me", j.postMe},
		{"GET /judge/events/{id}/tables/{table}", j.pageTable},
		{"POST /judge/events/{id}/tables/{table}/extend", j.postExtend},
		{"GET /judge/events/{id}/entry", j.pageEntry},
		{"POST /judge/events/{id}/entry", j.postEntry},
		{"GET /api/judge/events/{id}/suggest", j.apiSuggest},
	}, j.decksRoutes()...)
}

// judgePage is what every judge template gets; each page fills its part.
type judgePage struct {
	// Base is the event's judge address, /judge/events/{id}; "" before
	// an event is chosen.
	Base      string
	EventID   int64
	EventName string
	// Judge is the name of the judge signed in for the event.
	Judge   string
	Problem i18n.Localizer
	Notice  i18n.Localizer

	// The events page.
	Events []judgeEvent
	// The "who are you?" page, and the entry typed before the judge
	// said who she is, carried through her choice (Keep).
	Judges []judgeChoice
	Keep   []keptField
	// Feed is the event's last patch when the page was read (feed.go,
	// mark): the page's script follows the patches after it.
	Feed string
	// The event page; RoundNumber is its published round's (0: none),
	// which the page's script follows.
	RoundNumber int
	Round       string
	Clock       i18n.Localizer
	Draft       bool
	Out         []judgeTable
	Log         []judgeLine
	AllDone     bool
	NoRounds    bool
	// The table page.
	Table *judgeTable
	// The entry form.
	Form *judgeForm
}

type judgeEvent struct {
	ID   int64
	Name string
	Line i18n.Localizer
}

// keptField is a field of a judge log entry typed before the judge chose
// her name, sent again with her choice.
type keptField struct{ Name, Value string }

type judgeChoice struct {
	ID   int64
	Name string
	Role i18n.Localizer
}

// judgeTable is a table as the judges see it.
type judgeTable struct {
	Number  int
	Players []judgePlayer
	Label   string // "Ada v Bob"
	Time    i18n.Localizer
	Timer   bool
	LeftMS  int64
	Result  i18n.Localizer
	Ext     i18n.Localizer // "+5:00 extension"
}

type judgePlayer struct {
	ID   int64
	Name string
}

// judgeLine is one judge log entry as the phone lists it.
type judgeLine struct {
	ID     int64
	At     string
	Text   string
	Source string
	Off    bool // corrected or withdrawn: no longer in force
}

// session returns the phone's judge session while the database keeps it
// open (not signed out by the organizer, nor ended by a new judges' PIN).
func (j *judgeArea) session(r *http.Request) (judgeSession, string, bool) {
	js, c := j.check(r)
	return js, c.token, c.ok
}

// check reads the phone's session from the database, and what the server
// remembers of it; a session ended there is forgotten here.
func (j *judgeArea) check(r *http.Request) (judgeSession, staffCheck) {
	c, err := j.s.checkStaff(r, director.KindJudge, judgeCookie)
	if err != nil {
		j.s.logf("web: judge session: %v", err)
		return judgeSession{}, staffCheck{}
	}
	if !c.ok {
		if c.token != "" {
			j.staffSessions.drop(c.token)
		}
		return judgeSession{}, c
	}
	js := j.staffSessions.adopt(c.token, judgeSession{device: c.s.Device})
	js.as = c.s.Judges
	return js, c
}

// refuse answers a judge request from a phone not signed in: why its
// session ended when it did, else msgJudgeSignedOut.
func (j *judgeArea) refuse(w http.ResponseWriter, r *http.Request, c staffCheck) {
	msg := c.ended(director.KindJudge)
	if msg == nil {
		msg = msgJudgeSignedOut
	}
	j.s.fail(w, r, http.StatusForbidden, msg)
}

// msgJudgeSignedOut refuses a judge write from a phone not signed in.
var msgJudgeSignedOut = i18n.F("This phone is not signed in as a judge: open /judge and type the judges' PIN the organizer gave you.")

// show renders a judge page.
func (j *judgeArea) show(w http.ResponseWriter, r *http.Request, status int, name string, title i18n.Text, p judgePage) {
	j.s.renderStatus(w, r, status, name, page{Head: title, TitleOf: p.EventName, Nav: "judge", Body: "judge", Data: p})
}

func judgeBase(id event.EventID) string { return "/judge/events/" + strconv.FormatInt(int64(id), 10) }

// --- sign in, sign out, the events ---

// pageHome is the sign-in page, or the events to judge once signed in.
func (j *judgeArea) pageHome(w http.ResponseWriter, r *http.Request) {
	ensureDevice(w, r)
	if _, c := j.check(r); !c.ok {
		// Said once: the cookie of an ended session goes.
		problem := c.ended(director.KindJudge)
		if problem != nil {
			clearSessionCookie(w, judgeCookie, "/")
		}
		j.show(w, r, http.StatusOK, "judge_signin", i18n.F("Judges"), judgePage{Problem: problem})
		return
	}
	list, err := j.s.d.Events(r.Context())
	if err != nil {
		j.s.failErr(w, r, err)
		return
	}
	p := judgePage{Events: staffEvents(list)}
	j.show(w, r, http.StatusOK, "judge_events", i18n.F("Judges"), p)
}

// staffEvents lists the events a staff device may open: every one not
// finished, with its players and round.
func staffEvents(list []director.EventSummary) []judgeEvent {
	var out []judgeEvent
	for _, e := range list {
		if e.State == event.StateFinished {
			continue
		}
		line := i18n.FN("%d players · registration", e.Players, e.Players)
		if e.Round > 0 {
			line = i18n.FN("%[1]d players · round %[2]d", e.Players, e.Players, e.Round)
		}
		out = append(out, judgeEvent{ID: int64(e.ID), Name: e.Name, Line: line})
	}
	return out
}

// postSignIn signs the phone in with the judges' PIN (signIn: the
// limits, the log, the session kept in the database).
func (j *judgeArea) postSignIn(w http.ResponseWriter, r *http.Request) {
	if !j.s.staffWrite(w, r, j.origin) || !j.s.staffParseForm(w, r) {
		return
	}
	token, status, problem := j.s.signIn(w, r, director.KindJudge, 0, judgeTTL)
	if problem != nil {
		j.show(w, r, status, "judge_signin", i18n.F("Judges"), judgePage{Problem: problem})
		return
	}
	if old := staffTokenOf(r, judgeCookie); old != "" {
		j.staffSessions.drop(old)
		if err := j.s.d.EndStaffSession(r.Context(), old); err != nil {
			j.s.logf("web: judge sign-in: %v", err)
		}
	}
	j.staffSessions.adopt(token, judgeSession{device: deviceOf(r)})
	setSessionCookie(w, judgeCookie, "/", token, judgeTTL)
	seeOther(w, r, "/judge")
}

// postSignOut signs the phone out.
func (j *judgeArea) postSignOut(w http.ResponseWriter, r *http.Request) {
	if !j.s.staffWrite(w, r, j.origin) {
		return
	}
	_, c := j.check(r)
	if !c.ok {
		j.refuse(w, r, c)
		return
	}
	if err := j.s.d.EndStaffSession(r.Context(), c.token); err != nil {
		j.s.failErr(w, r, err)
		return
	}
	j.staffSessions.drop(c.token)
	clearSessionCookie(w, judgeCookie, "/")
	seeOther(w, r, "/judge")
}

// --- an event ---

// view reads the event of the address for a judge page: the desk's
// JudgeView, one read. A phone not signed in goes to the sign-in page; a
// judge who has not said who they are in this event gets "who are you?".
func (j *judgeArea) view(w http.ResponseWriter, r *http.Request) (director.JudgeView, event.Judge, bool) {
	ensureDevice(w, r)
	js, _, ok := j.session(r)
	if !ok {
		seeOther(w, r, "/judge")
		return director.JudgeView{}, event.Judge{}, false
	}
	id, err := eventID(r)
	if err != nil {
		j.s.failErr(w, r, err)
		return director.JudgeView{}, event.Judge{}, false
	}
	v, err := j.s.d.JudgeView(r.Context(), id)
	if err != nil {
		j.s.failErr(w, r, err)
		return v, event.Judge{}, false
	}
	if jid, ok := js.judgeIn(id); ok {
		if i := slices.IndexFunc(v.Judges, func(x event.Judge) bool { return x.ID == jid }); i >= 0 {
			return v, v.Judges[i], true
		}
	}
	j.showWho(w, r, v, http.StatusOK, nil)
	return v, event.Judge{}, false
}

// showWho asks the judge to pick their name.
func (j *judgeArea) showWho(w http.ResponseWriter, r *http.Request, v director.JudgeView, status int, problem i18n.Localizer) {
	j.show(w, r, status, "judge_who", i18n.F("Who are you?"), whoPage(v, problem))
}

// whoPage is the "Who are you?" page of the event of v.
func whoPage(v director.JudgeView, problem i18n.Localizer) judgePage {
	p := judgePage{Base: judgeBase(v.Event.ID), EventID: int64(v.Event.ID), EventName: v.Event.Name, Problem: problem}
	for _, x := range v.Judges {
		p.Judges = append(p.Judges, judgeChoice{ID: int64(x.ID), Name: x.Name, Role: rules.JudgeRole(v.Event.Game, x)})
	}
	return p
}

// postMe records which of the event's judges the phone's judge is.
func (j *judgeArea) postMe(w http.ResponseWriter, r *http.Request) {
	if !j.s.staffWrite(w, r, j.origin) {
		return
	}
	_, c := j.check(r)
	if !c.ok {
		j.refuse(w, r, c)
		return
	}
	token := c.token
	if !j.s.staffParseForm(w, r) {
		return
	}
	id, err := eventID(r)
	if err != nil {
		j.s.failErr(w, r, err)
		return
	}
	judges, err := j.s.d.Judges(r.Context(), id)
	if err != nil {
		j.s.failErr(w, r, err)
		return
	}
	n, _ := strconv.ParseInt(r.PostFormValue("judge"), 10, 64)
	i := slices.IndexFunc(judges, func(x event.Judge) bool { return int64(x.ID) == n })
	if i < 0 {
		j.s.fail(w, r, http.StatusBadRequest, i18n.F("Choose your name among the event's judges; if it is missing, the organizer adds you on the Judge tab."))
		return
	}
	if err := j.s.d.ChooseJudge(r.Context(), token, id, judges[i].ID); err != nil {
		j.s.failErr(w, r, err)
		return
	}
	if r.PostFormValue("then") == "entry" {
		// The entry she typed before saying who she is, to check and
		// save.
		j.keptEntry(w, r, id, judges[i])
		return
	}
	seeOther(w, r, judgeBase(id))
}

// keptEntry shows again the judge log entry judge me typed before she
// chose her name, for her to save.
func (j *judgeArea) keptEntry(w http.ResponseWriter, r *http.Request, id event.EventID, me event.Judge) {
	v, err := j.s.d.JudgeView(r.Context(), id)
	if err != nil {
		j.s.failErr(w, r, err)
		return
	}
	f, err := readEntryForm(r)
	if err != nil {
		j.renderEntry(w, r, v, me, f, http.StatusBadRequest, staffSentence(err))
		return
	}
	p := newJudgePage(v, me)
	p.Notice = i18n.F("Your name is chosen. Here is what you typed: check it and save it.")
	p.Form = entryFormOf(langOf(r), v, me, f)
	j.show(w, r, http.StatusOK, "judge_entry", i18n.F("New judge log entry"), p)
}

// newJudgePage starts a page of the event for judge me.
func newJudgePage(v director.JudgeView, me event.Judge) judgePage {
	return judgePage{Base: judgeBase(v.Event.ID), EventID: int64(v.Event.ID), EventName: v.Event.Name, Judge: me.Name}
}

// pageEvent is the event for a judge: the tables still out with their
// time, and the judge log.
func (j *judgeArea) pageEvent(w http.ResponseWriter, r *http.Request) {
	feed := j.s.feedMark(r) // before the read: no patch falls between
	v, me, ok := j.view(w, r)
	if !ok {
		return
	}
	p := newJudgePage(v, me)
	p.Feed = feed
	p.Notice = savedNotice(r)
	now, l := j.s.now(), langOf(r)
	switch {
	case v.Rounds == 0:
		p.NoRounds = true
	case !v.Latest.Round.Published():
		p.Round, p.Draft = labels.RoundNameText(v.Latest.Round).In(l), true
	default:
		p.Round, p.RoundNumber = labels.RoundNameText(v.Latest.Round).In(l), v.Latest.Round.Number
		p.Clock = tableClockText(v.Latest.Round.Clock, 0, now)
		// The tables still out as the Round tab's Missing results and the
		// projector list them (Sheet.Outstanding), each with its time.
		for _, o := range v.Latest.Outstanding() {
			t, err := latestTable(v, o.Number)
			if err != nil {
				continue
			}
			jt := judgeTableOf(l, v.Event.Settings, t, v.Latest.Round.Clock, now)
			jt.Label = o.Label(l)
			p.Out = append(p.Out, jt)
		}
		p.AllDone = len(p.Out) == 0
	}
	p.Log = judgeLogLines(l, v)
	j.show(w, r, http.StatusOK, "judge", i18n.F("Judge"), p)
}

// savedNotice says which entry was just saved (?saved=N after a write).
func savedNotice(r *http.Request) i18n.Localizer {
	n, err := strconv.Atoi(r.URL.Query().Get("saved"))
	if err != nil || n <= 0 {
		return nil
	}
	return i18n.F("Saved as judge log entry #%d.", n)
}

// judgeLogLines lists the judge log newest first, marking the entries no
// longer in force.
func judgeLogLines(l i18n.Lang, v director.JudgeView) []judgeLine {
	names := judgelog.Names{Entries: map[event.EntryID]string{}, Judges: map[event.JudgeID]string{}}
	for _, en := range v.Entries {
		names.Entries[en.ID] = en.Name
	}
	for _, x := range v.Judges {
		names.Judges[x.ID] = x.Name
	}
	inForce := map[event.JudgeLogID]bool{}
	for _, e := range judgelog.Effective(v.Log) {
		inForce[e.ID] = true
	}
	out := make([]judgeLine, 0, len(v.Log))
	for i := len(v.Log) - 1; i >= 0; i-- {
		e := v.Log[i]
		out = append(out, judgeLine{ID: int64(e.ID), At: e.At.Local().Format("15:04"), Text: judgelog.DescribeIn(l, e, names),
			Source: e.Source, Off: !inForce[e.ID]})
	}
	return out
}

// judgeTableOf is a table of the round for the judges: its players, its
// time (the round's clock plus the table's own extension) and result.
func judgeTableOf(l i18n.Lang, s event.Settings, t director.SheetTable, c event.Clock, now time.Time) judgeTable {
	out := judgeTable{Number: t.Number}
	names := make([]string, 0, len(t.Players))
	for _, p := range t.Players {
		out.Players = append(out.Players, judgePlayer{ID: int64(p.Entry), Name: p.Name})
		names = append(names, p.Name)
	}
	if len(t.Teams) > 0 {
		names = names[:0]
		for _, tm := range t.Teams {
			names = append(names, tm.Name)
		}
	}
	out.Label = director.Outstanding{Names: names}.Label(l)
	if t.Extension > 0 {
		out.Ext = i18n.F("+%s extension", clock.Format(t.Extension))
	}
	if t.Result != nil {
		out.Result = i18n.F("Result in: %s", resultText(s, t))
		return out
	}
	out.Time = tableClockText(c, t.Extension, now)
	rd := clock.Read(c, now)
	if rd.Timed && rd.Running {
		left := clock.TableRemaining(c, t.Extension, now)
		if left > 0 {
			out.Timer, out.LeftMS = true, left.Milliseconds()
		}
	}
	return out
}

// tableClockText says a table's time: the round's clock with the table's
// extension.
func tableClockText(c event.Clock, ext time.Duration, now time.Time) i18n.Text {
	rd := clock.Read(c, now)
	left := clock.TableRemaining(c, ext, now)
	switch {
	case !rd.Timed:
		return i18n.F("untimed")
	case !rd.Started:
		return i18n.F("the clock has not started")
	case rd.Started && left <= 0:
		return i18n.F("time is up")
	case rd.Paused:
		return i18n.F("clock paused, %s left", clock.Format(left))
	}
	return i18n.F("%s left", clock.Format(left))
}

// --- a table ---

// latestTable finds table number n of the latest round, published.
func latestTable(v director.JudgeView, n int) (director.SheetTable, error) {
	if v.Rounds == 0 || !v.Latest.Round.Published() {
		return director.SheetTable{}, event.NotFoundf("%s has no published round yet", v.Event.Name)
	}
	for _, t := range v.Latest.Tables {
		if t.Number == n && !t.Bye {
			return t, nil
		}
	}
	return director.SheetTable{}, event.NotFoundf("%s has no table %d", labels.RoundNameText(v.Latest.Round), n)
}

func (j *judgeArea) pageTable(w http.ResponseWriter, r *http.Request) {
	feed := j.s.feedMark(r) // before the read: no patch falls between
	v, me, ok := j.view(w, r)
	if !ok {
		return
	}
	j.renderTable(w, r, v, me, http.StatusOK, nil, feed)
}

func (j *judgeArea) renderTable(w http.ResponseWriter, r *http.Request, v director.JudgeView, me event.Judge, status int, problem i18n.Localizer, feed string) {
	n, err := positive(r.PathValue("table"), i18n.F("a table"))
	if err != nil {
		j.s.failErr(w, r, err)
		return
	}
	t, err := latestTable(v, int(n))
	if err != nil {
		j.s.failErr(w, r, err)
		return
	}
	p := newJudgePage(v, me)
	p.Feed = feed
	p.Round, p.Problem = labels.RoundNameText(v.Latest.Round).In(langOf(r)), problem
	p.Notice = savedNotice(r)
	jt := judgeTableOf(langOf(r), v.Event.Settings, t, v.Latest.Round.Clock, j.s.now())
	p.Table = &jt
	j.show(w, r, status, "judge_table", i18n.F("Table %d", t.Number), p)
}

// write checks a judge write: same origin, the device's rate, a phone
// signed in and named in the event, a form that reads; it reads the
// event's JudgeView for the write.
func (j *judgeArea) write(w http.ResponseWriter, r *http.Request) (director.JudgeView, event.Judge, judgeSession, bool) {
	if !j.s.staffWrite(w, r, j.origin) {
		return director.JudgeView{}, event.Judge{}, judgeSession{}, false
	}
	js, c := j.check(r)
	if !c.ok {
		j.refuse(w, r, c)
		return director.JudgeView{}, event.Judge{}, js, false
	}
	id, err := eventID(r)
	if err != nil {
		j.s.failErr(w, r, err)
		return director.JudgeView{}, event.Judge{}, js, false
	}
	if !j.s.staffParseForm(w, r) {
		return director.JudgeView{}, event.Judge{}, js, false
	}
	jid, ok := js.judgeIn(id)
	if !ok {
		j.unnamed(w, r, id)
		return director.JudgeView{}, event.Judge{}, js, false
	}
	v, err := j.s.d.JudgeView(r.Context(), id)
	if err != nil {
		j.s.failErr(w, r, err)
		return v, event.Judge{}, js, false
	}
	i := slices.IndexFunc(v.Judges, func(x event.Judge) bool { return x.ID == jid })
	if i < 0 {
		j.s.fail(w, r, http.StatusForbidden, i18n.F("You are no longer among the event's judges; ask the organizer."))
		return v, event.Judge{}, js, false
	}
	return v, v.Judges[i], js, true
}

// unnamed answers a write from a phone whose judge has not said who she
// is in event id: the "Who are you?" page, and for a judge log entry what
// she typed, carried through her choice and shown again to save.
func (j *judgeArea) unnamed(w http.ResponseWriter, r *http.Request, id event.EventID) {
	v, err := j.s.d.JudgeView(r.Context(), id)
	if err != nil {
		j.s.failErr(w, r, err)
		return
	}
	p := whoPage(v, i18n.F("Choose your name among the event's judges first."))
	if strings.HasSuffix(r.URL.Path, "/entry") {
		p.Problem = i18n.F("Choose your name among the event's judges first; what you typed is kept, to save once you have.")
		if f, err := readEntryForm(r); err == nil {
			p.Keep = f.kept()
		}
	}
	j.show(w, r, http.StatusForbidden, "judge_who", i18n.F("Who are you?"), p)
}

// kept is the typed fields of an entry, to send again with the judge's
// choice of her name (then=entry).
func (f entryValues) kept() []keptField {
	out := []keptField{{"then", "entry"}}
	for _, x := range []keptField{{"kind", f.kind}, {"round", f.round}, {"table", f.table}, {"player", f.player},
		{"infraction", f.infraction}, {"penalty", f.penalty}, {"points", f.points}, {"minutes", f.minutes},
		{"outcome", f.outcome}, {"description", f.description}} {
		if x.Value != "" {
			out = append(out, x)
		}
	}
	return out
}

// source is how a judge log entry names where it was written.
func (js judgeSession) source() string { return "judge phone, device " + staffDevice(js.device) }

// postExtend adds time to a table of the latest round: a time extension
// in the judge log, as the desk's Judge tab logs it.
func (j *judgeArea) postExtend(w http.ResponseWriter, r *http.Request) {
	v, me, js, ok := j.write(w, r)
	if !ok {
		return
	}
	n, err := positive(r.PathValue("table"), i18n.F("a table"))
	if err != nil {
		j.s.failErr(w, r, err)
		return
	}
	t, err := latestTable(v, int(n))
	if err != nil {
		j.s.failErr(w, r, err)
		return
	}
	ext, err := extensionMinutes(r.PostFormValue("minutes"))
	if err == nil && ext <= 0 {
		err = event.Invalid("say how many minutes to add, such as 3")
	}
	if err != nil {
		j.renderTable(w, r, v, me, http.StatusBadRequest, staffSentence(err), "")
		return
	}
	e := event.JudgeLogEntry{EventID: v.Event.ID, Kind: event.LogExtension, Round: v.Latest.Round.Number, Table: t.Number,
		JudgeID: me.ID, Extension: ext, Source: js.source()}
	saved, err := j.s.d.LogJudgeEntry(r.Context(), e)
	if err != nil {
		j.renderTable(w, r, v, me, statusOf(err), staffSentence(err), "")
		return
	}
	seeOther(w, r, fmt.Sprintf("%s/tables/%d?saved=%d", judgeBase(v.Event.ID), t.Number, saved.ID))
}

// extensionMinutes reads minutes typed ("3", "2.5", "" none) as a duration.
func extensionMinutes(text string) (time.Duration, error) {
	t := strings.TrimSpace(strings.ReplaceAll(text, ",", "."))
	if t == "" {
		return 0, nil
	}
	m, err := strconv.ParseFloat(t, 64)
	if len(t) > 8 || err != nil || math.IsNaN(m) || math.IsInf(m, 0) || m < 0 {
		return 0, event.Invalidf("the extension is a number of minutes, such as 3, not %q", staffTruncate(t, 12))
	}
	if m > maxMinutes {
		return 0, event.Invalidf("an extension from a phone is at most %d minutes; the organizer gives more at the desk", maxMinutes)
	}
	return time.Duration(m * float64(time.Minute)).Round(time.Second), nil
}

// --- a judge log entry ---

// judgeKinds are the kinds of entry the form offers, as the desk's.
var judgeKinds = []struct {
	Kind event.JudgeLogKind
	Name string
}{
	{event.LogPenalty, i18n.K("Penalty")},
	{event.LogDeckCheck, i18n.K("Deck check")},
	{event.LogRuling, i18n.K("Ruling")},
	{event.LogAppeal, i18n.K("Appeal")},
	{event.LogExtension, i18n.K("Time extension")},
}

// Outcome choices, as the desk's (the field takes free text too).
var (
	judgeDeckOutcomes   = []string{"legal", "illegal: corrected before play", "illegal: deck fixed, penalty given"}
	judgeAppealOutcomes = []string{"upheld", "overturned"}
)

// judgeForm is the entry form's fields and choices.
type judgeForm struct {
	Kind        string
	Kinds       []formOption
	Round       string
	Table       string
	TableNote   string
	Player      string
	Players     []formOption
	Infraction  string
	Infractions []string
	Penalty     string
	Penalties   []formOption
	Points      string
	Minutes     string
	Outcome     string
	Outcomes    []string
	Description string
	Suggestion  string
	Seated      string
}

// formOption is a choice of a select.
type formOption struct {
	Value, Text string
	Selected    bool
}

// entryValues are what a judge typed into the entry form.
type entryValues struct {
	kind, round, table, player, infraction, penalty, points, minutes, outcome, description string
}

// readEntryForm reads the entry form's fields as typed, each within its
// bound; a field past its bound is refused.
func readEntryForm(r *http.Request) (entryValues, error) {
	var f entryValues
	var err error
	fields := []struct {
		dst   *string
		name  string
		what  i18n.Text
		limit int
	}{
		{&f.kind, "kind", i18n.F("The kind"), 20}, {&f.round, "round", i18n.F("The round"), 4}, {&f.table, "table", i18n.F("The table"), 5},
		{&f.player, "player", i18n.F("The player"), 12}, {&f.infraction, "infraction", i18n.F("The infraction"), judgelog.MaxInfraction},
		{&f.penalty, "penalty", i18n.F("The penalty"), 40}, {&f.points, "points", i18n.F("The points"), 4}, {&f.minutes, "minutes", i18n.F("The minutes"), 8},
		{&f.outcome, "outcome", i18n.F("The outcome"), judgelog.MaxText},
	}
	for _, fl := range fields {
		if *fl.dst, err = staffField(r, fl.name, fl.what, fl.limit); err != nil {
			return f, err
		}
	}
	f.description, err = staffLines(r, "description", i18n.F("The description"), judgelog.MaxText)
	return f, err
}

// kindOf is the kind chosen (a penalty when none or unknown).
func (f entryValues) kindOf() event.JudgeLogKind {
	for _, k := range judgeKinds {
		if string(k.Kind) == f.kind {
			return k.Kind
		}
	}
	return event.LogPenalty
}

// entry makes the log entry the form says, for judge me, reading only
// the fields the kind uses (as the desk's form shows only those).
func (f entryValues) entry(v director.JudgeView, me event.Judge) (event.JudgeLogEntry, error) {
	e := event.JudgeLogEntry{EventID: v.Event.ID, Kind: f.kindOf(), JudgeID: me.ID, Description: f.description}
	var err error
	if e.Round, err = entryNumber(f.round, i18n.F("the round")); err != nil {
		return e, err
	}
	if e.Table, err = entryNumber(f.table, i18n.F("the table")); err != nil {
		return e, err
	}
	player, err := entryNumber(f.player, i18n.F("the player"))
	if err != nil {
		return e, err
	}
	if player != 0 && !slices.ContainsFunc(v.Entries, func(en event.Entry) bool { return int(en.ID) == player }) {
		return e, event.Invalid("choose the player among the event's players")
	}
	e.EntryID = event.EntryID(player)
	penalised := e.Kind == event.LogPenalty || e.Kind == event.LogDeckCheck
	if penalised {
		e.Infraction, e.Penalty = f.infraction, f.penalty
	}
	if penalised && e.Penalty == judgelog.PointDeduction {
		if e.Points, err = entryNumber(f.points, i18n.F("the points")); err != nil {
			return e, err
		}
	}
	if e.Kind == event.LogExtension || e.Kind == event.LogDeckCheck || e.Kind == event.LogRuling {
		if e.Extension, err = extensionMinutes(f.minutes); err != nil {
			return e, err
		}
	}
	if e.Kind == event.LogDeckCheck || e.Kind == event.LogAppeal {
		e.Outcome = f.outcome
	}
	return e, nil
}

// entryNumber reads a whole number typed in a field ("" is 0).
func entryNumber(text string, what i18n.Text) (int, error) {
	if text == "" {
		return 0, nil
	}
	n, err := strconv.Atoi(text)
	if err != nil || n < 0 {
		return 0, event.Invalidf("%s must be a whole number, not %q", what, staffTruncate(text, 12))
	}
	return n, nil
}

// pageEntry is the form for a new judge log entry, prefilled from the
// address (?table=4&kind=penalty&player=12).
func (j *judgeArea) pageEntry(w http.ResponseWriter, r *http.Request) {
	v, me, ok := j.view(w, r)
	if !ok {
		return
	}
	q := r.URL.Query()
	f := entryValues{kind: q.Get("kind"), table: q.Get("table"), player: q.Get("player"), round: strconv.Itoa(v.Rounds)}
	if v.Rounds == 0 {
		f.round = ""
	}
	for _, s := range []*string{&f.kind, &f.table, &f.player} {
		*s = staffTruncate(*s, 20)
	}
	j.renderEntry(w, r, v, me, f, http.StatusOK, nil)
}

// renderEntry shows the entry form with what was typed, the suggestion
// for the player and infraction, and a problem.
func (j *judgeArea) renderEntry(w http.ResponseWriter, r *http.Request, v director.JudgeView, me event.Judge, f entryValues, status int, problem i18n.Localizer) {
	p := newJudgePage(v, me)
	p.Problem = problem
	p.Form = entryFormOf(langOf(r), v, me, f)
	j.show(w, r, status, "judge_entry", i18n.F("New judge log entry"), p)
}

// entryFormOf fills the form's choices from the event and what was typed.
func entryFormOf(l i18n.Lang, v director.JudgeView, me event.Judge, f entryValues) *judgeForm {
	kind := f.kindOf()
	out := &judgeForm{Kind: string(kind), Round: f.round, Table: f.table, Player: f.player, Infraction: f.infraction,
		Penalty: f.penalty, Points: f.points, Minutes: f.minutes, Outcome: f.outcome, Description: f.description}
	for _, k := range judgeKinds {
		out.Kinds = append(out.Kinds, formOption{Value: string(k.Kind), Text: i18n.T(l, k.Name), Selected: k.Kind == kind})
	}
	at, found := entryTable(v, f)
	out.TableNote = entryTableNote(l, v, f, at, found)
	out.Players = entryPlayers(l, v, at, found, f.player)
	for _, inf := range judgelog.Infractions(v.Event.Game) {
		out.Infractions = append(out.Infractions, inf.Name)
	}
	sg, name, ok := entrySuggestion(v, f)
	if ok {
		out.Suggestion = sg.SentenceIn(l, name)
		if out.Penalty == "" {
			out.Penalty = sg.Penalty
		}
	}
	out.Penalties = entryPenalties(l, kind, out.Penalty)
	switch kind {
	case event.LogDeckCheck:
		out.Outcomes = judgeDeckOutcomes
	case event.LogAppeal:
		out.Outcomes = judgeAppealOutcomes
	}
	if found {
		out.Seated = entrySeated(l, v, me, at)
	}
	return out
}

// entryTable finds the table the form names in the round it names.
func entryTable(v director.JudgeView, f entryValues) (director.SheetTable, bool) {
	round, rerr := strconv.Atoi(f.round)
	table, terr := strconv.Atoi(f.table)
	if rerr != nil || terr != nil || table <= 0 || round != v.Rounds || v.Rounds == 0 {
		return director.SheetTable{}, false
	}
	i := slices.IndexFunc(v.Latest.Tables, func(t director.SheetTable) bool { return t.Number == table && !t.Bye })
	if i < 0 {
		return director.SheetTable{}, false
	}
	return v.Latest.Tables[i], true
}

// entryTableNote names the players at the table typed, or says there is no
// such table.
func entryTableNote(l i18n.Lang, v director.JudgeView, f entryValues, at director.SheetTable, found bool) string {
	switch {
	case found:
		names := make([]string, len(at.Players))
		for i, p := range at.Players {
			names[i] = p.Name
		}
		return strings.Join(names, " · ")
	case f.table == "" || f.table == "0":
		return ""
	case f.round != strconv.Itoa(v.Rounds):
		return i18n.T(l, "the players of earlier rounds' tables are all listed")
	}
	return i18n.T(l, "round %[1]s has no table %[2]s", f.round, f.table)
}

// entryPlayers lists the players at the table found, else every player,
// choosing the one typed.
func entryPlayers(l i18n.Lang, v director.JudgeView, at director.SheetTable, found bool, chosen string) []formOption {
	out := []formOption{{Value: "", Text: i18n.T(l, "(no player)"), Selected: chosen == "" || chosen == "0"}}
	add := func(id event.EntryID, name string) {
		v := strconv.FormatInt(int64(id), 10)
		out = append(out, formOption{Value: v, Text: name, Selected: v == chosen})
	}
	if found {
		for _, p := range at.Players {
			add(p.Entry, p.Name)
		}
		return out
	}
	entries := slices.Clone(v.Entries)
	event.SortByName(entries, func(e event.Entry) string { return e.Name })
	for _, en := range entries {
		name := en.Name
		if !en.Active() && en.Status != "" {
			name = i18n.T(l, "%[1]s (%[2]s)", name, i18n.T(l, string(en.Status)))
		}
		add(en.ID, name)
	}
	return out
}

// entryPenalties lists the penalties for the kind, as the desk's chooser.
func entryPenalties(l i18n.Lang, kind event.JudgeLogKind, chosen string) []formOption {
	out := []formOption{{Value: "", Text: i18n.T(l, "(choose the penalty)"), Selected: chosen == ""}}
	if kind == event.LogDeckCheck {
		out[0].Text = i18n.T(l, "No penalty")
	}
	for _, p := range judgelog.Penalties() {
		out = append(out, formOption{Value: p, Text: staffCapital(i18n.T(l, p)), Selected: p == chosen})
	}
	return out
}

// entrySuggestion is the catalogue's suggestion for the player and
// infraction typed (judgelog.Suggest, as the desk's form asks it), with
// the player's name; false when the form names no player or infraction.
func entrySuggestion(v director.JudgeView, f entryValues) (judgelog.Suggestion, string, bool) {
	kind := f.kindOf()
	player, err := strconv.ParseInt(f.player, 10, 64)
	if (kind != event.LogPenalty && kind != event.LogDeckCheck) || err != nil || player <= 0 || f.infraction == "" {
		return judgelog.Suggestion{}, "", false
	}
	i := slices.IndexFunc(v.Entries, func(en event.Entry) bool { return int64(en.ID) == player })
	if i < 0 {
		return judgelog.Suggestion{}, "", false
	}
	return judgelog.Suggest(v.Event.Game, v.Log, v.Entries[i].ID, f.infraction), v.Entries[i].Name, true
}

// entrySeated names the judge who rules instead when the judge signed in
// plays at the table (S11), as the desk's form does.
func entrySeated(l i18n.Lang, v director.JudgeView, me event.Judge, at director.SheetTable) string {
	if me.PlayerID == 0 {
		return ""
	}
	seated := map[event.PlayerID]bool{}
	for _, p := range at.Players {
		for _, en := range v.Entries {
			if en.ID == p.Entry {
				seated[en.PlayerID] = true
			}
		}
	}
	if !seated[me.PlayerID] {
		return ""
	}
	next, ok := judgelog.NextJudge(v.Judges, seated, me.ID)
	if !ok {
		return i18n.T(l, "You play at table %d and no judge after you in the order is free: the organizer decides (S11).", at.Number)
	}
	return i18n.T(l, "You play at table %[1]d: %[2]s (%[3]s) rules here (S11).", at.Number, next.Name, rules.JudgeRole(v.Event.Game, next))
}

// postEntry saves a judge log entry; "Suggest" shows the form again with
// the suggestion instead.
func (j *judgeArea) postEntry(w http.ResponseWriter, r *http.Request) {
	v, me, js, ok := j.write(w, r)
	if !ok {
		return
	}
	f, err := readEntryForm(r)
	if err != nil {
		j.renderEntry(w, r, v, me, f, http.StatusBadRequest, staffSentence(err))
		return
	}
	if r.PostFormValue("action") == "suggest" {
		j.renderEntry(w, r, v, me, f, http.StatusOK, nil)
		return
	}
	e, err := f.entry(v, me)
	if err != nil {
		j.renderEntry(w, r, v, me, f, http.StatusBadRequest, staffSentence(err))
		return
	}
	e.Source = js.source()
	saved, err := j.s.d.LogJudgeEntry(r.Context(), e)
	if err != nil {
		status := statusOf(err)
		if status == http.StatusInternalServerError {
			j.s.failErr(w, r, err)
			return
		}
		j.renderEntry(w, r, v, me, f, status, staffSentence(err))
		return
	}
	seeOther(w, r, fmt.Sprintf("%s?saved=%d", judgeBase(v.Event.ID), saved.ID))
}

// judgeSuggestJSON is the suggestion the form shows as the judge chooses.
type judgeSuggestJSON struct {
	Sentence string `json:"sentence"`
	Penalty  string `json:"penalty"`
}

// apiSuggest gives the catalogue's suggestion for a player and an
// infraction (?player=12&infraction=…&kind=penalty), for a signed-in
// judge.
func (j *judgeArea) apiSuggest(w http.ResponseWriter, r *http.Request) {
	js, c := j.check(r)
	if !c.ok {
		j.refuse(w, r, c)
		return
	}
	id, err := eventID(r)
	if err != nil {
		j.s.failErr(w, r, err)
		return
	}
	if _, ok := js.judgeIn(id); !ok {
		j.s.fail(w, r, http.StatusForbidden, i18n.F("Choose your name among the event's judges first."))
		return
	}
	q := r.URL.Query()
	f := entryValues{kind: q.Get("kind"), player: q.Get("player"), infraction: strings.Join(strings.Fields(q.Get("infraction")), " ")}
	if _, err := staffText(f.infraction, i18n.F("The infraction"), judgelog.MaxInfraction); err != nil || len(f.player) > 12 {
		j.s.fail(w, r, http.StatusBadRequest, i18n.F("That infraction or player cannot be read; choose them again."))
		return
	}
	v, err := j.s.d.JudgeView(r.Context(), id)
	if err != nil {
		j.s.failErr(w, r, err)
		return
	}
	out := judgeSuggestJSON{}
	if sg, name, ok := entrySuggestion(v, f); ok {
		out = judgeSuggestJSON{Sentence: sg.SentenceIn(langOf(r), name), Penalty: sg.Penalty}
	}
	writeJSON(w, http.StatusOK, out)
}
