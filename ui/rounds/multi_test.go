package rounds

import (
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/core/scoring"
	"tablekeeper/ui/internal/uitest"
)

var sevenPlayers = []string{"Ada Lovelace", "Bob Stone", "Carol Reed", "Dan Brown", "Eve Moss", "Finn Hale", "Gus Ward"}

// openMulti registers players in a new event of a multiplayer format,
// pairs and publishes round 1 and opens the round tab at laptop size.
func openMulti(t *testing.T, game, format string, players ...string) fixture {
	t.Helper()
	test.NewTempApp(t)
	d := uitest.Director(t)
	e := uitest.EventOf(t, d, "Saturday "+format, game, format)
	uitest.Players(t, d, e.ID, players...)
	uitest.Pair(t, d, e.ID)
	f := show(t, d, e)
	f.W.Resize(fyne.NewSize(1366, 768))
	return f
}

// openTable types a table number and Enter, as the scorekeeper does, and
// returns the result panel that opened.
func (f fixture) openTable(t *testing.T, table string) *resultPanel {
	t.Helper()
	c := f.W.Canvas()
	f.S.FocusTable()
	if c.Focused() != f.S.table {
		t.Fatal("the Table field cannot take the focus")
	}
	test.Type(c.Focused(), table)
	c.Focused().TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	p := f.S.panel
	if p == nil {
		t.Fatalf("Enter in Table opened no result panel; status %q", f.S.status.Text)
	}
	if c.Focused() != p.values[0] {
		t.Fatalf("the panel opened with the focus on %T, not the first seat", c.Focused())
	}
	return p
}

// fill types each seat's value, moving on with Tab, then the Winner field
// (Tab from the last seat must reach it), and ticks Time-out with Tab and
// Space when timeOut is set. It leaves the focus where the last key left
// it.
func (f fixture) fill(t *testing.T, p *resultPanel, values []string, winner string, timeOut bool) {
	t.Helper()
	c := f.W.Canvas()
	for _, v := range values {
		test.Type(c.Focused(), v)
		c.FocusNext()
	}
	if c.Focused() != p.winner {
		t.Fatalf("Tab from the last seat went to %T, not the Winner field", c.Focused())
	}
	test.Type(c.Focused(), winner)
	if timeOut {
		c.FocusNext()
		if c.Focused() != p.timeOut {
			t.Fatalf("Tab from Winner went to %T, not Time-out", c.Focused())
		}
		test.Type(c.Focused(), " ")
	}
}

// save fills table 1's panel p (fill, without Time-out), checks that the
// match points preview reads preview, saves with Return and returns the
// result saved, which must score points.
func (f fixture) save(t *testing.T, p *resultPanel, values []string, winner, preview string, want []int) *event.Result {
	t.Helper()
	f.fill(t, p, values, winner, false)
	if got := strings.Join(texts(p.previews), " "); got != preview {
		t.Errorf("match points preview %q, want %s", got, preview)
	}
	pressKey(f.W.Canvas(), fyne.KeyReturn)
	f.Errs.None(t)
	got := f.table(t, 1).Result
	if got == nil || !slices.Equal(points(got), want) {
		t.Fatalf("saved %+v", got)
	}
	return got
}

func pressKey(c fyne.Canvas, key fyne.KeyName) { c.Focused().TypedKey(&fyne.KeyEvent{Name: key}) }

func texts(labels []*widget.Label) []string {
	out := make([]string, len(labels))
	for i, l := range labels {
		out[i] = l.Text
	}
	return out
}

func (f fixture) table(t *testing.T, number int) director.SheetTable {
	t.Helper()
	for _, tb := range f.sheet(t, 1).Tables {
		if tb.Number == number {
			return tb
		}
	}
	t.Fatalf("no table %d", number)
	return director.SheetTable{}
}

func points(r *event.Result) []int {
	var out []int
	for _, s := range r.Seats {
		out = append(out, s.Points)
	}
	return out
}

