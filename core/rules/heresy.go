package rules

import (
	"strconv"

	"tablekeeper/core/event"
	"tablekeeper/core/i18n"
	"tablekeeper/core/scoring"
)

// heresy is Heresy: Kingdom Come (document 002).
func heresy() Game {
	multiplayer := func(goal, win int) event.Settings {
		return event.Settings{
			Structure:    event.StructureSwiss,
			TableSize:    3,
			MinTableSize: 3,
			MaxTableSize: 4,
			// H4: 75-minute rounds recommended.
			RoundMinutes:  75,
			GamesPerMatch: 1,
			Scoring:       event.ScoringHeresy,
			Heresy:        event.HeresySettings{H2Tables: true, TauGoal: goal, WinScore: win, TimeOutBonus: 2},
			Points:        event.Points{Win: win},
			// The document names no tiebreaker: equal scores share a
			// rank unless the organizer adds one.
			Tiebreakers: []string{},
		}
	}
	return Game{
		Key:    "heresy",
		Name:   i18n.K("Heresy: Kingdom Come"),
		atTime: heresyAtTime,
		slip:   heresySlip,
		Formats: []Format{
			{
				// Rules H2–H5: tables of 3 and 4 grouped by score, 4 rounds
				// plus one per full 15 players, a win 14, others Tau.
				Key:      "reascension",
				Name:     i18n.K("Reascension"),
				Summary:  i18n.K("Multiplayer games of 3–4 grouped by score; a win scores 14, others their Tau (goal 9)."),
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
				Name:     i18n.K("Revelations"),
				Summary:  i18n.K("Draft in groups of 5 (3–5), then multiplayer games as Reascension; a win scores 11, others their Tau (goal 7)."),
				Rules:    []string{"H2", "H3", "H4", "H5", "H7"},
				Defaults: withDraft(multiplayer(7, 11), 5, 3, 5, 3),
			},
			{
				// Rule H6: matches of three games, single or double
				// elimination (Settings.Double), the 4.2.2 bye rule.
				Key:     "armageddon",
				Name:    i18n.K("Armageddon"),
				Summary: i18n.K("Two-player matches of three games, elimination, byes by fewest lost games (4.2.2)."),
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

// heresyForm is the result form of a Heresy table (H5): each seat's Tau
// stored and the winner; at time nobody wins and every seat scores its Tau
// plus the time-out bonus.
type heresyForm struct{}

func (heresyForm) valueName() string  { return i18n.K("Tau stored") }
func (heresyForm) scoreName() string  { return i18n.K("Score") }
func (heresyForm) resultName() string { return i18n.K("Score") }
func (heresyForm) rule(s event.Settings) i18n.Text {
	return i18n.F("the winner scores %d, the others their Tau stored (at most %d); at time nobody wins and each scores Tau + %d.",
		s.Heresy.WinScore, s.Heresy.TauGoal, s.Heresy.TimeOutBonus)
}
func (heresyForm) hint(s event.Settings) i18n.Text {
	return i18n.F("Type a table number and press Enter, then each seat's Tau stored and the winner's seat number: the winner scores %d, the others their Tau (at most %d). At time nobody wins: leave Winner blank and tick Time-out (Tau + %d).",
		s.Heresy.WinScore, s.Heresy.TauGoal, s.Heresy.TimeOutBonus)
}
func (heresyForm) winnerHint() i18n.Text {
	return i18n.F("Winner: the seat number. At time nobody wins: leave it blank and tick Time-out (or type t).")
}
func (heresyForm) winnerRunes() string { return "0123456789 ,;+&/" }
func (heresyForm) valueRunes() string  { return "0123456789" }
func (f heresyForm) seat(_ event.Settings, i int, text string, _ bool) (event.SeatResult, error) {
	v, err := seatNumber(i, text, f.valueName())
	return event.SeatResult{Games: []event.GameDetail{{Stats: map[string]int{scoring.TauStat: v}}}}, err
}

// pending shows each seat's score by rule H5 even before the result is
// possible (no winner typed yet), so a Tau above the goal shows as the
// goal.
func (heresyForm) pending(s event.Settings, r event.Result, i int) string {
	st := r.Seats[i]
	tau := min(max(scoring.Tau(st), 0), s.Heresy.TauGoal)
	switch {
	case r.TimeOut:
		return strconv.Itoa(tau + s.Heresy.TimeOutBonus)
	case st.Place == 1:
		return strconv.Itoa(s.Heresy.WinScore)
	}
	return strconv.Itoa(tau)
}
func (heresyForm) valueMax(s event.Settings) int      { return s.Heresy.TauGoal }
func (heresyForm) winnerAtTime() bool                 { return false }
func (heresyForm) shown(r event.Result, i int) string { return strconv.Itoa(r.Seats[i].Points) }
func (heresyForm) typed(st event.SeatResult, _ bool) string {
	return strconv.Itoa(scoring.Tau(st))
}

// heresyAtTime: at time nobody wins in Heresy (H5); the result panel takes
// each seat's Tau with Time-out ticked, so no form is needed.
func heresyAtTime(event.Settings, int, int, int) (AtTime, error) {
	return noForm(i18n.F("at time nobody wins in Heresy (H5): open the table's result, type each seat's Tau stored and tick Time-out"))
}

// heresySlip: every Heresy table's slip asks for Tau and places; an
// Armageddon match (two players, games won) uses the generic slip.
func heresySlip(s event.Settings) SlipKind {
	if s.Scoring == event.ScoringHeresy {
		return SlipHeresy
	}
	return SlipGeneric
}
