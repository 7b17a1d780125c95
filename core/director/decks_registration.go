package director

// Decklists from players' phones (issue 22): while the event asks for
// decklists, before round 1 is paired and until the organizer closes deck
// registration, a player signed in on her phone (her player code, see
// players.go) registers or changes her own deck. The entry is always her
// session's, never one the phone names, and each save is logged with her
// device. After the close she sees her list read-only; the desk can still
// register or change any deck as before (the game's deck rules
// unchanged: S2, H1, H7, K2, K5, A2). The desk sees who
// has submitted, who has not and which lists have problems, by the one
// check every front-end shows (checkList).

import (
	"context"
	"time"

	"tablekeeper/core/event"
	"tablekeeper/core/i18n"
	"tablekeeper/core/rules"
)

// DeckWindow says whether players' phones may register decks, and if
// not, why.
type DeckWindow struct {
	// Asked: the event asks for decklists (its deck rules are set).
	Asked bool
	// Paired: round 1 is paired, so phones may no longer send lists, and
	// decks are locked unless the game's rules keep them open (Policy).
	Paired bool
	// Policy is the game's rule on changing a deck once round 1 is paired
	// (S2, H1, H7, K2, K5, A2).
	Policy rules.DeckPolicy
	// Finished: the event is over.
	Finished bool
	// ClosedAt is when the organizer closed deck registration (zero:
	// not closed).
	ClosedAt time.Time
}

// Open reports whether a phone may register or change a deck now.
func (w DeckWindow) Open() bool {
	return w.Asked && !w.Paired && !w.Finished && w.ClosedAt.IsZero()
}

// Refusal is the sentence that says why a phone may not register a deck
// now and what to do instead; nil when it may.
func (w DeckWindow) Refusal() error {
	switch {
	case !w.Asked:
		return event.Statef("this event does not ask for decklists")
	case w.Finished:
		return event.Statef("the event is over; its decks are final")
	case w.Paired:
		return event.Statef("deck registration closed when round 1 was paired; to change your deck, see the organizer")
	case !w.ClosedAt.IsZero():
		return event.Statef("deck registration is closed; to register or change your deck, see the organizer")
	}
	return nil
}

// Status says the window to the staff (the desk, the judges): whether
// players' phones may still send lists, and if not since when or why.
func (w DeckWindow) Status() i18n.Text {
	switch {
	case !w.Asked:
		return i18n.F("This event does not ask for decklists.")
	case w.Finished:
		return i18n.F("The event is over; its decks are final.")
	case w.Paired:
		return w.Policy.Said()
	case !w.ClosedAt.IsZero():
		return i18n.F("Deck registration from phones closed at %s; the desk can still register or change a list.", w.ClosedAt.Local().Format("15:04"))
	}
	return i18n.F("Players can still send or change their lists from their phones.")
}

// deckWindow reads event e's deck window in tx.
func deckWindow(tx Tx, e event.Event) (DeckWindow, error) {
	w := DeckWindow{Asked: e.Settings.DeckRules != "", Finished: e.State == event.StateFinished,
		Policy: rules.DeckPolicyFor(e.Game, e.Settings)}
	n, err := tx.RoundCount(e.ID)
	if err != nil {
		return w, err
	}
	w.Paired = n > 0
	w.ClosedAt, err = tx.DeckRegistrationClosed(e.ID)
	return w, err
}

// DeckRegistration reads whether players' phones may register decks for
// event id.
func (d *Decks) DeckRegistration(ctx context.Context, id event.EventID) (DeckWindow, error) {
	var w DeckWindow
	err := d.store.Read(ctx, func(tx Tx) error {
		e, err := tx.Event(id)
		if err != nil {
			return err
		}
		w, err = deckWindow(tx, e)
		return err
	})
	return w, err
}

// CloseDeckRegistration closes deck registration from players' phones
// for event id (the organizer's deadline), logged. Lists already sent
// stay; the desk can still register or change decks.
func (d *Decks) CloseDeckRegistration(ctx context.Context, id event.EventID) error {
	return d.setDeckRegistration(ctx, id, true)
}

// ReopenDeckRegistration opens deck registration from phones again, until
// round 1 is paired; logged.
func (d *Decks) ReopenDeckRegistration(ctx context.Context, id event.EventID) error {
	return d.setDeckRegistration(ctx, id, false)
}

func (d *core) setDeckRegistration(ctx context.Context, id event.EventID, closed bool) error {
	return d.store.Write(ctx, func(tx Tx) error {
		e, err := tx.Event(id)
		if err != nil {
			return err
		}
		w, err := deckWindow(tx, e)
		if err != nil {
			return err
		}
		if !w.Asked {
			return event.Statef("%s does not ask for decklists; choose its deck rules in the event's settings first", e.Name)
		}
		if closed == !w.ClosedAt.IsZero() {
			return nil // already so: nothing to log
		}
		at, msg := d.now(), i18n.F("deck registration from phones closed")
		if !closed {
			at, msg = time.Time{}, i18n.F("deck registration from phones reopened")
		}
		if err := tx.SetDeckRegistrationClosed(id, at); err != nil {
			return err
		}
		return d.log(tx, id, 0, msg)
	})
}

