package director_test

import (
	"context"
	"fmt"
	"reflect"
	"testing"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/core/i18n"
)

// counted is, for each player, the matches the rounds 1..upTo count:
// every table of theirs with a result in, and every bye.
func counted(rounds []event.Round, upTo int) map[event.EntryID]int {
	out := map[event.EntryID]int{}
	for _, r := range rounds {
		if r.Number > upTo {
			break
		}
		for _, t := range r.Tables {
			if t.Bye || t.Result != nil {
				for _, s := range t.Seats {
					out[s.EntryID]++
				}
			}
		}
	}
	return out
}

// checkBasis checks that the standings view and the board say the same
// basis, want, and that their rows count exactly the rounds it names.
func checkBasis(t *testing.T, d *director.Director, id event.EventID, want director.Basis) director.StandingsView {
	t.Helper()
	v := mustCall(t, d.Views.StandingsView, id)
	if v.Basis != want {
		t.Fatalf("basis %+v, want %+v", v.Basis, want)
	}
	b := mustCall(t, d.Views.Board, id)
	if b.Basis != v.Basis || !reflect.DeepEqual(b.Standings, v.Players) {
		t.Fatalf("the board's basis %+v or rows differ from the standings view's %+v", b.Basis, v.Basis)
	}
	rounds := mustCall(t, d.Rounds.Rounds, id)
	exp := counted(rounds, v.Basis.Round)
	for _, st := range v.Players {
		if st.Matches != exp[st.EntryID] {
			t.Fatalf("%s: %d matches counted, rounds 1..%d have %d (basis %+v)", st.Name, st.Matches, v.Basis.Round, exp[st.EntryID], v.Basis)
		}
	}
	return v
}

// TestBasisOverSeededEvents walks seeded random Swiss events round by
// round, result by result: a draft round never counts (its pairings nor
// any result typed into it), a round in progress counts the results in
// and says how many, and after round N the rows count rounds 1..N.
func TestBasisOverSeededEvents(t *testing.T) {
	ctx := context.Background()
	for seed := uint64(1); seed <= 8; seed++ {
		t.Run(fmt.Sprint("seed", seed), func(t *testing.T) {
			d, e, rng := seededField(t, seed, 19, 5, 16)
			checkBasis(t, d, e.ID, director.Basis{})
			for r := 1; r <= 4; r++ {
				before := checkBasis(t, d, e.ID, director.Basis{Round: r - 1, In: playedTables(t, d, e.ID, r-1), Of: playedTables(t, d, e.ID, r-1)})
				draft := mustCall(t, d.Rounds.PairNextRound, e.ID)
				// A result typed into the draft (where the desk allows
				// it) must not count either.
				for _, tb := range draft.Tables {
					if !tb.Bye {
						_ = d.Rounds.RecordResult(ctx, e.ID, r, tb.Number, win(2, 0))
						break
					}
				}
				after := checkBasis(t, d, e.ID, before.Basis)
				if !reflect.DeepEqual(after.Players, before.Players) {
					t.Fatalf("round %d: a draft changed the standings", r)
				}
				must(t, d.Drafts.PublishRound(ctx, e.ID, r))
				round := roundOf(t, d, e.ID, r)
				var open []int
				for _, tb := range round.Tables {
					if !tb.Bye {
						open = append(open, tb.Number)
					}
				}
				in := 0
				rng.Shuffle(len(open), func(i, j int) { open[i], open[j] = open[j], open[i] })
				for _, n := range open {
					checkBasis(t, d, e.ID, director.Basis{Round: r, In: in, Of: len(open)})
					must(t, d.Rounds.RecordResult(ctx, e.ID, r, n, win(2, rng.IntN(2))))
					in++
				}
				v := checkBasis(t, d, e.ID, director.Basis{Round: r, In: in, Of: len(open)})
				if !v.Basis.Complete() || v.Basis.InProgress() {
					t.Fatalf("round %d: every result in, yet basis %+v is not complete", r, v.Basis)
				}
			}
		})
	}
}

func roundOf(t *testing.T, d *director.Director, id event.EventID, n int) event.Round {
	t.Helper()
	rounds, err := d.Rounds.Rounds(context.Background(), id)
	if err != nil || len(rounds) < n {
		t.Fatalf("round %d: %v (%d rounds)", n, err, len(rounds))
	}
	return rounds[n-1]
}

// playedTables counts round n's tables but its bye (0 for round 0).
func playedTables(t *testing.T, d *director.Director, id event.EventID, n int) int {
	t.Helper()
	if n == 0 {
		return 0
	}
	played := 0
	for _, tb := range roundOf(t, d, id, n).Tables {
		if !tb.Bye {
			played++
		}
	}
	return played
}

// TestBasisTitle checks the words every surface shows, in English and in
// French with its plurals.
func TestBasisTitle(t *testing.T) {
	for _, c := range []struct {
		b      director.Basis
		en, fr string
	}{
		{director.Basis{}, "Standings before round 1", "Classement avant la ronde 1"},
		{director.Basis{Round: 3, In: 431, Of: 512}, "Standings — round 3 in progress: 431 of 512 results", "Classement — ronde 3 en cours : 431 résultats sur 512"},
		{director.Basis{Round: 3, In: 1, Of: 512}, "Standings — round 3 in progress: 1 of 512 results", "Classement — ronde 3 en cours : 1 résultat sur 512"},
		{director.Basis{Round: 3, In: 512, Of: 512}, "Standings after round 3", "Classement après la ronde 3"},
		{director.Basis{Round: 5, In: 4, Of: 4, Final: true}, "Final standings", "Classement final"},
	} {
		if got := c.b.Title().In(i18n.English); got != c.en {
			t.Errorf("%+v: %q, want %q", c.b, got, c.en)
		}
		if got := c.b.Title().In(i18n.French); got != c.fr {
			t.Errorf("%+v in French: %q, want %q", c.b, got, c.fr)
		}
	}
}
