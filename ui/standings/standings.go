// Package standings is the Standings tab of an event: rank, points, record
// and the tiebreakers, dropped players marked.
package standings

import (
	"context"
	"fmt"
	"strconv"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/core/event"
	"tablekeeper/core/standings"
	"tablekeeper/ui/internal/columns"
	"tablekeeper/ui/internal/work"
)

// Director is what the standings tab calls.
type Director interface {
	Standings(ctx context.Context, id event.EventID) ([]standings.Standing, error)
}

// Screen is the Standings tab.
type Screen struct {
	d     Director
	run   work.Runner
	alert work.Alert

	eventID event.EventID
	rows    []standings.Standing

	cols    *columns.Layout
	list    *widget.List
	empty   *widget.Label
	content fyne.CanvasObject
}

// New returns the tab; Load shows an event's standings in it.
func New(d Director, run work.Runner, alert work.Alert) *Screen {
	s := &Screen{d: d, run: run, alert: alert}
	s.cols = columns.New(
		columns.Col{Width: 50},           // rank
		columns.Col{Width: 200, Grow: 1}, // name
		columns.Col{Width: 60},           // points
		columns.Col{Width: 80},           // W-L-D
		columns.Col{Width: 80},           // OMW%
		columns.Col{Width: 80},           // GW%
		columns.Col{Width: 80},           // OGW%
	)
	s.list = &widget.List{Length: s.length, CreateItem: s.createItem, UpdateItem: s.updateItem}
	s.empty = &widget.Label{Text: "Nobody is registered yet.", Alignment: fyne.TextAlignCenter, Importance: widget.LowImportance}
	header := s.cols.Row(
		headerCell("Rank", fyne.TextAlignTrailing), headerCell("Name", fyne.TextAlignLeading),
		headerCell("Points", fyne.TextAlignTrailing), headerCell("W-L-D", fyne.TextAlignCenter),
		headerCell("OMW%", fyne.TextAlignTrailing), headerCell("GW%", fyne.TextAlignTrailing),
		headerCell("OGW%", fyne.TextAlignTrailing),
	)
	s.content = container.NewBorder(container.NewVBox(header, widget.NewSeparator()), nil, nil, nil,
		container.NewStack(s.list, container.NewVBox(s.empty)))
	return s
}

func headerCell(text string, align fyne.TextAlign) *widget.Label {
	return &widget.Label{Text: text, Alignment: align, TextStyle: fyne.TextStyle{Bold: true}}
}

// Content returns the tab's widgets.
func (s *Screen) Content() fyne.CanvasObject { return s.content }

// Rows returns the standings shown, best first.
func (s *Screen) Rows() []standings.Standing { return s.rows }

// Load re-reads the event's standings.
func (s *Screen) Load(id event.EventID) {
	s.eventID = id
	work.Call(s.run, func(ctx context.Context) ([]standings.Standing, error) {
		return s.d.Standings(ctx, id)
	}, func(rows []standings.Standing, err error) {
		if err != nil {
			s.alert(err)
			return
		}
		if id != s.eventID {
			return
		}
		s.rows = rows
		s.empty.Hidden = len(rows) > 0
		s.empty.Refresh()
		s.list.Refresh()
	})
}

func (s *Screen) length() int { return len(s.rows) }

func (s *Screen) createItem() fyne.CanvasObject {
	name := columns.Cell()
	return s.cols.Row(
		&widget.Label{Alignment: fyne.TextAlignTrailing, TextStyle: fyne.TextStyle{Bold: true}}, name,
		&widget.Label{Alignment: fyne.TextAlignTrailing, TextStyle: fyne.TextStyle{Bold: true}},
		&widget.Label{Alignment: fyne.TextAlignCenter},
		&widget.Label{Alignment: fyne.TextAlignTrailing},
		&widget.Label{Alignment: fyne.TextAlignTrailing},
		&widget.Label{Alignment: fyne.TextAlignTrailing},
	)
}

func (s *Screen) updateItem(i widget.ListItemID, o fyne.CanvasObject) {
	if i >= len(s.rows) {
		return
	}
	r := s.rows[i]
	cells := o.(*fyne.Container).Objects
	texts := Cells(r)
	for j, t := range texts {
		l := cells[j].(*widget.Label)
		l.Text = t
		if r.Status == event.EntryActive {
			l.Importance = widget.MediumImportance
		} else {
			l.Importance = widget.LowImportance
		}
		l.Refresh()
	}
}

// Cells returns a standing's columns as text: rank, name (marked when the
// player dropped), points, W-L-D and the three percentages with two
// decimals.
func Cells(r standings.Standing) []string {
	name := r.Name
	switch r.Status {
	case event.EntryDropped:
		name += " (dropped)"
	case event.EntryDisqualified:
		name += " (disqualified)"
	}
	return []string{
		strconv.Itoa(r.Rank), name, strconv.Itoa(r.Points),
		fmt.Sprintf("%d-%d-%d", r.Wins, r.Losses, r.Draws),
		Percent(r.OppMatchWin), Percent(r.GameWin), Percent(r.OppGameWin),
	}
}

// Percent shows a fraction as a percentage with two decimals: 66.67.
func Percent(f float64) string { return fmt.Sprintf("%.2f", 100*f) }
