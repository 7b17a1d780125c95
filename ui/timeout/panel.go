package timeout

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/core/rules"
	"tablekeeper/ui/internal/columns"
	"tablekeeper/ui/internal/tr"
)

// grid lays out the form's rows in its columns, and keeps the cells that
// change.
func (f *form) grid() fyne.CanvasObject {
	f.entries, f.marks = map[string]*numberEntry{}, map[string]*radioGroup{}
	f.titles, f.previews = map[string]*widget.Label{}, map[string]*widget.Label{}
	cols := make([]columns.Col, len(f.spec.Columns))
	for i, c := range f.spec.Columns {
		cols[i] = columns.Col{Width: c.Width, Grow: c.Grow}
	}
	lay := columns.New(cols...)
	var rows []fyne.CanvasObject
	for _, row := range f.spec.Rows {
		cells := make([]fyne.CanvasObject, len(row))
		for i, c := range row {
			cells[i] = f.cell(c)
		}
		rows = append(rows, lay.Row(cells...))
	}
	return container.NewVBox(rows...)
}

// cell makes the widget of one cell of the grid.
func (f *form) cell(c rules.AtTimeCell) fyne.CanvasObject {
	align := fyne.TextAlignLeading
	if c.Trailing {
		align = fyne.TextAlignTrailing
	}
	switch c.Kind {
	case rules.CellHeading:
		l := &widget.Label{Text: tr.Text(c.Text), Alignment: align, TextStyle: fyne.TextStyle{Bold: true}, Truncation: fyne.TextTruncateEllipsis}
		if c.ID != "" {
			f.titles[c.ID] = l
		}
		return l
	case rules.CellName:
		return &widget.Label{Text: tr.Text(c.Text), Alignment: align, Truncation: fyne.TextTruncateEllipsis}
	case rules.CellSeat:
		return &widget.Label{Text: tr.Text(c.Text), Alignment: align, TextStyle: fyne.TextStyle{Bold: true}}
	case rules.CellEntry:
		return f.entry(c)
	case rules.CellMark:
		return f.mark(c)
	case rules.CellPreview:
		l := &widget.Label{Alignment: align}
		f.previews[c.ID] = l
		return l
	}
	return layout.NewSpacer()
}

// entry makes an entry cell, holding its value, wired to the form.
func (f *form) entry(c rules.AtTimeCell) *numberEntry {
	e := newNumberEntry(c.Placeholder, c.Allow)
	e.SetText(c.Value)
	f.wire(&e.keys)
	e.OnChanged = func(string) { f.changed() }
	f.entries[c.ID] = e
	f.focusFirst(e)
	return e
}

// mark makes a circle of its group, marked as the cell says.
func (f *form) mark(c rules.AtTimeCell) *radio {
	g := f.marks[c.Group]
	if g == nil {
		g = &radioGroup{onChange: f.changed}
		f.marks[c.Group] = g
	}
	// A group's circles come in the order of their index, row by row.
	r := newRadio("")
	f.wire(&r.keys)
	g.add(r)
	r.Selected = c.Marked
	f.focusFirst(r)
	return r
}

// focusFirst keeps w as the first field when it is the first one made.
func (f *form) focusFirst(w fyne.Focusable) {
	if f.first == nil {
		f.first = w
	}
}

// answers are what the fields hold now.
func (f *form) answers() rules.AtTimeAnswers {
	a := rules.AtTimeAnswers{Texts: map[string]string{}, Marks: map[string]int{}}
	for id, e := range f.entries {
		a.Texts[id] = e.Text
	}
	for group, g := range f.marks {
		if i := g.selected(); i >= 0 {
			a.Marks[group] = i
		}
	}
	return a
}

// rule is the line above the fields.
func (f *form) rule() string { return tr.Text(f.spec.Rule) }

// changed follows any change of a field: the headings that depend on the
// answers are retitled (the K8 game in progress), the previews cleared,
// and the decision made again, which fills them.
func (f *form) changed() {
	if f.spec.Titles != nil && f.titles != nil {
		for id, text := range f.spec.Titles(f.answers()) {
			if l := f.titles[id]; l != nil {
				l.SetText(tr.Text(text))
			}
		}
	}
	for _, l := range f.previews {
		l.TextStyle.Bold = false
		l.SetText("")
	}
	if f.decision != nil {
		f.refresh()
	}
}

// decide decides from the answers, and shows the decision's previews.
func (f *form) decide() (rules.AtTimeOutcome, error) {
	out, err := f.spec.Decide(f.answers())
	if err != nil {
		return out, err
	}
	for id, p := range out.Previews {
		if l := f.previews[id]; l != nil {
			l.TextStyle.Bold = p.Bold
			l.SetText(tr.Text(p.Text))
		}
	}
	return out, nil
}

// detail is the decision's explanation in the screen's language.
func detail(out rules.AtTimeOutcome) string {
	if out.Detail == nil {
		return ""
	}
	return out.Detail.In(tr.Lang())
}
