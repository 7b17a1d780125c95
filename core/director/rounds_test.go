package director_test

import (
	"errors"
	"strings"
	"testing"

	"tablekeeper/core/event"
)

// Draw refusal (rule K7): KeyForge has no draw, so a drawn result is
// refused when it is entered, with a sentence naming the players and why,
// and the round does not look complete. The format's own defaults.
func TestDrawRefusalKeyForgeAtEntry(t *testing.T) {
	ctx, d, e := openEvent(t, "keyforge", "archon-standard", nil)
	register(t, d, e.ID, "Ada Lovelace", "Bob Stone", "Cy Young", "Dee Hall")
	r := mustPair(t, ctx, d, e.ID)
	tb := r.Tables[0]
	for _, res := range []event.Result{
		{Seats: []event.SeatResult{{}, {}}, GamesDrawn: 1},                       // "d"
		{Seats: []event.SeatResult{{}, {}}, TimeOut: true},                       // 0-0 at time
		{Seats: []event.SeatResult{{GamesWon: 1}, {GamesWon: 0}}, GamesDrawn: 0}, // a win is fine
	} {
		err := d.Rounds.RecordResult(ctx, e.ID, r.Number, tb.Number, res)
		if res.Seats[0].GamesWon == 1 {
			if err != nil {
				t.Fatalf("a KeyForge win was refused: %v", err)
			}
			continue
		}
		msg := event.Message(err)
		if !errors.Is(err, event.ErrInvalid) || !strings.Contains(msg, "KeyForge has no draws") || strings.Contains(msg, "entry ") {
			t.Fatalf("draw %+v: %v", res, err)
		}
		sheet, _ := d.Rounds.RoundSheet(ctx, e.ID, r.Number)
		for _, p := range sheet.Tables[0].Players {
			if !strings.Contains(msg, p.Name) {
				t.Errorf("the refusal %q does not name %s", msg, p.Name)
			}
		}
		if sheet.Tables[0].Result != nil {
			t.Fatalf("a refused draw was saved: %+v", sheet.Tables[0].Result)
		}
	}
}

// Draw refusal in an elimination round of any game (X2): a bracket cannot
// advance a draw, so the top cut refuses one at entry.
func TestDrawRefusalInEliminationRounds(t *testing.T) {
	ctx, d, e := openEvent(t, "generic", "single-elimination", nil)
	register(t, d, e.ID, "Ada Lovelace", "Bob Stone", "Cy Young", "Dee Hall")
	r, err := pairPublished(ctx, d, e.ID)
	must(t, err)
	err = d.Rounds.RecordResult(ctx, e.ID, r.Number, r.Tables[0].Number, event.Result{Seats: []event.SeatResult{{GamesWon: 1}, {GamesWon: 1}}})
	if !errors.Is(err, event.ErrInvalid) || !strings.Contains(event.Message(err), "elimination match cannot end drawn") {
		t.Fatalf("a drawn elimination match: %v", err)
	}
	// Swiss keeps its draws.
	sw := eventOf(t, d, "generic", "swiss", nil)
	register(t, d, sw.ID, "Eve Adams", "Finn Cole")
	r, err = pairPublished(ctx, d, sw.ID)
	must(t, err)
	if err := d.Rounds.RecordResult(ctx, sw.ID, r.Number, r.Tables[0].Number, event.Result{Seats: []event.SeatResult{{GamesWon: 1}, {GamesWon: 1}}, GamesDrawn: 1}); err != nil {
		t.Fatalf("a Swiss draw was refused: %v", err)
	}
}

// Stale write: a result typed against an outdated view of a table (another
// screen saved a result on it in between) is refused, names the result
// now saved, and leaves it in place; a write based on the current view is
// saved, first result and correction alike.
func TestStaleWriteIsRefusedWithTheCurrentResult(t *testing.T) {
	ctx, d, e, _ := foursome(t)
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
