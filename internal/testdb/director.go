package testdb

import (
	"math/rand/v2"
	"path/filepath"
	"testing"
	"time"

	"tablekeeper/core/director"
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
