package sim_test

import (
	"path/filepath"
	"testing"
	"time"

	"tablekeeper/core/director"
	"tablekeeper/core/sim"
	"tablekeeper/core/store"
	"tablekeeper/internal/testdb"
)

// newDirector builds a director on a new database, as the sim command
// does: its round seeds from sim.Source(seed), its time from a clock that
// steps a second a call.
func newDirector(t *testing.T, seed uint64) *director.Director {
	t.Helper()
	st, err := store.Open(testdb.Fresh(t, filepath.Join(t.TempDir(), "sim.db")))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	clock := time.Date(2026, 11, 20, 18, 0, 0, 0, time.UTC)
	now := func() time.Time { clock = clock.Add(time.Second); return clock }
	return director.New(st, now, sim.Source(seed))
}
