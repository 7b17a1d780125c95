// Package standings computes an event's standings from its results: match
// points, records, game counts and the tiebreakers a format names, each
// value kept so a player can check the arithmetic.
//
// The percentages follow the common store rules (RULES.md X1): a player's
// match-win and game-win percentages are floored at 1/3; a bye counts as a
// won match (won 2–0 in a best of three) for the player who had it and is
// left out of opponents' averages.
package standings

import (
	"sort"

	"tablekeeper/core/event"
	"tablekeeper/core/rules"
)

// Floor is the lowest match-win or game-win percentage a player counts with.
const Floor = 1.0 / 3.0

// Standing is one entry's line in the standings.
type Standing struct {
	// Rank is 1 for the leader; entries equal on points and every
	// tiebreaker share a rank.
	Rank    int
	EntryID event.EntryID
	Name    string
	Status  event.EntryStatus
	// Points are match points.
	Points int
	// Matches counts matches played, byes and late-entry losses included.
	Matches                 int
	Wins, Losses, Draws     int
	Byes                    int
	GamesWon, GamesLost     int
	GamesDrawn              int
	MatchWin, GameWin       float64
	OppMatchWin, OppGameWin float64
	// Opponents lists the entries met, in round order (a rematch appears
	// twice); byes are not opponents.
	Opponents []event.EntryID
}

// Tiebreaker returns the value of the tiebreaker with the given key
// (rules.Tie…), or 0 for an unknown key.
func (s Standing) Tiebreaker(key string) float64 {
	switch key {
	case rules.TieOpponentsMatchWin:
		return s.OppMatchWin
	case rules.TieGameWin:
		return s.GameWin
	case rules.TieOpponentsGameWin:
		return s.OppGameWin
	}
	return 0
}

// Compute returns the standings of entries after the given rounds, best
// first. Tables without a result are ignored, so standings during a round
// show the last complete picture plus the results already in.
func Compute(entries []event.Entry, rounds []event.Round, set event.Settings) []Standing {
	out := make([]Standing, len(entries))
	index := make(map[event.EntryID]int, len(entries))
	for i, e := range entries {
		out[i] = Standing{EntryID: e.ID, Name: e.Name, Status: e.Status}
		index[e.ID] = i
	}
	byeGames := set.GamesPerMatch/2 + 1
	pairedRounds := 0
	for _, r := range rounds {
		pairedRounds = max(pairedRounds, r.Number)
		for _, t := range r.Tables {
			if t.Result == nil {
				continue
			}
			if t.Bye {
				if len(t.Seats) == 1 {
					if i, ok := index[t.Seats[0].EntryID]; ok {
						s := &out[i]
						s.Points += set.Points.Bye
						s.Byes++
						s.Wins++
						s.Matches++
						s.GamesWon += byeGames
					}
				}
				continue
			}
			if len(t.Seats) != 2 || len(t.Result.Seats) != 2 {
				continue
			}
			for seat := 0; seat < 2; seat++ {
				i, ok := index[t.Seats[seat].EntryID]
				if !ok {
					continue
				}
				s := &out[i]
				s.Matches++
				s.Opponents = append(s.Opponents, t.Seats[1-seat].EntryID)
				s.GamesWon += t.Result.Seats[seat].GamesWon
				s.GamesLost += t.Result.Seats[1-seat].GamesWon
				s.GamesDrawn += t.Result.GamesDrawn
				switch t.Result.Outcome(seat) {
				case event.Win:
					s.Wins++
					s.Points += set.Points.Win
				case event.Draw:
					s.Draws++
					s.Points += set.Points.Draw
				default:
					s.Losses++
					s.Points += set.Points.Loss
				}
			}
		}
	}
	if set.LateEntryLosses {
		for i, e := range entries {
			missed := min(e.JoinedRound-1, pairedRounds)
			if missed > 0 {
				out[i].Matches += missed
				out[i].Losses += missed
				out[i].Points += missed * set.Points.Loss
			}
		}
	}
	win := max(set.Points.Win, 1)
	for i := range out {
		s := &out[i]
		s.MatchWin = floored(float64(s.Points), float64(win*s.Matches))
		games := s.GamesWon + s.GamesLost + s.GamesDrawn
		s.GameWin = floored(float64(3*s.GamesWon+s.GamesDrawn), float64(3*games))
	}
	for i := range out {
		s := &out[i]
		if len(s.Opponents) == 0 {
			continue
		}
		var mw, gw float64
		for _, o := range s.Opponents {
			j := index[o]
			mw += out[j].MatchWin
			gw += out[j].GameWin
		}
		s.OppMatchWin = mw / float64(len(s.Opponents))
		s.OppGameWin = gw / float64(len(s.Opponents))
	}
	sort.SliceStable(out, func(a, b int) bool {
		if c := compare(out[a], out[b], set.Tiebreakers); c != 0 {
			return c > 0
		}
		if out[a].Name != out[b].Name {
			return out[a].Name < out[b].Name
		}
		return out[a].EntryID < out[b].EntryID
	})
	for i := range out {
		if i > 0 && compare(out[i], out[i-1], set.Tiebreakers) == 0 {
			out[i].Rank = out[i-1].Rank
		} else {
			out[i].Rank = i + 1
		}
	}
	return out
}

// compare orders a and b by points then tiebreakers: positive when a ranks
// higher.
func compare(a, b Standing, tiebreakers []string) int {
	if a.Points != b.Points {
		return a.Points - b.Points
	}
	for _, k := range tiebreakers {
		x, y := a.Tiebreaker(k), b.Tiebreaker(k)
		if x > y {
			return 1
		}
		if x < y {
			return -1
		}
	}
	return 0
}

// floored returns num/den, at least Floor; Floor when nothing was played.
func floored(num, den float64) float64 {
	if den <= 0 {
		return Floor
	}
	return max(num/den, Floor)
}
