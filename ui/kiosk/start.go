package kiosk

import (
	"context"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/core/director"
	"tablekeeper/ui/internal/work"
)

// maxMatches is the most names the start screen shows (the director's
// KioskSearch returns no more).
const maxMatches = 8

// startScreen is where a player finds themself: a big search field, the
// names matching what they typed (from director.KioskMinQuery characters),
// and "I'm new here".
type startScreen struct {
	k       *Kiosk
	search  *keyEntry
	hint    *widget.Label
	buttons []*keyButton
	newHere *keyButton
	content fyne.CanvasObject

	matches []director.KioskMatch
	sel     int // the match Enter picks
	seq     int // numbers searches so a slow answer never replaces a newer one
}

func newStartScreen(k *Kiosk) *startScreen {
	s := &startScreen{k: k}
	s.search = newEntry(k, "Your name or member number")
	s.search.OnChanged = s.onChanged
	s.search.OnSubmitted = func(string) { s.enter() }
	s.search.onArrow = s.move
	s.hint = line("")
	s.hint.Importance = widget.LowImportance
	list := container.NewVBox()
	for i := range maxMatches {
		b := newButton(k, "", widget.MediumImportance, func() { s.pick(i) })
		b.Alignment = widget.ButtonAlignLeading
		b.IconPlacement = widget.ButtonIconTrailingText
		b.onArrow = func(up bool) { s.moveFocus(i, up) }
		b.Hide()
		s.buttons = append(s.buttons, b)
		list.Add(b)
	}
	s.newHere = newButton(k, "I'm new here", widget.MediumImportance, s.onNew)
	s.newHere.Icon = theme.ContentAddIcon()
	top := container.NewVBox(heading("Welcome! Check in here"), line("Type your name or member number"), s.search, s.hint)
	s.content = vfill(1, top, container.NewVScroll(list), s.newHere)
	return s
}

func (s *startScreen) view() fyne.CanvasObject { return s.content }
func (s *startScreen) first() fyne.Focusable   { return s.search }
func (s *startScreen) idle() time.Duration     { return IdleAfter }

// back clears what was typed.
func (s *startScreen) back() { s.search.SetText("") }

// enter picks the highlighted match.
func (s *startScreen) enter() {
	if len(s.matches) > 0 {
		s.pick(s.sel)
	}
}

func (s *startScreen) clear() {
	s.seq++
	s.search.SetText("")
	s.show(nil)
}

// empty reports whether the screen shows nothing a player typed.
func (s *startScreen) empty() bool { return s.search.Text == "" && len(s.matches) == 0 }

func (s *startScreen) onChanged(q string) {
	s.k.input()
	s.seq++
	seq := s.seq
	n := utf8.RuneCountInString(strings.Join(strings.Fields(q), " "))
	if n < director.KioskMinQuery {
		s.show(nil)
		if n > 0 {
			s.hint.SetText("Keep typing: names show from 3 letters.")
		}
		return
	}
	id := s.k.eventID
	work.Call(s.k.run, func(ctx context.Context) ([]director.KioskMatch, error) {
		return s.k.d.KioskSearch(ctx, id, q)
	}, func(ms []director.KioskMatch, err error) {
		if seq != s.seq {
			return
		}
		if err != nil {
			s.show(nil)
			s.hint.SetText("Sorry, the search did not work. Please see the organizer.")
			return
		}
		s.show(ms)
		if len(ms) > 0 {
			s.hint.SetText("Choose your name, or press Enter for the highlighted one.")
		}
		if len(ms) == 0 {
			s.hint.SetText("Nobody by that name yet. New here? Choose “I'm new here”.")
		}
	})
}

// show lists the matches, the first highlighted.
func (s *startScreen) show(ms []director.KioskMatch) {
	if len(ms) > maxMatches {
		ms = ms[:maxMatches]
	}
	s.matches, s.sel = ms, 0
	s.hint.SetText("")
	for i, b := range s.buttons {
		if i >= len(ms) {
			b.Hide()
			continue
		}
		b.Text, b.Icon = ms[i].Name, nil
		if ms[i].CheckedIn {
			b.Text, b.Icon = ms[i].Name+" · checked in", theme.ConfirmIcon()
		}
		b.Show()
	}
	s.highlight()
}

// highlight marks the match Enter picks.
func (s *startScreen) highlight() {
	for i, b := range s.buttons {
		imp := widget.MediumImportance
		if i == s.sel && i < len(s.matches) {
			imp = widget.HighImportance
		}
		b.Importance = imp
		b.Refresh()
	}
}

// move moves the highlight with the arrow keys while typing.
func (s *startScreen) move(up bool) {
	if len(s.matches) == 0 {
		return
	}
	if up {
		s.sel = (s.sel + len(s.matches) - 1) % len(s.matches)
	} else {
		s.sel = (s.sel + 1) % len(s.matches)
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
	case i+1 < len(s.matches):
		s.sel = i + 1
		s.k.focus(s.buttons[i+1])
	default:
		s.k.focus(s.newHere)
	}
	s.highlight()
}

func (s *startScreen) pick(i int) {
	if i >= len(s.matches) {
		return
	}
	s.k.confirm.ask(s.matches[i])
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
