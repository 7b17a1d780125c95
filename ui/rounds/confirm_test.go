package rounds

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"tablekeeper/core/director"
	"tablekeeper/ui/internal/uitest"
)

// openConfirming opens the Round tab on a published round 1 of four
// players whose results both players confirm.
func openConfirming(t *testing.T) fixture {
	t.Helper()
	test.NewTempApp(t)
	ctx := t.Context()
	d := uitest.Director(t)
	e := uitest.Event(t, d, "Friday Swiss")
	e.Settings.PlayersConfirmResults = true
	if err := d.Events.UpdateSettings(ctx, e.ID, e.Settings); err != nil {
		t.Fatal(err)
	}
	uitest.Players(t, d, e.ID, "Ada Lovelace", "Bob Stone", "Carol Reed", "Dan Brown")
	if _, err := d.Rounds.PairNextRound(ctx, e.ID); err != nil {
		t.Fatal(err)
	}
	uitest.Publish(t, d, e.ID, 1)
	return show(t, d, e)
}

// sendAs reports a result from the phone of seat seat of table n.
func (f fixture) sendAs(t *testing.T, n, seat int, result, device string) {
	t.Helper()
	tb := f.sheet(t, 1).Tables[n-1]
	if _, err := f.D.Confirmations.ReportAsPlayer(t.Context(), director.PlayerResult{Event: f.E.ID, Entry: tb.Seats[seat].EntryID,
		Round: 1, Result: result, Device: device}); err != nil {
		t.Fatal(err)
	}
}

// Two players of a table reporting different results are listed with the
// phone reports, each row naming the player, what she reported and her
// device, with Accept; accepting one records it and empties the list. A
// table where one player reported says "1 of 2 reported" in the missing
// results list.
func TestPlayersWhoDisagreeAreListedAndOneIsAccepted(t *testing.T) {
	f := openConfirming(t)
	sh := f.sheet(t, 1)
	t1, t2 := sh.Tables[0], sh.Tables[1]
	f.sendAs(t, 1, 0, "2-0", "ada0c1f3e2")
	f.sendAs(t, 1, 1, "1-2", "b0b7c1f3e2")
	f.sendAs(t, 2, 0, "2-1", "phone-cy")
	f.S.Load(f.E.ID)
	if !f.S.phone.box.Visible() || f.S.phone.title.Text != "Phone reports: 1 table for you to decide" || len(f.S.PhoneReports()) != 2 {
		t.Fatalf("list %q, %d reports", f.S.phone.title.Text, len(f.S.PhoneReports()))
	}
	content := f.W.Content()
	a, b := t1.Players[0].Name, t1.Players[1].Name
	for _, want := range []string{"Round 1, table 1 · " + a + " v " + b + " · " + a + " reported at", "on device ada0c1", "on device b0b7c1",
		a + ": " + a + " 2–0 " + b + " · the players reported different results", b + ": " + a + " 1–2 " + b, "Players differ"} {
		if !hasTextContaining(content, want) {
			t.Errorf("no %q among %q", want, uitest.Texts(content))
		}
	}
	if hasTextContaining(content, "Reject") {
		t.Error("a player's report has Reject: the organizer accepts one or types the result")
	}
	c := f.W.Canvas()
	f.S.FocusTable()
	c.Focused().TypedKey(&fyne.KeyEvent{Name: MissingKey})
	want := "Table 2 · " + t2.Players[0].Name + " v " + t2.Players[1].Name + " · 1 of 2 reported"
	if top := c.Overlays().Top(); top == nil || !hasTextContaining(top, want) || !hasTextContaining(top, "Table 1 · "+a+" v "+b+" · the players' reports differ") {
		t.Fatalf("F2 showed %q, want the line %q", uitest.Texts(top), want)
	}
	c.Focused().TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})

	test.Tap(uitest.Button(t, content, "Accept", 1))
	got := f.sheet(t, 1).Tables[0].Result
	if got == nil || got.Seats[1].GamesWon != 2 || !got.ByPlayers {
		t.Fatalf("after accepting Bob's report: %+v", got)
	}
	if !strings.Contains(f.S.status.Text, b+"'s report was accepted") || len(f.S.PhoneReports()) != 0 || f.S.phone.box.Visible() {
		t.Errorf("status %q, %d reports left", f.S.status.Text, len(f.S.PhoneReports()))
	}
	f.Errs.None(t)
}
