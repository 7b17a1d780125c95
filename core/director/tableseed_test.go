package director_test

import (
	"context"
	"errors"
	"math/rand/v2"
	"path/filepath"
	"testing"
	"time"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/core/storage"
	"tablekeeper/core/store"
	"tablekeeper/internal/testdb"
)

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
	db, err := store.Open(testdb.Fresh(t, filepath.Join(t.TempDir(), "t.db")))
	must(t, err)
	defer db.Close()
	wc := &writeCounter{Store: db}
	c := &fakeClock{t: time.Date(2026, 11, 20, 18, 0, 0, 0, time.UTC)}
	d := director.New(wc, c.now, rand.New(rand.NewPCG(1, 2)))
	e := mustEvent(t, d, "standard-bo3")
	es := register(t, d, e.ID, "Ada", "Bob")

	before := wc.writes
	must(t, d.Registration.SetTableAndSeed(ctx, es[0].ID, 5, 1))
	if n := wc.writes - before; n != 1 {
		t.Errorf("a table and a seed took %d write transactions, want 1", n)
	}
	logHas(t, d, e.ID, "table 5 fixed for Ada")
	logHas(t, d, e.ID, "seed 1 for Ada")

	err = d.Registration.SetTableAndSeed(ctx, es[1].ID, 7, 1)
	if !errors.Is(err, event.ErrConflict) {
		t.Fatalf("seed 1 twice: %v", err)
	}
	entries, err := d.Registration.Entries(ctx, e.ID)
	must(t, err)
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
