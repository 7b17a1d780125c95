package rules

import "tablekeeper/core/event"

// heresy is Heresy: Kingdom Come (document 002). Reascension and
// Revelations are multiplayer and come with the multiplayer engine.
func heresy() Game {
	return Game{
		Key:  "heresy",
		Name: "Heresy: Kingdom Come",
		Formats: []Format{
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
