package director

// A deck registered at a kiosk (tablet or desktop). Anyone can tap a name
// at a kiosk and check that player in (harmless, and the desk sees it),
// but a decklist is hers: the kiosk saves one only with her player code,
// typed by her from her slip (CheckPlayerCode, then KioskSaveDeck), or the
// code the kiosk's sign-up has just given a brand-new player
// (KioskSignUp). The code is checked by the same check as a phone's
// sign-in (entryWithCode); the front-end bounds the wrong tries as it
// bounds a phone's.

import (
	"context"

	"tablekeeper/core/event"
	"tablekeeper/core/i18n"
)

// CheckPlayerCode reports whether code is the player code of entry of
// event id, writing nothing: the entry when it is, ErrWrongPlayerCode
// when it is not (or the entry has no code yet), event.ErrNotFound for an
// entry not of the event. A kiosk asks it before it lets a player
// found by name register her deck; the caller bounds the wrong tries.
func (d *Decks) CheckPlayerCode(ctx context.Context, id event.EventID, entry event.EntryID, code string) (event.Entry, error) {
	return readIn(ctx, d.store, func(tx Tx) (event.Entry, error) { return entryWithCode(tx, id, entry, code) })
}

// KioskDeck is a decklist saved at a kiosk.
type KioskDeck struct {
	Event event.EventID
	Entry event.EntryID
	// Code is the player's code: the one she typed (CheckPlayerCode said
	// it was right), or the one her sign-up at this kiosk just gave her.
	Code string
	// Tablet is the kiosk tablet's device id, "" for the desktop kiosk.
	Tablet string
	// Name is the deck's name (may be empty) and List its decklist.
	Name, List string
}

// KioskSaveDeck registers (or replaces) a player's deck from a kiosk, in
// one write, only when kd.Code is her player code: a wrong one is
// ErrWrongPlayerCode and saves nothing. Otherwise it is SaveDeck (the
// lock rules, an illegal deck saved with what to fix), logged with the
// kiosk it came from.
func (d *Decks) KioskSaveDeck(ctx context.Context, kd KioskDeck) (DeckCheck, error) {
	var out DeckCheck
	list, name, err := tidyDeck(kd.Name, kd.List)
	if err != nil {
		return out, err
	}
	err = d.store.Write(ctx, func(tx Tx) error {
		en, err := entryWithCode(tx, kd.Event, kd.Entry, kd.Code)
		if err != nil {
			return err
		}
		e, err := tx.Event(kd.Event)
		if err != nil {
			return err
		}
		out, err = d.saveDeck(tx, e, en, name, list)
		if err != nil {
			return err
		}
		where := i18n.F("the desktop kiosk")
		if kd.Tablet != "" {
			where = i18n.F("kiosk tablet %s", ShortDevice(kd.Tablet))
		}
		return d.log(tx, e.ID, 0, i18n.F("deck registered on %[1]s with the player's own code: %[2]s (%[3]s)", where, en.Name, deckStatusText(out.Report)))
	})
	return out, err
}