func TestAMultiplayerRoundListsEachTablesSeatsInSeatOrder(t *testing.T) {
	f := openMulti(t, "heresy", "reascension", sevenPlayers...)
	sh := f.sheet(t, 1)
	if len(sh.Tables) != 2 || len(sh.Tables[0].Players) != 4 || len(sh.Tables[1].Players) != 3 {
		t.Fatalf("tables %+v, want one of 4 and one of 3 (H2)", sh.Tables)
	}
	if !f.S.mlist.Visible() || f.S.list.Visible() || f.S.resultBox.Visible() {
		t.Fatal("the multiplayer rows are not the ones shown")
	}
	content := f.W.Content()
	for _, h := range []string{"Table", "#", "Players", "Pts", "Score", "Pairing"} {
		if !uitest.HasText(content, h) {
			t.Errorf("header %q missing: %q", h, uitest.Texts(content))
		}
	}
	// Seat numbers and names in seat order, one line each.
	var names []string
	for _, o := range uitest.Objects(content) {
		if c, ok := o.(*seatCell); ok && c.Visible() {
			names = append(names, c.Text())
		}
	}
	var want []string
	for _, tb := range sh.Tables {
		for _, p := range tb.Players {
			want = append(want, p.Name)
		}
		if !uitest.HasText(content, tb.Why.String()) {
			t.Errorf("pairing reason %q not shown", tb.Why)
		}
	}
	if strings.Join(names, ",") != strings.Join(want, ",") {
		t.Errorf("names shown %q, want %q", names, want)
	}
	if f.S.saveButton.Text != "Enter result" || !strings.Contains(f.S.hint.String(), "Tau stored") {
		t.Errorf("entry bar %q, hint %q", f.S.saveButton.Text, f.S.hint.String())
	}
	// The table of four is a line taller than the table of three.
	if multiRowLines(sh.Tables[0]) != 4 || multiRowLines(sh.Tables[1]) != 3 {
		t.Errorf("row lines %d, %d", multiRowLines(sh.Tables[0]), multiRowLines(sh.Tables[1]))
	}
	f.Errs.None(t)
}

func TestAHeresyTableIsEnteredFromTheKeyboard(t *testing.T) {
	f := openMulti(t, "heresy", "reascension", sevenPlayers...)
	tb := f.table(t, 1)
	p := f.openTable(t, "1")
	if got := p.dialog; got == nil || f.W.Canvas().Overlays().Top() == nil {
		t.Fatal("the panel is not shown")
	}
	f.fill(t, p, []string{"5", "9", "12", "3"}, "2", false)
	// The preview: the winner 14, the others their Tau, at most 9.
	if got := strings.Join(texts(p.previews), " "); got != "5 14 9 3" {
		t.Errorf("preview %q, want 5 14 9 3", got)
	}
	pressKey(f.W.Canvas(), fyne.KeyReturn)

	f.Errs.None(t)
	got := f.table(t, 1).Result
	if got == nil || !slices.Equal(points(got), []int{5, 14, 9, 3}) || got.Seats[1].Place != 1 || got.TimeOut {
		t.Fatalf("table 1 saved as %+v", got)
	}
	if scoring.Tau(got.Seats[2]) != 12 {
		t.Errorf("Tau stored %d, want 12 as typed", scoring.Tau(got.Seats[2]))
	}
	n := func(i int) string { return tb.Players[i].Name }
	want := "Table 1 saved: " + n(0) + " 5 · " + n(1) + " 14 (won) · " + n(2) + " 9 · " + n(3) + " 3"
	if f.S.status.Text != want || f.S.status.Importance != widget.SuccessImportance {
		t.Errorf("status %q, want %q", f.S.status.Text, want)
	}
	if f.S.panel != nil || f.W.Canvas().Overlays().Top() != nil {
		t.Error("the panel is still open")
	}
	if f.W.Canvas().Focused() != f.S.table || f.S.table.Text != "" {
		t.Errorf("focus %T, Table field %q", f.W.Canvas().Focused(), f.S.table.Text)
	}
	if !uitest.HasText(f.W.Content(), "14 · won") || f.S.progress.Text != "1 of 2 results in" {
		t.Errorf("the row does not show the result: %q", uitest.Texts(f.W.Content()))
	}
}

