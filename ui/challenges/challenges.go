// Package challenges is the Round tab of an event of open challenges
// (S10, Who Wants Some?): nothing is paired, so instead of a round's
// tables the tab records each game as it is played (its 2 to 5 players
// and its winner) and lists the games so far, newest first.
//
// It is made for the keyboard: type part of a name in the filter and
// press Enter to add the player it finds (the filter clears for the next
// name); Enter on a player already in the game makes them the winner, and
// Enter on the empty filter saves the game.
package challenges

import (
	"context"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/ui/internal/tr"
	"tablekeeper/ui/internal/work"
)

// Views is what the tab reads of the director's Views.
type Views interface {
	ChallengesView(ctx context.Context, id event.EventID) (director.ChallengesView, error)
}

// Judging is what the tab calls of the director's Judging.
type Judging interface {
	RecordChallenge(ctx context.Context, id event.EventID, players []event.EntryID, winner event.EntryID) (event.Round, error)
}

// Deps are the director's services the tab calls, each by what it uses.
type Deps struct {
	Views   Views
	Judging Judging
}

// Hint says how the form is used.
var Hint = tr.K("Type a name and press Enter to add the player (2 to 5 a game; or tick them). Enter on a player already in the game makes them the winner; Enter on an empty field saves.")

// Screen is the tab.
type Screen struct {
	// OnChanged, when set, is called after a game is saved
	// (the window itself follows the director's change notifications).
	OnChanged func()

	d     Deps
	run   work.Runner
	alert work.Alert

	eventID  event.EventID
	finished bool
	entries  []event.Entry // active players, in registration order
	names    map[event.EntryID]string
	chosen   []event.EntryID // the game's players, in the order chosen
	games    []event.Round   // newest first

	filter  *widget.Entry
	checks  *fyne.Container
	byEntry map[event.EntryID]*widget.Check
	picked  *widget.Label
	winner  *widget.RadioGroup
	save    *widget.Button
	status  *widget.Label
	count   *widget.Label
	list    *widget.List
	content fyne.CanvasObject
}

// New returns the tab; Load shows an event in it.
func New(d Deps, run work.Runner, alert work.Alert) *Screen {
	s := &Screen{d: d, run: run, alert: alert}
	s.filter = &widget.Entry{PlaceHolder: tr.L("Find a player"), OnChanged: s.onFilter, OnSubmitted: s.onFilterSubmitted}
	s.checks = container.NewVBox()
	s.picked = &widget.Label{Text: tr.L("No players chosen yet"), Wrapping: fyne.TextWrapWord}
	s.winner = &widget.RadioGroup{}
	s.save = &widget.Button{Text: tr.L("Save game"), Icon: theme.DocumentSaveIcon(), Importance: widget.HighImportance, OnTapped: s.Save}
	s.status = &widget.Label{Wrapping: fyne.TextWrapWord, TextStyle: fyne.TextStyle{Bold: true}}
	s.count = &widget.Label{TextStyle: fyne.TextStyle{Bold: true}}
	s.list = &widget.List{Length: func() int { return len(s.games) }, CreateItem: func() fyne.CanvasObject {
		return &widget.Label{Truncation: fyne.TextTruncateEllipsis}
	}, UpdateItem: s.updateGame}

	bold := func(text string) *widget.Label {
		return &widget.Label{Text: text, TextStyle: fyne.TextStyle{Bold: true}}
	}
	players := container.NewBorder(container.NewVBox(bold(tr.L("Players")), s.filter), nil, nil, nil,
		container.NewVScroll(s.checks))
	game := container.NewVBox(bold(tr.L("In this game")), s.picked, bold(tr.L("Winner")), s.winner,
		container.NewHBox(s.save), s.status)
	form := container.NewGridWithColumns(2, players, container.NewVScroll(game))
	record := container.NewBorder(container.NewVBox(
		&widget.Label{Text: tr.L("Record a game"), TextStyle: fyne.TextStyle{Bold: true}, SizeName: theme.SizeNameSubHeadingText},
		&widget.Label{Text: tr.L(Hint), Wrapping: fyne.TextWrapWord, Importance: widget.LowImportance},
	), nil, nil, nil, form)
	games := container.NewBorder(s.count, nil, nil, nil, s.list)
	split := container.NewHSplit(record, games)
	split.Offset = 0.55
	s.content = split
	return s
}

// Content returns the tab's widgets.
func (s *Screen) Content() fyne.CanvasObject { return s.content }

