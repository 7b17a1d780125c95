// Package events holds the sidebar that lists the events, newest first, and
// the form that creates a new one.
package events

import (
	"context"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/core/rules"
	"tablekeeper/ui/internal/columns"
	"tablekeeper/ui/internal/labels"
	"tablekeeper/ui/internal/tr"
	"tablekeeper/ui/internal/work"
)

// Lister is what the event list reads.
type Lister interface {
	Events(ctx context.Context) ([]director.EventSummary, error)
}

// List is the sidebar: a "New event" button above the events, newest first.
type List struct {
	// OnOpen is called when the organizer selects an event.
	OnOpen func(event.EventID)
	// OnNew is called by the "New event" button.
	OnNew func()

	d     Lister
	run   work.Runner
	alert work.Alert

	events   []director.EventSummary
	selected event.EventID

	newButton *widget.Button
	list      *widget.List
	empty     *widget.Label
	content   fyne.CanvasObject
}

// NewList returns the sidebar; call Reload to fill it.
func NewList(d Lister, run work.Runner, alert work.Alert) *List {
	l := &List{d: d, run: run, alert: alert}
	l.newButton = &widget.Button{Text: tr.L("New event"), Icon: theme.ContentAddIcon(), Importance: widget.HighImportance, OnTapped: l.onNew}
	l.list = &widget.List{Length: l.length, CreateItem: l.createItem, UpdateItem: l.updateItem, OnSelected: l.onSelected}
	l.empty = &widget.Label{Text: tr.L("No events yet.\nCreate one with New event."), Alignment: fyne.TextAlignCenter, Wrapping: fyne.TextWrapWord, Importance: widget.LowImportance}
	title := &widget.Label{Text: tr.L("Events"), TextStyle: fyne.TextStyle{Bold: true}, SizeName: theme.SizeNameSubHeadingText}
	top := container.NewVBox(container.NewBorder(nil, nil, title, l.newButton), widget.NewSeparator())
	l.content = container.NewBorder(top, nil, nil, nil, container.NewStack(l.empty, l.list))
	return l
}

// Content returns the sidebar's widgets.
func (l *List) Content() fyne.CanvasObject { return l.content }

// Reload re-reads the events, keeping the selection.
func (l *List) Reload() {
	work.Call(l.run, l.d.Events, l.show)
}

// Select highlights the event with the given id without calling OnOpen.
func (l *List) Select(id event.EventID) {
	l.selected = id
	for i, e := range l.events {
		if e.ID == id {
			l.list.Select(i)
			l.list.ScrollTo(i)
			return
		}
	}
	l.list.UnselectAll()
}

// Events returns the events shown, newest first.
func (l *List) Events() []director.EventSummary { return l.events }

func (l *List) show(events []director.EventSummary, err error) {
	if err != nil {
		l.alert(err)
		return
	}
	l.events = events
	l.empty.Hidden = len(events) > 0
	l.empty.Refresh()
	l.list.Refresh()
	l.Select(l.selected)
}

func (l *List) onNew() {
	if l.OnNew != nil {
		l.OnNew()
	}
}

func (l *List) onSelected(i widget.ListItemID) {
	if i < 0 || i >= len(l.events) || l.events[i].ID == l.selected {
		return
	}
	l.selected = l.events[i].ID
	if l.OnOpen != nil {
		l.OnOpen(l.selected)
	}
}

func (l *List) length() int { return len(l.events) }

func (l *List) createItem() fyne.CanvasObject {
	name := &widget.Label{TextStyle: fyne.TextStyle{Bold: true}, Truncation: fyne.TextTruncateEllipsis}
	format := &widget.Label{SizeName: theme.SizeNameCaptionText, Truncation: fyne.TextTruncateEllipsis}
	detail := columns.Secondary("", false)
	return columns.Lines(name, format, detail)
}

func (l *List) updateItem(i widget.ListItemID, o fyne.CanvasObject) {
	if i >= len(l.events) {
		return
	}
	e := l.events[i]
	labels := o.(*fyne.Container).Objects
	labels[0].(*widget.Label).SetText(e.Name)
	labels[1].(*widget.Label).SetText(tr.Text(rules.DescribeText(e.Game, e.Format)))
	columns.SetSecondary(labels[2].(*widget.RichText), Detail(e))
}

// Detail is the sidebar's third line for an event: date, state, players
// and round.
func Detail(e director.EventSummary) string {
	s := tr.Date(e.Date) + " · " + labels.State(e.State) + " · " + tr.N("%d players", e.Players, e.Players)
	switch {
	case rules.OpenChallenges(e.Settings):
		// Each challenge game is a round of its own.
		s += " · " + tr.N("%d games", e.Round, e.Round)
	case e.Round > 0:
		s += " · " + tr.F("round %d", e.Round)
	}
	return s
}
