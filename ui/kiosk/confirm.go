package kiosk

import (
	"context"
	"errors"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/ui/internal/tr"
	"tablekeeper/ui/internal/work"
)

// confirmScreen asks "Are you <Name>?" before checking a player in.
type confirmScreen struct {
	usualIdle
	k        *Kiosk
	question *widget.Label
	problem  *widget.Label
	yes, no  *keyButton
	content  fyne.CanvasObject

	match director.KioskMatch
}

func newConfirmScreen(k *Kiosk) *confirmScreen {
	s := &confirmScreen{k: k}
	s.question = heading("")
	s.problem = line("")
	s.problem.Importance = widget.DangerImportance
	s.yes = newButton(k, tr.L("Yes, check me in"), theme.ConfirmIcon(), widget.HighImportance, s.onYes)
	s.no = newButton(k, tr.L("No, go back"), theme.NavigateBackIcon(), widget.MediumImportance, s.back)
	buttons := row(s.yes, s.no)
	s.content = container.NewVBox(spacer(), s.question, spacer(), buttons, s.problem)
	return s
}

func (s *confirmScreen) view() fyne.CanvasObject { return s.content }
func (s *confirmScreen) first() fyne.Focusable   { return s.yes }
func (s *confirmScreen) enter()                  { s.onYes() }

// back returns to the start screen with the search as it was.
func (s *confirmScreen) back() { s.k.show(s.k.start) }

func (s *confirmScreen) clear() {
	s.match = director.KioskMatch{}
	s.question.SetText("")
	s.problem.SetText("")
	s.yes.Enable()
}

// ask shows the question for m.
func (s *confirmScreen) ask(m director.KioskMatch) {
	s.clear()
	s.match = m
	s.question.SetText(tr.F("Are you %s?", m.Name))
	s.k.show(s)
}

func (s *confirmScreen) onYes() {
	if s.match.PlayerID == 0 || s.yes.Disabled() {
		return
	}
	s.yes.Disable()
	s.k.checkIn(s.match, s.problem, s.yes.Enable)
}

// checkIn checks the player of m in, as the "Are you…?" and the "Is this
// you?" screens do: answered is called when the director answers, then
// the done screen says so, or the closed screen shows, or problem says
// what went wrong.
func (k *Kiosk) checkIn(m director.KioskMatch, problem *widget.Label, answered func()) {
	id := k.eventID
	work.Call(k.run, func(ctx context.Context) (event.Entry, error) {
		return k.d.Kiosk.KioskCheckIn(ctx, id, m.PlayerID)
	}, func(en event.Entry, err error) {
		answered()
		switch {
		case errors.Is(err, event.ErrState):
			k.done.closed()
		case err != nil:
			problem.SetText(sentence(err))
		default:
			if !m.CheckedIn {
				k.changed()
			}
			k.done.checkedIn(en, m.CheckedIn)
		}
	})
}

// spacer is an empty gap the height of a line of text.
func spacer() fyne.CanvasObject { return line(" ") }

// sentence is what to tell a player about err: the director's message as
// one sentence with its full stop.
func sentence(err error) string {
	s := work.Sentence(err)
	if s == "" {
		return ""
	}
	switch s[len(s)-1] {
	case '.', '!', '?':
		return s
	}
	return s + "."
}
