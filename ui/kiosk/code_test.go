package kiosk

import (
	"fmt"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"tablekeeper/core/director"
	"tablekeeper/ui/internal/uitest"
)

// A player found by name ("Yes, check me in") is told where her code is,
// never shown it: anyone can tap a name. A brand-new player reads her own
// new code ("ABC-234") on the done screen, to sign in on her phone; the
// next visit's screen has no code of hers.
func TestTheDoneScreenShowsOnlyANewPlayerHerCode(t *testing.T) {
	f := setup(t)
	register(t, f, "Zoë Ødegård", "Zoe Park")
	code, err := f.d.Phones.PlayerCode(t.Context(), f.entry(t, "Zoe Park").ID)
	if err != nil {
		t.Fatal(err)
	}

	f.find("zoe p")
	test.Tap(f.button(t, "Yes, check me in"))
	f.mustShow(t, "You're checked in, Zoe Park. Good luck!")
	f.mustShow(t, "Your player code, for your phone, is on your player slip; the organizer gives it to you at the desk.")
	for _, s := range f.texts() {
		if strings.Contains(s, code) || strings.Contains(s, director.FormatPlayerCode(code)) || strings.HasPrefix(s, "Your player code:") {
			t.Fatalf("checking in by name shows a code: %q", s)
		}
	}

	key(f.w.Canvas().Focused(), fyne.KeyReturn)
	f.typeSearch("Noor")
	test.Tap(f.button(t, "I'm new here"))
	f.k.signup.name.SetText("Noor Haddad")
	test.Tap(f.button(t, "Sign up"))
	f.mustShow(t, "Welcome, Noor Haddad! You're signed up and checked in. Good luck!")
	noor, err := f.d.Phones.PlayerCode(t.Context(), f.entry(t, "Noor Haddad").ID)
	if err != nil {
		t.Fatal(err)
	}
	f.mustShow(t, "Your player code: "+director.FormatPlayerCode(noor))
	f.mustShow(t, "Use it on your phone to send your decklist and report results: find your name on the event's page and type the code. Keep it to yourself.")
	if f.k.done.after != CodeAfter {
		t.Errorf("the screen with a code stays %v, want %v", f.k.done.after, CodeAfter)
	}
	key(f.w.Canvas().Focused(), fyne.KeyReturn)
	if f.shows("Your player code: " + director.FormatPlayerCode(noor)) {
		t.Fatalf("the start screen still shows Noor's code: %q", f.texts())
	}
}

// The desktop kiosk gives nobody another player's code (issue 27):
// walking every name, tapping each and saying "Yes, check me in", and
// signing up under each name ("Is this you?") shows 0 codes of existing
// players on any screen.
func TestTheDesktopKioskWalkingEveryNameHarvestsNoCode(t *testing.T) {
	f := setup(t)
	ctx := t.Context()
	var names []string
	for i := range 12 {
		names = append(names, fmt.Sprintf("Player %c%c", 'A'+i%4, 'a'+i))
	}
	register(t, f, names...)
	creds, err := f.d.Phones.RevealPlayerCodes(ctx, f.e.ID)
	if err != nil {
		t.Fatal(err)
	}
	var seen []string
	look := func() { seen = append(seen, f.texts()...) }
	for _, n := range names {
		f.k.Reset()
		f.typeSearch(n)
		look()
		shown := len(f.matches())
		for i := range shown {
			f.k.Reset()
			f.typeSearch(n)
			test.Tap(f.k.start.buttons[i])
			look()
			test.Tap(f.button(t, "Yes, check me in"))
			look()
		}
		f.k.Reset()
		f.typeSearch(n)
		test.Tap(f.button(t, "I'm new here"))
		test.Tap(f.button(t, "Sign up"))
		look()
		if f.k.current != f.k.sameName {
			t.Fatalf("signing up as %s, who is known, shows %q", n, f.texts())
		}
	}
	all := strings.Join(seen, "\n")
	harvested := 0
	for _, c := range creds {
		if strings.Contains(all, c.Code) || strings.Contains(all, director.FormatPlayerCode(c.Code)) || strings.Contains(all, c.Token) {
			harvested++
		}
	}
	if harvested != 0 || strings.Contains(all, "Your player code:") {
		t.Fatalf("the desktop kiosk showed %d codes of %d players", harvested, len(creds))
	}
	if len(f.entries(t)) != len(names) {
		t.Fatalf("the walk added players: %d entries", len(f.entries(t)))
	}
}

// After "find my table" the next player finds an empty start screen,
// whether this one pressed Done, Enter, Esc or walked away.
func TestFindMyTableLeavesNothingForTheNextPlayer(t *testing.T) {
	f := setup(t)
	ctx := t.Context()
	for _, en := range uitest.Players(t, f.d.Director, f.e.ID, "Ana Ortiz", "Ben Stone", "Cleo Park", "Dev Patel") {
		if err := f.d.Registration.CheckIn(ctx, en.ID, true); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := f.d.Rounds.PairNextRound(ctx, f.e.ID); err != nil {
		t.Fatal(err)
	}
	uitest.Publish(t, f.d.Director, f.e.ID, 1)
	f.k.Reset()
	for _, leave := range []string{"Done", "Enter", "Esc", "idle"} {
		f.find("ana")
		if f.k.current != f.k.table {
			t.Fatalf("%s: Enter did not show Ana's table: %q", leave, f.texts())
		}
		switch leave {
		case "Done":
			test.Tap(f.button(t, "Done"))
		case "Enter":
			key(f.w.Canvas().Focused(), fyne.KeyReturn)
		case "Esc":
			key(f.w.Canvas().Focused(), fyne.KeyEscape)
		default:
			f.wait(TableAfter)
		}
		if f.k.current != f.k.start || f.k.start.search.Text != "" || len(f.matches()) != 0 || f.shows("Ana Ortiz") {
			t.Fatalf("after %s the next player finds %q on the start screen (search %q)", leave, f.texts(), f.k.start.search.Text)
		}
	}
}
