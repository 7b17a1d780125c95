package rounds

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/ui/internal/uitest"
	"tablekeeper/ui/internal/work"
)

type fixture struct{ uitest.Tab[*Screen] }

// setup opens the round tab on an event of four players with round 1
// paired and published.
func setup(t *testing.T) fixture {
	t.Helper()
	return open(t, true, "Ada Lovelace", "Bob Stone", "Carol Reed", "Dan Brown")
}

// setupDraft opens the round tab on an event of five players (so that
// someone has the bye) with round 1 paired as a draft.
func setupDraft(t *testing.T) fixture {
	t.Helper()
	return open(t, false, "Ada Lovelace", "Bob Stone", "Carol Reed", "Dan Brown", "Eve Moss")
}

// open registers players in a new event and pairs round 1 (and publishes
// it, as the organizer does before results), then opens the round tab.
func open(t *testing.T, publish bool, players ...string) fixture {
	t.Helper()
	test.NewTempApp(t)
	d := uitest.Director(t)
	e := uitest.Event(t, d, "Friday Swiss")
	uitest.Players(t, d, e.ID, players...)
	if _, err := d.Rounds.PairNextRound(t.Context(), e.ID); err != nil {
		t.Fatal(err)
	}
	if publish {
		uitest.Publish(t, d, e.ID, 1)
	}
	return show(t, d, e)
}

// depsOf returns d's services as the tab calls them.
func depsOf(d *director.Director) Deps {
	return Deps{Views: d.Views, Rounds: d.Rounds, Drafts: d.Drafts, Network: d.Network, Drops: d.Drops}
}

// show opens the round tab on event e in a new window.
func show(t *testing.T, d *director.Director, e event.Event) fixture {
	t.Helper()
	return fixture{uitest.Show(t, d, e, fyne.NewSize(1000, 700), func(alert func(error), w fyne.Window) *Screen {
		return New(depsOf(d), work.Sync{}, alert, w)
	})}
}

func (f fixture) sheet(t *testing.T, round int) director.Sheet {
	t.Helper()
	sh, err := f.D.Rounds.RoundSheet(t.Context(), f.E.ID, round)
	if err != nil {
		t.Fatal(err)
	}
	return sh
}

// enter types a table and a result from the keyboard as a scorekeeper
// does: table, Enter, result, Enter.
func (f fixture) enter(t *testing.T, table, result string) {
	t.Helper()
	c := f.W.Canvas()
	f.S.FocusTable()
	test.Type(c.Focused(), table)
	c.Focused().TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	if c.Focused() != f.S.result {
		t.Fatalf("Enter in Table did not move to Result")
	}
	test.Type(c.Focused(), result)
	c.Focused().TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
}

// correct types a correction of a table that has a result and answers the
// question: Tab then Enter replaces, Enter alone keeps.
func (f fixture) correct(t *testing.T, table, result string, replace bool) {
	t.Helper()
	f.enter(t, table, result)
	if f.S.correcting == nil {
		t.Fatal("no confirmation was asked before a correction")
	}
	c := f.W.Canvas()
	if replace {
		c.FocusNext()
	}
	c.Focused().TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	f.S.correcting = nil
}

func TestTheLatestRoundIsShownWithItsTables(t *testing.T) {
	f := setup(t)
	if f.S.roundSelect.Selected != "Round 1" || len(f.S.Sheet().Tables) != 2 {
		t.Fatalf("selected %q with %d tables", f.S.roundSelect.Selected, len(f.S.Sheet().Tables))
	}
	if f.S.progress.Text != "0 of 2 results in" {
		t.Errorf("progress = %q", f.S.progress.Text)
	}
	sh := f.sheet(t, 1)
	content := f.W.Content()
	for _, tb := range sh.Tables {
		for _, p := range tb.Players {
			if !uitest.HasText(content, p.Name) {
				t.Errorf("%s not shown", p.Name)
			}
		}
		if !uitest.HasText(content, tb.Why.String()) {
			t.Errorf("the pairing explanation %q is not shown", tb.Why)
		}
	}
	if !uitest.HasText(content, "—") {
		t.Error("missing results are not shown as —")
	}
}

