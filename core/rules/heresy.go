package rules

import "tablekeeper/core/event"

// heresy is Heresy: Kingdom Come (document 002).
func heresy() Game {
	multiplayer := func(goal, win int) event.Settings {
		return event.Settings{
			Structure:    event.StructureSwiss,
			TableSize:    3,
			MinTableSize: 3,
			MaxTableSize: 4,
			TableSizing:  "heresy",
			// H4: 75-minute rounds recommended.
			RoundMinutes:  75,
			GamesPerMatch: 1,
			Scoring:       event.ScoringHeresy,
			TauGoal:       goal,
			WinScore:      win,
			TimeOutBonus:  2,
			Points:        event.Points{Win: win},
			// The document names no tiebreaker: equal scores share a
			// rank unless the organizer adds one.
			Tiebreakers: []string{},
		}
	}
	return Game{
		Key:  "heresy",
		Name: "Heresy: Kingdom Come",
		Formats: []Format{
			{
				// Rules H2–H5: tables of 3 and 4 grouped by score, 4 rounds
				// plus one per full 15 players, a win 14, others Tau.
				Key:      "reascension",
				Name:     "Reascension",
				Summary:  "Multiplayer games of 3–4 grouped by score; a win scores 14, others their Tau (goal 9).",
				Rules:    []string{"H1", "H2", "H3", "H4", "H5"},
				Defaults: multiplayer(9, 14),
			},
			{
				// Rule H7: as Reascension after a draft; goal 7, a win 11.
				// The document says only that draft groups are "as even as
				// possible, ideally 5": the bounds of 3 to 5 are ours (a
				// group of three still drafts). It is silent on the number
				// of packs: 3 is a setting the organizer can change.
				Key:      "revelations",
				Name:     "Revelations",
				Summary:  "Draft in groups of 5 (3–5), then multiplayer games as Reascension; a win scores 11, others their Tau (goal 7).",
				Rules:    []string{"H2", "H3", "H4", "H5", "H7"},
				Defaults: withDraft(multiplayer(7, 11), 5, 3, 5, 3),
			},
			{
				// Rule H6: matches of three games, single or double
				// elimination (Settings.Double), the 4.2.2 bye rule.
				Key:     "armageddon",
				Name:    "Armageddon",
				Summary: "Two-player matches of three games, elimination, byes by fewest lost games (4.2.2).",
				Rules:   []string{"H6"},
				Defaults: event.Settings{
					Structure:     event.StructureArmageddon,
					TableSize:     2,
					GamesPerMatch: 3,
					RoundMinutes:  75,
					Points:        event.Points{Win: 3, Draw: 1, Loss: 0, Bye: 3},
					Tiebreakers:   []string{TieGameWin},
				},
			},
		},
	}
}
