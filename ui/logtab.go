package ui

import (
	"context"
	"strconv"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/core/event"
	"tablekeeper/ui/internal/columns"
	"tablekeeper/ui/internal/tr"
	"tablekeeper/ui/internal/work"
)

// logReader is what the Log tab calls.
type logReader interface {
	Log(ctx context.Context, id event.EventID) ([]event.LogEntry, error)
}

// logTab is the event's activity log, newest first.
type logTab struct {
	d     logReader
	run   work.Runner
	alert work.Alert

	id      event.EventID
	entries []event.LogEntry // newest first

	cols    *columns.Layout
	list    *widget.List
	content fyne.CanvasObject

	// reads runs the tab's reads one at a time.
	reads work.Reads
}

func newLogTab(d logReader, run work.Runner, alert work.Alert) *logTab {
	l := &logTab{d: d, run: run, alert: alert}
	l.cols = columns.New(columns.Col{Width: 205}, columns.Col{Width: 70}, columns.Col{Width: 300, Grow: 1})
	l.list = &widget.List{Length: l.length, CreateItem: l.createItem, UpdateItem: l.updateItem}
	l.content = container.NewBorder(container.NewVBox(l.cols.Header(tr.L("Time"), tr.L("Round"), tr.L("What happened")), widget.NewSeparator()), nil, nil, nil, l.list)
	return l
}

func (l *logTab) load(id event.EventID) {
	if id != l.id {
		// Never the log of the event shown before while this one's is read.
		l.entries = nil
		l.list.Refresh()
	}
	l.id = id
	work.Read(&l.reads, l.run, func(ctx context.Context) ([]event.LogEntry, error) {
		return l.d.Log(ctx, id)
	}, work.Shown(l.alert, func() bool { return id == l.id }, func(entries []event.LogEntry) {
		// The director gives the oldest first; the organizer wants the
		// latest change on top.
		l.entries = make([]event.LogEntry, len(entries))
		for i, e := range entries {
			l.entries[len(entries)-1-i] = e
		}
		l.list.Refresh()
	}))
}

func (l *logTab) length() int { return len(l.entries) }

func (l *logTab) createItem() fyne.CanvasObject {
	return l.cols.Row(columns.Cell(), &widget.Label{Alignment: fyne.TextAlignCenter}, columns.Cell())
}

func (l *logTab) updateItem(i widget.ListItemID, o fyne.CanvasObject) {
	if i >= len(l.entries) {
		return
	}
	e := l.entries[i]
	cells := o.(*fyne.Container).Objects
	cells[0].(*widget.Label).SetText(tr.DateTime(e.At.Local()))
	round := "—"
	if e.Round > 0 {
		round = strconv.Itoa(e.Round)
	}
	cells[1].(*widget.Label).SetText(round)
	cells[2].(*widget.Label).SetText(e.Message.In(tr.Lang()))
}