func TestAResultTypedFromTheKeyboardIsSaved(t *testing.T) {
	f := setup(t)
	table := f.sheet(t, 1).Tables[0]
	f.enter(t, "1", "2-1")

	f.Errs.None(t)
	got := f.sheet(t, 1).Tables[0].Result
	if got == nil || got.Seats[0].GamesWon != 2 || got.Seats[1].GamesWon != 1 {
		t.Fatalf("table 1 result = %+v", got)
	}
	want := "Table 1: " + table.Players[0].Name + " 2–1 " + table.Players[1].Name + " saved"
	if f.S.status.Text != want || f.S.status.Importance != widget.SuccessImportance {
		t.Errorf("status = %q, want %q", f.S.status.Text, want)
	}
	if f.S.table.Text != "" || f.S.result.Text != "" {
		t.Errorf("fields not cleared: %q %q", f.S.table.Text, f.S.result.Text)
	}
	if f.W.Canvas().Focused() != f.S.table {
		t.Error("focus did not go back to the Table field")
	}
	if f.S.progress.Text != "1 of 2 results in" {
		t.Errorf("progress = %q", f.S.progress.Text)
	}
	if !uitest.HasText(f.W.Content(), "2–1") {
		t.Error("the result is not shown in the table list")
	}
}

func TestAnImpossibleResultIsRefusedAndNothingSaved(t *testing.T) {
	f := setup(t)
	f.enter(t, "1", "3-0")

	if r := f.sheet(t, 1).Tables[0].Result; r != nil {
		t.Fatalf("a 3–0 in a best of three was saved: %+v", r)
	}
	if f.S.status.Importance != widget.DangerImportance || !strings.Contains(f.S.status.Text, "best of 3") {
		t.Errorf("status = %q (%v)", f.S.status.Text, f.S.status.Importance)
	}
	// Clean state after an error: both fields empty, the cursor in
	// Table, so the next result never piles onto this one ("1-050-161-0").
	if f.S.table.Text != "" || f.S.result.Text != "" {
		t.Errorf("fields after the error: %q %q", f.S.table.Text, f.S.result.Text)
	}
	if f.W.Canvas().Focused() != f.S.table {
		t.Error("focus is not back in the Table field")
	}
	f.Errs.None(t)
}

// Table check on Enter: a table that does not exist is refused in the Table
// field, before a result is typed, and the field is left clean.
func TestTableCheckOnEnterRefusesAnUnknownTable(t *testing.T) {
	f := setup(t)
	c := f.W.Canvas()
	f.S.FocusTable()
	test.Type(c.Focused(), "40")
	c.Focused().TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	if f.S.status.Importance != widget.DangerImportance || !strings.Contains(f.S.status.Text, "no table 40") || !strings.Contains(f.S.status.Text, "1–2") {
		t.Errorf("status = %q", f.S.status.Text)
	}
	if c.Focused() != f.S.table || f.S.table.Text != "" {
		t.Errorf("after an unknown table: focus %v, table field %q", c.Focused(), f.S.table.Text)
	}
	for _, tb := range f.sheet(t, 1).Tables {
		if tb.Result != nil {
			t.Errorf("table %d got a result", tb.Number)
		}
	}
}

func TestGibberishIsRefusedBeforeReachingTheDirector(t *testing.T) {
	f := setup(t)
	f.enter(t, "1", "two to one")
	if f.S.status.Importance != widget.DangerImportance || !strings.Contains(f.S.status.Text, "is not a result") {
		t.Errorf("status = %q", f.S.status.Text)
	}
}

func TestAResultCanBeCorrectedTheSameWay(t *testing.T) {
	f := setup(t)
	f.enter(t, "2", "2-1")
	f.correct(t, "2", "0–2", true)
	got := f.sheet(t, 1).Tables[1].Result
	if got == nil || got.Seats[0].GamesWon != 0 || got.Seats[1].GamesWon != 2 {
		t.Fatalf("table 2 result = %+v", got)
	}
	if !strings.HasSuffix(f.S.status.Text, "corrected (was 2–1)") {
		t.Errorf("status = %q", f.S.status.Text)
	}
	log, err := f.D.Events.Log(t.Context(), f.E.ID)
	if err != nil {
		t.Fatal(err)
	}
	if last := log[len(log)-1].Message; !strings.Contains(last.String(), "corrected") {
		t.Errorf("last log line = %q", last)
	}
}

