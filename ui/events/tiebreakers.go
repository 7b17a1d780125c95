package events

import (
	"fmt"
	"slices"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/core/rules"
	"tablekeeper/core/standings"
	"tablekeeper/ui/internal/columns"
	"tablekeeper/ui/internal/labels"
	"tablekeeper/ui/internal/toggle"
	"tablekeeper/ui/internal/tr"
)

// tiebreakEditor edits an event's ordered list of tiebreakers: each one
// with buttons to move it up or down or remove it, and a list to add the
// ones not used yet. "random" separates every tie, so it always stays
// last: adding another key puts it before random, and random cannot move.
type tiebreakEditor struct {
	// onResize is called when rows appear or disappear.
	onResize func()

	keys []string
	rows []tieRow
	list *fyne.Container
	none *widget.Label
	add  *widget.Select
	box  *fyne.Container
}

// tieRow is one tiebreaker's line and its buttons.
type tieRow struct {
	label            *widget.Label
	up, down, remove *widget.Button
	object           fyne.CanvasObject
}

func newTiebreakEditor() *tiebreakEditor {
	t := &tiebreakEditor{}
	t.list = container.NewVBox()
	t.none = &widget.Label{Text: tr.L("None: players on equal points share a rank."), Importance: widget.LowImportance}
	t.add = &widget.Select{PlaceHolder: tr.L("Add a tiebreaker…"), OnChanged: t.onAdd}
	title := &widget.Label{Text: tr.L("Tiebreakers, in order"), TextStyle: fyne.TextStyle{Bold: true}}
	hint := columns.Secondary(tr.L("Players on equal points are ordered by the first, then the next…"), false)
	t.box = container.NewVBox(title, hint, t.list, t.none, t.add)
	return t
}

// Keys returns the tiebreakers in order.
func (t *tiebreakEditor) Keys() []string { return slices.Clone(t.keys) }

// set shows keys.
func (t *tiebreakEditor) set(keys []string) {
	t.keys = slices.Clone(keys)
	t.rebuild()
}

func (t *tiebreakEditor) rebuild() {
	for len(t.rows) < len(t.keys) {
		t.rows = append(t.rows, t.newRow(len(t.rows)))
	}
	t.list.Objects = t.list.Objects[:0]
	for i, k := range t.keys {
		r := t.rows[i]
		r.label.SetText(fmt.Sprintf("%d. %s", i+1, labels.TiebreakerLine(k)))
		toggle.Enabled(r.up, i > 0 && k != rules.TieRandom)
		toggle.Enabled(r.down, i < len(t.keys)-1 && t.keys[i+1] != rules.TieRandom)
		t.list.Objects = append(t.list.Objects, r.object)
	}
	t.list.Refresh()
	t.none.Hidden = len(t.keys) > 0
	t.none.Refresh()
	var options []string
	for _, k := range standings.TiebreakerKeys() {
		if !slices.Contains(t.keys, k) {
			options = append(options, labels.TiebreakerLine(k))
		}
	}
	t.add.Options = options
	t.add.Selected = ""
	if len(options) == 0 {
		t.add.Disable()
	} else {
		t.add.Enable()
	}
	t.add.Refresh()
	if t.onResize != nil {
		t.onResize()
	}
}

func (t *tiebreakEditor) newRow(i int) tieRow {
	r := tieRow{
		label:  &widget.Label{Truncation: fyne.TextTruncateEllipsis},
		up:     &widget.Button{Icon: theme.MoveUpIcon(), OnTapped: func() { t.move(i, -1) }},
		down:   &widget.Button{Icon: theme.MoveDownIcon(), OnTapped: func() { t.move(i, 1) }},
		remove: &widget.Button{Icon: theme.DeleteIcon(), OnTapped: func() { t.removeAt(i) }},
	}
	r.object = container.NewBorder(nil, nil, nil, container.NewHBox(r.up, r.down, r.remove), r.label)
	return r
}

// move moves the i-th key by delta places (-1 up, +1 down).
func (t *tiebreakEditor) move(i, delta int) {
	j := i + delta
	if i < 0 || j < 0 || i >= len(t.keys) || j >= len(t.keys) {
		return
	}
	t.keys[i], t.keys[j] = t.keys[j], t.keys[i]
	t.rebuild()
}

func (t *tiebreakEditor) removeAt(i int) {
	if i < 0 || i >= len(t.keys) {
		return
	}
	t.keys = slices.Delete(t.keys, i, i+1)
	t.rebuild()
}

// onAdd adds the tiebreaker chosen in the list: last, but before random.
func (t *tiebreakEditor) onAdd(line string) {
	if line == "" {
		return
	}
	for _, k := range standings.TiebreakerKeys() {
		if labels.TiebreakerLine(k) != line || slices.Contains(t.keys, k) {
			continue
		}
		at := len(t.keys)
		if at > 0 && t.keys[at-1] == rules.TieRandom {
			at--
		}
		t.keys = slices.Insert(t.keys, at, k)
		break
	}
	t.rebuild()
}
