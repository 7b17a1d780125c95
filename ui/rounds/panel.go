package rounds

import (
	"context"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/core/rules"
	"tablekeeper/ui/internal/columns"
	"tablekeeper/ui/internal/keys"
	"tablekeeper/ui/internal/tr"
	"tablekeeper/ui/internal/work"
)

// resultPanel is the dialog in which a scorekeeper enters the result of a
// multiplayer table from the keyboard: one line per seat with the seat's
// number (Tau stored, game points or points) and the score it gives, the
// Winner field (seat numbers) and the Time-out box. Tab moves through the
// fields, Enter saves, Esc cancels. A table that has a result opens with
// it filled in, for a correction.
type resultPanel struct {
	s     *Screen
	table director.SheetTable
	set   event.Settings
	form  rules.MultiForm
	id    event.EventID
	round int

	values   []*keyEntry
	previews []*widget.Label
	winner   *keyEntry
	timeOut  *keyCheck
	problem  *widget.Label
	save     *keys.Button
	cancel   *keys.Button
	dialog   *dialog.CustomDialog
	title    string
	saving   bool
}

// panelWidth fits a row of the panel with a long name, and the help text
// on two or three lines.
const panelWidth = 600

func newResultPanel(s *Screen, t director.SheetTable) *resultPanel {
	set := s.sheet.Event.Settings
	p := &resultPanel{s: s, table: t, set: set, form: rules.MultiFormFor(set), id: s.eventID, round: s.number}
	in := p.form.Prefill(t.Result, len(t.Players))

	head := func(text string, align fyne.TextAlign) *widget.Label {
		return &widget.Label{Text: text, Alignment: align, TextStyle: fyne.TextStyle{Bold: true}}
	}
	valueHead := head(tr.L(p.form.ValueName()), fyne.TextAlignLeading)
	scoreHead := head(tr.L(p.form.ScoreName()), fyne.TextAlignTrailing)
	// The value and score columns are as wide as their headings at
	// least: "Pts de partie ou sites" must not run into "Pts de match".
	cols := columns.New(
		columns.Col{Width: 36},                                  // seat
		columns.Col{Width: 200, Grow: 1},                        // player
		columns.Col{Width: max(110, valueHead.MinSize().Width)}, // value
		columns.Col{Width: max(80, scoreHead.MinSize().Width)},  // score
	)
	rows := []fyne.CanvasObject{cols.Row(head(tr.L("Seat"), fyne.TextAlignTrailing), head(tr.L("Player"), fyne.TextAlignLeading),
		valueHead, scoreHead)}
	for i, pl := range t.Players {
		e := newKeyEntry("0", p.form.ValueRunes(), p.onCancel)
		e.SetText(in.Values[i])
		e.OnChanged = p.onChanged
		e.OnSubmitted = p.onSubmitted
		preview := &widget.Label{Alignment: fyne.TextAlignTrailing}
		p.values = append(p.values, e)
		p.previews = append(p.previews, preview)
		rows = append(rows, cols.Row(
			&widget.Label{Text: strconv.Itoa(i + 1), Alignment: fyne.TextAlignTrailing, TextStyle: fyne.TextStyle{Bold: true}},
			&widget.Label{Text: pl.Name, Truncation: fyne.TextTruncateEllipsis},
			e, preview))
	}

	p.timeOut = newKeyCheck(tr.L("Time-out"))
	p.timeOut.Checked = in.TimeOut
	p.timeOut.OnChanged = func(bool) { p.onChanged("") }
	p.timeOut.onEscape, p.timeOut.onEnter = p.onCancel, p.onSave
	p.winner = newKeyEntry(tr.L("seat"), p.form.WinnerRunes(), p.onCancel)
	p.winner.SetText(in.Winners)
	p.winner.OnChanged = p.onChanged
	p.winner.OnSubmitted = p.onSubmitted
	p.winner.OnRune = p.onWinnerRune

	p.problem = columns.Problem()
	p.cancel, p.save = keys.NewCancelSave(tr.L("Save result"), p.onCancel, p.onSave)

	entryHeight := p.winner.MinSize().Height
	winnerRow := container.NewHBox(
		&widget.Label{Text: tr.L("Winner"), TextStyle: fyne.TextStyle{Bold: true}},
		container.NewGridWrap(fyne.NewSize(110, entryHeight), p.winner),
		p.timeOut,
	)
	content := container.NewVBox(
		columns.Secondary(tr.Text(p.form.RuleLine(len(t.Players))), true),
		container.NewVBox(rows...),
		widget.NewSeparator(),
		winnerRow,
		columns.Secondary(tr.Text(p.form.WinnerHint()), true),
		p.problem,
	)
	// The rows set the panel's width; the wrapped texts follow it.
	sized := container.New(columns.MinWidth{Width: panelWidth}, content)
	title := tr.F("Table %d · round %d", t.Number, p.round)
	if t.Result != nil {
		title = tr.F("Correct table %d · round %d", t.Number, p.round)
	}
	p.title = title
	p.dialog = dialog.NewCustomWithoutButtons(title, sized, s.win)
	p.dialog.SetButtons([]fyne.CanvasObject{p.cancel, p.save})
	p.onChanged("")
	return p
}