func TestClickingATableRowFillsTheTableField(t *testing.T) {
	f := setup(t)
	f.S.list.Select(1)
	if f.S.table.Text != "2" || f.W.Canvas().Focused() != f.S.result {
		t.Errorf("table field %q, focused %v", f.S.table.Text, f.W.Canvas().Focused())
	}
}

func TestACompleteRoundSaysWhatComesNext(t *testing.T) {
	f := setup(t)
	f.enter(t, "1", "2-0")
	f.enter(t, "2", "1-1-1")
	if want := "2 of 2 results in · round complete: pair round 2"; f.S.progress.Text != want {
		t.Errorf("progress = %q, want %q", f.S.progress.Text, want)
	}
}

// The final of a bracket offers finishing, never a round that cannot
// exist: the status line says what the director's Progress says.
func TestABracketsFinalSaysFinishNotAnotherRound(t *testing.T) {
	test.NewTempApp(t)
	ctx := t.Context()
	d := uitest.Director(t)
	e, err := d.Events.CreateEvent(ctx, director.NewEvent{Name: "Friday bracket", Game: "generic", Format: "single-elimination"})
	if err != nil {
		t.Fatal(err)
	}
	uitest.Players(t, d, e.ID, "Ada Lovelace", "Bob Stone", "Carol Reed", "Dan Brown")
	for n := 1; n <= 2; n++ {
		r, err := d.Rounds.PairNextRound(ctx, e.ID)
		if err != nil {
			t.Fatal(err)
		}
		uitest.Publish(t, d, e.ID, n)
		if n == 2 {
			break
		}
		for _, tb := range r.Tables {
			if err := d.Rounds.RecordResult(ctx, e.ID, n, tb.Number, event.Result{Seats: []event.SeatResult{{GamesWon: 2}, {GamesWon: 0}}}); err != nil {
				t.Fatal(err)
			}
		}
	}
	f := show(t, d, e)
	if want := "0 of 1 results in"; f.S.progress.Text != want {
		t.Errorf("the final under way: %q, want %q", f.S.progress.Text, want)
	}
	f.enter(t, "1", "2-1")
	if want := "1 of 1 results in · round complete: finish the event"; f.S.progress.Text != want {
		t.Errorf("the final played: %q, want %q", f.S.progress.Text, want)
	}
	// Round 1, shown again, says only its count: what comes next is the
	// latest round's to say.
	f.S.roundSelect.SetSelectedIndex(0)
	if want := "2 of 2 results in"; f.S.progress.Text != want {
		t.Errorf("round 1 shown after the final: %q, want %q", f.S.progress.Text, want)
	}
}

// Overwrite confirmation: typing a table that already has a result shows
// it on Enter in Table, and a new result is saved over it only after a
// deliberate answer; Enter (and Esc) keep the saved result.
func TestOverwriteConfirmationKeepsTheSavedResultByDefault(t *testing.T) {
	f := setup(t)
	table := f.sheet(t, 1).Tables[0]
	f.enter(t, "1", "2-0")
	c := f.W.Canvas()
	f.S.FocusTable()
	test.Type(c.Focused(), "1")
	c.Focused().TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	want := "Table 1 already has " + table.Players[0].Name + " 2–0 " + table.Players[1].Name
	if !strings.HasPrefix(f.S.status.Text, want) {
		t.Errorf("status on Enter in Table = %q, want it to start %q", f.S.status.Text, want)
	}
	f.S.table.SetText("")
	f.correct(t, "1", "0-2", false) // Enter alone
	if r := f.sheet(t, 1).Tables[0].Result; r == nil || r.Seats[0].GamesWon != 2 {
		t.Fatalf("Enter on the question replaced the result: %+v", r)
	}
	if f.S.table.Text != "" || f.S.result.Text != "" || c.Focused() != f.S.table {
		t.Errorf("not clean after keeping: %q %q", f.S.table.Text, f.S.result.Text)
	}
	f.correct(t, "1", "1-2", true) // Tab, Enter
	if r := f.sheet(t, 1).Tables[0].Result; r == nil || r.Seats[1].GamesWon != 2 || r.Seats[0].GamesWon != 1 {
		t.Fatalf("the deliberate correction was not saved: %+v", r)
	}
	if !strings.HasSuffix(f.S.status.Text, "corrected (was 2–0)") {
		t.Errorf("status = %q", f.S.status.Text)
	}
}

