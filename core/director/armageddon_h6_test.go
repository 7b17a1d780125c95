package director_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
)

// armageddonLost is an oracle for H6's lost games, written from the rules
// document and not from the pairing code: the games the opponent won, and
// when time expired (the flag, or a 1–0, which only 4.2.5 ends) the games
// not played, which count as losses for both players.
func armageddonLost(rounds []event.Round, bestOf int) map[event.EntryID]int {
	lost := map[event.EntryID]int{}
	for _, r := range rounds {
		for _, tb := range r.Tables {
			if tb.Bye || tb.Result == nil || len(tb.Seats) != 2 {
				continue
			}
			res := tb.Result
			a, b := res.Seats[0].GamesWon, res.Seats[1].GamesWon
			unplayed := 0
			if res.TimeOut || max(a, b) < 2 {
				unplayed = bestOf - a - b - res.GamesDrawn
			}
			lost[tb.Seats[0].EntryID] += b + unplayed
			lost[tb.Seats[1].EntryID] += a + unplayed
		}
	}
	return lost
}

// H6 (Heresy 002, 4.2.1): an Armageddon match plays all three games, so a
// 3–0 is recorded (it was refused as "nobody wins more than 2 games"); a
// sweeper has lost no game, so in round 2 the bye (4.2.2) goes to them and
// not to a 2–1 winner. The format's own default settings.
func TestH6ArmageddonSweep3to0IsRecordedAndTheSweeperGetsTheRound2Bye(t *testing.T) {
	for _, sweep := range []int{3, 2} {
		t.Run(fmt.Sprintf("%d-0", sweep), func(t *testing.T) {
			ctx, d, e := openEvent(t, "heresy", "armageddon", nil)
			register(t, d, e.ID, names(9)...)
			r := mustPair(t, ctx, d, e.ID)
			var sweeper event.EntryID
			for _, tb := range r.Tables {
				if tb.Bye {
					continue
				}
				res := win(2, 1)
				if sweeper == 0 {
					res, sweeper = win(sweep, 0), tb.Seats[0].EntryID
				}
				if err := d.Rounds.RecordResult(ctx, e.ID, r.Number, tb.Number, res); err != nil {
					t.Fatalf("table %d %d–%d: %v", tb.Number, res.Seats[0].GamesWon, res.Seats[1].GamesWon, err)
				}
			}
			sheet, err := d.Rounds.RoundSheet(ctx, e.ID, r.Number)
			must(t, err)
			if got := sheet.Tables[0].Result; got == nil || got.Seats[0].GamesWon != sweep {
				t.Fatalf("table 1 saved %+v, want %d–0", got, sweep)
			}
			r2 := mustPair(t, ctx, d, e.ID)
			var bye event.EntryID
			for _, tb := range r2.Tables {
				if tb.Bye {
					bye = tb.Seats[0].EntryID
				}
			}
			if bye != sweeper {
				t.Fatalf("round 2 bye to entry %d, want the %d–0 sweeper %d (no lost game)", bye, sweep, sweeper)
			}
		})
	}
}

// H6: a match of three games cannot report more than three (3–1), and
// the refusal says so in a sentence; a drawn match stays refused.
func TestH6ArmageddonRefusesMoreGamesThanTheMatchHas(t *testing.T) {
	ctx, d, e := openEvent(t, "heresy", "armageddon", nil)
	register(t, d, e.ID, "Ada Lovelace", "Bob Stone")
	r, err := pairPublished(ctx, d, e.ID)
	must(t, err)
	err = d.Rounds.RecordResult(ctx, e.ID, r.Number, r.Tables[0].Number, win(3, 1))
	if !errors.Is(err, event.ErrInvalid) || !strings.Contains(event.Message(err), "3 games, all played") {
		t.Fatalf("3–1: %v", err)
	}
	err = d.Rounds.RecordResult(ctx, e.ID, r.Number, r.Tables[0].Number, win(1, 1))
	if !errors.Is(err, event.ErrInvalid) || !strings.Contains(event.Message(err), "cannot end drawn") {
		t.Fatalf("1–1: %v", err)
	}
}

