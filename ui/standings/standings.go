// Package standings is the Standings tab of an event: rank, points, record
// and the tiebreakers the event uses, in its order, dropped players marked.
package standings

import (
	"context"
	"fmt"
	"strconv"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/core/event"
	"tablekeeper/core/rules"
	"tablekeeper/core/standings"
	"tablekeeper/ui/internal/columns"
	"tablekeeper/ui/internal/labels"
	"tablekeeper/ui/internal/work"
)

// Director is what the standings tab calls.
type Director interface {
	Event(ctx context.Context, id event.EventID) (event.Event, error)
	Standings(ctx context.Context, id event.EventID) ([]standings.Standing, error)
}

// Screen is the Standings tab.
type Screen struct {
	d     Director
	run   work.Runner
	alert work.Alert

	eventID event.EventID
	keys    []string // the tiebreaker columns shown
	rows    []standings.Standing

	cols    *columns.Layout
	list    *widget.List
	empty   *widget.Label
	table   *fyne.Container // header and list, rebuilt when the columns change
	content fyne.CanvasObject
}

// New returns the tab; Load shows an event's standings in it.
func New(d Director, run work.Runner, alert work.Alert) *Screen {
	s := &Screen{d: d, run: run, alert: alert}
	s.empty = &widget.Label{Text: "Nobody is registered yet.", Alignment: fyne.TextAlignCenter, Importance: widget.LowImportance}
	s.table = container.NewStack()
	s.build(nil)
	s.content = s.table
	return s
}

// build lays out the header and the list for the tiebreaker columns keys.
func (s *Screen) build(keys []string) {
	s.keys = keys
	cols := []columns.Col{
		{Width: 50},           // rank
		{Width: 200, Grow: 1}, // name
		{Width: 60},           // points
		{Width: 80},           // W-L-D
	}
	header := []fyne.CanvasObject{
		headerCell("Rank", fyne.TextAlignTrailing), headerCell("Name", fyne.TextAlignLeading),
		headerCell("Points", fyne.TextAlignTrailing), headerCell("W-L-D", fyne.TextAlignCenter),
	}
	for _, k := range keys {
		title, _ := labels.Tiebreaker(k)
		cols = append(cols, columns.Col{Width: columnWidth(k)})
		header = append(header, headerCell(title, fyne.TextAlignTrailing))
	}
	s.cols = columns.New(cols...)
	s.list = &widget.List{Length: s.length, CreateItem: s.createItem, UpdateItem: s.updateItem}
	s.table.Objects = []fyne.CanvasObject{container.NewBorder(
		container.NewVBox(s.cols.Row(header...), widget.NewSeparator()), nil, nil, nil,
		container.NewStack(s.list, container.NewVBox(s.empty)))}
	s.table.Refresh()
}

func columnWidth(key string) float32 {
	switch key {
	case rules.TieBuchholz:
		return 90
	case rules.TieHeadToHead:
		return 60
	}
	return 80
}

func headerCell(text string, align fyne.TextAlign) *widget.Label {
	return &widget.Label{Text: text, Alignment: align, TextStyle: fyne.TextStyle{Bold: true}}
}

// Content returns the tab's widgets.
func (s *Screen) Content() fyne.CanvasObject { return s.content }

// Rows returns the standings shown, best first.
func (s *Screen) Rows() []standings.Standing { return s.rows }

// Columns returns the tiebreaker keys shown as columns, in order.
func (s *Screen) Columns() []string { return s.keys }

type view struct {
	keys []string
	rows []standings.Standing
}

// Load re-reads the event's standings.
func (s *Screen) Load(id event.EventID) {
	s.eventID = id
	work.Call(s.run, func(ctx context.Context) (view, error) {
		e, err := s.d.Event(ctx, id)
		if err != nil {
			return view{}, err
		}
		rows, err := s.d.Standings(ctx, id)
		return view{keys: Shown(e.Settings.Tiebreakers), rows: rows}, err
	}, func(v view, err error) {
		if err != nil {
			s.alert(err)
			return
		}
		if id != s.eventID {
			return
		}
		if !equal(v.keys, s.keys) {
			s.build(v.keys)
		}
		s.rows = v.rows
		s.empty.Hidden = len(v.rows) > 0
		s.empty.Refresh()
		s.list.Refresh()
	})
}

// Shown returns the tiebreakers that get a column, in the event's order:
// every one but "random", whose draw means nothing to read.
func Shown(keys []string) []string {
	out := []string{}
	for _, k := range keys {
		if k != rules.TieRandom {
			out = append(out, k)
		}
	}
	return out
}

func equal(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func (s *Screen) length() int { return len(s.rows) }

func (s *Screen) createItem() fyne.CanvasObject {
	cells := []fyne.CanvasObject{
		&widget.Label{Alignment: fyne.TextAlignTrailing, TextStyle: fyne.TextStyle{Bold: true}}, columns.Cell(),
		&widget.Label{Alignment: fyne.TextAlignTrailing, TextStyle: fyne.TextStyle{Bold: true}},
		&widget.Label{Alignment: fyne.TextAlignCenter},
	}
	for range s.keys {
		cells = append(cells, &widget.Label{Alignment: fyne.TextAlignTrailing})
	}
	return s.cols.Row(cells...)
}

func (s *Screen) updateItem(i widget.ListItemID, o fyne.CanvasObject) {
	if i >= len(s.rows) {
		return
	}
	r := s.rows[i]
	cells := o.(*fyne.Container).Objects
	for j, t := range Cells(r, s.keys) {
		if j >= len(cells) {
			break
		}
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

// Cells returns a standing's columns as text: rank (shared ranks as
// given), name (marked when the player dropped), points, W-L-D, then one
// column per tiebreaker key in keys.
func Cells(r standings.Standing, keys []string) []string {
	name := r.Name
	switch r.Status {
	case event.EntryDropped:
		name += " (dropped)"
	case event.EntryDisqualified:
		name += " (disqualified)"
	}
	out := []string{
		strconv.Itoa(r.Rank), name, strconv.Itoa(r.Points),
		fmt.Sprintf("%d-%d-%d", r.Wins, r.Losses, r.Draws),
	}
	for _, k := range keys {
		out = append(out, Tiebreaker(r, k))
	}
	return out
}

// Tiebreaker shows one tiebreaker of a standing: percentages with two
// decimals, Buchholz and game points as whole numbers, head-to-head as the
// number of tied players placed below this one.
func Tiebreaker(r standings.Standing, key string) string {
	switch key {
	case rules.TieOpponentsMatchWin:
		return Percent(r.OppMatchWin)
	case rules.TieGameWin:
		return Percent(r.GameWin)
	case rules.TieOpponentsGameWin:
		return Percent(r.OppGameWin)
	case rules.TieOpponentsOpponentsMatchWin:
		return Percent(r.OppOppMatchWin)
	case rules.TieBuchholz:
		return strconv.Itoa(r.Buchholz)
	case rules.TieHeadToHead:
		return strconv.Itoa(r.HeadToHead)
	case rules.TieGamePoints:
		return strconv.Itoa(r.GamePoints)
	}
	return fmt.Sprint(r.Tiebreaker(key))
}

// Percent shows a fraction as a percentage with two decimals: 66.67.
func Percent(f float64) string { return fmt.Sprintf("%.2f", 100*f) }
