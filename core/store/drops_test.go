package store

import (
	"errors"
	"testing"
	"time"

	"tablekeeper/core/event"
)

func TestDropRequestsRoundTripAndClose(t *testing.T) {
	db, f := openFixture(t, 3)
	// Ada again, in another event.
	other := fixture{event: f.event}
	other.event.ID, other.event.Name = 0, "Saturday"
	write(t, db, func(tx *Tx) error {
		must(t, tx.CreateEvent(&other.event))
		en := event.Entry{EventID: other.event.ID, PlayerID: f.players[0].ID, Status: event.EntryActive, JoinedRound: 1, RegisteredAt: t0}
		other.entries = []event.Entry{en}
		return tx.CreateEntry(&other.entries[0])
	})
	id := f.event.ID
	ada := event.DropRequest{EventID: id, EntryID: f.entries[0].ID, Round: 2, Device: "Zoë's phone 李", At: t0}
	bob := event.DropRequest{EventID: id, EntryID: f.entries[1].ID, Round: 0, Device: "d2", At: t0.Add(time.Second),
		State: event.DropAccepted, ClosedAt: t0.Add(time.Second)}
	write(t, db, func(tx *Tx) error {
		must(t, tx.AddDropRequest(&ada))
		return tx.AddDropRequest(&bob)
	})
	if ada.ID == 0 || ada.State != event.DropOpen || bob.ID == 0 {
		t.Fatalf("AddDropRequest: %+v, %+v", ada, bob)
	}
	read(t, db, func(tx *Tx) error {
		open, err := tx.OpenDropRequests(id)
		equal(t, "open requests", open, []event.DropRequest{ada})
		last, err2 := tx.LastDropRequest(bob.EntryID)
		equal(t, "Bob's last request", last, bob)
		_, err3 := tx.LastDropRequest(f.entries[2].ID)
		if !errors.Is(err3, event.ErrNotFound) {
			t.Errorf("a player who never asked: %v", err3)
		}
		return errors.Join(err, err2)
	})
	// One open request per player; an entry of another event is not one.
	for name, bad := range map[string]event.DropRequest{
		"second open":       {EventID: id, EntryID: ada.EntryID, Round: 2, At: t0},
		"another event":     {EventID: id, EntryID: other.entries[0].ID, At: t0},
		"no time":           {EventID: id, EntryID: f.entries[2].ID},
		"negative round":    {EventID: id, EntryID: f.entries[2].ID, Round: -1, At: t0},
		"closed, not dated": {EventID: id, EntryID: f.entries[2].ID, At: t0, State: event.DropRefused},
	} {
		if err := writeErr(db, func(tx *Tx) error { return tx.AddDropRequest(&bad) }); err == nil {
			t.Errorf("%s: saved", name)
		}
	}
	if err := writeErr(db, func(tx *Tx) error { return tx.CloseDropRequest(other.event.ID, ada.ID, event.DropRefused, t0) }); !errors.Is(err, event.ErrNotFound) {
		t.Errorf("closed from another event: %v", err)
	}
	if err := writeErr(db, func(tx *Tx) error { return tx.CloseDropRequest(id, ada.ID, event.DropOpen, t0) }); !errors.Is(err, event.ErrInvalid) {
		t.Errorf("closed as open: %v", err)
	}
	write(t, db, func(tx *Tx) error { return tx.CloseDropRequest(id, ada.ID, event.DropWithdrawn, t0.Add(time.Minute)) })
	if err := writeErr(db, func(tx *Tx) error { return tx.CloseDropRequest(id, ada.ID, event.DropRefused, t0) }); !errors.Is(err, event.ErrState) {
		t.Errorf("closed twice: %v", err)
	}
	read(t, db, func(tx *Tx) error {
		q, err := tx.DropRequest(ada.ID)
		if q.State != event.DropWithdrawn || !q.ClosedAt.Equal(t0.Add(time.Minute)) || q.Open() {
			t.Errorf("withdrawn: %+v", q)
		}
		open, err2 := tx.OpenDropRequests(id)
		if len(open) != 0 {
			t.Errorf("still open: %+v", open)
		}
		return errors.Join(err, err2)
	})
	// Closed, she may ask again.
	again := event.DropRequest{EventID: id, EntryID: ada.EntryID, Round: 3, At: t0.Add(time.Hour)}
	write(t, db, func(tx *Tx) error { return tx.AddDropRequest(&again) })
}
