package kiosk

import (
	"fmt"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"tablekeeper/core/clock"
	"tablekeeper/core/event"
	"tablekeeper/ui/internal/uitest"
)

// After round 1 the kiosk is a read-only "find my table" station
// (issue 11): a name leads to the table, seat, opponent and the time left
// on the round's clock; nobody checks in or signs up.
func TestKioskFindMyTableShowsTableOpponentAndTimeLeft(t *testing.T) {
	f := setup(t)
	ctx := t.Context()
	entries := uitest.Players(t, f.d.Director, f.e.ID, "Ana Ortiz", "Ben Stone", "Cleo Park", "Dev Patel", "Émile Roux")
	for _, en := range entries {
		if err := f.d.Registration.CheckIn(ctx, en.ID, true); err != nil {
			t.Fatal(err)
		}
	}
	r, err := f.d.Rounds.PairNextRound(ctx, f.e.ID)
	if err != nil {
		t.Fatal(err)
	}
	f.k.Reset()
	f.mustShow(t, findTitle)
	if f.k.start.newHere.Visible() {
		t.Fatal("I'm new here is offered after round 1")
	}
	f.typeSearch("ana")
	f.mustShow(t, "The pairings for round 1 are not out yet. Please wait for the organizer.")
	if len(f.matches()) != 0 {
		t.Fatal("a draft round's table is shown")
	}

	uitest.Publish(t, f.d.Director, f.e.ID, 1)
	if _, err := f.d.Clocks.StartClock(ctx, f.e.ID, 1); err != nil {
		t.Fatal(err)
	}
	rc, err := f.d.Clocks.RoundClockOf(ctx, f.e.ID, 1)
	if err != nil || !clock.Timed(rc.Clock) {
		t.Fatalf("the round clock %+v, %v", rc, err)
	}
	names := map[event.EntryID]string{}
	for _, en := range entries {
		names[en.ID] = en.Name
	}
	for _, tb := range r.Tables {
		for k, s := range tb.Seats {
			f.k.Reset()
			// Accents and case are ignored: "emile" finds Émile.
			f.typeSearch(event.FoldName(names[s.EntryID])[:4])
			if got := fmt.Sprint(f.matches()); got != "["+names[s.EntryID]+"]" {
				t.Fatalf("%s: the search lists %s", names[s.EntryID], got)
			}
			key(f.k.start.search, fyne.KeyReturn)
			if f.k.current != f.k.table {
				t.Fatalf("Enter did not show %s's table", names[s.EntryID])
			}
			f.mustShow(t, names[s.EntryID])
			if tb.Bye {
				f.mustShow(t, "Bye")
				f.mustShow(t, "You have a bye in round 1: no game to play this round.")
				continue
			}
			f.mustShow(t, fmt.Sprintf("Table %d", tb.Number))
			f.mustShow(t, fmt.Sprintf("Seat %d · against %s", k+1, names[tb.Seats[1-k].EntryID]))
			f.mustShow(t, "Round 1 · "+clock.Format(clock.Remaining(rc.Clock, f.clock))+" left")
		}
	}

	// The time left follows the kiosk's clock while the table shows.
	f.k.Reset()
	f.find("ana")
	before := f.clock
	f.wait(5 * time.Second)
	if f.k.current != f.k.table {
		t.Fatal("the table went after 5 seconds")
	}
	f.mustShow(t, "Round 1 · "+clock.Format(clock.Remaining(rc.Clock, before.Add(5*time.Second)))+" left")
	f.wait(TableAfter)
	if f.k.current != f.k.start || f.shows("Ana Ortiz") {
		t.Fatalf("after %v the kiosk shows %q", TableAfter, f.texts())
	}
	if f.changed != 0 {
		t.Error("finding a table changed an entry")
	}

	// A player who dropped is sent to the organizer.
	if err := f.d.Registration.Drop(ctx, entries[1].ID); err != nil {
		t.Fatal(err)
	}
	late := uitest.Players(t, f.d.Director, f.e.ID, "Ben Late")
	f.typeSearch("ben")
	if got := fmt.Sprint(f.matches()); got != "[Ben Stone Ben Late]" {
		t.Fatalf("ben lists %s", got)
	}
	test.Tap(f.button(t, late[0].Name))
	f.mustShow(t, "You're not playing in round 1. Please see the organizer.")
}
