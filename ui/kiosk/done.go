package kiosk

import (
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/ui/internal/toggle"
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
	// code and codeWhy show a brand-new player her player code after
	// her sign-up, for her phone; a player found by name is told where
	// hers is (atDesk), never shown it.
	code, codeWhy *widget.Label

	entry event.Entry
	// newCode is the code a brand-new player's sign-up just gave her:
	// her deck opens with it. Anyone else types hers (codeScreen).
	newCode string
	// after is how long the screen stays without input.
	after time.Duration
}

func newDoneScreen(k *Kiosk) *doneScreen {
	s := &doneScreen{k: k}
	s.message = heading("")
	s.detail = line("")
	s.deckButton = newButton(k, tr.L("Register my deck"), theme.DocumentCreateIcon(), widget.HighImportance, s.onDeck)
	s.ok = newButton(k, tr.L("Done"), theme.ConfirmIcon(), widget.MediumImportance, k.Reset)
	s.code = heading("")
	s.codeWhy = line(tr.L(codeWhy))
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
	s.entry, s.newCode = event.Entry{}, ""
	s.after = DoneAfter
	s.message.SetText("")
	s.detail.SetText("")
	s.deckButton.Hide()
	s.code.SetText("")
	s.codeWhy.SetText("")
	for _, o := range []fyne.CanvasObject{s.code, s.codeWhy} {
		o.Hide()
	}
}

// checkedIn tells a player found by name they are checked in, and where
// their code is: anyone can tap a name, so the kiosk never shows it.
func (s *doneScreen) checkedIn(en event.Entry, already bool) {
	msg := tr.F("You're checked in, %s. Good luck!", en.Name)
	if already {
		msg = tr.F("You're already checked in, %s. Good luck!", en.Name)
	}
	s.show(en, msg, s.k.hasDecks())
	if s.k.hasDecks() {
		// "Register my deck" will ask for her code.
		s.detail.SetText(tr.L("You can register your deck now with the player code on your slip, or later at the organizer's desk."))
	}
	s.atDesk()
}

// signedUp welcomes a new player with her new code; one known by her
// member number is checked in, without it.
func (s *doneScreen) signedUp(su director.KioskSignUp) {
	if su.Code.Code == "" {
		s.checkedIn(su.Entry, false)
		return
	}
	s.show(su.Entry, tr.F("Welcome, %s! You're signed up and checked in. Good luck!", su.Entry.Name), s.k.hasDecks())
	s.showCode(su.Code)
}

// signedUpNamesake welcomes a new player who shares a registered
// player's name, and asks them to tell the organizer.
func (s *doneScreen) signedUpNamesake(su director.KioskSignUp) {
	s.show(su.Entry, tr.F("Welcome, %s! You're signed up and checked in. Good luck!", su.Entry.Name), s.k.hasDecks())
	s.detail.SetText(tr.L("Another player has the same name: please tell the organizer, so that you two are not mixed up."))
	s.showCode(su.Code)
}

// atDesk says where a player found by name gets her code.
func (s *doneScreen) atDesk() {
	s.codeWhy.SetText(tr.L("Your player code, for your phone, is on your player slip; the organizer gives it to you at the desk."))
	s.codeWhy.Show()
	s.content.Refresh()
}

// showCode shows a brand-new player the code the sign-up drew for her.
func (s *doneScreen) showCode(c director.PlayerCredential) {
	if c.Code == "" {
		return
	}
	s.newCode = c.Code
	s.code.SetText(tr.F("Your player code: %s", director.FormatPlayerCode(c.Code)))
	s.codeWhy.SetText(tr.L(codeWhy))
	for _, o := range []fyne.CanvasObject{s.code, s.codeWhy} {
		o.Show()
	}
	// Laid out again with them, twice, since a wrapped label knows its
	// height (two lines on a tablet) only once it has its width.
	s.content.Refresh()
	s.content.Refresh()
	s.after = CodeAfter
}

// codeWhy says what a new player's code is for.
const codeWhy = "Use it on your phone to send your decklist and report results: find your name on the event's page and type the code. Keep it to yourself."

// The key above, for the translation files (the constant is its English).
var _ = tr.K("Use it on your phone to send your decklist and report results: find your name on the event's page and type the code. Keep it to yourself.")

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
	toggle.Visible(s.deckButton, deck)
	s.k.show(s)
}

// onDeck opens a brand-new player's deck at once, and asks anyone else
// for her code first.
func (s *doneScreen) onDeck() {
	switch {
	case s.entry.ID == 0:
	case s.newCode != "":
		s.k.deck.open(s.entry, s.newCode)
	default:
		s.k.code.open(s.entry)
	}
}