// Filter is the player filter, which has the focus when the tab opens.
func (s *Screen) Filter() *widget.Entry { return s.filter }

// Chosen returns the players chosen for the game, in order.
func (s *Screen) Chosen() []event.EntryID { return append([]event.EntryID(nil), s.chosen...) }

// Games returns the games shown, newest first.
func (s *Screen) Games() []event.Round { return s.games }

// view is what Load reads.
type view struct {
	e       event.Event
	entries []event.Entry
	rounds  []event.Round
}

// Load shows an event's players and games. A new event clears the game
// being entered.
func (s *Screen) Load(id event.EventID) {
	if id != s.eventID {
		s.eventID = id
		s.chosen = nil
		s.filter.SetText("")
		s.status.SetText("")
	}
	// One read: the players and the games are of one moment.
	work.Call(s.run, func(ctx context.Context) (view, error) {
		cv, err := s.d.Views.ChallengesView(ctx, id)
		return view{e: cv.Event, entries: cv.Entries, rounds: cv.Games}, err
	}, work.Shown(s.alert, func() bool { return id == s.eventID }, s.show))
}

func (s *Screen) show(v view) {
	s.finished = v.e.State == event.StateFinished
	s.entries = s.entries[:0]
	s.names = map[event.EntryID]string{}
	for _, en := range v.entries {
		s.names[en.ID] = en.Name
		if en.Active() {
			s.entries = append(s.entries, en)
		}
	}
	active := map[event.EntryID]bool{}
	for _, en := range s.entries {
		active[en.ID] = true
	}
	kept := s.chosen[:0]
	for _, id := range s.chosen {
		if active[id] {
			kept = append(kept, id)
		}
	}
	s.chosen = kept
	s.games = s.games[:0]
	for i := len(v.rounds) - 1; i >= 0; i-- {
		if len(v.rounds[i].Tables) > 0 {
			s.games = append(s.games, v.rounds[i])
		}
	}
	s.count.SetText(GamesText(len(s.games)))
	s.list.Refresh()
	s.byEntry = make(map[event.EntryID]*widget.Check, len(s.entries))
	// The boxes are set in one go: Add lays the box out again each time,
	// which made 1,024 players take seconds of the UI thread.
	checks := make([]fyne.CanvasObject, 0, len(s.entries))
	for _, en := range s.entries {
		id := en.ID
		c := widget.NewCheck(en.Name, nil)
		c.Checked = s.isChosen(id)
		c.OnChanged = func(on bool) { s.onCheck(id, on) }
		s.byEntry[id] = c
		checks = append(checks, c)
	}
	s.checks.Objects = checks
	s.checks.Refresh()
	s.onFilter(s.filter.Text)
	s.showChosen()
	for _, w := range []fyne.Disableable{s.filter, s.winner, s.save} {
		if s.finished {
			w.Disable()
		} else {
			w.Enable()
		}
	}
	if s.finished {
		s.status.SetText(tr.L("The event is finished: its games are final"))
	}
}

// GamesText is the count over the list of games: "7 games played".
func GamesText(n int) string {
	return tr.N("%d games played", n, n)
}

func (s *Screen) updateGame(i widget.ListItemID, o fyne.CanvasObject) {
	if i < 0 || i >= len(s.games) {
		return
	}
	o.(*widget.Label).SetText(s.GameText(s.games[i]))
}

// GameText says what a game was: "Game 7: Ada Lovelace won against Bob
// Stone, Cy Twombly".
func (s *Screen) GameText(r event.Round) string {
	tb := r.Tables[0]
	if tb.Result == nil || len(tb.Result.Seats) != len(tb.Seats) {
		return tr.F("Game %d: no result", r.Number)
	}
	var won, others []string
	for i, st := range tb.Seats {
		if tb.Result.Seats[i].Place == 1 {
			won = append(won, s.names[st.EntryID])
		} else {
			others = append(others, s.names[st.EntryID])
		}
	}
	return tr.F("Game %d: %s won against %s", r.Number, strings.Join(won, ", "), strings.Join(others, ", "))
}

func (s *Screen) isChosen(id event.EntryID) bool {
	for _, c := range s.chosen {
		if c == id {
			return true
		}
	}
	return false
}

// onFilter shows the players whose name contains the text.
func (s *Screen) onFilter(text string) {
	q := strings.TrimSpace(text)
	for _, en := range s.entries {
		c := s.byEntry[en.ID]
		if q == "" || event.MatchesName(en.Name, q) {
			c.Show()
		} else {
			c.Hide()
		}
	}
	s.checks.Refresh()
}

