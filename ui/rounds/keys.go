package rounds

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/ui/internal/keys"
)

// The result panel of a multiplayer table is filled from the keyboard: Tab
// moves through its fields, Enter saves and Esc cancels wherever the focus
// is. Fyne hands keys to the focused widget only, so each kind of widget
// in the panel is wrapped to pass Esc (and Enter where the widget ignores
// it) to the panel.

// keyEntry is a cell entry (keys.CellEntry) that passes Esc on.
type keyEntry = keys.CellEntry

func newKeyEntry(placeholder, allow string, onEscape func()) *keyEntry {
	e := keys.NewCellEntry(placeholder, allow)
	e.OnKey = map[fyne.KeyName]func(){fyne.KeyEscape: onEscape}
	return e
}

// keyCheck is a check box that passes Esc and Enter on (Space ticks it).
type keyCheck struct {
	widget.Check

	onEscape, onEnter func()
}

func newKeyCheck(text string) *keyCheck {
	c := &keyCheck{}
	c.Text = text
	c.ExtendBaseWidget(c)
	return c
}

// TypedKey implements fyne.Focusable.
func (c *keyCheck) TypedKey(ev *fyne.KeyEvent) {
	switch ev.Name {
	case fyne.KeyEscape:
		if c.onEscape != nil {
			c.onEscape()
		}
	case fyne.KeyReturn, fyne.KeyEnter:
		if c.onEnter != nil {
			c.onEnter()
		}
	default:
		c.Check.TypedKey(ev)
	}
}
