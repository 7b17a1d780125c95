// Package pairing holds the pure pairing algorithms: given standings, who
// met whom and a seeded random source, they return tables. They do no I/O
// and read no clock, so any pairing can be reproduced from its seed.
//
// This file is the plain two-player Swiss of the foundation: players are
// paired from the top of the standings down within their points groups,
// with a depth-first search that avoids rematches, and the bye goes to the
// lowest-ranked player who has not had one.
package pairing

import (
	"fmt"
	"math/rand/v2"

	"tablekeeper/core/event"
)

// Player is one entry as the pairer sees it.
type Player struct {
	Entry  event.EntryID
	Points int
	// Opponents are the entries this player has already met.
	Opponents []event.EntryID
	// Byes counts the byes the player has had.
	Byes int
}

// Table is a pairing of two or more entries in seat order, with the reason
// the pairer chose it.
type Table struct {
	Seats []event.EntryID
	Why   string
}

// Round is the outcome of a pairing: tables in table order (top tables
// first) and the entry that gets the bye, if any.
type Round struct {
	Tables []Table
	Bye    event.EntryID
	ByeWhy string
}

// searchBudget bounds the depth-first search for a rematch-free pairing.
// Small events always finish inside it; a large event that exhausts it is
// paired greedily, allowing the fewest rematches the greedy walk finds.
const searchBudget = 200_000

// Swiss pairs players for a two-player Swiss round. Players come in
// standings order, best first. In round 1, or while nobody has points or
// opponents yet, the order is shuffled with rng.
func Swiss(players []Player, rng *rand.Rand) Round {
	ps := append([]Player(nil), players...)
	if fresh(ps) {
		rng.Shuffle(len(ps), func(i, j int) { ps[i], ps[j] = ps[j], ps[i] })
	}
	var out Round
	if len(ps)%2 == 1 {
		b := byeIndex(ps)
		out.Bye = ps[b].Entry
		if ps[b].Byes == 0 {
			out.ByeWhy = "bye: lowest-ranked player without a bye"
		} else {
			out.ByeWhy = "bye: every player has had one; lowest-ranked player"
		}
		ps = append(ps[:b:b], ps[b+1:]...)
	}
	met := make(map[[2]event.EntryID]bool)
	for _, p := range ps {
		for _, o := range p.Opponents {
			met[key(p.Entry, o)] = true
		}
	}
	s := search{ps: ps, met: met, partner: make([]int, len(ps)), budget: searchBudget}
	for i := range s.partner {
		s.partner[i] = -1
	}
	if !s.pair(0) {
		s.greedy()
	}
	for i, j := range s.partner {
		if j < i {
			continue
		}
		a, b := ps[i], ps[j]
		out.Tables = append(out.Tables, Table{Seats: []event.EntryID{a.Entry, b.Entry}, Why: why(a, b, met[key(a.Entry, b.Entry)])})
	}
	return out
}

func fresh(ps []Player) bool {
	for _, p := range ps {
		if p.Points != 0 || len(p.Opponents) > 0 || p.Byes > 0 {
			return false
		}
	}
	return true
}

// byeIndex returns the lowest-ranked player with the fewest byes, so that no
// player gets a second bye while another has none.
func byeIndex(ps []Player) int {
	best := len(ps) - 1
	for i := len(ps) - 1; i >= 0; i-- {
		if ps[i].Byes < ps[best].Byes {
			best = i
		}
	}
	return best
}

func key(a, b event.EntryID) [2]event.EntryID {
	if a > b {
		a, b = b, a
	}
	return [2]event.EntryID{a, b}
}

func why(a, b Player, rematch bool) string {
	var s string
	if a.Points == b.Points {
		s = fmt.Sprintf("same points (%d)", a.Points)
	} else {
		s = fmt.Sprintf("pair-down: %d v %d points", a.Points, b.Points)
	}
	if rematch {
		s += "; rematch, no pairing without one was found"
	}
	return s
}

// search is a depth-first search for a rematch-free pairing, taking the
// highest unpaired player and trying opponents down the standings.
type search struct {
	ps      []Player
	met     map[[2]event.EntryID]bool
	partner []int
	budget  int
}

func (s *search) pair(from int) bool {
	i := from
	for i < len(s.ps) && s.partner[i] >= 0 {
		i++
	}
	if i == len(s.ps) {
		return true
	}
	for j := i + 1; j < len(s.ps); j++ {
		if s.partner[j] >= 0 || s.met[key(s.ps[i].Entry, s.ps[j].Entry)] {
			continue
		}
		s.budget--
		if s.budget < 0 {
			return false
		}
		s.partner[i], s.partner[j] = j, i
		if s.pair(i + 1) {
			return true
		}
		s.partner[i], s.partner[j] = -1, -1
	}
	return false
}

// greedy pairs top-down, taking the nearest opponent not met before, or the
// nearest one when everyone left has been met.
func (s *search) greedy() {
	for i := range s.partner {
		s.partner[i] = -1
	}
	for i := range s.ps {
		if s.partner[i] >= 0 {
			continue
		}
		pick := -1
		for j := i + 1; j < len(s.ps); j++ {
			if s.partner[j] >= 0 {
				continue
			}
			if pick < 0 {
				pick = j
			}
			if !s.met[key(s.ps[i].Entry, s.ps[j].Entry)] {
				pick = j
				break
			}
		}
		if pick >= 0 {
			s.partner[i], s.partner[pick] = pick, i
		}
	}
}
