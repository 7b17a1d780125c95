package keys

import (
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/ui/internal/columns"
	"tablekeeper/ui/internal/tr"
)

// Confirm is a question with two answers that the keyboard can give:
// Enter takes the focused answer (the safe one unless the question says
// otherwise), Tab moves between them, Esc dismisses. Fyne's own confirm
// dialog ignores both keys, so a question in the middle of keyboard entry
// would swallow what the organizer types next.
type Confirm struct {
	dialog   *dialog.CustomDialog
	win      fyne.Window
	yes, no  *Button
	first    *Button // the answer Enter gives
	answer   func(bool)
	answered bool
	// restore is what had the focus before the question: it gets it back.
	restore fyne.Focusable
}

// ConfirmOptions words a question.
type ConfirmOptions struct {
	Title, Message string
	// Yes and No label the answers ("Finish event", "Cancel").
	Yes, No string
	// YesByDefault puts Enter on Yes; otherwise Enter answers No, so a
	// stray Enter never does what cannot be undone.
	YesByDefault bool
	// Danger marks Yes as destructive (red).
	Danger bool
}

// NewConfirm builds a question; answer is called once, with true for Yes.
// Show shows it.
func NewConfirm(win fyne.Window, o ConfirmOptions, answer func(bool)) *Confirm {
	c := &Confirm{win: win, answer: answer}
	if o.No == "" {
		o.No = tr.L("Cancel")
	}
	c.yes = NewButton(o.Yes, theme.ConfirmIcon(), c.Confirm)
	c.no = NewButton(o.No, theme.CancelIcon(), c.Dismiss)
	c.yes.OnEscape, c.no.OnEscape = c.Dismiss, c.Dismiss
	switch {
	case o.Danger:
		c.yes.Importance = widget.DangerImportance
	case o.YesByDefault:
		c.yes.Importance = widget.HighImportance
	}
	msg := &widget.Label{Text: o.Message, Wrapping: fyne.TextWrapWord}
	hint := &widget.Label{Text: tr.F("Enter: %[1]s · Tab, then Enter: %[2]s · Esc: %[1]s", o.No, o.Yes), Importance: widget.LowImportance}
	first := c.no
	if o.YesByDefault {
		hint.Text = tr.F("Enter: %[1]s · Esc: %[2]s", o.Yes, o.No)
		first = c.yes
	}
	body := container.NewVBox(
		container.New(columns.MinWidth{Width: 480}, msg),
		hint,
	)
	c.dialog = dialog.NewCustomWithoutButtons(o.Title, body, win)
	c.dialog.SetButtons([]fyne.CanvasObject{container.NewHBox(layout.NewSpacer(), c.no, c.yes)})
	c.first = first
	return c
}

// Show shows the question with the focus on the default answer.
func (c *Confirm) Show() {
	c.restore = c.win.Canvas().Focused()
	c.answered = false
	c.dialog.Show()
	c.win.Canvas().Focus(c.first)
}

// Confirm answers Yes.
func (c *Confirm) Confirm() { c.close(true) }

// Dismiss answers No.
func (c *Confirm) Dismiss() { c.close(false) }

func (c *Confirm) close(yes bool) {
	if c.answered {
		return
	}
	c.answered = true
	c.dialog.Hide()
	if c.restore != nil {
		c.win.Canvas().Focus(c.restore)
	}
	if c.answer != nil {
		c.answer(yes)
	}
}

// Visible reports whether the question is on screen.
func (c *Confirm) Visible() bool { return !c.answered && c.dialog != nil }

// longMessage is the number of lines from which Inform scrolls.
const longMessage = 14

// Inform shows a message with one OK button that Enter and Esc press, and
// gives the focus back to what had it. It returns the dialog.
func Inform(win fyne.Window, title, message string) *Confirm {
	c := &Confirm{win: win}
	c.yes = NewButton(tr.L("OK"), theme.ConfirmIcon(), c.Confirm)
	c.yes.OnEscape = c.Confirm
	c.yes.Importance = widget.HighImportance
	c.no, c.first = c.yes, c.yes
	msg := &widget.Label{Text: message, Wrapping: fyne.TextWrapWord}
	var body fyne.CanvasObject = container.New(columns.MinWidth{Width: 420}, msg)
	if strings.Count(message, "\n") >= longMessage {
		// A long list scrolls inside a dialog that fits the window.
		scroll := container.NewVScroll(msg)
		scroll.SetMinSize(fyne.NewSize(520, min(win.Canvas().Size().Height*0.6, 480)))
		body = scroll
	}
	c.dialog = dialog.NewCustomWithoutButtons(title, body, win)
	c.dialog.SetButtons([]fyne.CanvasObject{c.yes})
	c.Show()
	return c
}

// EscapeDismisses makes Esc call dismiss while the window's top overlay
// is the one shown now (call it right after showing a dialog) and nothing
// in it took the key: Fyne's custom dialogs ignore Esc, and with nothing
// focused the key goes to the window's canvas. Other keys go on to the
// canvas's own handler. The returned func puts that handler back: call it
// when the dialog closes.
func EscapeDismisses(win fyne.Window, dismiss func()) (restore func()) {
	c := win.Canvas()
	top := c.Overlays().Top()
	prev := c.OnTypedKey()
	c.SetOnTypedKey(func(ev *fyne.KeyEvent) {
		if ev.Name == fyne.KeyEscape && top != nil && c.Overlays().Top() == top {
			dismiss()
			return
		}
		if prev != nil {
			prev(ev)
		}
	})
	return func() { c.SetOnTypedKey(prev) }
}

// List is a list that passes Esc on (Fyne's list swallows every key it
// is given once Tab has focused it).
type List struct {
	widget.List
	// OnEscape is called when Esc is pressed on the list.
	OnEscape func()
}

// NewList returns a List of length items made by create and filled by
// update.
func NewList(length func() int, create func() fyne.CanvasObject, update func(widget.ListItemID, fyne.CanvasObject)) *List {
	l := &List{}
	l.Length, l.CreateItem, l.UpdateItem = length, create, update
	l.ExtendBaseWidget(l)
	return l
}

// TypedKey implements fyne.Focusable.
func (l *List) TypedKey(ev *fyne.KeyEvent) {
	if ev.Name == fyne.KeyEscape && l.OnEscape != nil {
		l.OnEscape()
		return
	}
	l.List.TypedKey(ev)
}
