package pairing

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"tablekeeper/core/event"
	"tablekeeper/core/i18n"
)

// kfTestRun is a KeyForge event driven the way the director would, keeping
// its own tally of losses to check the engine against.
type kfTestRun struct {
	t         *testing.T
	ids       []event.EntryID
	played    []event.Round
	withdrawn []event.EntryID
	out       map[event.EntryID]bool // withdrawn
	losses    map[event.EntryID]int
	met       map[[2]event.EntryID]bool
	field     []event.EntryID // the playoff's players, once drawn
	draw      []event.EntryID
	cuts      int
	rematches int
}

func kfNewTestRun(t *testing.T, n int) *kfTestRun {
	return &kfTestRun{t: t, ids: bkIDs(n), out: map[event.EntryID]bool{}, losses: map[event.EntryID]int{}, met: map[[2]event.EntryID]bool{}}
}

func (k *kfTestRun) active() []event.EntryID {
	var out []event.EntryID
	for _, id := range k.ids {
		if !k.out[id] && k.losses[id] < 2 {
			out = append(out, id)
		}
	}
	return out
}

func (k *kfTestRun) step(seed uint64) Progress {
	k.t.Helper()
	rng := rand.New(rand.NewPCG(seed, uint64(len(k.played)+1)))
	p, err := KeyForge(k.ids, k.played, KeyForgeOptions{Withdrawn: k.withdrawn}, rng)
	if err != nil {
		k.t.Fatalf("round %d: %v", len(k.played)+1, err)
	}
	return p
}

// checkLossRound checks a loss round against rule K6 and the documented
// policy (see KeyForge).
func (k *kfTestRun) checkLossRound(nr NextRound) {
	t := k.t
	t.Helper()
	if k.field != nil {
		t.Fatalf("a loss round after the playoff began: %+v", nr)
	}
	if nr.Stage != event.StageElimination || nr.BestOf != 1 {
		t.Fatalf("loss round stage %q best of %d", nr.Stage, nr.BestOf)
	}
	active := k.active()
	if len(active) <= KeyForgePlayoffSize {
		t.Fatalf("a loss round with %d players left", len(active))
	}
	placed, bye, waits, risky, cross := k.checkLossRoundSeats(nr, active)
	if len(placed) != len(active) {
		t.Fatalf("%d of %d players have a table or a pass", len(placed), len(active))
	}
	if strings.Contains(nr.Name.String(), "cut") {
		k.checkCutRound(nr, active, bye)
		return
	}
	k.checkNormalLossRound(nr, active, bye, waits, risky, cross)
}

// checkLossRoundSeats checks that a loss round seats or passes each active
// player once and no one else, and counts what the round checks go on
// with: the bye, the waits, the tables where someone is one loss from out
// (risky) and the tables across loss groups (cross).
func (k *kfTestRun) checkLossRoundSeats(nr NextRound, active []event.EntryID) (placed map[event.EntryID]bool, bye event.EntryID, waits, risky, cross int) {
	t := k.t
	t.Helper()
	in := map[event.EntryID]bool{}
	for _, id := range active {
		in[id] = true
	}
	placed = map[event.EntryID]bool{}
	for _, tb := range nr.Tables {
		a, b := tb.Seats[0], tb.Seats[1]
		for _, id := range tb.Seats {
			if !in[id] {
				t.Fatalf("entry %d (losses %d, withdrawn %v) seated: %s", id, k.losses[id], k.out[id], tb.Why)
			}
			if placed[id] {
				t.Fatalf("entry %d seated twice", id)
			}
			placed[id] = true
		}
		if k.losses[a] != k.losses[b] {
			cross++
		}
		if k.losses[a]+k.losses[b] > 0 {
			risky++
		}
		if rematch := k.met[elPair(a, b)]; rematch != strings.Contains(tb.Why.String(), "rematch") {
			t.Fatalf("rematch %v but why %q", rematch, tb.Why)
		}
	}
	for _, ps := range nr.Passes {
		if placed[ps.Entry] || !in[ps.Entry] {
			t.Fatalf("pass %+v for a seated or absent player", ps)
		}
		placed[ps.Entry] = true
		switch ps.Kind {
		case PassBye:
			bye = ps.Entry
		case PassWait:
			waits++
		default:
			t.Fatalf("pass %+v in a loss round", ps)
		}
	}
	return placed, bye, waits, risky, cross
}

