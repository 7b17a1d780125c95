package standings

import (
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
	ctx := t.Context()
	d := uitest.Director(t)
	e := uitest.Event(t, d, "Friday Swiss")
	entries := uitest.Players(t, d, e.ID, "Ada Lovelace", "Bob Stone")
	uitest.Pair(t, d, e.ID)
	sh, err := d.Rounds.RoundSheet(ctx, e.ID, 1)
	if err != nil {
		t.Fatal(err)
	}
	// Seat 2 wins 2–0, whoever sits there.
	winner := sh.Tables[0].Players[1].Name
	res := event.Result{Seats: []event.SeatResult{{GamesWon: 0}, {GamesWon: 2}}}
	if err := d.Rounds.RecordResult(ctx, e.ID, 1, 1, res); err != nil {
		t.Fatal(err)
	}
	loser := sh.Tables[0].Players[0].Entry
	for _, en := range entries {
		if en.ID == loser {
			if err := d.Registration.Drop(ctx, en.ID); err != nil {
				t.Fatal(err)
			}
		}
	}

	s, w := showStandingsAt(t, d.Views, e.ID, 900)

	rows := s.Rows()
	if len(rows) != 2 || rows[0].Name != winner || rows[0].Rank != 1 {
		t.Fatalf("standings = %+v", rows)
	}
	content := w.Content()
	for _, want := range []string{"1", winner, "3", "1–0–0", "100.00", "33.33", "2", sh.Tables[0].Players[0].Name + " (dropped)", "0–1–0"} {
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
	ctx := t.Context()
	d := uitest.Director(t)
	e := uitest.Event(t, d, "Friday Swiss")
	set := e.Settings
	set.Tiebreakers = []string{"buchholz", "oomw", "h2h", "gw", "random"}
	if err := d.Events.UpdateSettings(ctx, e.ID, set); err != nil {
		t.Fatal(err)
	}
	uitest.Players(t, d, e.ID, "Ada Lovelace", "Bob Stone", "Carol Reed", "Dan Brown")
	r := uitest.Pair(t, d, e.ID)
	for _, tb := range r.Tables {
		if err := d.Rounds.RecordResult(ctx, e.ID, 1, tb.Number, event.Result{Seats: []event.SeatResult{{GamesWon: 2}, {GamesWon: 1}}}); err != nil {
			t.Fatal(err)
		}
	}

	s, w := showStandings(t, d.Views, e.ID)

	if got := strings.Join(s.Columns(), ","); got != "buchholz,oomw,h2h,gw" {
		t.Fatalf("columns %q", got)
	}
	texts := uitest.Texts(w.Content())
	var header []string
	for _, h := range []string{"Rank", "Name", "Points", "W–L–D", "Buchholz", "OOMW%", "H2H", "GW%", "Random"} {
		if uitest.HasText(w.Content(), h) {
			header = append(header, h)
		}
	}
	if strings.Join(header, " ") != "Rank Name Points W–L–D Buchholz OOMW% H2H GW%" {
		t.Errorf("header %q; shown %q", header, texts)
	}
	rows := s.Rows()
	// A winner met a loser: Buchholz 0, as an integer; GW% 66.67.
	want := []string{"1", rows[0].Name, "3", "1–0–0", "0", Percent(rows[0].OppOppMatchWin), "0", "66.67"}
	if got := Cells(rows[0], s.Columns()); strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("cells %q, want %q", got, want)
	}
	if !uitest.HasText(w.Content(), "66.67") {
		t.Errorf("GW%% not shown: %q", texts)
	}

	// Changing the tiebreakers changes the columns.
	set.Tiebreakers = []string{"omw"}
	e2 := uitest.Event(t, d, "Other")
	if err := d.Events.UpdateSettings(ctx, e2.ID, set); err != nil {
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
	if want := "3|Carol Reed|6|2–1–0|50.00|12|1"; strings.Join(got, "|") != want {
		t.Errorf("cells %q, want %q", strings.Join(got, "|"), want)
	}
}

// showStandings opens the standings tab on event id in a new window.
func showStandings(t *testing.T, d Views, id event.EventID) (*Screen, fyne.Window) {
	t.Helper()
	return showStandingsAt(t, d, id, 1000)
}

// showStandingsAt is showStandings in a window width wide.
func showStandingsAt(t *testing.T, d Views, id event.EventID, width float32) (*Screen, fyne.Window) {
	t.Helper()
	errs := &uitest.Errors{}
	w := test.NewTempWindow(t, nil)
	s := New(d, work.Sync{}, errs.Alert)
	w.SetContent(s.Content())
	w.Resize(fyne.NewSize(width, 500))
	s.Load(id)
	errs.None(t)
	return s, w
}

// Rule S10: Shadowfist ranks equal match points by game points, shown in
// their own column.
func TestShadowfistStandingsShowGamePoints(t *testing.T) {
	test.NewTempApp(t)
	ctx := t.Context()
	d := uitest.Director(t)
	e := uitest.EventOf(t, d, "Final Brawl", "shadowfist", "final-brawl")
	uitest.Players(t, d, e.ID, "Ada Lovelace", "Bob Stone", "Carol Reed", "Dan Brown")
	uitest.Pair(t, d, e.ID)
	// Seats 1 and 2 win in the same scene with 12 and 15 game points.
	res := event.Result{Seats: []event.SeatResult{{Place: 1, Points: 12}, {Place: 1, Points: 15}, {Points: 3}, {Points: 0}}}
	if err := d.Rounds.RecordResult(ctx, e.ID, 1, 1, res); err != nil {
		t.Fatal(err)
	}
	s, w := showStandings(t, d.Views, e.ID)
	if got := strings.Join(s.Columns(), ","); got != "gp" {
		t.Fatalf("columns %q", got)
	}
	if !uitest.HasText(w.Content(), "Game pts") {
		t.Errorf("no Game pts header: %q", uitest.Texts(w.Content()))
	}
	rows := s.Rows()
	if got := strings.Join(Cells(rows[0], s.Columns()), "|"); !strings.HasSuffix(got, "|4|1–0–0|15") {
		t.Errorf("first row %q, want 4 match points and 15 game points", got)
	}
	if !uitest.HasText(w.Content(), "15") || !uitest.HasText(w.Content(), "12") {
		t.Errorf("game points not shown: %q", uitest.Texts(w.Content()))
	}
}

// Heresy names no tiebreaker (H5): rank, name, points and record only.
func TestHeresyStandingsHaveNoTiebreakerColumns(t *testing.T) {
	test.NewTempApp(t)
	ctx := t.Context()
	d := uitest.Director(t)
	e := uitest.EventOf(t, d, "Reascension", "heresy", "reascension")
	uitest.Players(t, d, e.ID, "Ada Lovelace", "Bob Stone", "Carol Reed", "Dan Brown", "Eve Moss", "Finn Hale")
	r := uitest.Pair(t, d, e.ID)
	for _, tb := range r.Tables {
		res := event.Result{}
		for i := range tb.Seats {
			place := 0
			if i == 0 {
				place = 1
			}
			res.Seats = append(res.Seats, event.SeatResult{Place: place, Games: []event.GameDetail{{Stats: map[string]int{"tau": 4 + i}}}})
		}
		if err := d.Rounds.RecordResult(ctx, e.ID, 1, tb.Number, res); err != nil {
			t.Fatal(err)
		}
	}
	s, w := showStandings(t, d.Views, e.ID)
	if len(s.Columns()) != 0 {
		t.Fatalf("columns %q", s.Columns())
	}
	var header []string
	for _, h := range []string{"Rank", "Name", "Points", "W–L–D", "Game pts", "OMW%"} {
		if uitest.HasText(w.Content(), h) {
			header = append(header, h)
		}
	}
	if strings.Join(header, " ") != "Rank Name Points W–L–D" {
		t.Errorf("header %q", header)
	}
	rows := s.Rows()
	if rows[0].Points != 14 || rows[0].Rank != 1 || rows[1].Rank != 1 || rows[0].Wins != 1 {
		t.Errorf("the two winners share rank 1 on 14: %+v", rows[:2])
	}
	if got := strings.Join(Cells(rows[len(rows)-1], nil), "|"); !strings.HasSuffix(got, "|5|0–1–0") {
		t.Errorf("last row %q", got)
	}
}

// Rule A6: a 2v2 event ranks its teams, each with its players, and the
// tiebreakers computed over teams.
func TestTeamStandingsShowTeamsAndTheirPlayers(t *testing.T) {
	test.NewTempApp(t)
	ctx := t.Context()
	d := uitest.Director(t)
	e := uitest.EventOf(t, d, "Friday 2v2", "altered", "2v2")
	es := uitest.Players(t, d, e.ID, "Ada Lovelace", "Bob Stone", "Carol Reed", "Dan Brown")
	if _, err := d.Teams.CreateTeam(ctx, e.ID, "Les Zoëlles", []event.EntryID{es[0].ID, es[1].ID}); err != nil {
		t.Fatal(err)
	}
	if _, err := d.Teams.CreateTeam(ctx, e.ID, "", []event.EntryID{es[2].ID, es[3].ID}); err != nil {
		t.Fatal(err)
	}
	r := uitest.Pair(t, d, e.ID)
	// Team A of table 1 wins, whichever it is.
	if err := d.Rounds.RecordResult(ctx, e.ID, 1, r.Tables[0].Number, event.Result{Seats: []event.SeatResult{{GamesWon: 1}, {GamesWon: 0}}}); err != nil {
		t.Fatal(err)
	}
	winner := "Les Zoëlles"
	if r.Tables[0].Seats[0].EntryID != es[0].ID {
		winner = "Carol Reed & Dan Brown"
	}

	s, w := showStandings(t, d.Views, e.ID)
	rows := s.Rows()
	if len(rows) != 2 || rows[0].Name != winner || rows[0].Points != 3 || rows[1].Points != 0 {
		t.Fatalf("team standings %+v", rows)
	}
	content := w.Content()
	for _, want := range []string{"Team", "Players", "OMW%", "Les Zoëlles", "Ada Lovelace & Bob Stone", "Carol Reed & Dan Brown", "1–0–0", "0–1–0", "100.00"} {
		if !uitest.HasText(content, want) {
			t.Errorf("%q not shown: %q", want, uitest.Texts(content))
		}
	}
	if uitest.HasText(content, "Name") {
		t.Error("a team table is headed Name")
	}
	if got := strings.Join(TeamCells(rows[0], s.Members()[0], s.Columns()), "|"); !strings.HasPrefix(got, "1|"+winner+"|") || !strings.Contains(got, "|3|1–0–0|") {
		t.Errorf("first row %q", got)
	}

	// Back to an individual event: the columns are the players' again.
	s.Load(uitest.Event(t, d, "Friday Swiss").ID)
	if uitest.HasText(w.Content(), "Players") || !uitest.HasText(w.Content(), "Name") {
		t.Errorf("after opening an individual event: %q", uitest.Texts(w.Content()))
	}
}

// Players equal on points and every tiebreaker are ordered by the tie
// draw, and the tab says so: their ranks carry the mark and a note under
// the rows explains it; before any result there is neither (issue 20
// item 1).
func TestDrawnTiesAreMarkedAndExplained(t *testing.T) {
	test.NewTempApp(t)
	ctx := t.Context()
	d := uitest.Director(t)
	e := uitest.Event(t, d, "Friday Swiss")
	uitest.Players(t, d, e.ID, "Ada Lovelace", "Bob Stone", "Cleo Park", "Dan Ruiz")
	errs := &uitest.Errors{}
	w := test.NewTempWindow(t, nil)
	s := New(d.Views, work.Sync{}, errs.Alert)
	w.SetContent(s.Content())
	w.Resize(fyne.NewSize(900, 500))
	r := uitest.Pair(t, d, e.ID)
	s.Load(e.ID)
	errs.None(t)
	if s.Note() != "" || uitest.HasText(w.Content(), "1"+standings.DrawMark) {
		t.Fatalf("before any result: note %q, texts %q", s.Note(), uitest.Texts(w.Content()))
	}
	// Both tables won 2–0 by their first seat: the winners are equal on
	// everything, and so are the losers.
	for _, tb := range r.Tables {
		if err := d.Rounds.RecordResult(ctx, e.ID, 1, tb.Number, event.Result{Seats: []event.SeatResult{{GamesWon: 2}, {GamesWon: 0}}}); err != nil {
			t.Fatal(err)
		}
	}
	s.Load(e.ID)
	errs.None(t)
	for _, row := range s.Rows() {
		if !row.Drawn {
			t.Errorf("%s is tied but not drawn: %+v", row.Name, row)
		}
	}
	if !uitest.HasText(w.Content(), "1*") || !uitest.HasText(w.Content(), "3*") {
		t.Errorf("the drawn ranks are not marked: %q", uitest.Texts(w.Content()))
	}
	if want := "* Equal on points and every tiebreaker: their order was drawn at random, once for the round, not by name."; s.Note() != want || !uitest.HasText(w.Content(), want) {
		t.Errorf("the note reads %q, want %q", s.Note(), want)
	}
}
