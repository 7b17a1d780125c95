package kiosk

import (
	"context"
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

// doneScreen ends a player's visit: checked in, signed up, deck saved, or
// check-in closed. It goes back to the start screen after DoneAfter, or on
// Enter; after a check-in it offers to register a deck when the event
// checks decks.
type doneScreen struct {
	k          *Kiosk
	message    *widget.Label
	detail     *widget.Label
	deckButton *keyButton
	ok         *keyButton
	content    fyne.CanvasObject
	// code and codeWhy show the player her player code after a check-in
	// or a sign-up, for her phone.
	code, codeWhy *widget.Label

	entry event.Entry
	// after is how long the screen stays without input.
	after time.Duration
}

func newDoneScreen(k *Kiosk) *doneScreen {
	s := &doneScreen{k: k}
	s.message = heading("")
	s.detail = line("")
	s.deckButton = newButton(k, tr.L("Register my deck"), widget.HighImportance, s.onDeck)
	s.deckButton.Icon = theme.DocumentCreateIcon()
	s.ok = newButton(k, tr.L("Done"), widget.MediumImportance, k.Reset)
	s.ok.Icon = theme.ConfirmIcon()
	s.code = heading("")
	s.codeWhy = line(tr.L("Use it on your phone to send your decklist and report results: find your name on the event's page and type the code. Keep it to yourself."))
	s.content = container.NewVBox(spacer(), s.message, s.detail, spacer(),
		s.code, s.codeWhy,
		row(s.deckButton, s.ok))
	return s
}

func (s *doneScreen) view() fyne.CanvasObject { return s.content }

// first is Done, so that Enter ends the visit; Tab reaches the deck.
func (s *doneScreen) first() fyne.Focusable { return s.ok }
func (s *doneScreen) idle() time.Duration   { return s.after }
func (s *doneScreen) back()                 { s.k.Reset() }
func (s *doneScreen) enter()                { s.k.Reset() }

func (s *doneScreen) clear() {
	s.entry = event.Entry{}
	s.after = DoneAfter
	s.message.SetText("")
	s.detail.SetText("")
	s.deckButton.Hide()
	s.code.SetText("")
	for _, o := range []fyne.CanvasObject{s.code, s.codeWhy} {
		o.Hide()
	}
}

// checkedIn tells a player they are checked in.
func (s *doneScreen) checkedIn(en event.Entry, already bool) {
	msg := tr.F("You're checked in, %s. Good luck!", en.Name)
	if already {
		msg = tr.F("You're already checked in, %s. Good luck!", en.Name)
	}
	s.show(en, msg, s.k.hasDecks())
	s.showCode(en)
}

// signedUp welcomes a new player.
func (s *doneScreen) signedUp(en event.Entry) {
	s.show(en, tr.F("Welcome, %s! You're signed up and checked in. Good luck!", en.Name), s.k.hasDecks())
	s.showCode(en)
}

// signedUpNamesake welcomes a new player who shares a registered
// player's name, and asks them to tell the organizer.
func (s *doneScreen) signedUpNamesake(en event.Entry) {
	s.show(en, tr.F("Welcome, %s! You're signed up and checked in. Good luck!", en.Name), s.k.hasDecks())
	s.detail.SetText(tr.L("Another player has the same name: please tell the organizer, so that you two are not mixed up."))
	s.showCode(en)
}

// showCode fetches the player's code (drawn the first time) and shows it
// while the screen is still hers. Without it (the database failed) the
// screen says nothing of a code: she is checked in all the same, and the
// organizer can print her slip.
func (s *doneScreen) showCode(en event.Entry) {
	work.Call(s.k.run, func(ctx context.Context) (string, error) {
		return s.k.d.PlayerCode(ctx, en.ID)
	}, func(code string, err error) {
		if err != nil || s.entry.ID != en.ID || s.k.current != screen(s) {
			return
		}
		s.code.SetText(tr.F("Your player code: %s", director.FormatPlayerCode(code)))
		for _, o := range []fyne.CanvasObject{s.code, s.codeWhy} {
			o.Show()
		}
		// Shown after the screen was laid out: laid out again with them,
		// twice, since a wrapped label knows its height (two lines on a
		// tablet) only once it has its width.
		s.content.Refresh()
		s.content.Refresh()
		s.after = CodeAfter
	})
}

// deckSaved says a legal deck is registered.
func (s *doneScreen) deckSaved(en event.Entry) {
	s.show(en, tr.F("Your deck is registered, %s. Good luck!", en.Name), false)
}

// closed sends the player to the organizer once round 1 is paired.
func (s *doneScreen) closed() {
	s.show(event.Entry{}, tr.L("Check-in is closed. Please see the organizer."), false)
}

func (s *doneScreen) show(en event.Entry, msg string, deck bool) {
	s.clear()
	s.entry = en
	s.message.SetText(msg)
	if deck {
		s.detail.SetText(tr.L("You can register your deck now, or later at the organizer's desk."))
	}
	setVisible(s.deckButton, deck)
	s.k.show(s)
}

func (s *doneScreen) onDeck() {
	if s.entry.ID != 0 {
		s.k.deck.open(s.entry)
	}
}
