package kiosk

import (
	"context"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"tablekeeper/core/director"
)

// A player who checks in, or signs up, reads her player code ("ABC-234")
// on the done screen, to sign in on her phone; the next visit's screen
// has no code of hers, and a deck saved says none.
func TestTheDoneScreenShowsThePlayerHerCode(t *testing.T) {
	f := setup(t)
	register(t, f, "Zoë Ødegård", "Zoe Park")

	f.typeSearch("zoe p")
	key(f.k.start.search, fyne.KeyReturn)
	test.Tap(f.button(t, "Yes, check me in"))
	code, err := f.d.PlayerCode(context.Background(), f.entry(t, "Zoe Park").ID)
	if err != nil {
		t.Fatal(err)
	}
	f.mustShow(t, "Your player code: "+director.FormatPlayerCode(code))
	f.mustShow(t, "Use it on your phone to send your decklist and report results: find your name on the event's page and type the code. Keep it to yourself.")

	key(f.w.Canvas().Focused(), fyne.KeyReturn)
	if f.shows("Your player code: " + director.FormatPlayerCode(code)) {
		t.Fatalf("the start screen still shows Zoe's code: %q", f.texts())
	}

	f.typeSearch("Noor")
	test.Tap(f.button(t, "I'm new here"))
	f.k.signup.name.SetText("Noor Haddad")
	test.Tap(f.button(t, "Sign up"))
	f.mustShow(t, "Welcome, Noor Haddad! You're signed up and checked in. Good luck!")
	noor, err := f.d.PlayerCode(context.Background(), f.entry(t, "Noor Haddad").ID)
	if err != nil {
		t.Fatal(err)
	}
	f.mustShow(t, "Your player code: "+director.FormatPlayerCode(noor))
	if f.shows("Your player code: " + director.FormatPlayerCode(code)) {
		t.Error("Noor's screen shows Zoe's code")
	}
}
