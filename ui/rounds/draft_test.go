package rounds

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/core/rules"
	"tablekeeper/ui/internal/uitest"
)

// seat returns the name cell showing name, as the organizer clicks it.
func (f fixture) seat(t *testing.T, name string) *seatCell {
	t.Helper()
	for _, o := range uitest.Objects(f.W.Content()) {
		if c, ok := o.(*seatCell); ok && c.Visible() && c.Text() == name {
			return c
		}
	}
	t.Fatalf("no name %q in the tables", name)
	return nil
}

// seatOf returns the table and seat index of entry in round 1.
func (f fixture) seatOf(t *testing.T, entry event.EntryID) (table event.Table, seat int) {
	t.Helper()
	for _, tb := range f.sheet(t, 1).Tables {
		for i, s := range tb.Seats {
			if s.EntryID == entry {
				return tb.Table, i
			}
		}
	}
	t.Fatalf("entry %d has no seat", entry)
	return event.Table{}, 0
}

func (f fixture) pressEscape() {
	f.W.Canvas().OnTypedKey()(&fyne.KeyEvent{Name: fyne.KeyEscape})
}

func TestADraftRoundSaysSoAndKeepsResultEntryClosed(t *testing.T) {
	f := setupDraft(t)
	content := f.W.Content()
	if !f.S.Draft() || !f.S.banner.Visible() || !uitest.HasText(content, DraftBanner) {
		t.Fatalf("no draft banner: %q", uitest.Texts(content))
	}
	for _, name := range []string{"Publish pairings", "Pair again", "Swap players"} {
		uitest.Button(t, content, name, 0)
	}
	if f.S.publish.Importance != widget.HighImportance {
		t.Error("Publish pairings is not the primary button")
	}
	if !f.S.table.Disabled() || !f.S.result.Disabled() || !f.S.saveButton.Disabled() {
		t.Error("result entry is open on a draft")
	}
	if !uitest.HasText(content, DraftHint) {
		t.Errorf("the hint does not say why results wait: %q", uitest.Texts(content))
	}
	if f.S.roundSelect.Selected != "Round 1 · draft" {
		t.Errorf("round selector shows %q", f.S.roundSelect.Selected)
	}
	if f.S.progress.Text != "Draft: 2 tables and 1 bye, not published" {
		t.Errorf("progress = %q", f.S.progress.Text)
	}
	// Enter in a disabled field does nothing; the director is never asked.
	f.S.onSave()
	if f.S.status.Importance != widget.DangerImportance || !strings.Contains(f.S.status.Text, "publish") {
		t.Errorf("status = %q", f.S.status.Text)
	}
	f.Errs.None(t)
}

func TestClickingTwoNamesSwapsThePlayers(t *testing.T) {
	f := setupDraft(t)
	sh := f.sheet(t, 1)
	a, b := sh.Tables[0].Players[0], sh.Tables[1].Players[1]

	test.Tap(uitest.Button(t, f.W.Content(), "Swap players", 0))
	if !f.S.Swapping() || !uitest.HasText(f.W.Content(), SwapHelp) {
		t.Fatalf("swap mode not on: %q", uitest.Texts(f.W.Content()))
	}
	uitest.Button(t, f.W.Content(), "Cancel", 0)

	test.Tap(f.seat(t, a.Name))
	if !f.seat(t, a.Name).picked || !strings.Contains(f.S.bannerText.Text, a.Name+" picked") {
		t.Fatalf("%s is not shown picked: banner %q", a.Name, f.S.bannerText.Text)
	}
	test.Tap(f.seat(t, b.Name))

	f.Errs.None(t)
	if tb, seat := f.seatOf(t, a.Entry); tb.Number != sh.Tables[1].Number || seat != 1 {
		t.Errorf("%s is at table %d seat %d, want table %d seat 2", a.Name, tb.Number, seat+1, sh.Tables[1].Number)
	}
	if tb, seat := f.seatOf(t, b.Entry); tb.Number != sh.Tables[0].Number || seat != 0 {
		t.Errorf("%s is at table %d seat %d, want table %d seat 1", b.Name, tb.Number, seat+1, sh.Tables[0].Number)
	}
	if want := a.Name + " and " + b.Name + " swapped seats"; f.S.status.Text != want {
		t.Errorf("status = %q, want %q", f.S.status.Text, want)
	}
	if f.S.Sheet().Tables[0].Players[0].Name != b.Name {
		t.Error("the tables shown were not re-read")
	}
	// Still swapping, until Esc.
	if !f.S.Swapping() {
		t.Fatal("swap mode ended after one swap")
	}
	f.pressEscape()
	if f.S.Swapping() || !f.S.swapButton.Visible() || f.S.cancelSwap.Visible() {
		t.Error("Esc did not leave swap mode")
	}
	if !uitest.HasText(f.W.Content(), DraftBanner) {
		t.Error("the banner did not go back to the draft text")
	}
	log, _ := f.D.Events.Log(t.Context(), f.E.ID)
	if last := log[len(log)-1].Message; !strings.Contains(last.String(), "swapped") {
		t.Errorf("last log line = %q", last)
	}
}

