package floods_test

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"tablekeeper/core/director"
	"tablekeeper/core/i18n"
	"tablekeeper/core/store"
	"tablekeeper/internal/testdb"
	"tablekeeper/ui/web/floods"
)

// watched is a watch over a director on a database file of its own, and
// open, which closes the file and opens it again as another process
// would.
func watched(t *testing.T) (*floods.Watch, *testdb.Clock, func() *director.Director) {
	t.Helper()
	path := testdb.Fresh(t, filepath.Join(t.TempDir(), "t.db"))
	c := testdb.NewClock(time.Date(2026, 11, 20, 18, 0, 0, 0, time.UTC))
	var db *store.DB
	open := func() *director.Director {
		if db != nil {
			db.Close()
		}
		db = testdb.Reopen(t, path)
		return testdb.Director(db, c.Now, 1, 2)
	}
	return floods.New(open().Network, c.Now), c, open
}

// 3,000 wrong PINs from 3,000 devices at once are all counted, with
// their devices and addresses, and the alert says so.
func TestAFloodOfWrongPINsIsCounted(t *testing.T) {
	ctx := context.Background()
	w, _, _ := watched(t)
	const tries = 3000
	var wg sync.WaitGroup
	for i := range tries {
		wg.Add(1)
		go func() {
			defer wg.Done()
			w.Note(ctx, floods.PIN, fmt.Sprintf("dev%d", i), fmt.Sprintf("10.0.%d.%d", i/250, i%250))
		}()
	}
	wg.Wait()
	a, err := w.Alert(ctx)
	if err != nil || a.PIN.Tries != tries || a.PIN.Devices != tries || a.PIN.Addresses != tries || !a.Worrying() {
		t.Errorf("alert %+v, %v; want %d wrong from %d devices and addresses", a, err, tries, tries)
	}
	said := a.Lines()
	if len(said) != 1 || !strings.Contains(said[0].In(i18n.English), "3000 wrong PINs from 3000 devices and 3000 network addresses in the last 10 minutes") {
		t.Errorf("alert says %v", said)
	}
}

// The flood watch counts each kind apart, forgets what is older than its
// window, and is read by another process (network alert beside serve)
// from the one setting it rewrites: a flood of a million guesses writes
// that one row, not a row a guess.
func TestTheFloodWatchCountsByKindAndIsReadElsewhere(t *testing.T) {
	ctx := context.Background()
	w, clock, open := watched(t)
	for i := range 1000 {
		w.Note(ctx, floods.PlayerCode, fmt.Sprint("dev", i%50), fmt.Sprintf("10.1.%d.%d", i%7, 1))
		w.Note(ctx, floods.TableCode, "", "10.2.0.1")
		if i%100 == 0 {
			clock.Add(time.Second)
		}
	}
	a, _ := w.Alert(ctx)
	want := floods.Alert{PlayerCode: floods.Flood{Tries: 1000, Devices: 50, Addresses: 7},
		TableCode: floods.Flood{Tries: 1000, Devices: 1, Addresses: 1}}
	if a != want {
		t.Errorf("alert %+v; want %+v", a, want)
	}
	clock.Add(6 * time.Second) // the last counts are due to be written
	if a, _ := w.Alert(ctx); a != want {
		t.Fatalf("alert %+v", a)
	}
	other := floods.New(open().Network, clock.Now) // another process on the same file
	if a, _ := other.Alert(ctx); a != want {
		t.Errorf("another process reads %+v; want %+v", a, want)
	}
	clock.Add(floods.Window)
	if a, _ := other.Alert(ctx); a.Any() {
		t.Errorf("a window later another process still reads %+v", a)
	}
	if a, _ := w.Alert(ctx); a.Any() || a.Worrying() {
		t.Errorf("a window later the alert still says %+v", a)
	}
}