func TestAHeresyTimeOutHasNoWinnerAndAddsTwo(t *testing.T) {
	f := openMulti(t, "heresy", "reascension", sevenPlayers...)
	p := f.openTable(t, "2")
	f.fill(t, p, []string{"4", "9", "11"}, "", true)
	if !p.timeOut.Checked {
		t.Fatal("Space did not tick Time-out")
	}
	if got := strings.Join(texts(p.previews), " "); got != "6 11 11" {
		t.Errorf("preview %q, want 6 11 11 (Tau at most 9, plus 2)", got)
	}
	pressKey(f.W.Canvas(), fyne.KeyReturn) // Enter on the check box saves too

	f.Errs.None(t)
	got := f.table(t, 2).Result
	if got == nil || !got.TimeOut || !slices.Equal(points(got), []int{6, 11, 11}) {
		t.Fatalf("table 2 saved as %+v", got)
	}
	if !strings.HasPrefix(f.S.status.Text, "Table 2 saved: ") || !strings.HasSuffix(f.S.status.Text, " · time-out") {
		t.Errorf("status %q", f.S.status.Text)
	}
	if !uitest.HasText(f.W.Content(), "time-out") {
		t.Error("the row does not say time-out")
	}
}

func TestTypingTInTheWinnerFieldTicksTimeOut(t *testing.T) {
	f := openMulti(t, "heresy", "reascension", sevenPlayers...)
	p := f.openTable(t, "2")
	f.fill(t, p, []string{"1", "2", "3"}, "t", false)
	if !p.timeOut.Checked || p.winner.Text != "" {
		t.Fatalf("time-out %v, winner %q", p.timeOut.Checked, p.winner.Text)
	}
	pressKey(f.W.Canvas(), fyne.KeyReturn)
	if got := f.table(t, 2).Result; got == nil || !got.TimeOut {
		t.Fatalf("saved %+v", got)
	}
}

func TestTwoHeresyWinnersAreRefusedAndNothingSaved(t *testing.T) {
	f := openMulti(t, "heresy", "reascension", sevenPlayers...)
	p := f.openTable(t, "1")
	f.fill(t, p, []string{"9", "9", "1", "0"}, "1 2", false)
	pressKey(f.W.Canvas(), fyne.KeyReturn)

	if r := f.table(t, 1).Result; r != nil {
		t.Fatalf("saved %+v", r)
	}
	if !p.problem.Visible() || !strings.HasPrefix(p.problem.Text, "Not saved: ") || !strings.Contains(p.problem.Text, "exactly one winner") {
		t.Errorf("problem %q", p.problem.Text)
	}
	if f.S.panel != p || f.W.Canvas().Overlays().Top() == nil || f.W.Canvas().Focused() != p.winner {
		t.Error("the panel closed, or the focus left the Winner field")
	}
	// A winner at time is refused too.
	p.winner.SetText("1")
	p.timeOut.SetChecked(true)
	p.onSave()
	if f.table(t, 1).Result != nil || !strings.Contains(p.problem.Text, "nobody wins") {
		t.Errorf("problem %q", p.problem.Text)
	}
	f.Errs.None(t)
}

func TestEscapeClosesThePanelWithoutSaving(t *testing.T) {
	f := openMulti(t, "heresy", "reascension", sevenPlayers...)
	f.openTable(t, "1")
	test.Type(f.W.Canvas().Focused(), "7")
	pressKey(f.W.Canvas(), fyne.KeyEscape)
	if f.S.panel != nil || f.W.Canvas().Overlays().Top() != nil {
		t.Fatal("Esc did not close the panel")
	}
	if f.table(t, 1).Result != nil {
		t.Error("Esc saved a result")
	}
	if f.W.Canvas().Focused() != f.S.table || f.S.status.Text != "Table 1: nothing saved" {
		t.Errorf("focus %T, status %q", f.W.Canvas().Focused(), f.S.status.Text)
	}
}

func TestAnUnknownMultiplayerTableIsRefusedAtTheTableField(t *testing.T) {
	f := openMulti(t, "heresy", "reascension", sevenPlayers...)
	c := f.W.Canvas()
	f.S.FocusTable()
	test.Type(c.Focused(), "9")
	pressKey(c, fyne.KeyReturn)
	if f.S.panel != nil || f.S.status.Importance != widget.DangerImportance || f.S.status.Text != "Round 1 has no table 9" {
		t.Errorf("status %q", f.S.status.Text)
	}
	if c.Focused() != f.S.table {
		t.Error("the focus left the Table field")
	}
}

