package kiosk

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/core/deck"
	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/ui/internal/uitest"
	"tablekeeper/ui/internal/work"
)

// depsOf is what the organizer's window hands the kiosk: the director's
// services.
func depsOf(d *director.Director) Deps {
	return Deps{Events: d.Events, Kiosk: d.Kiosk, Decks: d.Decks}
}

// counting is the real director, counting the deck checks the kiosk asks
// for.
type counting struct {
	*director.Director
	checks int
}

// screen is the counting director as the kiosk calls it: its services,
// the Decks counted.
func (c *counting) screen() Deps {
	deps := depsOf(c.Director)
	deps.Decks = countedDecks{Decks: c.Director.Decks, checks: &c.checks}
	return deps
}

// countedDecks is the director's Decks, counting its deck checks.
type countedDecks struct {
	*director.Decks
	checks *int
}

func (c countedDecks) CheckDeck(ctx context.Context, id event.EventID, list string) (deck.Report, error) {
	*c.checks++
	return c.Decks.CheckDeck(ctx, id, list)
}

type fixture struct {
	d       *counting
	e       event.Event
	w       fyne.Window
	k       *Kiosk
	clock   time.Time
	changed int
	exited  int
	// pending holds the debounced deck checks, run by flush.
	pending []func()
}

// setup opens the kiosk on a generic Swiss event, or on an event of the
// given game and format.
func setup(t *testing.T, gameFormat ...string) *fixture {
	t.Helper()
	test.NewTempApp(t)
	d := uitest.Director(t)
	var e event.Event
	if len(gameFormat) == 2 {
		e = uitest.EventOf(t, d, "Altered Saturday", gameFormat[0], gameFormat[1])
	} else {
		e = uitest.Event(t, d, "Friday Swiss")
	}
	f := &fixture{d: &counting{Director: d}, e: e, clock: uitest.Now}
	f.w = test.NewTempWindow(t, nil)
	f.k = New(f.d.screen(), work.Sync{}, f.w, e.ID, func() time.Time { return f.clock })
	f.k.after = func(_ time.Duration, run func()) { f.pending = append(f.pending, run) }
	f.k.OnChanged = func() { f.changed++ }
	f.k.OnExit = func() { f.exited++ }
	f.w.SetContent(f.k.Content())
	f.w.Resize(fyne.NewSize(1280, 800))
	return f
}

// flush runs the deck checks waiting for their delay.
func (f *fixture) flush() {
	p := f.pending
	f.pending = nil
	for _, run := range p {
		run()
	}
}

// wait moves the kiosk's clock on by d and ticks.
func (f *fixture) wait(d time.Duration) {
	f.clock = f.clock.Add(d)
	f.k.Tick(f.clock)
}

func (f *fixture) root() fyne.CanvasObject { return f.w.Content() }

func (f *fixture) entries(t *testing.T) []event.Entry {
	t.Helper()
	return uitest.Entries(t, f.d.Director, f.e.ID)
}

func (f *fixture) entry(t *testing.T, name string) event.Entry {
	t.Helper()
	return uitest.EntryNamed(t, f.d.Director, f.e.ID, name)
}

// texts is every visible label, rich text, button and entry text.
func (f *fixture) texts() []string {
	out := uitest.Texts(f.root())
	for _, o := range uitest.Objects(f.root()) {
		switch w := o.(type) {
		case *keyButton:
			out = append(out, w.Text)
		case *keyEntry:
			out = append(out, w.Text)
		}
	}
	return out
}

func (f *fixture) shows(text string) bool {
	for _, s := range f.texts() {
		if s == text {
			return true
		}
	}
	return false
}

func (f *fixture) mustShow(t *testing.T, text string) {
	t.Helper()
	if !f.shows(text) {
		t.Fatalf("the kiosk does not show %q; it shows %q", text, f.texts())
	}
}

// matches returns the names listed on the start screen.
func (f *fixture) matches() []string {
	var out []string
	for _, b := range f.k.start.buttons {
		if b.Visible() && f.k.current == f.k.start {
			out = append(out, b.Text)
		}
	}
	return out
}

