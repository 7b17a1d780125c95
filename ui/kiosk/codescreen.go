package kiosk

import (
	"context"
	"errors"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/ui/internal/toggle"
	"tablekeeper/ui/internal/tr"
	"tablekeeper/ui/internal/work"
)

// codeFirst is what the code screen asks, and why.
var codeFirst = tr.K("Type your player code first, so that nobody else can change your deck. It is printed on your player slip; the organizer can tell it to you at the desk.")

// wrongCode refuses a code that is not the player's.
var wrongCode = tr.K("That is not your player code. It is printed on your player slip; the organizer can tell it to you.")

// forgetWrong is how long after the latest wrong code the code screen
// forgets the wrong codes before it (the next session's players start
// with the short wait).
const forgetWrong = 10 * time.Minute

// codeScreen asks a player found by name for her player code before the
// deck screen: anyone can tap a name, and her deck is hers. The director
// checks the code (CheckPlayerCode, the phone sign-in's check) and saves
// the deck only with it (KioskSaveDeck). A wrong code waits as a wrong
// PIN does on the PIN pad (wrongDelay), whoever types it: the wrong codes
// in a row count until forgetWrong passes without one, across players,
// so that going back and tapping the name again gives no quicker try.
type codeScreen struct {
	usualIdle
	k       *Kiosk
	title   *widget.Label
	field   *keyEntry
	message *widget.Label
	ok      *keyButton
	cancel  *keyButton
	content fyne.CanvasObject

	entry    event.Entry
	checking bool
	// wrong counts the wrong codes since the kiosk last went forgetWrong
	// without one (lastWrong); no code is checked before blockedUntil.
	wrong        int
	lastWrong    time.Time
	blockedUntil time.Time
}

func newCodeScreen(k *Kiosk) *codeScreen {
	s := &codeScreen{k: k}
	s.title = subheading("")
	why := line(tr.L(codeFirst))
	s.field = newEntry(k, tr.L("Your player code"))
	s.field.OnChanged = func(string) { s.k.input() }
	s.field.OnSubmitted = func(string) { s.submit() }
	s.message = line("")
	s.message.Importance = widget.DangerImportance
	s.ok = newButton(k, tr.L("Continue"), theme.NavigateNextIcon(), widget.HighImportance, s.submit)
	s.cancel = newButton(k, tr.L("Cancel"), theme.CancelIcon(), widget.MediumImportance, k.Reset)
	// The field and buttons are narrow; the sentences take the width, so
	// that a refusal fits in two lines at 1366×768.
	narrow := func(o fyne.CanvasObject) fyne.CanvasObject { return container.New(column{max: 640}, o) }
	s.content = container.NewVBox(spacer(), s.title, why, narrow(s.field), s.message, narrow(row(s.ok, s.cancel)))
	return s
}

func (s *codeScreen) view() fyne.CanvasObject { return s.content }
func (s *codeScreen) first() fyne.Focusable   { return s.field }
func (s *codeScreen) back()                   { s.k.Reset() }
func (s *codeScreen) enter()                  { s.submit() }

// clear forgets the player and what was typed; a wait after a wrong code
// stays.
func (s *codeScreen) clear() {
	s.entry = event.Entry{}
	s.field.SetText("")
	s.title.SetText("")
	if !s.blocked() {
		s.say("")
	}
}

// open asks en for her code.
func (s *codeScreen) open(en event.Entry) {
	s.clear()
	s.entry = en
	s.title.SetText(tr.F("Register your deck, %s", en.Name))
	s.k.show(s)
	if s.blocked() {
		s.k.focus(s.cancel)
	}
}

func (s *codeScreen) blocked() bool { return !s.blockedUntil.IsZero() }

func (s *codeScreen) submit() {
	code := s.field.Text
	if s.entry.ID == 0 || code == "" || s.checking || s.blocked() {
		return
	}
	en, id := s.entry, s.k.eventID
	s.checking = true
	work.Call(s.k.run, func(ctx context.Context) (event.Entry, error) {
		return s.k.d.Decks.CheckPlayerCode(ctx, id, en.ID, code)
	}, func(_ event.Entry, err error) {
		s.checking = false
		switch {
		case errors.Is(err, director.ErrWrongPlayerCode):
			s.refuse()
		case err != nil:
			s.say(sentence(err))
		case s.entry.ID == en.ID:
			s.k.deck.open(en, director.NormalizeTableCode(code))
		}
	})
}

// refuse says the code is wrong and waits before the next try.
func (s *codeScreen) refuse() {
	now := s.k.now()
	if now.Sub(s.lastWrong) >= forgetWrong {
		s.wrong = 0
	}
	s.wrong++
	s.lastWrong = now
	wait := wrongDelay(s.wrong)
	s.blockedUntil = now.Add(wait)
	secs := int(wait.Round(time.Second) / time.Second)
	s.field.SetText("")
	s.say(tr.L(wrongCode) + " " + tr.N("Try again in %d seconds.", secs, secs))
	s.field.Disable()
	s.ok.Disable()
	s.k.focus(s.cancel)
}

// tick lets the player try again once the wait after a wrong code is over.
func (s *codeScreen) tick(now time.Time) {
	if !s.blocked() || now.Before(s.blockedUntil) {
		return
	}
	s.blockedUntil = time.Time{}
	s.field.Enable()
	s.ok.Enable()
	if s.k.current == s {
		s.say(tr.L(wrongCode))
		s.k.focus(s.field)
	} else {
		s.say("")
	}
}

// say shows text under the field; "" hides the line.
func (s *codeScreen) say(text string) {
	s.message.SetText(text)
	toggle.Visible(s.message, text != "")
}
