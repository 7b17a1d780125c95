package web

import (
	"context"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/core/i18n"
	"tablekeeper/core/rules"
)

// judgeServices are what the judges' pages call, each interface one
// director service's methods.
type judgeServices struct {
	events eventLister
	phones judgePhones
	views  judgeViews
	log    judgeLogs
	decks  judgeDecks
}

// judgePhones are a judge phone's session (director.Phones).
type judgePhones interface {
	ChooseJudge(ctx context.Context, token string, e event.EventID, j event.JudgeID) error
	EndStaffSession(ctx context.Context, token string) error
}

// judgeViews reads what a judge sees of an event (director.Views).
type judgeViews interface {
	JudgeView(ctx context.Context, id event.EventID) (director.JudgeView, error)
}

// judgeLogs are an event's judges and their log (director.Judging).
type judgeLogs interface {
	Judges(ctx context.Context, id event.EventID) ([]event.Judge, error)
	LogJudgeEntry(ctx context.Context, e event.JudgeLogEntry) (event.JudgeLogEntry, error)
}

// judgeDecks are the decklists a judge reads (director.Decks).
type judgeDecks interface {
	DeckStatus(ctx context.Context, id event.EventID) (director.DeckStatus, error)
	EntryDeck(ctx context.Context, id event.EventID, entry event.EntryID) (director.DeckCheck, bool, error)
}

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
	s *Server
	judgeServices
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
	j := &judgeArea{s: s, judgeServices: s.judge, staffSessions: newStaffSessions[judgeSession](s.now, maxJudges, judgeTTL), origin: http.NewCrossOriginProtection()}
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
	// Href is the event's page in the staff area that lists it.
	Href string
}

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
	c := j.staffSessions.check(j.s, r, director.KindJudge, judgeCookie, "judge")
	if !c.ok {
		return judgeSession{}, c
	}
	js := j.staffSessions.adopt(c.token, judgeSession{device: c.s.Device})
	js.as = c.s.Judges
	return js, c
}

// refuse answers a judge request from a phone not signed in: why its
// session ended when it did, else msgJudgeSignedOut.
func (j *judgeArea) refuse(w http.ResponseWriter, r *http.Request, c staffCheck) {
	j.s.refuseStaff(w, r, c.ended(director.KindJudge), msgJudgeSignedOut)
}

// msgJudgeSignedOut refuses a judge write from a phone not signed in.
var msgJudgeSignedOut = i18n.F("This phone is not signed in as a judge: open /judge and type the judges' PIN the organizer gave you.")

// show renders a judge page.
func (j *judgeArea) show(w http.ResponseWriter, r *http.Request, status int, name string, title i18n.Text, p judgePage) {
	j.s.renderStatus(w, r, status, name, page{Head: title, TitleOf: p.EventName, Nav: "judge", Body: "judge", Data: p})
}

func judgeBase(id event.EventID) string { return "/judge/events/" + strconv.FormatInt(int64(id), 10) }

// --- sign in, sign out, the events ---

// signedWrite checks a judge phone's write: same origin, the device's
// rate, a phone signed in; a refusal is answered (false).
func (j *judgeArea) signedWrite(w http.ResponseWriter, r *http.Request) (judgeSession, staffCheck, bool) {
	if !j.s.staffWrite(w, r, j.origin) {
		return judgeSession{}, staffCheck{}, false
	}
	js, c := j.check(r)
	if !c.ok {
		j.refuse(w, r, c)
		return js, c, false
	}
	return js, c, true
}

// pageHome is the sign-in page, or the events to judge once signed in.
func (j *judgeArea) pageHome(w http.ResponseWriter, r *http.Request) {
	ensureDevice(w, r)
	if _, c := j.check(r); !c.ok {
		// Said once: the cookie of an ended session goes.
		problem := endedOnce(w, c.ended(director.KindJudge), judgeCookie)
		j.show(w, r, http.StatusOK, "judge_signin", i18n.F("Judges"), judgePage{Problem: problem})
		return
	}
	list, err := j.s.events.Events(r.Context())
	if err != nil {
		j.s.failErr(w, r, err)
		return
	}
	p := judgePage{Events: staffEvents(list, judgeBase)}
	j.show(w, r, http.StatusOK, "judge_events", i18n.F("Judges"), p)
}

// staffEvents lists the events a staff device may open: every one not
// finished, with its players and round, and its page at base.
func staffEvents(list []director.EventSummary, base func(event.EventID) string) []judgeEvent {
	var out []judgeEvent
	for _, e := range list {
		if e.State == event.StateFinished {
			continue
		}
		line := i18n.FN("%d players · registration", e.Players, e.Players)
		if e.Round > 0 {
			line = i18n.FN("%[1]d players · round %[2]d", e.Players, e.Players, e.Round)
		}
		out = append(out, judgeEvent{ID: int64(e.ID), Name: e.Name, Line: line, Href: base(e.ID)})
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
	j.s.endPrevious(r, judgeCookie, j.phones, j.staffSessions.drop, "judge sign-in")
	j.staffSessions.adopt(token, judgeSession{device: deviceOf(r)})
	setSessionCookie(w, judgeCookie, "/", token, judgeTTL)
	seeOther(w, r, "/judge")
}

// postSignOut signs the phone out.
func (j *judgeArea) postSignOut(w http.ResponseWriter, r *http.Request) {
	_, c, ok := j.signedWrite(w, r)
	if !ok {
		return
	}
	if j.s.signOut(w, r, j.phones, c.token, judgeCookie, j.staffSessions.drop) {
		seeOther(w, r, "/judge")
	}
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
	id, ok := j.s.addressedEvent(w, r)
	if !ok {
		return director.JudgeView{}, event.Judge{}, false
	}
	v, err := j.views.JudgeView(r.Context(), id)
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
	_, c, ok := j.signedWrite(w, r)
	if !ok {
		return
	}
	token := c.token
	if !j.s.staffParseForm(w, r) {
		return
	}
	id, ok := j.s.addressedEvent(w, r)
	if !ok {
		return
	}
	judges, err := j.log.Judges(r.Context(), id)
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
	if err := j.phones.ChooseJudge(r.Context(), token, id, judges[i].ID); err != nil {
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

// newJudgePage starts a page of the event for judge me.
func newJudgePage(v director.JudgeView, me event.Judge) judgePage {
	return judgePage{Base: judgeBase(v.Event.ID), EventID: int64(v.Event.ID), EventName: v.Event.Name, Judge: me.Name}
}

// --- a judge's writes ---

// write checks a judge write: same origin, the device's rate, a phone
// signed in and named in the event, a form that reads; it reads the
// event's JudgeView for the write.
func (j *judgeArea) write(w http.ResponseWriter, r *http.Request) (director.JudgeView, event.Judge, judgeSession, bool) {
	js, _, ok := j.signedWrite(w, r)
	if !ok {
		return director.JudgeView{}, event.Judge{}, js, false
	}
	id, ok := j.s.addressedEvent(w, r)
	if !ok {
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
	v, err := j.views.JudgeView(r.Context(), id)
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
	v, err := j.views.JudgeView(r.Context(), id)
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

// source is how a judge log entry names where it was written.
func (js judgeSession) source() string { return "judge phone, device " + staffDevice(js.device) }
