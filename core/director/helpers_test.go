package director_test

import (
	"context"
	"testing"
	"time"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/core/store"
	"tablekeeper/internal/testdb"
)

// The helpers the director's tests share: a director on a fresh
// database with an injected clock and seed, an event of a game and
// format, players registered, a round paired and published.

// must fails the test at the caller's line when err is not nil.
func must(t testing.TB, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// friday is when the director's tests start their clocks: 2026-11-20,
// 18:00 UTC.
var friday = time.Date(2026, 11, 20, 18, 0, 0, 0, time.UTC)

// newDirector is a director on a fresh database, with a clock that moves
// a second per reading and a fixed seed.
func newDirector(t *testing.T) (*director.Director, *store.DB) {
	t.Helper()
	db := testdb.Open(t)
	step := testdb.Stepping(friday)
	return testdb.Director(db, step, 1, 2), db
}

// mustEvent creates an Altered event in the format given.
func mustEvent(t *testing.T, d *director.Director, format string) event.Event {
	t.Helper()
	e, err := d.Events.CreateEvent(context.Background(), director.NewEvent{Name: "Friday Night", Game: "altered", Format: format})
	must(t, err)
	return e
}

// register registers new players by name and returns their entries.
func register(t *testing.T, d *director.Director, id event.EventID, names ...string) []event.Entry {
	t.Helper()
	var out []event.Entry
	for _, n := range names {
		en, err := d.Registration.RegisterNew(context.Background(), id, director.NewPlayer{Name: n})
		must(t, err)
		out = append(out, en)
	}
	return out
}

// win is a two-seat result of a games to b.
func win(a, b int) event.Result {
	return event.Result{Seats: []event.SeatResult{{GamesWon: a}, {GamesWon: b}}}
}

// pairPublished pairs the next round and publishes it, as an organizer
// does once the draft looks right.
func pairPublished(ctx context.Context, d *director.Director, id event.EventID) (event.Round, error) {
	r, err := d.Rounds.PairNextRound(ctx, id)
	if err != nil {
		return r, err
	}
	return r, d.Drafts.PublishRound(ctx, id, r.Number)
}

// eventOf creates an event of game and format, its settings changed by
// change when not nil.
func eventOf(t *testing.T, d *director.Director, game, format string, change func(*event.Settings)) event.Event {
	t.Helper()
	ctx := context.Background()
	e, err := d.Events.CreateEvent(ctx, director.NewEvent{Name: game + " " + format, Game: game, Format: format})
	must(t, err)
	if change != nil {
		s := e.Settings
		change(&s)
		must(t, d.Events.UpdateSettings(ctx, e.ID, s))
		e.Settings = s
	}
	return e
}

// openEvent is a new director and an event of game and format on it (see
// eventOf), with the context the test runs in.
func openEvent(t *testing.T, game, format string, change func(*event.Settings)) (context.Context, *director.Director, event.Event) {
	t.Helper()
	d, _ := newDirector(t)
	return context.Background(), d, eventOf(t, d, game, format, change)
}

// alteredEvent is a new director and an Altered event of format on it
// (see mustEvent), with the context the test runs in.
func alteredEvent(t *testing.T, format string) (context.Context, *director.Director, event.Event) {
	t.Helper()
	d, _ := newDirector(t)
	return context.Background(), d, mustEvent(t, d, format)
}

// foursome is a generic Swiss event (see openEvent) with Ada Lovelace,
// Bob Stone, Cy Young and Dee Hall registered, and their entries.
func foursome(t *testing.T) (context.Context, *director.Director, event.Event, []event.Entry) {
	t.Helper()
	ctx, d, e := openEvent(t, "generic", "swiss", nil)
	return ctx, d, e, register(t, d, e.ID, "Ada Lovelace", "Bob Stone", "Cy Young", "Dee Hall")
}

// mustPair pairs the next round and publishes it (pairPublished), failing
// the test if either is refused.
func mustPair(t *testing.T, ctx context.Context, d *director.Director, id event.EventID) event.Round {
	t.Helper()
	r, err := pairPublished(ctx, d, id)
	must(t, err)
	return r
}

// found is the first of items that match takes, failing the test (no
// what key) when none does.
func found[T any](t *testing.T, items []T, match func(T) bool, what string, key any) T {
	t.Helper()
	for _, it := range items {
		if match(it) {
			return it
		}
	}
	t.Fatalf("no %s %v", what, key)
	var none T
	return none
}

// entryOf is entry of event id, failing the test when the event has none.
func entryOf(t *testing.T, d *director.Director, id event.EventID, entry event.EntryID) event.Entry {
	t.Helper()
	entries := mustCall(t, d.Registration.Entries, id)
	return found(t, entries, func(en event.Entry) bool { return en.ID == entry }, "entry", entry)
}

// mustCall returns what call (a service's method of one argument:
// d.Rounds.Rounds, d.Registration.Entries, d.Rounds.PairNextRound...)
// returns for key, failing the test on an error.
func mustCall[K, T any](t *testing.T, call func(context.Context, K) (T, error), key K) T {
	t.Helper()
	v, err := call(context.Background(), key)
	must(t, err)
	return v
}