func (f *fixture) button(t *testing.T, text string) *keyButton {
	t.Helper()
	for _, o := range uitest.Objects(f.root()) {
		if b, ok := o.(*keyButton); ok && b.Text == text {
			return b
		}
	}
	t.Fatalf("no button %q on screen; the kiosk shows %q", text, f.texts())
	return nil
}

func (f *fixture) typeSearch(text string) { test.Type(f.k.start.search, text) }

// find types q and presses Enter, as a player does for the first match.
func (f *fixture) find(q string) {
	f.typeSearch(q)
	key(f.k.start.search, fyne.KeyReturn)
}

func key(o fyne.Focusable, name fyne.KeyName) { o.TypedKey(&fyne.KeyEvent{Name: name}) }

// register enters players, with member numbers after a "|".
func register(t *testing.T, f *fixture, players ...string) {
	t.Helper()
	for _, p := range players {
		name, member, _ := strings.Cut(p, "|")
		if _, err := f.d.Registration.RegisterNew(t.Context(), f.e.ID, director.NewPlayer{Name: name, MemberNo: member}); err != nil {
			t.Fatal(err)
		}
	}
}

func TestTwoCharactersShowNoNameAndThreeShowNamesOnly(t *testing.T) {
	f := setup(t)
	register(t, f, "Zoë Ødegård|TK-1234", "Zoe Park|TK-5678", "李小龍")

	f.typeSearch("zo")
	if got := f.matches(); len(got) != 0 {
		t.Fatalf("two characters list %q", got)
	}
	f.mustShow(t, "Keep typing: names show from 3 letters.")

	f.typeSearch("ë")
	// Accents are ignored, so both Zoës match, Zoë first.
	if got := fmt.Sprint(f.matches()); got != "[Zoë Ødegård Zoe Park]" {
		t.Fatalf("\"zoë\" lists %s", got)
	}
	for _, s := range f.texts() {
		if strings.Contains(s, "TK-") {
			t.Errorf("the kiosk shows a member number: %q", s)
		}
	}

	f.k.start.search.SetText("Zoe P")
	if got := fmt.Sprint(f.matches()); got != "[Zoe Park]" {
		t.Errorf("\"Zoe P\" lists %s", got)
	}
	f.k.start.search.SetText("TK-5")
	if got := f.matches(); len(got) != 0 {
		t.Errorf("part of a member number lists %q", got)
	}
	f.k.start.search.SetText("tk-5678")
	if got := fmt.Sprint(f.matches()); got != "[Zoe Park]" {
		t.Errorf("a whole member number lists %s", got)
	}
	f.k.start.search.SetText("李小龍")
	if got := fmt.Sprint(f.matches()); got != "[李小龍]" {
		t.Errorf("\"李小龍\" lists %s", got)
	}
	f.k.start.search.SetText("xyz")
	f.mustShow(t, "Nobody by that name yet. New here? Choose “I'm new here”.")
}

func TestConfirmingChecksThePlayerInAndTellsTheOrganizer(t *testing.T) {
	f := setup(t)
	register(t, f, "Zoë Ødegård", "Zoe Park")

	f.find("zoe p")
	f.mustShow(t, "Are you Zoe Park?")
	test.Tap(f.button(t, "No, go back"))
	if f.k.current != f.k.start || f.k.start.search.Text != "zoe p" {
		t.Fatalf("No did not go back to the search: %q", f.texts())
	}
	if f.entry(t, "Zoe Park").CheckedIn || f.changed != 0 {
		t.Fatal("No checked the player in")
	}

	key(f.k.start.search, fyne.KeyReturn)
	test.Tap(f.button(t, "Yes, check me in"))
	if !f.entry(t, "Zoe Park").CheckedIn {
		t.Fatal("Zoe Park is not checked in")
	}
	if f.entry(t, "Zoë Ødegård").CheckedIn {
		t.Fatal("Zoë Ødegård was checked in too")
	}
	if f.changed != 1 {
		t.Errorf("OnChanged called %d times, want 1", f.changed)
	}
	f.mustShow(t, "You're checked in, Zoe Park. Good luck!")
	if f.k.done.deckButton.Visible() {
		t.Error("an event without deck rules offers to register a deck")
	}

	// Enter on the done screen is ready for the next player.
	key(f.w.Canvas().Focused(), fyne.KeyReturn)
	if f.k.current != f.k.start || f.k.start.search.Text != "" {
		t.Fatalf("Enter on the done screen did not go back to a clear start: %q", f.texts())
	}
	f.typeSearch("zoe park")
	if got := fmt.Sprint(f.matches()); got != "[Zoe Park · checked in]" {
		t.Errorf("after the check-in the match reads %s", got)
	}
}

