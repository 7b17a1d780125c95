// Package leagues is the Leagues screen: start a league (S13), put each
// week's Shadowfist event in it, and read its running standings with the
// finals or semi-final tables the rules seat.
package leagues

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/core/rules"
	"tablekeeper/ui/internal/tr"
	"tablekeeper/ui/internal/work"
)

// Leagues is what the screen calls of the director's Leagues.
type Leagues interface {
	Leagues(ctx context.Context) ([]event.League, error)
	CreateLeague(ctx context.Context, req director.NewLeague) (event.League, error)
	AddEventToLeague(ctx context.Context, id event.LeagueID, ev event.EventID, week int) error
	LeagueStandings(ctx context.Context, id event.LeagueID) (director.LeagueTable, error)
}

// Events is what the screen reads of the director's Events: the events
// a league can take.
type Events interface {
	Events(ctx context.Context) ([]director.EventSummary, error)
}

// Deps are the director's services the screen calls, each by what it
// uses.
type Deps struct {
	Leagues Leagues
	Events  Events
}

// Placeholders and button texts, named for tests.
const (
	NamePlaceholder   = "League name"
	FinalsPlaceholder = "Finals week players (0: none)"
	WeekPlaceholder   = "Week"
	CreateText        = "Create league"
	AddText           = "Add to league"
)

// The keys above, for the translation files (the constants are their
// English).
var _ = []string{tr.K("League name"), tr.K("Finals week players (0: none)"), tr.K("Week"), tr.K("Create league"), tr.K("Add to league")}

// Screen is the Leagues screen.
type Screen struct {
	d     Deps
	run   work.Runner
	alert work.Alert

	leagues  []event.League
	events   []director.EventSummary
	selected event.LeagueID

	name      *widget.Entry
	kind      *widget.Select
	finals    *widget.Entry
	create    *widget.Button
	league    *widget.Select
	event     *widget.Select
	week      *widget.Entry
	add       *widget.Button
	summary   *widget.Label
	standings *fyne.Container
	finalsBox *fyne.Container
	content   fyne.CanvasObject
}

// New returns the screen; Reload fills it.
func New(d Deps, run work.Runner, alert work.Alert) *Screen {
	s := &Screen{d: d, run: run, alert: alert}
	s.name = &widget.Entry{PlaceHolder: tr.L(NamePlaceholder)}
	s.kind = widget.NewSelect([]string{event.LeagueLackey.Title(), event.LeagueProvingGround.Title()}, s.onKind)
	s.finals = &widget.Entry{PlaceHolder: tr.L(FinalsPlaceholder)}
	s.create = &widget.Button{Text: tr.L(CreateText), Icon: theme.ContentAddIcon(), Importance: widget.HighImportance, OnTapped: s.onCreate}
	s.league = widget.NewSelect(nil, s.onLeague)
	s.league.PlaceHolder = tr.L("Choose a league")
	s.event = widget.NewSelect(nil, nil)
	s.event.PlaceHolder = tr.L("Choose a Shadowfist event")
	s.week = &widget.Entry{PlaceHolder: tr.L(WeekPlaceholder)}
	s.add = &widget.Button{Text: tr.L(AddText), OnTapped: s.onAdd}
	s.summary = &widget.Label{Wrapping: fyne.TextWrapWord}
	s.standings = container.NewVBox()
	s.finalsBox = container.NewVBox()
	s.kind.SetSelected(event.LeagueLackey.Title())

	title := &widget.Label{Text: tr.L("Leagues"), TextStyle: fyne.TextStyle{Bold: true}, SizeName: theme.SizeNameSubHeadingText}
	newRow := container.NewBorder(nil, nil, nil, s.create,
		container.NewGridWithColumns(3, s.name, s.kind, s.finals))
	addRow := container.NewBorder(nil, nil, nil, s.add,
		container.NewBorder(nil, nil, nil, container.NewGridWrap(fyne.NewSize(90, s.week.MinSize().Height), s.week), s.event))
	top := container.NewVBox(title,
		&widget.Label{Text: tr.L("New league"), TextStyle: fyne.TextStyle{Bold: true}}, newRow,
		widget.NewSeparator(),
		container.NewBorder(nil, nil, &widget.Label{Text: tr.L("League"), TextStyle: fyne.TextStyle{Bold: true}}, nil, s.league),
		addRow, s.summary)
	s.content = container.NewBorder(top, nil, nil, nil,
		container.NewVScroll(container.NewVBox(s.finalsBox, widget.NewSeparator(), s.standings)))
	return s
}

