package kiosk

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"tablekeeper/internal/testdb"
)

// A stranger at the desktop kiosk (issue 27) taps every name, checks each
// player in and presses "Register my deck": each time the kiosk asks for
// her player code, and his own code does not open her deck. 0 of the
// players' decks change.
func TestAStrangerAtTheDesktopKioskChangesNoPlayersDeck(t *testing.T) {
	f := setup(t, "altered", "standard-bo3")
	ctx := t.Context()
	var names []string
	for i := range 12 {
		names = append(names, fmt.Sprintf("Player %c%c", 'A'+i%4, 'a'+i))
	}
	register(t, f, append(names, "Una Regular|M-1")...)
	for _, en := range f.entries(t) {
		if _, err := f.d.Decks.SaveDeck(ctx, en.ID, "Own deck of "+en.Name, alteredList()); err != nil {
			t.Fatal(err)
		}
	}
	creds, err := f.d.Phones.RevealPlayerCodes(ctx, f.e.ID)
	if err != nil {
		t.Fatal(err)
	}
	before := testdb.Decks(t, f.d.Director, f.e.ID)
	mine := creds[f.entry(t, names[0]).ID].Code

	tries := 0
	try := func(who string) {
		t.Helper()
		f.mustShow(t, "You can register your deck now with the player code on your slip, or later at the organizer's desk.")
		test.Tap(f.button(t, "Register my deck"))
		if f.k.current != f.k.code {
			t.Fatalf("Register my deck for %s shows %q", who, f.texts())
		}
		f.mustShow(t, codeFirst)
		test.Type(f.k.code.field, mine)
		test.Tap(f.button(t, "Continue"))
		if f.k.current != f.k.code || !strings.HasPrefix(f.k.code.message.Text, wrongCode) {
			t.Fatalf("another player's code for %s: %q", who, f.texts())
		}
		tries++
		f.wait(time.Minute) // the longest wait after a wrong code
	}
	for _, n := range names[1:] {
		f.k.Reset()
		f.typeSearch(n)
		for i := range len(f.matches()) {
			f.k.Reset()
			f.typeSearch(n)
			test.Tap(f.k.start.buttons[i])
			test.Tap(f.button(t, "Yes, check me in"))
			try(n)
		}
	}
	// A regular's own member number checks her in: she is no new player.
	f.k.Reset()
	f.typeSearch("Una Regular")
	test.Tap(f.button(t, "I'm new here"))
	f.k.signup.name.SetText("Una Regular")
	f.k.signup.member.SetText("M-1")
	test.Tap(f.button(t, "Sign up"))
	if f.k.current == f.k.sameName {
		test.Tap(f.k.sameName.buttons[0])
	}
	try("Una Regular")
	if tries < len(names) {
		t.Fatalf("only %d names were tried of %d", tries, len(names))
	}
	after := testdb.Decks(t, f.d.Director, f.e.ID)
	changed := testdb.ChangedDecks(before, after)
	if changed != 0 || len(after) != len(before) {
		t.Fatalf("a stranger changed %d decks of %d", changed, len(before))
	}
}

// Wrong codes wait as wrong PINs do, longer in a row whoever types them
// (going back and tapping the name again gives no quicker try), until
// ten minutes pass without one.
func TestWrongPlayerCodesWaitLongerInARow(t *testing.T) {
	f := setup(t, "altered", "standard-bo3")
	register(t, f, "Zoë Ødegård")
	open := func() {
		f.k.Reset()
		f.find("zoe")
		test.Tap(f.button(t, "Yes, check me in"))
		test.Tap(f.button(t, "Register my deck"))
	}
	for i, want := range []string{"3 seconds", "3 seconds", "6 seconds", "12 seconds"} {
		open()
		if i > 0 && !f.k.code.field.Disabled() {
			// the wait of the try before is not over: nothing is checked
			t.Fatalf("try %d: the field takes a code during the wait", i+1)
		}
		f.wait(wrongDelay(i))
		test.Type(f.k.code.field, "AAAAAA")
		key(f.k.code.field, fyne.KeyReturn)
		f.mustShow(t, wrongCode+" Try again in "+want+".")
	}
	f.wait(forgetWrong)
	open()
	test.Type(f.k.code.field, "AAAAAA")
	key(f.k.code.field, fyne.KeyReturn)
	f.mustShow(t, wrongCode+" Try again in 3 seconds.")
}

// A brand-new player goes from her sign-up straight to her deck: the
// kiosk has just given her her code.
func TestANewPlayerRegistersHerDeckRightAfterSigningUp(t *testing.T) {
	f := setup(t, "altered", "standard-bo3")
	f.typeSearch("Noor")
	test.Tap(f.button(t, "I'm new here"))
	f.k.signup.name.SetText("Noor Haddad")
	test.Tap(f.button(t, "Sign up"))
	test.Tap(f.button(t, "Register my deck"))
	if f.k.current != f.k.deck {
		t.Fatalf("a new player's deck shows %q", f.texts())
	}
	f.k.deck.list.SetText(alteredList())
	test.Tap(f.button(t, "Save my deck"))
	f.mustShow(t, "Your deck is registered, Noor Haddad. Good luck!")
	if got := testdb.Decks(t, f.d.Director, f.e.ID)[f.entry(t, "Noor Haddad").ID]; got == "" {
		t.Fatal("her deck is not saved")
	}
}
