package rules

import (
	"tablekeeper/core/event"
	"tablekeeper/core/i18n"
)

// keyforge is KeyForge (document 000). Every format runs the structure of
// K6: elimination rounds of one game, 45 minutes, out at two losses, then a
// random best-of-three playoff of eight, 120 minutes a round. Deck
// registration (K2–K5) comes with the deck rules.
func keyforge() Game {
	k6 := event.Settings{
		Structure:     event.StructureKeyForge,
		TableSize:     2,
		GamesPerMatch: 1,
		RoundMinutes:  45,
		Playoff:       event.PlayoffSettings{BestOf: 3, Minutes: 120},
		Points:        event.Points{Win: 3, Draw: 1, Loss: 0, Bye: 3},
		Tiebreakers:   []string{TieOpponentsMatchWin, TieGameWin, TieOpponentsGameWin},
	}
	format := func(key, name, summary string, rules ...string) Format {
		return Format{Key: key, Name: name, Summary: summary, Rules: append(rules, "K6"), Defaults: k6}
	}
	return Game{
		Key:        "keyforge",
		Name:       i18n.K("KeyForge"),
		atTime:     keyforgeAtTime,
		atTimeForm: true,
		slip:       func(event.Settings) SlipKind { return SlipKeyForge },
		marshal:    true,
		deckPolicy: keyforgeDecks,
		Formats: []Format{
			format("archon-standard", i18n.K("Archon Standard"), i18n.K("Archon decks; single-game rounds, out at two losses, then a best-of-three playoff of eight."), "K1", "K2"),
			format("archon-sealed", i18n.K("Archon Sealed"), i18n.K("Sealed Archon decks chosen before round 1; single-game rounds, out at two losses, then a playoff of eight."), "K1", "K2"),
			format("alliance-standard", i18n.K("Alliance Standard"), i18n.K("Alliance decks of three pods; single-game rounds, out at two losses, then a playoff of eight."), "K1", "K3", "K4"),
			format("alliance-sealed", i18n.K("Alliance Sealed"), i18n.K("Alliance decks from sealed decks; single-game rounds, out at two losses, then a playoff of eight."), "K1", "K5"),
		},
	}
}

// keyforgeAtTime: the round decides between K7 and K8, since KeyForge plays
// its loss rounds as single games and its playoff as best of three (K6).
func keyforgeAtTime(_ event.Settings, bestOf, seats, table int) (AtTime, error) {
	if seats != 2 {
		return AtTimeNone, event.Invalidf("table %d seats %d players; a KeyForge game has two", table, seats)
	}
	switch bestOf {
	case 1:
		return AtTimeKeyForgeGame, nil
	case 3:
		return AtTimeKeyForgeMatch, nil
	}
	return noForm(i18n.F("KeyForge decides a single game (K7) or a best of three (K8) at time, not a best of %d: enter the games won with Time-out ticked", bestOf))
}

// keyforgeDecks is KeyForge's rule on changing decks: an Archon deck is
// played "complete and unmodified" (K2), an Alliance as registered (K3);
// between rounds of Alliance Sealed a player may calibrate (K5: swap pods
// for unused pods of her sealed decks).
func keyforgeDecks(s event.Settings) DeckPolicy {
	switch s.DeckRules {
	case "keyforge-alliance-sealed":
		return DeckPolicy{Change: DecksCalibrate, Rule: "K5"}
	case "keyforge-alliance":
		return DeckPolicy{Change: DecksLock, Rule: "K3"}
	}
	return DeckPolicy{Change: DecksLock, Rule: "K2"}
}
