package standings

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"tablekeeper/core/event"
	"tablekeeper/core/rules"
)

func x1() event.Settings {
	_, f, err := rules.Lookup("generic", "swiss")
	if err != nil {
		panic(err)
	}
	return f.Defaults
}

// match builds a played table: a won ga games, b won gb, d drawn.
func match(a, b event.EntryID, ga, gb, d int) event.Table {
	return event.Table{
		Seats:  []event.Seat{{EntryID: a}, {EntryID: b}},
		Result: &event.Result{Seats: []event.SeatResult{{GamesWon: ga}, {GamesWon: gb}}, GamesDrawn: d},
	}
}

func bye(a event.EntryID) event.Table {
	return event.Table{Bye: true, Seats: []event.Seat{{EntryID: a}}, Result: &event.Result{Seats: []event.SeatResult{{GamesWon: 2}}}}
}

func entries(n int) []event.Entry {
	es := make([]event.Entry, n)
	for i := range es {
		es[i] = event.Entry{ID: event.EntryID(i + 1), Name: string(rune('A' + i)), Status: event.EntryActive, JoinedRound: 1}
	}
	return es
}

func find(t *testing.T, ss []Standing, id event.EntryID) Standing {
	t.Helper()
	for _, s := range ss {
		if s.EntryID == id {
			return s
		}
	}
	t.Fatalf("entry %d not in standings", id)
	return Standing{}
}

func near(a, b float64) bool { return math.Abs(a-b) < 1e-9 }

// Rule X1: a 5–2–1 record over 8 rounds has match-win 16/24.
func TestMatchWinFiveTwoOne(t *testing.T) {
	es := entries(9)
	var rounds []event.Round
	outcomes := []int{1, 1, 1, 1, 1, 0, 0, -1} // 5 wins, 2 losses, 1 draw
	for r, o := range outcomes {
		opp := event.EntryID(r + 2)
		var tb event.Table
		switch o {
		case 1:
			tb = match(1, opp, 2, 0, 0)
		case 0:
			tb = match(1, opp, 0, 2, 0)
		default:
			tb = match(1, opp, 1, 1, 1)
		}
		rounds = append(rounds, event.Round{Number: r + 1, Tables: []event.Table{tb}})
	}
	s := find(t, Compute(es, rounds, x1()), 1)
	if s.Points != 16 || s.Wins != 5 || s.Losses != 2 || s.Draws != 1 {
		t.Fatalf("record %+v", s)
	}
	if !near(s.MatchWin, 16.0/24.0) {
		t.Errorf("match-win %.4f, want 0.667", s.MatchWin)
	}
}

// Rule X1: a 1–3–0 player who withdrew after 4 rounds counts 0.33, not 0.25.
func TestMatchWinFloor(t *testing.T) {
	es := entries(5)
	es[0].Status, es[0].DroppedAfter = event.EntryDropped, 4
	rounds := []event.Round{
		{Number: 1, Tables: []event.Table{match(1, 2, 2, 0, 0)}},
		{Number: 2, Tables: []event.Table{match(1, 3, 0, 2, 0)}},
		{Number: 3, Tables: []event.Table{match(1, 4, 0, 2, 0)}},
		{Number: 4, Tables: []event.Table{match(1, 5, 1, 2, 0)}},
	}
	s := find(t, Compute(es, rounds, x1()), 1)
	if !near(s.MatchWin, Floor) {
		t.Errorf("match-win %.4f, want the 1/3 floor", s.MatchWin)
	}
}