func TestARegularFromTheDirectoryIsEnteredByCheckingIn(t *testing.T) {
	f := setup(t)
	other := uitest.Event(t, f.d.Director, "Last week")
	uitest.Players(t, f.d.Director, other.ID, "Ada Lovelace")

	f.typeSearch("ada")
	test.Tap(f.button(t, "Ada Lovelace"))
	test.Tap(f.button(t, "Yes, check me in"))
	if en := f.entry(t, "Ada Lovelace"); !en.CheckedIn || !en.Active() {
		t.Fatalf("Ada's entry = %+v", en)
	}
	if f.changed != 1 {
		t.Errorf("OnChanged called %d times", f.changed)
	}
}

func TestArrowKeysPickAMatchAndTypingWithNothingFocusedSearches(t *testing.T) {
	f := setup(t)
	register(t, f, "Sam Adams", "Sam Brown", "Sam Chen")

	f.w.Canvas().Unfocus()
	for _, r := range "sam" {
		f.w.Canvas().(interface{ OnTypedRune() func(rune) }).OnTypedRune()(r)
	}
	if f.k.start.search.Text != "sam" || len(f.matches()) != 3 {
		t.Fatalf("typing on the canvas: search %q, matches %q", f.k.start.search.Text, f.matches())
	}
	key(f.k.start.search, fyne.KeyDown)
	key(f.k.start.search, fyne.KeyDown)
	key(f.k.start.search, fyne.KeyUp)
	if f.k.start.buttons[1].Importance != widget.HighImportance {
		t.Fatal("the second match is not highlighted")
	}
	key(f.k.start.search, fyne.KeyReturn)
	f.mustShow(t, "Are you Sam Brown?")
	if f.w.Canvas().Focused() != f.k.confirm.yes {
		t.Fatal("Yes does not have the keyboard")
	}
	key(f.k.confirm.yes, fyne.KeyEscape)
	if f.k.current != f.k.start {
		t.Fatal("Esc did not go back")
	}

	// Tab reaches the matches, Enter on one picks it.
	f.k.focus(f.k.start.search)
	test.FocusNext(f.w.Canvas())
	if f.w.Canvas().Focused() != f.k.start.buttons[0] {
		t.Fatalf("Tab from the search reached %T", f.w.Canvas().Focused())
	}
	key(f.k.start.buttons[0], fyne.KeyDown)
	key(f.k.start.buttons[1], fyne.KeyDown)
	key(f.k.start.buttons[2], fyne.KeyReturn)
	f.mustShow(t, "Are you Sam Chen?")
}

func TestANewPlayerSignsUpAndIsCheckedIn(t *testing.T) {
	f := setup(t)
	register(t, f, "Zoë Ødegård|TK-1234")

	f.typeSearch("Noor")
	test.Tap(f.button(t, "I'm new here"))
	if f.k.signup.name.Text != "Noor" {
		t.Errorf("the name starts as %q", f.k.signup.name.Text)
	}
	f.k.signup.name.SetText("")
	test.Tap(f.button(t, "Sign up"))
	f.mustShow(t, "Please type your name.")

	test.Type(f.k.signup.name, "Noor Haddad")
	test.Type(f.k.signup.member, "TK-1234")
	key(f.k.signup.member, fyne.KeyReturn)
	f.mustShow(t, "Member number TK-1234 is already in use under another name; check the number, or leave it blank and see the organizer.")
	if len(f.entries(t)) != 1 || f.changed != 0 {
		t.Fatal("a refused sign-up was entered")
	}

	f.k.signup.member.SetText("TK-9")
	test.Tap(f.button(t, "Sign up"))
	en := f.entry(t, "Noor Haddad")
	if !en.CheckedIn || en.MemberNo != "TK-9" {
		t.Fatalf("Noor's entry = %+v", en)
	}
	if f.changed != 1 {
		t.Errorf("OnChanged called %d times", f.changed)
	}
	f.mustShow(t, "Welcome, Noor Haddad! You're signed up and checked in. Good luck!")
}