func TestSwappingWithTheByeMovesTheBye(t *testing.T) {
	f := setupDraft(t)
	sh := f.sheet(t, 1)
	var bye, other director.SheetPlayer
	for _, tb := range sh.Tables {
		if tb.Bye {
			bye = tb.Players[0]
		}
	}
	other = sh.Tables[0].Players[1]

	// Clicking a name in a draft starts swap mode by itself.
	test.Tap(f.seat(t, bye.Name))
	if !f.S.Swapping() {
		t.Fatal("clicking a name did not start swap mode")
	}
	test.Tap(f.seat(t, other.Name))
	f.Errs.None(t)
	if tb, _ := f.seatOf(t, other.Entry); !tb.Bye {
		t.Errorf("%s does not have the bye", other.Name)
	}
	if tb, _ := f.seatOf(t, bye.Entry); tb.Bye {
		t.Errorf("%s still has the bye", bye.Name)
	}
}

func TestClickingThePickedNameAgainUnpicksIt(t *testing.T) {
	f := setupDraft(t)
	name := f.sheet(t, 1).Tables[0].Players[0].Name
	test.Tap(f.seat(t, name))
	test.Tap(f.seat(t, name))
	if f.S.picked.Entry != 0 || f.seat(t, name).picked {
		t.Error("the player is still picked")
	}
	test.Tap(uitest.Button(t, f.W.Content(), "Cancel", 0))
	if f.S.Swapping() || f.S.status.Text != "Swap cancelled" {
		t.Errorf("Cancel did not leave swap mode: status %q", f.S.status.Text)
	}
}

func TestPairAgainAsksFirstThenPairsWithANewSeed(t *testing.T) {
	f := setupDraft(t)
	before := f.sheet(t, 1).Round

	test.Tap(uitest.Button(t, f.W.Content(), "Pair again", 0))
	top := f.W.Canvas().Overlays().Top()
	if top == nil || !uitest.HasText(top, "Pair round 1 again with a new random seed? The current draft is discarded.") {
		t.Fatal("no confirmation before pairing again")
	}
	f.S.confirm.Dismiss()
	if got := f.sheet(t, 1).Round; got.Seed != before.Seed {
		t.Fatal("cancelling paired again")
	}

	test.Tap(uitest.Button(t, f.W.Content(), "Pair again", 0))
	f.S.confirm.Confirm()
	f.Errs.None(t)
	after := f.sheet(t, 1).Round
	if after.Seed == before.Seed || after.Published() {
		t.Fatalf("round 1 after pairing again: seed %d (was %d), published %v", after.Seed, before.Seed, after.Published())
	}
	if f.S.Sheet().Round.Seed != after.Seed || !f.S.Draft() {
		t.Error("the tab does not show the new draft")
	}
	if !strings.Contains(f.S.status.Text, "paired again") {
		t.Errorf("status = %q", f.S.status.Text)
	}
}

