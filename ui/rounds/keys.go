package rounds

import (
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/ui/internal/keys"
)

// The result panel of a multiplayer table is filled from the keyboard: Tab
// moves through its fields, Enter saves and Esc cancels wherever the focus
// is. Fyne hands keys to the focused widget only, so each kind of widget
// in the panel is wrapped to pass Esc (and Enter where the widget ignores
// it) to the panel.

// keyEntry is a one-line entry that passes Esc on (keys.Entry's OnKey),
// selects its text when it gains the focus (so a prefilled value is
// overwritten by typing, as in a spreadsheet), and accepts only the
// characters in allow (all when empty).
type keyEntry struct {
	keys.Entry
	// onRune, when set, sees each typed rune first; it returns true when
	// it used the rune (the Winner field's "t" ticks Time-out).
	onRune func(rune) bool
	allow  string
}

func newKeyEntry(placeholder, allow string, onEscape func()) *keyEntry {
	e := &keyEntry{allow: allow}
	e.PlaceHolder = placeholder
	e.OnKey = map[fyne.KeyName]func(){fyne.KeyEscape: onEscape}
	e.ExtendBaseWidget(e)
	return e
}

// TypedRune implements fyne.Focusable.
func (e *keyEntry) TypedRune(r rune) {
	if e.onRune != nil && e.onRune(r) {
		return
	}
	if e.allow != "" && !strings.ContainsRune(e.allow, r) {
		return
	}
	e.Entry.TypedRune(r)
}

// FocusGained implements fyne.Focusable.
func (e *keyEntry) FocusGained() {
	e.Entry.FocusGained()
	if e.Text != "" {
		e.TypedShortcut(&fyne.ShortcutSelectAll{})
	}
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
