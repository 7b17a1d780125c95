// Package keys holds the widgets that keyboard-driven panels and forms
// share: Fyne hands keys to the focused widget only, so a panel that saves
// on Enter and cancels on Esc wherever the focus is needs widgets that
// pass those keys on.
package keys

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/ui/internal/tr"
)

// Button is a button that Enter presses too, and that passes Esc on.
type Button struct {
	widget.Button

	// OnEscape is called when Esc is pressed on the button.
	OnEscape func()
}

// NewButton returns a Button with a label, an icon and what a tap does.
func NewButton(text string, icon fyne.Resource, tapped func()) *Button {
	b := &Button{}
	b.Text, b.Icon, b.OnTapped = text, icon, tapped
	b.ExtendBaseWidget(b)
	return b
}

// TypedKey implements fyne.Focusable.
func (b *Button) TypedKey(ev *fyne.KeyEvent) {
	switch ev.Name {
	case fyne.KeyEscape:
		if b.OnEscape != nil {
			b.OnEscape()
		}
	case fyne.KeyReturn, fyne.KeyEnter:
		if !b.Disabled() {
			b.Tapped(nil)
		}
	default:
		b.Button.TypedKey(ev)
	}
}

// NewCancelSave returns a dialog's Cancel button and its Save button,
// labelled save and marked as the one to press; Esc on either cancels.
func NewCancelSave(save string, onCancel, onSave func()) (cancelButton, saveButton *Button) {
	cancelButton = NewButton(tr.L("Cancel"), theme.CancelIcon(), onCancel)
	cancelButton.OnEscape = onCancel
	saveButton = NewButton(save, theme.DocumentSaveIcon(), onSave)
	saveButton.Importance = widget.HighImportance
	saveButton.OnEscape = onCancel
	return cancelButton, saveButton
}
