package web

import (
	"context"
	"html/template"
	"net/http"
	"strconv"
	"time"

	"tablekeeper/core/deck"
	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/core/i18n"
)

// kioskServices are what the kiosk calls, each interface one director
// service's methods.
type kioskServices struct {
	lookup eventReader
	phones sessionEnder
	desk   kioskDesk
	decks  kioskDecks
}

// eventReader reads one event (director.Events).
type eventReader interface {
	Event(ctx context.Context, id event.EventID) (event.Event, error)
}

// sessionEnder ends a staff device's session (director.Phones).
type sessionEnder interface {
	EndStaffSession(ctx context.Context, token string) error
}

// kioskDesk is the kiosk's check-in, search and sign-up
// (director.Kiosk).
type kioskDesk interface {
	KioskSearch(ctx context.Context, id event.EventID, query string) ([]director.KioskMatch, error)
	KioskFindTable(ctx context.Context, id event.EventID, query string) (director.KioskTables, error)
	KioskCheckIn(ctx context.Context, id event.EventID, player event.PlayerID) (event.Entry, error)
	KioskSignUp(ctx context.Context, id event.EventID, tablet string, np director.NewPlayer) (director.KioskSignUp, error)
	KioskSignUpNamesake(ctx context.Context, id event.EventID, tablet string, np director.NewPlayer) (director.KioskSignUp, error)
}

// kioskDecks are the kiosk's deck registration (director.Decks).
type kioskDecks interface {
	CheckPlayerCode(ctx context.Context, id event.EventID, entry event.EntryID, code string) (event.Entry, error)
	KioskSaveDeck(ctx context.Context, kd director.KioskDeck) (director.DeckCheck, error)
	CheckDeck(ctx context.Context, id event.EventID, list string) (deck.Report, error)
}

// The kiosk on any tablet (/events/{id}/kiosk): the organizer opens the
// address on a tablet and unlocks it once with the tablet kiosk code
// (shown on the Store network panel, not the desktop kiosk's PIN); the device
// then offers what the desktop kiosk (ui/kiosk) offers, through the same
// director calls: check-in (KioskSearch, KioskCheckIn), sign-up with the
// "Is this you?" match (KioskSignUp, KioskSignUpNamesake) and decklist
// registration with the legality check as the player types (CheckDeck,
// SaveDeck); once round 1 is paired it finds tables (KioskFindTable).
//
// The pages are plain forms, so a tablet needs no script to use them;
// kiosk.js adds the search as one types, the deck check as one types,
// the clock's countdown, the return to the start after a minute without
// input and the switch to "find my table" when a round is published.
//
// Nothing here reaches an organizer function: a kiosk device can check in
// only a name the kiosk itself offered it (from a search or "Is this
// you?"), register a deck only for the player who just checked in on it
// and only with her player code (typed from her slip, within the same
// wrong-code budgets as a phone's sign-in, or the one her sign-up here
// just gave a brand-new player: KioskSaveDeck checks it), and lock
// itself. It shows no existing player's code (anyone can tap a
// name): only a brand-new player's, to her, as she signs up. Its unlock is a session kept in the database (so a
// restart keeps it), bound to the event, lasting a day or until the lock
// button, a new kiosk code or the organizer's Sign out.

// Kiosk session limits.
const (
	// kioskTTL is how long an unlocked kiosk stays unlocked.
	kioskTTL = 24 * time.Hour
	// maxKiosks is the most kiosk devices unlocked at once; one more
	// locks the one unlocked longest ago.
	maxKiosks = 64
	// kioskDeckWindow is how long after checking in a player may register
	// a deck on the kiosk.
	kioskDeckWindow = 15 * time.Minute
	// kioskCookie names the kiosk session's cookie.
	kioskCookie = "tk_kiosk"
	// maxPIN bounds a PIN or code typed (eight characters, with room
	// for spaces and dashes).
	maxPIN = 24
	// maxMemberNo bounds a member number typed.
	maxMemberNo = 64
	// maxDeckList bounds a decklist sent (the request body is bounded
	// at maxBody too).
	maxDeckList = 12000
	// maxDeckName bounds a deck's name.
	maxDeckName = 100
)

