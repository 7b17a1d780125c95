package kiosk

import (
	"context"
	"errors"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/core/event"
	"tablekeeper/ui/internal/keys"
	"tablekeeper/ui/internal/tr"
	"tablekeeper/ui/internal/work"
)

// Open opens the kiosk for an event in a window of its own, full screen,
// and starts its idle timer. While it runs, organizer (the organizer's
// window; nil for none) is hidden, so that Alt+Tab cannot reach it and
// Alt+F4 cannot close it: closing the kiosk's window, Ctrl+W and Ctrl+Q
// only open the PIN pad, and the right PIN closes the kiosk, shows the
// organizer's window again, focused, then calls the kiosk's OnExit. Set
// OnExit and OnChanged on the result. The organizer must have set a PIN
// (AskPIN; Launch does both).
func Open(a fyne.App, organizer fyne.Window, d Deps, eventID event.EventID, now func() time.Time) *Kiosk {
	return openIn(a.NewWindow(tr.L(windowTitle)), organizer, d, work.Async{}, eventID, now)
}

// windowTitle is the kiosk window's title.
var windowTitle = tr.K("Tablekeeper kiosk")

// openIn is Open in the window w, with the runner of the kiosk's director
// calls.
func openIn(w, organizer fyne.Window, d Deps, run work.Runner, eventID event.EventID, now func() time.Time) *Kiosk {
	w.SetPadded(false)
	k := New(d, run, w, eventID, now)
	w.SetContent(k.Content())
	k.Focus()
	w.Resize(fyne.NewSize(1280, 800))
	// A close request (the window's close button, Alt+F4, the window
	// list) never closes the kiosk: it asks for the PIN.
	w.SetCloseIntercept(k.ShowPIN)
	k.closeWindow = w.Close
	// A window destroyed without the PIN (killed by the window manager)
	// still gives the organizer's window back: hidden, with the kiosk gone,
	// the app would run on with no window anyone can reach.
	w.SetOnClosed(k.closed)
	w.SetFullScreen(true)
	k.StartTicking()
	w.Show()
	if organizer != nil {
		k.organizer = organizer
		organizer.Hide()
	}
	// Show desktop (Super+D) or a minimise takes the focus from every
	// window of the app: the kiosk comes back on top (and again at each
	// tick while it is away) rather than leave a black screen.
	if a := fyne.CurrentApp(); a != nil {
		a.Lifecycle().SetOnExitedForeground(func() { k.setAway(true) })
		a.Lifecycle().SetOnEnteredForeground(func() { k.setAway(false) })
		k.unhook = func() {
			a.Lifecycle().SetOnExitedForeground(nil)
			a.Lifecycle().SetOnEnteredForeground(nil)
		}
	}
	w.RequestFocus()
	return k
}

// Launch opens the kiosk from the organizer's window parent: when no PIN
// is set yet it first asks the organizer for one (AskPIN), then it opens
// the kiosk (Open, its director calls through run), hides parent until the
// right PIN, and hands the kiosk to ready, which sets OnExit and OnChanged.
// Errors show in a dialog on parent.
func Launch(a fyne.App, parent fyne.Window, d Deps, run work.Runner, eventID event.EventID, now func() time.Time, ready func(*Kiosk)) {
	launch(func() fyne.Window { return a.NewWindow(tr.L(windowTitle)) }, parent, d, run, eventID, now, ready)
}

// launch is Launch with the function that makes the kiosk's window.
func launch(newWindow func() fyne.Window, parent fyne.Window, d Deps, run work.Runner, eventID event.EventID, now func() time.Time, ready func(*Kiosk)) {
	show := func() {
		k := openIn(newWindow(), parent, d, run, eventID, now)
		if ready != nil {
			ready(k)
		}
	}
	work.Call(run, func(ctx context.Context) (bool, error) {
		return d.Kiosk.HasKioskPIN(ctx)
	}, func(ok bool, err error) {
		switch {
		case err != nil:
			dialog.ShowError(errors.New(sentence(err)), parent)
		case ok:
			show()
		default:
			AskPIN(parent, d.Kiosk, run, show)
		}
	})
}

// AskPIN asks the organizer, in a dialog on win, for the PIN that leaves
// the kiosk (4 to 8 digits, typed twice), saves it and then calls onSet.
// Call it before the first Open, or to change the PIN.
func AskPIN(win fyne.Window, d PINs, run work.Runner, onSet func()) {
	// Entries that pass Esc on, so that Esc cancels wherever the cursor is.
	var dlg *dialog.FormDialog
	cancel := func() { dlg.Hide() }
	pin := keys.NewFormEntry(tr.L("4 to 8 digits"), nil, cancel)
	again := keys.NewFormEntry(tr.L("The same digits again"), nil, cancel)
	pin.Password, again.Password = true, true
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
		{Text: tr.L("PIN"), Widget: pin, HintText: tr.L("Only you need it: it leaves the kiosk and closes its window.")},
		{Text: tr.L("Confirm"), Widget: again, HintText: tr.L("Type the PIN once more.")},
	}
	pin.OnSubmitted = func(string) { win.Canvas().Focus(again) }
	again.OnSubmitted = func(string) { dlg.Submit() }
	dlg = dialog.NewForm(tr.L("Set the kiosk PIN"), tr.L("Set PIN"), tr.L("Cancel"), items, func(ok bool) {
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