// Property (H6, 4.2.2), over many seeded Armageddon events run through the
// director with the format's own defaults and every kind of result (3–0,
// 2–1, 2–0, 2–0 and 2–1 at time, 1–0 at time in game 1): every result is
// accepted, and every bye after round 1 goes to an eligible player (still
// in, no bye before) with the fewest lost games by the oracle.
func TestH6ArmageddonByesGoByLostGamesOverSeeds(t *testing.T) {
	kinds := []event.Result{
		win(3, 0), win(2, 1), win(2, 0),
		{TimeOut: true, Seats: []event.SeatResult{{GamesWon: 2}, {GamesWon: 0}}},
		{TimeOut: true, Seats: []event.SeatResult{{GamesWon: 2}, {GamesWon: 1}}},
		{TimeOut: true, Seats: []event.SeatResult{{GamesWon: 1}, {GamesWon: 0}}},
	}
	byes := 0
	for seed := range uint64(24) {
		ctx, d, e := openEvent(t, "heresy", "armageddon", nil)
		rng := rand.New(rand.NewPCG(seed, 6))
		register(t, d, e.ID, names(5+rng.IntN(20))...)
		for n := 1; ; n++ {
			r, err := pairPublished(ctx, d, e.ID)
			if errors.Is(err, director.ErrStructureComplete) || (err != nil && strings.Contains(event.Message(err), "finish the event")) {
				break
			}
			if err != nil {
				t.Fatalf("seed %d round %d: %v", seed, n, err)
			}
			if n > 1 {
				byes += checkH6Bye(t, ctx, d, e, r)
			}
			for _, tb := range r.Tables {
				if tb.Bye {
					continue
				}
				res := kinds[rng.IntN(len(kinds))]
				res.Seats = []event.SeatResult{res.Seats[0], res.Seats[1]}
				if rng.IntN(2) == 0 {
					res.Seats[0], res.Seats[1] = res.Seats[1], res.Seats[0]
				}
				if err := d.Rounds.RecordResult(ctx, e.ID, r.Number, tb.Number, res); err != nil {
					t.Fatalf("seed %d round %d table %d: %v", seed, r.Number, tb.Number, err)
				}
			}
		}
	}
	if byes < 10 {
		t.Fatalf("only %d byes after round 1 were checked over the seeds", byes)
	}
}

// checkH6Bye checks the bye of round r (if any) against the oracle, and
// returns 1 when there was one.
func checkH6Bye(t *testing.T, ctx context.Context, d *director.Director, e event.Event, r event.Round) int {
	t.Helper()
	rounds := mustCall(t, d.Rounds.Rounds, e.ID)
	before := rounds[:r.Number-1]
	lost := armageddonLost(before, e.Settings.GamesPerMatch)
	out, hadBye := map[event.EntryID]bool{}, map[event.EntryID]bool{}
	for _, pr := range before {
		for _, tb := range pr.Tables {
			switch {
			case tb.Bye:
				hadBye[tb.Seats[0].EntryID] = true
			case tb.Result.Seats[0].GamesWon > tb.Result.Seats[1].GamesWon:
				out[tb.Seats[1].EntryID] = true
			default:
				out[tb.Seats[0].EntryID] = true
			}
		}
	}
	var bye event.EntryID
	var in []event.EntryID
	for _, tb := range r.Tables {
		if tb.Bye {
			bye = tb.Seats[0].EntryID
		}
		for _, s := range tb.Seats {
			in = append(in, s.EntryID)
		}
	}
	if bye == 0 || hadBye[bye] {
		return 0
	}
	for _, id := range in {
		if !out[id] && !hadBye[id] && lost[id] < lost[bye] {
			t.Fatalf("round %d: bye to entry %d with %d lost games; entry %d has %d (lost games %v)", r.Number, bye, lost[bye], id, lost[id], lost)
		}
	}
	return 1
}
