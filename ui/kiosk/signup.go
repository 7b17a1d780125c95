package kiosk

import (
	"context"
	"errors"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/ui/internal/tr"
	"tablekeeper/ui/internal/work"
)

// signupScreen adds a new player: a name (required) and a member number
// (optional); they are entered in the event and checked in at once.
type signupScreen struct {
	k        *Kiosk
	name     *keyEntry
	member   *keyEntry
	problem  *widget.Label
	signUp   *keyButton
	backward *keyButton
	content  fyne.CanvasObject
}

func newSignupScreen(k *Kiosk) *signupScreen {
	s := &signupScreen{k: k}
	s.name = newEntry(k, tr.L("Your name"))
	s.name.OnSubmitted = func(string) { s.k.focus(s.member) }
	s.name.OnChanged = func(string) { s.k.input() }
	s.member = newEntry(k, tr.L("Member number (optional)"))
	s.member.OnSubmitted = func(string) { s.submit() }
	s.member.OnChanged = func(string) { s.k.input() }
	s.problem = line("")
	s.problem.Importance = widget.DangerImportance
	s.signUp = newButton(k, tr.L("Sign up"), theme.ConfirmIcon(), widget.HighImportance, s.submit)
	s.backward = newButton(k, tr.L("Back"), theme.NavigateBackIcon(), widget.MediumImportance, s.back)
	label := func(text string) *widget.Label {
		return &widget.Label{Text: text, TextStyle: fyne.TextStyle{Bold: true}}
	}
	form := container.NewVBox(
		heading(tr.L("New here? Sign up")),
		label(tr.L("Your name")), s.name,
		label(tr.L("Member number, if you have one")), s.member,
		s.problem,
		row(s.signUp, s.backward))
	s.content = container.New(column{max: 1000}, form)
	return s
}

func (s *signupScreen) view() fyne.CanvasObject { return s.content }
func (s *signupScreen) first() fyne.Focusable   { return s.name }
func (s *signupScreen) idle() time.Duration     { return IdleAfter }
func (s *signupScreen) back()                   { s.k.show(s.k.start) }
func (s *signupScreen) enter()                  { s.submit() }

func (s *signupScreen) clear() {
	s.name.SetText("")
	s.member.SetText("")
	s.problem.SetText("")
	s.signUp.Enable()
}

// open shows the screen with name filled in.
func (s *signupScreen) open(name string) {
	s.clear()
	s.name.SetText(name)
	s.name.CursorColumn = len([]rune(name))
	s.k.show(s)
}

func (s *signupScreen) submit() {
	if s.signUp.Disabled() {
		return
	}
	np := director.NewPlayer{Name: strings.TrimSpace(s.name.Text), MemberNo: strings.TrimSpace(s.member.Text)}
	if np.Name == "" {
		s.problem.SetText(tr.L("Please type your name."))
		s.k.focus(s.name)
		return
	}
	id := s.k.eventID
	s.signUp.Disable()
	work.Call(s.k.run, func(ctx context.Context) (director.KioskSignUp, error) {
		return s.k.d.Kiosk.KioskSignUp(ctx, id, "", np)
	}, func(su director.KioskSignUp, err error) {
		s.signUp.Enable()
		switch {
		case errors.Is(err, event.ErrState):
			s.k.done.closed()
		case err != nil:
			s.problem.SetText(sentence(err))
		case len(su.SameName) > 0:
			s.k.sameName.ask(np, su.SameName)
		default:
			s.k.changed()
			s.k.done.signedUp(su)
		}
	})
}
