package rules

import (
	"strings"
	"testing"

	"tablekeeper/core/event"
	"tablekeeper/core/i18n"
)

// Rule S1 (document 004, 4.0 a): "All Secret War Society tournaments must
// have at least three players participating in the event." The leagues
// (6.0 d, g) say what follows from fewer: "As with normal tournaments, …
// must have at least three players per week to be official". So a
// Shadowfist event of one or two players is told it is not an official
// SWS tournament, in English and French, with the right plural; three or
// more, no player yet, and the other games say nothing.
func TestFewPlayersTellsAnSWSTournamentOfFewerThanThree(t *testing.T) {
	sf := event.Event{Game: "shadowfist", Format: "big-man"}
	for _, c := range []struct {
		players int
		en, fr  string
	}{
		{2, "Only 2 players take part: SWS rule 4.0 a says every Secret War Society tournament must have at least 3 players, so this event is not an official SWS tournament.",
			"Seuls 2 joueurs participent\u00a0: selon la règle 4.0 a de la SWS, tout tournoi Secret War Society doit compter au moins 3 joueurs\u00a0; ce tournoi n’est donc pas officiel pour la SWS."},
		{1, "Only 1 player takes part:", "1 seul joueur participe\u00a0:"},
	} {
		got := FewPlayers(sf, c.players)
		if en, fr := got.In(i18n.English), got.In(i18n.French); !strings.HasPrefix(en, c.en) || !strings.HasPrefix(fr, c.fr) || strings.Contains(fr, "%!") {
			t.Errorf("%d players: %q / %q, want %q… / %q…", c.players, en, fr, c.en, c.fr)
		}
	}
	for _, c := range []struct {
		game    string
		players int
	}{{"shadowfist", 3}, {"shadowfist", 40}, {"shadowfist", 0}, {"generic", 2}, {"keyforge", 2}, {"heresy", 2}, {"altered", 1}} {
		if got := FewPlayers(event.Event{Game: c.game}, c.players); !got.IsZero() {
			t.Errorf("%s with %d players says %q", c.game, c.players, got)
		}
	}
}
