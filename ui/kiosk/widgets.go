package kiosk

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// keyEntry is an entry that tells the kiosk about every key, rune, tap and
// shortcut (each resets the idle timer) and lets the kiosk's own keys (Esc
// back, F12 and Ctrl+Shift+Q for the organizer) work while it has the
// keyboard. Tab always moves on, even from the multi-line decklist, so the
// kiosk is usable with a keyboard only.
type keyEntry struct {
	widget.Entry
	k *Kiosk
	// onArrow, when set, takes the Up and Down keys (the start screen moves
	// through the matches with them).
	onArrow func(up bool)
}

func newEntry(k *Kiosk, placeholder string) *keyEntry {
	e := &keyEntry{k: k}
	e.PlaceHolder = placeholder
	e.ExtendBaseWidget(e)
	return e
}

// TypedKey implements fyne.Focusable.
func (e *keyEntry) TypedKey(ev *fyne.KeyEvent) {
	e.k.input()
	if e.k.key(ev) {
		return
	}
	if e.onArrow != nil && (ev.Name == fyne.KeyUp || ev.Name == fyne.KeyDown) {
		e.onArrow(ev.Name == fyne.KeyUp)
		return
	}
	e.Entry.TypedKey(ev)
}

// TypedRune implements fyne.Focusable.
func (e *keyEntry) TypedRune(r rune) {
	e.k.input()
	e.Entry.TypedRune(r)
}

// TypedShortcut implements fyne.Shortcutable.
func (e *keyEntry) TypedShortcut(s fyne.Shortcut) {
	e.k.input()
	if e.k.shortcut(s) {
		return
	}
	e.Entry.TypedShortcut(s)
}

// Tapped implements fyne.Tappable.
func (e *keyEntry) Tapped(ev *fyne.PointEvent) {
	e.k.input()
	e.Entry.Tapped(ev)
}

// AcceptsTab implements fyne.Tabbable: never, so Tab leaves even the
// decklist.
func (e *keyEntry) AcceptsTab() bool { return false }

// keyButton is a button that Enter presses as well as Space once Tab has
// reached it, and that passes the kiosk's own keys on like keyEntry.
type keyButton struct {
	widget.Button
	k *Kiosk
	// onArrow, when set, takes the Up and Down keys.
	onArrow func(up bool)
}

func newButton(k *Kiosk, text string, icon fyne.Resource, imp widget.Importance, tapped func()) *keyButton {
	b := &keyButton{k: k}
	b.Text, b.Icon, b.Importance, b.OnTapped = text, icon, imp, tapped
	b.ExtendBaseWidget(b)
	return b
}

// TypedKey implements fyne.Focusable.
func (b *keyButton) TypedKey(ev *fyne.KeyEvent) {
	b.k.input()
	switch {
	case b.k.key(ev):
	case ev.Name == fyne.KeyReturn || ev.Name == fyne.KeyEnter:
		b.Button.Tapped(nil)
	case b.onArrow != nil && (ev.Name == fyne.KeyUp || ev.Name == fyne.KeyDown):
		b.onArrow(ev.Name == fyne.KeyUp)
	default:
		b.Button.TypedKey(ev)
	}
}

// TypedShortcut implements fyne.Shortcutable, for Ctrl+Shift+Q.
func (b *keyButton) TypedShortcut(s fyne.Shortcut) {
	b.k.input()
	b.k.shortcut(s)
}

// Tapped implements fyne.Tappable.
func (b *keyButton) Tapped(ev *fyne.PointEvent) {
	b.k.input()
	b.Button.Tapped(ev)
}

// background is the kiosk's ground: a plain rectangle that also counts a
// tap anywhere outside the controls as input, for the idle timer.
type background struct {
	widget.BaseWidget
	k *Kiosk
}

func newBackground(k *Kiosk) *background {
	b := &background{k: k}
	b.ExtendBaseWidget(b)
	return b
}

// CreateRenderer implements fyne.Widget.
func (b *background) CreateRenderer() fyne.WidgetRenderer {
	return widget.NewSimpleRenderer(canvas.NewRectangle(ground))
}

// Tapped implements fyne.Tappable.
func (b *background) Tapped(*fyne.PointEvent) { b.k.input() }

// column lays out one object centred across the width, no wider than max,
// so that lines stay short on a wide screen.
type column struct{ max float32 }

