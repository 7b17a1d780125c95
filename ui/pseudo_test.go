package ui

import (
	"io"
	"strings"
	"testing"

	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"

	"tablekeeper/core/event"
	"tablekeeper/core/i18n/pseudo"
	"tablekeeper/core/sim"
	"tablekeeper/ui/internal/tr"
	"tablekeeper/ui/internal/uitest"
)

// The desktop screens said in the pseudo-locale have no word left in
// plain English: the sidebar, each tab of an event (the demo: a round open,
// results half in; a Swiss with its top 8 played), the Decks, Set time and
// Missing results dialogs, the new-event form, the Leagues screen and the
// store network's panel. Names, numbers and times aside, every word a
// reader sees passed through a translation.
func TestPseudoEveryScreenIsTranslated(t *testing.T) {
	if !pseudo.Run(t) {
		return
	}
	if got := tr.Setup(string(pseudo.Lang)); got != pseudo.Lang {
		t.Fatalf("Setup = %q", got)
	}
	ctx := t.Context()
	d := uitest.Director(t)
	demo, err := sim.Demo(ctx, d, 7)
	if err != nil {
		t.Fatal(err)
	}
	swiss, err := sim.New(d, io.Discard, 7).Play(ctx, sim.Plan{Game: "generic", Format: "swiss-top8", Players: 12})
	if err != nil {
		t.Fatal(err)
	}
	// The program's name and the league formats' proper names (the SWS
	// rules' Lackey League and Proving Ground) are said as they are.
	names := []string{"Tablekeeper", event.LeagueLackey.Title(), event.LeagueProvingGround.Title()}
	for _, id := range []event.EventID{demo, swiss} {
		e, err := d.Events.Event(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		names = append(names, e.Name)
		entries, _ := d.Registration.Entries(ctx, id)
		for _, en := range entries {
			names = append(names, en.Name, en.MemberNo)
		}
	}
	s, w := newWindow(t, ServicesOf(d), Options{})
	check := func(where string) {
		t.Helper()
		root := w.Content()
		if top := w.Canvas().Overlays().Top(); top != nil {
			root = top
		}
		seen := map[string]bool{}
		for _, u := range pseudo.Untranslated(strings.Join(uitest.Drawn(root), "\n"), names...) {
			if word, _, _ := strings.Cut(u, " in "); !seen[word] {
				seen[word] = true
				t.Errorf("%s: %s", where, u)
			}
		}
	}
	// dialog taps the button of key on the open tab and checks what opens
	// over the window, then closes it.
	dialog := func(key string) {
		t.Helper()
		test.Tap(uitest.Button(t, w.Content(), tr.L(key), 0))
		if w.Canvas().Overlays().Top() == nil {
			t.Fatalf("%s opens nothing", key)
		}
		check(key)
		w.Canvas().Overlays().Remove(w.Canvas().Overlays().Top())
	}
	s.open(demo)
	s.view.tabs.Select(s.view.regTab)
	dialog("Decks…")
	s.view.tabs.Select(s.view.roundTab)
	dialog("Set time…")
	dialog("Missing results (F2)")
	for _, id := range []event.EventID{demo, swiss} {
		s.open(id)
		v := s.view
		for _, tab := range []*container.TabItem{v.regTab, v.roundTab, v.standingsTab, v.judgeTab, v.logTab} {
			v.tabs.Select(tab)
			check(string(rune('0'+id)) + " " + tab.Text)
		}
	}
	s.onLeagues()
	check("Leagues")
	s.onNetwork()
	check("Store network")
	test.Tap(uitest.Button(t, w.Content(), tr.L("New event"), 0))
	check("New event")
}