// alteredList is a legal Altered constructed deck when no card list is
// loaded: a Hero and 39 commons.
func alteredList() string {
	var b strings.Builder
	b.WriteString("Hero: Akesha & Taru\n")
	for i := 1; i <= 13; i++ {
		fmt.Fprintf(&b, "3 Axiom Card %d (C)\n", i)
	}
	return b.String()
}

func TestADeckIsCheckedAsItIsTypedAndSaved(t *testing.T) {
	f := setup(t, "altered", "standard-bo3")
	register(t, f, "Zoë Ødegård")

	f.find("zoë")
	test.Tap(f.button(t, "Yes, check me in"))
	test.Tap(f.button(t, "Register my deck"))
	f.mustShow(t, "Register your deck, Zoë Ødegård")
	// Found by name, she types her code from her slip first.
	f.mustShow(t, codeFirst)
	code, err := f.d.Phones.PlayerCode(t.Context(), f.entry(t, "Zoë Ødegård").ID)
	if err != nil {
		t.Fatal(err)
	}
	test.Type(f.k.code.field, "AAAAAA")
	key(f.k.code.field, fyne.KeyReturn)
	f.mustShow(t, wrongCode+" Try again in 3 seconds.")
	f.wait(3 * time.Second)
	test.Type(f.k.code.field, strings.ToLower(director.FormatPlayerCode(code)))
	test.Tap(f.button(t, "Continue"))
	f.mustShow(t, "Altered · Standard (best of three) · one card per line, like “3 Card Name”")

	// Pasted with four copies of a card: checked once, after the pause.
	four := strings.Replace(alteredList(), "3 Axiom Card 13", "4 Axiom Card 13", 1)
	f.k.deck.list.SetText(four[:20])
	f.k.deck.list.SetText(four)
	if f.d.checks != 0 {
		t.Fatalf("%d checks before the pause", f.d.checks)
	}
	f.flush()
	if f.d.checks != 1 {
		t.Fatalf("%d checks after the pause, want 1 (the latest list)", f.d.checks)
	}
	f.mustShow(t, "Not legal yet: 1 problem to fix")
	if got := f.k.deck.issueText(); !strings.Contains(got, `• "Axiom Card 13" has 4 copies; a constructed deck may have at most 3 of the same name, whatever their rarity. Remove 1. (A1)`) {
		t.Fatalf("the problems read %q", got)
	}
	if f.k.deck.issues[0].Importance != widget.DangerImportance {
		t.Error("a problem is not in red")
	}

	// Saved anyway, then fixed.
	test.Tap(f.button(t, "Save my deck"))
	f.mustShow(t, savedIllegal)
	if f.changed != 2 {
		t.Errorf("OnChanged called %d times, want 2 (check-in, deck)", f.changed)
	}
	test.Type(f.k.deck.name, "Axiom tempo")
	f.k.deck.list.SetText(alteredList())
	f.flush()
	f.mustShow(t, "Legal")
	if got := f.k.deck.issueText(); strings.Contains(got, "copies") {
		t.Errorf("a fixed deck still shows %q", got)
	}
	test.Tap(f.button(t, "Save my deck"))
	f.mustShow(t, "Your deck is registered, Zoë Ødegård. Good luck!")

	decks, err := f.d.Decks.Decks(t.Context(), f.e.ID)
	if err != nil {
		t.Fatal(err)
	}
	if len(decks) != 1 || decks[0].Deck.Name != "Axiom tempo" || !decks[0].Legal() || decks[0].Deck.List != strings.TrimSpace(alteredList()) {
		t.Fatalf("decks = %+v", decks)
	}
}

