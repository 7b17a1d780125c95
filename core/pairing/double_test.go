package pairing

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"tablekeeper/core/event"
)

func TestDoubleEliminationEightRoundByRound(t *testing.T) {
	ids := bkIDs(8)
	rng := rand.New(rand.NewPCG(5, 5))
	var names []string
	p, played := bkRun(t, func(pl []event.Round) (Progress, error) {
		return DoubleElimination(ids, pl, BracketOptions{Reset: true})
	}, bkFavourite, rng, nil, func(_ []event.Round, p Progress) {
		if !p.Done {
			names = append(names, p.Next.Name.String())
		}
	})
	want := []string{
		"winners round 1",
		"winners round 2, losers round 1",
		"winners final, losers round 2",
		"losers round 3",
		"losers final",
		"grand final",
	}
	if !slices.Equal(names, want) {
		t.Fatalf("rounds %q, want %q", names, want)
	}
	if got := bkSeats(bkTablesOf(played[0])); !slices.Equal(got, [][2]int{{1, 8}, {4, 5}, {2, 7}, {3, 6}}) {
		t.Fatalf("round 1 %v", got)
	}
	wantPlaces := []Placement{{1, []event.EntryID{101}}, {2, []event.EntryID{102}}, {3, []event.EntryID{103}},
		{4, []event.EntryID{104}}, {5, []event.EntryID{105, 106}}, {7, []event.EntryID{107, 108}}}
	if fmt.Sprint(p.Placements) != fmt.Sprint(wantPlaces) {
		t.Fatalf("placements %v, want %v", p.Placements, wantPlaces)
	}
	// The favourites win, so the winners-bracket champion takes the grand
	// final and no reset is played: 2N−2 matches.
	if got := bkMatches(played); got != 14 {
		t.Fatalf("%d matches, want 14", got)
	}
	gf := p.Bracket.Matches[len(p.Bracket.Matches)-1]
	if gf.Key != "GF2" || gf.Status != MatchVoid {
		t.Fatalf("reset %+v", gf)
	}
}

func bkTablesOf(r event.Round) []Table {
	var out []Table
	for _, t := range r.Tables {
		if len(t.Seats) == 2 {
			out = append(out, Table{Seats: t.Entries(), Why: t.Why})
		}
	}
	return out
}

// Losers of winners round j drop into losers round 2j−2 so that they do
// not meet their winners-bracket opponent again at once.
func TestDoubleEliminationDropsLosersCrosswise(t *testing.T) {
	e := elDouble(bkIDs(16), true, "seed")
	from := map[string][2]string{}
	for _, m := range e.b.Matches {
		from[m.Key] = m.From
	}
	for key, want := range map[string][2]string{
		"L1-1": {"loser of W1-1", "loser of W1-2"},
		"L2-1": {"winner of L1-1", "loser of W2-4"}, // reversed (j = 2)
		"L2-4": {"winner of L1-4", "loser of W2-1"},
		"L4-1": {"winner of L3-1", "loser of W3-2"}, // halves swapped (j = 3)
		"L6-1": {"winner of L5-1", "loser of W4-1"},
		"GF":   {"winner of W4-1", "winner of L6-1"},
	} {
		if from[key] != want {
			t.Errorf("%s from %v, want %v", key, from[key], want)
		}
	}
}

