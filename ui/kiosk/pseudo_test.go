package kiosk

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"tablekeeper/core/director"
	"tablekeeper/core/i18n/pseudo"
	"tablekeeper/ui/internal/tr"
	"tablekeeper/ui/internal/uitest"
)

// The kiosk said in the pseudo-locale has no word left in plain English
// on any of its screens: the start, the matches, the confirmation, the
// sign-up and its welcome, the PIN pad, the player code a deck needs
// (refused), and after round 1 the table a player
// finds. Names and numbers aside, every word passed through a translation.
func TestPseudoEveryKioskScreenIsTranslated(t *testing.T) {
	if !pseudo.Run(t) {
		return
	}
	tr.Setup(string(pseudo.Lang))
	f := setup(t, "altered", "standard-bo3")
	register(t, f, "Zoë Ødegård|TK-1234", "Ana Ortiz", "Ben Stone", "Cleo Park")
	names := []string{"Zoë Ødegård", "TK-1234", "Ana Ortiz", "Ben Stone", "Cleo Park", "Altered Saturday", "Noor", "zoë", "ana"} // and what is typed
	check := func(where string, want screen) {
		t.Helper()
		if f.k.current != want {
			t.Fatalf("%s: the kiosk is not on that screen", where)
		}
		drawn := uitest.Drawn(f.root())
		seen := map[string]bool{}
		for _, u := range pseudo.Untranslated(strings.Join(drawn, "\n"), names...) {
			if word, _, _ := strings.Cut(u, " in "); !seen[word] {
				seen[word] = true
				t.Errorf("%s: %s", where, u)
			}
		}
	}
	check("start", f.k.start)
	f.typeSearch("zoë")
	check("matches", f.k.start)
	key(f.k.start.search, fyne.KeyReturn)
	check("confirm", f.k.confirm)
	key(f.k.confirm.yes, fyne.KeyF12)
	check("PIN pad", f.k.pin)
	key(f.k.pin.field, fyne.KeyEscape)
	test.Tap(f.button(t, tr.L("Yes, check me in")))
	test.Tap(f.button(t, tr.L("Register my deck")))
	test.Type(f.k.code.field, "AAAAAA")
	key(f.k.code.field, fyne.KeyReturn)
	check("player code, refused", f.k.code)

	f.k.Reset()
	f.typeSearch("Noor")
	test.Tap(f.button(t, tr.L("I'm new here")))
	check("sign-up", f.k.signup)
	test.Tap(f.button(t, tr.L("Sign up")))
	for _, en := range f.entries(t) { // her player code is data, as her name is
		if code, err := f.d.Phones.PlayerCode(t.Context(), en.ID); err == nil {
			names = append(names, director.FormatPlayerCode(code))
		}
	}
	check("signed up", f.k.done)

	// After round 1: a player finds their table.
	ctx := t.Context()
	for _, en := range f.entries(t) {
		if err := f.d.Registration.CheckIn(ctx, en.ID, true); err != nil {
			t.Fatal(err)
		}
	}
	r := uitest.Pair(t, f.d.Director, f.e.ID)
	if _, err := f.d.Clocks.StartClock(ctx, f.e.ID, r.Number); err != nil {
		t.Fatal(err)
	}
	f.k.Reset()
	check("find my table", f.k.start)
	f.find("ana")
	check("table", f.k.table)
}
