package rules

import "tablekeeper/core/event"

// generic is any other card game, run with the common store defaults.
func generic() Game {
	return Game{
		Key:  "generic",
		Name: "Any card game",
		Formats: []Format{
			{
				// Rule X1.
				Key:      "swiss",
				Name:     "Swiss (best of three)",
				Summary:  "Two-player Swiss, 3 points a win, 1 a draw; OMW%, GW%, OGW% floored at 33%.",
				Rules:    []string{"X1"},
				Defaults: storeSwiss(3, 50, 0),
			},
			{
				// Rules X1 and X2: Swiss, then the top 8 in a bracket.
				Key:      "swiss-top8",
				Name:     "Swiss with a top 8",
				Summary:  "Two-player Swiss, then the top 8 play single elimination seeded 1 v 8, 4 v 5, 2 v 7, 3 v 6.",
				Rules:    []string{"X1", "X2"},
				Defaults: withTopCut(storeSwiss(3, 50, 0), 8),
			},
			{
				// Rule S10: single elimination from round 1.
				Key:      "single-elimination",
				Name:     "Single elimination",
				Summary:  "A seeded bracket from round 1; byes to the top seeds; best of three.",
				Rules:    []string{"S10"},
				Defaults: bracket(event.StructureSingleElimination),
			},
			{
				// Rule S10: double elimination.
				Key:      "double-elimination",
				Name:     "Double elimination",
				Summary:  "Winners and losers brackets: out after two losses; best of three.",
				Rules:    []string{"S10"},
				Defaults: bracket(event.StructureDoubleElimination),
			},
			{
				// Rule S10: round robin (Berger tables).
				Key:      "round-robin",
				Name:     "Round robin",
				Summary:  "Everyone plays everyone once; ranked by points and tiebreakers.",
				Rules:    []string{"S10"},
				Defaults: bracket(event.StructureRoundRobin),
			},
			{
				// Rule X1, single-game matches.
				Key:      "swiss-bo1",
				Name:     "Swiss (best of one)",
				Summary:  "Two-player Swiss of single games, 3 points a win, 1 a draw.",
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
