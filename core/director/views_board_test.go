package director_test

import (
	"context"
	"errors"
	"slices"
	"testing"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
)

// The store network's Board is one read: where the event stands, the
// latest published round as a sheet, the standings, and per player their
// seat and rounds.
func TestBoardShowsTheLatestPublishedRoundAndEachPlayer(t *testing.T) {
	ctx, d, e := alteredEvent(t, "standard-bo3")
	es := register(t, d, e.ID, "Ada Lovelace", "Zoë Ødegård", "Bram Berg", "Chiara Rossi", "Émile Zola")

	b, err := d.Views.Board(ctx, e.ID)
	must(t, err)
	if b.Current.Round.Number != 0 || b.Clock().Round != 0 || len(b.Find("ada")) != 1 || b.Find("ada")[0].Entry != es[0].ID || b.Find("ada")[0].Playing {
		t.Fatalf("before round 1: current %d, find %+v", b.Current.Round.Number, b.Find("ada"))
	}
	if _, err := b.Sheet(1); !errors.Is(err, event.ErrNotFound) {
		t.Errorf("Sheet(1) before round 1: %v", err)
	}

	r1 := mustPair(t, ctx, d, e.ID)
	for _, tb := range r1.Tables {
		if !tb.Bye {
			must(t, d.Rounds.RecordResult(ctx, e.ID, 1, tb.Number, win(2, 1)))
		}
	}
	r2 := boardDuringADraft(t, d, e.ID)

	must(t, d.Drafts.PublishRound(ctx, e.ID, r2.Number))
	b, err = d.Views.Board(ctx, e.ID)
	must(t, err)
	if b.Current.Round.Number != 2 || b.Progress.Draft {
		t.Fatalf("published: current %d", b.Current.Round.Number)
	}
	sh, err := b.Sheet(1)
	if err != nil || sh.Round.Number != 1 || len(sh.Tables) != len(r1.Tables) {
		t.Fatalf("Sheet(1): %v %+v", err, sh.Round)
	}
	want, err := d.Rounds.RoundSheet(ctx, e.ID, 2)
	must(t, err)
	if len(b.Current.Tables) != len(want.Tables) || b.Current.Tables[0].Players[0] != want.Tables[0].Players[0] {
		t.Errorf("the board's sheet differs from RoundSheet's: %+v vs %+v", b.Current.Tables[0], want.Tables[0])
	}

	checkAdasPage(t, b, es[0].ID)
	other := mustEvent(t, d, "standard-bo3")
	stranger := register(t, d, other.ID, "Someone Else")
	if _, ok := b.Player(stranger[0].ID); ok {
		t.Errorf("a player of another event is on the board")
	}
}

// boardDuringADraft pairs round 2 as a draft and checks the board still
// shows round 1, the draft's clock not started, no sheet for the draft,
// and finds players without their seats.
func boardDuringADraft(t *testing.T, d *director.Director, id event.EventID) event.Round {
	t.Helper()
	ctx := context.Background()
	r2, err := d.Rounds.PairNextRound(ctx, id) // a draft
	must(t, err)
	b := mustCall(t, d.Views.Board, id)
	if b.Current.Round.Number != 1 || !b.Progress.Draft || b.Clock().Round != 2 || b.Clock().Clock.Started() {
		t.Fatalf("round 2 a draft: current %d, draft %v, clock of round %d", b.Current.Round.Number, b.Progress.Draft, b.Clock().Round)
	}
	if _, err := b.Sheet(2); !errors.Is(err, event.ErrNotFound) {
		t.Errorf("a draft's sheet: %v", err)
	}
	if found := b.Find("EMILE"); len(found) != 1 || found[0].Name != "Émile Zola" || found[0].Playing {
		t.Errorf("find during a draft (accents and case folded, no seat shown): %+v", found)
	}
	if found := b.Find("zo"); found != nil {
		t.Errorf("two letters find %+v", found)
	}
	return r2
}

// checkAdasPage checks Ada's page of the board of round 2: her seat in
// round 2, her two rounds, her standing.
func checkAdasPage(t *testing.T, b director.Board, ada event.EntryID) {
	t.Helper()
	v, ok := b.Player(ada)
	if !ok {
		t.Fatal("Ada not on the board")
	}
	if len(v.Rounds) != 2 || v.Rounds[0].Number != 1 || v.Rounds[1].Number != 2 || !v.Seat.Playing || v.Seat.Entry != ada {
		t.Fatalf("Ada's view %+v", v)
	}
	if !v.Ranked || v.Standing.EntryID != ada || v.Standing.Matches != 1 {
		t.Errorf("Ada's standing %+v", v.Standing)
	}
	first := v.Rounds[0]
	o, ok := first.Outcome()
	switch {
	case first.Table.Bye:
		if ok {
			t.Errorf("a bye has no outcome")
		}
	case !ok || (first.Seat.Seat == 1) != (o == event.Win):
		t.Errorf("round 1 seat %d outcome %v %v (seat 1 won every table 2-1)", first.Seat.Seat, o, ok)
	}
	if _, ok := v.Rounds[1].Outcome(); ok && !v.Rounds[1].Table.Bye {
		t.Errorf("a table still out has no outcome")
	}
}

// A team table's outcome is the team's, from either member's seat.
func TestBoardPlayerOutcomeOfATeamMatch(t *testing.T) {
	ctx, d, e, _, _ := openTeams(t, 4)
	r := mustPair(t, ctx, d, e.ID)
	must(t, d.Rounds.RecordResult(ctx, e.ID, 1, 1, win(0, 1)))
	b := mustCall(t, d.Views.Board, e.ID)
	for k, s := range r.Tables[0].Seats {
		v, _ := b.Player(s.EntryID)
		o, ok := v.Rounds[0].Outcome()
		want := event.Loss
		if k%2 == 1 {
			want = event.Win
		}
		if !ok || o != want || v.Team == "" || v.TeamStanding == nil {
			t.Errorf("seat %d: %v %v team %q %v", k+1, o, ok, v.Team, v.TeamStanding)
		}
	}
}

// The pairings by name are sorted folding case and accents, one line per
// player, the bye last of nothing.
func TestSheetByNameSortsFolded(t *testing.T) {
	ctx, d, e := alteredEvent(t, "standard-bo3")
	register(t, d, e.ID, "zed", "Ævar", "Émile", "bob", "Ada")
	mustPair(t, ctx, d, e.ID)
	sh, err := d.Rounds.RoundSheet(ctx, e.ID, 1)
	must(t, err)
	var names []string
	byes := 0
	for _, p := range sh.ByName() {
		names = append(names, p.Name)
		if p.Bye {
			byes++
			if !p.Opponents.IsZero() || p.Others != nil || p.Number != 0 || p.String() != p.Name+" — BYE" {
				t.Errorf("bye line %+v", p)
			}
		}
	}
	if want := []string{"Ada", "Ævar", "bob", "Émile", "zed"}; !slices.Equal(names, want) || byes != 1 {
		t.Errorf("by name %v (byes %d), want %v", names, byes, want)
	}
}

func TestShowsWaitingOnceTimeIsUpOrThreeInFourAreIn(t *testing.T) {
	for _, c := range []struct {
		out, tables int
		timeUp      bool
		want        bool
	}{
		{0, 8, true, false},
		{8, 8, false, false},
		{3, 8, false, false},
		{2, 8, false, true},
		{8, 8, true, true},
	} {
		if got := director.ShowsWaiting(c.out, c.tables, c.timeUp); got != c.want {
			t.Errorf("ShowsWaiting(%d, %d, %v) = %v", c.out, c.tables, c.timeUp, got)
		}
	}
}
