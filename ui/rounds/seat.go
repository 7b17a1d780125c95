package rounds

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// seatCell is a player's name in a table row. While the round is a draft
// it looks and acts like a button: a click picks the player for a swap,
// and the picked player stays highlighted until the second click. Once the
// round is published it reads as plain text, and a click on it does what
// a click elsewhere on the row does (fill the Table field).
type seatCell struct {
	widget.BaseWidget

	// OnTapped is called when the name is clicked.
	OnTapped func()

	label     *widget.Label
	clickable bool
	picked    bool
	hovered   bool
	// strong shows the name in bold (a winner at a multiplayer table).
	strong bool
	// compact makes the cell one line of a stacked seat column: its
	// height is a line's (see lineStride), not a label's with padding.
	compact bool
}

func newSeatCell(align fyne.TextAlign) *seatCell {
	c := &seatCell{label: &widget.Label{Alignment: align, Truncation: fyne.TextTruncateEllipsis}}
	c.ExtendBaseWidget(c)
	return c
}

// newCompactSeatCell returns a seat cell for a line of a multiplayer
// table's stacked seats.
func newCompactSeatCell() *seatCell {
	c := newSeatCell(fyne.TextAlignLeading)
	c.compact = true
	return c
}

// Text returns the name shown.
func (c *seatCell) Text() string { return c.label.Text }

// set shows a name; clickable makes it a button, picked highlights it.
func (c *seatCell) set(text string, clickable, picked bool) {
	c.label.Text = text
	c.clickable = clickable
	c.picked = picked && clickable
	c.label.TextStyle.Bold = c.picked || c.strong
	if c.picked {
		c.label.Importance = widget.HighImportance
	} else {
		c.label.Importance = widget.MediumImportance
	}
	if !clickable {
		c.hovered = false
	}
	c.Refresh()
}

// Tapped implements fyne.Tappable.
func (c *seatCell) Tapped(*fyne.PointEvent) {
	if c.OnTapped != nil {
		c.OnTapped()
	}
}

// Cursor implements desktop.Cursorable: a hand while the name is a button.
func (c *seatCell) Cursor() desktop.Cursor {
	if c.clickable {
		return desktop.PointerCursor
	}
	return desktop.DefaultCursor
}

// MouseIn implements desktop.Hoverable.
func (c *seatCell) MouseIn(*desktop.MouseEvent) {
	c.hovered = c.clickable
	c.Refresh()
}

// MouseMoved implements desktop.Hoverable.
func (c *seatCell) MouseMoved(*desktop.MouseEvent) {}

// MouseOut implements desktop.Hoverable.
func (c *seatCell) MouseOut() {
	c.hovered = false
	c.Refresh()
}

// CreateRenderer implements fyne.Widget.
func (c *seatCell) CreateRenderer() fyne.WidgetRenderer {
	bg := canvas.NewRectangle(color.Transparent)
	r := &seatRenderer{cell: c, bg: bg, objects: []fyne.CanvasObject{bg, c.label}}
	r.Refresh()
	return r
}

type seatRenderer struct {
	cell    *seatCell
	bg      *canvas.Rectangle
	objects []fyne.CanvasObject
}

func (r *seatRenderer) Layout(size fyne.Size) {
	inset := theme.Padding() / 2
	r.bg.Move(fyne.NewPos(0, inset))
	r.bg.Resize(fyne.NewSize(size.Width, size.Height-2*inset))
	// A compact cell is shorter than its label: the label keeps its
	// height and is centred, its padding reaching over the cell's edges.
	h := max(size.Height, r.cell.label.MinSize().Height)
	r.cell.label.Move(fyne.NewPos(0, (size.Height-h)/2))
	r.cell.label.Resize(fyne.NewSize(size.Width, h))
}

func (r *seatRenderer) MinSize() fyne.Size {
	m := r.cell.label.MinSize()
	if r.cell.compact {
		m.Height = lineStride()
	}
	return m
}

func (r *seatRenderer) Refresh() {
	th := r.cell.Theme()
	v := fyne.CurrentApp().Settings().ThemeVariant()
	r.bg.CornerRadius = th.Size(theme.SizeNameInputRadius)
	r.bg.StrokeWidth = 0
	switch {
	case r.cell.picked:
		r.bg.FillColor = th.Color(theme.ColorNameSelection, v)
		r.bg.StrokeColor = th.Color(theme.ColorNamePrimary, v)
		r.bg.StrokeWidth = 2
	case r.cell.clickable && r.cell.hovered:
		r.bg.FillColor = th.Color(theme.ColorNameButton, v)
		r.bg.StrokeColor = th.Color(theme.ColorNamePrimary, v)
		r.bg.StrokeWidth = 1
	case r.cell.clickable:
		r.bg.FillColor = th.Color(theme.ColorNameButton, v)
	default:
		r.bg.FillColor = color.Transparent
	}
	r.bg.Refresh()
	r.cell.label.Refresh()
}

func (r *seatRenderer) Objects() []fyne.CanvasObject { return r.objects }

func (r *seatRenderer) Destroy() {}