// checkCutRound checks the cut round: one-loss players only, as many
// tables as players to cut, no bye, and no rematch that could be avoided.
func (k *kfTestRun) checkCutRound(nr NextRound, active []event.EntryID, bye event.EntryID) {
	t := k.t
	t.Helper()
	k.cuts++
	need := len(active) - KeyForgePlayoffSize
	if len(nr.Tables) != need || bye != 0 {
		t.Fatalf("cut round: %d tables and bye %d for %d players", len(nr.Tables), bye, len(active))
	}
	var g1 []event.EntryID
	for _, id := range active {
		if k.losses[id] == 1 {
			g1 = append(g1, id)
		}
	}
	rematches := 0
	for _, tb := range nr.Tables {
		if k.losses[tb.Seats[0]] != 1 || k.losses[tb.Seats[1]] != 1 {
			t.Fatalf("cut round table of %d v %d losses", k.losses[tb.Seats[0]], k.losses[tb.Seats[1]])
		}
		if k.met[elPair(tb.Seats[0], tb.Seats[1])] {
			rematches++
		}
	}
	if rematches > 0 && len(g1) <= 16 && kfTestCutExists(g1, need, k.met) {
		t.Fatalf("cut round with %d rematches where a set without one exists", rematches)
	}
	k.rematches += rematches
}

// checkNormalLossRound checks a loss round that is not the cut: a bye
// exactly when the players are odd, no waits, enough players left for the
// playoff, one table across loss groups at most, and no rematch that could
// be avoided.
func (k *kfTestRun) checkNormalLossRound(nr NextRound, active []event.EntryID, bye event.EntryID, waits, risky, cross int) {
	t := k.t
	t.Helper()
	if waits > 0 || (bye != 0) != (len(active)%2 == 1) {
		t.Fatalf("normal round of %d players: bye %d, %d waits", len(active), bye, waits)
	}
	if len(active)-risky < KeyForgePlayoffSize {
		t.Fatalf("normal round could leave %d players", len(active)-risky)
	}
	g0 := 0
	var seated []event.EntryID
	for _, id := range active {
		if id != bye {
			seated = append(seated, id)
			if k.losses[id] == 0 {
				g0++
			}
		}
	}
	if cross != g0%2 {
		t.Fatalf("%d tables across loss groups with %d unbeaten players", cross, g0)
	}
	rematches := 0
	for _, tb := range nr.Tables {
		if k.met[elPair(tb.Seats[0], tb.Seats[1])] {
			rematches++
		}
	}
	if rematches > 0 && len(seated) <= 18 && kfTestPairingExists(seated, k.losses, k.met) {
		t.Fatalf("%d rematches where a pairing without one exists: %v", rematches, nr.Tables)
	}
	k.rematches += rematches
}

// kfTestPairingExists reports, by exhaustive search, whether players can be
// paired within their loss groups (one pair across when the unbeaten are
// odd) without a rematch.
func kfTestPairingExists(ps []event.EntryID, losses map[event.EntryID]int, met map[[2]event.EntryID]bool) bool {
	g0 := 0
	for _, id := range ps {
		if losses[id] == 0 {
			g0++
		}
	}
	cross := g0 % 2
	memo := map[uint64]bool{}
	var solve func(mask uint32, used int) bool
	solve = func(mask uint32, used int) bool {
		i := 0
		for i < len(ps) && mask&(1<<i) != 0 {
			i++
		}
		if i == len(ps) {
			return used == cross
		}
		key := uint64(mask)<<1 | uint64(used)
		if v, ok := memo[key]; ok {
			return v
		}
		ok := false
		for j := i + 1; j < len(ps) && !ok; j++ {
			if mask&(1<<j) != 0 || met[elPair(ps[i], ps[j])] {
				continue
			}
			u := used
			if losses[ps[i]] != losses[ps[j]] {
				u++
			}
			if u <= cross {
				ok = solve(mask|1<<i|1<<j, u)
			}
		}
		memo[key] = ok
		return ok
	}
	return solve(0, 0)
}

// kfTestCutExists reports whether need disjoint pairs without a rematch can
// be found among ids.
func kfTestCutExists(ids []event.EntryID, need int, met map[[2]event.EntryID]bool) bool {
	var solve func(i int, mask uint32, got int) bool
	solve = func(i int, mask uint32, got int) bool {
		if got == need {
			return true
		}
		if i >= len(ids) {
			return false
		}
		if mask&(1<<i) == 0 {
			for j := i + 1; j < len(ids); j++ {
				if mask&(1<<j) == 0 && !met[elPair(ids[i], ids[j])] && solve(i+1, mask|1<<i|1<<j, got+1) {
					return true
				}
			}
		}
		return solve(i+1, mask, got)
	}
	return solve(0, 0, 0)
}

