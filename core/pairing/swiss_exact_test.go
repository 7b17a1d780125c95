package pairing

import (
	"math/rand/v2"
	"testing"

	"tablekeeper/core/event"
	"tablekeeper/core/pairing/blossom"
)

// completeCost solves the same problem over every pair of players (the
// plain blossom over the complete graph) and returns the optimal cost.
func completeCost(p *problem) int64 {
	c := &edges{seen: map[uint64]bool{}}
	for u := 0; u < p.n; u++ {
		for v := u + 1; v < p.n; v++ {
			c.add(p, u, v)
		}
	}
	res := blossom.MaxWeightMatching(p.n, c.list, blossom.Options{MaxCardinality: true})
	var total int64
	for v, u := range res.Mate {
		if u > v {
			total += p.cost(v, u)
		}
	}
	return total
}

// exhaustiveCost is the optimum by dynamic programming over subsets.
func exhaustiveCost(p *problem) int64 {
	memo := map[uint32]int64{}
	var solve func(mask uint32) int64
	solve = func(mask uint32) int64 {
		i := 0
		for i < p.n && mask&(1<<i) != 0 {
			i++
		}
		if i == p.n {
			return 0
		}
		if v, ok := memo[mask]; ok {
			return v
		}
		best := int64(-1)
		for j := i + 1; j < p.n; j++ {
			if mask&(1<<j) != 0 {
				continue
			}
			c := p.cost(i, j)
			if c < 0 {
				continue
			}
			if sub := solve(mask | 1<<i | 1<<j); sub >= 0 && (best < 0 || c+sub < best) {
				best = c + sub
			}
		}
		memo[mask] = best
		return best
	}
	return solve(0)
}

// randomHistory plays a few random rounds to give players points, byes and
// opponents, and returns them in standings (points) order.
func randomHistory(rng *rand.Rand, n, rounds int) []Player {
	s := newSim(n)
	for r := 0; r < rounds; r++ {
		ps := s.ordered()
		perm := rng.Perm(len(ps))
		var out Round
		for i := 0; i+1 < len(perm); i += 2 {
			out.Tables = append(out.Tables, Table{Seats: []event.EntryID{ps[perm[i]].Entry, ps[perm[i+1]].Entry}})
		}
		if len(perm)%2 == 1 {
			out.Bye = ps[perm[len(perm)-1]].Entry
		}
		s.play(out, rng)
	}
	return s.ordered()
}

// The engine's sparse, certified solve is exact: on many small random
// events its cost equals the complete-graph solver's and an exhaustive
// search's.
func TestSwissIsExact(t *testing.T) {
	checkSwissExact(t, 3000, 11, 1, 15, 6, true)
}

// Larger events against the complete-graph solver.
func TestSwissIsExactOnLargerEvents(t *testing.T) {
	checkSwissExact(t, 60, 13, 16, 120, 9, false)
}

// checkSwissExact pairs, for seeds 1 to seeds, a random event of minN to
// minN+spanN−1 players after fewer than rounds rounds (the history drawn on
// stream, the pairing on stream+1), and wants the engine's cost to be the
// complete-graph solver's and, with exhaustive, an exhaustive search's up
// to 16 players.
func checkSwissExact(t *testing.T, seeds, stream uint64, minN, spanN, rounds int, exhaustive bool) {
	t.Helper()
	for seed := uint64(1); seed <= seeds; seed++ {
		rng := rand.New(rand.NewPCG(seed, stream))
		n := minN + rng.IntN(spanN)
		ps := randomHistory(rng, n, rng.IntN(rounds))
		out := Swiss(ps, rand.New(rand.NewPCG(seed, stream+1)))
		p := newProblem(ps, rand.New(rand.NewPCG(seed, stream+1)))
		want := completeCost(p)
		if out.Stats.Cost != want {
			t.Fatalf("seed %d (%d players): engine cost %d, complete graph %d", seed, n, out.Stats.Cost, want)
		}
		if exhaustive && p.n <= 16 {
			if ex := exhaustiveCost(p); ex != want {
				t.Fatalf("seed %d: complete graph %d, exhaustive %d", seed, want, ex)
			}
		}
	}
}
