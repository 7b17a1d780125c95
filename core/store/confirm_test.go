package store

import (
	"errors"
	"testing"
	"time"

	"tablekeeper/core/event"
)

// A player's report of a table is one row: sending again replaces it
// while it is open (the id stays), and once closed it is kept as it was
// and sending again is refused. SeatedAt finds a player's numbered table,
// and none for a bye.
func TestPlayerReportsAreOnePerPlayerAndTable(t *testing.T) {
	db, f, _ := openRound(t, 9)
	id := f.event.ID
	ada := f.entries[3].ID // seat 1 of table 1
	rep := event.Report{EventID: id, Entry: ada, Round: 1, Table: 1, Text: "2 | 1 | 3 | 0 | 4", Device: "Zoë's phone",
		Parsed: event.Result{Seats: make([]event.SeatResult, 4), TimeOut: true}, At: t0}
	write(t, db, func(tx *Tx) error { return tx.SaveReport(&rep) })
	again := rep
	again.Text, again.Device, again.At = "1 | 4 | 0 | 3 | 1", "new phone", t0.Add(time.Minute)
	write(t, db, func(tx *Tx) error { return tx.SaveReport(&again) })
	if again.ID != rep.ID {
		t.Errorf("the second report has id %d, the first %d: not replaced", again.ID, rep.ID)
	}
	other := event.Report{EventID: id, Entry: f.entries[0].ID, Round: 1, Table: 1, Text: "x", Parsed: event.Result{}, At: t0}
	write(t, db, func(tx *Tx) error { return tx.SaveReport(&other) })
	read(t, db, func(tx *Tx) error {
		open, err := tx.OpenReports(id)
		must(t, err)
		equal(t, "open reports", open, []event.Report{again, other})
		n, err := tx.SeatedAt(id, 1, ada)
		equal(t, "Ada's table", n, 1)
		must(t, err)
		n, err = tx.SeatedAt(id, 1, f.entries[6].ID)
		equal(t, "the bye's table", n, 0)
		return err
	})
	write(t, db, func(tx *Tx) error { return tx.CloseReport(id, again, t0.Add(time.Hour), true) })
	late := again
	late.Text = "changed"
	if err := writeErr(db, func(tx *Tx) error { return tx.SaveReport(&late) }); !errors.Is(err, event.ErrState) {
		t.Errorf("a report of a settled table: %v", err)
	}
	if err := writeErr(db, func(tx *Tx) error { return tx.CloseReport(id, again, t0, false) }); !errors.Is(err, event.ErrState) {
		t.Errorf("closing twice: %v", err)
	}
	if err := writeErr(db, func(tx *Tx) error { return tx.CloseReport(id+1, other, t0, false) }); !errors.Is(err, event.ErrNotFound) {
		t.Errorf("closing another event's report: %v", err)
	}
	bad := rep
	bad.Table = 7
	if err := writeErr(db, func(tx *Tx) error { return tx.SaveReport(&bad) }); !errors.Is(err, event.ErrNotFound) {
		t.Errorf("a table the round does not have: %v", err)
	}
	read(t, db, func(tx *Tx) error {
		got, err := tx.Report(again.ID)
		want := again
		want.ClosedAt, want.Accepted = t0.Add(time.Hour), true
		equal(t, "the closed report", got, want)
		open, _ := tx.OpenReports(id)
		equal(t, "open reports after closing", open, []event.Report{other})
		return err
	})
}
