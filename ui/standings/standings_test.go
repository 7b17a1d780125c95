package standings

import (
	"context"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"tablekeeper/core/event"
	"tablekeeper/ui/internal/uitest"
	"tablekeeper/ui/internal/work"
)

func TestTheWinnerIsFirstAndDroppedPlayersAreMarked(t *testing.T) {
	test.NewTempApp(t)
	ctx := context.Background()
	d := uitest.Director(t)
	e := uitest.Event(t, d, "Friday Swiss")
	entries := uitest.Players(t, d, e.ID, "Ada Lovelace", "Bob Stone")
	if _, err := d.PairNextRound(ctx, e.ID); err != nil {
		t.Fatal(err)
	}
	sh, err := d.RoundSheet(ctx, e.ID, 1)
	if err != nil {
		t.Fatal(err)
	}
	// Seat 2 wins 2–0, whoever sits there.
	winner := sh.Tables[0].Players[1].Name
	res := event.Result{Seats: []event.SeatResult{{GamesWon: 0}, {GamesWon: 2}}}
	if err := d.RecordResult(ctx, e.ID, 1, 1, res); err != nil {
		t.Fatal(err)
	}
	loser := sh.Tables[0].Players[0].Entry
	for _, en := range entries {
		if en.ID == loser {
			if err := d.Drop(ctx, en.ID); err != nil {
				t.Fatal(err)
			}
		}
	}

	errs := &uitest.Errors{}
	w := test.NewTempWindow(t, nil)
	s := New(d, work.Sync{}, errs.Alert)
	w.SetContent(s.Content())
	w.Resize(fyne.NewSize(900, 500))
	s.Load(e.ID)
	errs.None(t)

	rows := s.Rows()
	if len(rows) != 2 || rows[0].Name != winner || rows[0].Rank != 1 {
		t.Fatalf("standings = %+v", rows)
	}
	content := w.Content()
	for _, want := range []string{"1", winner, "3", "1-0-0", "100.00", "33.33", "2", sh.Tables[0].Players[0].Name + " (dropped)", "0-1-0"} {
		if !uitest.HasText(content, want) {
			t.Errorf("%q not shown; shown: %q", want, uitest.Texts(content))
		}
	}
}

func TestPercentShowsTwoDecimals(t *testing.T) {
	for f, want := range map[float64]string{2.0 / 3: "66.67", 1.0 / 3: "33.33", 1: "100.00", 0.5: "50.00"} {
		if got := Percent(f); got != want {
			t.Errorf("Percent(%v) = %q, want %q", f, got, want)
		}
	}
}
