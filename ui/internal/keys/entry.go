package keys

import (
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"
)

// Entry is a text field that also answers keys an entry ignores (F2,
// F5…): Fyne gives keys to the focused widget only, so a key that must
// work while the cursor is in a field has to be caught there.
type Entry struct {
	widget.Entry
	// OnKey maps a key to what it does; other keys type as usual.
	OnKey map[fyne.KeyName]func()
}

// NewEntry returns an Entry with a placeholder.
func NewEntry(placeholder string) *Entry {
	e := &Entry{}
	e.PlaceHolder = placeholder
	e.ExtendBaseWidget(e)
	return e
}

// TypedKey implements fyne.Focusable.
func (e *Entry) TypedKey(ev *fyne.KeyEvent) {
	if f, ok := e.OnKey[ev.Name]; ok && f != nil {
		f()
		return
	}
	e.Entry.TypedKey(ev)
}

// NewFormEntry returns an Entry for a dialog's form: Enter submits, Esc
// cancels, wherever in the form the cursor is.
func NewFormEntry(placeholder string, submit func(string), cancel func()) *Entry {
	e := NewEntry(placeholder)
	e.OnSubmitted = submit
	e.OnKey = map[fyne.KeyName]func(){fyne.KeyEscape: cancel}
	return e
}

// CellEntry is a one-line Entry for a form's cell, as in a spreadsheet: it
// takes only the characters in Allow (all when empty), and selects its
// text when it gains the focus, so that typing replaces a prefilled value.
type CellEntry struct {
	Entry
	// Allow lists the characters the cell takes; empty: all.
	Allow string
	// OnRune, when set, sees each typed rune first; it returns true when
	// it used the rune.
	OnRune func(rune) bool
}

// NewCellEntry returns a CellEntry with a placeholder, taking the
// characters in allow. A type that embeds it calls ExtendBaseWidget itself.
func NewCellEntry(placeholder, allow string) *CellEntry {
	e := &CellEntry{Allow: allow}
	e.PlaceHolder = placeholder
	e.ExtendBaseWidget(e)
	return e
}

// TypedRune implements fyne.Focusable.
func (e *CellEntry) TypedRune(r rune) {
	if e.OnRune != nil && e.OnRune(r) {
		return
	}
	if e.Allow != "" && !strings.ContainsRune(e.Allow, r) {
		return
	}
	e.Entry.TypedRune(r)
}

// FocusGained implements fyne.Focusable.
func (e *CellEntry) FocusGained() {
	e.Entry.FocusGained()
	if e.Text != "" {
		e.TypedShortcut(&fyne.ShortcutSelectAll{})
	}
}
