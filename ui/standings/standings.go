// Package standings is the Standings tab of an event: rank, points, record
// and the tiebreakers the event uses, in its order, dropped players marked.
// A team event (Altered 2v2) ranks its teams, each with its players.
package standings

import (
	"context"
	"slices"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/core/rules"
	"tablekeeper/core/standings"
	"tablekeeper/ui/internal/columns"
	"tablekeeper/ui/internal/labels"
	"tablekeeper/ui/internal/tr"
	"tablekeeper/ui/internal/work"
)

// Views is what the standings tab calls (director.Views).
type Views interface {
	// StandingsView reads the event and its standings (by player or by
	// team) at once.
	StandingsView(ctx context.Context, id event.EventID) (director.StandingsView, error)
}

// Screen is the Standings tab.
type Screen struct {
	d     Views
	run   work.Runner
	alert work.Alert

	eventID event.EventID
	keys    []string // the tiebreaker columns shown
	teams   bool     // a team event: one row per team, with its players
	rows    []standings.Standing
	members []string // of a team event: each row's players, "Ada & Bob"
	// title says what the rows count (director.Basis.Title): the words
	// the phones, the projector and the paper show too.
	title *widget.Label
	// note says, under the rows, how ties marked with standings.DrawMark
	// were broken; hidden when no row is drawn.
	note *widget.Label

	cols    *columns.Layout
	list    *widget.List
	empty   *widget.Label
	table   *fyne.Container // header and list, rebuilt when the columns change
	content fyne.CanvasObject

	// reads runs the tab's reads one at a time.
	reads work.Reads
}

// New returns the tab; Load shows an event's standings in it.
func New(d Views, run work.Runner, alert work.Alert) *Screen {
	s := &Screen{d: d, run: run, alert: alert}
	s.empty = &widget.Label{Text: tr.L("Nobody is registered yet."), Alignment: fyne.TextAlignCenter, Importance: widget.LowImportance}
	s.title = &widget.Label{TextStyle: fyne.TextStyle{Bold: true}}
	s.note = &widget.Label{Wrapping: fyne.TextWrapWord}
	s.note.Hide()
	s.table = container.NewStack()
	s.build(nil, false)
	s.content = container.NewBorder(s.title, s.note, nil, nil, s.table)
	return s
}