func TestAMultiplayerResultIsCorrectedFromPrefilledFields(t *testing.T) {
	f := openMulti(t, "heresy", "reascension", sevenPlayers...)
	p := f.openTable(t, "1")
	f.fill(t, p, []string{"5", "9", "12", "3"}, "2", false)
	pressKey(f.W.Canvas(), fyne.KeyReturn)

	p = f.openTable(t, "1")
	if got := strings.Join(p.input().Values, " "); got != "5 9 12 3" || p.winner.Text != "2" || p.timeOut.Checked {
		t.Fatalf("prefilled %q, winner %q", got, p.winner.Text)
	}
	if !strings.HasPrefix(p.title, "Correct table 1") {
		t.Errorf("title %q", p.title)
	}
	// Tab to the Winner field: its text is selected, so typing replaces it.
	c := f.W.Canvas()
	for range p.values {
		c.FocusNext()
	}
	test.Type(c.Focused(), "3")
	pressKey(c, fyne.KeyReturn)

	got := f.table(t, 1).Result
	if got == nil || !slices.Equal(points(got), []int{5, 9, 14, 3}) {
		t.Fatalf("corrected to %+v", got)
	}
	n := func(i int) string { return f.table(t, 1).Players[i].Name }
	want := "Table 1 corrected: " + n(0) + " 5 · " + n(1) + " 9 · " + n(2) + " 14 (won) · " + n(3) + " 3 (was " +
		n(0) + " 5 · " + n(1) + " 14 (won) · " + n(2) + " 9 · " + n(3) + " 3)"
	if f.S.status.Text != want {
		t.Errorf("status %q, want %q", f.S.status.Text, want)
	}
}

func TestClickingAMultiplayerTableOpensItsPanel(t *testing.T) {
	f := openMulti(t, "heresy", "reascension", sevenPlayers...)
	f.S.mlist.Select(1)
	if f.S.panel == nil || f.S.panel.table.Number != 2 || f.S.table.Text != "2" {
		t.Fatalf("panel %v, table field %q", f.S.panel, f.S.table.Text)
	}
}

func TestAShadowfistTableTakesGamePointsAndTwoWinners(t *testing.T) {
	f := openMulti(t, "shadowfist", "final-brawl", sevenPlayers[:4]...)
	sh := f.sheet(t, 1)
	if len(sh.Tables) != 1 || len(sh.Tables[0].Players) != 4 {
		t.Fatalf("tables %+v", sh.Tables)
	}
	p := f.openTable(t, "1")
	if p.values[0].PlaceHolder != "0" || !uitest.HasText(f.W.Canvas().Overlays().Top(), "Game pts or sites") {
		t.Errorf("panel texts %q", uitest.Texts(f.W.Canvas().Overlays().Top()))
	}
	got := f.save(t, p, []string{"12", "15", "-2", "0"}, "1 2", "4 4 0 0", []int{12, 15, -2, 0})
	if got.Seats[0].Place != 1 || got.Seats[1].Place != 1 || got.Seats[2].Place != 0 {
		t.Fatalf("saved %+v", got)
	}
	n := sh.Tables[0].Players
	want := "Table 1 saved: " + n[0].Name + " 12 (won) · " + n[1].Name + " 15 (won) · " + n[2].Name + " -2 · " + n[3].Name + " 0"
	if f.S.status.Text != want {
		t.Errorf("status %q, want %q", f.S.status.Text, want)
	}
	if !uitest.HasText(f.W.Content(), "Game pts") || !uitest.HasText(f.W.Content(), "15 · won") {
		t.Errorf("rows %q", uitest.Texts(f.W.Content()))
	}
}

