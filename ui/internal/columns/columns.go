// Package columns lays out the rows of the screens' lists as fixed columns,
// so that a header row and every list row line up: each column has a
// minimum width, and the width left over is shared among the columns that
// grow, in proportion to their weight.
package columns

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// Col is one column: its minimum width and its share of the spare width
// (0: fixed width).
type Col struct {
	Width float32
	Grow  float32
}

// Layout places objects side by side, one per column.
type Layout struct {
	cols []Col
}

// New returns a layout with the given columns.
func New(cols ...Col) *Layout { return &Layout{cols: cols} }

// Set changes the columns of every row laid out by l (a screen whose
// columns depend on what it shows). Rows take the new widths when they are
// laid out again: refresh them.
func (l *Layout) Set(cols ...Col) { l.cols = cols }

// MinSize is the sum of the column widths with padding between them, and
// the tallest object's height.
func (l *Layout) MinSize(objects []fyne.CanvasObject) fyne.Size {
	pad := theme.Padding()
	var w, h float32
	for i, c := range l.cols {
		if i > 0 {
			w += pad
		}
		w += c.Width
	}
	for _, o := range objects {
		if o.Visible() {
			h = max(h, o.MinSize().Height)
		}
	}
	return fyne.NewSize(w, h)
}

// Layout implements fyne.Layout.
func (l *Layout) Layout(objects []fyne.CanvasObject, size fyne.Size) {
	spare := max(size.Width-l.MinSize(nil).Width, 0)
	var grow float32
	for _, c := range l.cols {
		grow += c.Grow
	}
	x := float32(0)
	for i, o := range objects {
		if i >= len(l.cols) {
			o.Resize(fyne.NewSize(0, 0))
			continue
		}
		c := l.cols[i]
		w := c.Width
		if grow > 0 {
			w += spare * c.Grow / grow
		}
		o.Move(fyne.NewPos(x, 0))
		o.Resize(fyne.NewSize(w, size.Height))
		x += w + theme.Padding()
	}
}

// Row returns a container laying out cells in the columns.
func (l *Layout) Row(cells ...fyne.CanvasObject) *fyne.Container {
	return container.New(l, cells...)
}

// Header returns a header row of bold, truncated labels.
func (l *Layout) Header(titles ...string) *fyne.Container {
	cells := make([]fyne.CanvasObject, len(titles))
	for i, t := range titles {
		cells[i] = &widget.Label{Text: t, TextStyle: fyne.TextStyle{Bold: true}, Truncation: fyne.TextTruncateEllipsis}
	}
	return l.Row(cells...)
}

// Cell returns a label for a list cell: truncated with an ellipsis, so a
// long name never spills into the next column.
func Cell() *widget.Label {
	return &widget.Label{Truncation: fyne.TextTruncateEllipsis}
}

// Lines stacks objects (usually labels) with less space between them than
// a VBox leaves, so that a main line and its secondary lines read as one
// list item.
func Lines(objects ...fyne.CanvasObject) *fyne.Container {
	return container.New(lines{}, objects...)
}

type lines struct{}

// overlap is how much each label's padding is tucked under the one above.
func overlap() float32 { return theme.Padding() * 1.5 }

func (lines) MinSize(objects []fyne.CanvasObject) fyne.Size {
	var s fyne.Size
	n := 0
	for _, o := range objects {
		if !o.Visible() {
			continue
		}
		m := o.MinSize()
		s.Width = max(s.Width, m.Width)
		s.Height += m.Height
		if n > 0 {
			s.Height -= overlap()
		}
		n++
	}
	return s
}

func (lines) Layout(objects []fyne.CanvasObject, size fyne.Size) {
	y := float32(0)
	n := 0
	for _, o := range objects {
		if !o.Visible() {
			continue
		}
		if n > 0 {
			y -= overlap()
		}
		h := o.MinSize().Height
		o.Move(fyne.NewPos(0, y))
		o.Resize(fyne.NewSize(size.Width, h))
		y += h
		n++
	}
}

// Secondary returns small text in the theme's placeholder colour, for
// explanations and hints that should read as less important than the
// main text without fading away like disabled text.
func Secondary(text string, wrap bool) *widget.RichText {
	rt := &widget.RichText{Truncation: fyne.TextTruncateEllipsis, Scroll: fyne.ScrollNone}
	if wrap {
		rt.Truncation = fyne.TextTruncateOff
		rt.Wrapping = fyne.TextWrapWord
	}
	SetSecondary(rt, text)
	return rt
}

// SetSecondary changes the text of a Secondary.
func SetSecondary(rt *widget.RichText, text string) {
	rt.Segments = []widget.RichTextSegment{&widget.TextSegment{
		Text:  text,
		Style: widget.RichTextStyle{ColorName: theme.ColorNamePlaceHolder, SizeName: theme.SizeNameCaptionText, Inline: true},
	}}
	rt.Refresh()
}

// MinWidth is a layout for one object that is never narrower than Width,
// so a dialog keeps its width while its text changes.
type MinWidth struct{ Width float32 }

// MinSize implements fyne.Layout.
func (l MinWidth) MinSize(objects []fyne.CanvasObject) fyne.Size {
	m := objects[0].MinSize()
	return fyne.NewSize(max(m.Width, l.Width), m.Height)
}

// Layout implements fyne.Layout.
func (l MinWidth) Layout(objects []fyne.CanvasObject, size fyne.Size) {
	objects[0].Move(fyne.NewPos(0, 0))
	objects[0].Resize(size)
}

// Problem returns the bold red label in which a form says what stops it,
// wrapped, hidden until SetProblem gives it a text.
func Problem() *widget.Label {
	l := &widget.Label{Wrapping: fyne.TextWrapWord, Importance: widget.DangerImportance, TextStyle: fyne.TextStyle{Bold: true}}
	l.Hide()
	return l
}

// SetProblem shows text in a Problem, or hides it when text is empty.
func SetProblem(l *widget.Label, text string) {
	l.SetText(text)
	if text == "" {
		l.Hide()
	} else {
		l.Show()
	}
}
