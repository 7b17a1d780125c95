package store

import (
	"context"
	"errors"
	"testing"

	"tablekeeper/core/event"
)

func sampleDraft(f fixture) event.DraftSeating {
	e := func(i int) event.EntryID { return f.entries[i].ID }
	return event.DraftSeating{
		Pods: []event.DraftPod{
			{Number: 1, Seats: []event.EntryID{e(4), e(0), e(2)}},
			{Number: 2, Seats: []event.EntryID{e(1), e(3)}},
		},
		Passes:  []event.PassDirection{event.PassLeft, event.PassRight, event.PassLeft},
		Seed:    -8123456789,
		DrawnAt: t0,
	}
}

func TestDraftSeatingRoundTripAndDrawingAgainReplacesIt(t *testing.T) {
	db, f := openFixture(t, 5)
	read(t, db, func(tx *Tx) error {
		_, err := tx.DraftSeating(f.event.ID)
		if !errors.Is(err, event.ErrNotFound) || event.Message(err) != "no draft pods have been drawn for Friday Night" {
			t.Errorf("before a draw: %v", err)
		}
		return nil
	})

	first := sampleDraft(f)
	write(t, db, func(tx *Tx) error { return tx.SaveDraftSeating(f.event.ID, first) })
	readBack(t, db, "saved draft", (*Tx).DraftSeating, f.event.ID, first)

	e := func(i int) event.EntryID { return f.entries[i].ID }
	again := event.DraftSeating{
		Pods:    []event.DraftPod{{Number: 1, Seats: []event.EntryID{e(3), e(2), e(1), e(0), e(4)}}},
		Passes:  []event.PassDirection{event.PassLeft},
		Seed:    42,
		DrawnAt: t0.Add(90e9),
	}
	write(t, db, func(tx *Tx) error { return tx.SaveDraftSeating(f.event.ID, again) })
	read(t, db, func(tx *Tx) error {
		got, err := tx.DraftSeating(f.event.ID)
		equal(t, "draft drawn again", got, again)
		var seats int
		must(t, tx.queryRow(`SELECT count(*) FROM draft_pods`).Scan(&seats))
		if seats != 5 {
			t.Errorf("%d seats kept, want the 5 of the new draw", seats)
		}
		return err
	})
}

func TestDraftSeatingRefusesWhatCannotBeSaved(t *testing.T) {
	db, f := openFixture(t, 5)
	good := sampleDraft(f)
	write(t, db, func(tx *Tx) error { return tx.SaveDraftSeating(f.event.ID, good) })

	// An entry of another event.
	var other event.Entry
	write(t, db, func(tx *Tx) error {
		ev := event.Event{Name: "Saturday", Game: "keyforge", Format: "archon", Date: t0,
			State: event.StateRegistration, Settings: swissSettings(), CreatedAt: t0}
		must(t, tx.CreateEvent(&ev))
		other = event.Entry{EventID: ev.ID, PlayerID: f.players[0].ID, Status: event.EntryActive, JoinedRound: 1}
		return tx.CreateEntry(&other)
	})

	e := func(i int) event.EntryID { return f.entries[i].ID }
	for _, c := range []struct {
		name string
		id   event.EventID
		s    event.DraftSeating
		kind error
		msg  string
	}{
		{"a player twice", f.event.ID, event.DraftSeating{Pods: []event.DraftPod{{Number: 1, Seats: []event.EntryID{e(0), e(1), e(0)}}}},
			event.ErrConflict, "Player 0000 is seated twice in the draft"},
		{"a stranger", f.event.ID, event.DraftSeating{Pods: []event.DraftPod{{Number: 1, Seats: []event.EntryID{e(0), other.ID}}}},
			event.ErrInvalid, "Player 0000 is not registered in Friday Night"},
		{"an unknown entry", f.event.ID, event.DraftSeating{Pods: []event.DraftPod{{Number: 1, Seats: []event.EntryID{e(0), 9999}}}},
			event.ErrNotFound, ""},
		{"an unknown event", 9999, good, event.ErrNotFound, "there is no event with ID 9999"},
		{"an empty pod", f.event.ID, event.DraftSeating{Pods: []event.DraftPod{{Number: 1}}}, event.ErrInvalid, "draft pod 1 has no seats"},
		{"a pod number twice", f.event.ID, event.DraftSeating{Pods: []event.DraftPod{{Number: 1, Seats: []event.EntryID{e(0)}}, {Number: 1, Seats: []event.EntryID{e(1)}}}},
			event.ErrInvalid, "draft pod number 1 is not a new number from 1"},
		{"a pass up", f.event.ID, event.DraftSeating{Passes: []event.PassDirection{"left", "up"}}, event.ErrInvalid, `pack 2 passes "up"; a pack passes left or right`},
	} {
		err := writeErr(db, func(tx *Tx) error { return tx.SaveDraftSeating(c.id, c.s) })
		if !errors.Is(err, c.kind) || c.msg != "" && event.Message(err) != c.msg {
			t.Errorf("%s: %v", c.name, err)
		}
	}
	// Nothing refused replaced the saved draw, even when the caller goes on
	// and commits after the error.
	write(t, db, func(tx *Tx) error {
		_ = tx.SaveDraftSeating(f.event.ID, event.DraftSeating{Pods: []event.DraftPod{{Number: 1, Seats: []event.EntryID{e(0), e(0)}}}})
		return nil
	})
	readBack(t, db, "draft after refused saves", (*Tx).DraftSeating, f.event.ID, good)
	read(t, db, func(tx *Tx) error {
		if _, err := tx.DraftSeating(9999); !errors.Is(err, event.ErrNotFound) || event.Message(err) != "there is no event with ID 9999" {
			t.Errorf("unknown event: %v", err)
		}
		return nil
	})
}

// A database of schema version 2 (before draft pods) opens, migrates, and
// saves draft pods for the events it already held.
func TestDraftPodsMigrateAnOlderDatabase(t *testing.T) {
	path, old := openOlder(t, 2)
	f := oldFixture(t, old, 5)
	db := upgrade(t, path, old, 2)
	s := sampleDraft(f)
	write(t, db, func(tx *Tx) error { return tx.SaveDraftSeating(f.event.ID, s) })
	readBack(t, db, "draft in an upgraded database", (*Tx).DraftSeating, f.event.ID, s)
	sum, err := db.Check(context.Background())
	must(t, err)
	if !sum.OK() {
		t.Errorf("check after the upgrade: %v", sum.Problems)
	}
}

// oldFixture is newFixture on a database of schema version 2: its entries
// are written with version 2's columns.
func oldFixture(t testing.TB, db *DB, n int) fixture {
	t.Helper()
	return buildFixture(t, db, n, func(tx *Tx, e *event.Entry) error {
		res, err := tx.exec(`INSERT INTO entries (event_id, player_id, status, joined_round, registered_at)
			VALUES (?, ?, ?, ?, ?)`, e.EventID, e.PlayerID, e.Status, e.JoinedRound, millis(e.RegisteredAt))
		if err != nil {
			return err
		}
		e.ID = event.EntryID(lastID(res))
		return nil
	})
}
