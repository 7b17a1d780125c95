package registration

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// presentBox is an entry row's Present box. Fyne's check marks its focus
// with a dark circle behind a blue box that nobody sees across a desk, so
// a focused box also gets a ring in the primary colour around it; Space
// toggles it (widget.Check), and Up and Down move to the row above or
// below, scrolling the list, because Tab only reaches the rows on screen.
type presentBox struct {
	widget.Check

	row     int
	focused bool
	// move focuses the Present box of another row (s.focusPresent).
	move func(row int)
}

func newPresentBox(move func(int)) *presentBox {
	b := &presentBox{move: move}
	b.ExtendBaseWidget(b)
	return b
}

// FocusGained implements fyne.Focusable.
func (b *presentBox) FocusGained() {
	b.focused = true
	b.Check.FocusGained()
}

// FocusLost implements fyne.Focusable.
func (b *presentBox) FocusLost() {
	b.focused = false
	b.Check.FocusLost()
}

// TypedKey implements fyne.Focusable: Up and Down go to the next row's box.
func (b *presentBox) TypedKey(ev *fyne.KeyEvent) {
	switch ev.Name {
	case fyne.KeyDown:
		b.move(b.row + 1)
	case fyne.KeyUp:
		b.move(b.row - 1)
	case fyne.KeySpace:
		// Some drivers send Space as a key as well as a rune: the rune
		// toggles, so this does nothing, or the box would toggle twice.
	default:
		b.Check.TypedKey(ev)
	}
}

// CreateRenderer implements fyne.Widget: the check with the ring over it.
func (b *presentBox) CreateRenderer() fyne.WidgetRenderer {
	ring := canvas.NewRectangle(color.Transparent)
	ring.StrokeWidth = 2
	ring.CornerRadius = theme.InputRadiusSize()
	return &presentRenderer{WidgetRenderer: b.Check.CreateRenderer(), box: b, ring: ring}
}

type presentRenderer struct {
	fyne.WidgetRenderer
	box  *presentBox
	ring *canvas.Rectangle
}

func (r *presentRenderer) Objects() []fyne.CanvasObject {
	return append(r.WidgetRenderer.Objects(), r.ring)
}

func (r *presentRenderer) Layout(size fyne.Size) {
	r.WidgetRenderer.Layout(size)
	// Around the box only (the check has no text): as wide as it is tall.
	side := min(size.Height, size.Width)
	r.ring.Resize(fyne.NewSquareSize(side))
	r.ring.Move(fyne.NewPos(0, (size.Height-side)/2))
}

func (r *presentRenderer) Refresh() {
	r.WidgetRenderer.Refresh()
	r.ring.StrokeColor = color.Transparent
	if r.box.focused && !r.box.Disabled() {
		r.ring.StrokeColor = theme.Color(theme.ColorNamePrimary)
	}
	r.ring.Refresh()
}