// MinSize implements fyne.Layout.
func (c column) MinSize(objs []fyne.CanvasObject) fyne.Size {
	var s fyne.Size
	for _, o := range objs {
		if o.Visible() {
			s = s.Max(o.MinSize())
		}
	}
	return s
}

// Layout implements fyne.Layout.
func (c column) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	w := min(size.Width, c.max)
	for _, o := range objs {
		o.Move(fyne.NewPos((size.Width-w)/2, 0))
		o.Resize(fyne.NewSize(w, size.Height))
	}
}

// subheading is a heading a size smaller, for a screen's title.
func subheading(text string) *widget.Label {
	l := heading(text)
	l.SizeName = theme.SizeNameSubHeadingText
	return l
}

// heading returns a large bold centred label that wraps.
func heading(text string) *widget.Label {
	return &widget.Label{Text: text, SizeName: theme.SizeNameHeadingText, TextStyle: fyne.TextStyle{Bold: true},
		Alignment: fyne.TextAlignCenter, Wrapping: fyne.TextWrapWord}
}

// line returns a centred label that wraps.
func line(text string) *widget.Label {
	return &widget.Label{Text: text, Alignment: fyne.TextAlignCenter, Wrapping: fyne.TextWrapWord}
}

// buttonRow lays out its visible buttons side by side, equally wide (at
// most maxButton each) and centred.
type buttonRow struct{}

// maxButton is the widest a button of a buttonRow grows.
const maxButton = 560

// rowGap is the gap between the buttons of a buttonRow.
const rowGap = 24

// MinSize implements fyne.Layout.
func (buttonRow) MinSize(objs []fyne.CanvasObject) fyne.Size {
	var s fyne.Size
	n := 0
	for _, o := range objs {
		if o.Visible() {
			m := o.MinSize()
			s.Width = max(s.Width, m.Width)
			s.Height = max(s.Height, m.Height)
			n++
		}
	}
	if n == 0 {
		return fyne.Size{}
	}
	pad := float32(rowGap)
	return fyne.NewSize(s.Width*float32(n)+pad*float32(n-1), s.Height)
}

// Layout implements fyne.Layout.
func (buttonRow) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	var shown []fyne.CanvasObject
	for _, o := range objs {
		if o.Visible() {
			shown = append(shown, o)
		}
	}
	if len(shown) == 0 {
		return
	}
	n := float32(len(shown))
	pad := float32(rowGap)
	w := min(maxButton, (size.Width-pad*(n-1))/n)
	x := (size.Width - w*n - pad*(n-1)) / 2
	for _, o := range shown {
		o.Move(fyne.NewPos(x, 0))
		o.Resize(fyne.NewSize(w, size.Height))
		x += w + pad
	}
}

// row returns buttons in a buttonRow.
func row(buttons ...fyne.CanvasObject) *fyne.Container {
	return container.New(buttonRow{}, buttons...)
}

// fill lays out its objects top to bottom, each at its minimum height
// except the one at index grow, which takes the height left. Unlike a
// border container it keeps the objects' order, which is the order Tab
// visits them in.
type fill struct{ grow int }

// MinSize implements fyne.Layout.
func (f fill) MinSize(objs []fyne.CanvasObject) fyne.Size {
	var s fyne.Size
	for _, o := range objs {
		if o.Visible() {
			m := o.MinSize()
			s.Width = max(s.Width, m.Width)
			s.Height += m.Height + fillGap
		}
	}
	return s
}

// Layout implements fyne.Layout.
func (f fill) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	rest := size.Height
	for i, o := range objs {
		if o.Visible() && i != f.grow {
			rest -= o.MinSize().Height + fillGap
		}
	}
	y := float32(0)
	for i, o := range objs {
		if !o.Visible() {
			continue
		}
		h := o.MinSize().Height
		if i == f.grow {
			h = max(rest, h)
		}
		o.Move(fyne.NewPos(0, y))
		o.Resize(fyne.NewSize(size.Width, h))
		y += h + fillGap
	}
}

// fillGap is the gap between the objects of a fill layout.
const fillGap = 8

// vfill returns objs in a fill layout in which objs[grow] grows.
func vfill(grow int, objs ...fyne.CanvasObject) *fyne.Container {
	return container.New(fill{grow: grow}, objs...)
}
