package rules

// altered is Altered (documents 001 and 003). The multiplayer formats (A6)
// and Booster Draft pods (A5) come with the multiplayer engine.
func altered() Game {
	return Game{
		Key:  "altered",
		Name: "Altered",
		Formats: []Format{
			{
				// Rule A3: best of three, 50-minute rounds, 3 rounds.
				Key:      "standard-bo3",
				Name:     "Standard (best of three)",
				Summary:  "Constructed Swiss, best of three, 50-minute rounds, 3 rounds.",
				Rules:    []string{"A1", "A3"},
				Defaults: storeSwiss(3, 50, 3),
			},
			{
				// Rule A3: best of one, 30-minute rounds, 4 rounds.
				Key:      "standard-bo1",
				Name:     "Standard (best of one)",
				Summary:  "Constructed Swiss, best of one, 30-minute rounds, 4 rounds.",
				Rules:    []string{"A1", "A3"},
				Defaults: storeSwiss(1, 30, 4),
			},
			{
				// Rule A4: 7 boosters, decks of at least 30, Swiss rounds.
				Key:      "sealed",
				Name:     "Sealed",
				Summary:  "Sealed deck Swiss (7 boosters each), best of three, 50-minute rounds.",
				Rules:    []string{"A2", "A4"},
				Defaults: storeSwiss(3, 50, 0),
			},
		},
	}
}