// Rule X1: a 3–2–0 record with a round-1 bye, withdrawn after 5 rounds,
// counts 9/15; and the bye is left out of the opponents' averages.
func TestMatchWinWithBye(t *testing.T) {
	es := entries(5)
	rounds := []event.Round{
		{Number: 1, Tables: []event.Table{bye(1)}},
		{Number: 2, Tables: []event.Table{match(1, 2, 2, 1, 0)}},
		{Number: 3, Tables: []event.Table{match(1, 3, 2, 0, 0)}},
		{Number: 4, Tables: []event.Table{match(1, 4, 0, 2, 0)}},
		{Number: 5, Tables: []event.Table{match(1, 5, 1, 2, 0)}},
	}
	ss := Compute(es, rounds, x1())
	s := find(t, ss, 1)
	if !near(s.MatchWin, 9.0/15.0) {
		t.Errorf("match-win %.4f, want 0.600", s.MatchWin)
	}
	if len(s.Opponents) != 4 {
		t.Errorf("opponents %v: a bye is no opponent", s.Opponents)
	}
	// Games: bye 2–0, then 2–1, 2–0, 0–2, 1–2: won 7 of 12.
	if s.GamesWon != 7 || s.GamesLost != 5 || !near(s.GameWin, 21.0/36.0) {
		t.Errorf("games %d–%d, game-win %.4f", s.GamesWon, s.GamesLost, s.GameWin)
	}
	// Opponent 2 lost to 1 and played nobody else: 0 points of 3 → floor.
	if o := find(t, ss, 2); !near(o.MatchWin, Floor) || !near(o.OppMatchWin, 9.0/15.0) {
		t.Errorf("opponent 2: mw %.4f omw %.4f", o.MatchWin, o.OppMatchWin)
	}
}

func TestTiebreakersOrderAndSharedRanks(t *testing.T) {
	es := entries(4)
	rounds := []event.Round{{Number: 1, Tables: []event.Table{match(1, 2, 2, 0, 0), match(3, 4, 2, 1, 0)}}}
	ss := Compute(es, rounds, x1())
	// 1 and 3 both won; equal OMW (opponents floored at 1/3); 1 has the better GW.
	if ss[0].EntryID != 1 || ss[1].EntryID != 3 || ss[0].Rank != 1 || ss[1].Rank != 2 {
		t.Fatalf("order %v", ss)
	}
	// Before any result everyone shares rank 1, in registration order,
	// and no draw is made or marked.
	ss = Compute(es, nil, x1())
	for i, s := range ss {
		if s.Rank != 1 || s.EntryID != event.EntryID(i+1) || s.Drawn {
			t.Errorf("empty standings %d: %+v", i, s)
		}
	}
}

func TestLateEntryLosses(t *testing.T) {
	es := entries(3)
	es[2].JoinedRound = 3
	rounds := []event.Round{
		{Number: 1, Tables: []event.Table{match(1, 2, 2, 0, 0)}},
		{Number: 2, Tables: []event.Table{match(1, 2, 2, 0, 0)}},
	}
	set := x1()
	if s := find(t, Compute(es, rounds, set), 3); s.Matches != 0 {
		t.Errorf("without the setting a late entry has no record: %+v", s)
	}
	set.LateEntryLosses = true
	if s := find(t, Compute(es, rounds, set), 3); s.Matches != 2 || s.Losses != 2 || s.Points != 0 {
		t.Errorf("with the setting, two losses: %+v", s)
	}
}

