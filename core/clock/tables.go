package clock

import (
	"cmp"
	"slices"
	"time"

	"tablekeeper/core/event"
)

// Extensions maps a table number to the time added to that table alone on
// top of the round clock (S11: a ruling that took over a minute; a deck
// check). Zero and negative extensions count as none.
type Extensions map[int]time.Duration

// ExtensionsOf collects the extensions of the tables still playing: tables
// with a positive Extension, no result yet, and not a bye. A table that has
// reported no longer keeps the round open, whatever its extension.
func ExtensionsOf(tables []event.Table) Extensions {
	ext := Extensions{}
	for _, t := range tables {
		if t.Extension > 0 && t.Result == nil && !t.Bye {
			ext[t.Number] = t.Extension
		}
	}
	return ext
}

// TableRemaining is one table's time left at now: the round's Remaining
// plus the table's extension. Negative once the table's time is up; 0 for
// an untimed round.
func TableRemaining(c event.Clock, extension time.Duration, now time.Time) time.Duration {
	if !Timed(c) {
		return 0
	}
	return Remaining(c, now) + max(extension, 0)
}

// RoundOver reports whether every table's time is up at now: the round's
// own time and then the last extended table's. An untimed or unstarted
// round is never over by the clock (it ends when the results are in).
func RoundOver(c event.Clock, extensions Extensions, now time.Time) bool {
	if !Expired(c, now) {
		return false
	}
	longest := time.Duration(0)
	for _, d := range extensions {
		longest = max(longest, d)
	}
	return TableRemaining(c, longest, now) <= 0
}

// TableTime is one extended table's time.
type TableTime struct {
	Table int
	// Extension is the time added to the table.
	Extension time.Duration
	// Left is the table's time left (round time left plus the extension).
	Left time.Duration
}

// OnExtension lists the extended tables whose time is not yet up at now,
// the first to finish first (ties by table number). Once the round's own
// time is up these are the tables still playing on extension; before, the
// list tells the clock screen which tables will play on and for how long.
// Empty for an untimed round.
func OnExtension(c event.Clock, extensions Extensions, now time.Time) []TableTime {
	if !Timed(c) {
		return nil
	}
	var out []TableTime
	for table, d := range extensions {
		if d <= 0 {
			continue
		}
		if left := TableRemaining(c, d, now); left > 0 {
			out = append(out, TableTime{Table: table, Extension: d, Left: left})
		}
	}
	slices.SortFunc(out, func(a, b TableTime) int {
		return cmp.Or(cmp.Compare(a.Left, b.Left), cmp.Compare(a.Table, b.Table))
	})
	return out
}