func TestTheWrongPINKeepsTheKioskAndTheRightOneLeavesIt(t *testing.T) {
	f := setup(t)
	if err := f.d.Kiosk.SetKioskPIN(t.Context(), "2468"); err != nil {
		t.Fatal(err)
	}
	register(t, f, "Zoë Ødegård")
	f.find("zoë")

	f.k.confirm.yes.TypedShortcut(&desktop.CustomShortcut{KeyName: fyne.KeyQ, Modifier: fyne.KeyModifierControl | fyne.KeyModifierShift})
	if f.k.current != f.k.pin {
		t.Fatal("Ctrl+Shift+Q did not open the PIN pad")
	}
	test.Type(f.k.pin.field, "1a357")
	if f.k.pin.field.Text != "1357" {
		t.Errorf("the PIN field took %q", f.k.pin.field.Text)
	}
	key(f.k.pin.field, fyne.KeyReturn)
	if f.exited != 0 {
		t.Fatal("a wrong PIN left the kiosk")
	}
	f.mustShow(t, "Wrong PIN. Wait 3 seconds.")
	if !f.button(t, "2").Disabled() || !f.k.pin.field.Disabled() {
		t.Fatal("the pad is not blocked after a wrong PIN")
	}

	f.wait(2 * time.Second)
	if !f.button(t, "2").Disabled() {
		t.Fatal("the pad opened before the delay")
	}
	f.wait(time.Second)
	if f.button(t, "2").Disabled() || f.shows("Wrong PIN. Wait 3 seconds.") {
		t.Fatal("the pad did not open after the delay")
	}
	for _, d := range "2468" {
		test.Tap(f.button(t, string(d)))
	}
	test.Tap(f.button(t, "OK"))
	if f.exited != 1 {
		t.Fatalf("OnExit called %d times, want 1", f.exited)
	}
	if f.k.current != f.k.start || f.k.start.search.Text != "" {
		t.Error("leaving did not reset the kiosk")
	}
}

func TestTheOrganizerButtonOpensThePINPadAndEscGoesBack(t *testing.T) {
	f := setup(t)
	register(t, f, "Zoë Ødegård")
	f.find("zoë")

	test.Tap(f.button(t, "Organizer"))
	if f.k.current != f.k.pin || f.w.Canvas().Focused() != f.k.pin.field {
		t.Fatal("the PIN pad is not open with the keyboard in it")
	}
	key(f.k.pin.field, fyne.KeyEscape)
	if f.k.current != f.k.confirm || !f.shows("Are you Zoë Ødegård?") {
		t.Fatal("Esc did not go back to the screen before")
	}
	key(f.k.confirm.yes, fyne.KeyF12)
	if f.k.current != f.k.pin {
		t.Fatal("F12 did not open the PIN pad")
	}
	test.Tap(f.button(t, "Cancel"))
	if f.k.current != f.k.confirm {
		t.Fatal("Cancel did not go back to the screen before")
	}
}

func TestWrongPINsInARowWaitLonger(t *testing.T) {
	f := setup(t)
	if err := f.d.Kiosk.SetKioskPIN(t.Context(), "2468"); err != nil {
		t.Fatal(err)
	}
	key(f.k.start.search, fyne.KeyF12)
	for _, want := range []string{"3", "3", "6", "12"} {
		if f.k.current != f.k.pin {
			f.k.ShowPIN() // the minute's wait went back to the start
		}
		test.Type(f.k.pin.field, "0000")
		key(f.k.pin.field, fyne.KeyReturn)
		f.mustShow(t, "Wrong PIN. Wait "+want+" seconds.")
		f.wait(time.Minute)
	}
	if f.exited != 0 {
		t.Fatal("a wrong PIN left the kiosk")
	}
}

