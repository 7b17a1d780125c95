package rounds

import (
	"fmt"

	"tablekeeper/core/event"
	"tablekeeper/ui/internal/tr"
)

// DraftHint replaces the result hint while a round is a draft.
var DraftHint = tr.K("Results can be entered once the pairings are published: until then the tables may still change.")

// ResultText shows a table's result: "2–1", "1–1–1" with drawn games, "bye"
// for a bye and "—" while the result is missing.
func ResultText(t event.Table) string {
	switch {
	case t.Bye:
		return tr.L("bye")
	case t.Result == nil:
		return "—"
	case len(t.Result.Seats) != 2:
		return tr.L("result in")
	}
	r := t.Result
	s := fmt.Sprintf("%d–%d", r.Seats[0].GamesWon, r.Seats[1].GamesWon)
	if r.GamesDrawn > 0 {
		s += fmt.Sprintf("–%d", r.GamesDrawn)
	}
	if r.TimeOut {
		s += " " + tr.L("(time)")
	}
	return s
}
