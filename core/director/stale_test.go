package director_test

import (
	"errors"
	"strings"
	"testing"

	"tablekeeper/core/event"
)

// Stale write: a result typed against an outdated view of a table (another
// screen saved a result on it in between) is refused, names the result
// now saved, and leaves it in place; a write based on the current view is
// saved, first result and correction alike.
func TestStaleWriteIsRefusedWithTheCurrentResult(t *testing.T) {
	ctx, d, e := openEvent(t, "generic", "swiss", nil)
	register(t, d, e.ID, "Ada Lovelace", "Bob Stone", "Cy Young", "Dee Hall")
	r, err := pairPublished(ctx, d, e.ID)
	must(t, err)
	n := r.Tables[0].Number
	sheet := func() *event.Result {
		sh, err := d.Rounds.RoundSheet(ctx, e.ID, r.Number)
		must(t, err)
		return sh.Tables[0].Result
	}
	win := func(a, b int) event.Result {
		return event.Result{Seats: []event.SeatResult{{GamesWon: a}, {GamesWon: b}}}
	}

	// Two screens both saw table 1 empty; the first saves 2-0.
	seenByBoth := sheet()
	if err := d.Rounds.RecordResultSeen(ctx, e.ID, r.Number, n, seenByBoth, win(2, 0)); err != nil {
		t.Fatalf("first result on an empty table: %v", err)
	}
	saved := sheet()
	// The second, still believing the table empty, is refused.
	err = d.Rounds.RecordResultSeen(ctx, e.ID, r.Number, n, seenByBoth, win(0, 2))
	if !errors.Is(err, event.ErrConflict) {
		t.Fatalf("a write over an outdated view was not refused: %v", err)
	}
	if msg := event.Message(err); !strings.Contains(msg, "2–0") || !strings.Contains(msg, "changed") {
		t.Errorf("the refusal does not show the current result: %q", msg)
	}
	if got := sheet(); got == nil || got.Seats[0].GamesWon != 2 {
		t.Fatalf("the refused write changed the table: %+v", got)
	}
	// A correction made from the current view goes through.
	if err := d.Rounds.RecordResultSeen(ctx, e.ID, r.Number, n, saved, win(1, 2)); err != nil {
		t.Fatalf("a correction from the current view: %v", err)
	}
	// The view it replaced is now outdated in turn.
	if err := d.Rounds.RecordResultSeen(ctx, e.ID, r.Number, n, saved, win(2, 1)); !errors.Is(err, event.ErrConflict) {
		t.Fatalf("a second correction from the old view was not refused: %v", err)
	}
	if got := sheet(); got.Seats[1].GamesWon != 2 {
		t.Fatalf("table 1 = %+v, want the 1-2 correction", got)
	}
}