func TestAfterAMinuteIdleTheKioskForgetsWhatWasTyped(t *testing.T) {
	f := setup(t)
	register(t, f, "Zoë Ødegård")

	f.typeSearch("zoë")
	f.wait(50 * time.Second)
	f.typeSearch(" ")
	f.wait(59 * time.Second)
	if f.k.start.search.Text != "zoë " || len(f.matches()) != 1 {
		t.Fatal("typing did not reset the idle timer")
	}
	key(f.k.start.search, fyne.KeyDown) // a key that changes nothing counts too
	f.wait(59 * time.Second)
	if f.k.start.search.Text != "zoë " {
		t.Fatal("a key did not reset the idle timer")
	}
	f.wait(time.Second)
	if f.k.start.search.Text != "" || len(f.matches()) != 0 || f.shows("Zoë Ødegård") {
		t.Fatalf("after 60 s idle the kiosk shows %q", f.texts())
	}

	// From any screen.
	f.find("zoë")
	test.Tap(f.button(t, "Organizer"))
	f.wait(IdleAfter)
	if f.k.current != f.k.start || f.shows("Zoë Ødegård") || f.shows("Are you Zoë Ødegård?") {
		t.Fatalf("idle on the PIN pad left %q", f.texts())
	}
	if f.entry(t, "Zoë Ødegård").CheckedIn {
		t.Fatal("idling checked a player in")
	}
}

func TestTheDoneScreenGoesBackToTheStartAfterAFewSeconds(t *testing.T) {
	f := setup(t)
	register(t, f, "Zoë Ødegård")
	f.find("zoë")
	test.Tap(f.button(t, "Yes, check me in"))
	// No code on it (found by name): the screen stays DoneAfter.
	f.wait(DoneAfter - time.Second)
	if f.k.current != f.k.done {
		t.Fatal("the done screen went too soon")
	}
	f.wait(time.Second)
	if f.k.current != f.k.start || f.shows("You're checked in, Zoë Ødegård. Good luck!") {
		t.Fatalf("after %v the kiosk shows %q", DoneAfter, f.texts())
	}
}

func TestCheckInClosesWhenRoundOneIsPaired(t *testing.T) {
	f := setup(t)
	entries := uitest.Players(t, f.d.Director, f.e.ID, "Ana", "Ben", "Cleo", "Dev")
	for _, en := range entries {
		if err := f.d.Registration.CheckIn(t.Context(), en.ID, true); err != nil {
			t.Fatal(err)
		}
	}
	// A player is signing up while the organizer pairs round 1.
	test.Tap(f.button(t, "I'm new here"))
	test.Type(f.k.signup.name, "Late Larry")
	uitest.Pair(t, f.d.Director, f.e.ID)
	test.Tap(f.button(t, "Sign up"))
	f.mustShow(t, "Check-in is closed. Please see the organizer.")
	if len(f.entries(t)) != 4 {
		t.Fatal("a player signed up after round 1 was paired")
	}

	// A regular from the directory, not entered yet, on a screen opened
	// before the pairing.
	test.Tap(f.button(t, "Done"))
	uitest.Players(t, f.d.Director, uitest.Event(t, f.d.Director, "Last week").ID, "Zoë Ødegård")
	f.k.start.setFindTables(false)
	f.find("zoë")
	test.Tap(f.button(t, "Yes, check me in"))
	f.mustShow(t, "Check-in is closed. Please see the organizer.")
	if len(f.entries(t)) != 4 || f.changed != 0 {
		t.Fatal("a player checked in after round 1 was paired")
	}

	// Ready for the next player, the kiosk finds tables and offers no
	// sign-up.
	test.Tap(f.button(t, "Done"))
	f.mustShow(t, "Find your table")
	if f.k.start.newHere.Visible() {
		t.Error("I'm new here is offered after round 1")
	}
}

