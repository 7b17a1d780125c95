package kiosk

import (
	"context"
	"errors"
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

// signupScreen adds a new player: a name (required) and a member number
// (optional); they are entered in the event and checked in at once.
type signupScreen struct {
	usualIdle
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

// sameNameScreen asks "Is this you?" when a player signing up types a name
// that is already registered or in the directory (issue 11: no ghost
// entries). Choosing the name checks that player in; only "No, I'm
// someone else" adds a new player, marked for the organizer as a namesake.
type sameNameScreen struct {
	usualIdle
	k        *Kiosk
	detail   *widget.Label
	problem  *widget.Label
	buttons  []*keyButton
	someone  *keyButton
	backward *keyButton
	content  fyne.CanvasObject

	np      director.NewPlayer
	matches []director.KioskMatch
	busy    bool
}

// Texts of the screen.
const (
	sameNameTitle = "Is this you?"
	someoneElse   = "No, I'm someone else with this name"
)

// The keys above, for the translation files (the constants are their
// English).
var (
	_ = tr.K("Is this you?")
	_ = tr.K("No, I'm someone else with this name")
)

func newSameNameScreen(k *Kiosk) *sameNameScreen {
	s := &sameNameScreen{k: k}
	s.detail = line("")
	s.problem = line("")
	s.problem.Importance = widget.DangerImportance
	list := container.NewVBox()
	for i := range maxMatches {
		b := newButton(k, "", theme.ConfirmIcon(), widget.HighImportance, func() { s.pick(i) })
		b.Hide()
		s.buttons = append(s.buttons, b)
		list.Add(b)
	}
	s.someone = newButton(k, tr.L(someoneElse), theme.ContentAddIcon(), widget.MediumImportance, s.onSomeoneElse)
	s.backward = newButton(k, tr.L("Back"), theme.NavigateBackIcon(), widget.MediumImportance, s.back)
	s.content = container.New(column{max: 1100}, container.NewVBox(
		heading(tr.L(sameNameTitle)), s.detail, list, s.someone, s.backward, s.problem))
	return s
}

func (s *sameNameScreen) view() fyne.CanvasObject { return s.content }
func (s *sameNameScreen) first() fyne.Focusable   { return s.buttons[0] }

// back returns to the sign-up form as it was typed.
func (s *sameNameScreen) back() { s.k.show(s.k.signup) }

// enter picks the first name, as a tap on it would: Enter never adds a
// namesake.
func (s *sameNameScreen) enter() { s.pick(0) }

func (s *sameNameScreen) clear() {
	s.np, s.matches, s.busy = director.NewPlayer{}, nil, false
	s.detail.SetText("")
	s.problem.SetText("")
	for _, b := range s.buttons {
		b.Hide()
	}
}

// ask shows the players named like np.
func (s *sameNameScreen) ask(np director.NewPlayer, ms []director.KioskMatch) {
	s.clear()
	s.np, s.matches = np, ms
	if len(ms) > len(s.buttons) {
		s.matches = ms[:len(s.buttons)]
	}
	s.detail.SetText(tr.Text(director.SameNameText(np.Name, s.matches)))
	for i, b := range s.buttons {
		if i >= len(s.matches) {
			continue
		}
		m := s.matches[i]
		b.Text = tr.F("Yes, I'm %s", m.Name)
		switch {
		case m.CheckedIn:
			b.Text += " · " + tr.L("checked in")
		case m.EntryID != 0:
			b.Text += " · " + tr.L("registered")
		}
		b.Show()
		b.Refresh()
	}
	s.k.show(s)
}

// pick checks the chosen player in: the entry already there, or the
// directory's player, entered now.
func (s *sameNameScreen) pick(i int) {
	if i >= len(s.matches) || s.busy {
		return
	}
	s.busy = true
	s.k.checkIn(s.matches[i], s.problem, func() { s.busy = false })
}

// onSomeoneElse signs up a true namesake, who has said so.
func (s *sameNameScreen) onSomeoneElse() {
	if s.np.Name == "" || s.busy {
		return
	}
	np, id := s.np, s.k.eventID
	s.busy = true
	work.Call(s.k.run, func(ctx context.Context) (director.KioskSignUp, error) {
		return s.k.d.Kiosk.KioskSignUpNamesake(ctx, id, "", np)
	}, func(su director.KioskSignUp, err error) {
		s.busy = false
		switch {
		case errors.Is(err, event.ErrState):
			s.k.done.closed()
		case err != nil:
			s.problem.SetText(sentence(err))
		default:
			s.k.changed()
			s.k.done.signedUpNamesake(su)
		}
	})
}
