package store

import (
	"errors"
	"testing"

	"tablekeeper/core/event"
)

// An event's origin (migration 10: a TOM file's own data) is kept by kind,
// replaced by a second save, removed by an empty one, refused for an
// unknown event or when it is not JSON, and read back as saved.
func TestOriginsAreKeptByKind(t *testing.T) {
	db, f := openFixture(t, 2)
	id := f.event.ID
	read(t, db, func(tx *Tx) error {
		got, err := tx.Origins(id)
		if len(got) != 0 {
			t.Errorf("a new event has origins %v", got)
		}
		return err
	})
	write(t, db, func(tx *Tx) error {
		must(t, tx.SaveOrigin(id, "tom", `{"mode":"TCG1DAY"}`))
		return tx.SaveOrigin(id, "tom", `{"mode":"LEAGUECHALLENGE","data":{"ID":"26-05-000002"}}`)
	})
	read(t, db, func(tx *Tx) error {
		got, err := tx.Origins(id)
		if len(got) != 1 || got["tom"] != `{"mode":"LEAGUECHALLENGE","data":{"ID":"26-05-000002"}}` {
			t.Errorf("origins %v", got)
		}
		return err
	})
	if err := writeErr(db, func(tx *Tx) error { return tx.SaveOrigin(id+99, "tom", `{}`) }); !errors.Is(err, event.ErrNotFound) {
		t.Errorf("an unknown event: %v", err)
	}
	if err := writeErr(db, func(tx *Tx) error { return tx.SaveOrigin(id, "tom", `not json`) }); err == nil {
		t.Error("text that is not JSON was kept")
	}
	write(t, db, func(tx *Tx) error { return tx.SaveOrigin(id, "tom", "") })
	read(t, db, func(tx *Tx) error {
		got, err := tx.Origins(id)
		if len(got) != 0 {
			t.Errorf("after removing: %v", got)
		}
		return err
	})
}

// A database of version 9 opens at the latest version with the
// event_origins table, its events without origins.
func TestOriginsMigrationFromVersion9(t *testing.T) {
	path, old := openOlder(t, 9)
	f := newFixture(t, old, 2)
	db := upgrade(t, path, old, 9)
	if _, version := fileHeader(t, path); version < 10 {
		t.Errorf("user_version %d after the upgrade", version)
	}
	read(t, db, func(tx *Tx) error {
		got, err := tx.Origins(f.event.ID)
		if len(got) != 0 {
			t.Errorf("an old event has origins %v", got)
		}
		return err
	})
	write(t, db, func(tx *Tx) error { return tx.SaveOrigin(f.event.ID, "tom", `{"stage":"4"}`) })
}