// Idle times of the kiosk's pages, in seconds, after which kiosk.js goes
// back to the start (as ui/kiosk's IdleAfter, DoneAfter and TableAfter).
const (
	kioskIdle     = 60
	kioskDoneIdle = 10
	// kioskCodeIdle is how long the done page shows a player her code:
	// long enough to copy it or scan it, short enough that the next in
	// the queue does not read it (she can tap Done at once).
	kioskCodeIdle  = 30
	kioskTableIdle = 20
)

// kioskArea is the kiosk's routes and its unlocked devices.
type kioskArea struct {
	s *Server
	kioskServices
	staffSessions *staffSessions[kioskSession]
	origin        *http.CrossOriginProtection
}

// kioskSession is an unlocked kiosk device.
type kioskSession struct {
	event  event.EventID
	device string
	// offered are the names the device was last shown (a search, or "Is
	// this you?"): the only players it may check in.
	offered []director.KioskMatch
	// signup is the sign-up waiting for the answer to "Is this you?".
	signup director.NewPlayer
	// done is what the last visit's end says.
	done kioskDone
	// deck is the player who may register a deck, until deckUntil.
	deck      event.Entry
	deckUntil time.Time
	// deckCode is deck's player code once the device has it: typed
	// right by her, or drawn by her sign-up here. Until then "Register my
	// deck" asks for it; nothing saves her deck without it.
	deckCode string
	// codeUntil is when the done page stops showing a new player's code
	// (done.Code): the next visitor must not find it by going back.
	codeUntil time.Time
}

// tablet names the kiosk tablet in the log of what it shows: its device.
func (ks kioskSession) tablet() string {
	if ks.device == "" {
		return "unknown"
	}
	return ks.device
}

// kioskDone is the message that ends a player's visit.
type kioskDone struct {
	Message, Detail i18n.Localizer
	// Deck offers to register a deck.
	Deck bool
	// Entry and Code are a brand-new player's entry and her code and
	// link token, shown on the done page so that she can sign in on her
	// phone; a player found by name is never shown one (Code is zero).
	Entry event.EntryID
	Code  director.PlayerCredential
}

// kioskRoutes are the kiosk's pages and its deck check.
func (s *Server) kioskRoutes() []route {
	k := &kioskArea{s: s, kioskServices: s.kiosk, staffSessions: newStaffSessions[kioskSession](s.now, maxKiosks, kioskTTL), origin: http.NewCrossOriginProtection()}
	return []route{
		{"GET /events/{id}/kiosk", k.pageStart},
		{"POST /events/{id}/kiosk/unlock", k.postUnlock},
		{"GET /events/{id}/kiosk/lock", k.pageLock},
		{"POST /events/{id}/kiosk/lock", k.postLock},
		{"GET /events/{id}/kiosk/confirm", k.pageConfirm},
		{"POST /events/{id}/kiosk/checkin", k.postCheckIn},
		{"GET /events/{id}/kiosk/signup", k.pageSignUp},
		{"POST /events/{id}/kiosk/signup", k.postSignUp},
		{"GET /events/{id}/kiosk/same", k.pageSameName},
		{"POST /events/{id}/kiosk/namesake", k.postNamesake},
		{"GET /events/{id}/kiosk/done", k.pageDone},
		{"GET /events/{id}/kiosk/deck", k.pageDeck},
		{"POST /events/{id}/kiosk/deck", k.postDeck},
		{"POST /events/{id}/kiosk/deck/code", k.postDeckCode},
		{"POST /api/events/{id}/kiosk/deck-check", k.apiDeckCheck},
	}
}

