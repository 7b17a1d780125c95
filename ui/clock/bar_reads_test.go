package clock

import (
	"context"
	"testing"
	"time"

	"fyne.io/fyne/v2/test"

	"tablekeeper/core/storage"
	"tablekeeper/internal/testdb"
	"tablekeeper/ui/internal/uitest"
)

// txCounter counts the transactions the director opens.
type txCounter struct {
	storage.Store
	reads, writes int
}

func (c *txCounter) Read(ctx context.Context, fn func(storage.Tx) error) error {
	c.reads++
	return c.Store.Read(ctx, fn)
}

func (c *txCounter) Write(ctx context.Context, fn func(storage.Tx) error) error {
	c.writes++
	return c.Store.Write(ctx, fn)
}

// A poll of the bar reads the clock and, when due, the pairings in one
// read transaction (it read them in two); the announcements of a running
// clock are the one write beside it.
func TestAPollReadsTheClockAndThePairingsOnce(t *testing.T) {
	app := test.NewTempApp(t)
	clock := testdb.NewClock(uitest.Now)
	tc := &txCounter{Store: testdb.Open(t)}
	d := testdb.Director(tc, clock.Now, 1, 2)
	e := uitest.Event(t, d, "Friday Swiss")
	uitest.Players(t, d, e.ID, "Ada Lovelace", "Bob Stone", "Carol Reed", "Dan Brown")
	uitest.Pair(t, d, e.ID)
	f := show(t, app, d, e, clock)

	poll := func(at time.Duration) (reads, writes int) {
		r, w := tc.reads, tc.writes
		f.at(at)
		return tc.reads - r, tc.writes - w
	}
	// Idle, with the pairings due again (every 30 s): one read.
	if r, w := poll(31 * time.Second); r != 1 || w != 0 {
		t.Errorf("an idle poll with the pairings: %d reads and %d writes, want 1 and 0", r, w)
	}
	f.tap(t, "Start")
	// Running: the announcements' write, then one read of the clock and
	// the pairings.
	if r, w := poll(62 * time.Second); r != 1 || w != 1 {
		t.Errorf("a running poll with the pairings: %d reads and %d writes, want 1 and 1", r, w)
	}
	if !f.b.hasSheet || f.b.sheet.Round.Number != 1 || !f.b.loaded {
		t.Errorf("the poll did not bring the clock and the pairings back: loaded %v, sheet %v", f.b.loaded, f.b.hasSheet)
	}
}
