package pairing

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"tablekeeper/core/i18n"
	"testing"

	"tablekeeper/core/event"
)

// bkIDs returns n entry IDs in seed order; IDs differ from seeds (seed s is
// entry 100+s) so that a test cannot confuse the two.
func bkIDs(n int) []event.EntryID { return idsFrom(101, n) }

// idsFrom returns n entry IDs counting up from first.
func idsFrom(first event.EntryID, n int) []event.EntryID {
	ids := make([]event.EntryID, n)
	for i := range ids {
		ids[i] = first + event.EntryID(i)
	}
	return ids
}

// bkSeed is the seed of an entry made by bkIDs.
func bkSeed(id event.EntryID) int { return int(id) - 100 }

// bkResult is a best-of result in which seat w wins.
func bkResult(w, bestOf int, rng *rand.Rand) *event.Result {
	if bestOf <= 0 {
		bestOf = 1
	}
	need := bestOf/2 + 1
	res := &event.Result{Seats: make([]event.SeatResult, 2)}
	res.Seats[w].GamesWon = need
	res.Seats[1-w].GamesWon = rng.IntN(need)
	return res
}

// bkStore turns a next round into the round a director would save: the
// tables in order with results (win picks the winning seat), then a bye
// table for each bye or walkover; nothing for a wait.
func bkStore(nr NextRound, number int, win func(Table) int, rng *rand.Rand) event.Round {
	r := event.Round{Number: number, Stage: nr.Stage}
	for i, t := range nr.Tables {
		r.Tables = append(r.Tables, event.Table{
			Number: i + 1,
			Seats:  []event.Seat{{EntryID: t.Seats[0]}, {EntryID: t.Seats[1]}},
			Why:    t.Why,
			Result: bkResult(win(t), nr.BestOf, rng),
		})
	}
	for _, p := range nr.Passes {
		if p.Kind == PassWait {
			continue
		}
		r.Tables = append(r.Tables, event.Table{Bye: true, Seats: []event.Seat{{EntryID: p.Entry}}, Why: p.Why,
			Result: &event.Result{Seats: []event.SeatResult{{GamesWon: 1}}}})
	}
	return r
}

// bkRandomWin picks the winner at random.
func bkRandomWin(rng *rand.Rand) func(Table) int {
	return func(Table) int { return rng.IntN(2) }
}

// bkFavourite lets the better seed (lower entry ID from bkIDs) win.
func bkFavourite(t Table) int {
	if t.Seats[0] < t.Seats[1] {
		return 0
	}
	return 1
}

// bkFields calls f for each field of 2 to maxN entrants, each flag, and
// seeds 0 to seeds−1 (the first two under -short: shortSeeds; two rather
// than one keep a second draw of each field), with the
// field's entrants and a random source of the seed and the field's size.
func bkFields(maxN int, flags []bool, seeds uint64, f func(n int, flag bool, seed uint64, rng *rand.Rand, ids []event.EntryID)) {
	for n := 2; n <= maxN; n++ {
		for _, flag := range flags {
			for seed := range shortSeeds(seeds, 2) {
				f(n, flag, seed, rand.New(rand.NewPCG(seed, uint64(n))), bkIDs(n))
			}
		}
	}
}

// bkSeatedOnce calls each (when set) for every entry seated in p's next
// round, and fails the test, of a field of n, when an entry is seated twice.
func bkSeatedOnce(t *testing.T, n int, p Progress, each func(event.EntryID)) {
	t.Helper()
	seen := map[event.EntryID]bool{}
	for _, tb := range p.Next.Tables {
		for _, id := range tb.Seats {
			if seen[id] {
				t.Fatalf("n=%d: entry %d seated twice in a round", n, id)
			}
			seen[id] = true
			if each != nil {
				each(id)
			}
		}
	}
}

