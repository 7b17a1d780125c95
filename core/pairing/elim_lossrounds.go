package pairing

// Loss rounds are elimination played round by round instead of on a fixed
// chart: every round pairs the players still in, grouped by match losses,
// and a player is out after a set number of losses (one for single
// elimination, two for double). The KeyForge elimination rounds (K6) and
// the Heresy Armageddon tournament (H6, whose byes are given round by round)
// run this way. This file holds what both share: replaying the rounds
// played into each entrant's record, and pairing by loss groups.

import (
	"slices"

	"tablekeeper/core/event"
)

// TauStat is the GameDetail.Stats key under which Heresy games record the
// Tau a player had stored when the game ended (H6: byes are broken by the
// Tau stored at the end of a player's last loss).
const TauStat = "tau"

// LossRecord is one entrant's record in a stage of loss rounds.
type LossRecord struct {
	Entry event.EntryID
	// Seed is the entrant's place in the entrants list, from 1.
	Seed int
	// Losses counts matches lost, walkovers included.
	Losses int
	// LostGames counts the games lost over the stage: the games the
	// opponent won, played and lost (H6: an Armageddon match plays all
	// three games, and a 2–0 sweeper has lost none). Only a match decided
	// at time adds its unplayed games as losses for both players (Heresy
	// 4.2.5–4.2.6); see lrLostGames.
	LostGames int
	// LastLossTau is the Tau stored at the end of the player's last lost
	// game (H6): the TauStat of the last game not won in the last match
	// with a lost game, or that match's SeatResult.Points when the games
	// carry no Tau. Zero before any loss.
	LastLossTau int
	// Byes counts the byes received (bye tables in the rounds played).
	Byes int
	// JustLostMatch: the entrant lost a match in the last round played.
	JustLostMatch bool
	// Opponents met, in order.
	Opponents []event.EntryID
	// Out is the stage round in which the entrant took the loss that put
	// them out; 0 while still in.
	Out int
	// Withdrawn: dropped or disqualified (K10); never paired again.
	Withdrawn bool
	// LastRound is the last stage round the entrant had a table in.
	LastRound int
}

// lrStage is the loss-round history of a stage: one record per entrant and
// who met whom.
type lrStage struct {
	ids     []event.EntryID
	rec     map[event.EntryID]*LossRecord
	met     map[[2]event.EntryID]bool
	maxLoss int
	rounds  int
}

// lrReplay reads the rounds played into records. maxLoss is the number of
// match losses that puts a player out; bestOf the games of a match (for
// LostGames; 0 counts only the games the opponent won).
func lrReplay(ids []event.EntryID, played []event.Round, withdrawn map[event.EntryID]bool, maxLoss, bestOf int) (*lrStage, error) {
	st := &lrStage{ids: ids, rec: make(map[event.EntryID]*LossRecord, len(ids)), met: map[[2]event.EntryID]bool{}, maxLoss: maxLoss}
	for i, id := range ids {
		st.rec[id] = &LossRecord{Entry: id, Seed: i + 1, Withdrawn: withdrawn[id]}
	}
	for n, h := range played {
		round := n + 1
		st.rounds = round
		for _, r := range st.rec {
			r.JustLostMatch = false
		}
		seated := map[event.EntryID]bool{}
		for _, t := range h.Tables {
			for _, s := range t.Seats {
				r, ok := st.rec[s.EntryID]
				if !ok {
					return nil, event.Invalidf("round %d, table %d: entry %d is not an entrant of this stage", h.Number, t.Number, s.EntryID)
				}
				if seated[s.EntryID] {
					return nil, event.Invalidf("round %d: entry %d has two tables", h.Number, s.EntryID)
				}
				if r.Losses >= maxLoss {
					return nil, event.Invalidf("round %d, table %d: entry %d was already out after %d losses", h.Number, t.Number, s.EntryID, r.Losses)
				}
				seated[s.EntryID] = true
				r.LastRound = round
			}
			switch {
			case t.Bye || len(t.Seats) == 1:
				for _, s := range t.Seats {
					st.rec[s.EntryID].Byes++
				}
				continue
			case len(t.Seats) != 2:
				return nil, event.Invalidf("round %d, table %d seats %d players; a match has two", h.Number, t.Number, len(t.Seats))
			}
			w, l, _, err := elWinner(h, t, withdrawn)
			if err != nil {
				return nil, err
			}
			st.met[elPair(w, l)] = true
			win, lose := st.rec[w], st.rec[l]
			win.Opponents = append(win.Opponents, l)
			lose.Opponents = append(lose.Opponents, w)
			lose.Losses++
			lose.JustLostMatch = true
			if lose.Losses >= maxLoss {
				lose.Out = round
			}
			if t.Result == nil {
				lose.LostGames += max(bestOf, 1)
				continue
			}
			for i, s := range t.Seats {
				rec := st.rec[s.EntryID]
				lost := lrLostGames(*t.Result, i, bestOf)
				rec.LostGames += lost
				if lost > 0 {
					rec.LastLossTau = lrTau(t.Result.Seats[i])
				}
			}
		}
	}
	return st, nil
}

// lrLostGames counts the games seat i lost in a match of bestOf games: the
// games the opponent won, plus, when the match was decided at time, the
// games left unplayed, which Heresy records as losses for both players
// (4.2.5: time in game 1, both unplayed games; 4.2.6: time in game 2 with
// the match won 2–0, the third game). A match counts as decided at time
// when its result says so, or when its winner won fewer games than a
// match needs (a 1–0 ends a best of three only at time, 4.2.5). A match
// played out, or stopped after a 2–0 without time, charges nobody for
// games not played (H6).
func lrLostGames(r event.Result, i, bestOf int) int {
	lost := r.Seats[1-i].GamesWon
	played := r.Seats[0].GamesWon + r.Seats[1].GamesWon + r.GamesDrawn
	won := max(r.Seats[0].GamesWon, r.Seats[1].GamesWon)
	if r.TimeOut || won < bestOf/2+1 {
		lost += max(0, bestOf-played)
	}
	return lost
}

