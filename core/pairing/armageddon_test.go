package pairing

import (
	"math/rand/v2"
	"strings"
	"testing"

	"tablekeeper/core/event"
)

// Rule H6 (Heresy 002, 4.2.2): the bye goes to the eligible player with the
// fewest lost games (single elimination) or with the fewest lost games
// among those who just lost a match (double); ties by the most Tau stored
// at the end of the last loss, then at random; no second bye.
func TestArmageddonByeFollowsTheRule(t *testing.T) {
	rec := func(id, seed, lost, tau, byes int, justLost bool) LossRecord {
		losses := 0
		if justLost {
			losses = 1
		}
		return LossRecord{Entry: event.EntryID(id), Seed: seed, LostGames: lost, LastLossTau: tau, Byes: byes, JustLostMatch: justLost, Losses: losses}
	}
	cases := []struct {
		name    string
		double  bool
		records []LossRecord
		want    []event.EntryID // any of these (a random draw among them)
		why     string
	}{
		{"single: fewest lost games", false,
			[]LossRecord{rec(1, 1, 3, 7, 0, false), rec(2, 2, 1, 0, 0, false), rec(3, 3, 2, 9, 0, false)},
			[]event.EntryID{2}, "fewest lost games (1)"},
		{"single: a tie goes to the most Tau at the last loss", false,
			[]LossRecord{rec(1, 1, 2, 4, 0, false), rec(2, 2, 2, 6, 0, false), rec(3, 3, 2, 5, 0, false), rec(4, 4, 5, 9, 0, false)},
			[]event.EntryID{2}, "then most Tau stored at the last loss (6)"},
		{"single: then at random", false,
			[]LossRecord{rec(1, 1, 2, 6, 0, false), rec(2, 2, 2, 6, 0, false), rec(3, 3, 2, 5, 0, false)},
			[]event.EntryID{1, 2}, "then drawn at random among 2"},
		{"single: a player who had a bye is ineligible, however few games lost", false,
			[]LossRecord{rec(1, 1, 0, 0, 1, false), rec(2, 2, 3, 1, 0, false), rec(3, 3, 4, 7, 0, false)},
			[]event.EntryID{2}, "fewest lost games (3)"},
		{"single: nobody has lost a game: at random", false,
			[]LossRecord{rec(1, 1, 0, 0, 0, false), rec(2, 2, 0, 0, 0, false), rec(3, 3, 0, 0, 0, false)},
			[]event.EntryID{1, 2, 3}, "fewest lost games (0), then drawn at random among 3"},
		{"double: only those who just lost a match", true,
			[]LossRecord{rec(1, 1, 0, 0, 0, false), rec(2, 2, 4, 2, 0, true), rec(3, 3, 3, 2, 0, true), rec(4, 4, 1, 0, 0, false)},
			[]event.EntryID{3}, "just lost a match, fewest lost games (3)"},
		{"double: tie among those who just lost, by Tau", true,
			[]LossRecord{rec(1, 1, 0, 0, 0, false), rec(2, 2, 3, 2, 0, true), rec(3, 3, 3, 5, 0, true)},
			[]event.EntryID{3}, "then most Tau stored at the last loss (5)"},
		{"double: one who just lost but had a bye is ineligible", true,
			[]LossRecord{rec(1, 1, 0, 0, 0, false), rec(2, 2, 1, 2, 1, true), rec(3, 3, 3, 5, 0, true)},
			[]event.EntryID{3}, "just lost a match, fewest lost games (3)"},
		{"double: nobody eligible just lost: fallback to the rule over all eligible", true,
			[]LossRecord{rec(1, 1, 2, 0, 0, false), rec(2, 2, 1, 2, 1, true), rec(3, 3, 1, 0, 0, false)},
			[]event.EntryID{3}, "nobody eligible just lost a match"},
		{"everyone has had a bye: the rule over all", false,
			[]LossRecord{rec(1, 1, 2, 0, 1, false), rec(2, 2, 1, 0, 1, false)},
			[]event.EntryID{2}, "every player left has had a bye"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			picked := map[event.EntryID]bool{}
			for seed := range uint64(64) {
				id, why := ArmageddonBye(c.records, c.double, rand.New(rand.NewPCG(seed, 0)))
				ok := false
				for _, w := range c.want {
					ok = ok || id == w
				}
				if !ok {
					t.Fatalf("seed %d: bye to %d (%s), want one of %v", seed, id, why, c.want)
				}
				if !strings.HasPrefix(why.String(), "bye (H6, 4.2.2): ") || !strings.Contains(why.String(), c.why) {
					t.Fatalf("why %q, want it to say %q", why, c.why)
				}
				picked[id] = true
			}
			if len(picked) != len(c.want) {
				t.Fatalf("over 64 seeds the draw picked %v of %v", picked, c.want)
			}
		})
	}
}

