package rounds

import (
	"testing"

	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/core/event"
	"tablekeeper/core/rules"
	"tablekeeper/ui/internal/uitest"
)

// openTeams opens the round tab on an Altered 2v2 event (A6) of three
// teams, the first named, with round 1 paired (and published).
func openTeams(t *testing.T, publish bool) fixture {
	t.Helper()
	test.NewTempApp(t)
	ctx := t.Context()
	d := uitest.Director(t)
	e := uitest.EventOf(t, d, "Friday 2v2", "altered", "2v2")
	es := uitest.Players(t, d, e.ID, "Ada Lovelace", "Bob Stone", "Carol Reed", "Dan Brown", "Eve Moss", "Finn Hale")
	for i, name := range []string{"Les Zoëlles", "", ""} {
		if _, err := d.Teams.CreateTeam(ctx, e.ID, name, []event.EntryID{es[2*i].ID, es[2*i+1].ID}); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := d.Rounds.PairNextRound(ctx, e.ID); err != nil {
		t.Fatal(err)
	}
	if publish {
		uitest.Publish(t, d, e.ID, 1)
	}
	return show(t, d, e)
}

// Rule A6: a team table reads "team A v team B" with the teams' points,
// and its result is typed as a two-player result: table, Enter, 1-0,
// Enter.
func TestATeamResultIsTypedLikeATwoPlayerResult(t *testing.T) {
	f := openTeams(t, true)
	sh := f.S.Sheet()
	if Multiplayer(sh) || !Teams(sh) {
		t.Fatal("a 2v2 round is shown as multiplayer")
	}
	table := sh.Tables[0]
	if len(table.Teams) != 2 || table.Bye {
		t.Fatalf("table 1: %+v", table)
	}
	a, b := TeamLabel(table.Teams[0]), TeamLabel(table.Teams[1])
	content := f.W.Content()
	for _, want := range []string{"Team A", "Team B", a, b, rules.TeamResultHint(1, true).String(), "0 of 1 results in"} {
		if !uitest.HasText(content, want) {
			t.Errorf("%q not shown: %q", want, uitest.Texts(content))
		}
	}
	if !uitest.HasText(content, "Les Zoëlles (Ada Lovelace & Bob Stone)") && !uitest.HasText(content, "Ada Lovelace (Les Zoëlles)") {
		t.Errorf("the named team is not shown with its players: %q", uitest.Texts(content))
	}
	// The team with the bye: a bye table for each player, one row.
	byes := 0
	for _, tb := range sh.Tables {
		if tb.Bye {
			byes++
			if !uitest.HasText(content, TeamLabel(tb.Teams[0])) {
				t.Errorf("bye of %q not shown", TeamLabel(tb.Teams[0]))
			}
		}
	}
	if byes != 2 || f.S.length() != 2 {
		t.Errorf("%d bye tables, %d rows; want the two players of one team on one row", byes, f.S.length())
	}

	f.enter(t, "1", "1-0")
	f.Errs.None(t)
	got := f.sheet(t, 1).Tables[0].Result
	if got == nil || len(got.Seats) != 4 || got.Seats[0].GamesWon != 1 || got.Seats[2].GamesWon != 1 || got.Seats[1].GamesWon != 0 || got.Seats[3].GamesWon != 0 {
		t.Fatalf("table 1 result = %+v", got)
	}
	want := "Table 1: " + a + " 1–0 " + b + " saved"
	if f.S.status.Text != want || f.S.status.Importance != widget.SuccessImportance {
		t.Errorf("status = %q, want %q", f.S.status.Text, want)
	}
	if !uitest.HasText(f.W.Content(), "1–0") || f.S.progress.Text != "1 of 1 results in · round complete: pair round 2" {
		t.Errorf("after the result: progress %q, shown %q", f.S.progress.Text, uitest.Texts(f.W.Content()))
	}

	checkTeamCorrections(t, f, a, b)
}

// checkTeamCorrections is the end of
// TestATeamResultIsTypedLikeATwoPlayerResult: the result of table 1
// between teams a and b is corrected, and two games in a best of one are
// refused with nothing saved.
func checkTeamCorrections(t *testing.T, f fixture, a, b string) {
	t.Helper()
	// A correction: the other team won.
	f.correct(t, "1", "0-1", true)
	if want := "Table 1: " + a + " 0–1 " + b + " corrected (was 1–0)"; f.S.status.Text != want {
		t.Errorf("status = %q, want %q", f.S.status.Text, want)
	}
	// Two games in a best of one are refused, nothing saved.
	f.correct(t, "1", "2-0", true)
	if f.S.status.Importance != widget.DangerImportance {
		t.Errorf("2-0 in a best of one: status %q", f.S.status.Text)
	}
	if r := f.sheet(t, 1).Tables[0].Result; r.Seats[1].GamesWon != 1 || r.Seats[3].GamesWon != 1 {
		t.Errorf("the refused result changed the table: %+v", r)
	}
}

// In a draft, clicking a team then another swaps the two teams whole.
func TestClickingTwoTeamsInADraftSwapsThem(t *testing.T) {
	f := openTeams(t, false)
	sh := f.S.Sheet()
	if got := f.S.progress.Text; got != "Draft: 1 table and 1 team bye, not published" {
		t.Errorf("progress = %q", got)
	}
	var bye event.Table
	for _, tb := range sh.Tables {
		if tb.Bye {
			bye = tb.Table
			break
		}
	}
	teamA := TeamLabel(sh.Tables[0].Teams[0])
	var byeTeam string
	for _, tb := range sh.Tables {
		if tb.Bye {
			byeTeam = TeamLabel(tb.Teams[0])
		}
	}
	if f.S.swapButton.Text != "Swap teams" {
		t.Errorf("swap button %q", f.S.swapButton.Text)
	}
	test.Tap(f.seat(t, teamA))
	if want := "Swap teams: " + teamA + " picked. Click the team to swap with (or " + teamA + " again to unpick)."; f.S.bannerText.Text != want {
		t.Errorf("banner %q, want %q", f.S.bannerText.Text, want)
	}
	test.Tap(f.seat(t, byeTeam))
	f.Errs.None(t)
	after := f.sheet(t, 1)
	onTable := map[event.EntryID]bool{}
	for _, s := range after.Tables[0].Seats {
		onTable[s.EntryID] = true
	}
	if !onTable[bye.Seats[0].EntryID] || onTable[sh.Tables[0].Seats[0].EntryID] || onTable[sh.Tables[0].Seats[2].EntryID] {
		t.Errorf("after swapping team A with the bye team, table 1 seats %v", after.Tables[0].Entries())
	}
	byes := map[event.EntryID]bool{}
	for _, tb := range after.Tables {
		if tb.Bye {
			byes[tb.Seats[0].EntryID] = true
		}
	}
	if len(byes) != 2 || !byes[sh.Tables[0].Seats[0].EntryID] || !byes[sh.Tables[0].Seats[2].EntryID] {
		t.Errorf("team A does not have the bye: %v", byes)
	}
	if f.S.status.Importance != widget.SuccessImportance {
		t.Errorf("status %q", f.S.status.Text)
	}
}
