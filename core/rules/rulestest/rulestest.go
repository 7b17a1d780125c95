// Package rulestest builds games in core alone for the tests of the
// front-ends that render core/rules' values: a game registered for one
// test, with a match slip of its own, which no front-end code knows.
package rulestest

import (
	"testing"

	"tablekeeper/core/event"
	"tablekeeper/core/rules"
)

// GemDuel is the key of the game Register adds.
const GemDuel = "gem-duel"

// GemDuelSlip is Gem Duel's match slip: per game and player a tick for
// the winner and the gems and crowns won, the games won over the match, and
// two signatures. Its words are not in the translation files, so they
// print as written.
var GemDuelSlip = rules.SlipSpec{
	Name:       "Gem Duel",
	Layout:     rules.SlipByGame,
	Seats:      2,
	SeatsRule:  "a Gem Duel is between 2 players",
	GameBoxes:  []rules.SlipBox{{Label: "Won", Tick: true}, {Label: "Gems"}, {Label: "Crowns"}},
	Total:      "Total",
	TotalOne:   "Crowns",
	Signatures: []string{"First duellist", "Second duellist"},
}

// Register adds Gem Duel, a two-player game of best-of-three Swiss with
// the slip GemDuelSlip, to the catalogue until the test ends, and returns
// an event of it.
func Register(t testing.TB) event.Event {
	t.Helper()
	slip := rules.AddSlip(GemDuelSlip)
	s := event.Settings{
		Structure:     event.StructureSwiss,
		TableSize:     2,
		GamesPerMatch: 3,
		RoundMinutes:  40,
		Points:        event.Points{Win: 3, Draw: 1, Bye: 3},
		Tiebreakers:   []string{rules.TieOpponentsMatchWin},
	}
	g := rules.Game{Key: GemDuel, Name: "Gem Duel", Formats: []rules.Format{{Key: "duel", Name: "Duel", Defaults: s}}}.WithSlip(slip)
	t.Cleanup(rules.Register(g))
	return event.Event{Name: "Gem night", Game: GemDuel, Format: "duel", Settings: s}
}
