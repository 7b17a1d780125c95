package pairing

import (
	"errors"
	"math/rand/v2"
	"slices"
	"testing"

	"tablekeeper/core/event"
)

// Rule S10: in a round robin every pair meets exactly once (twice in a
// double round robin), nobody plays twice in a round, an odd field gives
// each player exactly one bye per cycle, and seats are balanced.
func TestRoundRobinSchedule(t *testing.T) {
	for n := 2; n <= 20; n++ {
		for _, double := range []bool{false, true} {
			ids := bkIDs(n)
			sched, err := RoundRobinSchedule(ids, double)
			if err != nil {
				t.Fatal(err)
			}
			cycles := 1
			if double {
				cycles = 2
			}
			rounds := n - 1
			if n%2 == 1 {
				rounds = n
			}
			if len(sched) != cycles*rounds {
				t.Fatalf("n=%d double=%v: %d rounds, want %d", n, double, len(sched), cycles*rounds)
			}
			met := map[[2]event.EntryID]int{}
			byes := map[event.EntryID]int{}
			first := map[event.EntryID]int{}
			second := map[event.EntryID]int{}
			for ri, r := range sched {
				seen := map[event.EntryID]bool{}
				for _, tb := range r.Tables {
					a, b := tb.Seats[0], tb.Seats[1]
					if a == b || seen[a] || seen[b] {
						t.Fatalf("n=%d round %d: %v plays twice", n, ri+1, tb.Seats)
					}
					seen[a], seen[b] = true, true
					met[elPair(a, b)]++
					first[a]++
					second[b]++
				}
				if r.Bye != 0 {
					if seen[r.Bye] {
						t.Fatalf("n=%d round %d: the bye %d also plays", n, ri+1, r.Bye)
					}
					seen[r.Bye] = true
					byes[r.Bye]++
				}
				if len(seen) != n {
					t.Fatalf("n=%d round %d: %d of %d players have a place", n, ri+1, len(seen), n)
				}
			}
			for i, a := range ids {
				for _, b := range ids[i+1:] {
					if met[elPair(a, b)] != cycles {
						t.Fatalf("n=%d double=%v: %d and %d meet %d times", n, double, a, b, met[elPair(a, b)])
					}
				}
				wantByes := 0
				if n%2 == 1 {
					wantByes = cycles
				}
				if byes[a] != wantByes {
					t.Fatalf("n=%d double=%v: entry %d has %d byes, want %d", n, double, a, byes[a], wantByes)
				}
				d := first[a] - second[a]
				if d < -1 || d > 1 || double && d != 0 {
					t.Fatalf("n=%d double=%v: entry %d has %d first seats and %d second", n, double, a, first[a], second[a])
				}
			}
		}
	}
}

// The published Berger tables for six players.
func TestRoundRobinMatchesBergerTables(t *testing.T) {
	sched, err := RoundRobinSchedule(bkIDs(6), false)
	if err != nil {
		t.Fatal(err)
	}
	want := [][][2]int{
		{{1, 6}, {2, 5}, {3, 4}},
		{{6, 4}, {5, 3}, {1, 2}},
		{{2, 6}, {3, 1}, {4, 5}},
		{{6, 5}, {1, 4}, {2, 3}},
		{{3, 6}, {4, 2}, {5, 1}},
	}
	for i, r := range sched {
		if got := bkSeats(r.Tables); !slices.Equal(got, want[i]) {
			t.Fatalf("round %d: %v, want %v", i+1, got, want[i])
		}
	}
}

func TestRoundRobinRoundByRound(t *testing.T) {
	ids := bkIDs(5)
	rng := rand.New(rand.NewPCG(2, 2))
	var withdrawn []event.EntryID
	p, played := bkRun(t, func(pl []event.Round) (Progress, error) {
		return RoundRobin(ids, pl, RoundRobinOptions{Double: true, Withdrawn: withdrawn})
	}, bkRandomWin(rng), rng, func(pl []event.Round) {
		if len(pl) == 3 {
			withdrawn = []event.EntryID{103}
		}
	}, func(pl []event.Round, p Progress) {
		if p.Done {
			return
		}
		for _, tb := range p.Next.Tables {
			if len(pl) >= 3 && slices.Contains(tb.Seats, 103) {
				t.Fatalf("round %d: withdrawn entry seated: %v", len(pl)+1, tb.Seats)
			}
		}
	})
	if !p.Done || len(played) != 10 {
		t.Fatalf("done=%v after %d rounds", p.Done, len(played))
	}
	walkovers := 0
	for _, r := range played {
		for _, tb := range r.Tables {
			if tb.Bye && tb.Why.String() != rrByeWhy().String() {
				walkovers++
			}
		}
	}
	sched, _ := RoundRobinSchedule(ids, true)
	want := 0
	for _, r := range sched[3:] {
		for _, tb := range r.Tables {
			if slices.Contains(tb.Seats, 103) {
				want++
			}
		}
	}
	if walkovers != want {
		t.Fatalf("%d walkovers for the opponents of the withdrawn player, want %d", walkovers, want)
	}
	bad := played[0]
	bad.Tables = slices.Clone(bad.Tables)
	bad.Tables[0].Seats = []event.Seat{{EntryID: 101}, {EntryID: 102}}
	if _, err := RoundRobin(ids, []event.Round{bad}, RoundRobinOptions{}); !errors.Is(err, event.ErrInvalid) {
		t.Fatalf("a table off the schedule: %v", err)
	}
}