// Missing results: F2 in the Table field (or the button) lists the tables
// still out with their players, sorted by table; Enter closes the list and
// the cursor is back in Table.
func TestMissingResultsListsTheTablesStillOut(t *testing.T) {
	f := setup(t)
	f.enter(t, "1", "2-0")
	c := f.W.Canvas()
	f.S.FocusTable()
	c.Focused().TypedKey(&fyne.KeyEvent{Name: MissingKey})
	top := c.Overlays().Top()
	t2 := f.sheet(t, 1).Tables[1]
	want := "Table 2 · " + t2.Players[0].Name + " v " + t2.Players[1].Name
	if top == nil || !uitest.HasText(top, "Round 1: waiting for 1 result") || !uitest.HasText(top, want) {
		t.Fatalf("F2 showed %q, want the line %q", uitest.Texts(top), want)
	}
	c.Focused().TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	if c.Focused() != f.S.table {
		t.Errorf("after closing the list the focus is on %v", c.Focused())
	}
	f.enter(t, "2", "0-2")
	test.Tap(uitest.Button(t, f.W.Content(), "Missing results (F2)", 0))
	if top := c.Overlays().Top(); top == nil || !uitest.HasText(top, "Round 1: every result is in") {
		t.Fatalf("the button showed %q", uitest.Texts(top))
	}
}

// heldRunner runs each job's work at once but holds its apply step until
// release, like a save still on its way while the organizer types on.
type heldRunner struct{ held []func() }

func (h *heldRunner) Go(work func(), apply func()) {
	work()
	h.held = append(h.held, apply)
}

func (h *heldRunner) release() {
	for len(h.held) > 0 {
		apply := h.held[0]
		h.held = h.held[1:]
		apply()
	}
}

// A fast typist's next table lands in an empty Table field: the fields
// are cleared as soon as a result is submitted, before the save returns,
// and the answer names its table.
func TestTheNextTableTypedWhileASaveIsOnItsWayLandsInAnEmptyField(t *testing.T) {
	f := setup(t)
	h := &heldRunner{}
	f.S.run = h
	c := f.W.Canvas()
	f.S.FocusTable()
	test.Type(c.Focused(), "1")
	c.Focused().TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	test.Type(c.Focused(), "2-0")
	c.Focused().TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	// The save is still on its way; the organizer types the next table.
	test.Type(c.Focused(), "2")
	if f.S.table.Text != "2" || f.S.result.Text != "" {
		t.Fatalf("typed on during the save: Table %q, Result %q", f.S.table.Text, f.S.result.Text)
	}
	h.release()
	if !strings.HasPrefix(f.S.status.Text, "Table 1: ") || f.S.table.Text != "2" {
		t.Errorf("after the save: status %q, Table %q", f.S.status.Text, f.S.table.Text)
	}
	if r := f.sheet(t, 1).Tables[0].Result; r == nil || r.Seats[0].GamesWon != 2 {
		t.Errorf("table 1 = %+v", r)
	}
}

// "2-0 t" records a result at time: the result keeps the time-out, which
// the rules read (H6 4.2.6 lost games, S6 match points).
func TestAResultAtTimeIsTypedWithT(t *testing.T) {
	f := setup(t)
	f.enter(t, "1", "2-0 t")
	r := f.sheet(t, 1).Tables[0].Result
	if r == nil || !r.TimeOut || r.Seats[0].GamesWon != 2 {
		t.Fatalf("table 1 = %+v, want 2-0 at time (status %q)", r, f.S.status.Text)
	}
	f.Errs.None(t)
}