// Property: over random events, points add up to what the results give out,
// wins and losses balance, and ranks are ordered.
func TestStandingsSumsOverRandomEvents(t *testing.T) {
	set := x1()
	for seed := uint64(1); seed <= 300; seed++ {
		rng := rand.New(rand.NewPCG(seed, 0))
		n := 2 + rng.IntN(40)
		es := entries(0)
		for i := 0; i < n; i++ {
			es = append(es, event.Entry{ID: event.EntryID(i + 1), Name: "P", Status: event.EntryActive, JoinedRound: 1})
		}
		var rounds []event.Round
		wantPoints, matches, byes := 0, 0, 0
		for r := 1; r <= 1+rng.IntN(6); r++ {
			perm := rng.Perm(n)
			round := event.Round{Number: r}
			for i := 0; i+1 < n; i += 2 {
				a, b := event.EntryID(perm[i]+1), event.EntryID(perm[i+1]+1)
				ga, gb := rng.IntN(3), rng.IntN(3)
				if ga == 2 && gb == 2 {
					gb = 1
				}
				round.Tables = append(round.Tables, match(a, b, ga, gb, 0))
				matches++
				if ga == gb {
					wantPoints += 2 * set.Points.Draw
				} else {
					wantPoints += set.Points.Win
				}
			}
			if n%2 == 1 {
				round.Tables = append(round.Tables, bye(event.EntryID(perm[n-1]+1)))
				wantPoints += set.Points.Bye
				byes++
			}
			rounds = append(rounds, round)
		}
		ss := Compute(es, rounds, set)
		got, wins, losses, played := 0, 0, 0, 0
		for i, s := range ss {
			got += s.Points
			wins += s.Wins - s.Byes
			losses += s.Losses
			played += s.Matches
			if i > 0 && (ss[i-1].Points < s.Points || ss[i-1].Rank > s.Rank) {
				t.Fatalf("seed %d: standings out of order at %d", seed, i)
			}
			if s.MatchWin < Floor || s.GameWin < Floor || s.MatchWin > 1 || s.GameWin > 1 {
				t.Fatalf("seed %d: percentages out of range %+v", seed, s)
			}
		}
		if got != wantPoints || wins != losses || played != 2*matches+byes {
			t.Fatalf("seed %d: points %d want %d, wins %d losses %d, played %d want %d", seed, got, wantPoints, wins, losses, played, 2*matches+byes)
		}
	}
}

// Property: over seeded random Swiss events (byes, draws, drops, rematches)
// and random tiebreaker lists, the standings are ordered by points then
// each configured key in turn, ranks are shared exactly when every value
// is equal, "random" leaves no rank shared, and head-to-head places players
// as its definition says.
func TestOrderRespectsKeysOverRandomEvents(t *testing.T) {
	for seed := uint64(1); seed <= 400; seed++ {
		rng := rand.New(rand.NewPCG(seed, 1))
		n, rounds := 2+rng.IntN(30), 1+rng.IntN(6)
		es, rs := swissEvent(rng, n, rounds, 1+rng.IntN(15), event.EntryID(1+rng.IntN(100)))
		set := x1()
		keys := TiebreakerKeys()
		rng.Shuffle(len(keys), func(a, b int) { keys[a], keys[b] = keys[b], keys[a] })
		keys = keys[:rng.IntN(len(keys)+1)]
		if i := slices.Index(keys, rules.TieRandom); i >= 0 {
			keys = append(slices.Delete(keys, i, i+1), rules.TieRandom) // random goes last
		}
		if err := ValidTiebreakers(keys); err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		set.Tiebreakers = keys
		ss := ComputeWith(es, rs, set, Options{Seed: seed})
		if len(ss) != n {
			t.Fatalf("seed %d: %d standings for %d entries", seed, len(ss), n)
		}
		row := func(s Standing) []float64 {
			r := []float64{float64(s.Points)}
			for _, k := range keys {
				r = append(r, s.Tiebreaker(k))
			}
			return r
		}
		for i := 1; i < n; i++ {
			c := slices.CompareFunc(row(ss[i-1]), row(ss[i]), compareValue)
			switch {
			case c < 0:
				t.Fatalf("seed %d keys %v: %v ranked above %v", seed, keys, row(ss[i-1]), row(ss[i]))
			case c == 0 && ss[i].Rank != ss[i-1].Rank:
				t.Fatalf("seed %d: equal %v but ranks %d, %d", seed, row(ss[i]), ss[i-1].Rank, ss[i].Rank)
			case c > 0 && ss[i].Rank != i+1:
				t.Fatalf("seed %d: place %d has rank %d", seed, i+1, ss[i].Rank)
			}
			if slices.Contains(keys, rules.TieRandom) && ss[i].Rank == ss[i-1].Rank {
				t.Fatalf("seed %d: with random, ranks %d shared", seed, ss[i].Rank)
			}
		}
		if h := slices.Index(keys, rules.TieHeadToHead); h >= 0 {
			checkHeadToHead(t, seed, ss, rs, func(s Standing) []float64 { return row(s)[:1+h] })
		}
	}
}

