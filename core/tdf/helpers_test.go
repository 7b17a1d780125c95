package tdf_test

import (
	"math/rand/v2"
	"path/filepath"
	"testing"
	"time"

	"tablekeeper/core/director"
	"tablekeeper/core/store"
	"tablekeeper/internal/testdb"
)

// newDirector builds a director on a new database, its clock stepping a
// second a call: the fixture of the import and export tests.
func newDirector(t *testing.T) *director.Director {
	t.Helper()
	db, err := store.Open(testdb.Fresh(t, filepath.Join(t.TempDir(), "t.db")))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	now := time.Date(2026, 5, 9, 20, 0, 0, 0, time.UTC)
	return director.New(db, func() time.Time { now = now.Add(time.Second); return now }, rand.New(rand.NewPCG(3, 4)))
}