// Content returns the screen's widgets.
func (s *Screen) Content() fyne.CanvasObject { return s.content }

// Reload re-reads the leagues and events, keeping the league shown (the
// newest league at first).
func (s *Screen) Reload() {
	work.Call(s.run, s.d.Events.Events, s.showEvents)
	work.Call(s.run, s.d.Leagues.Leagues, s.showLeagues)
}

func (s *Screen) kindChosen() event.LeagueKind {
	if s.kind.Selected == event.LeagueProvingGround.Title() {
		return event.LeagueProvingGround
	}
	return event.LeagueLackey
}

func (s *Screen) onKind(string) {
	if s.kindChosen() == event.LeagueProvingGround {
		s.finals.Enable()
	} else {
		s.finals.SetText("")
		s.finals.Disable()
	}
}

func (s *Screen) onCreate() {
	finals := 0
	if t := strings.TrimSpace(s.finals.Text); t != "" {
		n, err := strconv.Atoi(t)
		if err != nil {
			s.alert(event.Invalidf("the finals week size %q is not a number", t))
			return
		}
		finals = n
	}
	req := director.NewLeague{Name: s.name.Text, Kind: s.kindChosen(), Finals: finals}
	work.Call(s.run, func(ctx context.Context) (event.League, error) { return s.d.Leagues.CreateLeague(ctx, req) },
		func(l event.League, err error) {
			if err != nil {
				s.alert(err)
				return
			}
			s.name.SetText("")
			s.selected = l.ID
			s.Reload()
		})
}

func (s *Screen) showEvents(es []director.EventSummary, err error) {
	if err != nil {
		s.alert(err)
		return
	}
	s.events = s.events[:0]
	var options []string
	for _, e := range es {
		if rules.LeagueEvent(e.Game, e.Settings) {
			s.events = append(s.events, e)
			options = append(options, eventOption(e))
		}
	}
	s.event.SetOptions(options)
}

func eventOption(e director.EventSummary) string {
	return tr.F("%s · %s (event %d)", e.Name, tr.Date(e.Date), e.ID)
}

func leagueOption(l event.League) string {
	return fmt.Sprintf("%s · %s", l.Name, l.Kind.Title())
}

func (s *Screen) showLeagues(ls []event.League, err error) {
	if err != nil {
		s.alert(err)
		return
	}
	s.leagues = ls
	options := make([]string, len(ls))
	for i, l := range ls {
		options[i] = leagueOption(l)
	}
	s.league.SetOptions(options)
	if s.selected == 0 && len(ls) > 0 {
		s.selected = ls[0].ID // the newest league, until one is chosen
	}
	for _, l := range ls {
		if l.ID == s.selected {
			// Select without the callback, then load once.
			s.league.OnChanged = nil
			s.league.SetSelected(leagueOption(l))
			s.league.OnChanged = s.onLeague
			s.Select(l.ID)
			return
		}
	}
	s.league.ClearSelected()
	s.showTable(director.LeagueTable{}, nil)
}

// Select shows the league with the given id.
func (s *Screen) Select(id event.LeagueID) {
	s.selected = id
	work.Call(s.run, func(ctx context.Context) (director.LeagueTable, error) { return s.d.Leagues.LeagueStandings(ctx, id) }, s.showTable)
}

func (s *Screen) onLeague(option string) {
	for _, l := range s.leagues {
		if leagueOption(l) == option {
			s.Select(l.ID)
			return
		}
	}
}

