package ui

import (
	"context"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/ui/internal/columns"
	"tablekeeper/ui/internal/keys"
	"tablekeeper/ui/internal/tr"
	"tablekeeper/ui/internal/work"
)

// DropPairing is what the header asks before it pairs the next round:
// the players who asked from their phones to drop, and accepting them all.
type DropPairing interface {
	OpenDropRequests(ctx context.Context, id event.EventID) ([]director.DropRequest, error)
	AcceptAllDrops(ctx context.Context, id event.EventID) ([]string, error)
}

// dropsQuestion is the open "players asked to drop" question before a
// pairing, if any: three answers, so not a keys.Confirm.
type dropsQuestion struct {
	dialog *dialog.CustomDialog
	// AcceptAll, PairAnyway and Cancel are its answers.
	AcceptAll, PairAnyway, Cancel *keys.Button
	done                          bool
}

// pairAfterDrops runs next (the pairing's next step) unless players asked
// to drop and wait for an answer: then it says how many and who, and asks
// first — accept them all and pair, pair anyway (they are paired, their
// requests stay open), or cancel (to look at the Round tab's list). An
// open request never changes a pairing by itself, so an organizer must
// not pair someone who asked to leave without seeing it.
func (v *eventView) pairAfterDrops(next func()) {
	checkBeforePairing(v, v.asked.OpenDropRequests, next, func(id event.EventID, open []director.DropRequest) {
		v.askDrops(id, open, next)
	})
}

// DropsMessage says who asked to drop before a pairing: "2 players asked
// from their phones to drop and wait for your answer: Ada, Bob."
func DropsMessage(open []director.DropRequest) string {
	names := make([]string, len(open))
	for i, q := range open {
		names[i] = q.Name
	}
	return tr.N("%d player asked from their phone to drop and waits for your answer: %s.", len(open), len(open), strings.Join(names, ", ")) +
		"\n\n" + tr.L("Accept them all and pair them out, pair anyway (they are paired and their requests wait), or cancel to answer each on the Round tab.")
}

// askDrops asks what to do with the open requests before pairing.
func (v *eventView) askDrops(id event.EventID, open []director.DropRequest, next func()) {
	q := &dropsQuestion{}
	answer := func(f func()) func() {
		return func() {
			if q.done {
				return
			}
			q.done = true
			q.dialog.Hide()
			f()
		}
	}
	cancel := answer(func() {
		v.tabs.Select(v.roundTab)
	})
	accept := answer(func() { v.acceptDropsThen(id, next) })
	q.AcceptAll = keys.NewButton(tr.L("Accept all and pair"), theme.ConfirmIcon(), accept)
	q.AcceptAll.Importance = widget.HighImportance
	q.PairAnyway = keys.NewButton(tr.L("Pair anyway"), theme.MediaPlayIcon(), answer(next))
	q.Cancel = keys.NewButton(tr.L("Cancel"), theme.CancelIcon(), cancel)
	for _, b := range []*keys.Button{q.AcceptAll, q.PairAnyway, q.Cancel} {
		b.OnEscape = cancel
	}
	msg := &widget.Label{Text: DropsMessage(open), Wrapping: fyne.TextWrapWord}
	hint := &widget.Label{Text: tr.F("Enter: %[1]s · Tab, then Enter: another answer · Esc: %[1]s", tr.L("Cancel")), Importance: widget.LowImportance}
	body := container.NewVBox(container.New(columns.MinWidth{Width: 520}, msg), hint)
	q.dialog = dialog.NewCustomWithoutButtons(tr.N("%d player asked to drop", len(open), len(open)), body, v.win)
	q.dialog.SetButtons([]fyne.CanvasObject{container.NewHBox(layout.NewSpacer(), q.Cancel, q.PairAnyway, q.AcceptAll)})
	v.drops = q
	q.dialog.Show()
	// Enter cancels: a stray Enter never pairs nor drops anyone.
	v.win.Canvas().Focus(q.Cancel)
}

// acceptDropsThen accepts every open request, says who dropped, and
// pairs.
func (v *eventView) acceptDropsThen(id event.EventID, next func()) {
	work.Call(v.run, func(ctx context.Context) ([]string, error) {
		return v.asked.AcceptAllDrops(ctx, id)
	}, func(names []string, err error) {
		if err != nil {
			v.alert(err)
			return
		}
		v.changed()
		if id == v.id {
			next()
		}
	})
}