// Rule S7: a seat's sites typed as "seized burned played" score by the
// event's game-point values, and "2u" marks a win by other means, which
// adds the sites short of five as played (5.7). A correction opens with
// the counts and the mark as typed.
func TestAShadowfistTableTakesSiteCountsAndAnUnconventionalWin(t *testing.T) {
	f := openMulti(t, "shadowfist", "final-brawl", sevenPlayers[:4]...)
	p := f.openTable(t, "1")
	got := f.save(t, p, []string{"3 2 0", "1 1 0", "0/0/2", "0 1 0 0 1"}, "2u", "0 4 0 0", []int{18, 13, 4, 1})
	if got.Seats[1].Place != 1 {
		t.Fatalf("saved %+v", got)
	}
	p = f.openTable(t, "1")
	var v []string
	for _, e := range p.values {
		v = append(v, e.Text)
	}
	if !slices.Equal(v, []string{"3 2 0", "1 1 0", "0 0 2", "0 1 0 0 1"}) || p.winner.Text != "2u" {
		t.Errorf("correction opens with %q and winner %q", v, p.winner.Text)
	}
}

func TestAShadowfistTableRefusesBadSiteCounts(t *testing.T) {
	f := openMulti(t, "shadowfist", "final-brawl", sevenPlayers[:4]...)
	p := f.openTable(t, "1")
	f.fill(t, p, []string{"1 0 0", "2 0 2", "0", "0"}, "3u", false)
	pressKey(f.W.Canvas(), fyne.KeyReturn)
	if f.table(t, 1).Result != nil {
		t.Fatal("an unconventional win without site counts was saved")
	}
	if !strings.Contains(strings.Join(uitest.Texts(f.W.Canvas().Overlays().Top()), "\n"), "type its sites seized, burned and played") {
		t.Errorf("panel %q", uitest.Texts(f.W.Canvas().Overlays().Top()))
	}
}

func TestAShadowfistLeadAtTimeIsEntered(t *testing.T) {
	f := openMulti(t, "shadowfist", "final-brawl", sevenPlayers[:4]...)
	p := f.openTable(t, "1")
	f.fill(t, p, []string{"3", "8", "8", "1"}, "2 3", true)
	if got := strings.Join(texts(p.previews), " "); got != "0 1 1 0" {
		t.Errorf("preview %q, want 0 1 1 0 (a lead shared at time)", got)
	}
	pressKey(f.W.Canvas(), fyne.KeyReturn)
	got := f.table(t, 1).Result
	if got == nil || !got.TimeOut || got.Seats[1].Place != 1 || got.Seats[2].Place != 1 {
		t.Fatalf("saved %+v", got)
	}
	if !strings.Contains(f.S.status.Text, " 8 (lead)") {
		t.Errorf("status %q", f.S.status.Text)
	}
}

func TestATwoPlayerEventKeepsItsResultField(t *testing.T) {
	f := setup(t)
	if f.S.mlist.Visible() || !f.S.list.Visible() || !f.S.resultBox.Visible() || f.S.saveButton.Text != "Save result" {
		t.Error("a two-player round shows the multiplayer layout")
	}
}

func TestMultiResultTextMarksWinnersAndLeads(t *testing.T) {
	players := []director.SheetPlayer{{Name: "Ada"}, {Name: "Bob"}, {Name: "Cy"}}
	s := event.Settings{Scoring: event.ScoringHeresy}
	r := event.Result{Seats: []event.SeatResult{{Points: 14, Place: 1}, {Points: 5}, {Points: 7}}}
	if got := MultiResultText(players, s, r); got != "Ada 14 (won) · Bob 5 · Cy 7" {
		t.Errorf("got %q", got)
	}
	r = event.Result{TimeOut: true, Seats: []event.SeatResult{{Points: 11}, {Points: 5}, {Points: 7}}}
	if got := MultiResultText(players, s, r); got != "Ada 11 · Bob 5 · Cy 7 · time-out" {
		t.Errorf("got %q", got)
	}
	placement := event.Settings{}
	r = event.Result{TimeOut: true, Seats: []event.SeatResult{{Place: 1}, {}, {Place: 1}}}
	if got := MultiResultText(players, placement, r); got != "Ada (lead) · Bob · Cy (lead) · time-out" {
		t.Errorf("got %q", got)
	}
}

