package timeout

import (
	"context"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/ui/internal/columns"
	keyw "tablekeeper/ui/internal/keys"
	"tablekeeper/ui/internal/tr"
	"tablekeeper/ui/internal/work"
)

// body is one kind of form inside the dialog frame: its fields, and the
// decision they make.
type body interface {
	// rule is the line above the fields: the rule that applies and what to
	// count.
	rule() string
	// content holds the fields.
	content() fyne.CanvasObject
	// first is the field the focus starts in.
	first() fyne.Focusable
	// blank reports whether nothing has been typed or marked yet.
	blank() bool
	// decide reads the fields and decides, or says what is wrong.
	decide() (outcome, error)
}

// outcome is a decision as the form shows and saves it.
type outcome struct {
	// headline says who wins and which step decided, after "Decision:".
	headline string
	// detail is the decider's explanation, ties and forged keys included.
	detail string
	// result is what Save records.
	result event.Result
}

// form is the dialog around a body: the live decision, the one-sentence
// problem, and the Cancel and Save buttons. Nothing is saved until the
// body decides without an error.
type form struct {
	d       Director
	run     work.Runner
	win     fyne.Window
	eventID event.EventID
	round   int
	table   director.SheetTable
	onSaved func(event.Result)

	kind     Kind
	body     body
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
	f := &form{d: d, run: run, win: win, eventID: sh.Event.ID, round: sh.Round.Number, table: t, onSaved: onSaved, kind: kind}
	switch kind {
	case KeyForgeGame:
		f.body = newGameForm(f, t)
	case KeyForgeMatch:
		f.body = newMatchForm(f, t)
	case Shadowfist:
		f.body = newShadowfistForm(f, sh.Event.Settings, t)
	}

	f.decision = &widget.Label{Wrapping: fyne.TextWrapWord, TextStyle: fyne.TextStyle{Bold: true}}
	f.detail = columns.Secondary("", true)
	f.problem = &widget.Label{Wrapping: fyne.TextWrapWord, Importance: widget.DangerImportance, TextStyle: fyne.TextStyle{Bold: true}}
	f.problem.Hide()
	f.cancel = keyw.NewButton(tr.L("Cancel"), theme.CancelIcon(), f.onCancel)
	f.cancel.OnEscape = f.onCancel
	f.save = keyw.NewButton(tr.L("Save result"), theme.DocumentSaveIcon(), f.onSave)
	f.save.Importance = widget.HighImportance
	f.save.OnEscape = f.onCancel

	content := container.NewVBox(
		columns.Secondary(f.body.rule(), true),
		f.body.content(),
		widget.NewSeparator(),
		f.decision,
		f.detail,
		f.problem,
		columns.Secondary(hint(kind), true),
	)
	title := tr.F("Time called · table %d · round %d", t.Number, f.round)
	if t.Result != nil {
		title = tr.F("Correct time-out · table %d · round %d", t.Number, f.round)
	}
	f.dialog = dialog.NewCustomWithoutButtons(title, container.New(columns.MinWidth{Width: formWidth}, content), win)
	f.dialog.SetButtons([]fyne.CanvasObject{f.cancel, f.save})
	f.refresh()
	return f, nil
}

// hint is the line of keys under a form.
func hint(k Kind) string {
	switch k {
	case KeyForgeGame:
		return tr.L("Tab moves · Space marks who went first · Enter saves · Esc cancels. A blank count is 0.")
	case KeyForgeMatch:
		return tr.L("Tab moves · Space marks Won or First · Enter saves · Esc cancels. A blank count is 0; a blank game was not played.")
	}
	return tr.L("Tab moves · Enter saves · Esc cancels. A blank count is 0; \"To win\" stays 5 unless cards change it.")
}

// wire makes Enter save and Esc cancel in a field.
func (f *form) wire(k *keys) {
	k.onEnter, k.onEscape = f.onSave, f.onCancel
}

// changed follows any change of a field: the body renumbers what depends
// on it (the K8 game in progress), and the decision is made again.
func (f *form) changed() {
	if u, ok := f.body.(interface{ update() }); ok {
		u.update()
	}
	if f.decision != nil {
		f.refresh()
	}
}

// show opens the dialog with the focus in the first field.
func (f *form) show() {
	f.dialog.Show()
	f.win.Canvas().Focus(f.body.first())
}

// refresh shows the decision the fields make now, or what stops it. A
// form nobody has touched shows neither a decision nor a problem.
func (f *form) refresh() {
	if f.body.blank() {
		f.decision.SetText(tr.L("Decision: type the counts; the decision follows as you type."))
		f.showDetail("")
		f.showProblem("")
		return
	}
	out, err := f.body.decide()
	if err != nil {
		f.decision.SetText(tr.L("Decision: —"))
		f.showDetail("")
		f.showProblem(work.Sentence(err))
		return
	}
	f.decision.SetText(tr.F("Decision: %s", out.headline))
	f.showDetail(out.detail)
	f.showProblem("")
}

// showDetail shows the decider's explanation; an empty one takes no room.
func (f *form) showDetail(text string) {
	columns.SetSecondary(f.detail, text)
	if text == "" {
		f.detail.Hide()
	} else {
		f.detail.Show()
	}
}

func (f *form) showProblem(text string) {
	f.problem.SetText(text)
	if text == "" {
		f.problem.Hide()
	} else {
		f.problem.Show()
	}
}

// onSave records the decided result. A form that decides nothing, or a
// result the director refuses, leaves the dialog open with the problem in
// a sentence; nothing is saved.
func (f *form) onSave() {
	if f.saving {
		return
	}
	out, err := f.body.decide()
	if err != nil {
		f.decision.SetText(tr.L("Decision: —"))
		f.showDetail("")
		f.showProblem(tr.F("Not saved: %s", work.Sentence(err)))
		return
	}
	f.saving = true
	f.save.Disable()
	id, round, number, res, seen := f.eventID, f.round, f.table.Number, out.result, f.table.Result
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

// header is a bold column heading.
func header(text string, align fyne.TextAlign) *widget.Label {
	return &widget.Label{Text: text, Alignment: align, TextStyle: fyne.TextStyle{Bold: true}, Truncation: fyne.TextTruncateEllipsis}
}

// nameCell is a player's name in a row, cut with an ellipsis when long.
func nameCell(name string) *widget.Label {
	return &widget.Label{Text: name, Truncation: fyne.TextTruncateEllipsis}
}