// bkRun drives a stage to its end as a director would, calling step with the
// rounds played so far. before is called ahead of each step (to drop
// players, say); check sees every answer.
func bkRun(t *testing.T, step func([]event.Round) (Progress, error), win func(Table) int, rng *rand.Rand,
	before func([]event.Round), check func([]event.Round, Progress)) (Progress, []event.Round) {
	t.Helper()
	var played []event.Round
	for n := 1; n <= 400; n++ {
		if before != nil {
			before(played)
		}
		p, err := step(played)
		if err != nil {
			t.Fatalf("round %d: %v", n, err)
		}
		if check != nil {
			check(played, p)
		}
		if p.Done {
			return p, played
		}
		if len(p.Next.Tables) == 0 {
			t.Fatalf("round %d: not done, but no table to play: %+v", n, p.Next)
		}
		played = append(played, bkStore(p.Next, n, win, rng))
	}
	t.Fatal("the stage did not end in 400 rounds")
	return Progress{}, nil
}

// bkMatches counts the two-player tables of the rounds.
func bkMatches(played []event.Round) int {
	n := 0
	for _, r := range played {
		for _, t := range r.Tables {
			if len(t.Seats) == 2 {
				n++
			}
		}
	}
	return n
}

// bkCheckPlaced checks that every entrant has exactly one place and that
// places follow competition ranking.
func bkCheckPlaced(t *testing.T, ids []event.EntryID, ps []Placement) {
	t.Helper()
	seen := map[event.EntryID]bool{}
	next := 1
	for _, p := range ps {
		if p.Place != next || len(p.Entries) == 0 {
			t.Fatalf("placements %v: place %d where %d was due", ps, p.Place, next)
		}
		next += len(p.Entries)
		for _, id := range p.Entries {
			if seen[id] {
				t.Fatalf("entry %d placed twice: %v", id, ps)
			}
			seen[id] = true
		}
	}
	if len(seen) != len(ids) {
		t.Fatalf("%d of %d entrants placed: %v", len(seen), len(ids), ps)
	}
}

func bkSeats(ts []Table) [][2]int {
	var out [][2]int
	for _, t := range ts {
		out = append(out, [2]int{bkSeed(t.Seats[0]), bkSeed(t.Seats[1])})
	}
	return out
}

// Rule X2: an 8-bracket is seeded 1 v 8, 4 v 5, 2 v 7, 3 v 6.
func TestSingleEliminationSeedsEightAsX2(t *testing.T) {
	p, err := SingleElimination(bkIDs(8), nil, BracketOptions{})
	if err != nil {
		t.Fatal(err)
	}
	want := [][2]int{{1, 8}, {4, 5}, {2, 7}, {3, 6}}
	if got := bkSeats(p.Next.Tables); !slices.Equal(got, want) {
		t.Fatalf("round 1 = %v, want %v", got, want)
	}
	if p.Next.Name.String() != "quarter-final" || p.Next.Tables[0].Why.String() != "quarter-final W1-1: seed 1 v seed 8" {
		t.Fatalf("name %q, why %q", p.Next.Name, p.Next.Tables[0].Why)
	}
	if len(p.Next.Passes) != 0 || p.Bracket == nil || p.Bracket.Size != 8 || len(p.Bracket.Matches) != 7 {
		t.Fatalf("passes %v, bracket %+v", p.Next.Passes, p.Bracket)
	}
}

func TestSeedOrderKeepsTopSeedsApart(t *testing.T) {
	if got := elSeedOrder(8); !slices.Equal(got, []int{1, 8, 4, 5, 2, 7, 3, 6}) {
		t.Fatalf("order 8 = %v", got)
	}
	for _, size := range []int{2, 4, 8, 16, 32, 64, 128} {
		order := elSeedOrder(size)
		// Seeds 1..2^j fall in 2^j different blocks of size/2^j slots: the
		// best 2^j can only meet once 2^j players are left.
		for parts := 2; parts <= size; parts *= 2 {
			block := map[int]int{}
			for pos, s := range order {
				if s <= parts {
					if b, ok := block[pos/(size/parts)]; ok {
						t.Fatalf("size %d: seeds %d and %d share a block of %d", size, b, s, size/parts)
					}
					block[pos/(size/parts)] = s
				}
			}
		}
		// Every first-round pair sums to size+1.
		for i := 0; i < size; i += 2 {
			if order[i]+order[i+1] != size+1 {
				t.Fatalf("size %d: first-round pair %d v %d", size, order[i], order[i+1])
			}
		}
	}
}