func TestPlayersAtMultiplayerTablesAreSwappedInADraft(t *testing.T) {
	test.NewTempApp(t)
	d := uitest.Director(t)
	e := uitest.EventOf(t, d, "Draft pods", "heresy", "reascension")
	uitest.Players(t, d, e.ID, sevenPlayers...)
	if _, err := d.Rounds.PairNextRound(t.Context(), e.ID); err != nil {
		t.Fatal(err)
	}
	f := show(t, d, e)
	sh := f.sheet(t, 1)
	a, b := sh.Tables[0].Players[3], sh.Tables[1].Players[0]
	test.Tap(f.seat(t, a.Name))
	test.Tap(f.seat(t, b.Name))
	f.Errs.None(t)
	after := f.sheet(t, 1)
	if after.Tables[0].Players[3].Entry != b.Entry || after.Tables[1].Players[0].Entry != a.Entry {
		t.Fatalf("not swapped: %+v", after.Tables)
	}
	if !strings.Contains(f.S.status.Text, "swapped seats") {
		t.Errorf("status %q", f.S.status.Text)
	}
}

// Rule S10 e: the final table of a Double Elimination + Final event seats
// four in an event of two-player matches; it takes a Shadowfist
// multiplayer result (game points, a winner) through the multiplayer
// panel. Four players go straight to the final table.
func TestADoubleEliminationFinalTableTakesAShadowfistResult(t *testing.T) {
	f := openMulti(t, "shadowfist", "final-brawl-de-final", sevenPlayers[:4]...)
	sh := f.sheet(t, 1)
	if f.E.Settings.TableSize != 2 || len(sh.Tables) != 1 || len(sh.Tables[0].Players) != 4 || !Multiplayer(sh) {
		t.Fatalf("tables %+v", sh.Tables)
	}
	p := f.openTable(t, "1")
	if !uitest.HasText(f.W.Canvas().Overlays().Top(), "Game pts or sites") {
		t.Errorf("panel texts %q", uitest.Texts(f.W.Canvas().Overlays().Top()))
	}
	got := f.save(t, p, []string{"12", "3", "7", "0"}, "1", "4 0 0 0", []int{12, 3, 7, 0})
	if got.Seats[0].Place != 1 {
		t.Fatalf("saved %+v", got)
	}
	table, err := f.D.Rounds.Standings(t.Context(), f.E.ID)
	if err != nil {
		t.Fatal(err)
	}
	n := sh.Tables[0].Players
	for i, want := range []string{n[0].Name, n[2].Name, n[1].Name, n[3].Name} {
		if table[i].Name != want || table[i].Rank != i+1 {
			t.Errorf("place %d: %+v, want %s", i+1, table[i], want)
		}
	}
}

// Rule S8: a Shadowfist table at time is decided with a form opened from
// the Table field; a generic event has no such button.
func TestTimeCalledOpensTheGoingToTimeForm(t *testing.T) {
	f := openMulti(t, "shadowfist", "final-brawl", sevenPlayers[:4]...)
	if !f.S.timeCalled.Visible() {
		t.Fatal("no Time called… button for Shadowfist")
	}
	f.S.table.SetText("1")
	test.Tap(f.S.timeCalled)
	top := f.W.Canvas().Overlays().Top()
	if top == nil || !strings.Contains(strings.Join(uitest.Texts(top), " "), "Ada Lovelace") {
		t.Fatalf("no form for table 1: %v", top)
	}
	f.S.table.SetText("9")
	f.W.Canvas().Overlays().Top().Hide()
	test.Tap(f.S.timeCalled)
	if !strings.Contains(f.S.status.Text, "no table 9") {
		t.Errorf("status %q", f.S.status.Text)
	}
	g := setup(t)
	if g.S.timeCalled.Visible() {
		t.Error("Time called… shown for a generic Swiss")
	}
}

// Rule S10, SWS 6.2 a ("match points, with game points breaking ties"): a
// game of Who's the Big Man Now? is a Shadowfist table of two, typed in
// the same panel with each seat's game points or sites and the winner.
func TestABigManGameIsTypedAsAShadowfistTableOfTwo(t *testing.T) {
	f := openMulti(t, "shadowfist", "big-man", sevenPlayers[:4]...)
	p := f.openTable(t, "1")
	got := f.save(t, p, []string{"2 1 3", "0 0 2"}, "1", "4 0", []int{17, 4})
	if got.Seats[0].Place != 1 {
		t.Fatalf("saved %+v", got)
	}
}
