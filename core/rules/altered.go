package rules

import (
	"tablekeeper/core/event"
	"tablekeeper/core/i18n"
)

// altered is Altered (documents 001 and 003).
func altered() Game {
	return Game{
		Key:        "altered",
		Name:       i18n.K("Altered"),
		deckPolicy: alteredDecks,
		deckRules:  alteredDeckRules,
		// Altered's documents name no penalties: the list of common
		// practice, as any other game.
		infractions: commonInfractions,
		Formats: []Format{
			{
				// Rule A3: best of three, 50-minute rounds, 3 rounds.
				Key:      "standard-bo3",
				Name:     i18n.K("Standard (best of three)"),
				Summary:  i18n.K("Constructed Swiss, best of three, 50-minute rounds, 3 rounds."),
				Rules:    []string{"A1", "A3"},
				Defaults: storeSwiss(3, 50, 3),
			},
			{
				// Rule A3: best of one, 30-minute rounds, 4 rounds.
				Key:      "standard-bo1",
				Name:     i18n.K("Standard (best of one)"),
				Summary:  i18n.K("Constructed Swiss, best of one, 30-minute rounds, 4 rounds."),
				Rules:    []string{"A1", "A3"},
				Defaults: storeSwiss(1, 30, 4),
			},
			{
				// Rule A6: Free for All, four players a table. The document
				// gives no scoring: the winner takes 3, a lead shared at
				// time 1 each (a setting).
				Key:     "free-for-all",
				Name:    i18n.K("Free for All"),
				Summary: i18n.K("Multiplayer tables of 4 (3 where needed), constructed decks; the winner scores 3."),
				Rules:   []string{"A1", "A6"},
				Defaults: event.Settings{
					Structure:     event.StructureSwiss,
					TableSize:     4,
					MinTableSize:  3,
					MaxTableSize:  4,
					GamesPerMatch: 1,
					RoundMinutes:  60,
					Points:        event.Points{Win: 3, Draw: 1},
					Tiebreakers:   []string{TieOpponentsMatchWin},
				},
			},
			{
				// Rule A6: 2v2, teams of two, four players a table,
				// constructed decks. The document says nothing more: a
				// table is scored as a two-player match between its two
				// teams (best of one, 3/1/0, a bye 3, OMW/GW/OGW over
				// teams, as X1), and the document is silent on time, so
				// the 50 minutes of a constructed best of three (A3) are
				// ours, a setting.
				Key:      "2v2",
				Name:     i18n.K("2v2 (teams of two)"),
				Summary:  i18n.K("Teams of two paired Swiss, two teams a table, constructed decks; best of one, 50-minute rounds."),
				Rules:    []string{"A1", "A6"},
				Defaults: teams(storeSwiss(1, 50, 0), 2),
			},
			{
				// Rule A4: 7 boosters, decks of at least 30, Swiss rounds.
				Key:      "sealed",
				Name:     i18n.K("Sealed"),
				Summary:  i18n.K("Sealed deck Swiss (7 boosters each), best of three, 50-minute rounds."),
				Rules:    []string{"A2", "A4"},
				Defaults: storeSwiss(3, 50, 0),
			},
			{
				// Rule A5: pods of 8 recommended, 4 boosters each passing
				// left, right, left, right; then best of one, 3 rounds of
				// 30 minutes. The document gives only the 8: pods of 3 to
				// 10 are ours, so any count from 3 drafts in even pods.
				Key:      "booster-draft",
				Name:     i18n.K("Booster Draft"),
				Summary:  i18n.K("Draft in pods of 8 (3–10), 4 boosters each; then Swiss, best of one, 30-minute rounds, 3 rounds."),
				Rules:    []string{"A2", "A5"},
				Defaults: withDraft(storeSwiss(1, 30, 3), 8, 3, 10, 4),
			},
		},
	}
}

// alteredDecks is Altered's rule on changing decks: limited decks change
// freely between games from the player's pool (A2, 001: "Players can freely
// modify their deck using their pool of drafted cards between games when
// playing in limited formats"); the documents say nothing of constructed
// decks, which lock as at any store.
func alteredDecks(s event.Settings) DeckPolicy {
	if s.DeckRules == "altered-limited" {
		return DeckPolicy{Change: DecksOpen, Rule: "A2"}
	}
	return DeckPolicy{Change: DecksLock}
}

// alteredDeckRules gives each Altered format the decklist rules its decks
// are checked against: constructed (A1; A6 multiplayer is constructed) or
// limited (A2).
func alteredDeckRules(format string) string {
	switch format {
	case "sealed", "booster-draft":
		return "altered-limited" // A2
	}
	return "altered-constructed" // A1, A6
}
