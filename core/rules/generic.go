package rules

import (
	"tablekeeper/core/event"
	"tablekeeper/core/i18n"
)

// DefaultFormat returns the game and format an event starts from when
// nobody chose one (the command line's sim): any card game, Swiss. A
// front-end asks for it rather than naming a game.
func DefaultFormat() (game, format string) { return "generic", "swiss" }

// generic is any other card game, run with the common store defaults.
func generic() Game {
	return Game{
		Key:  "generic",
		Name: i18n.K("Any card game"),
		Formats: []Format{
			{
				// Rule X1.
				Key:      "swiss",
				Name:     i18n.K("Swiss (best of three)"),
				Summary:  i18n.K("Two-player Swiss, 3 points a win, 1 a draw; tiebreakers OMW%, GW%, OGW% (at least 33%)."),
				Rules:    []string{"X1"},
				Defaults: storeSwiss(3, 50, 0),
			},
			{
				// Rules X1 and X2: Swiss, then the top 8 in a bracket.
				Key:      "swiss-top8",
				Name:     i18n.K("Swiss with a top 8"),
				Summary:  i18n.K("Two-player Swiss, then the top 8 play single elimination seeded 1 v 8, 4 v 5, 2 v 7, 3 v 6."),
				Rules:    []string{"X1", "X2"},
				Defaults: withTopCut(storeSwiss(3, 50, 0), 8),
			},
			{
				// Rule S10: single elimination from round 1.
				Key:      "single-elimination",
				Name:     i18n.K("Single elimination"),
				Summary:  i18n.K("A seeded bracket from round 1; byes to the top seeds; best of three."),
				Rules:    []string{"S10"},
				Defaults: bracket(event.StructureSingleElimination),
			},
			{
				// Rule S10: double elimination.
				Key:      "double-elimination",
				Name:     i18n.K("Double elimination"),
				Summary:  i18n.K("Winners and losers brackets: out after two losses; best of three."),
				Rules:    []string{"S10"},
				Defaults: bracket(event.StructureDoubleElimination),
			},
			{
				// Rule S10: round robin (Berger tables).
				Key:      "round-robin",
				Name:     i18n.K("Round robin"),
				Summary:  i18n.K("Everyone plays everyone once; ranked by points and tiebreakers."),
				Rules:    []string{"S10"},
				Defaults: bracket(event.StructureRoundRobin),
			},
			{
				// Rule X1, single-game matches.
				Key:      "swiss-bo1",
				Name:     i18n.K("Swiss (best of one)"),
				Summary:  i18n.K("Two-player Swiss of single games, 3 points a win, 1 a draw."),
				Rules:    []string{"X1"},
				Defaults: storeSwiss(1, 30, 0),
			},
		},
	}
}

func withTopCut(s event.Settings, n int) event.Settings {
	s.Playoff.TopCut = n
	return s
}

// bracket is the store default for a structure other than Swiss.
func bracket(structure event.Structure) event.Settings {
	s := storeSwiss(3, 50, 0)
	s.Structure = structure
	return s
}

// commonInfractions is the list for Altered and any other card game. Neither has a
// penalty document here, so it follows common tournament practice (and
// KeyForge's list, 000).
func commonInfractions() []Infraction {
	practice := i18n.K("common practice")
	return []Infraction{
		{Key: "gameplay-error", Name: i18n.K("gameplay error"), Rule: practice,
			Ladder: ladder(InformalWarning, FormalWarning, GameLoss), Note: i18n.K("correct the game where possible")},
		{Key: "tardiness", Name: i18n.K("tardiness"), Rule: practice,
			Ladder: ladder(FormalWarning, GameLoss)},
		{Key: "absence", Name: i18n.K("absence at the start of a match"), Rule: practice,
			Ladder: ladder(MatchLoss)},
		{Key: "deck-problem", Name: i18n.K("illegal deck or failed deck check"), Rule: practice,
			Ladder: ladder(GameLoss)},
		{Key: "slow-play", Name: i18n.K("slow play"), Rule: practice,
			Ladder: ladder(InformalWarning, FormalWarning, GameLoss)},
		{Key: "stalling", Name: i18n.K("stalling"), Rule: practice,
			Ladder: ladder(FormalWarning, GameLoss, Disqualification)},
		{Key: "ignoring-instructions", Name: i18n.K("ignoring instructions from a judge or organizer"), Rule: practice,
			Ladder: ladder(FormalWarning, GameLoss, Disqualification)},
		{Key: "unsporting-minor", Name: i18n.K("unsporting conduct (minor)"), Rule: practice,
			Ladder: ladder(InformalWarning, FormalWarning, GameLoss)},
		{Key: "unsporting-major", Name: i18n.K("unsporting conduct (major)"), Rule: practice,
			Ladder: ladder(GameLoss, Disqualification)},
		{Key: "collusion", Name: i18n.K("bribery, wagering or collusion"), Rule: practice,
			Ladder: ladder(Disqualification)},
		{Key: "cheating", Name: i18n.K("cheating"), Rule: practice,
			Ladder: ladder(Disqualification)},
	}
}

// genericSlipSpec is the slip of any game without one of its own: games
// won and draws at a table of two, placements at a larger one.
var genericSlipSpec = SlipSpec{
	Name: "generic",
	Rows: SlipRows{Columns: []string{i18n.K("Placement")},
		Note: i18n.K("Write each player's placement (1 for the winner); every player signs.")},
	TwoSeats: &SlipRows{Columns: []string{i18n.K("Games won")}, Draws: true,
		Note: i18n.K("Both players check the result and sign.")},
}
