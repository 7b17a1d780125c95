package store

import (
	"testing"

	"tablekeeper/core/event"
)

// The kiosk's namesake mark (issue 11, ghost sign-up) is saved with the
// entry, read back by Entry and Entries, and cleared by UpdateEntry.
func TestKioskGhostSignUpNamesakeMarkRoundTrip(t *testing.T) {
	db, f := openFixture(t, 2)
	var p event.Player
	marked := event.Entry{EventID: f.event.ID, Status: event.EntryActive, JoinedRound: 1, RegisteredAt: t0, Namesake: true}
	write(t, db, func(tx *Tx) error {
		p = event.Player{Name: "Player 0000", CreatedAt: t0}
		if err := tx.CreatePlayer(&p); err != nil {
			return err
		}
		marked.PlayerID = p.ID
		return tx.CreateEntry(&marked)
	})
	read(t, db, func(tx *Tx) error {
		got, err := tx.Entry(marked.ID)
		must(t, err)
		if !got.Namesake {
			t.Error("the namesake mark was not saved")
		}
		all, err := tx.Entries(f.event.ID)
		must(t, err)
		for _, en := range all {
			if en.Namesake != (en.ID == marked.ID) {
				t.Errorf("entry %s: namesake %v", en.Name, en.Namesake)
			}
		}
		return nil
	})
	unmark := f.entries[0]
	unmark.Namesake = true
	write(t, db, func(tx *Tx) error { return tx.UpdateEntry(unmark) })
	unmark.Namesake = false
	write(t, db, func(tx *Tx) error { return tx.UpdateEntry(unmark) })
	read(t, db, func(tx *Tx) error {
		got, err := tx.Entry(unmark.ID)
		if got.Namesake {
			t.Error("UpdateEntry did not clear the mark")
		}
		return err
	})
}
