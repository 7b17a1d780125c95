package timeout

import (
	"context"
	"errors"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/core/rules"
	"tablekeeper/ui/internal/columns"
	keyw "tablekeeper/ui/internal/keys"
	"tablekeeper/ui/internal/labels"
	"tablekeeper/ui/internal/toggle"
	"tablekeeper/ui/internal/tr"
	"tablekeeper/ui/internal/work"
)

// form is the one panel that renders any game's at-time form
// (rules.AtTimeForm) in a dialog: the rule, the grid of fields, the live
// decision, the one-sentence problem, and the Cancel and Save buttons.
// Nothing is saved until the form decides without an error.
type form struct {
	d       Director
	run     work.Runner
	win     fyne.Window
	eventID event.EventID
	round   int
	table   director.SheetTable
	onSaved func(event.Result)

	kind Kind
	spec rules.AtTimeForm
	// first is the field the focus starts in; the others follow in the
	// order of the grid.
	first fyne.Focusable
	// entries, marks, titles and previews are the grid's cells that
	// change, by their ID (a mark's by its group).
	entries  map[string]*numberEntry
	marks    map[string]*radioGroup
	titles   map[string]*widget.Label
	previews map[string]*widget.Label

	decision *widget.Label
	detail   *widget.RichText
	problem  *widget.Label
	save     *keyw.Button
	cancel   *keyw.Button
	dialog   *dialog.CustomDialog
	saving   bool
}

// formWidth fits the widest form (Shadowfist's columns) and wraps the
// explanations on two or three lines.
const formWidth = 680

// newForm builds the form table t needs, without showing it.
func newForm(d Director, run work.Runner, win fyne.Window, sh director.Sheet, t director.SheetTable, onSaved func(event.Result)) (*form, error) {
	kind, err := KindOf(sh, t)
	if err != nil {
		return nil, err
	}
	names := make([]string, len(t.Players))
	for i, p := range t.Players {
		names[i] = p.Name
	}
	spec, ok := rules.AtTimeFormFor(sh.Event.Game, kind, rules.AtTimeTable{
		Settings: sh.Event.Settings, BestOf: labels.BestOf(sh.Round, sh.Event.Settings), Number: t.Number, Names: names, Saved: t.Result,
	})
	if !ok {
		return nil, errors.Join(event.Statef("this game needs no form at time: enter the games won with Time-out ticked (level games are a draw)"), ErrNotNeeded)
	}
	f := &form{d: d, run: run, win: win, eventID: sh.Event.ID, round: sh.Round.Number, table: t, onSaved: onSaved, kind: kind, spec: spec}
	grid := f.grid()

	f.decision = &widget.Label{Wrapping: fyne.TextWrapWord, TextStyle: fyne.TextStyle{Bold: true}}
	f.detail = columns.Secondary("", true)
	f.problem = columns.Problem()
	f.cancel, f.save = keyw.NewCancelSave(tr.L("Save result"), f.onCancel, f.onSave)

	content := container.NewVBox(
		columns.Secondary(f.rule(), true),
		grid,
		widget.NewSeparator(),
		f.decision,
		f.detail,
		f.problem,
		columns.Secondary(tr.Text(spec.Hint), true),
	)
	title := tr.F("Time called · table %d · round %d", t.Number, f.round)
	if t.Result != nil {
		title = tr.F("Correct time-out · table %d · round %d", t.Number, f.round)
	}
	f.dialog = dialog.NewCustomWithoutButtons(title, container.New(columns.MinWidth{Width: formWidth}, content), win)
	f.dialog.SetButtons([]fyne.CanvasObject{f.cancel, f.save})
	f.changed()
	return f, nil
}

// wire makes Enter save and Esc cancel in a field.
func (f *form) wire(k *keys) {
	k.onEnter, k.onEscape = f.onSave, f.onCancel
}

// show opens the dialog with the focus in the first field.
func (f *form) show() {
	f.dialog.Show()
	f.win.Canvas().Focus(f.first)
}

// refresh shows the decision the fields make now, or what stops it. A
// form nobody has touched shows neither a decision nor a problem.
func (f *form) refresh() {
	if f.spec.Blank(f.answers()) {
		f.decision.SetText(tr.L("Decision: type the counts; the decision follows as you type."))
		f.showDetail("")
		f.showProblem("")
		return
	}
	out, err := f.decide()
	if err != nil {
		f.decision.SetText(tr.L("Decision: —"))
		f.showDetail("")
		f.showProblem(work.Sentence(err))
		return
	}
	f.decision.SetText(tr.F("Decision: %s", out.Headline))
	f.showDetail(detail(out))
	f.showProblem("")
}

// showDetail shows the decider's explanation; an empty one takes no room.
func (f *form) showDetail(text string) {
	columns.SetSecondary(f.detail, text)
	toggle.Visible(f.detail, text != "")
}

func (f *form) showProblem(text string) { columns.SetProblem(f.problem, text) }

// onSave records the decided result. A form that decides nothing, or a
// result the director refuses, leaves the dialog open with the problem in
// a sentence; nothing is saved.
func (f *form) onSave() {
	if f.saving {
		return
	}
	out, err := f.decide()
	if err != nil {
		f.decision.SetText(tr.L("Decision: —"))
		f.showDetail("")
		f.showProblem(tr.F("Not saved: %s", work.Sentence(err)))
		return
	}
	f.saving = true
	f.save.Disable()
	id, round, number, res, seen := f.eventID, f.round, f.table.Number, out.Result, f.table.Result
	work.Do(f.run, func(ctx context.Context) error {
		return f.d.RecordResultSeen(ctx, id, round, number, seen, res)
	}, func(err error) {
		f.saving = false
		f.save.Enable()
		if err != nil {
			f.showProblem(tr.F("Not saved: %s", work.Sentence(err)))
			return
		}
		f.dialog.Hide()
		if f.onSaved != nil {
			f.onSaved(res)
		}
	})
}

// onCancel closes the form without saving.
func (f *form) onCancel() {
	if f.saving {
		return
	}
	f.dialog.Hide()
}
