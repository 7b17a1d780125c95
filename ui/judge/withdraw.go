package judge

import (
	"context"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/core/event"
	"tablekeeper/core/judgelog"
	"tablekeeper/ui/internal/columns"
	"tablekeeper/ui/internal/keys"
	"tablekeeper/ui/internal/tr"
	"tablekeeper/ui/internal/work"
)

// withdrawDialog asks why an entry is withdrawn and who withdraws it, then
// saves a void correction of it: the entry and its effects no longer hold
// (a disqualified player is reinstated, a deduction given back).
type withdrawDialog struct {
	s *Screen

	target  line
	what    *widget.Label
	reason  *keys.Entry
	judge   *widget.Select
	judges  []event.JudgeID // parallel to judge.Options
	errText *widget.Label
	confirm *widget.Button
	dlg     *dialog.CustomDialog
}

func newWithdrawDialog(s *Screen) *withdrawDialog {
	w := &withdrawDialog{s: s}
	w.what = &widget.Label{Wrapping: fyne.TextWrapWord}
	w.reason = keys.NewFormEntry(tr.L("Why it is withdrawn (required)"), func(string) { w.onConfirm() }, func() { w.dlg.Hide() })
	w.judge = &widget.Select{}
	w.errText = &widget.Label{Wrapping: fyne.TextWrapWord, Importance: widget.DangerImportance}
	w.errText.Hide()
	w.confirm = &widget.Button{Text: tr.L("Withdraw"), Icon: theme.DeleteIcon(), Importance: widget.DangerImportance, OnTapped: w.onConfirm}
	cancel := &widget.Button{Text: tr.L("Cancel"), Icon: theme.CancelIcon(), OnTapped: func() { w.dlg.Hide() }}
	form := container.New(layout.NewFormLayout(),
		&widget.Label{Text: tr.L("Reason"), TextStyle: fyne.TextStyle{Bold: true}}, w.reason,
		&widget.Label{Text: tr.L("Judge"), TextStyle: fyne.TextStyle{Bold: true}}, w.judge,
	)
	body := container.NewVBox(w.what, form, w.errText)
	w.dlg = dialog.NewCustomWithoutButtons(tr.L("Withdraw entry"), container.New(columns.MinWidth{Width: 480}, body), s.win)
	w.dlg.SetButtons([]fyne.CanvasObject{cancel, w.confirm})
	return w
}

// open asks about withdrawing the entry of line l.
func (w *withdrawDialog) open(l line) {
	w.target = l
	w.what.SetText(tr.F("Withdraw entry #%d? %s. Its effects are undone; the entry stays in the log, struck through.", l.entry.ID, l.text))
	w.judge.Options, w.judges = w.s.judgeChoices(w.judges[:0])
	w.judge.ClearSelected()
	for i, id := range w.judges {
		if id == w.s.defaultJudge() {
			w.judge.SetSelectedIndex(i)
		}
	}
	w.reason.SetText("")
	w.errText.Hide()
	w.dlg.Show()
	w.s.win.Canvas().Focus(w.reason)
}

// onConfirm saves the void correction; a refusal shows in the dialog and
// nothing is saved.
func (w *withdrawDialog) onConfirm() {
	s := w.s
	e := event.JudgeLogEntry{
		EventID:     s.eventID,
		Round:       w.target.entry.Round,
		Table:       w.target.entry.Table,
		EntryID:     w.target.entry.EntryID,
		Kind:        w.target.entry.Kind,
		Penalty:     judgelog.Void,
		Description: w.reason.Text,
		Corrects:    w.target.entry.ID,
	}
	if i := w.judge.SelectedIndex(); i >= 0 {
		e.JudgeID = w.judges[i]
	}
	work.Call(s.run, func(ctx context.Context) (event.JudgeLogEntry, error) {
		return s.d.Judging.LogJudgeEntry(ctx, e)
	}, func(saved event.JudgeLogEntry, err error) {
		if err != nil {
			showProblem(w.errText, err)
			return
		}
		w.dlg.Hide()
		s.saved(saved)
	})
}
