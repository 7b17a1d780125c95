package rounds

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/ui/internal/tr"
)

// pinAlert is the Round tab's banner of guesses on the store network
// (issue 19; issue 27: wrong PINs, player codes and table codes, with
// their devices and addresses): the organizer spends the event on this
// tab, so a guesser shows here too, not only on the Store network panel,
// with a button that opens the panel where the PINs are renewed.
type pinAlert struct {
	box  *fyne.Container
	text *widget.Label
	open *widget.Button
	// onOpen opens the Store network panel.
	onOpen func()
}

func newPINAlert() *pinAlert {
	a := &pinAlert{}
	a.text = &widget.Label{Wrapping: fyne.TextWrapWord, TextStyle: fyne.TextStyle{Bold: true}}
	a.open = &widget.Button{Text: tr.L("Store network…"), Icon: theme.WarningIcon(), OnTapped: func() {
		if a.onOpen != nil {
			a.onOpen()
		}
	}}
	tint := canvas.NewRectangle(color.NRGBA{R: 0xf4, G: 0x43, B: 0x36, A: 0x30})
	tint.CornerRadius = theme.InputRadiusSize()
	body := container.NewBorder(nil, nil, widget.NewIcon(theme.ErrorIcon()), container.NewCenter(a.open), a.text)
	a.box = container.NewStack(tint, container.NewPadded(body))
	a.box.Hide()
	return a
}

// SetPINAlert shows the alert of guesses on the store network, with a
// button that calls open (the Store network panel); "" hides it.
func (s *Screen) SetPINAlert(text string, open func()) {
	s.pins.onOpen = open
	if text == s.pins.text.Text && s.pins.box.Visible() == (text != "") {
		return
	}
	s.pins.text.SetText(text)
	if text == "" {
		s.pins.box.Hide()
	} else {
		s.pins.box.Show()
	}
}

// PINAlert is the alert the banner shows, "" when hidden.
func (s *Screen) PINAlert() string {
	if !s.pins.box.Visible() {
		return ""
	}
	return s.pins.text.Text
}
