package director

// This file decides what a standings snapshot counts and says it (issue
// 19 item 7, issue 20 item 3): every front-end — the window's Standings
// tab, the phones' page, the projector, every report — shows Basis.Title
// of the same read as its rows, so no surface computes its own and none
// can say "after round 2" while its rows count round 3.

import (
	"tablekeeper/core/event"
	"tablekeeper/core/i18n"
)

// Basis is what a set of standings counts: the published rounds 1..Round
// (a draft round never counts: its pairings may still change), the last
// of which may still be in progress.
type Basis struct {
	// Round is the latest published round, the last one counted (0 when
	// none is published: the standings count nothing yet).
	Round int
	// In and Of are the results in and the tables played of round Round,
	// byes left out as the Round tab counts them ("0 of 19 results in"):
	// a bye is not waited for, and counts in the rows from the moment it
	// is published. In < Of while the round is in progress.
	In, Of int
	// Final: the event is finished and the standings are its final ones.
	Final bool
}

// InProgress reports whether round Round is published with results still
// missing: its results count as they come.
func (b Basis) InProgress() bool { return !b.Final && b.In < b.Of }

// Complete reports whether every result of rounds 1..Round is in (and at
// least one round is published).
func (b Basis) Complete() bool { return b.Round > 0 && b.In >= b.Of }

// Title says what the standings count, to head them on every surface:
// "Final standings", "Standings after round 3", "Standings — round 3 in
// progress: 431 of 512 results", or "Standings before round 1".
func (b Basis) Title() i18n.Text {
	switch {
	case b.Final:
		return i18n.F("Final standings")
	case b.Round == 0:
		return i18n.F("Standings before round 1")
	case b.InProgress():
		return i18n.FN("Standings — round %[1]d in progress: %[2]d of %[3]d results", b.In, b.Round, b.In, b.Of)
	default:
		return i18n.F("Standings after round %d", b.Round)
	}
}

// TopTitle heads the top n places of the same standings, as the event
// summary prints them: "Final top 8", "Top 8 after round 3", "Top 8 —
// round 3 in progress: 431 of 512 results"; zero before round 1, when
// there is no top to speak of.
func (b Basis) TopTitle(n int) i18n.Text {
	switch {
	case b.Final:
		return i18n.F("Final top %d", n)
	case b.Round == 0:
		return i18n.Text{}
	case b.InProgress():
		return i18n.FN("Top %[1]d — round %[2]d in progress: %[3]d of %[4]d results", b.In, n, b.Round, b.In, b.Of)
	default:
		return i18n.F("Top %d after round %d", n, b.Round)
	}
}

// basisOf decides what standings computed from rounds count (they are
// computed over publishedRounds(rounds)). A round is paired only once the
// one before is complete, so only the latest published round can be in
// progress; In and Of count that round.
func basisOf(e event.Event, rounds []event.Round) Basis {
	b := Basis{Final: e.State == event.StateFinished}
	for _, r := range rounds {
		if !r.Published() {
			continue
		}
		b.Round, b.In, b.Of = r.Number, 0, 0
		for _, t := range r.Tables {
			if t.Bye {
				continue
			}
			b.Of++
			if t.Result != nil {
				b.In++
			}
		}
	}
	return b
}
