package kiosk

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"tablekeeper/ui/internal/uitest"
)

// Ghost sign-up (issue 11): "I'm new here" with "chris lee" while Chris
// Lee is registered and checked in asks "Is this you?"; choosing the name
// leads to that entry, and no second player is registered.
func TestKioskGhostSignUpAsksIsThisYouAndLeadsToTheEntry(t *testing.T) {
	f := setup(t)
	register(t, f, "Chris Lee", "Zoë Ødegård")
	if err := f.d.Registration.CheckIn(t.Context(), f.entry(t, "Chris Lee").ID, true); err != nil {
		t.Fatal(err)
	}
	f.typeSearch("chris lee")
	test.Tap(f.button(t, "I'm new here"))
	test.Tap(f.button(t, "Sign up"))
	f.mustShow(t, sameNameTitle)
	f.mustShow(t, "A player called “chris lee” is already signed up for this event. If that's you, choose your name.")
	if f.w.Canvas().Focused() != f.k.sameName.buttons[0] {
		t.Error("the name does not have the keyboard")
	}
	test.Tap(f.button(t, "Yes, I'm Chris Lee · checked in"))
	f.mustShow(t, "You're already checked in, Chris Lee. Good luck!")
	if n := len(f.entries(t)); n != 2 || f.changed != 0 {
		t.Fatalf("%d entries, OnChanged %d times: a ghost was registered", n, f.changed)
	}

	// "zoe odegard", not checked in: choosing her checks her in.
	key(f.w.Canvas().Focused(), fyne.KeyReturn)
	test.Tap(f.button(t, "I'm new here"))
	test.Type(f.k.signup.name, "zoe odegard")
	key(f.k.signup.name, fyne.KeyReturn)
	key(f.k.signup.member, fyne.KeyReturn)
	f.mustShow(t, sameNameTitle)
	// Back keeps the form as typed.
	key(f.w.Canvas().Focused(), fyne.KeyEscape)
	if f.k.current != f.k.signup || f.k.signup.name.Text != "zoe odegard" {
		t.Fatalf("Esc did not go back to the form: %q", f.texts())
	}
	test.Tap(f.button(t, "Sign up"))
	key(f.w.Canvas().Focused(), fyne.KeyReturn)
	f.mustShow(t, "You're checked in, Zoë Ødegård. Good luck!")
	if en := f.entry(t, "Zoë Ødegård"); !en.CheckedIn || len(f.entries(t)) != 2 || f.changed != 1 {
		t.Fatalf("Zoë: %+v; %d entries", en, len(f.entries(t)))
	}
}

// A true namesake is added only after saying so, and the organizer's list
// marks the entry.
func TestKioskGhostSignUpANamesakeSaysSoAndIsMarked(t *testing.T) {
	f := setup(t)
	register(t, f, "Chris Lee")
	test.Tap(f.button(t, "I'm new here"))
	test.Type(f.k.signup.name, "Chris Lee")
	test.Tap(f.button(t, "Sign up"))
	f.mustShow(t, sameNameTitle)
	if len(f.entries(t)) != 1 {
		t.Fatal("asking registered a player")
	}
	test.Tap(f.button(t, someoneElse))
	f.mustShow(t, "Welcome, Chris Lee! You're signed up and checked in. Good luck!")
	f.mustShow(t, "Another player has the same name: please tell the organizer, so that you two are not mixed up.")
	entries := f.entries(t)
	if len(entries) != 2 || entries[0].Namesake || !entries[1].Namesake || !entries[1].CheckedIn {
		t.Fatalf("entries %+v", entries)
	}
	if f.changed != 1 {
		t.Errorf("OnChanged called %d times", f.changed)
	}
	// After the idle time (the done screen shows her player code) the
	// question is forgotten.
	f.wait(CodeAfter)
	if f.k.current != f.k.start || f.shows(sameNameTitle) {
		t.Fatal("the kiosk did not go back to the start")
	}
}

// A regular from the directory who signs up again is led to their own
// player: entered by checking in, not created twice.
func TestKioskGhostSignUpLeadsARegularToTheirDirectoryPlayer(t *testing.T) {
	f := setup(t)
	uitest.Players(t, f.d.Director, uitest.Event(t, f.d.Director, "Last week").ID, "Ana Ortiz")
	test.Tap(f.button(t, "I'm new here"))
	test.Type(f.k.signup.name, "ANA ORTIZ")
	test.Tap(f.button(t, "Sign up"))
	f.mustShow(t, "A player called “ANA ORTIZ” has played here before. If that's you, choose your name.")
	test.Tap(f.button(t, "Yes, I'm Ana Ortiz"))
	f.mustShow(t, "You're checked in, Ana Ortiz. Good luck!")
	players, err := f.d.Registration.FindPlayers(t.Context(), "ana ortiz", 10)
	if err != nil || len(players) != 1 {
		t.Fatalf("the directory has %d Ana Ortiz, %v", len(players), err)
	}
	if en := f.entry(t, "Ana Ortiz"); en.PlayerID != players[0].ID || !en.CheckedIn {
		t.Fatalf("Ana's entry %+v", en)
	}
}