func (s *Screen) onAdd() {
	if s.selected == 0 {
		s.alert(event.Invalid("choose a league first"))
		return
	}
	i := s.event.SelectedIndex()
	if i < 0 || i >= len(s.events) {
		s.alert(event.Invalid("choose the event to add"))
		return
	}
	week, err := strconv.Atoi(strings.TrimSpace(s.week.Text))
	if err != nil {
		s.alert(event.Invalidf("the week %q is not a number", s.week.Text))
		return
	}
	id, ev := s.selected, s.events[i].ID
	work.Do(s.run, func(ctx context.Context) error { return s.d.Leagues.AddEventToLeague(ctx, id, ev, week) }, func(err error) {
		if err != nil {
			s.alert(err)
			return
		}
		s.week.SetText("")
		s.event.ClearSelected()
		s.Select(id)
	})
}

// showTable draws a league's standings and finals.
func (s *Screen) showTable(t director.LeagueTable, err error) {
	if err != nil {
		s.alert(err)
		return
	}
	s.standings.RemoveAll()
	s.finalsBox.RemoveAll()
	if t.League.ID == 0 {
		s.summary.SetText(tr.L("Create a league, or choose one, to see its standings."))
		return
	}
	s.summary.SetText(summary(t))
	if len(t.Standings) > 0 {
		grid := container.New(layout.NewGridLayoutWithColumns(7))
		for _, h := range []string{tr.K("Rank"), tr.K("Player"), tr.K("Match pts"), tr.K("Game pts"), tr.K("4-player wins"), tr.K("Counted"), tr.K("Weeks")} {
			grid.Add(&widget.Label{Text: tr.L(h), TextStyle: fyne.TextStyle{Bold: true}})
		}
		for _, st := range t.Standings {
			rank := strconv.Itoa(st.Rank)
			if st.ByDraw {
				rank += tr.L(" (draw)")
			}
			name := st.Name
			if st.Finalist {
				name += tr.F(" · finals %d/%d", st.FinalsMatchPoints, st.FinalsGamePoints)
			}
			for _, cell := range []string{rank, name, strconv.Itoa(st.MatchPoints), strconv.Itoa(st.GamePoints),
				strconv.Itoa(st.FourPlayerWins), tr.F("%d of %d", st.Counted, st.Played), strconv.Itoa(st.Weeks)} {
				grid.Add(&widget.Label{Text: cell, Truncation: fyne.TextTruncateEllipsis})
			}
		}
		s.standings.Add(grid)
	}
	for _, line := range finalsLines(t) {
		s.finalsBox.Add(&widget.Label{Text: line, Wrapping: fyne.TextWrapWord})
	}
}

// summary names the league's events by week and the weeks that do not
// count.
func summary(t director.LeagueTable) string {
	l := t.League
	if len(t.Events) == 0 {
		return tr.F("%s: %d weeks. No events yet: add each week's event above.", l.Kind.Title(), l.Kind.Weeks())
	}
	var weeks []string
	for _, e := range t.Events {
		weeks = append(weeks, tr.F("week %d: %s", e.Week, e.Event.Name))
	}
	out := tr.F("%s: %d weeks. %s.", l.Kind.Title(), l.Kind.Weeks(), strings.Join(weeks, "; "))
	for _, w := range t.Weeks {
		if !w.Official {
			out += " " + tr.F("Week %d had %d players, fewer than %d, so it does not count.", w.Number, w.Players, event.MinLeagueWeekPlayers)
		}
	}
	return out
}

// finalsLines describes the finals: who plays which table.
func finalsLines(t director.LeagueTable) []string {
	f, l := t.Finals, t.League
	switch {
	case l.Kind == event.LeagueLackey && f.Discretion:
		return []string{tr.L("Finals: with fewer than ten players the organizer arranges the finals (S13).")}
	case f.Discretion:
		return []string{tr.L("Finals: none; week 13 is an ordinary week.")}
	}
	head := tr.L("Finals:")
	if !f.Complete {
		head = tr.L("Finals, if the league ended now:")
	}
	out := []string{head}
	for _, tb := range f.Tables {
		var names []string
		for _, p := range tb.Players {
			names = append(names, p.Name)
		}
		// The core names the tables and who joins them; their keys are
		// the core's.
		line := tr.F("%s: %s", tr.L(tb.Name), strings.Join(names, ", "))
		if tb.Also != "" {
			line = tr.F("%s, and %s", line, tr.L(tb.Also))
		}
		out = append(out, line)
	}
	return out
}