// Rule S10/X2: over random results, seeds 1 and 2 meet only in the final.
func TestSingleEliminationSeedsOneAndTwoMeetOnlyInFinal(t *testing.T) {
	for _, n := range []int{8, 16, 32} {
		for seed := range uint64(200) {
			rng := rand.New(rand.NewPCG(seed, uint64(n)))
			ids := bkIDs(n)
			_, played := bkRun(t, func(pl []event.Round) (Progress, error) {
				return SingleElimination(ids, pl, BracketOptions{})
			}, func(tb Table) int {
				// Seeds 1 and 2 usually win, so they often reach the final.
				for i, id := range tb.Seats {
					if bkSeed(id) <= 2 && rng.IntN(10) > 0 {
						return i
					}
				}
				return rng.IntN(2)
			}, rng, nil, nil)
			for ri, r := range played {
				for _, tb := range r.Tables {
					if len(tb.Seats) == 2 && bkSeed(tb.Seats[0].EntryID)+bkSeed(tb.Seats[1].EntryID) == 3 && ri != len(played)-1 {
						t.Fatalf("n=%d seed %d: seeds 1 and 2 meet in round %d of %d", n, seed, ri+1, len(played))
					}
				}
			}
		}
	}
}

// Byes go to the top seeds when the field is not a power of two.
func TestSingleEliminationByesGoToTopSeeds(t *testing.T) {
	for _, n := range []int{2, 3, 5, 6, 7, 9, 12, 13, 24, 33} {
		p, err := SingleElimination(bkIDs(n), nil, BracketOptions{})
		if err != nil {
			t.Fatal(err)
		}
		size := elPow2(n)
		var byes []int
		for _, ps := range p.Next.Passes {
			if ps.Kind != PassBye || !strings.HasPrefix(ps.Why.String(), "bye: ") {
				t.Fatalf("n=%d: pass %+v", n, ps)
			}
			byes = append(byes, bkSeed(ps.Entry))
		}
		slices.Sort(byes)
		var want []int
		for s := 1; s <= size-n; s++ {
			want = append(want, s)
		}
		if !slices.Equal(byes, want) {
			t.Fatalf("n=%d: byes to seeds %v, want %v", n, byes, want)
		}
		seated := map[int]bool{}
		for _, tb := range p.Next.Tables {
			for _, id := range tb.Seats {
				seated[bkSeed(id)] = true
			}
		}
		for s := 1; s <= n; s++ {
			if seated[s] == (s <= size-n) {
				t.Fatalf("n=%d: seed %d seated=%v in round 1", n, s, seated[s])
			}
		}
	}
}

// Property: for any field of 2 to 70 and random results, a bracket of N has
// N−1 matches (plus the third-place match), the champion never loses,
// nobody plays after losing, and every entrant is placed.
func TestSingleEliminationProperties(t *testing.T) {
	bkFields(70, []bool{false, true}, 8, func(n int, third bool, seed uint64, rng *rand.Rand, ids []event.EntryID) {
		opt := BracketOptions{ThirdPlace: third}
		final, played := bkRun(t, func(pl []event.Round) (Progress, error) {
			return SingleElimination(ids, pl, opt)
		}, bkRandomWin(rng), rng, nil, func(pl []event.Round, p Progress) { bkSeatedOnce(t, n, p, nil) })
		want := n - 1
		if third && n >= 4 {
			want++
		}
		if got := bkMatches(played); got != want {
			t.Fatalf("n=%d third=%v: %d matches, want %d", n, third, got, want)
		}
		if len(played) != final.Bracket.Rounds {
			t.Fatalf("n=%d: %d rounds, bracket says %d", n, len(played), final.Bracket.Rounds)
		}
		bkCheckPlaced(t, ids, final.Placements)
		lost := map[event.EntryID]int{}
		for _, r := range played {
			for _, tb := range r.Tables {
				if len(tb.Seats) != 2 {
					continue
				}
				a, b := tb.Seats[0].EntryID, tb.Seats[1].EntryID
				third := strings.HasPrefix(tb.Why.String(), "third-place")
				if !third && (lost[a] > 0 || lost[b] > 0) {
					t.Fatalf("n=%d: %s played after a loss", n, tb.Why)
				}
				if tb.Result.Outcome(0) == event.Win {
					lost[b]++
				} else {
					lost[a]++
				}
			}
		}
		champ := final.Placements[0].Entries
		if len(champ) != 1 || lost[champ[0]] != 0 {
			t.Fatalf("n=%d: champion %v lost %d", n, champ, lost[champ[0]])
		}
	})
}

