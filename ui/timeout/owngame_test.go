package timeout

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"

	"tablekeeper/core/rules"
	"tablekeeper/core/rules/rulestest"
	"tablekeeper/ui/internal/uitest"
)

// A game built in core alone, with an at-time procedure of its own (Gem
// Duel: most crowns, then most gems), is run by the one panel: its
// heading follows the answers, its previews show each row's standing, an
// impossible count is refused in a sentence, Save records the result its
// rules decide, and a correction opens with what was saved. No code of
// this package knows the game.
func TestAGameBuiltInCoreRunsItsOwnFormAtTime(t *testing.T) {
	rulestest.Register(t)
	fx := newFixture(t, rulestest.GemDuel, "duel", nil, "Ada Lovelace", "Bob Stone", "Carol Reed", "Dan Brown")
	if !rules.HasAtTimeForm(fx.sheet(t).Event) {
		t.Fatal("Gem Duel offers no form at time")
	}
	tb := fx.table(t, 1)
	f := fx.open(t, 1)
	if f.kind != rules.AtTimeOwn {
		t.Fatalf("form %v, want the game's own", f.kind)
	}
	if !strings.HasPrefix(f.rule(), "Gem Duel at time") || !strings.Contains(f.decision.Text, "type the counts") {
		t.Fatalf("rule %q decision %q", f.rule(), f.decision.Text)
	}
	fx.fill("12")
	fx.refuses(t, f, "12 crowns is not possible; count 0 to 9", "an impossible count")
	fx.fill("2", "5", "2", "7") // level on crowns, player 2 ahead on gems
	second := tb.Players[1].Name
	if f.decision.Text != "Decision: "+second+" wins at time" || f.titles["leader"].Text != "Duellist ("+second+" leads)" {
		t.Fatalf("decision %q title %q (problem %q)", f.decision.Text, f.titles["leader"].Text, f.problem.Text)
	}
	if a, b := f.previews["p1.standing"], f.previews["p2.standing"]; a.Text != "behind" || b.Text != "ahead" || !b.TextStyle.Bold || a.TextStyle.Bold {
		t.Errorf("previews %q %q", a.Text, b.Text)
	}
	fx.press(fyne.KeyReturn)
	r := fx.result(t, 1)
	if r == nil || !r.TimeOut || r.Seats[0].GamesWon != 0 || r.Seats[1].GamesWon != 1 || r.Seats[1].Games[0].Stats[rulestest.StatGems] != 7 {
		t.Fatalf("saved %+v, want player 2 one game to none at time with 7 gems", r)
	}
	correctGemDuelToADraw(t, fx)
}

// correctGemDuelToADraw opens table 1's saved Gem Duel again: the
// correction starts from the saved counts, and level on both is drawn.
func correctGemDuelToADraw(t *testing.T, fx *fixture) {
	t.Helper()
	f := fx.open(t, 1)
	var typed []string
	for _, o := range uitest.Objects(fx.w.Canvas().Overlays().Top()) {
		if e, ok := o.(*numberEntry); ok {
			typed = append(typed, e.Text)
		}
	}
	if got := strings.Join(typed, "|"); got != "2|5|2|7" {
		t.Errorf("correction starts from %q", got)
	}
	fx.fill("", "7")
	if f.decision.Text != "Decision: a drawn game" || f.titles["leader"].Text != "Duellist" || f.previews["p1.standing"].Text != "level" {
		t.Fatalf("level: decision %q title %q", f.decision.Text, f.titles["leader"].Text)
	}
	fx.press(fyne.KeyReturn)
	if r := fx.result(t, 1); r == nil || r.GamesDrawn != 1 || r.Seats[0].GamesWon+r.Seats[1].GamesWon != 0 {
		t.Fatalf("saved %+v, want a drawn game at time", r)
	}
}
