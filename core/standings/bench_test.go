package standings

import (
	"math/rand/v2"
	"slices"
	"testing"

	"tablekeeper/core/event"
	"tablekeeper/core/rules"
)

// allKeys is every tiebreaker, in a plausible order, for the benchmarks.
var allKeys = []string{
	rules.TieOpponentsMatchWin, rules.TieHeadToHead, rules.TieGameWin, rules.TieOpponentsGameWin,
	rules.TieBuchholz, rules.TieOpponentsOpponentsMatchWin, rules.TieRandom,
}

// swissEvent builds a played Swiss event from rng: n entries (IDs from
// firstID), the given number of rounds, players paired by points (a rough
// Swiss that allows rematches), a bye to the lowest player when the count
// is odd, results of a best of three with some draws, and each player
// dropping after a round with probability 1 in dropOneIn (never, when 0).
func swissEvent(rng *rand.Rand, n, rounds, dropOneIn int, firstID event.EntryID) ([]event.Entry, []event.Round) {
	es := make([]event.Entry, n)
	for i := range es {
		es[i] = event.Entry{ID: firstID + event.EntryID(i), Name: "P" + string(rune('A'+rng.IntN(3))), Status: event.EntryActive, JoinedRound: 1}
	}
	points := make([]int, n)
	var out []event.Round
	for r := 1; r <= rounds; r++ {
		var active []int
		for i, e := range es {
			if e.Active() {
				active = append(active, i)
			}
		}
		rng.Shuffle(len(active), func(a, b int) { active[a], active[b] = active[b], active[a] })
		slices.SortStableFunc(active, func(a, b int) int { return points[b] - points[a] })
		round := event.Round{Number: r}
		for k := 0; k+1 < len(active); k += 2 {
			a, b := active[k], active[k+1]
			ga, gb, d := randomResult(rng)
			switch {
			case ga > gb:
				points[a] += 3
			case ga < gb:
				points[b] += 3
			default:
				points[a]++
				points[b]++
			}
			round.Tables = append(round.Tables, match(es[a].ID, es[b].ID, ga, gb, d))
		}
		if len(active)%2 == 1 {
			last := active[len(active)-1]
			points[last] += 3
			round.Tables = append(round.Tables, bye(es[last].ID))
		}
		out = append(out, round)
		if dropOneIn > 0 {
			for _, i := range active {
				if rng.IntN(dropOneIn) == 0 {
					es[i].Status, es[i].DroppedAfter = event.EntryDropped, r
				}
			}
		}
	}
	return es, out
}

// randomResult returns the games won by each player and drawn in a best
// of three: one in ten a 1–1 draw, the first player ahead a bit more often.
func randomResult(rng *rand.Rand) (ga, gb, drawn int) {
	switch rng.IntN(10) {
	case 0:
		return 1, 1, rng.IntN(2)
	case 1, 2:
		return 2, 1, 0
	case 3, 4, 5:
		return 2, 0, 0
	case 6, 7:
		return 1, 2, 0
	}
	return 0, 2, 0
}

func benchmarkStandings(b *testing.B, players, rounds int) {
	rng := rand.New(rand.NewPCG(uint64(players), uint64(rounds)))
	es, rs := swissEvent(rng, players, rounds, 40, 1000)
	set := x1()
	set.Tiebreakers = allKeys
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		ComputeWith(es, rs, set, Options{Seed: 7})
	}
}

// Target: 4096 players after 12 rounds in under 20 ms.
func BenchmarkStandings4096x12(b *testing.B) { benchmarkStandings(b, 4096, 12) }

func BenchmarkStandings256x8(b *testing.B) { benchmarkStandings(b, 256, 8) }