func TestSingleEliminationPlacesEight(t *testing.T) {
	cases := []struct {
		name  string
		third bool
		want  []Placement
	}{
		{"semi-final losers share third", false, []Placement{{1, []event.EntryID{101}}, {2, []event.EntryID{102}},
			{3, []event.EntryID{103, 104}}, {5, []event.EntryID{105, 106, 107, 108}}}},
		{"a third-place match splits them", true, []Placement{{1, []event.EntryID{101}}, {2, []event.EntryID{102}},
			{3, []event.EntryID{103}}, {4, []event.EntryID{104}}, {5, []event.EntryID{105, 106, 107, 108}}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(1, 2))
			ids := bkIDs(8)
			p, played := bkRun(t, func(pl []event.Round) (Progress, error) {
				return SingleElimination(ids, pl, BracketOptions{ThirdPlace: c.third})
			}, bkFavourite, rng, nil, nil)
			if fmt.Sprint(p.Placements) != fmt.Sprint(c.want) {
				t.Fatalf("placements %v, want %v", p.Placements, c.want)
			}
			last := played[len(played)-1]
			if c.third && (len(last.Tables) != 2 || !strings.HasPrefix(last.Tables[1].Why.String(), "third-place match: seed 3 v seed 4")) {
				t.Fatalf("last round %+v", last.Tables)
			}
			if !strings.HasPrefix(last.Tables[0].Why.String(), "final: seed 1 v seed 2") {
				t.Fatalf("final: %q", last.Tables[0].Why)
			}
		})
	}
}

// A bracket match cannot end in a draw; results must be entered; a table
// must be a match of the bracket.
func TestBracketRefusesBadRounds(t *testing.T) {
	ids := bkIDs(4)
	p, _ := SingleElimination(ids, nil, BracketOptions{})
	round := bkStore(p.Next, 1, bkFavourite, rand.New(rand.NewPCG(1, 1)))

	drawn := round
	drawn.Tables = slices.Clone(round.Tables)
	drawn.Tables[0].Result = &event.Result{Seats: []event.SeatResult{{GamesWon: 1}, {GamesWon: 1}}, GamesDrawn: 1}
	missing := round
	missing.Tables = slices.Clone(round.Tables)
	missing.Tables[1].Result = nil
	stranger := round
	stranger.Tables = slices.Clone(round.Tables)
	stranger.Tables[0].Seats = []event.Seat{{EntryID: 101}, {EntryID: 102}}
	for _, c := range []struct {
		name   string
		round  event.Round
		target error
		text   string
	}{
		{"drawn match", drawn, event.ErrInvalid, "cannot end drawn"},
		{"no result", missing, event.ErrState, "no result"},
		{"not a match of the bracket", stranger, event.ErrInvalid, "not a match of this bracket"},
	} {
		for name, f := range map[string]func([]event.EntryID, []event.Round, BracketOptions) (Progress, error){
			"single": SingleElimination, "double": DoubleElimination,
		} {
			_, err := f(ids, []event.Round{c.round}, BracketOptions{})
			if !errors.Is(err, c.target) || !strings.Contains(err.Error(), c.text) {
				t.Errorf("%s, %s: error %v, want %v containing %q", name, c.name, err, c.target, c.text)
			}
		}
	}
	if _, err := SingleElimination(bkIDs(1), nil, BracketOptions{}); !errors.Is(err, event.ErrInvalid) {
		t.Errorf("one entrant: %v", err)
	}
	if _, err := SingleElimination([]event.EntryID{1, 2, 1}, nil, BracketOptions{}); !errors.Is(err, event.ErrInvalid) {
		t.Errorf("duplicate entrant: %v", err)
	}
}

