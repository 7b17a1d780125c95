// Package scoring checks and scores the result of a multiplayer table by
// the format's rules: who may win, what each seat's points are, and the
// match points each seat takes into the standings.
//
// The formats differ (RULES.md):
//   - Heresy (H5, H7): the winner scores WinScore (14; 11 in Revelations);
//     every other player scores the Tau they stored, at most the goal; on
//     time-out nobody wins and every player scores Tau stored (at most the
//     goal) plus TimeOutBonus (2). The score is the match points.
//   - Shadowfist (S6–S8): a win is worth 4 match points (two players who
//     win in the same scene both get a full win), the winner on time-out 2,
//     the players tied for the lead on time-out 1 each, everyone else 0.
//     Game points per seat are entered by the table and rank players on
//     equal match points.
//   - Placement (any other multiplayer game, Altered Free for All): the
//     winner takes Points.Win; on time-out the players tied for the lead
//     take Points.Draw.
//
// In a Result, a seat's Place 1 marks a winner (or, on time-out, a player
// in the lead); per-game details may carry "tau".
package scoring

import (
	"tablekeeper/core/event"
)

// TauStat is the per-game detail key of Heresy's Tau stored.
const TauStat = "tau"

// Check verifies a multiplayer result against the format and fills in what
// the format derives (Heresy's score into each seat's Points). It returns
// an error that names the problem in the organizer's words.
func Check(s event.Settings, r *event.Result) error {
	if len(r.Seats) < 2 {
		return event.Invalidf("a table needs 2 to %d seats, not %d", event.MaxSeats, len(r.Seats))
	}
	leaders := 0
	for _, st := range r.Seats {
		if st.Place < 0 || st.Place > len(r.Seats) {
			return event.Invalidf("a place must be between 1 and %d", len(r.Seats))
		}
		if st.Place == 1 {
			leaders++
		}
	}
	switch s.Scoring {
	case event.ScoringHeresy:
		return checkHeresy(s, r, leaders)
	case event.ScoringShadowfist:
		if leaders == 0 {
			return event.Invalid("mark the winner (or, at time, the players tied for the lead)")
		}
		for _, st := range r.Seats {
			if st.Points < -50 || st.Points > 200 {
				return event.Invalidf("game points %d are out of range (-50 to 200)", st.Points)
			}
		}
		return nil
	default:
		for _, st := range r.Seats {
			if st.Points < -50 || st.Points > 200 {
				return event.Invalidf("points %d are out of range (-50 to 200)", st.Points)
			}
		}
		if leaders == 0 {
			return event.Invalid("mark the winner (or, at time, the players tied for the lead)")
		}
		if leaders > 1 && !r.TimeOut {
			return event.Invalid("only one player can win; at time, several players can share the lead")
		}
		return nil
	}
}

func checkHeresy(s event.Settings, r *event.Result, winners int) error {
	switch {
	case r.TimeOut && winners > 0:
		return event.Invalid("at time nobody wins in Heresy (H5): every player scores Tau stored plus 2; clear the winner")
	case !r.TimeOut && winners != 1:
		return event.Invalidf("a Heresy game has exactly one winner unless it went to time (H5); %d marked", winners)
	}
	for i := range r.Seats {
		st := &r.Seats[i]
		tau := Tau(*st)
		if tau < 0 || tau > 99 {
			return event.Invalidf("Tau stored must be 0 to 99, not %d", tau)
		}
		tau = min(tau, s.TauGoal)
		switch {
		case st.Place == 1:
			st.Points = s.WinScore
		case r.TimeOut:
			st.Points = tau + s.TimeOutBonus
		default:
			st.Points = tau
		}
	}
	return nil
}

// Tau returns the Tau stored of a seat: the last game's "tau" detail.
func Tau(st event.SeatResult) int {
	if n := len(st.Games); n > 0 {
		return st.Games[n-1].Stats[TauStat]
	}
	return 0
}

// MatchPoints returns the match points of seat i of a multiplayer result.
func MatchPoints(s event.Settings, r event.Result, i int) int {
	if s.Scoring == event.ScoringHeresy {
		return r.Seats[i].Points
	}
	if r.Seats[i].Place != 1 {
		return s.Points.Loss
	}
	leaders := 0
	for _, st := range r.Seats {
		if st.Place == 1 {
			leaders++
		}
	}
	switch {
	case !r.TimeOut:
		return s.Points.Win
	case leaders > 1:
		return s.Points.Draw
	case s.Points.TimeOutWin > 0:
		return s.Points.TimeOutWin
	default:
		return s.Points.Win
	}
}

// GamePoints returns the game points of seat i that rank players on equal
// match points (Shadowfist S7, S10); 0 for the formats without them.
func GamePoints(s event.Settings, r event.Result, i int) int {
	if s.Scoring == event.ScoringShadowfist {
		return r.Seats[i].Points
	}
	return 0
}
