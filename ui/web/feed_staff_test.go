package web

import (
	"context"
	"slices"
	"testing"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
)

// A patch names what else changed for the staff's pages (a penalty, the
// clock), and says when the projector's list changes: once three tables
// in four are in, and again when the last one is.
func TestPatchesTellTheStaffPagesAndTheProjector(t *testing.T) {
	f := newFixture(t)
	e, _, r := f.OpenRound(16) // 8 tables
	ctx := context.Background()
	board := func() director.Board {
		t.Helper()
		b, err := f.d.Views.Board(ctx, e.ID)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	prev := board()
	if p := diffBoards("en", prev, prev, director.ChangeJudgeLog); p == nil || !slices.Equal(p.Also, []string{"judgelog"}) || p.Tables != nil {
		t.Errorf("a judge log entry's patch %+v", p)
	}
	if p := diffBoards("en", prev, prev, director.ChangeRound); p != nil {
		t.Errorf("nothing a page shows changed, yet a patch %+v", p)
	}
	var flips []int
	for i, tb := range r.Tables {
		res := event.Result{Seats: []event.SeatResult{{GamesWon: 2}, {GamesWon: 0}}}
		if err := f.d.Rounds.RecordResult(ctx, e.ID, 1, tb.Number, res); err != nil {
			t.Fatal(err)
		}
		b := board()
		p := diffBoards("en", prev, b, director.ChangeResult)
		if p == nil || len(p.Tables) != 1 || p.Also != nil {
			t.Fatalf("result %d: patch %+v", i+1, p)
		}
		if p.ShowsWaiting != nil {
			flips = append(flips, i+1)
			if *p.ShowsWaiting != (i+1 < len(r.Tables)) {
				t.Errorf("result %d: shows_waiting %v", i+1, *p.ShowsWaiting)
			}
		}
		prev = b
	}
	if !slices.Equal(flips, []int{6, 8}) {
		t.Errorf("the projector's list changed after results %v; want after the 6th of 8 and the last", flips)
	}
}