// onFilterSubmitted is the keyboard's way through the form: Enter adds
// the player the filter finds (a name that starts with the text first) and
// clears the filter for the next name; Enter on a player already in the
// game makes them the winner; Enter on an empty filter saves the game.
func (s *Screen) onFilterSubmitted(text string) {
	q := event.FoldName(text)
	if q == "" {
		s.Save()
		return
	}
	en, ok := s.match(q)
	switch {
	case !ok:
		s.status.SetText(tr.F("No player matches %q", strings.TrimSpace(text)))
		return
	case s.isChosen(en.ID):
		s.winner.SetSelected(en.Name)
	default:
		s.byEntry[en.ID].SetChecked(true) // calls onCheck
	}
	s.filter.SetText("")
}

// match returns the player the filter text q (folded by event.FoldName) finds: the
// first whose name starts with it, else whose name has a word starting
// with it, else whose name contains it; players not in the game yet win a
// tie, so typing the same letters again reaches the next player.
func (s *Screen) match(q string) (event.Entry, bool) {
	tests := []func(string) bool{
		func(n string) bool { return strings.HasPrefix(n, q) },
		func(n string) bool { return strings.Contains(" "+n, " "+q) },
		func(n string) bool { return strings.Contains(n, q) },
	}
	var found []event.Entry
	for _, ok := range tests {
		for _, en := range s.entries {
			if ok(event.FoldName(en.Name)) {
				found = append(found, en)
			}
		}
		if len(found) > 0 {
			break
		}
	}
	for _, en := range found {
		if !s.isChosen(en.ID) {
			return en, true
		}
	}
	if len(found) > 0 {
		return found[0], true
	}
	return event.Entry{}, false
}

// onCheck adds a player to the game or takes them out.
func (s *Screen) onCheck(id event.EntryID, on bool) {
	switch {
	case on && s.isChosen(id):
	case on && len(s.chosen) >= event.MaxSeats:
		s.status.SetText(tr.F("A game has at most %d players", event.MaxSeats))
		c := s.byEntry[id]
		c.OnChanged = nil
		c.SetChecked(false)
		c.OnChanged = func(on bool) { s.onCheck(id, on) }
		return
	case on:
		s.chosen = append(s.chosen, id)
	default:
		for i, c := range s.chosen {
			if c == id {
				s.chosen = append(s.chosen[:i], s.chosen[i+1:]...)
				break
			}
		}
	}
	s.status.SetText("")
	s.showChosen()
}

// showChosen shows the game's players and offers them as the winner,
// keeping the winner chosen while they stay in the game.
func (s *Screen) showChosen() {
	names := make([]string, len(s.chosen))
	for i, id := range s.chosen {
		names[i] = s.names[id]
	}
	if len(names) == 0 {
		s.picked.SetText(tr.L("No players chosen yet"))
	} else {
		s.picked.SetText(strings.Join(names, ", "))
	}
	selected := s.winner.Selected
	s.winner.Options = names
	if !s.isChosenName(selected) {
		selected = ""
	}
	s.winner.Selected = selected
	s.winner.Refresh()
}

func (s *Screen) isChosenName(name string) bool {
	for _, id := range s.chosen {
		if s.names[id] == name {
			return true
		}
	}
	return false
}

// SetWinner chooses the winner by name (what the radio buttons do).
func (s *Screen) SetWinner(name string) { s.winner.SetSelected(name) }

// Save records the game.
func (s *Screen) Save() {
	if s.finished {
		return
	}
	if len(s.chosen) < 2 {
		s.status.SetText(tr.L("Choose at least two players for the game"))
		return
	}
	var winner event.EntryID
	for _, id := range s.chosen {
		if s.winner.Selected != "" && s.names[id] == s.winner.Selected {
			winner = id
		}
	}
	if winner == 0 {
		s.status.SetText(tr.L("Choose the winner"))
		return
	}
	id, players := s.eventID, s.Chosen()
	s.save.Disable()
	work.Call(s.run, func(ctx context.Context) (event.Round, error) {
		return s.d.Judging.RecordChallenge(ctx, id, players, winner)
	}, func(r event.Round, err error) {
		s.save.Enable()
		if err != nil {
			s.status.SetText(work.Sentence(err))
			return
		}
		s.chosen = nil
		s.winner.Selected = ""
		s.status.SetText(tr.F("Game %d saved: %s won", r.Number, s.names[winner]))
		s.Load(id)
		if s.OnChanged != nil {
			s.OnChanged()
		}
	})
}
