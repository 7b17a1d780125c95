package kiosk

import (
	"context"
	"strings"
	"unicode"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/core/director"
	"tablekeeper/ui/internal/toggle"
	"tablekeeper/ui/internal/tr"
	"tablekeeper/ui/internal/work"
)

// maxMatches is the most names the start screen shows (the director's
// KioskSearch returns no more).
const maxMatches = 8

// startScreen is where a player finds themself: a big search field, the
// names matching what they typed (from director.MinQuery characters),
// and "I'm new here".
//
// Once round 1 is paired check-in is closed and the screen finds tables
// instead (findTables): the names matching what was typed lead to where
// each plays (director.KioskFindTable), and nobody signs up.
type startScreen struct {
	usualIdle
	k       *Kiosk
	welcome *widget.Label
	prompt  *widget.Label
	search  *keyEntry
	hint    *widget.Label
	buttons []*keyButton
	newHere *keyButton
	content fyne.CanvasObject

	// findTables: the screen finds tables rather than checking in.
	findTables bool
	matches    []director.KioskMatch // check-in: the names found
	found      director.KioskTables  // find my table: the round and the names found
	shown      int                   // the names listed
	sel        int                   // the name Enter picks
	seq        int                   // numbers searches so a slow answer never replaces a newer one
}

func newStartScreen(k *Kiosk) *startScreen {
	s := &startScreen{k: k}
	s.search = newEntry(k, tr.L("Your name or member number"))
	s.search.OnChanged = s.onChanged
	s.search.OnSubmitted = func(string) { s.enter() }
	s.search.onArrow = s.move
	s.hint = line("")
	s.hint.Importance = widget.LowImportance
	list := container.NewVBox()
	for i := range maxMatches {
		b := newButton(k, "", nil, widget.MediumImportance, func() { s.pick(i) })
		b.Alignment = widget.ButtonAlignLeading
		b.IconPlacement = widget.ButtonIconTrailingText
		b.onArrow = func(up bool) { s.moveFocus(i, up) }
		b.Hide()
		s.buttons = append(s.buttons, b)
		list.Add(b)
	}
	s.newHere = newButton(k, tr.L("I'm new here"), theme.ContentAddIcon(), widget.MediumImportance, s.onNew)
	s.welcome = heading(tr.L(checkInTitle))
	s.prompt = line(tr.L(checkInPrompt))
	top := container.NewVBox(s.welcome, s.prompt, s.search, s.hint)
	s.content = vfill(1, top, container.NewVScroll(list), s.newHere)
	return s
}

func (s *startScreen) view() fyne.CanvasObject { return s.content }
func (s *startScreen) first() fyne.Focusable   { return s.search }

// back clears what was typed.
func (s *startScreen) back() { s.search.SetText("") }

// enter picks the highlighted match.
func (s *startScreen) enter() {
	if s.shown > 0 {
		s.pick(s.sel)
	}
}

// Texts of the start screen in its two modes.
const (
	checkInTitle  = "Welcome! Check in here"
	checkInPrompt = "Type your name or member number"
	findTitle     = "Find your table"
	findPrompt    = "Type your name to see your table and opponent"
)

// The keys above, for the translation files (the constants are their
// English).
var _ = []string{tr.K("Welcome! Check in here"), tr.K("Type your name or member number"),
	tr.K("Find your table"), tr.K("Type your name to see your table and opponent")}

// setFindTables switches between checking in (before round 1) and
// finding tables (from round 1 on).
func (s *startScreen) setFindTables(on bool) {
	if s.findTables == on {
		return
	}
	s.findTables = on
	s.welcome.SetText(tr.L(checkInTitle))
	s.prompt.SetText(tr.L(checkInPrompt))
	if on {
		s.welcome.SetText(tr.L(findTitle))
		s.prompt.SetText(tr.L(findPrompt))
	}
	toggle.Visible(s.newHere, !on)
	s.clear()
}

func (s *startScreen) clear() {
	s.seq++
	s.search.SetText("")
	s.show(nil)
}

// empty reports whether the screen shows nothing a player typed.
func (s *startScreen) empty() bool { return s.search.Text == "" && s.shown == 0 }

func (s *startScreen) onChanged(q string) {
	s.k.input()
	s.seq++
	seq := s.seq
	if director.QueryTooShort(q) {
		s.show(nil)
		if strings.TrimSpace(q) != "" {
			s.hint.SetText(tr.F("Keep typing: names show from %d letters.", director.MinQuery(q)))
		}
		return
	}
	if s.findTables {
		s.findTable(q, seq)
		return
	}
	id := s.k.eventID
	work.Call(s.k.run, func(ctx context.Context) ([]director.KioskMatch, error) {
		return s.k.d.Kiosk.KioskSearch(ctx, id, q)
	}, func(ms []director.KioskMatch, err error) {
		if s.dropped(seq, err) {
			return
		}
		s.show(ms)
		if len(ms) > 0 {
			s.hint.SetText(tr.L("Choose your name, or press Enter for the highlighted one."))
		}
		if len(ms) == 0 {
			s.hint.SetText(tr.L("Nobody by that name yet. New here? Choose “I'm new here”."))
		}
	})
}