// The records behind 4.2.2 are read from the results: lost games count
// the games lost, and at time the unplayed ones too (4.2.6), and the Tau
// at the last loss comes from the last game lost.
func TestArmageddonByeFromResults(t *testing.T) {
	ids := bkIDs(5)
	games := func(tau ...int) []event.GameDetail { // a lost game for each Tau, then won games
		var out []event.GameDetail
		for _, v := range tau {
			out = append(out, event.GameDetail{Stats: map[string]int{TauStat: v}})
		}
		return out
	}
	round1 := event.Round{Number: 1, Tables: []event.Table{
		// Seed 1 beats seed 5 2–1, having lost a game with 5 Tau stored.
		{Number: 1, Seats: []event.Seat{{EntryID: 101}, {EntryID: 105}}, Result: &event.Result{Seats: []event.SeatResult{
			{GamesWon: 2, Games: append(games(5), event.GameDetail{Won: true}, event.GameDetail{Won: true})},
			{GamesWon: 1}}}},
		// Seed 2 beats seed 4 2–0; time ran out, so the unplayed third game
		// is a loss for both (4.2.6); seed 2 had 6 Tau at its end.
		{Number: 2, Seats: []event.Seat{{EntryID: 102}, {EntryID: 104}}, Result: &event.Result{TimeOut: true, Seats: []event.SeatResult{
			{GamesWon: 2, Games: append([]event.GameDetail{{Won: true}, {Won: true}}, games(6)...)},
			{GamesWon: 0}}}},
		{Bye: true, Seats: []event.Seat{{EntryID: 103}}},
	}}
	p, err := Armageddon(ids, []event.Round{round1}, ArmageddonOptions{}, rand.New(rand.NewPCG(1, 1)))
	if err != nil {
		t.Fatal(err)
	}
	// Seeds 1, 2, 3 are left; 3 has had its bye; 1 and 2 lost one game
	// each; seed 2 had more Tau at its last loss.
	if len(p.Next.Passes) != 1 || p.Next.Passes[0].Entry != 102 {
		t.Fatalf("passes %+v", p.Next.Passes)
	}
	if got := bkSeats(p.Next.Tables); len(got) != 1 || got[0] != [2]int{1, 3} {
		t.Fatalf("tables %v", got)
	}
	for _, r := range p.Records {
		want := map[event.EntryID][2]int{101: {1, 5}, 102: {1, 6}, 103: {0, 0}, 104: {3, 0}, 105: {2, 0}}[r.Entry]
		if r.LostGames != want[0] || r.LastLossTau != want[1] {
			t.Fatalf("record %+v, want lost games %d, Tau %d", r, want[0], want[1])
		}
	}
}

// Property: single and double Armageddon over random results: nobody gets
// a second bye while another player left has none, byes only in rounds
// with an odd number of players, N−1 matches in single elimination, nobody
// out before two losses in double, and everyone placed.
func TestArmageddonProperties(t *testing.T) {
	bkFields(40, []bool{false, true}, 6, func(n int, double bool, seed uint64, rng *rand.Rand, ids []event.EntryID) {
		byes := map[event.EntryID]int{}
		losses := map[event.EntryID]int{}
		p, played := bkRun(t, func(pl []event.Round) (Progress, error) {
			return Armageddon(ids, pl, ArmageddonOptions{Double: double}, rand.New(rand.NewPCG(seed, uint64(len(pl)))))
		}, bkRandomWin(rng), rng, func(pl []event.Round) {
			if len(pl) == 0 {
				return
			}
			for _, tb := range pl[len(pl)-1].Tables {
				if tb.Bye {
					byes[tb.Seats[0].EntryID]++
				} else if tb.Result.Outcome(0) == event.Win {
					losses[tb.Seats[1].EntryID]++
				} else {
					losses[tb.Seats[0].EntryID]++
				}
			}
		}, func(_ []event.Round, p Progress) {
			if p.Done {
				return
			}
			left := 0
			for _, r := range p.Records {
				if r.Losses < map[bool]int{false: 1, true: 2}[double] {
					left++
				}
			}
			if (len(p.Next.Passes) == 1) != (left%2 == 1) || len(p.Next.Passes) > 1 {
				t.Fatalf("n=%d: %d left, passes %+v", n, left, p.Next.Passes)
			}
			for _, ps := range p.Next.Passes {
				if byes[ps.Entry] > 0 && !strings.Contains(ps.Why.String(), "every player left has had a bye") {
					t.Fatalf("n=%d double=%v: second bye for %d: %s", n, double, ps.Entry, ps.Why)
				}
			}
			for _, tb := range p.Next.Tables {
				for _, id := range tb.Seats {
					if losses[id] >= map[bool]int{false: 1, true: 2}[double] {
						t.Fatalf("n=%d: entry %d plays after going out", n, id)
					}
				}
			}
		})
		bkCheckPlaced(t, ids, p.Placements)
		if !double && bkMatches(played) != n-1 {
			t.Fatalf("n=%d: %d matches, want %d", n, bkMatches(played), n-1)
		}
		if double {
			champ := p.Placements[0].Entries[0]
			for _, r := range p.Records {
				if r.Entry != champ && r.Losses < 2 {
					t.Fatalf("n=%d: entry %d out with %d loss(es)", n, r.Entry, r.Losses)
				}
			}
		}
	})
}

