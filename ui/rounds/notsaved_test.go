package rounds

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"

	"tablekeeper/ui/internal/uitest"
)

// A refused result names its table once: "Table 1 not saved: Table 1: …"
// said it twice. And a KeyForge round (a single game, no draws) advises
// 1-0 or 0-1, never 2-1, 1-1-1 or d.
func TestARefusedResultNamesItsTableOnceAndAdvisesWhatTheRoundTakes(t *testing.T) {
	test.NewTempApp(t)
	d := uitest.Director(t)
	e := uitest.EventOf(t, d, "Archon night", "keyforge", "archon-standard")
	// Ten players: more than the playoff's eight, so round 1 is a loss
	// round of single games.
	uitest.Players(t, d, e.ID, "Ada Lovelace", "Bob Stone", "Carol Reed", "Dan Brown", "Eve Moss",
		"Fay Wong", "Gus Hart", "Hal Ito", "Ivy Lam", "Jon Roe")
	if _, err := d.Rounds.PairNextRound(t.Context(), e.ID); err != nil {
		t.Fatal(err)
	}
	uitest.Publish(t, d, e.ID, 1)
	f := show(t, d, e)

	f.enter(t, "1", "d")
	if got := f.S.status.Text; strings.Count(got, "Table 1") != 1 || !strings.Contains(got, "no draws") {
		t.Errorf("a draw in a KeyForge round: status %q; want the refusal naming table 1 once", got)
	}
	f.enter(t, "1", "2-")
	got := f.S.status.Text
	if strings.Count(got, "Table 1") != 1 || !strings.Contains(got, "1-0, 0-1") {
		t.Errorf("2- in a KeyForge round: status %q; want table 1 named once and 1-0 or 0-1 advised", got)
	}
	for _, wrong := range []string{"2-1", "1-1-1", "d for"} {
		if strings.Contains(got, wrong) {
			t.Errorf("2- in a KeyForge round advises %q: %q", wrong, got)
		}
	}
	if !namesTable("Table 1 (Ada v Bob): no", 1) || namesTable("Table 12: no", 1) || !namesTable("table 3: no", 3) {
		t.Error("namesTable reads a table's number wrong")
	}
}
