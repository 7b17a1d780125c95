package standings

import (
	"context"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"tablekeeper/core/event"
	"tablekeeper/core/standings"
	"tablekeeper/ui/internal/uitest"
	"tablekeeper/ui/internal/work"
)

func TestTheWinnerIsFirstAndDroppedPlayersAreMarked(t *testing.T) {
	test.NewTempApp(t)
	ctx := context.Background()
	d := uitest.Director(t)
	e := uitest.Event(t, d, "Friday Swiss")
	entries := uitest.Players(t, d, e.ID, "Ada Lovelace", "Bob Stone")
	uitest.Pair(t, d, e.ID)
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

func TestTheColumnsFollowTheEventsTiebreakers(t *testing.T) {
	test.NewTempApp(t)
	ctx := context.Background()
	d := uitest.Director(t)
	e := uitest.Event(t, d, "Friday Swiss")
	set := e.Settings
	set.Tiebreakers = []string{"buchholz", "oomw", "h2h", "gw", "random"}
	if err := d.UpdateSettings(ctx, e.ID, set); err != nil {
		t.Fatal(err)
	}
	uitest.Players(t, d, e.ID, "Ada Lovelace", "Bob Stone", "Carol Reed", "Dan Brown")
	r := uitest.Pair(t, d, e.ID)
	for _, tb := range r.Tables {
		if err := d.RecordResult(ctx, e.ID, 1, tb.Number, event.Result{Seats: []event.SeatResult{{GamesWon: 2}, {GamesWon: 1}}}); err != nil {
			t.Fatal(err)
		}
	}

	errs := &uitest.Errors{}
	w := test.NewTempWindow(t, nil)
	s := New(d, work.Sync{}, errs.Alert)
	w.SetContent(s.Content())
	w.Resize(fyne.NewSize(1000, 500))
	s.Load(e.ID)
	errs.None(t)

	if got := strings.Join(s.Columns(), ","); got != "buchholz,oomw,h2h,gw" {
		t.Fatalf("columns %q", got)
	}
	texts := uitest.Texts(w.Content())
	var header []string
	for _, h := range []string{"Rank", "Name", "Points", "W-L-D", "Buchholz", "OOMW%", "H2H", "GW%", "Random"} {
		if uitest.HasText(w.Content(), h) {
			header = append(header, h)
		}
	}
	if strings.Join(header, " ") != "Rank Name Points W-L-D Buchholz OOMW% H2H GW%" {
		t.Errorf("header %q; shown %q", header, texts)
	}
	rows := s.Rows()
	// A winner met a loser: Buchholz 0, as an integer; GW% 66.67.
	want := []string{"1", rows[0].Name, "3", "1-0-0", "0", Percent(rows[0].OppOppMatchWin), "0", "66.67"}
	if got := Cells(rows[0], s.Columns()); strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("cells %q, want %q", got, want)
	}
	if !uitest.HasText(w.Content(), "66.67") {
		t.Errorf("GW%% not shown: %q", texts)
	}

	// Changing the tiebreakers changes the columns.
	set.Tiebreakers = []string{"omw"}
	e2 := uitest.Event(t, d, "Other")
	if err := d.UpdateSettings(ctx, e2.ID, set); err != nil {
		t.Fatal(err)
	}
	s.Load(e2.ID)
	if got := strings.Join(s.Columns(), ","); got != "omw" || uitest.HasText(w.Content(), "Buchholz") {
		t.Errorf("columns %q after opening another event", got)
	}
}

func TestSharedRanksAreShownAsGiven(t *testing.T) {
	r := standings.Standing{Rank: 3, Name: "Carol Reed", Points: 6, Wins: 2, Losses: 1, Buchholz: 12, HeadToHead: 1, OppMatchWin: 0.5}
	got := Cells(r, []string{"omw", "buchholz", "h2h"})
	if want := "3|Carol Reed|6|2-1-0|50.00|12|1"; strings.Join(got, "|") != want {
		t.Errorf("cells %q, want %q", strings.Join(got, "|"), want)
	}
}
