package pairing

import (
	"math/rand/v2"
	"testing"

	"tablekeeper/core/event"
)

// S10 e: loss rounds pair equal-loss players, never a player out at two
// losses, and stop with exactly FinalTable players still in.
func TestDoubleFinalPlaysDownToTheFinalTable(t *testing.T) {
	for _, size := range []int{3, 4, 5} {
		for n := 3; n <= 17; n++ {
			for seed := uint64(1); seed <= 3; seed++ {
				rng := rand.New(rand.NewPCG(seed, uint64(n)))
				ids := make([]event.EntryID, n)
				for i := range ids {
					ids[i] = event.EntryID(i + 1)
				}
				var played []event.Round
				for r := 1; ; r++ {
					if r > 3*n {
						t.Fatalf("size %d, %d players: no end", size, n)
					}
					p, err := DoubleFinal(ids, played, DoubleFinalOptions{FinalTable: size, BestOf: 1}, rng)
					if err != nil {
						t.Fatal(err)
					}
					if p.Done {
						in := 0
						for _, rec := range p.Records {
							if rec.Losses < 2 {
								in++
							}
						}
						if in != min(n, size) {
							t.Errorf("size %d, %d players, seed %d: %d reach the final table", size, n, seed, in)
						}
						break
					}
					round := event.Round{Number: r, Stage: event.StageElimination}
					for i, tb := range p.Next.Tables {
						w := rng.IntN(2)
						res := event.Result{Seats: []event.SeatResult{{}, {}}}
						res.Seats[w].GamesWon = 1
						round.Tables = append(round.Tables, event.Table{Number: i + 1, Seats: []event.Seat{{EntryID: tb.Seats[0]}, {EntryID: tb.Seats[1]}}, Result: &res})
					}
					for _, ps := range p.Next.Passes {
						if ps.Kind == PassBye {
							round.Tables = append(round.Tables, event.Table{Bye: true, Seats: []event.Seat{{EntryID: ps.Entry}}, Result: &event.Result{Seats: []event.SeatResult{{GamesWon: 1}}}})
						}
					}
					played = append(played, round)
				}
			}
		}
	}
}
