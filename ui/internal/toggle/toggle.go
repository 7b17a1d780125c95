// Package toggle shows or hides, enables or disables a widget by a flag,
// calling Fyne only when the state changes, so a screen can set every
// widget from its data on each redraw without refreshing what is unchanged.
package toggle

import "fyne.io/fyne/v2"

// Visible shows o when on is set and hides it otherwise.
func Visible(o fyne.CanvasObject, on bool) {
	if on == o.Visible() {
		return
	}
	if on {
		o.Show()
	} else {
		o.Hide()
	}
}

// Enabled enables w when on is set and disables it otherwise.
func Enabled(w fyne.Disableable, on bool) {
	if on == !w.Disabled() {
		return
	}
	if on {
		w.Enable()
	} else {
		w.Disable()
	}
}