// kioskPage is what every kiosk template gets; each page fills its part.
type kioskPage struct {
	EventID   int64
	EventName string
	// Base is the kiosk's start address, /events/{id}/kiosk.
	Base string
	// Idle is the seconds without input after which the page goes back
	// to the start (0: never).
	Idle int
	// Problem is a sentence in red: what went wrong and what to do.
	Problem i18n.Localizer

	// The start page.
	FindTables bool
	Finished   bool
	Query      string
	Hint       i18n.Localizer
	Matches    []kioskMatch
	Seats      []kioskSeat

	// The confirm, "Is this you?" and done pages.
	Name     string
	PlayerID int64
	Detail   i18n.Localizer
	Message  i18n.Localizer
	Deck     bool
	// Code is the player's code on the done page ("ABC-234"), CodeQR the
	// QR code of the link that signs her phone in (an SVG data address:
	// the code must be in no address the server logs).
	Code   string
	CodeQR template.URL

	// The sign-up page.
	Member string

	// The deck page.
	Rules     i18n.Localizer
	Example   i18n.Localizer // a short list of the deck rules
	DeckName  string
	List      string
	Report    *deckReport
	Saved     i18n.Localizer
	SavedKind string
}

// kioskMatch is a name offered to check in.
type kioskMatch struct {
	PlayerID  int64
	Name      string
	Label     i18n.Localizer // "checked in", "registered"
	CheckedIn bool
}

// kioskSeat is where a player found plays.
type kioskSeat struct {
	Name   string
	Table  i18n.Localizer // "Table 4", "Bye", ""
	Line   i18n.Localizer // "Seat 1 · against Ana Ortiz"
	Clock  i18n.Localizer // "Round 2 · 31:20 left"
	Round  i18n.Localizer
	Timer  bool  // the page counts the time down
	LeftMS int64 // time left when read, for the countdown
	Paused bool
}

// session returns the kiosk session of the request when the database
// keeps it unlocked for the event in the address.
func (k *kioskArea) session(r *http.Request, id event.EventID) (kioskSession, string, bool) {
	ks, c := k.check(r, id)
	return ks, c.token, c.ok
}

// check reads the tablet's session from the database, and what the
// server remembers of it; a session ended there is forgotten here, and
// one unlocked for another event is no session here.
func (k *kioskArea) check(r *http.Request, id event.EventID) (kioskSession, staffCheck) {
	c := k.staffSessions.check(k.s, r, director.KindKiosk, kioskCookie, "kiosk")
	if !c.ok {
		return kioskSession{}, c
	}
	if event.EventID(c.s.Event) != id {
		return kioskSession{}, staffCheck{}
	}
	return k.staffSessions.adopt(c.token, kioskSession{event: id, device: c.s.Device}), c
}

// refuse answers a kiosk write from a tablet not unlocked: why its
// session ended when it did, else msgKioskLocked.
func (k *kioskArea) refuse(w http.ResponseWriter, r *http.Request, c staffCheck) {
	k.s.refuseStaff(w, r, c.ended(director.KindKiosk), msgKioskLocked)
}

// msgKioskLocked refuses a kiosk write from a device that is not
// unlocked.
var msgKioskLocked = i18n.F("This device is not an unlocked kiosk: the organizer unlocks it with the kiosk code on the kiosk page.")

// open reads the event of the address and the device's kiosk session for
// a kiosk page: a locked device gets the unlock page (ok false).
func (k *kioskArea) open(w http.ResponseWriter, r *http.Request) (event.Event, kioskSession, string, bool) {
	ensureDevice(w, r)
	e, ok := k.event(w, r)
	if !ok {
		return e, kioskSession{}, "", false
	}
	ks, c := k.check(r, e.ID)
	if !c.ok {
		// Said once: the cookie of an ended session goes.
		problem := endedOnce(w, c.ended(director.KindKiosk), kioskCookie)
		k.renderUnlock(w, r, e, http.StatusOK, problem)
		return e, ks, "", false
	}
	return e, ks, c.token, true
}

// write checks a kiosk write: same origin, the device's rate, an unlocked
// kiosk for this event, a form that reads. It answers and returns false
// when any fails.
func (k *kioskArea) write(w http.ResponseWriter, r *http.Request) (event.Event, kioskSession, string, bool) {
	if !k.s.staffWrite(w, r, k.origin) {
		return event.Event{}, kioskSession{}, "", false
	}
	id, ok := k.s.addressedEvent(w, r)
	if !ok {
		return event.Event{}, kioskSession{}, "", false
	}
	ks, c := k.check(r, id)
	if !c.ok {
		k.refuse(w, r, c)
		return event.Event{}, kioskSession{}, "", false
	}
	token := c.token
	if !k.s.staffParseForm(w, r) {
		return event.Event{}, kioskSession{}, "", false
	}
	e, ok := k.event(w, r)
	return e, ks, token, ok
}

