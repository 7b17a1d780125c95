package director_test

import (
	"context"
	"errors"
	"testing"

	"tablekeeper/core/event"
	"tablekeeper/core/storage"
	"tablekeeper/internal/testdb"
)

// Rule G2: "a player registers once per event; late entries; drops (a
// dropped player is never paired again, keeps results); re-instating a
// mistaken drop." Registering the same player twice is refused; a player
// dropped after round 1 sits out round 2 and keeps the points of round 1; a
// late entry made after round 2 joins round 3; the mistaken drop is
// re-instated and paired again in round 3.
func TestG2RegisterOnceLateEntryDropAndReinstate(t *testing.T) {
	ctx, d, e := alteredEvent(t, "standard-bo1")
	es := register(t, d, e.ID, "Ada", "Bram", "Chiara", "Dmitri", "Elif")
	if _, err := d.Registration.Register(ctx, e.ID, es[0].PlayerID); !errors.Is(err, event.ErrConflict) {
		t.Errorf("Ada registered twice: %v", err)
	}
	playRound := func(n int) event.Round {
		t.Helper()
		r, err := pairPublished(ctx, d, e.ID)
		if err != nil || r.Number != n {
			t.Fatalf("round %d: %+v %v", n, r, err)
		}
		for _, tb := range r.Tables {
			if len(tb.Seats) == 2 {
				must(t, d.Rounds.RecordResult(ctx, e.ID, n, tb.Number, win(1, 0)))
			}
		}
		return r
	}
	seated := func(r event.Round, id event.EntryID) bool {
		for _, tb := range r.Tables {
			for _, s := range tb.Seats {
				if s.EntryID == id {
					return true
				}
			}
		}
		return false
	}

	playRound(1)
	points, _ := standingOf(t, d, e.ID, es[0].ID)
	must(t, d.Registration.Drop(ctx, es[0].ID))
	r2 := playRound(2)
	if seated(r2, es[0].ID) {
		t.Error("Ada, dropped after round 1, is paired in round 2")
	}
	if after, _ := standingOf(t, d, e.ID, es[0].ID); after != points {
		t.Errorf("Ada dropped with %d points and has %d after round 2", points, after)
	}
	st := mustCall(t, d.Rounds.Standings, e.ID)
	for _, s := range st {
		if s.EntryID == es[0].ID && (s.Matches != 1 || s.Status != event.EntryDropped) {
			t.Errorf("Ada after round 2: %d matches, status %v; want her round-1 match kept and the drop shown", s.Matches, s.Status)
		}
	}

	late := register(t, d, e.ID, "Farah")[0]
	if late.JoinedRound != 3 {
		t.Errorf("a late entry after round 2 joins round %d, want 3", late.JoinedRound)
	}
	must(t, d.Registration.Reinstate(ctx, es[0].ID))
	r3 := playRound(3)
	for _, en := range []event.Entry{es[0], late} {
		if !seated(r3, en.ID) {
			t.Errorf("%s is not paired in round 3", en.Name)
		}
	}
}

// writeCounter counts the write transactions the director opens.
type writeCounter struct {
	storage.Store
	writes int
}

func (c *writeCounter) Write(ctx context.Context, fn func(storage.Tx) error) error {
	c.writes++
	return c.Store.Write(ctx, fn)
}

// The Registration tab's Table and seed dialog saves both in one write:
// both change, each logged, or, when one is refused, neither does (a
// taken seed no longer leaves the table fixed without it).
func TestATableAndASeedAreSavedInOneWrite(t *testing.T) {
	ctx := context.Background()
	wc := &writeCounter{Store: testdb.Open(t)}
	step := testdb.Stepping(friday)
	d := testdb.Director(wc, step, 1, 2)
	e := mustEvent(t, d, "standard-bo3")
	es := register(t, d, e.ID, "Ada", "Bob")

	before := wc.writes
	must(t, d.Registration.SetTableAndSeed(ctx, es[0].ID, 5, 1))
	if n := wc.writes - before; n != 1 {
		t.Errorf("a table and a seed took %d write transactions, want 1", n)
	}
	logHas(t, d, e.ID, "table 5 fixed for Ada")
	logHas(t, d, e.ID, "seed 1 for Ada")

	err := d.Registration.SetTableAndSeed(ctx, es[1].ID, 7, 1)
	if !errors.Is(err, event.ErrConflict) {
		t.Fatalf("seed 1 twice: %v", err)
	}
	entries := mustCall(t, d.Registration.Entries, e.ID)
	for _, en := range entries {
		want := map[string][2]int{"Ada": {5, 1}, "Bob": {0, 0}}[en.Name]
		if en.FixedTable != want[0] || en.Seed != want[1] {
			t.Errorf("%s: table %d and seed %d, want %d and %d", en.Name, en.FixedTable, en.Seed, want[0], want[1])
		}
	}
	if err := d.Registration.SetTableAndSeed(ctx, es[1].ID, 10000, 0); !errors.Is(err, event.ErrInvalid) {
		t.Errorf("table 10000: %v", err)
	}
}