// dropped reports whether the answer to search seq is left unshown: a
// newer search has started, or this one failed (the hint says so).
func (s *startScreen) dropped(seq int, err error) bool {
	if seq != s.seq {
		return true
	}
	if err != nil {
		s.show(nil)
		s.hint.SetText(tr.L("Sorry, the search did not work. Please see the organizer."))
		return true
	}
	return false
}

// show lists the check-in matches, the first highlighted.
func (s *startScreen) show(ms []director.KioskMatch) {
	if len(ms) > maxMatches {
		ms = ms[:maxMatches]
	}
	s.matches, s.found = ms, director.KioskTables{}
	names := make([]string, len(ms))
	checked := make([]bool, len(ms))
	for i, m := range ms {
		names[i], checked[i] = m.Name, m.CheckedIn
		if m.CheckedIn {
			names[i] += " · " + tr.L("checked in")
		}
	}
	s.list(names, checked)
}

// list shows names as buttons (a tick on those marked), the first
// highlighted.
func (s *startScreen) list(names []string, marked []bool) {
	s.shown, s.sel = len(names), 0
	s.hint.SetText("")
	for i, b := range s.buttons {
		if i >= len(names) {
			b.Hide()
			continue
		}
		b.Text, b.Icon = names[i], nil
		if marked[i] {
			b.Icon = theme.ConfirmIcon()
		}
		b.Show()
	}
	s.highlight()
}

// findTable lists the players matching q in the round, from one read.
func (s *startScreen) findTable(q string, seq int) {
	id := s.k.eventID
	work.Call(s.k.run, func(ctx context.Context) (director.KioskTables, error) {
		return s.k.d.Kiosk.KioskFindTable(ctx, id, q)
	}, func(v director.KioskTables, err error) {
		if s.dropped(seq, err) {
			return
		}
		seats := v.Seats
		if len(seats) > maxMatches {
			seats = seats[:maxMatches]
		}
		v.Seats = seats
		names := make([]string, len(seats))
		for i, st := range seats {
			names[i] = st.Name
		}
		s.matches, s.found = nil, v
		s.list(names, make([]bool, len(names)))
		switch {
		case v.Finished:
			s.hint.SetText(tr.F("%s is finished. Thank you for playing!", v.EventName))
		case v.Round > 0 && !v.Published:
			s.hint.SetText(tr.F("The pairings for %s are not out yet. Please wait for the organizer.", roundName(v)))
		case len(seats) > 0:
			s.hint.SetText(tr.L("Choose your name, or press Enter for the highlighted one."))
		default:
			s.hint.SetText(tr.L("Nobody by that name is playing. Please see the organizer."))
		}
	})
}

// highlight marks the match Enter picks.
func (s *startScreen) highlight() {
	for i, b := range s.buttons {
		imp := widget.MediumImportance
		if i == s.sel && i < s.shown {
			imp = widget.HighImportance
		}
		b.Importance = imp
		b.Refresh()
	}
}

// move moves the highlight with the arrow keys while typing.
func (s *startScreen) move(up bool) {
	if s.shown == 0 {
		return
	}
	if up {
		s.sel = (s.sel + s.shown - 1) % s.shown
	} else {
		s.sel = (s.sel + 1) % s.shown
	}
	s.highlight()
}

// moveFocus moves the keyboard between the matches with the arrow keys,
// back to the search field above the first.
func (s *startScreen) moveFocus(i int, up bool) {
	switch {
	case up && i == 0:
		s.k.focus(s.search)
	case up:
		s.sel = i - 1
		s.k.focus(s.buttons[i-1])
	case i+1 < s.shown:
		s.sel = i + 1
		s.k.focus(s.buttons[i+1])
	case s.newHere.Visible():
		s.k.focus(s.newHere)
	}
	s.highlight()
}

func (s *startScreen) pick(i int) {
	switch {
	case i >= s.shown:
	case s.findTables:
		s.k.table.open(s.found, s.found.Seats[i])
	default:
		s.k.confirm.ask(s.matches[i])
	}
}

// onNew opens the sign-up screen with what was typed as the name, unless
// it was a member number.
func (s *startScreen) onNew() {
	name := strings.TrimSpace(s.search.Text)
	if strings.IndexFunc(name, unicode.IsLetter) < 0 {
		name = ""
	}
	s.k.signup.open(name)
}
