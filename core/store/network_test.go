package store

import (
	"context"
	"errors"
	"testing"
	"time"

	"tablekeeper/core/event"
)

func TestTableCodesRoundTripAndAreUsedOnceAnEvent(t *testing.T) {
	db, f, r := openRound(t, 9)
	id := f.event.ID
	read(t, db, func(tx *Tx) error {
		codes, err := tx.TableCodes(id, 1)
		equal(t, "codes before any", codes, map[int]string{})
		return err
	})
	want := map[int]string{1: "ABC234", 2: "XYZ789"}
	write(t, db, func(tx *Tx) error { return tx.SaveTableCodes(id, 1, want) })
	read(t, db, func(tx *Tx) error {
		codes, err := tx.TableCodes(id, 1)
		must(t, err)
		equal(t, "codes", codes, want)
		used, err := tx.UsedTableCodes(id)
		equal(t, "used codes", used, map[string]bool{"ABC234": true, "XYZ789": true})
		return err
	})
	cases := map[string]struct {
		codes map[int]string
		kind  error
	}{
		"a code used by another table":    {map[int]string{1: "XYZ789"}, event.ErrConflict},
		"a code of 5 characters":          {map[int]string{1: "ABC23"}, event.ErrInvalid},
		"a table the round does not have": {map[int]string{3: "QQQ222"}, event.ErrNotFound},
		"the bye":                         {map[int]string{0: "QQQ222"}, event.ErrNotFound},
	}
	for name, c := range cases {
		err := writeErr(db, func(tx *Tx) error {
			if err := tx.SaveTableCodes(id, 1, map[int]string{1: "NEW222"}); err != nil {
				return err
			}
			return tx.SaveTableCodes(id, 1, c.codes)
		})
		if !errors.Is(err, c.kind) {
			t.Errorf("%s: %v, want %v", name, err, c.kind)
		}
	}
	read(t, db, func(tx *Tx) error {
		codes, err := tx.TableCodes(id, 1)
		equal(t, "codes after refusals", codes, want)
		return err
	})
	// Pairing a draft again deletes its tables, and their codes with them.
	write(t, db, func(tx *Tx) error { return tx.DeleteRound(r.ID) })
	read(t, db, func(tx *Tx) error {
		used, err := tx.UsedTableCodes(id)
		equal(t, "codes of a deleted round", used, map[string]bool{})
		return err
	})
}

func TestPhoneReportsRoundTripAndClose(t *testing.T) {
	db, f, _ := openRound(t, 9)
	id := f.event.ID
	rep := event.Report{EventID: id, Round: 1, Table: 2, Text: "2 | 1 | 3 t", Device: "Zoë's phone 李",
		Parsed:   event.Result{Seats: []event.SeatResult{{GamesWon: 2, Games: []event.GameDetail{{Stats: map[string]int{"tau": 9}}}}, {GamesWon: 1}}, TimeOut: true},
		Conflict: true, At: t0}
	other := event.Report{EventID: id, Round: 1, Table: 1, Text: "1", Parsed: event.Result{Seats: make([]event.SeatResult, 4)}, At: t0.Add(time.Second)}
	write(t, db, func(tx *Tx) error {
		must(t, tx.SaveReport(&rep))
		return tx.SaveReport(&other)
	})
	if rep.ID == 0 || other.ID == 0 {
		t.Fatal("SaveReport did not set the IDs")
	}
	read(t, db, func(tx *Tx) error {
		open, err := tx.OpenReports(id)
		equal(t, "open reports by table", open, []event.Report{other, rep})
		return err
	})
	for name, bad := range map[string]event.Report{
		"a table the round lacks": {EventID: id, Round: 1, Table: 7, At: t0},
		"a round not paired":      {EventID: id, Round: 2, Table: 1, At: t0},
		"the bye":                 {EventID: id, Round: 1, Table: 0, At: t0},
	} {
		if err := writeErr(db, func(tx *Tx) error { return tx.SaveReport(&bad) }); !errors.Is(err, event.ErrNotFound) {
			t.Errorf("%s: %v", name, err)
		}
	}
	closed := t0.Add(time.Minute)
	write(t, db, func(tx *Tx) error { return tx.CloseReport(id, rep, closed, true) })
	for name, fn := range map[string]func(tx *Tx) error{
		"closing twice":                 func(tx *Tx) error { return tx.CloseReport(id, rep, closed, false) },
		"closing another event's":       func(tx *Tx) error { return tx.CloseReport(id+1, other, closed, false) },
		"closing a report that is none": func(tx *Tx) error { return tx.CloseReport(id, event.Report{ID: 999}, closed, false) },
		"closing without a time":        func(tx *Tx) error { return tx.CloseReport(id, other, time.Time{}, false) },
	} {
		if err := writeErr(db, fn); err == nil {
			t.Errorf("%s worked", name)
		}
	}
	read(t, db, func(tx *Tx) error {
		got, err := tx.Report(rep.ID)
		must(t, err)
		rep.ClosedAt, rep.Accepted = closed, true
		equal(t, "closed report", got, rep)
		open, err := tx.OpenReports(id)
		equal(t, "open after closing", open, []event.Report{other})
		if _, err := tx.Report(999); !errors.Is(err, event.ErrNotFound) {
			t.Errorf("an unknown report: %v", err)
		}
		return err
	})
}

