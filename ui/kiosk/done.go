package kiosk

import (
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/core/event"
	"tablekeeper/ui/internal/tr"
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

	entry event.Entry
}

func newDoneScreen(k *Kiosk) *doneScreen {
	s := &doneScreen{k: k}
	s.message = heading("")
	s.detail = line("")
	s.deckButton = newButton(k, tr.L("Register my deck"), widget.HighImportance, s.onDeck)
	s.deckButton.Icon = theme.DocumentCreateIcon()
	s.ok = newButton(k, tr.L("Done"), widget.MediumImportance, k.Reset)
	s.ok.Icon = theme.ConfirmIcon()
	s.content = container.NewVBox(spacer(), s.message, s.detail, spacer(),
		row(s.deckButton, s.ok))
	return s
}

func (s *doneScreen) view() fyne.CanvasObject { return s.content }

// first is Done, so that Enter ends the visit; Tab reaches the deck.
func (s *doneScreen) first() fyne.Focusable { return s.ok }
func (s *doneScreen) idle() time.Duration   { return DoneAfter }
func (s *doneScreen) back()                 { s.k.Reset() }
func (s *doneScreen) enter()                { s.k.Reset() }

func (s *doneScreen) clear() {
	s.entry = event.Entry{}
	s.message.SetText("")
	s.detail.SetText("")
	s.deckButton.Hide()
}

// checkedIn tells a player they are checked in.
func (s *doneScreen) checkedIn(en event.Entry, already bool) {
	msg := tr.F("You're checked in, %s. Good luck!", en.Name)
	if already {
		msg = tr.F("You're already checked in, %s. Good luck!", en.Name)
	}
	s.show(en, msg, s.k.hasDecks())
}

// signedUp welcomes a new player.
func (s *doneScreen) signedUp(en event.Entry) {
	s.show(en, tr.F("Welcome, %s! You're signed up and checked in. Good luck!", en.Name), s.k.hasDecks())
}

// signedUpNamesake welcomes a new player who shares a registered
// player's name, and asks them to tell the organizer.
func (s *doneScreen) signedUpNamesake(en event.Entry) {
	s.show(en, tr.F("Welcome, %s! You're signed up and checked in. Good luck!", en.Name), s.k.hasDecks())
	s.detail.SetText(tr.L("Another player has the same name: please tell the organizer, so that you two are not mixed up."))
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
