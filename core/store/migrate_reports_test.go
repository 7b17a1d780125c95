package store

import (
	"encoding/json"
	"testing"
	"time"

	"tablekeeper/core/event"
)

// oldReport is a row of version 18's phone_reports or player_reports, as
// that schema stored it.
type oldReport struct {
	id                   int64
	entry                event.EntryID // 0: phone_reports
	table                int
	text, parsed, device string
	conflict             bool
	at, closedAt         any // milliseconds, or nil
	accepted             bool
}

// Migration 19 moves every row of both report tables of a version 18
// database into the one reports table: each report by table code keeps
// its id, each player's own report keeps its player, and every text,
// result, device, conflict mark, status and timestamp (a missing one
// too) survives; the table reads back through the one store path, and
// new reports take ids after the old ones.
func TestMigration19MovesBothReportTablesIntoOne(t *testing.T) {
	migs, err := loadMigrations(migrationFiles)
	must(t, err)
	if len(migs) < 19 || migs[18].name != "019_reports.sql" {
		t.Fatalf("migration 19 is %v", migs[18:])
	}
	path, old := openOlder(t, 18)
	f := newFixture(t, old, 9)
	r := sampleRound(f)
	write(t, old, func(tx *Tx) error { return tx.CreateRound(&r) })
	ms := func(d time.Duration) int64 { return t0.Add(d).UnixMilli() }
	ada, bob := f.entries[3].ID, f.entries[0].ID // seats of table 1
	rows := []oldReport{
		{id: 3, table: 2, text: "2-1", parsed: `{"Seats":[{"GamesWon":2},{"GamesWon":1}]}`, device: "Zoë's phone 李",
			conflict: true, at: ms(time.Minute)},
		{id: 7, table: 2, text: "0-2", parsed: `{"Seats":[{},{"GamesWon":2}]}`, device: "unknown",
			at: ms(2 * time.Minute), closedAt: ms(3 * time.Minute), accepted: true},
		{id: 8, table: 1, text: "1 | 2 | 3 | 4", parsed: `{"Seats":[]}`, at: nil, closedAt: ms(4 * time.Minute)},
		{id: 2, entry: ada, table: 1, text: "4 | 3 | 2 | 1", parsed: `{"Seats":[{"Points":4}],"TimeOut":true}`, device: "Ada's",
			at: ms(5 * time.Minute)},
		{id: 5, entry: bob, table: 1, text: "1 | 2 | 3 | 4", parsed: `{"Seats":[]}`, device: "Bob's",
			at: ms(6 * time.Minute), closedAt: ms(7 * time.Minute), accepted: true},
	}
	write(t, old, func(tx *Tx) error {
		for _, o := range rows {
			var table int64
			if err := tx.queryRow(`SELECT t.id FROM tables t JOIN rounds r ON r.id = t.round_id
				WHERE r.event_id = ? AND r.number = 1 AND t.number = ?`, f.event.ID, o.table).Scan(&table); err != nil {
				return err
			}
			var err error
			if o.entry == 0 {
				_, err = tx.exec(`INSERT INTO phone_reports (id, event_id, table_id, round, table_no, text, parsed, device, conflict, at, closed_at, accepted)
					VALUES (?, ?, ?, 1, ?, ?, ?, ?, ?, ?, ?, ?)`,
					o.id, f.event.ID, table, o.table, o.text, o.parsed, o.device, o.conflict, o.at, o.closedAt, o.accepted)
			} else {
				_, err = tx.exec(`INSERT INTO player_reports (id, event_id, table_id, entry_id, round, table_no, text, parsed, device, at, closed_at, accepted)
					VALUES (?, ?, ?, ?, 1, ?, ?, ?, ?, ?, ?, ?)`,
					o.id, f.event.ID, table, o.entry, o.table, o.text, o.parsed, o.device, o.at, o.closedAt, o.accepted)
			}
			if err != nil {
				return err
			}
		}
		return nil
	})
	db := upgrade(t, path, old, 18)
	when := func(v any) time.Time {
		if v == nil {
			return time.Time{}
		}
		return time.UnixMilli(v.(int64)).UTC()
	}
	var want []event.Report
	for _, o := range rows {
		w := event.Report{ID: event.ReportID(o.id), EventID: f.event.ID, Entry: o.entry, Round: 1, Table: o.table, Text: o.text,
			Device: o.device, Conflict: o.conflict, At: when(o.at), ClosedAt: when(o.closedAt), Accepted: o.accepted}
		must(t, json.Unmarshal([]byte(o.parsed), &w.Parsed))
		want = append(want, w)
	}
	// The reports by table code keep their ids (3, 7, 8); the players'
	// come after them, in the order they were sent.
	want[3].ID, want[4].ID = 9, 10
	read(t, db, func(tx *Tx) error {
		var n int
		must(t, tx.queryRow(`SELECT count(*) FROM sqlite_schema WHERE name IN ('phone_reports', 'player_reports')`).Scan(&n))
		if n != 0 {
			t.Errorf("%d old report tables left", n)
		}
		got, err := queryAll(tx, scanReport, `SELECT `+reportColumns+` FROM reports ORDER BY id`)
		must(t, err)
		equal(t, "every report", got, want)
		for _, w := range want {
			one, err := tx.Report(w.ID)
			must(t, err)
			equal(t, "one report", one, w)
		}
		open, err := tx.OpenReports(f.event.ID)
		equal(t, "open reports", open, []event.Report{want[3], want[0]})
		return err
	})
	// The one path writes on: a player sending again replaces her open
	// report (same id), a closed one stays closed, a new report takes the
	// next id.
	again := want[3]
	again.Text, again.At = "1 | 4 | 0 | 3", t0.Add(time.Hour)
	write(t, db, func(tx *Tx) error { return tx.SaveReport(&again) })
	equal(t, "Ada's report again", again.ID, want[3].ID)
	late := want[4]
	late.ClosedAt, late.Accepted = time.Time{}, false
	if err := writeErr(db, func(tx *Tx) error { return tx.SaveReport(&late) }); err == nil {
		t.Error("a settled player's report was sent again")
	}
	fresh := event.Report{EventID: f.event.ID, Round: 1, Table: 2, Text: "2-0", At: t0}
	write(t, db, func(tx *Tx) error { return tx.SaveReport(&fresh) })
	if fresh.ID <= want[4].ID {
		t.Errorf("a new report has id %d, not after the old ones (%d)", fresh.ID, want[4].ID)
	}
}