// show opens the panel with the cursor in the first seat's field.
func (p *resultPanel) show() {
	p.dialog.Show()
	p.s.win.Canvas().Focus(p.values[0])
}

// input is what the panel holds.
func (p *resultPanel) input() rules.MultiInput {
	in := rules.MultiInput{Values: make([]string, len(p.values)), Winners: p.winner.Text, TimeOut: p.timeOut.Checked}
	for i, e := range p.values {
		in.Values[i] = e.Text
	}
	return in
}

// onChanged updates the score preview after any change, and clears a
// problem that the change may have solved.
func (p *resultPanel) onChanged(string) {
	res, err := p.form.Build(p.input())
	if err != nil {
		for _, l := range p.previews {
			l.SetText("—")
		}
		p.showProblem(work.Sentence(err))
		return
	}
	p.showProblem("")
	for i, text := range p.form.Preview(res) {
		l := p.previews[i]
		l.TextStyle.Bold = res.Seats[i].Place == 1
		l.SetText(text)
	}
}

// onWinnerRune lets "t" in the Winner field tick (or untick) Time-out.
func (p *resultPanel) onWinnerRune(r rune) bool {
	if r != 't' && r != 'T' {
		return false
	}
	p.timeOut.SetChecked(!p.timeOut.Checked)
	return true
}

func (p *resultPanel) showProblem(text string) { columns.SetProblem(p.problem, text) }

func (p *resultPanel) onSubmitted(string) { p.onSave() }

// onSave saves the result through the director. A refusal is shown in the
// panel, which stays open with what was typed; nothing is saved.
func (p *resultPanel) onSave() {
	if p.saving {
		return
	}
	res, err := p.form.Build(p.input())
	if err != nil {
		p.showProblem(tr.F("Not saved: %s", work.Sentence(err)))
		return
	}
	p.saving = true
	p.save.Disable()
	id, round, number, seen := p.id, p.round, p.table.Number, p.table.Result
	p.s.save(func(ctx context.Context) error {
		return p.s.d.Rounds.RecordResultSeen(ctx, id, round, number, seen, res)
	}, func(err error) {
		p.saving = false
		p.save.Enable()
		if err != nil {
			p.showProblem(tr.F("Not saved: %s", work.Sentence(err)))
			return
		}
		p.dialog.Hide()
		p.s.multiSaved(p, p.form.Scored(res))
	})
}

// onCancel closes the panel without saving.
func (p *resultPanel) onCancel() {
	if p.saving {
		return
	}
	p.dialog.Hide()
	p.s.multiCancelled(p)
}

// --- the Round tab's side ---

// notRecordable says why no result can be entered on the tab now: there
// is no round yet, or the round is a draft; nil when results can be.
func (s *Screen) notRecordable() error {
	if s.number == 0 {
		return event.Statef("there is no round to record results for yet")
	}
	if s.Draft() {
		return event.Statef("round %d is a draft; publish its pairings before entering results", s.number)
	}
	return nil
}

// openTable opens the result panel for the table typed in the Table field
// of a multiplayer round.
func (s *Screen) openTable() {
	if err := s.notRecordable(); err != nil {
		s.fail(err)
		return
	}
	text := strings.TrimSpace(s.table.Text)
	number, err := strconv.Atoi(text)
	if err != nil {
		s.fail(event.Invalidf("type the table number first (%q is not a number)", text))
		s.FocusTable()
		return
	}
	t, ok := s.sheetTable(number)
	if !ok {
		s.fail(event.NotFoundf("round %d has no table %d", s.number, number))
		s.FocusTable()
		return
	}
	// A table of two takes the panel too where its result is placed
	// (rules.MultiplayerResult: a multiplayer event's table left short, a
	// game of Who's the Big Man Now?).
	if len(t.Players) < 2 {
		s.fail(event.Invalidf("table %d seats %d players; a result needs 2 to %d", number, len(t.Players), event.MaxSeats))
		s.FocusTable()
		return
	}
	s.setStatus("", widget.MediumImportance)
	s.panel = newResultPanel(s, t)
	s.panel.show()
}

// multiSaved follows a saved multiplayer result: the status line says it,
// the Table field waits for the next table.
func (s *Screen) multiSaved(p *resultPanel, res event.Result) {
	if s.panel == p {
		s.panel = nil
	}
	s.setStatus(MultiSaved(p.table, p.set, res), widget.SuccessImportance)
	s.table.SetText("")
	s.FocusTable()
	s.changed(p.id)
}

func (s *Screen) multiCancelled(p *resultPanel) {
	if s.panel == p {
		s.panel = nil
	}
	s.setStatus(tr.F("Table %d: nothing saved", p.table.Number), widget.MediumImportance)
	s.table.SetText("")
	s.FocusTable()
}
