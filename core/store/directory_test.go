package store

import (
	"errors"
	"testing"

	"tablekeeper/core/event"
	"tablekeeper/core/i18n"
)

func TestMovePlayerMovesEntriesAndJudgesAndRemovesThePlayer(t *testing.T) {
	db := openTemp(t)
	ada, twice := event.Player{Name: "Ada"}, event.Player{Name: "Ada L."}
	e := event.Event{Name: "Friday", Game: "altered", Format: "standard-bo3", State: event.StateRegistration, Settings: swissSettings()}
	var en event.Entry
	write(t, db, func(tx *Tx) error {
		must(t, tx.CreatePlayer(&ada))
		must(t, tx.CreatePlayer(&twice))
		must(t, tx.CreateEvent(&e))
		en = event.Entry{EventID: e.ID, PlayerID: twice.ID, Status: event.EntryActive, JoinedRound: 1}
		must(t, tx.CreateEntry(&en))
		must(t, tx.CreateJudge(&event.Judge{EventID: e.ID, Name: "Ada L.", Role: event.RoleJudge, PlayerID: twice.ID}))
		return tx.MovePlayer(twice.ID, ada.ID)
	})
	read(t, db, func(tx *Tx) error {
		got, err := tx.Entry(en.ID)
		if err != nil || got.PlayerID != ada.ID || got.Name != "Ada" {
			t.Errorf("entry after the move: %+v, %v", got, err)
		}
		js, err := tx.Judges(e.ID)
		if err != nil || len(js) != 1 || js[0].PlayerID != ada.ID {
			t.Errorf("judges after the move: %+v, %v", js, err)
		}
		if _, err := tx.Player(twice.ID); !errors.Is(err, event.ErrNotFound) {
			t.Errorf("the player moved is still there: %v", err)
		}
		return nil
	})
	if err := writeErr(db, func(tx *Tx) error { return tx.MovePlayer(ada.ID, ada.ID) }); !errors.Is(err, event.ErrInvalid) {
		t.Errorf("moving a player onto herself: %v", err)
	}
}

func TestTheDirectoryLogIsAppendOnly(t *testing.T) {
	db := openTemp(t)
	write(t, db, func(tx *Tx) error {
		must(t, tx.AppendDirectoryLog(&event.DirectoryLogEntry{At: t0, Player: 3, Message: i18n.F("%s renamed %s", "Ada", "Ada L.")}))
		return tx.AppendDirectoryLog(&event.DirectoryLogEntry{At: t0, Player: 4, Message: i18n.Plain("other")})
	})
	read(t, db, func(tx *Tx) error {
		lines, err := tx.DirectoryLog(3)
		if err != nil || len(lines) != 1 || !lines[0].At.Equal(t0) || lines[0].Message.In(i18n.English) != "Ada renamed Ada L." {
			t.Errorf("directory log of player 3: %+v, %v", lines, err)
		}
		return nil
	})
	if err := writeErr(db, func(tx *Tx) error {
		_, err := tx.exec(`UPDATE directory_log SET message = '{}'`)
		return err
	}); err == nil {
		t.Error("a directory log line was changed")
	}
}