// Rule K10: when an entrant is dropped or disqualified, their opponent
// advances.
func TestSingleEliminationDropsLetTheOpponentAdvance(t *testing.T) {
	ids := bkIDs(8)
	rng := rand.New(rand.NewPCG(3, 3))

	t.Run("dropped before round 1", func(t *testing.T) {
		p, err := SingleElimination(ids, nil, BracketOptions{Withdrawn: []event.EntryID{108}})
		if err != nil {
			t.Fatal(err)
		}
		if len(p.Next.Tables) != 3 || len(p.Next.Passes) != 1 || p.Next.Passes[0].Entry != 101 || p.Next.Passes[0].Kind != PassWalkover {
			t.Fatalf("round 1: %+v", p.Next)
		}
		r1 := bkStore(p.Next, 1, bkFavourite, rng)
		p, err = SingleElimination(ids, []event.Round{r1}, BracketOptions{Withdrawn: []event.EntryID{108}})
		if err != nil {
			t.Fatal(err)
		}
		if got := bkSeats(p.Next.Tables); !slices.Equal(got, [][2]int{{1, 4}, {2, 3}}) {
			t.Fatalf("semi-finals %v", got)
		}
	})

	t.Run("disqualified in the middle of a match", func(t *testing.T) {
		p, _ := SingleElimination(ids, nil, BracketOptions{})
		r1 := bkStore(p.Next, 1, bkFavourite, rng)
		r1.Tables[1].Result = nil // 104 v 105: 105 disqualified mid-match
		if _, err := SingleElimination(ids, []event.Round{r1}, BracketOptions{}); !errors.Is(err, event.ErrState) {
			t.Fatalf("without the disqualification: %v", err)
		}
		p, err := SingleElimination(ids, []event.Round{r1}, BracketOptions{Withdrawn: []event.EntryID{105}})
		if err != nil {
			t.Fatal(err)
		}
		if got := bkSeats(p.Next.Tables); !slices.Equal(got, [][2]int{{1, 4}, {2, 3}}) {
			t.Fatalf("semi-finals %v", got)
		}
	})

	t.Run("dropped between rounds, then the final is a walkover", func(t *testing.T) {
		var withdrawn []event.EntryID
		var played []event.Round
		for n := 1; ; n++ {
			p, err := SingleElimination(ids, played, BracketOptions{Withdrawn: withdrawn})
			if err != nil {
				t.Fatal(err)
			}
			if n == 2 {
				// Seeds 1 and 2 won round 1; seed 2 drops before the
				// semi-final, so seed 3 has a walkover; then seed 1 drops
				// before the final.
				withdrawn = append(withdrawn, 102)
				p, _ = SingleElimination(ids, played, BracketOptions{Withdrawn: withdrawn})
				if len(p.Next.Tables) != 1 || len(p.Next.Passes) != 1 || p.Next.Passes[0].Entry != 103 {
					t.Fatalf("semi-finals: %+v", p.Next)
				}
			}
			if n == 3 {
				withdrawn = append(withdrawn, 101)
				p, _ = SingleElimination(ids, played, BracketOptions{Withdrawn: withdrawn})
				if !p.Done || p.Placements[0].Entries[0] != 103 {
					t.Fatalf("after seed 1 drops before the final: %+v", p)
				}
				bkCheckPlaced(t, ids, p.Placements)
				if p.Placements[1].Entries[0] != 101 {
					t.Fatalf("the finalist who dropped should be second: %v", p.Placements)
				}
				return
			}
			played = append(played, bkStore(p.Next, n, bkFavourite, rng))
		}
	})
}

