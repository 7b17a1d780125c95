package store

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"reflect"
	"testing"
	"time"

	"tablekeeper/core/event"
	"tablekeeper/core/storage"
)

// t0 is a time at millisecond precision, in UTC: what the store gives back.
var t0 = time.Date(2025, 3, 14, 18, 30, 15, 123_000_000, time.UTC)

// openTemp opens a new database in a test folder, closed at the end.
func openTemp(t testing.TB) *DB {
	t.Helper()
	db, err := Open(filepath.Join(t.TempDir(), "tk.db"))
	must(t, err)
	t.Cleanup(func() {
		if err := db.Close(); err != nil {
			t.Error(err)
		}
	})
	return db
}

// write runs fn in a Write with the full *Tx and fails the test on error.
func write(t testing.TB, db *DB, fn func(*Tx) error) {
	t.Helper()
	must(t, db.Write(context.Background(), func(tx storage.Tx) error { return fn(tx.(*Tx)) }))
}

// read runs fn in a Read with the full *Tx and fails the test on error.
func read(t testing.TB, db *DB, fn func(*Tx) error) {
	t.Helper()
	must(t, db.Read(context.Background(), func(tx storage.Tx) error { return fn(tx.(*Tx)) }))
}

// createAll writes each of items with create (a Tx's method: CreateTeam,
// AppendLog…) in one Write, each given its id, and fails the test on an
// error.
func createAll[T any](t testing.TB, db *DB, items []T, create func(*Tx, *T) error) {
	t.Helper()
	write(t, db, func(tx *Tx) error {
		for i := range items {
			if err := create(tx, &items[i]); err != nil {
				return err
			}
		}
		return nil
	})
}

// readBack reads what get (a Tx's method: Event, Rounds…) returns for
// key, in a Read, and compares it with want (see equal), failing the
// test on an error.
func readBack[K, T any](t testing.TB, db *DB, what string, get func(*Tx, K) (T, error), key K, want T) {
	t.Helper()
	var got T
	read(t, db, func(tx *Tx) error {
		var err error
		got, err = get(tx, key)
		return err
	})
	equal(t, what, got, want)
}

// writeErr runs fn in a Write and returns its error.
func writeErr(db *DB, fn func(*Tx) error) error {
	return db.Write(context.Background(), func(tx storage.Tx) error { return fn(tx.(*Tx)) })
}

// must fails the test at the caller's line when err is not nil.
func must(t testing.TB, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

func equal(t testing.TB, what string, got, want any) {
	t.Helper()
	if !reflect.DeepEqual(got, want) {
		t.Errorf("%s:\n got %+v\nwant %+v", what, got, want)
	}
}

func swissSettings() event.Settings {
	return event.Settings{
		Structure:     event.StructureSwiss,
		TableSize:     2,
		GamesPerMatch: 1,
		RoundMinutes:  50,
		Points:        event.Points{Win: 3, Draw: 1, Loss: 0, Bye: 3},
		Tiebreakers:   []string{"omw", "gw"},
	}
}

// fixture is an event with n registered players.
type fixture struct {
	event   event.Event
	players []event.Player
	entries []event.Entry
}

// newFixture saves an event with n players registered, in one Write.
func newFixture(t testing.TB, db *DB, n int) fixture {
	t.Helper()
	return buildFixture(t, db, n, (*Tx).CreateEntry)
}

// buildFixture is newFixture with its entries saved by createEntry, which
// sets each one's ID.
func buildFixture(t testing.TB, db *DB, n int, createEntry func(*Tx, *event.Entry) error) fixture {
	t.Helper()
	var f fixture
	write(t, db, func(tx *Tx) error {
		f = fixture{}
		f.event = event.Event{Name: "Friday Night", Game: "keyforge", Format: "archon",
			Date: t0, State: event.StateRegistration, Settings: swissSettings(), CreatedAt: t0}
		if err := tx.CreateEvent(&f.event); err != nil {
			return err
		}
		for i := range n {
			p := event.Player{Name: fmt.Sprintf("Player %04d", i), MemberNo: fmt.Sprint(10000 + i), CreatedAt: t0}
			if err := tx.CreatePlayer(&p); err != nil {
				return err
			}
			e := event.Entry{EventID: f.event.ID, PlayerID: p.ID, Status: event.EntryActive,
				JoinedRound: 1, RegisteredAt: t0.Add(time.Duration(i) * time.Second)}
			if err := createEntry(tx, &e); err != nil {
				return err
			}
			e.Name, e.MemberNo = p.Name, p.MemberNo
			f.players = append(f.players, p)
			f.entries = append(f.entries, e)
		}
		return nil
	})
	return f
}

// latestVersion is the schema version of this build: the number of
// embedded migrations.
func latestVersion(t testing.TB) int {
	t.Helper()
	migs, err := loadMigrations(migrationFiles)
	must(t, err)
	return len(migs)
}

// openFixture is a new database (openTemp) holding an event with n
// registered players (newFixture).
func openFixture(t testing.TB, n int) (*DB, fixture) {
	t.Helper()
	db := openTemp(t)
	return db, newFixture(t, db, n)
}

// savedFixture is a database file in t's temporary folder holding
// newFixture's event of n players, closed: its path and the fixture.
func savedFixture(t testing.TB, n int) (string, fixture) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "tk.db")
	db, err := Open(path)
	must(t, err)
	f := newFixture(t, db, n)
	must(t, db.Close())
	return path, f
}

// wantRefusal opens path with open (Open, OpenShared…) and fails the test
// unless it is refused with want, closing what opened; what says who
// opens. It returns the refusal.
func wantRefusal(t *testing.T, open func(string) (*DB, error), path string, want error, what string) error {
	t.Helper()
	db, err := open(path)
	if !errors.Is(err, want) {
		if db != nil {
			db.Close()
		}
		t.Fatalf("%s got %v, want %v", what, err, want)
	}
	return err
}

// openRound is openFixture with the fixture's sample round saved.
func openRound(t testing.TB, n int) (*DB, fixture, event.Round) {
	t.Helper()
	db, f := openFixture(t, n)
	r := sampleRound(f)
	write(t, db, func(tx *Tx) error { return tx.CreateRound(&r) })
	return db, f, r
}

// openOlder opens a new database made by the first version migrations
// only, as an older Tablekeeper wrote it, and returns its path.
func openOlder(t *testing.T, version int) (string, *DB) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "tk.db")
	migs, err := loadMigrations(migrationFiles)
	must(t, err)
	old, err := open(context.Background(), path, migs[:version])
	must(t, err)
	return path, old
}

// upgrade closes old, checks its file is at version, and opens it with
// today's migrations (closed at the end of the test), checking it is then
// at the latest version.
func upgrade(t *testing.T, path string, old *DB, version int) *DB {
	t.Helper()
	must(t, old.Close())
	if _, v := fileHeader(t, path); v != int64(version) {
		t.Fatalf("user_version %d before the upgrade", v)
	}
	db, err := Open(path)
	must(t, err)
	t.Cleanup(func() { db.Close() })
	if _, v := fileHeader(t, path); v != int64(latestVersion(t)) {
		t.Errorf("user_version %d after the upgrade", v)
	}
	return db
}
