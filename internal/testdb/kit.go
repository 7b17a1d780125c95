package testdb

import (
	"context"
	"math/rand/v2"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/core/store"
)

// Open opens a new, empty database (see Fresh) in t's temporary folder,
// closed when t ends.
func Open(t testing.TB) *store.DB {
	t.Helper()
	return Reopen(t, Fresh(t, filepath.Join(t.TempDir(), "t.db")))
}

// Reopen opens the database at path, closed when t ends (closing it
// again before is harmless).
func Reopen(t testing.TB, path string) *store.DB {
	t.Helper()
	db, err := store.Open(path)
	if err != nil {
		t.Fatalf("testdb: open %s: %v", path, err)
	}
	t.Cleanup(func() { _ = db.Close() }) // a test's scratch database: nothing to lose
	return db
}

// Director is a director on st that reads the time from now and pairs
// from a random source seeded with seed and stream, so that a test's
// rounds are the same every run.
func Director(st director.Store, now func() time.Time, seed, stream uint64) *director.Director {
	return director.New(st, now, rand.New(rand.NewPCG(seed, stream))) // #nosec G404 -- tests pair from a fixed seed so their rounds repeat
}

// Log is an event's log as the organizer reads it, a line a message.
func Log(t testing.TB, d *director.Director, id event.EventID) string {
	t.Helper()
	log, err := d.Events.Log(context.Background(), id)
	if err != nil {
		t.Fatalf("testdb: the log of event %d: %v", id, err)
	}
	lines := make([]string, len(log))
	for i, l := range log {
		lines[i] = l.Message.String()
	}
	return strings.Join(lines, "\n")
}

// Decks is each entry's registered deck in an event, as its name and
// list, for a test that checks which decks something changed.
func Decks(t testing.TB, d *director.Director, id event.EventID) map[event.EntryID]string {
	t.Helper()
	decks, err := d.Decks.Decks(context.Background(), id)
	if err != nil {
		t.Fatalf("testdb: the decks of event %d: %v", id, err)
	}
	out := map[event.EntryID]string{}
	for _, dc := range decks {
		out[dc.Deck.EntryID] = dc.Deck.Name + "\n" + dc.Deck.List
	}
	return out
}

// ChangedDecks counts the entries of after whose deck is not the one
// they had in before (a deck registered since counts).
func ChangedDecks(before, after map[event.EntryID]string) int {
	n := 0
	for entry, d := range after {
		if before[entry] != d {
			n++
		}
	}
	return n
}

// Clock is an injected clock that stands still until moved; it may be
// read and moved from several goroutines.
type Clock struct {
	mu sync.Mutex
	t  time.Time
}

// NewClock is a clock standing at t.
func NewClock(t time.Time) *Clock { return &Clock{t: t} }

// Now is the clock's time.
func (c *Clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

// Add moves the clock on by d.
func (c *Clock) Add(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

// Set puts the clock at t.
func (c *Clock) Set(t time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = t
}

// Stepping is a clock that moves on one second at each reading, from
// start: every write a director stamps has a time of its own.
func Stepping(start time.Time) func() time.Time {
	var mu sync.Mutex
	return func() time.Time {
		mu.Lock()
		defer mu.Unlock()
		start = start.Add(time.Second)
		return start
	}
}
