package rules

import "tablekeeper/core/event"

// keyforge is KeyForge (document 000). Every format runs the structure of
// K6: elimination rounds of one game, 45 minutes, out at two losses, then a
// random best-of-three playoff of eight, 120 minutes a round. Deck
// registration (K2–K5) comes with the deck rules.
func keyforge() Game {
	k6 := event.Settings{
		Structure:      event.StructureKeyForge,
		TableSize:      2,
		GamesPerMatch:  1,
		RoundMinutes:   45,
		PlayoffBestOf:  3,
		PlayoffMinutes: 120,
		Points:         event.Points{Win: 3, Draw: 1, Loss: 0, Bye: 3},
		Tiebreakers:    []string{TieOpponentsMatchWin, TieGameWin, TieOpponentsGameWin},
	}
	format := func(key, name, summary string, rules ...string) Format {
		return Format{Key: key, Name: name, Summary: summary, Rules: append(rules, "K6"), Defaults: k6}
	}
	return Game{
		Key:  "keyforge",
		Name: "KeyForge",
		Formats: []Format{
			format("archon-standard", "Archon Standard", "Archon decks; single-game rounds, out at two losses, then a best-of-three playoff of eight.", "K1", "K2"),
			format("archon-sealed", "Archon Sealed", "Sealed Archon decks chosen before round 1; single-game rounds, out at two losses, then a playoff of eight.", "K1", "K2"),
			format("alliance-standard", "Alliance Standard", "Alliance decks of three pods; single-game rounds, out at two losses, then a playoff of eight.", "K1", "K3", "K4"),
			format("alliance-sealed", "Alliance Sealed", "Alliance decks from sealed decks; single-game rounds, out at two losses, then a playoff of eight.", "K1", "K5"),
		},
	}
}