// build lays out the header and the list for the tiebreaker columns keys,
// with a Players column for a team event.
func (s *Screen) build(keys []string, teams bool) {
	s.keys, s.teams = keys, teams
	cols := []columns.Col{
		{Width: 50},           // rank
		{Width: 200, Grow: 1}, // name
	}
	header := []fyne.CanvasObject{headerCell(tr.L("Rank"), fyne.TextAlignTrailing), headerCell(tr.L("Name"), fyne.TextAlignLeading)}
	if teams {
		header[1] = headerCell(tr.L("Team"), fyne.TextAlignLeading)
		cols = append(cols, columns.Col{Width: 220, Grow: 1})
		header = append(header, headerCell(tr.L("Players"), fyne.TextAlignLeading))
	}
	cols = append(cols,
		columns.Col{Width: 60}, // points
		columns.Col{Width: 80}, // W–L–D
	)
	header = append(header, headerCell(tr.L("Points"), fyne.TextAlignTrailing), headerCell(tr.L("W–L–D"), fyne.TextAlignCenter))
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

// Title returns the heading shown above the rows: what they count.
func (s *Screen) Title() string { return s.title.Text }

// Note returns the line under the rows saying how drawn ties were broken,
// or "" when it is hidden.
func (s *Screen) Note() string {
	if s.note.Hidden {
		return ""
	}
	return s.note.Text
}

// Members returns, in a team event, each row's players ("Ada & Bob").
func (s *Screen) Members() []string { return s.members }

type view struct {
	keys    []string
	teams   bool
	rows    []standings.Standing
	members []string
	title   string
	note    string
}

// Load re-reads the event's standings.
func (s *Screen) Load(id event.EventID) {
	if id != s.eventID {
		// Nothing of the event is known until its first read arrives.
		s.rows, s.members = nil, nil
		s.title.SetText("")
		s.note.Hidden = true
		s.note.Refresh()
		s.empty.Text, s.empty.Hidden = tr.L("Loading…"), false
		s.empty.Refresh()
		s.list.Refresh()
	}
	s.eventID = id
	work.Read(&s.reads, s.run, func(ctx context.Context) (view, error) {
		// One read: the settings and the standings are one moment.
		sv, err := s.d.StandingsView(ctx, id)
		if err != nil {
			return view{}, err
		}
		e := sv.Event
		v := view{keys: rules.ShownTiebreakers(e.Settings.Tiebreakers), teams: e.Settings.Teams(), rows: sv.Players,
			title: tr.Text(sv.Basis.Title())}
		if standings.AnyDrawn(sv.Players) || slices.ContainsFunc(sv.Teams, func(t director.TeamStanding) bool { return t.Standing.Drawn }) {
			v.note = tr.Text(standings.DrawNote())
		}
		for _, t := range sv.Teams {
			v.rows = append(v.rows, t.Standing)
			v.members = append(v.members, Members(t))
		}
		return v, nil
	}, work.Shown(s.alert, func() bool { return id == s.eventID }, func(v view) {
		if !equal(v.keys, s.keys) || v.teams != s.teams {
			s.build(v.keys, v.teams)
		}
		s.rows, s.members = v.rows, v.members
		s.title.SetText(v.title)
		s.note.Text, s.note.Hidden = v.note, v.note == ""
		s.note.Refresh()
		s.empty.Text = tr.L("Nobody is registered yet.")
		if v.teams {
			s.empty.Text = tr.L("No team has been made yet.")
		}
		s.empty.Hidden = len(v.rows) > 0
		s.empty.Refresh()
		s.list.Refresh()
	}))
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
	}
	if s.teams {
		cells = append(cells, columns.Cell())
	}
	cells = append(cells,
		&widget.Label{Alignment: fyne.TextAlignTrailing, TextStyle: fyne.TextStyle{Bold: true}},
		&widget.Label{Alignment: fyne.TextAlignCenter},
	)
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
	texts := Cells(r, s.keys)
	if s.teams && i < len(s.members) {
		texts = TeamCells(r, s.members[i], s.keys)
	}
	for j, t := range texts {
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
// given, followed by standings.DrawMark where the tie draw ordered the
// row), name (marked when the player dropped), points, W–L–D, then one
// column per tiebreaker key in keys.
func Cells(r standings.Standing, keys []string) []string {
	name := r.Name
	switch r.Status {
	case event.EntryDropped:
		name += " " + tr.L("(dropped)")
	case event.EntryDisqualified:
		name += " " + tr.L("(disqualified)")
	}
	rank := strconv.Itoa(r.Rank)
	if r.Drawn {
		rank += standings.DrawMark
	}
	out := []string{
		rank, name, strconv.Itoa(r.Points),
		tr.Text(rules.Record(r.Wins, r.Losses, r.Draws)),
	}
	for _, k := range keys {
		out = append(out, Tiebreaker(r, k))
	}
	return out
}

// TeamCells are Cells for a team: rank, team name (marked when a player
// dropped), its players, then as Cells.
func TeamCells(r standings.Standing, members string, keys []string) []string {
	c := Cells(r, keys)
	return append(c[:2:2], append([]string{members}, c[2:]...)...)
}

// Members names a team's players: "Ada Lovelace & Bob Stone", a player
// who left marked.
func Members(t director.TeamStanding) string {
	names := make([]string, len(t.Members))
	for i, m := range t.Members {
		names[i] = m.Name
		switch m.Status {
		case event.EntryDropped:
			names[i] += " " + tr.L("(dropped)")
		case event.EntryDisqualified:
			names[i] += " " + tr.L("(disqualified)")
		}
	}
	return strings.Join(names, " & ")
}

// Tiebreaker shows one tiebreaker of a standing (standings.Standing's
// TiebreakerText), with the decimal separator of the screens' language.
func Tiebreaker(r standings.Standing, key string) string { return decimal(r.TiebreakerText(key)) }

// Percent shows a fraction as a percentage with two decimals: 66.67 (66,67
// in French).
func Percent(f float64) string { return decimal(standings.Percent(f)) }

// decimal says a number written with a point in the screens' language.
func decimal(number string) string {
	return strings.Replace(number, ".", tr.L("decimal separator"), 1)
}
