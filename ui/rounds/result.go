package rounds

import (
	"tablekeeper/core/event"
	"tablekeeper/core/rules"
	"tablekeeper/ui/internal/tr"
)

// DraftHint replaces the result hint while a round is a draft.
var DraftHint = tr.K("Results can be entered once the pairings are published: until then the tables may still change.")

// ResultText shows a table's result as every surface writes it
// (rules.ResultText): "2–1", "1–1–1" with drawn games, "bye" for a bye and
// "—" while the result is missing. A table of more than two seats shows
// "result in": the round's grid has no room for every seat, which the
// table's detail says (MultiResultText).
func ResultText(t event.Table) string {
	switch {
	case t.Bye:
		return tr.L("bye")
	case t.Result == nil:
		return "—"
	case len(t.Result.Seats) != 2:
		return tr.L("result in")
	}
	return tr.Text(rules.MatchResultText(*t.Result))
}
