package rules

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