// event reads the event of the address, answering the error.
func (k *kioskArea) event(w http.ResponseWriter, r *http.Request) (event.Event, bool) {
	id, ok := k.s.addressedEvent(w, r)
	if !ok {
		return event.Event{}, false
	}
	e, err := k.lookup.Event(r.Context(), id)
	if err != nil {
		k.s.failErr(w, r, err)
		return event.Event{}, false
	}
	return e, true
}

// base is the kiosk's start address for event id.
func kioskBase(id event.EventID) string {
	return "/events/" + strconv.FormatInt(int64(id), 10) + "/kiosk"
}

// newPage starts a kiosk page of e.
func newKioskPage(e event.Event) kioskPage {
	return kioskPage{EventID: int64(e.ID), EventName: e.Name, Base: kioskBase(e.ID), Idle: kioskIdle}
}

// show renders a kiosk page with status.
func (k *kioskArea) show(w http.ResponseWriter, r *http.Request, status int, name string, title i18n.Text, p kioskPage) {
	k.s.renderStatus(w, r, status, name, page{Head: title, TitleOf: p.EventName, Nav: "kiosk", Body: "kiosk", Data: p})
}

// seeOther sends the browser to the kiosk page sub (after a write).
func seeOther(w http.ResponseWriter, r *http.Request, to string) {
	http.Redirect(w, r, to, http.StatusSeeOther) // #nosec G710 -- every caller passes a kiosk path built here (kioskBase)
}

// --- unlock and lock ---

func (k *kioskArea) renderUnlock(w http.ResponseWriter, r *http.Request, e event.Event, status int, problem i18n.Localizer) {
	p := newKioskPage(e)
	p.Idle, p.Problem = 0, problem
	k.show(w, r, status, "kiosk_unlock", i18n.F("Unlock the kiosk"), p)
}

// postUnlock unlocks the device as a kiosk of the event with the tablet
// kiosk code (signIn: the limits, the log, the session kept in the
// database). The desktop kiosk's PIN unlocks no tablet.
func (k *kioskArea) postUnlock(w http.ResponseWriter, r *http.Request) {
	if !k.s.staffWrite(w, r, k.origin) || !k.s.staffParseForm(w, r) {
		return
	}
	e, ok := k.event(w, r)
	if !ok {
		return
	}
	token, status, problem := k.s.signIn(w, r, director.KindKiosk, e.ID, kioskTTL)
	if problem != nil {
		k.renderUnlock(w, r, e, status, problem)
		return
	}
	k.s.endPrevious(r, kioskCookie, k.phones, k.staffSessions.drop, "kiosk unlock")
	k.staffSessions.adopt(token, kioskSession{event: e.ID, device: deviceOf(r)})
	setSessionCookie(w, kioskCookie, "/", token, kioskTTL)
	k.s.logf("web: kiosk unlocked for %s on device %s", e.Name, staffDevice(deviceOf(r)))
	seeOther(w, r, kioskBase(e.ID))
}

// pageLock asks before locking the kiosk.
func (k *kioskArea) pageLock(w http.ResponseWriter, r *http.Request) {
	e, _, _, ok := k.open(w, r)
	if !ok {
		return
	}
	k.show(w, r, http.StatusOK, "kiosk_lock", i18n.F("Lock the kiosk"), newKioskPage(e))
}

// postLock locks the device: its session ends, and the kiosk PIN is
// needed again. Only an unlocked kiosk locks.
func (k *kioskArea) postLock(w http.ResponseWriter, r *http.Request) {
	if !k.s.staffWrite(w, r, k.origin) {
		return
	}
	id, ok := k.s.addressedEvent(w, r)
	if !ok {
		return
	}
	_, c := k.check(r, id)
	if !c.ok {
		k.refuse(w, r, c)
		return
	}
	if k.s.signOut(w, r, k.phones, c.token, kioskCookie, k.staffSessions.drop) {
		seeOther(w, r, kioskBase(id))
	}
}