func TestAskPINSavesAPINTypedTwice(t *testing.T) {
	test.NewTempApp(t)
	d := uitest.Director(t)
	w := test.NewTempWindow(t, nil)
	w.Resize(fyne.NewSize(900, 600))
	set := 0
	AskPIN(w, d.Kiosk, work.Sync{}, func() { set++ })
	top := w.Canvas().Overlays().Top()
	if top == nil {
		t.Fatal("no dialog")
	}
	pin := uitest.Entry(t, top, "4 to 8 digits")
	again := uitest.Entry(t, top, "The same digits again")
	button := uitest.Button(t, top, "Set PIN", 0)

	test.Type(pin, "1357")
	test.Type(again, "1358")
	if !button.Disabled() {
		t.Fatal("Set PIN is enabled for two different PINs")
	}
	again.SetText("1357")
	if button.Disabled() {
		t.Fatal("Set PIN is disabled for a good PIN")
	}
	test.Tap(button)
	if set != 1 {
		t.Fatalf("onSet called %d times", set)
	}
	if ok, err := d.Kiosk.CheckKioskPIN(t.Context(), "1357"); !ok || err != nil {
		t.Fatalf("the PIN was not saved: %v %v", ok, err)
	}
}

func TestLaunchAsksForAPINFirstThenOpensTheKioskFullScreen(t *testing.T) {
	a := test.NewTempApp(t)
	d := uitest.Director(t)
	e := uitest.Event(t, d, "Friday Swiss")
	parent := test.NewTempWindow(t, nil)
	parent.Resize(fyne.NewSize(900, 600))
	var k *Kiosk
	Launch(a, parent, depsOf(d), work.Sync{}, e.ID, func() time.Time { return uitest.Now }, func(opened *Kiosk) { k = opened; k.Stop() })
	if k != nil {
		t.Fatal("the kiosk opened without a PIN")
	}
	top := parent.Canvas().Overlays().Top()
	if top == nil {
		t.Fatal("no PIN dialog")
	}
	test.Type(uitest.Entry(t, top, "4 to 8 digits"), "2468")
	test.Type(uitest.Entry(t, top, "The same digits again"), "2468")
	test.Tap(uitest.Button(t, top, "Set PIN", 0))
	if k == nil {
		t.Fatal("the kiosk did not open once the PIN was set")
	}
	w := k.Window()
	if !w.FullScreen() || w.Content() != k.Content() {
		t.Fatal("the kiosk is not full screen in its own window")
	}

	// With a PIN set, Launch opens at once.
	var again *Kiosk
	Launch(a, parent, depsOf(d), work.Sync{}, e.ID, func() time.Time { return uitest.Now }, func(opened *Kiosk) { again = opened; again.Stop() })
	if again == nil {
		t.Fatal("the kiosk did not open with a PIN set")
	}
	again.Window().Close()

	// The right PIN closes the window and calls OnExit.
	exited := 0
	k.OnExit = func() { exited++ }
	open := len(a.Driver().AllWindows())
	k.exit()
	if exited != 1 || len(a.Driver().AllWindows()) != open-1 {
		t.Fatalf("after the PIN: OnExit %d times, %d of %d windows open", exited, len(a.Driver().AllWindows()), open)
	}
}

func TestEscClosesTheSetPINDialogWithoutSaving(t *testing.T) {
	test.NewTempApp(t)
	d := uitest.Director(t)
	w := test.NewTempWindow(t, nil)
	w.Resize(fyne.NewSize(900, 600))
	set := 0
	AskPIN(w, d.Kiosk, work.Sync{}, func() { set++ })
	c := w.Canvas()
	if c.Overlays().Top() == nil {
		t.Fatal("no dialog")
	}
	test.Type(c.Focused(), "1357")
	c.Focused().TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn}) // on to Confirm
	test.Type(c.Focused(), "1357")
	c.Focused().TypedKey(&fyne.KeyEvent{Name: fyne.KeyEscape})
	if c.Overlays().Top() != nil {
		t.Fatal("Esc left the Set the kiosk PIN dialog open")
	}
	if has, err := d.Kiosk.HasKioskPIN(t.Context()); has || err != nil || set != 0 {
		t.Fatalf("Esc saved the PIN (saved %v, onSet %d times, %v)", has, set, err)
	}
}
