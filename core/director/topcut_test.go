package director_test

import (
	"context"
	"math/rand/v2"
	"testing"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/core/standings"
)

// Rules X2, S10: "After a top cut, the places below the cut must stay in
// their Swiss order": the semi-final and final results order the players in
// the cut, and never feed the tiebreakers of the players who did not make
// it, nor reorder their places. Every view of the standings (Standings,
// StandingsView, Board) reads the one computation.
func TestX2PlacesBelowTheCutStayInTheirSwissOrder(t *testing.T) {
	ctx, d, e := openEvent(t, "generic", "swiss-top8", func(s *event.Settings) { s.Rounds, s.Playoff.TopCut = 3, 4 })
	register(t, d, e.ID, names(8)...)
	rng := rand.New(rand.NewPCG(3, 4))
	for n := 1; n <= 3; n++ {
		r := mustPair(t, ctx, d, e.ID)
		for _, tb := range r.Tables {
			res := win(2, rng.IntN(2))
			if rng.IntN(2) == 0 {
				res.Seats[0], res.Seats[1] = res.Seats[1], res.Seats[0]
			}
			must(t, d.Rounds.RecordResult(ctx, e.ID, r.Number, tb.Number, res))
		}
	}
	atCut := mustCall(t, d.Rounds.Standings, e.ID)
	// The cut: every lower seed wins, 2–0, so that each match changes the
	// match-win % of players met in the Swiss by those below the cut.
	inCut := playTheCutLowerSeedsWinning(t, d, e.ID)
	final := mustCall(t, d.Rounds.Standings, e.ID)
	if len(final) != 8 || len(inCut) != 4 {
		t.Fatalf("%d standings, %d in the cut", len(final), len(inCut))
	}
	for i := range final[:4] {
		if !inCut[final[i].EntryID] {
			t.Errorf("place %d is %s, who did not make the cut", i+1, final[i].Name)
		}
	}
	below := func(table []standings.Standing) []standings.Standing { return table[4:] }
	for i, s := range below(final) {
		was := below(atCut)[i]
		if s.EntryID != was.EntryID || s.Rank != was.Rank || s.Points != was.Points ||
			s.OppMatchWin != was.OppMatchWin || s.GameWin != was.GameWin || s.OppGameWin != was.OppGameWin {
			t.Errorf("place %d: %s rank %d, %d points, OMW %.4f, OGW %.4f; at the cut %s rank %d, %d points, OMW %.4f, OGW %.4f",
				i+5, s.Name, s.Rank, s.Points, s.OppMatchWin, s.OppGameWin, was.Name, was.Rank, was.Points, was.OppMatchWin, was.OppGameWin)
		}
	}
	v := mustCall(t, d.Views.StandingsView, e.ID)
	b := mustCall(t, d.Views.Board, e.ID)
	for i := range final {
		if v.Players[i].EntryID != final[i].EntryID || v.Players[i].OppMatchWin != final[i].OppMatchWin ||
			b.Standings[i].EntryID != final[i].EntryID || b.Standings[i].OppMatchWin != final[i].OppMatchWin {
			t.Errorf("place %d: the views disagree with Standings", i+1)
		}
	}
}

// playTheCutLowerSeedsWinning plays the elimination rounds (two at most),
// the lower seed winning each match 2–0, and returns who played in them.
func playTheCutLowerSeedsWinning(t *testing.T, d *director.Director, id event.EventID) map[event.EntryID]bool {
	t.Helper()
	ctx := context.Background()
	inCut := map[event.EntryID]bool{}
	for n := 1; ; n++ {
		r, err := pairPublished(ctx, d, id)
		if err != nil {
			break
		}
		if r.Stage != event.StageElimination || n > 2 {
			t.Fatalf("round %d: stage %s", r.Number, r.Stage)
		}
		for _, tb := range r.Tables {
			for _, s := range tb.Seats {
				inCut[s.EntryID] = true
			}
			must(t, d.Rounds.RecordResult(ctx, id, r.Number, tb.Number, win(0, 2)))
		}
	}
	return inCut
}
