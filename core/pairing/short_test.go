package pairing

import "testing"

// shortSeeds is how many seeds (or random trials) a property test tries
// for each case: all of them (full) in make test's plain pass, short under
// -short, which is make test's race pass. There each run costs about ten times as long
// and finds nothing the plain pass did not: the pairing functions run on
// the caller's goroutine (their one shared memo, schRotMemo, is a
// sync.Map), so the race pass only needs every case (each field size and
// option) once more, not every seed of it. A test that counts what its
// runs met (cuts, tables) scales the count it needs with the seeds.
func shortSeeds(full, short uint64) uint64 {
	if testing.Short() {
		return min(full, short)
	}
	return full
}