// SavePlayerDeck registers (or replaces) the deck of the player signed in
// on a phone: her session's entry, nothing the phone could name. It is
// refused with a sentence outside the window (DeckWindow.Refusal); an
// illegal deck is saved, as at the desk, and its check says what to fix.
// The save is logged with the phone's device.
func (d *Decks) SavePlayerDeck(ctx context.Context, ps PlayerSession, name, list string) (DeckCheck, error) {
	var out DeckCheck
	list, name, err := tidyDeck(name, list)
	if err != nil {
		return out, err
	}
	device := ClipText(ps.Device, maxDeviceLength)
	err = d.store.Write(ctx, func(tx Tx) error {
		en, e, err := sessionEntry(tx, ps)
		if err != nil {
			return err
		}
		w, err := deckWindow(tx, e)
		if err != nil {
			return err
		}
		if err := w.Refusal(); err != nil {
			return err
		}
		out, err = d.saveDeck(tx, e, en, name, list)
		if err != nil {
			return err
		}
		return d.log(tx, e.ID, 0, i18n.F("deck registered from a phone: %s (%s), device %s", en.Name, deckStatusText(out.Report), device))
	})
	return out, err
}

// sessionEntry reads the entry and event of a player's session, refusing
// a session whose entry left the event.
func sessionEntry(tx Tx, ps PlayerSession) (event.Entry, event.Event, error) {
	en, err := tx.Entry(ps.Entry)
	if err == nil && en.EventID != ps.Event {
		err = event.NotFoundf("this event has no player number %d; find yourself again by name", ps.Entry)
	}
	if err != nil {
		return en, event.Event{}, err
	}
	e, err := tx.Event(en.EventID)
	return en, e, err
}

// PlayerDeck is what a player's phone shows of her own deck.
type PlayerDeck struct {
	Event  event.Event
	Window DeckWindow
	// Has is true when she registered a deck; Check is then its check.
	Has   bool
	Check DeckCheck
}

// PlayerDeckOf reads the deck of the player signed in on a phone, with
// its check and the window, in one read.
func (d *Decks) PlayerDeckOf(ctx context.Context, ps PlayerSession) (PlayerDeck, error) {
	var out PlayerDeck
	err := d.store.Read(ctx, func(tx Tx) error {
		en, e, err := sessionEntry(tx, ps)
		if err != nil {
			return err
		}
		out.Event = e
		if out.Window, err = deckWindow(tx, e); err != nil {
			return err
		}
		out.Check, out.Has, err = entryDeck(tx, e, en.ID)
		return err
	})
	return out, err
}

// EntryDeck reads entry's registered deck in event id with its check, for
// a judge; false when she registered none. An entry of another event is
// event.ErrNotFound.
func (d *Decks) EntryDeck(ctx context.Context, id event.EventID, entry event.EntryID) (DeckCheck, bool, error) {
	var out DeckCheck
	var has bool
	err := d.store.Read(ctx, func(tx Tx) error {
		en, err := tx.Entry(entry)
		if err == nil && en.EventID != id {
			err = event.NotFoundf("this event has no player number %d", entry)
		}
		if err != nil {
			return err
		}
		e, err := tx.Event(id)
		if err != nil {
			return err
		}
		out, has, err = entryDeck(tx, e, entry)
		return err
	})
	return out, has, err
}

func entryDeck(tx Tx, e event.Event, entry event.EntryID) (DeckCheck, bool, error) {
	dk, err := tx.Deck(entry)
	if isNotFound(err) {
		return DeckCheck{}, false, nil
	}
	if err != nil {
		return DeckCheck{}, false, err
	}
	f, rep, err := checkDeck(tx, e, dk.List)
	return DeckCheck{Deck: dk, Rules: f, Report: rep}, true, err
}

// DeckState is where an entry's decklist stands.
type DeckState int

// The states of an entry's decklist.
const (
	// DeckMissing: no list registered.
	DeckMissing DeckState = iota
	// DeckProblems: a list registered that its check finds problems in.
	DeckProblems
	// DeckLegal: a list registered that passed its check.
	DeckLegal
)

// DeckStatusRow is an active entry and her decklist's state.
type DeckStatusRow struct {
	Entry event.Entry
	State DeckState
	// Check is her deck and its check (zero when DeckMissing).
	Check DeckCheck
}

// DeckStatus is the desk's view of the decklists: every active entry in
// registration order, the counts, and the phones' window.
type DeckStatus struct {
	Window DeckWindow
	Rows   []DeckStatusRow
	// Submitted counts the entries with a list (Problems of them with
	// problems); Missing those without.
	Submitted, Problems, Missing int
}

// DeckStatus reads, in one read, every active entry of event id with her
// decklist's state and check (the check every front-end shows), and the
// window of deck registration from phones.
func (d *Decks) DeckStatus(ctx context.Context, id event.EventID) (DeckStatus, error) {
	var out DeckStatus
	err := d.store.Read(ctx, func(tx Tx) error {
		e, err := tx.Event(id)
		if err != nil {
			return err
		}
		if out.Window, err = deckWindow(tx, e); err != nil {
			return err
		}
		entries, err := tx.Entries(id)
		if err != nil {
			return err
		}
		decks, err := tx.Decks(id)
		if err != nil {
			return err
		}
		byEntry := make(map[event.EntryID]event.Deck, len(decks))
		for _, dk := range decks {
			byEntry[dk.EntryID] = dk
		}
		check, err := deckChecker(tx, e)
		if err != nil {
			return err
		}
		for _, en := range entries {
			if !en.Active() {
				continue
			}
			row := DeckStatusRow{Entry: en}
			if dk, ok := byEntry[en.ID]; ok {
				row.Check = check(dk)
				row.State = DeckLegal
				if !row.Check.Legal() {
					row.State = DeckProblems
				}
			}
			out.add(row)
		}
		return nil
	})
	return out, err
}

// add appends row and counts it.
func (s *DeckStatus) add(row DeckStatusRow) {
	s.Rows = append(s.Rows, row)
	switch row.State {
	case DeckMissing:
		s.Missing++
	case DeckProblems:
		s.Submitted++
		s.Problems++
	default:
		s.Submitted++
	}
}