func TestPublishingOpensResultEntry(t *testing.T) {
	f := setupDraft(t)
	changed := 0
	f.S.OnChanged = func() { changed++ }

	test.Tap(uitest.Button(t, f.W.Content(), "Publish pairings", 0))

	f.Errs.None(t)
	if r := f.sheet(t, 1).Round; !r.Published() {
		t.Fatal("round 1 is not published")
	}
	if f.S.Draft() || f.S.banner.Visible() || uitest.HasText(f.W.Content(), DraftBanner) {
		t.Error("the draft banner is still shown")
	}
	for _, o := range uitest.Objects(f.W.Content()) {
		if b, ok := o.(*widget.Button); ok && b.Visible() && (b.Text == "Swap players" || b.Text == "Pair again") {
			t.Errorf("%q is still shown", b.Text)
		}
	}
	if f.S.table.Disabled() || f.S.result.Disabled() || f.W.Canvas().Focused() != f.S.table {
		t.Error("result entry is not open with the cursor in Table")
	}
	if !uitest.HasText(f.W.Content(), rules.ResultHint(3, true).String()) || f.S.roundSelect.Selected != "Round 1" {
		t.Errorf("hint or selector not updated: %q", f.S.roundSelect.Selected)
	}
	if changed != 1 {
		t.Errorf("OnChanged called %d times", changed)
	}
	f.enter(t, "1", "2-0")
	if f.sheet(t, 1).Tables[0].Result == nil {
		t.Error("a result typed after publishing was not saved")
	}
	// Names are plain text now; clicking one fills the Table field.
	test.Tap(f.seat(t, f.sheet(t, 1).Tables[1].Players[0].Name))
	if f.S.Swapping() || f.S.table.Text != "2" {
		t.Errorf("clicking a name of a published round: swapping %v, table %q", f.S.Swapping(), f.S.table.Text)
	}
}

func TestAPlayoffRoundShowsItsNameAndMatchLength(t *testing.T) {
	test.NewTempApp(t)
	ctx := t.Context()
	d := uitest.Director(t)
	e := uitest.EventOf(t, d, "Cup", "generic", "swiss-top8")
	uitest.ChangeSettings(t, d, &e, func(s *event.Settings) { s.Rounds, s.Playoff.TopCut, s.Playoff.BestOf = 1, 2, 5 })
	uitest.Players(t, d, e.ID, "Ada Lovelace", "Bob Stone", "Carol Reed", "Dan Brown")
	r := uitest.Pair(t, d, e.ID)
	for _, tb := range r.Tables {
		if err := d.Rounds.RecordResult(ctx, e.ID, 1, tb.Number, event.Result{Seats: []event.SeatResult{{GamesWon: 2}, {}}}); err != nil {
			t.Fatal(err)
		}
	}
	uitest.Pair(t, d, e.ID)
	f := show(t, d, e)

	if f.S.roundSelect.Selected != "Round 2 · top 2: final" {
		t.Errorf("selector = %q (options %q)", f.S.roundSelect.Selected, f.S.roundSelect.Options)
	}
	if !uitest.HasText(f.W.Content(), rules.ResultHint(5, false).String()) || f.S.result.PlaceHolder != "3-2" {
		t.Errorf("hint not for a best of 5: %q, placeholder %q", uitest.Texts(f.W.Content()), f.S.result.PlaceHolder)
	}
	f.enter(t, "1", "3-0")
	f.Errs.None(t)
	if got := f.sheet(t, 2).Tables[0].Result; got == nil || got.Seats[0].GamesWon != 3 {
		t.Fatalf("a 3–0 in the best-of-five final was not saved: %+v, status %q", got, f.S.status.Text)
	}
}

func TestWithdrawAsksFirstThenRemovesTheDraft(t *testing.T) {
	f := setupDraft(t)
	test.Tap(uitest.Button(t, f.W.Content(), "Withdraw", 0))
	top := f.W.Canvas().Overlays().Top()
	if top == nil || !uitest.HasText(top, "Withdraw round 1? Its draft pairings are discarded; nothing else changes.") {
		t.Fatal("no confirmation before withdrawing")
	}
	f.S.confirm.Dismiss()
	if rounds, _ := f.D.Rounds.Rounds(t.Context(), f.E.ID); len(rounds) != 1 {
		t.Fatal("cancelling withdrew the round")
	}
	test.Tap(uitest.Button(t, f.W.Content(), "Withdraw", 0))
	f.S.confirm.Confirm()
	f.Errs.None(t)
	if rounds, _ := f.D.Rounds.Rounds(t.Context(), f.E.ID); len(rounds) != 0 {
		t.Fatalf("%d rounds after withdrawing", len(rounds))
	}
	if !strings.Contains(f.S.status.Text, "Round 1 withdrawn") {
		t.Errorf("status = %q", f.S.status.Text)
	}
}