// record adds a stored loss round to the tally.
func (k *kfTestRun) record(r event.Round) {
	for _, tb := range r.Tables {
		if len(tb.Seats) != 2 {
			continue
		}
		a, b := tb.Seats[0].EntryID, tb.Seats[1].EntryID
		k.met[elPair(a, b)] = true
		if tb.Result.Outcome(0) == event.Win {
			k.losses[b]++
		} else {
			k.losses[a]++
		}
	}
}

// Property (K6): over hundreds of seeded events of 2 to 200 players with
// random results, and drops in a third of them: nobody with two losses
// plays again; each loss round pairs within equal-loss groups except one
// pair-down when the unbeaten are odd; rematches happen only when no
// pairing avoids them; the field is cut to exactly eight (fewer only
// through drops) and never below eight by play; the playoff is a
// best-of-three single-elimination bracket of at most eight, drawn from the
// players left; and everyone is placed.
func TestKeyForgeProperties(t *testing.T) {
	// 400 runs, 100 under -short (shortSeeds): 50 cut rounds at least in
	// 400 runs, as many for each run in 100.
	seeds := shortSeeds(400, 100)
	cuts := 0
	for seed := range seeds {
		rng := rand.New(rand.NewPCG(seed, 66))
		n := 2 + rng.IntN(199)
		drops := seed%3 == 0
		k := kfNewTestRun(t, n)
		for rn := 1; ; rn++ {
			if rn > 60 {
				t.Fatalf("seed %d n=%d: no end after 60 rounds", seed, n)
			}
			if drops && rng.IntN(4) == 0 {
				id := k.ids[rng.IntN(n)]
				if !k.out[id] {
					k.out[id] = true
					k.withdrawn = append(k.withdrawn, id)
				}
			}
			p := k.step(seed)
			if p.Done {
				bkCheckPlaced(t, k.ids, p.Placements)
				if k.field != nil && len(p.Placements[0].Entries) == 1 && !slices.Contains(k.field, p.Placements[0].Entries[0]) {
					t.Fatalf("seed %d: champion %v not from the playoff %v", seed, p.Placements[0], k.field)
				}
				break
			}
			nr := p.Next
			if nr.Stage == event.StageElimination {
				k.checkLossRound(nr)
				r := bkStore(nr, rn, bkRandomWin(rng), rng)
				k.record(r)
				k.played = append(k.played, r)
				continue
			}
			if nr.Stage != event.StagePlayoff || nr.BestOf != 3 || p.Bracket == nil || p.Bracket.Kind != SingleBracket {
				t.Fatalf("seed %d: playoff round %+v", seed, nr)
			}
			k.checkPlayoffRound(seed, n, drops, p)
			r := bkStore(nr, rn, bkRandomWin(rng), rng)
			k.played = append(k.played, r)
		}
		cuts += k.cuts
	}
	if cuts < int(50*seeds/400) {
		t.Fatalf("only %d cut rounds in the runs; the policy is barely exercised", cuts)
	}
}

// checkPlayoffRound checks a playoff round of a run of seed with n
// players: the field is drawn once from the players left (at most eight,
// exactly that many unless some dropped), the draw never changes, and only
// the field's players still in are seated.
func (k *kfTestRun) checkPlayoffRound(seed uint64, n int, drops bool, p Progress) {
	t := k.t
	t.Helper()
	nr := p.Next
	if k.field == nil {
		k.field = k.active()
		k.draw = p.Bracket.Entrants
		want := min(n, KeyForgePlayoffSize)
		if len(k.field) > KeyForgePlayoffSize || !drops && len(k.field) != want {
			t.Fatalf("seed %d n=%d: playoff of %d", seed, n, len(k.field))
		}
		got := slices.Clone(k.draw)
		slices.Sort(got)
		if !slices.Equal(got, k.field) {
			t.Fatalf("seed %d: draw %v of field %v", seed, k.draw, k.field)
		}
	} else if !slices.Equal(p.Bracket.Entrants, k.draw) {
		t.Fatalf("seed %d: the draw changed from %v to %v", seed, k.draw, p.Bracket.Entrants)
	}
	for _, tb := range nr.Tables {
		for _, id := range tb.Seats {
			if !slices.Contains(k.field, id) || k.out[id] {
				t.Fatalf("seed %d: entry %d in the playoff: %s", seed, id, tb.Why)
			}
		}
	}
}

