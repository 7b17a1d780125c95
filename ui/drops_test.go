package ui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/ui/internal/uitest"
)

// askDrop has a player ask from her phone to drop.
func askDrop(t *testing.T, d *director.Director, e event.Event, en event.Entry) {
	t.Helper()
	if _, err := d.Drops.RequestDrop(t.Context(), director.PlayerSession{Event: e.ID, Entry: en.ID, Name: en.Name, Device: "phone-" + en.Name}); err != nil {
		t.Fatal(err)
	}
}

// Pairing the next round while players asked to drop asks first, naming
// them: Cancel pairs nothing and shows the Round tab; Pair anyway pairs
// them; Accept all and pair drops them and pairs without them.
func TestPairingWithOpenDropRequestsAsksFirst(t *testing.T) {
	ctx := t.Context()
	d := uitest.Director(t)
	e := uitest.Event(t, d, "Drop night")
	es := uitest.Players(t, d, e.ID, "Ada Lovelace", "Bob Stone", "Carol Reed", "Dan Brown", "Eve Moss", "Finn Hale")
	askDrop(t, d, e, es[0])
	askDrop(t, d, e, es[3])
	s, w := newWindow(t, ServicesOf(d), Options{OpenEvent: e.ID})
	test.Tap(s.view.pairButton)
	top := w.Canvas().Overlays().Top()
	said := strings.Join(uitest.Texts(top), " ")
	if top == nil || !strings.Contains(said, "2 players asked from their phone to drop and wait for your answer: Ada Lovelace, Dan Brown.") {
		t.Fatalf("no question naming both: %q", said)
	}
	// Enter cancels: nothing paired, the Round tab shows the requests.
	pressEnter(w.Canvas())
	if rs, _ := d.Rounds.Rounds(ctx, e.ID); len(rs) != 0 || s.view.tabs.Selected() != s.view.roundTab {
		t.Fatalf("cancelled: %d rounds, tab %q", len(rs), s.view.tabs.Selected().Text)
	}
	if !uitest.HasText(w.Content(), "Drop requests: 2 players asked to drop") {
		t.Errorf("the Round tab does not list the requests: %q", uitest.Texts(w.Content()))
	}
	test.Tap(s.view.pairButton)
	test.Tap(uitest.Button(t, w.Canvas().Overlays().Top(), "Accept all and pair", 0))
	rs, _ := d.Rounds.Rounds(ctx, e.ID)
	if len(rs) != 1 || len(rs[0].Tables) != 2 {
		t.Fatalf("accepted and paired: %+v", rs)
	}
	for _, tb := range rs[0].Tables {
		for _, st := range tb.Seats {
			if st.EntryID == es[0].ID || st.EntryID == es[3].ID {
				t.Fatalf("round 1 pairs a player who asked to drop: %+v", tb)
			}
		}
	}
	if open, _ := d.Drops.OpenDropRequests(ctx, e.ID); len(open) != 0 {
		t.Fatalf("still open: %+v", open)
	}
}

// Pair anyway pairs a player who asked, and her request still waits.
func TestPairAnywayKeepsTheRequestWaiting(t *testing.T) {
	ctx := t.Context()
	d := uitest.Director(t)
	e := uitest.Event(t, d, "Drop night")
	es := uitest.Players(t, d, e.ID, "Ada Lovelace", "Bob Stone", "Carol Reed", "Dan Brown")
	askDrop(t, d, e, es[1])
	s, w := newWindow(t, ServicesOf(d), Options{OpenEvent: e.ID})
	test.Tap(s.view.pairButton)
	test.Tap(uitest.Button(t, w.Canvas().Overlays().Top(), "Pair anyway", 0))
	if rs, _ := d.Rounds.Rounds(ctx, e.ID); len(rs) != 1 || len(rs[0].Tables) != 2 {
		t.Fatalf("paired anyway: %+v", rs)
	}
	if open, _ := d.Drops.OpenDropRequests(ctx, e.ID); len(open) != 1 {
		t.Fatalf("open requests: %+v", open)
	}
}