// checkHeadToHead checks HeadToHead against the raw results, group by
// group of players equal on prefix (points and the keys before "h2h"): in
// each group the placed players have g-1, g-2, … (g the group's size),
// each beat everyone placed below them, and among the unplaced ones
// (HeadToHead 0, when two or more) nobody beat all the others.
func checkHeadToHead(t *testing.T, seed uint64, ss []Standing, rs []event.Round, prefix func(Standing) []float64) {
	t.Helper()
	net := netWins(rs)
	beat := func(a, b Standing) bool { return net[[2]event.EntryID{a.EntryID, b.EntryID}] > 0 }
	for _, g := range tiedRuns(ss, prefix) {
		slices.SortFunc(g, func(a, b Standing) int { return b.HeadToHead - a.HeadToHead })
		placed := 0
		for placed < len(g) && g[placed].HeadToHead > 0 {
			s := g[placed]
			if s.HeadToHead != len(g)-1-placed {
				t.Fatalf("seed %d: group of %d, place %d has head-to-head %d", seed, len(g), placed, s.HeadToHead)
			}
			for _, o := range g[placed+1:] {
				if !beat(s, o) {
					t.Fatalf("seed %d: %d placed above %d by head-to-head without beating them", seed, s.EntryID, o.EntryID)
				}
			}
			placed++
		}
		if rest := g[placed:]; len(rest) >= 2 {
			for _, s := range rest {
				if beatAllOthers(s, rest, beat) {
					t.Fatalf("seed %d: %d beat every other unplaced player of its group but was not placed", seed, s.EntryID)
				}
			}
		}
	}
}

// netWins returns, for each ordered pair of entries that met, the first's
// match wins over the second minus its losses.
func netWins(rs []event.Round) map[[2]event.EntryID]int {
	net := map[[2]event.EntryID]int{}
	for _, r := range rs {
		for _, tb := range r.Tables {
			if tb.Bye || len(tb.Seats) != 2 || tb.Result == nil {
				continue
			}
			a, b := tb.Seats[0].EntryID, tb.Seats[1].EntryID
			switch tb.Result.Outcome(0) {
			case event.Win:
				net[[2]event.EntryID{a, b}]++
				net[[2]event.EntryID{b, a}]--
			case event.Loss:
				net[[2]event.EntryID{a, b}]--
				net[[2]event.EntryID{b, a}]++
			}
		}
	}
	return net
}

// tiedRuns splits ss, ordered by key already, into runs equal on key.
func tiedRuns(ss []Standing, key func(Standing) []float64) [][]Standing {
	var runs [][]Standing
	for lo := 0; lo < len(ss); {
		hi := lo + 1
		for hi < len(ss) && slices.CompareFunc(key(ss[lo]), key(ss[hi]), compareValue) == 0 {
			hi++
		}
		runs = append(runs, slices.Clone(ss[lo:hi]))
		lo = hi
	}
	return runs
}

func beatAllOthers(s Standing, group []Standing, beat func(a, b Standing) bool) bool {
	for _, o := range group {
		if o.EntryID != s.EntryID && !beat(s, o) {
			return false
		}
	}
	return true
}

