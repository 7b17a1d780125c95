package events

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/ui/internal/columns"
)

// formGrid lays out labelled rows as widget.Form does, except that a row
// can be hidden: the settings that do not apply to the chosen structure
// (a top cut for a round robin) are not shown at all.
type formGrid struct {
	box *fyne.Container
}

func newFormGrid() *formGrid {
	return &formGrid{box: container.New(layout.NewFormLayout())}
}

// formRow is one labelled row of a formGrid.
type formRow struct {
	label   *widget.Label
	content fyne.CanvasObject
}

// add appends a row: a label on the left, w on the right with a one-line
// hint under it when hint is not empty.
func (g *formGrid) add(label string, w fyne.CanvasObject, hint string) *formRow {
	r := &formRow{label: &widget.Label{Text: label, Alignment: fyne.TextAlignTrailing}, content: w}
	if hint != "" {
		r.content = container.NewVBox(w, columns.Secondary(hint, false))
	}
	g.box.Add(r.label)
	g.box.Add(r.content)
	return r
}

// show shows or hides the row.
func (r *formRow) show(on bool) {
	if on {
		r.label.Show()
		r.content.Show()
	} else {
		r.label.Hide()
		r.content.Hide()
	}
}

// visible reports whether the row is shown.
func (r *formRow) visible() bool { return r.content.Visible() }