// lrTau is the Tau stored at the end of the seat's last lost game.
func lrTau(s event.SeatResult) int {
	for g := len(s.Games) - 1; g >= 0; g-- {
		if s.Games[g].Won {
			continue
		}
		if v, ok := s.Games[g].Stats[TauStat]; ok {
			return v
		}
	}
	return s.Points
}

// active returns the records of the entrants still in, in seed order.
func (st *lrStage) active() []LossRecord {
	var out []LossRecord
	for _, id := range st.ids {
		r := st.rec[id]
		if !r.Withdrawn && r.Losses < st.maxLoss {
			out = append(out, *r)
		}
	}
	return out
}

// records returns every entrant's record, in seed order.
func (st *lrStage) records() []LossRecord {
	out := make([]LossRecord, 0, len(st.ids))
	for _, id := range st.ids {
		r := *st.rec[id]
		r.Opponents = slices.Clone(r.Opponents)
		out = append(out, r)
	}
	return out
}

// placeKeys ranks the entrants of the loss rounds who are out or withdrawn:
// the later they went out, the better; a withdrawn player counts from the
// last round they played.
func (st *lrStage) placeKeys(key map[event.EntryID]int, base int) {
	for _, id := range st.ids {
		r := st.rec[id]
		switch {
		case r.Out > 0:
			key[id] = base + r.Out
		case r.Withdrawn:
			key[id] = base + r.LastRound
		}
	}
}

// lrSearchBudget bounds the depth-first search for a pairing without
// rematches; past it the pairing is greedy.
const lrSearchBudget = 200_000

// lrPairGroups pairs players held in two loss groups, the better group
// first (fewer losses), each group in preference order. Pairs stay within a
// group, except one pair across the groups when the first group is odd
// (its last player pairs down). Each player meets the last compatible player
// of their group still free (best v worst in seed order), avoiding a
// rematch where any pairing without one exists within the search budget;
// otherwise the fewest rematches a greedy walk finds. The total must be
// even. It returns the pairs and the number of rematches.
func lrPairGroups(g0, g1 []event.EntryID, met map[[2]event.EntryID]bool) ([][2]event.EntryID, int) {
	ps := append(slices.Clone(g0), g1...)
	group := make([]int, len(ps))
	for i := len(g0); i < len(ps); i++ {
		group[i] = 1
	}
	s := lrSearch{ps: ps, group: group, met: met, cross: len(g0) % 2, partner: make([]int, len(ps)), budget: lrSearchBudget}
	for i := range s.partner {
		s.partner[i] = -1
	}
	if !s.pair(0, 0) {
		s.greedy()
	}
	var out [][2]event.EntryID
	rematches := 0
	for i, j := range s.partner {
		if j > i {
			out = append(out, [2]event.EntryID{ps[i], ps[j]})
			if met[elPair(ps[i], ps[j])] {
				rematches++
			}
		}
	}
	return out, rematches
}

type lrSearch struct {
	ps      []event.EntryID
	group   []int
	met     map[[2]event.EntryID]bool
	cross   int // pairs across the two groups allowed
	partner []int
	budget  int
}

// candidates lists i's possible partners in order of preference: own group
// from the back, then the other group from the front.
func (s *lrSearch) candidates(i int, used int) []int {
	var out []int
	for j := len(s.ps) - 1; j > i; j-- {
		if s.partner[j] < 0 && s.group[j] == s.group[i] {
			out = append(out, j)
		}
	}
	if used < s.cross {
		for j := i + 1; j < len(s.ps); j++ {
			if s.partner[j] < 0 && s.group[j] != s.group[i] {
				out = append(out, j)
			}
		}
	}
	return out
}

func (s *lrSearch) pair(from, used int) bool {
	i := from
	for i < len(s.ps) && s.partner[i] >= 0 {
		i++
	}
	if i == len(s.ps) {
		return used == s.cross
	}
	for _, j := range s.candidates(i, used) {
		if s.met[elPair(s.ps[i], s.ps[j])] {
			continue
		}
		s.budget--
		if s.budget < 0 {
			return false
		}
		u := used
		if s.group[i] != s.group[j] {
			u++
		}
		s.partner[i], s.partner[j] = j, i
		if s.pair(i+1, u) {
			return true
		}
		s.partner[i], s.partner[j] = -1, -1
	}
	return false
}

// greedy pairs in order, each player with their first preferred partner of
// their own group not met before, or the first one when all have been met;
// a player left alone in their group (the odd one of the first group)
// pairs down the same way.
func (s *lrSearch) greedy() {
	for i := range s.partner {
		s.partner[i] = -1
	}
	for i := range s.ps {
		if s.partner[i] >= 0 {
			continue
		}
		own := s.candidates(i, s.cross) // own group only
		var other []int
		for j := i + 1; j < len(s.ps); j++ {
			if s.partner[j] < 0 && s.group[j] != s.group[i] {
				other = append(other, j)
			}
		}
		cs := own
		if len(cs) == 0 {
			cs = other
		}
		if len(cs) == 0 {
			continue
		}
		pick := cs[0]
		for _, j := range cs {
			if !s.met[elPair(s.ps[i], s.ps[j])] {
				pick = j
				break
			}
		}
		s.partner[i], s.partner[pick] = pick, i
	}
}
