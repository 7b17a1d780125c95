package ui

import (
	"context"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/ui/internal/keys"
	"tablekeeper/ui/internal/tr"
	"tablekeeper/ui/internal/work"
)

// raffler draws raffles (director.Registration).
type raffler interface {
	Raffle(ctx context.Context, id event.EventID, pool event.RafflePool, count int) (director.RaffleDraw, error)
}

// raffleDialog is the event's Raffle… dialog (issue 30): whom to draw
// among and how many winners, then the winners, which the TV shows too.
type raffleDialog struct {
	d     raffler
	run   work.Runner
	alert work.Alert
	win   fyne.Window

	id     event.EventID
	pool   *widget.RadioGroup
	count  *keys.Entry
	dialog *dialog.CustomDialog
	draw   *widget.Button
}

// rafflePools are the pools offered, in the order shown.
var rafflePools = []struct {
	pool  event.RafflePool
	label string
}{
	{event.RafflePresent, tr.K("Players present (checked in)")},
	{event.RaffleStillIn, tr.K("Every player still in")},
}

func newRaffleDialog(d raffler, run work.Runner, alert work.Alert, win fyne.Window) *raffleDialog {
	r := &raffleDialog{d: d, run: run, alert: alert, win: win}
	labels := make([]string, len(rafflePools))
	for i, p := range rafflePools {
		labels[i] = tr.L(p.label)
	}
	r.pool = &widget.RadioGroup{Options: labels, Required: true}
	r.count = keys.NewFormEntry("1", func(string) { r.onDraw() }, func() { r.dialog.Hide() })
	r.draw = &widget.Button{Text: tr.L("Draw the winners"), Importance: widget.HighImportance, OnTapped: r.onDraw}
	cancel := &widget.Button{Text: tr.L("Cancel"), OnTapped: func() { r.dialog.Hide() }}
	form := container.New(layout.NewFormLayout(), &widget.Label{Text: tr.L("Draw among")}, r.pool, &widget.Label{Text: tr.L("Winners")}, r.count)
	hint := &widget.Label{Wrapping: fyne.TextWrapWord, Importance: widget.LowImportance,
		Text: tr.L("Nobody wins twice: an earlier winner of this event is left out. The TV shows the winners for two minutes; the Log tab keeps the draw and its seed.")}
	r.dialog = dialog.NewCustomWithoutButtons(tr.L("Raffle"), container.NewVBox(form, container.NewGridWrap(fyne.NewSize(460, hint.MinSize().Height*3), hint)), win)
	r.dialog.SetButtons([]fyne.CanvasObject{cancel, r.draw})
	return r
}

// Show opens the dialog for event id.
func (r *raffleDialog) Show(id event.EventID) {
	r.id = id
	r.pool.SetSelected(r.pool.Options[0])
	r.count.SetText("")
	r.dialog.Show()
	r.win.Canvas().Focus(r.count)
}

// onDraw draws: the winners are said in a message, or what is wrong.
func (r *raffleDialog) onDraw() {
	count := 1
	if text := strings.TrimSpace(r.count.Text); text != "" {
		n, err := strconv.Atoi(text)
		if err != nil {
			r.alert(event.Invalidf("%q is not a number of winners: type one, such as 1 or 3", text))
			return
		}
		count = n
	}
	pool := rafflePools[0].pool
	for i, l := range r.pool.Options {
		if l == r.pool.Selected {
			pool = rafflePools[i].pool
		}
	}
	id := r.id
	r.draw.Disable()
	work.Call(r.run, func(ctx context.Context) (director.RaffleDraw, error) {
		return r.d.Raffle(ctx, id, pool, count)
	}, func(got director.RaffleDraw, err error) {
		r.draw.Enable()
		if err != nil {
			r.alert(err)
			return
		}
		r.dialog.Hide()
		keys.Inform(r.win, tr.N("Raffle winners", len(got.Names)), raffleMessage(got))
	})
}

// raffleMessage says the winners, one a line, and whom they were drawn
// among.
func raffleMessage(got director.RaffleDraw) string {
	return strings.Join(got.Names, "\n") + "\n\n" + tr.Text(director.RaffleAmong(got.Raffle))
}
