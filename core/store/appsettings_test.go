package store

import (
	"errors"
	"testing"
	"time"

	"tablekeeper/core/event"
)

func TestAppSettingsRoundTrip(t *testing.T) {
	db := openTemp(t)
	read(t, db, func(tx *Tx) error {
		if _, ok, err := tx.AppSetting("kiosk.pin"); ok || err != nil {
			t.Errorf("a setting never saved: ok %v, %v", ok, err)
		}
		return nil
	})
	write(t, db, func(tx *Tx) error { return tx.SetAppSetting("kiosk.pin", "one") })
	write(t, db, func(tx *Tx) error { return tx.SetAppSetting("kiosk.pin", "two") })
	read(t, db, func(tx *Tx) error {
		v, ok, err := tx.AppSetting("kiosk.pin")
		if v != "two" || !ok {
			t.Errorf("read %q, %v", v, ok)
		}
		return err
	})
	if err := writeErr(db, func(tx *Tx) error { return tx.SetAppSetting("", "x") }); err == nil {
		t.Error("a setting without a name was saved")
	}
}

func TestDecksListAndLock(t *testing.T) {
	db, f := openFixture(t, 3)
	write(t, db, func(tx *Tx) error {
		for i, en := range f.entries[:2] {
			d := event.Deck{EntryID: en.ID, Name: "Deck " + string(rune('A'+i)), List: "3 Card", UpdatedAt: t0}
			must(t, tx.SaveDeck(&d))
		}
		return tx.LockDecks(f.event.ID, t0.Add(time.Hour))
	})
	read(t, db, func(tx *Tx) error {
		got, err := tx.Decks(f.event.ID)
		if len(got) != 2 || got[0].Name != "Deck A" || !got[1].LockedAt.Equal(t0.Add(time.Hour)) {
			t.Errorf("decks %+v", got)
		}
		return err
	})
}

func TestDeckRegistrationClosesAndReopens(t *testing.T) {
	db, f := openFixture(t, 1)
	read(t, db, func(tx *Tx) error {
		at, err := tx.DeckRegistrationClosed(f.event.ID)
		if !at.IsZero() {
			t.Errorf("a new event's deck registration is closed at %v", at)
		}
		return err
	})
	write(t, db, func(tx *Tx) error {
		must(t, tx.SetDeckRegistrationClosed(f.event.ID, t0))
		// Closing again keeps the first close.
		return tx.SetDeckRegistrationClosed(f.event.ID, t0.Add(time.Hour))
	})
	read(t, db, func(tx *Tx) error {
		at, err := tx.DeckRegistrationClosed(f.event.ID)
		if !at.Equal(t0) {
			t.Errorf("closed at %v, want %v", at, t0)
		}
		return err
	})
	write(t, db, func(tx *Tx) error { return tx.SetDeckRegistrationClosed(f.event.ID, time.Time{}) })
	read(t, db, func(tx *Tx) error {
		at, err := tx.DeckRegistrationClosed(f.event.ID)
		if !at.IsZero() {
			t.Errorf("reopened, still closed at %v", at)
		}
		return err
	})
	if err := writeErr(db, func(tx *Tx) error { return tx.SetDeckRegistrationClosed(9999, t0) }); !errors.Is(err, event.ErrNotFound) {
		t.Errorf("closing an unknown event: %v", err)
	}
}
