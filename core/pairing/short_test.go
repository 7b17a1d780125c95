package pairing

import "testing"

// shortSeeds is how many seeds a property test tries for each case: all
// of them (full) in make test's plain pass, two under -short, which is
// make test's race pass. There each run costs about ten times as long
// and finds nothing the plain pass did not: the pairing functions run on
// the caller's goroutine (their one shared memo, schRotMemo, is a
// sync.Map), so the race pass only needs every case (each field size and
// option) once more, not every seed of it. Two seeds rather than one
// keep a second draw of each case under the detector.
func shortSeeds(full uint64) uint64 {
	if testing.Short() {
		return min(full, 2)
	}
	return full
}