func TestArmageddonRefusesADraw(t *testing.T) {
	ids := bkIDs(2)
	r := event.Round{Number: 1, Tables: []event.Table{{Number: 1, Seats: []event.Seat{{EntryID: 101}, {EntryID: 102}},
		Result: &event.Result{Seats: []event.SeatResult{{GamesWon: 1}, {GamesWon: 1}}, GamesDrawn: 1}}}}
	if _, err := Armageddon(ids, []event.Round{r}, ArmageddonOptions{}, rand.New(rand.NewPCG(1, 1))); err == nil || !strings.Contains(err.Error(), "draw") {
		t.Fatalf("error %v", err)
	}
}

// H6 (4.2.1–4.2.2, 4.2.5–4.2.7): lost games count the games actually
// played and lost; only a match decided at time records its unplayed games
// as losses for both players.
func TestH6LostGamesCountTheGamesPlayedAndLost(t *testing.T) {
	res := func(a, b int, timeOut bool) *event.Result {
		return &event.Result{TimeOut: timeOut, Seats: []event.SeatResult{{GamesWon: a}, {GamesWon: b}}}
	}
	cases := []struct {
		name      string
		r         *event.Result
		seat1Lost int
		seat2Lost int
	}{
		{"3–0, all three games played (4.2.1): the sweeper lost none", res(3, 0, false), 0, 3},
		{"2–1 played out", res(2, 1, false), 1, 2},
		{"1–2 played out", res(1, 2, false), 2, 1},
		{"2–0 with the third game not played: the sweeper lost none", res(2, 0, false), 0, 2},
		{"2–0 at time in game 2 (4.2.6): both record a loss for the third game", res(2, 0, true), 1, 3},
		{"2–1 at time in game 2 or 3 (4.2.6, 4.2.7): every game played", res(2, 1, true), 1, 2},
		{"3–0 at time in game 3 (4.2.7)", res(3, 0, true), 0, 3},
		{"1–0 at time in game 1 (4.2.5): both unplayed games lost by both", res(1, 0, true), 2, 3},
		{"1–0 without the flag can only be time in game 1 (4.2.5)", res(1, 0, false), 2, 3},
		{"0–1 at time in game 1 (4.2.5)", res(0, 1, true), 3, 2},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := event.Round{Number: 1, Tables: []event.Table{{Number: 1, Seats: []event.Seat{{EntryID: 101}, {EntryID: 102}}, Result: c.r}}}
			p, err := Armageddon(bkIDs(2), []event.Round{r}, ArmageddonOptions{}, rand.New(rand.NewPCG(1, 1)))
			if err != nil {
				t.Fatal(err)
			}
			if got := [2]int{p.Records[0].LostGames, p.Records[1].LostGames}; got != [2]int{c.seat1Lost, c.seat2Lost} {
				t.Fatalf("lost games %v, want [%d %d]", got, c.seat1Lost, c.seat2Lost)
			}
		})
	}
}

// H6: a 2–0 sweeper (third game not played) has lost no game, so in round
// 2 the bye goes to them and not to a 2–1 winner, however much Tau that
// winner had at their last loss (the old count charged the sweeper the
// unplayed game and gave the bye to the 2–1 winner on Tau).
func TestH6ArmageddonSweep2to0GetsTheRound2Bye(t *testing.T) {
	lostWith := func(tau int) []event.GameDetail {
		return []event.GameDetail{{Stats: map[string]int{TauStat: tau}}, {Won: true}, {Won: true}}
	}
	round1 := event.Round{Number: 1, Tables: []event.Table{
		{Number: 1, Seats: []event.Seat{{EntryID: 101}, {EntryID: 102}}, Result: &event.Result{Seats: []event.SeatResult{{GamesWon: 2}, {GamesWon: 0}}}},
		{Number: 2, Seats: []event.Seat{{EntryID: 103}, {EntryID: 104}}, Result: &event.Result{Seats: []event.SeatResult{{GamesWon: 2, Games: lostWith(6)}, {GamesWon: 1}}}},
		{Bye: true, Seats: []event.Seat{{EntryID: 105}}},
	}}
	for seed := range uint64(32) {
		p, err := Armageddon(bkIDs(5), []event.Round{round1}, ArmageddonOptions{BestOf: 3}, rand.New(rand.NewPCG(seed, 2)))
		if err != nil {
			t.Fatal(err)
		}
		if len(p.Next.Passes) != 1 || p.Next.Passes[0].Entry != 101 || !strings.Contains(p.Next.Passes[0].Why.String(), "fewest lost games (0)") {
			t.Fatalf("seed %d: passes %+v, want the bye for the 2–0 sweeper (entry 101) by fewest lost games (0)", seed, p.Next.Passes)
		}
	}
}