// Property: players dropping at random moments never sit at a new table,
// and the bracket still ends with everyone placed.
func TestBracketsWithRandomDrops(t *testing.T) {
	for _, kind := range []string{"single", "double"} {
		for n := 2; n <= 40; n++ {
			for seed := range shortSeeds(6, 2) { // every seed in the plain pass, two under -short
				rng := rand.New(rand.NewPCG(seed, uint64(n)+100))
				ids := bkIDs(n)
				var withdrawn []event.EntryID
				out := map[event.EntryID]bool{}
				step := func(pl []event.Round) (Progress, error) {
					opt := BracketOptions{Withdrawn: withdrawn, Reset: true, ThirdPlace: true}
					if kind == "single" {
						return SingleElimination(ids, pl, opt)
					}
					return DoubleElimination(ids, pl, opt)
				}
				p, _ := bkRun(t, step, bkRandomWin(rng), rng, func([]event.Round) {
					if rng.IntN(4) == 0 {
						id := ids[rng.IntN(n)]
						if !out[id] {
							out[id] = true
							withdrawn = append(withdrawn, id)
						}
					}
				}, func(_ []event.Round, p Progress) {
					for _, tb := range p.Next.Tables {
						for _, id := range tb.Seats {
							if out[id] {
								t.Fatalf("%s n=%d: withdrawn entry %d seated: %s", kind, n, id, tb.Why)
							}
						}
					}
					for _, ps := range p.Next.Passes {
						if out[ps.Entry] {
							t.Fatalf("%s n=%d: withdrawn entry %d passes: %+v", kind, n, ps.Entry, ps)
						}
					}
				})
				bkCheckPlaced(t, ids, p.Placements)
			}
		}
	}
}

// A refusal to seat players, with its options, is said in French.
func TestSeatingRefusalsAreSaidInFrench(t *testing.T) {
	_, err := podHeresySizes(4)
	if got, want := i18n.Error(i18n.French, err), "4 joueurs ne peuvent pas être placés à des tables de 3 et 4 en Reascension (la règle H2 en demande au moins 6)\u00a0: ajoutez 2 joueurs, ou sortez de la règle H2 et placez tout le monde à une table de 4"; got != want {
		t.Errorf("French refusal %q, want %q", got, want)
	}
}

// With Unfinished, the last round played may be in progress: its matches
// with a result are decided, those without are left to be played at
// their round and table, and nothing is carried from them; without it
// the same round is refused, as pairing the next round needs every
// result.
func TestABracketSoFarWithItsLastRoundInProgress(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	ids := bkIDs(8)
	for _, double := range []bool{false, true} {
		bracket := func(played []event.Round, opt BracketOptions) (Progress, error) {
			if double {
				return DoubleElimination(ids, played, opt)
			}
			return SingleElimination(ids, played, opt)
		}
		first, err := bracket(nil, BracketOptions{})
		if err != nil {
			t.Fatal(err)
		}
		r1 := bkStore(first.Next, 1, bkFavourite, rng)
		r1.Tables[1].Result, r1.Tables[3].Result = nil, nil
		if _, err := bracket([]event.Round{r1}, BracketOptions{}); !errors.Is(err, event.ErrState) {
			t.Errorf("double %v: a round without all its results, not unfinished: %v", double, err)
		}
		p, err := bracket([]event.Round{r1}, BracketOptions{Unfinished: true})
		if err != nil {
			t.Fatalf("double %v: %v", double, err)
		}
		var played, playing int
		for _, m := range p.Bracket.Matches {
			switch {
			case m.Side != SideWinners || m.Round != 1:
				if m.Status == MatchPlayed {
					t.Errorf("double %v: %s is played", double, m.Key)
				}
			case m.Status == MatchPlayed:
				played++
			case m.Status == MatchReady && m.RoundNumber == 1 && m.Table > 0:
				playing++
			default:
				t.Errorf("double %v: %s is %s at round %d, table %d", double, m.Key, m.Status, m.RoundNumber, m.Table)
			}
		}
		if played != 2 || playing != 2 {
			t.Errorf("double %v: round 1 has %d matches played and %d in play, want 2 and 2", double, played, playing)
		}
	}
}