// Property (S10): nobody is out before two losses (with the reset), every
// entrant is placed, nobody plays after being out, and a bracket of N has
// 2N−2 matches, or 2N−1 when the reset is played.
func TestDoubleEliminationProperties(t *testing.T) {
	bkFields(48, []bool{true, false}, 8, func(n int, reset bool, seed uint64, rng *rand.Rand, ids []event.EntryID) {
		losses := map[event.EntryID]int{}
		p, played := bkRun(t, func(pl []event.Round) (Progress, error) {
			return DoubleElimination(ids, pl, BracketOptions{Reset: reset})
		}, bkRandomWin(rng), rng, nil, func(pl []event.Round, p Progress) {
			bkSeatedOnce(t, n, p, func(id event.EntryID) {
				if losses[id] >= 2 {
					t.Fatalf("n=%d: entry %d plays after two losses", n, id)
				}
			})
		})
		for _, r := range played {
			for _, tb := range r.Tables {
				if len(tb.Seats) != 2 {
					continue
				}
				if tb.Result.Outcome(0) == event.Win {
					losses[tb.Seats[1].EntryID]++
				} else {
					losses[tb.Seats[0].EntryID]++
				}
			}
		}
		bkCheckPlaced(t, ids, p.Placements)
		champ := p.Placements[0].Entries[0]
		resetPlayed := false
		for _, m := range p.Bracket.Matches {
			if m.Side == SideReset && m.Status == MatchPlayed {
				resetPlayed = true
			}
		}
		for _, id := range ids {
			if id == champ {
				if losses[id] > 1 {
					t.Fatalf("n=%d: the champion lost %d matches", n, losses[id])
				}
				continue
			}
			if losses[id] < 2 && (reset || p.Placements[1].Entries[0] != id) {
				t.Fatalf("n=%d reset=%v: entry %d out after %d loss(es); placements %v", n, reset, id, losses[id], p.Placements)
			}
		}
		want := 2*n - 2
		if resetPlayed {
			want++
		}
		if got := bkMatches(played); got != want {
			t.Fatalf("n=%d reset=%v: %d matches, want %d", n, reset, got, want)
		}
	})
}

// Byes go to the top seeds in winners round 1, as in single elimination.
func TestDoubleEliminationByes(t *testing.T) {
	for _, n := range []int{3, 5, 6, 7, 12, 13, 24} {
		p, err := DoubleElimination(bkIDs(n), nil, BracketOptions{})
		if err != nil {
			t.Fatal(err)
		}
		size := elPow2(n)
		if len(p.Next.Passes) != size-n {
			t.Fatalf("n=%d: %d byes, want %d", n, len(p.Next.Passes), size-n)
		}
		for _, ps := range p.Next.Passes {
			if bkSeed(ps.Entry) > size-n {
				t.Fatalf("n=%d: bye to seed %d", n, bkSeed(ps.Entry))
			}
		}
	}
}

func TestDoubleEliminationResetIsPlayedWhenTheLosersChampionWins(t *testing.T) {
	ids := bkIDs(4)
	rng := rand.New(rand.NewPCG(9, 9))
	// Seed 1 wins the winners bracket, seed 2 the losers bracket, then
	// seed 2 beats seed 1 twice.
	win := func(tb Table) int {
		if strings.HasPrefix(tb.Why.String(), "grand final") {
			if tb.Seats[0] == 102 {
				return 0
			}
			return 1
		}
		return bkFavourite(tb)
	}
	p, played := bkRun(t, func(pl []event.Round) (Progress, error) {
		return DoubleElimination(ids, pl, BracketOptions{Reset: true})
	}, win, rng, nil, nil)
	last := bkTablesOf(played[len(played)-1])
	if len(last) != 1 || !strings.HasPrefix(last[0].Why.String(), "grand final reset: seed 1 v seed 2") {
		t.Fatalf("last round %+v", last)
	}
	if p.Placements[0].Entries[0] != 102 || p.Placements[1].Entries[0] != 101 {
		t.Fatalf("placements %v", p.Placements)
	}
	if got := bkMatches(played); got != 7 {
		t.Fatalf("%d matches, want 2N−1 = 7", got)
	}
}

// Rule K10 in a double-elimination bracket: the opponent of a withdrawn
// player advances, and the withdrawn player is out at their next match.
func TestDoubleEliminationDropLetsTheOpponentAdvance(t *testing.T) {
	ids := bkIDs(8)
	rng := rand.New(rand.NewPCG(4, 4))
	p, _ := DoubleElimination(ids, nil, BracketOptions{})
	r1 := bkStore(p.Next, 1, bkFavourite, rng)
	// Seed 5 lost round 1 to seed 4 and drops: seed 8, whom it should
	// meet in losers round 1, advances without playing.
	p, err := DoubleElimination(ids, []event.Round{r1}, BracketOptions{Withdrawn: []event.EntryID{105}})
	if err != nil {
		t.Fatal(err)
	}
	if got := bkSeats(p.Next.Tables); !slices.Equal(got, [][2]int{{1, 4}, {2, 3}, {6, 7}}) {
		t.Fatalf("round 2 %v", got)
	}
	if len(p.Next.Passes) != 1 || p.Next.Passes[0].Entry != 108 || p.Next.Passes[0].Kind != PassWalkover {
		t.Fatalf("passes %+v", p.Next.Passes)
	}
}