// The cut policy on a small event: ten players, round 1 leaves five with a
// loss; a normal round 2 could put three out, leaving seven, so round 2 is
// a cut round of exactly two tables of 1-loss players; then the playoff
// seats the eight left.
func TestKeyForgeCutsTheFieldToEight(t *testing.T) {
	k := kfNewTestRun(t, 10)
	rng := rand.New(rand.NewPCG(7, 7))
	p := k.step(1)
	if len(p.Next.Tables) != 5 || p.Next.Name.String() != "loss round 1" {
		t.Fatalf("round 1: %+v", p.Next)
	}
	r := bkStore(p.Next, 1, bkFavourite, rng)
	k.record(r)
	k.played = append(k.played, r)

	p = k.step(1)
	k.checkLossRound(p.Next)
	if len(p.Next.Tables) != 2 || len(p.Next.Passes) != 6 || p.Next.Name.String() != "loss round 2 (cut to eight)" {
		t.Fatalf("round 2: %+v", p.Next)
	}
	for _, ps := range p.Next.Passes {
		if ps.Kind != PassWait || k.losses[ps.Entry] == 2 {
			t.Fatalf("pass %+v", ps)
		}
	}
	r = bkStore(p.Next, 2, bkFavourite, rng)
	k.record(r)
	k.played = append(k.played, r)

	p = k.step(1)
	if p.Next.Stage != event.StagePlayoff || len(p.Next.Tables) != 4 || len(p.Bracket.Entrants) != 8 {
		t.Fatalf("round 3: %+v", p.Next)
	}
	out := 0
	for _, rec := range p.Records {
		if rec.Losses >= 2 {
			out++
			if rec.Out != 2 {
				t.Fatalf("record %+v", rec)
			}
			if slices.Contains(p.Bracket.Entrants, rec.Entry) {
				t.Fatalf("entry %d with two losses in the playoff", rec.Entry)
			}
		}
	}
	if out != 2 {
		t.Fatalf("%d players out after the cut round, want 2", out)
	}
	if !strings.HasPrefix(p.Next.Tables[0].Why.String(), "playoff quarter-final W1-1: places 1 and 8 of the random draw") {
		t.Fatalf("why %q", p.Next.Tables[0].Why)
	}
	// In French the match is G1-1 (gagnants), not W1-1, and the draw is
	// the random draw's places.
	if fr := p.Next.Tables[0].Why.In(i18n.French); !strings.Contains(fr, "G1-1") || strings.Contains(fr, "W1-1") || !strings.Contains(fr, "tirage au sort") {
		t.Errorf("in French: %q", fr)
	}
}

// Eight or fewer players go straight to the playoff, drawn at random: the
// same seed draws the same bracket, other seeds other brackets, and later
// calls keep the draw whatever their random source.
func TestKeyForgeSmallFieldGoesStraightToThePlayoff(t *testing.T) {
	ids := bkIDs(6)
	draws := map[string]bool{}
	for seed := range uint64(30) {
		p, err := KeyForge(ids, nil, KeyForgeOptions{}, rand.New(rand.NewPCG(seed, 1)))
		if err != nil {
			t.Fatal(err)
		}
		again, _ := KeyForge(ids, nil, KeyForgeOptions{}, rand.New(rand.NewPCG(seed, 1)))
		if fmt.Sprint(p.Next) != fmt.Sprint(again.Next) {
			t.Fatalf("seed %d: two pairings from one seed", seed)
		}
		if p.Next.Stage != event.StagePlayoff || len(p.Next.Tables) != 2 || len(p.Next.Passes) != 2 {
			t.Fatalf("seed %d: %+v", seed, p.Next)
		}
		draws[fmt.Sprint(p.Bracket.Entrants)] = true
		rng := rand.New(rand.NewPCG(seed, 2))
		played := []event.Round{bkStore(p.Next, 1, bkRandomWin(rng), rng)}
		played[0].Stage = event.StagePlayoff
		for n := 2; ; n++ {
			q, err := KeyForge(ids, played, KeyForgeOptions{}, rand.New(rand.NewPCG(seed+1000, uint64(n))))
			if err != nil {
				t.Fatal(err)
			}
			if q.Done {
				bkCheckPlaced(t, ids, q.Placements)
				break
			}
			if !slices.Equal(q.Bracket.Entrants, p.Bracket.Entrants) {
				t.Fatalf("seed %d: draw changed", seed)
			}
			played = append(played, bkStore(q.Next, n, bkRandomWin(rng), rng))
		}
	}
	if len(draws) < 20 {
		t.Fatalf("only %d different draws in 30 seeds", len(draws))
	}
}
