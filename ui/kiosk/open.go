package kiosk

import (
	"context"
	"errors"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/core/event"
	"tablekeeper/ui/internal/work"
)

// Open opens the kiosk for an event in a window of its own, full screen,
// and starts its idle timer. Closing the window asks for the PIN too; the
// right PIN closes the window, then calls the kiosk's OnExit. Set OnExit
// and OnChanged on the result. The organizer must have set a PIN (AskPIN;
// Launch does both).
func Open(a fyne.App, d Director, eventID event.EventID, now func() time.Time) *Kiosk {
	return open(a, d, work.Async{}, eventID, now)
}

// open is Open with the runner of the kiosk's director calls.
func open(a fyne.App, d Director, run work.Runner, eventID event.EventID, now func() time.Time) *Kiosk {
	w := a.NewWindow("Tablekeeper kiosk")
	w.SetPadded(false)
	k := New(d, run, w, eventID, now)
	w.SetContent(k.Content())
	k.Focus()
	w.Resize(fyne.NewSize(1280, 800))
	w.SetCloseIntercept(k.ShowPIN)
	k.closeWindow = w.Close
	w.SetOnClosed(k.Stop)
	w.SetFullScreen(true)
	k.StartTicking()
	w.Show()
	return k
}

// Launch opens the kiosk from the organizer's window: when no PIN is set
// yet it first asks the organizer for one (AskPIN), then it opens the
// kiosk (Open, its director calls through run) and hands it to ready,
// which sets OnExit and OnChanged. Errors show in a dialog on parent.
func Launch(a fyne.App, parent fyne.Window, d Director, run work.Runner, eventID event.EventID, now func() time.Time, ready func(*Kiosk)) {
	show := func() {
		k := open(a, d, run, eventID, now)
		if ready != nil {
			ready(k)
		}
	}
	work.Call(run, func(ctx context.Context) (bool, error) {
		return d.HasKioskPIN(ctx)
	}, func(ok bool, err error) {
		switch {
		case err != nil:
			dialog.ShowError(errors.New(sentence(err)), parent)
		case ok:
			show()
		default:
			AskPIN(parent, d, run, show)
		}
	})
}

// AskPIN asks the organizer, in a dialog on win, for the PIN that leaves
// the kiosk (4 to 8 digits, typed twice), saves it and then calls onSet.
// Call it before the first Open, or to change the PIN.
func AskPIN(win fyne.Window, d Director, run work.Runner, onSet func()) {
	pin := &widget.Entry{Password: true, PlaceHolder: "4 to 8 digits"}
	again := &widget.Entry{Password: true, PlaceHolder: "The same digits again"}
	pin.Validator = func(s string) error {
		if len(s) < 4 || len(s) > 8 || !digits(s) {
			return event.Invalid("a kiosk PIN is 4 to 8 digits")
		}
		return nil
	}
	again.Validator = func(s string) error {
		if s != pin.Text {
			return event.Invalid("the two PINs differ")
		}
		return nil
	}
	pin.OnChanged = func(string) { _ = again.Validate() }
	items := []*widget.FormItem{
		{Text: "PIN", Widget: pin, HintText: "Only you need it: it leaves the kiosk and closes its window."},
		{Text: "Confirm", Widget: again, HintText: "Type the PIN once more."},
	}
	var dlg *dialog.FormDialog
	pin.OnSubmitted = func(string) { win.Canvas().Focus(again) }
	again.OnSubmitted = func(string) { dlg.Submit() }
	dlg = dialog.NewForm("Set the kiosk PIN", "Set PIN", "Cancel", items, func(ok bool) {
		if !ok {
			return
		}
		p := pin.Text
		work.Do(run, func(ctx context.Context) error {
			return d.SetKioskPIN(ctx, p)
		}, func(err error) {
			if err != nil {
				dialog.ShowError(errors.New(sentence(err)), win)
				return
			}
			if onSet != nil {
				onSet()
			}
		})
	}, win)
	dlg.Resize(fyne.NewSize(520, dlg.MinSize().Height))
	dlg.Show()
	win.Canvas().Focus(pin)
}

// digits reports whether s is all ASCII digits.
func digits(s string) bool {
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}