// Rule S9: a point deduction lowers a player's ranking points, not the
// match-win percentages their opponents count.
func TestPointDeductionsLowerTheRankingPoints(t *testing.T) {
	set := event.Settings{TableSize: 2, GamesPerMatch: 1, Points: event.Points{Win: 3, Draw: 1}, Tiebreakers: []string{"omw"}}
	entries := []event.Entry{{ID: 1, Name: "Ada"}, {ID: 2, Name: "Bob", Deducted: 4}, {ID: 3, Name: "Cy"}, {ID: 4, Name: "Dan"}}
	win := func(a, b event.EntryID) event.Table {
		return event.Table{Seats: []event.Seat{{EntryID: a}, {EntryID: b}}, Result: &event.Result{Seats: []event.SeatResult{{GamesWon: 1}, {}}}}
	}
	rounds := []event.Round{
		{Number: 1, Tables: []event.Table{win(2, 1), win(3, 4)}},
		{Number: 2, Tables: []event.Table{win(2, 3), win(1, 4)}},
	}
	got := Compute(entries, rounds, set)
	byName := map[string]Standing{}
	for _, s := range got {
		byName[s.Name] = s
	}
	if b := byName["Bob"]; b.Points != 2 || b.Deducted != 4 || b.MatchWin != 1 {
		t.Errorf("Bob: %d points (%d deducted), MW %.2f; want 2, 4, 1.00", b.Points, b.Deducted, b.MatchWin)
	}
	if got[0].Name == "Bob" {
		t.Errorf("Bob still leads on 6 - 4 points: %+v", got[0])
	}
	if a := byName["Ada"]; a.OppMatchWin != (1.0+1.0/3)/2 {
		t.Errorf("Ada's OMW %.4f counts Bob's deduction", a.OppMatchWin)
	}
}

// Own GW% floor, both ways: MTR Appendix C (the default) floors a player's
// own game-win % at 1/3; with Settings.UnflooredGameWin (melee.gg) it is
// the games as played. Either way the opponents' game-win average counts
// each opponent floored.
func TestOwnGameWinFloorIsASetting(t *testing.T) {
	es := entries(4)
	// Player 1 wins 1 game of 5 (1/5); player 2, their only opponent in
	// rounds 1 and 2, wins 4 of 5; player 4 loses 0–2 twice to player 3.
	rounds := []event.Round{
		{Number: 1, Tables: []event.Table{match(1, 2, 0, 2, 0), match(3, 4, 2, 0, 0)}},
		{Number: 2, Tables: []event.Table{match(2, 1, 2, 1, 0), match(4, 3, 0, 2, 0)}},
	}
	mtr := x1()
	if mtr.UnflooredGameWin {
		t.Fatal("the default must be MTR Appendix C's floor")
	}
	melee := x1()
	melee.UnflooredGameWin = true
	for _, c := range []struct {
		name       string
		set        event.Settings
		own, four  float64
		ogwOfTwo   float64
		textOfFour string
	}{
		{"MTR Appendix C floors it", mtr, Floor, Floor, Floor, "33.33"},
		{"melee.gg prints it unfloored", melee, 1.0 / 5.0, 0, Floor, "0.00"},
	} {
		t.Run(c.name, func(t *testing.T) {
			ss := Compute(es, rounds, c.set)
			one, two, four := find(t, ss, 1), find(t, ss, 2), find(t, ss, 4)
			if !near(one.GameWin, c.own) || !near(four.GameWin, c.four) {
				t.Errorf("own GW%% %.4f and %.4f, want %.4f and %.4f", one.GameWin, four.GameWin, c.own, c.four)
			}
			if !near(one.Tiebreaker(rules.TieGameWin), c.own) || four.TiebreakerText(rules.TieGameWin) != c.textOfFour {
				t.Errorf("gw tiebreaker %.4f, text %q", one.Tiebreaker(rules.TieGameWin), four.TiebreakerText(rules.TieGameWin))
			}
			// Player 2 met only player 1: the average keeps the floor.
			if !near(two.OppGameWin, c.ogwOfTwo) {
				t.Errorf("player 2's OGW%% %.4f, want the floored %.4f", two.OppGameWin, c.ogwOfTwo)
			}
			if !near(one.OppGameWin, 4.0/5.0) {
				t.Errorf("player 1's OGW%% %.4f, want 4/5", one.OppGameWin)
			}
		})
	}
}
