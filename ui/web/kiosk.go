package web

import (
	"context"
	"encoding/base64"
	"errors"
	"html/template"
	"net/http"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"tablekeeper/core/clock"
	"tablekeeper/core/deck"
	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/core/i18n"
	"tablekeeper/core/rules"
	"tablekeeper/reports"
)

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
	s             *Server
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
	k := &kioskArea{s: s, staffSessions: newStaffSessions[kioskSession](s.now, maxKiosks, kioskTTL), origin: http.NewCrossOriginProtection()}
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
	c, err := k.s.checkStaff(r, director.KindKiosk, kioskCookie)
	if err != nil {
		k.s.logf("web: kiosk session: %v", err)
		return kioskSession{}, staffCheck{}
	}
	if !c.ok {
		if c.token != "" {
			k.staffSessions.drop(c.token)
		}
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
	msg := c.ended(director.KindKiosk)
	if msg == nil {
		msg = msgKioskLocked
	}
	k.s.fail(w, r, http.StatusForbidden, msg)
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
		problem := c.ended(director.KindKiosk)
		if problem != nil {
			clearSessionCookie(w, kioskCookie, "/")
		}
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
	id, err := eventID(r)
	if err != nil {
		k.s.failErr(w, r, err)
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
	id, err := eventID(r)
	if err != nil {
		k.s.failErr(w, r, err)
		return event.Event{}, false
	}
	e, err := k.s.d.Event(r.Context(), id)
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
	if old := staffTokenOf(r, kioskCookie); old != "" {
		k.staffSessions.drop(old)
		if err := k.s.d.EndStaffSession(r.Context(), old); err != nil {
			k.s.logf("web: kiosk unlock: %v", err)
		}
	}
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
	id, err := eventID(r)
	if err != nil {
		k.s.failErr(w, r, err)
		return
	}
	_, c := k.check(r, id)
	if !c.ok {
		k.refuse(w, r, c)
		return
	}
	if err := k.s.d.EndStaffSession(r.Context(), c.token); err != nil {
		k.s.failErr(w, r, err)
		return
	}
	k.staffSessions.drop(c.token)
	clearSessionCookie(w, kioskCookie, "/")
	seeOther(w, r, kioskBase(id))
}

// --- the start page: check in, or find my table ---

// pageStart is the kiosk's start: a search, and the names (or tables) it
// finds.
func (k *kioskArea) pageStart(w http.ResponseWriter, r *http.Request) {
	e, _, token, ok := k.open(w, r)
	if !ok {
		return
	}
	p := newKioskPage(e)
	q := r.URL.Query().Get("q")
	if utf8.RuneCountInString(q) > maxQuery || !utf8.ValidString(q) {
		q, p.Problem = "", i18n.F("That is too long for a name; type part of your name (a few letters are enough).")
	}
	p.Query = q
	p.FindTables = e.State != event.StateRegistration
	p.Finished = e.State == event.StateFinished
	if strings.TrimSpace(q) == "" {
		p.Idle = 0
		k.staffSessions.update(token, func(ks *kioskSession) { ks.offered = nil })
	}
	var err error
	if p.FindTables {
		err = k.findTables(r.Context(), e, &p)
	} else {
		err = k.search(r.Context(), e, token, &p)
	}
	if err != nil {
		k.s.failErr(w, r, err)
		return
	}
	title := i18n.F("Check in")
	if p.FindTables {
		title = i18n.F("Find your table")
	}
	k.show(w, r, http.StatusOK, "kiosk", title, p)
}

// search lists the names matching the query and offers them to the
// device.
func (k *kioskArea) search(ctx context.Context, e event.Event, token string, p *kioskPage) error {
	if strings.TrimSpace(p.Query) == "" {
		return nil
	}
	if director.QueryTooShort(p.Query) {
		p.Hint = i18n.F("Keep typing: names show from %d letters.", director.MinQuery(p.Query))
		return nil
	}
	ms, err := k.s.d.KioskSearch(ctx, e.ID, p.Query)
	if err != nil {
		return err
	}
	k.staffSessions.update(token, func(ks *kioskSession) { ks.offered = ms })
	for _, m := range ms {
		km := kioskMatch{PlayerID: int64(m.PlayerID), Name: m.Name, CheckedIn: m.CheckedIn}
		if m.CheckedIn {
			km.Label = i18n.F("checked in")
		}
		p.Matches = append(p.Matches, km)
	}
	p.Hint = i18n.F("Choose your name.")
	if len(ms) == 0 {
		p.Hint = i18n.F("Nobody by that name yet. New here? Choose “I'm new here”.")
	}
	return nil
}

// findTables lists where the players matching the query play.
func (k *kioskArea) findTables(ctx context.Context, e event.Event, p *kioskPage) error {
	v, err := k.s.d.KioskFindTable(ctx, e.ID, p.Query)
	if err != nil {
		return err
	}
	switch {
	case v.Finished:
		p.Hint = i18n.F("%s is finished. Thank you for playing!", v.EventName)
		return nil
	case strings.TrimSpace(p.Query) == "":
		return nil
	case director.QueryTooShort(p.Query):
		p.Hint = i18n.F("Keep typing: names show from %d letters.", director.MinQuery(p.Query))
		return nil
	case v.Round > 0 && !v.Published:
		p.Hint = i18n.F("The pairings for %s are not out yet. Please wait for the organizer.", kioskRoundName(v))
		return nil
	case len(v.Seats) == 0:
		p.Hint = i18n.F("Nobody by that name is playing. Please see the organizer.")
		return nil
	}
	p.Idle = kioskTableIdle
	now := k.s.now()
	for _, st := range v.Seats {
		p.Seats = append(p.Seats, kioskSeatOf(v, st, now))
	}
	return nil
}

// kioskSeatOf says where st's player plays in v's round, as ui/kiosk's table
// screen does.
func kioskSeatOf(v director.KioskTables, st director.KioskSeat, now time.Time) kioskSeat {
	out := kioskSeat{Name: st.Name, Round: kioskRoundTitle(v)}
	switch {
	case !st.Playing:
		out.Line = i18n.F("You're not playing in %s. Please see the organizer.", kioskRoundName(v))
		return out
	case st.Bye:
		out.Table = i18n.F("Bye")
		out.Line = i18n.F("You have a bye in %s: no game to play this round.", kioskRoundName(v))
		return out
	}
	out.Table = i18n.F("Table %d", st.Table)
	line := i18n.F("Seat %d", st.Seat)
	if len(st.Teammates) > 0 {
		line = i18n.F("%[1]s · with %[2]s", line, kioskListNames(st.Teammates))
	}
	if len(st.Opponents) > 0 {
		line = i18n.F("%[1]s · against %[2]s", line, kioskListNames(st.Opponents))
	}
	out.Line = line
	rd := v.TimeLeft(st, now)
	switch {
	case st.Reported:
		out.Clock = i18n.F("your result is in")
	case !rd.Timed:
		out.Clock = i18n.F("untimed")
	case !rd.Started:
		out.Clock = i18n.F("the clock has not started")
	case rd.Expired:
		out.Clock = i18n.F("time is up")
	case rd.Paused:
		out.Clock, out.Paused = i18n.F("clock paused, %s left", clock.Format(rd.Remaining)), true
	default:
		out.Clock, out.Timer, out.LeftMS = i18n.F("%s left", clock.Format(rd.Remaining)), true, rd.Remaining.Milliseconds()
	}
	return out
}

// kioskRoundName is "round 2", or "round 5 (top 8)"; kioskRoundTitle the
// same with a capital, for a heading.
func kioskRoundName(v director.KioskTables) i18n.Text {
	if !v.RoundName.IsZero() {
		return i18n.F("round %[1]d (%[2]s)", v.Round, v.RoundName)
	}
	return i18n.F("round %d", v.Round)
}

func kioskRoundTitle(v director.KioskTables) i18n.Text {
	if !v.RoundName.IsZero() {
		return i18n.F("Round %[1]d (%[2]s)", v.Round, v.RoundName)
	}
	return i18n.F("Round %d", v.Round)
}

// kioskListNames joins names as a sentence: "Ana", "Ana and Bob", "Ana, Bob
// and Cleo".
func kioskListNames(names []string) string {
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

// staffCapital makes the first letter upper case.
func staffCapital(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if n == 0 {
		return s
	}
	return string(unicode.ToUpper(r)) + s[n:]
}

// --- check in ---

// offered returns the match of player among the names the device was
// offered.
func (ks kioskSession) offeredMatch(player int64) (director.KioskMatch, bool) {
	for _, m := range ks.offered {
		if int64(m.PlayerID) == player {
			return m, true
		}
	}
	return director.KioskMatch{}, false
}

// msgNotOffered refuses a name the kiosk did not offer.
var msgNotOffered = i18n.F("That name is not one this kiosk offered; search for your name again.")

// pageConfirm asks "Are you …?" before checking a player in.
func (k *kioskArea) pageConfirm(w http.ResponseWriter, r *http.Request) {
	e, ks, _, ok := k.open(w, r)
	if !ok {
		return
	}
	n, _ := strconv.ParseInt(r.URL.Query().Get("player"), 10, 64)
	m, found := ks.offeredMatch(n)
	if !found {
		seeOther(w, r, kioskBase(e.ID))
		return
	}
	p := newKioskPage(e)
	p.Name, p.PlayerID, p.Query = m.Name, int64(m.PlayerID), r.URL.Query().Get("q")
	if len(p.Query) > maxQuery {
		p.Query = ""
	}
	k.show(w, r, http.StatusOK, "kiosk_confirm", i18n.F("Is this you?"), p)
}

// postCheckIn checks in a player the kiosk offered.
func (k *kioskArea) postCheckIn(w http.ResponseWriter, r *http.Request) {
	e, ks, token, ok := k.write(w, r)
	if !ok {
		return
	}
	n, _ := strconv.ParseInt(r.PostFormValue("player"), 10, 64)
	m, found := ks.offeredMatch(n)
	if !found {
		k.s.fail(w, r, http.StatusBadRequest, msgNotOffered)
		return
	}
	en, err := k.s.d.KioskCheckIn(r.Context(), e.ID, m.PlayerID)
	k.finish(w, r, e, token, en, err, func(en event.Entry) kioskDone {
		// Anyone can tap a name: her code is on her slip, or at the desk.
		if m.CheckedIn {
			return kioskDone{Message: i18n.F("You're already checked in, %s. Good luck!", en.Name), Detail: msgCodeAtDesk}
		}
		return kioskDone{Message: i18n.F("You're checked in, %s. Good luck!", en.Name), Detail: msgCodeAtDesk}
	})
}

// msgCodeAtDesk tells a player found by name where her player code is:
// the kiosk never shows it to whoever taps a name.
var msgCodeAtDesk = i18n.F("Your player code, for your phone, is on your player slip; the organizer gives it to you at the desk.")

// finish ends a check-in or sign-up: the done page says what happened and
// offers the deck, or the page shows why nothing was done. A brand-new
// player's code comes in done.Code (say's answer).
func (k *kioskArea) finish(w http.ResponseWriter, r *http.Request, e event.Event, token string, en event.Entry, err error, say func(event.Entry) kioskDone) {
	switch {
	case errors.Is(err, event.ErrState):
		// Check-in closed (round 1 paired), the event finished, or the
		// player dropped: the director's sentence sends them to the
		// organizer.
		k.staffSessions.update(token, func(ks *kioskSession) {
			ks.offered, ks.signup, ks.deck, ks.deckCode = nil, director.NewPlayer{}, event.Entry{}, ""
			ks.done = kioskDone{Message: staffSentence(err)}
		})
		seeOther(w, r, kioskBase(e.ID)+"/done")
		return
	case err != nil:
		k.s.failErr(w, r, err)
		return
	}
	done := say(en)
	done.Entry = en.ID
	done.Deck = e.Settings.DeckRules != ""
	if done.Deck {
		deck := i18n.F("You can register your deck now, or later at the organizer's desk.")
		if done.Code.Code == "" {
			deck = msgDeckWithCode
		}
		if done.Detail == nil {
			done.Detail = deck
		} else {
			done.Detail = i18n.F("%[1]s %[2]s", done.Detail, deck)
		}
	}
	k.staffSessions.update(token, func(ks *kioskSession) {
		ks.offered, ks.signup, ks.done = nil, director.NewPlayer{}, done
		ks.deck, ks.deckUntil, ks.deckCode = event.Entry{}, time.Time{}, ""
		ks.codeUntil = time.Time{}
		if done.Code.Code != "" {
			ks.codeUntil = k.s.now().Add(kioskCodeIdle * time.Second)
		}
		if done.Deck {
			// A brand-new player has just been given her code; anyone
			// else types hers before her deck can change.
			ks.deck, ks.deckUntil, ks.deckCode = en, k.s.now().Add(kioskDeckWindow), done.Code.Code
		}
	})
	seeOther(w, r, kioskBase(e.ID)+"/done")
}

// staffSentence is the director's message as one sentence with its capital
// and full stop.
func staffSentence(err error) i18n.Localizer { return sentence{err} }

// sentence is an error said as one sentence in the reader's language.
type sentence struct{ err error }

// In says the error in l with a capital and a full stop.
func (e sentence) In(l i18n.Lang) string {
	s := staffCapital(strings.TrimSpace(i18n.Error(l, e.err)))
	if s == "" {
		return s
	}
	switch s[len(s)-1] {
	case '.', '!', '?':
		return s
	}
	return s + "."
}

// --- sign up ---

func (k *kioskArea) pageSignUp(w http.ResponseWriter, r *http.Request) {
	e, _, _, ok := k.open(w, r)
	if !ok {
		return
	}
	if e.State != event.StateRegistration {
		seeOther(w, r, kioskBase(e.ID))
		return
	}
	p := newKioskPage(e)
	name := strings.TrimSpace(r.URL.Query().Get("name"))
	if strings.IndexFunc(name, unicode.IsLetter) >= 0 && utf8.RuneCountInString(name) <= event.MaxNameLength {
		p.Name = name
	}
	k.show(w, r, http.StatusOK, "kiosk_signup", i18n.F("Sign up"), p)
}

// postSignUp signs a new player up, or asks "Is this you?" when the name
// is known.
func (k *kioskArea) postSignUp(w http.ResponseWriter, r *http.Request) {
	e, ks, token, ok := k.write(w, r)
	if !ok {
		return
	}
	p := newKioskPage(e)
	p.Name = strings.Join(strings.Fields(r.PostFormValue("name")), " ")
	p.Member = strings.TrimSpace(r.PostFormValue("member"))
	name, err := staffField(r, "name", i18n.F("Your name"), event.MaxNameLength)
	var member string
	if err == nil {
		member, err = staffField(r, "member", i18n.F("The member number"), maxMemberNo)
	}
	if err == nil && name == "" {
		err = event.Invalid("please type your name")
	}
	if err != nil {
		p.Name, p.Member = staffTruncate(p.Name, event.MaxNameLength), staffTruncate(p.Member, maxMemberNo)
		p.Problem = staffSentence(err)
		k.show(w, r, http.StatusBadRequest, "kiosk_signup", i18n.F("Sign up"), p)
		return
	}
	np := director.NewPlayer{Name: name, MemberNo: member}
	su, err := k.s.d.KioskSignUp(r.Context(), e.ID, ks.tablet(), np)
	if err != nil && !errors.Is(err, event.ErrState) {
		p.Problem = staffSentence(err)
		k.show(w, r, statusOf(err), "kiosk_signup", i18n.F("Sign up"), p)
		return
	}
	if err == nil && len(su.SameName) > 0 {
		k.staffSessions.update(token, func(ks *kioskSession) { ks.signup, ks.offered = np, su.SameName })
		seeOther(w, r, kioskBase(e.ID)+"/same")
		return
	}
	k.finish(w, r, e, token, su.Entry, err, func(en event.Entry) kioskDone {
		if su.Code.Code == "" {
			// Her own member number: a player known already.
			return kioskDone{Message: i18n.F("You're checked in, %s. Good luck!", en.Name), Detail: msgCodeAtDesk}
		}
		return kioskDone{Message: i18n.F("Welcome, %s! You're signed up and checked in. Good luck!", en.Name), Code: su.Code}
	})
}

// staffTruncate cuts s to at most n characters.
func staffTruncate(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	return string([]rune(s)[:n])
}

// pageSameName asks "Is this you?" with the players of the same name.
func (k *kioskArea) pageSameName(w http.ResponseWriter, r *http.Request) {
	e, ks, _, ok := k.open(w, r)
	if !ok {
		return
	}
	if ks.signup.Name == "" || len(ks.offered) == 0 {
		seeOther(w, r, kioskBase(e.ID))
		return
	}
	p := newKioskPage(e)
	p.Name = ks.signup.Name
	p.Detail = director.SameNameText(ks.signup.Name, ks.offered)
	for _, m := range ks.offered {
		km := kioskMatch{PlayerID: int64(m.PlayerID), Name: m.Name, CheckedIn: m.CheckedIn}
		switch {
		case m.CheckedIn:
			km.Label = i18n.F("checked in")
		case m.EntryID != 0:
			km.Label = i18n.F("registered")
		}
		p.Matches = append(p.Matches, km)
	}
	k.show(w, r, http.StatusOK, "kiosk_same", i18n.F("Is this you?"), p)
}

// postNamesake signs up a true namesake, who said they are someone else.
func (k *kioskArea) postNamesake(w http.ResponseWriter, r *http.Request) {
	e, ks, token, ok := k.write(w, r)
	if !ok {
		return
	}
	if ks.signup.Name == "" {
		k.s.fail(w, r, http.StatusBadRequest, i18n.F("There is no sign-up waiting on this kiosk; start again with “I'm new here”."))
		return
	}
	su, err := k.s.d.KioskSignUpNamesake(r.Context(), e.ID, ks.tablet(), ks.signup)
	k.finish(w, r, e, token, su.Entry, err, func(en event.Entry) kioskDone {
		return kioskDone{Message: i18n.F("Welcome, %s! You're signed up and checked in. Good luck!", en.Name),
			Detail: i18n.F("Another player has the same name: please tell the organizer, so that you two are not mixed up."), Code: su.Code}
	})
}

// pageDone ends a visit.
func (k *kioskArea) pageDone(w http.ResponseWriter, r *http.Request) {
	e, ks, _, ok := k.open(w, r)
	if !ok {
		return
	}
	if ks.done.Message == nil {
		seeOther(w, r, kioskBase(e.ID))
		return
	}
	p := newKioskPage(e)
	p.Idle = kioskDoneIdle
	p.Message, p.Detail = ks.done.Message, ks.done.Detail
	p.Deck = ks.done.Deck && ks.deck.ID != 0 && k.s.now().Before(ks.deckUntil)
	if ks.done.Code.Code != "" && k.s.now().Before(ks.codeUntil) {
		k.showCode(w, r, e, ks.done, &p)
	}
	if p.Deck {
		p.Idle = kioskIdle
	}
	k.show(w, r, http.StatusOK, "kiosk_done", i18n.F("Done"), p)
}

// showCode puts a brand-new player's code on the done page, with the QR
// code of the link (her link token, not the code) that signs her phone
// in. The page is then kept by no cache, nor the browser's history (Back
// must not show it to the next player).
func (k *kioskArea) showCode(w http.ResponseWriter, r *http.Request, e event.Event, done kioskDone, p *kioskPage) {
	w.Header().Set("Cache-Control", "no-store")
	p.Code = director.FormatPlayerCode(done.Code.Code)
	p.Idle = kioskCodeIdle
	svg, err := reports.QRSVG(director.PlayerLink(k.s.eventURL(r, int64(e.ID)), done.Entry, done.Code.Token))
	if err != nil {
		k.s.logf("web: kiosk: QR code of a player's link: %v", err)
		return
	}
	p.CodeQR = template.URL("data:image/svg+xml;base64," + base64.StdEncoding.EncodeToString(svg)) // #nosec G203 -- a data: URL of the QR code's own SVG, base64-encoded here
}

// --- the deck ---

// deckEntry is the player who may register a deck on the device now,
// and her code when the device has it ("" until she types it).
func (k *kioskArea) deckEntry(ks kioskSession) (event.Entry, string, bool) {
	return ks.deck, ks.deckCode, ks.deck.ID != 0 && k.s.now().Before(ks.deckUntil)
}

// pageDeck is "Register my deck": her player code first, unless the
// device has it, then the decklist.
func (k *kioskArea) pageDeck(w http.ResponseWriter, r *http.Request) {
	e, ks, _, ok := k.open(w, r)
	if !ok {
		return
	}
	en, code, ok := k.deckEntry(ks)
	if !ok || e.Settings.DeckRules == "" {
		seeOther(w, r, kioskBase(e.ID))
		return
	}
	if code == "" {
		k.showDeckCode(w, r, http.StatusOK, e, en, nil)
		return
	}
	k.show(w, r, http.StatusOK, "kiosk_deck", i18n.F("Register your deck"), k.deckPage(e, en))
}

// showDeckCode asks the player for her code before her deck, with what
// went wrong (problem) if anything. The page keeps nothing typed.
func (k *kioskArea) showDeckCode(w http.ResponseWriter, r *http.Request, status int, e event.Event, en event.Entry, problem i18n.Localizer) {
	w.Header().Set("Cache-Control", "no-store")
	p := newKioskPage(e)
	p.Name, p.Problem = en.Name, problem
	k.show(w, r, status, "kiosk_deck_code", i18n.F("Register your deck"), p)
}

// msgDeckWithCode offers the deck to a player found by name: she will
// need her code.
var msgDeckWithCode = i18n.F("You can register your deck now with the player code on your slip, or later at the organizer's desk.")

// msgDeckCodeFirst refuses a deck, or its check, from a device that
// does not have the player's code.
var msgDeckCodeFirst = i18n.F("Type your player code first: it is printed on your player slip; the organizer can tell it to you at the desk.")

// rateWrongKioskCode bounds the wrong player codes typed at one kiosk
// tablet, whatever the player: 20, then one every 3 minutes. A tablet is
// one device at one address, shared by every player at the door, so the
// phones' budgets (3, then one a day) would let one stranger close
// "Register my deck" to everyone for a day; here she holds up the next
// player 3 minutes at most, in front of the desk. The arithmetic (limit.go):
// 20 + 10 hours × 20 an hour = 220 guesses, 220 / 887,503,681 ≈ 2.5 in ten
// million, for a guesser standing at the tablet all day.
var rateWrongKioskCode = rate{name: "wrong player codes per kiosk tablet", burst: 20, per: 3 * time.Minute}

// kioskCodeBudgets are the wrong-code budgets a player code typed at a
// kiosk tablet for entry spends: the tablet's for that player (three, then
// one a day, as a phone's), and the tablet's for every player.
func kioskCodeBudgets(r *http.Request, entry event.EntryID) []need {
	dev := deviceKey(r)
	return []need{
		{rateWrongPlayerPerDevice, dev + ":entry:" + strconv.FormatInt(int64(entry), 10)},
		{rateWrongKioskCode, dev},
	}
}

// kioskCodeRefusal says which of the tablet's wrong-code budgets is spent.
func kioskCodeRefusal(refused int) i18n.Text {
	if refused == 0 {
		return i18n.F("Too many wrong codes were typed for this player at this tablet")
	}
	return i18n.F("Too many wrong codes were typed at this tablet")
}

// postDeckCode checks the player code typed for the player who may
// register a deck, within the tablet's wrong-code budgets
// (kioskCodeBudgets); the right one opens her decklist.
func (k *kioskArea) postDeckCode(w http.ResponseWriter, r *http.Request) {
	e, ks, token, ok := k.write(w, r)
	if !ok {
		return
	}
	en, have, ok := k.deckEntry(ks)
	switch {
	case !ok || e.Settings.DeckRules == "":
		k.s.fail(w, r, http.StatusForbidden, msgNoDeck)
		return
	case have != "":
		seeOther(w, r, kioskBase(e.ID)+"/deck")
		return
	}
	code := r.PostFormValue("code")
	if len(code) > maxPIN {
		code = "" // wrong, but counted as one
	}
	wrong := kioskCodeBudgets(r, en.ID)
	came := deviceOf(r)
	if refused, wait := k.s.limits.take(wrong...); refused >= 0 {
		k.s.d.NoteGuess(r.Context(), director.GuessPlayerCode, came, clientAddr(r))
		secs := max(1, int(wait.Round(time.Second)/time.Second))
		w.Header().Set("Retry-After", strconv.Itoa(secs))
		k.showDeckCode(w, r, http.StatusTooManyRequests, e, en,
			i18n.F("%[1]s; wait %[2]s and try again, or ask the organizer.", kioskCodeRefusal(refused), waitWords(secs)))
		return
	}
	_, err := k.s.d.CheckPlayerCode(r.Context(), e.ID, en.ID, code)
	if !errors.Is(err, director.ErrWrongPlayerCode) {
		k.s.limits.give(wrong...)
	}
	switch {
	case errors.Is(err, director.ErrWrongPlayerCode):
		k.s.d.NoteGuess(r.Context(), director.GuessPlayerCode, came, clientAddr(r))
		k.showDeckCode(w, r, http.StatusForbidden, e, en, msgWrongPlayerCode)
		return
	case err != nil:
		k.s.failErr(w, r, err)
		return
	}
	k.staffSessions.update(token, func(ks *kioskSession) {
		if ks.deck.ID == en.ID {
			ks.deckCode = director.NormalizeTableCode(code)
		}
	})
	seeOther(w, r, kioskBase(e.ID)+"/deck")
}

func (k *kioskArea) deckPage(e event.Event, en event.Entry) kioskPage {
	p := newKioskPage(e)
	p.Name = en.Name
	f := deck.Format(e.Settings.DeckRules)
	p.Rules = i18n.F("%s · %s", rules.DescribeText(e.Game, e.Format), f.ListHint())
	p.Example = f.ListExample()
	return p
}

// msgNoDeck refuses a deck from a device with no player checked in on
// it.
var msgNoDeck = i18n.F("Check in first: the kiosk registers the deck of the player who has just checked in on it.")

// postDeck saves the deck of the player who checked in on the device;
// an illegal deck is saved too, and the page says what to fix.
func (k *kioskArea) postDeck(w http.ResponseWriter, r *http.Request) {
	e, ks, token, ok := k.write(w, r)
	if !ok {
		return
	}
	en, code, ok := k.deckEntry(ks)
	switch {
	case !ok || e.Settings.DeckRules == "":
		k.s.fail(w, r, http.StatusForbidden, msgNoDeck)
		return
	case code == "":
		k.s.fail(w, r, http.StatusForbidden, msgDeckCodeFirst)
		return
	}
	p := k.deckPage(e, en)
	p.DeckName = staffTruncate(strings.Join(strings.Fields(r.PostFormValue("deckname")), " "), maxDeckName)
	p.List = staffTruncate(r.PostFormValue("list"), maxDeckList)
	name, err := staffField(r, "deckname", i18n.F("The deck's name"), maxDeckName)
	var list string
	if err == nil {
		list, err = staffLines(r, "list", i18n.F("The decklist"), maxDeckList)
	}
	if err == nil && list == "" {
		err = event.Invalid("type or paste your list first")
	}
	if err != nil {
		p.Saved, p.SavedKind = staffSentence(err), "error"
		k.show(w, r, http.StatusBadRequest, "kiosk_deck", i18n.F("Register your deck"), p)
		return
	}
	dc, err := k.s.d.KioskSaveDeck(r.Context(), director.KioskDeck{Event: e.ID, Entry: en.ID, Code: code, Tablet: ks.tablet(), Name: name, List: list})
	if errors.Is(err, director.ErrWrongPlayerCode) {
		k.s.fail(w, r, http.StatusForbidden, msgDeckCodeFirst)
		return
	}
	if err != nil {
		p.Saved, p.SavedKind = staffSentence(err), "error"
		k.show(w, r, statusOf(err), "kiosk_deck", i18n.F("Register your deck"), p)
		return
	}
	if dc.Legal() {
		k.staffSessions.update(token, func(ks *kioskSession) {
			ks.deck, ks.deckUntil, ks.deckCode = event.Entry{}, time.Time{}, ""
			ks.done = kioskDone{Message: i18n.F("Your deck is registered, %s. Good luck!", en.Name)}
		})
		seeOther(w, r, kioskBase(e.ID)+"/done")
		return
	}
	rep := deckReportOf(langOf(r), dc.Report)
	p.Report = &rep
	p.Saved, p.SavedKind = i18n.F("Saved. Fix the problems above before round 1, or see the organizer."), "warning"
	k.show(w, r, http.StatusOK, "kiosk_deck", i18n.F("Register your deck"), p)
}

// apiDeckCheck checks a decklist as the player types, saving nothing:
// for an unlocked kiosk with a player checked in on it.
func (k *kioskArea) apiDeckCheck(w http.ResponseWriter, r *http.Request) {
	if err := k.origin.Check(r); err != nil {
		k.s.fail(w, r, http.StatusForbidden, msgCrossSite)
		return
	}
	id, err := eventID(r)
	if err != nil {
		k.s.failErr(w, r, err)
		return
	}
	ks, _, ok := k.session(r, id)
	if !ok {
		k.s.fail(w, r, http.StatusForbidden, msgKioskLocked)
		return
	}
	if _, code, ok := k.deckEntry(ks); !ok || code == "" {
		k.s.fail(w, r, http.StatusForbidden, msgNoDeck)
		return
	}
	if ok, wait := k.s.limits.allow(rateDeckCheck, deviceKey(r)); !ok {
		k.s.staffTooMany(w, r, wait, i18n.F("Checking too often; the check runs again when you pause typing."))
		return
	}
	if !k.s.staffParseForm(w, r) {
		return
	}
	list, err := staffLines(r, "list", i18n.F("The decklist"), maxDeckList)
	if err != nil {
		k.s.failErr(w, r, err)
		return
	}
	if list == "" {
		writeJSON(w, http.StatusOK, emptyDeckReport(langOf(r)))
		return
	}
	rep, err := k.s.d.CheckDeck(r.Context(), id, list)
	if err != nil {
		k.s.failErr(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, deckReportOf(langOf(r), rep))
}
