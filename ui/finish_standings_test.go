package ui

import (
	"testing"

	"tablekeeper/core/event"
	"tablekeeper/ui/internal/uitest"
)

// An event finished by another front-end of the same director: the open
// Standings tab says Final standings at once, not "after round 1" until
// the tab is opened again.
func TestTheOpenStandingsSayFinalOnceTheEventIsFinished(t *testing.T) {
	ctx := t.Context()
	d := uitest.Director(t)
	e := uitest.Event(t, d, "Short night")
	uitest.Players(t, d, e.ID, "Ada Lovelace", "Bob Stone")
	uitest.Pair(t, d, e.ID)
	if err := d.Rounds.RecordResult(ctx, e.ID, 1, 1, event.Result{Seats: []event.SeatResult{{GamesWon: 2}, {GamesWon: 0}}}); err != nil {
		t.Fatal(err)
	}
	s, w := newWindow(t, ServicesOf(d), Options{OpenEvent: e.ID})
	s.view.tabs.Select(s.view.standingsTab)
	if !uitest.HasText(w.Content(), "Standings after round 1") {
		t.Fatalf("before Finish the tab shows %q", uitest.Texts(w.Content()))
	}
	if err := d.Events.FinishEvent(ctx, e.ID); err != nil {
		t.Fatal(err)
	}
	if !uitest.HasText(w.Content(), "Final standings") || uitest.HasText(w.Content(), "Standings after round 1") {
		t.Errorf("after Finish the open Standings tab shows %q", uitest.Texts(w.Content()))
	}
}