func TestResultsKeepWhetherPlayersReportedThem(t *testing.T) {
	db, f, r := openRound(t, 9)
	res := event.Result{Seats: make([]event.SeatResult, 4), RecordedAt: t0, ByPlayers: true}
	res.Seats[2].Place = 1
	write(t, db, func(tx *Tx) error { return tx.SetResult(r.Tables[0].ID, &res) })
	read(t, db, func(tx *Tx) error {
		tb, err := tx.Table(f.event.ID, 1, 1)
		if tb.Result == nil || !tb.Result.ByPlayers {
			t.Errorf("result %+v", tb.Result)
		}
		other, _ := tx.Table(f.event.ID, 1, 2)
		if other.Result.ByPlayers {
			t.Error("a result saved by the organizer reads as reported by players")
		}
		return err
	})
}

// A database of schema version 6 (before the store network) opens and
// migrates: its results read as the organizer's, its judge log entries
// without a source, and its rounds take table codes and phone reports.
func TestNetworkMigratesAnOlderDatabase(t *testing.T) {
	path, old := openOlder(t, 6)
	f := newFixture(t, old, 4)
	// Version 6's rows, written as version 6 wrote them: round 1 with
	// tables 1 and 2, table 2 with a result; a judge log line.
	write(t, old, func(tx *Tx) error {
		stmts := []string{
			`INSERT INTO rounds (id, event_id, number, stage, seed, published_at) VALUES (1, ?1, 1, 'swiss', 5, ?2)`,
			`INSERT INTO tables (id, round_id, number) VALUES (1, 1, 1), (2, 1, 2)`,
			`INSERT INTO seats (table_id, position, round_id, entry_id) SELECT 1 + (rowid - 1) / 2, 1 + (rowid - 1) % 2, 1, id FROM entries WHERE event_id = ?1`,
			`INSERT INTO results (table_id, games_drawn, time_out, recorded_at) VALUES (2, 0, 0, ?2)`,
			`INSERT INTO seat_results (table_id, position, games_won) VALUES (2, 1, 2), (2, 2, 0)`,
			`INSERT INTO judge_log (event_id, at, round, kind, description) VALUES (?1, ?2, 1, 'ruling', 'old ruling')`,
		}
		for _, q := range stmts {
			if _, err := tx.exec(q, f.event.ID, t0.UnixMilli()); err != nil {
				return err
			}
		}
		return nil
	})
	db := upgrade(t, path, old, 6)
	read(t, db, func(tx *Tx) error {
		tb, err := tx.Table(f.event.ID, 1, 2)
		must(t, err)
		if tb.Result == nil || tb.Result.ByPlayers || tb.Result.Seats[0].GamesWon != 2 {
			t.Errorf("an old result: %+v", tb.Result)
		}
		log, err := tx.JudgeLog(f.event.ID)
		if len(log) != 1 || log[0].Source != "" || log[0].Description != "old ruling" {
			t.Errorf("an old judge log: %+v", log)
		}
		return err
	})
	write(t, db, func(tx *Tx) error {
		must(t, tx.SaveTableCodes(f.event.ID, 1, map[int]string{1: "ABC234", 2: "DEF567"}))
		rep := event.Report{EventID: f.event.ID, Round: 1, Table: 2, Text: "0-2", Parsed: event.Result{Seats: make([]event.SeatResult, 2)}, Conflict: true, At: t0}
		must(t, tx.SaveReport(&rep))
		j := event.JudgeLogEntry{EventID: f.event.ID, At: t0, Round: 1, Kind: event.LogRuling, Source: "judge phone, device 1"}
		return tx.AppendJudgeLog(&j)
	})
	read(t, db, func(tx *Tx) error {
		log, err := tx.JudgeLog(f.event.ID)
		if len(log) != 2 || log[1].Source != "judge phone, device 1" {
			t.Errorf("judge log after the upgrade: %+v", log)
		}
		return err
	})
	sum, err := db.Check(context.Background())
	must(t, err)
	if !sum.OK() {
		t.Errorf("check after the upgrade: %v", sum.Problems)
	}
}
