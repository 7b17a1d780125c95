package store_test

import (
	"context"
	"database/sql"
	"encoding/json"
	"strings"
	"testing"

	"tablekeeper/core/event"
	"tablekeeper/core/i18n"
	"tablekeeper/core/storage"
	"tablekeeper/core/store"
)

// The schema 9 fixture (testdata/schema9-english.db) was written by the
// code of schema 9 (commit 103d2a4: `tablekeeper sim` of every game and
// format, 9 players, and KeyForge with 33 for its cut round), then given
// rows that sim does not write, as that code wrote them (clock lines, phone
// reports, a deck check, imports, an organizer's note and reason): every
// log line, reason and round name is the English sentence it stored.

// storedColumns are the columns migration 12 converts.
var storedColumns = []struct{ table, column string }{
	{"event_log", "message"}, {"tables", "why"}, {"rounds", "name"},
}

// rawValues reads every row of the converted columns straight from the
// file, by table and row ID.
func rawValues(t *testing.T, path string) map[string]map[int64]string {
	t.Helper()
	raw, err := sql.Open("sqlite3", path)
	must(t, err)
	defer raw.Close()
	out := map[string]map[int64]string{}
	for _, c := range storedColumns {
		rows, err := raw.Query(`SELECT id, ` + c.column + ` FROM ` + c.table)
		must(t, err)
		out[c.table] = map[int64]string{}
		for rows.Next() {
			var id int64
			var s string
			must(t, rows.Scan(&id, &s))
			out[c.table][id] = s
		}
		must(t, rows.Close())
	}
	return out
}

// Migration 12 turns every stored English sentence into a message that
// says, in English, exactly what was stored; only an organizer's own words
// stay plain words; and French readers get French.
func TestMigration12StoresTheEnglishOfSchema9AsMessages(t *testing.T) {
	path := copyFixture(t, "schema9-english.db", "schema9.db")
	before := rawValues(t, path)
	if len(before["event_log"]) < 1000 || len(before["tables"]) < 500 || len(before["rounds"]) < 100 {
		t.Fatalf("the fixture holds too few rows: %d log lines, %d tables, %d rounds",
			len(before["event_log"]), len(before["tables"]), len(before["rounds"]))
	}
	db, err := store.Open(path)
	must(t, err)
	must(t, db.Close())
	after := rawValues(t, path)
	plain := checkStoredMessages(t, before, after)
	if len(plain) != 1 || plain[0] != "Coffee break: round 4 starts at 15:30" {
		t.Errorf("plain words: %q, want only the organizer's note", plain)
	}
	checkFrenchLog(t, before, after)
	// The reason whose second part the organizer typed keeps it as words.
	why := i18n.Decode(after["tables"][minKey(before["tables"])])
	if got := why.In(i18n.French); !strings.HasSuffix(got, "second floor") || strings.HasPrefix(got, "swapped") {
		t.Errorf("the organizer's reason is said %q in French", got)
	}
	// Today's code reads the converted rows as messages.
	db, err = store.Open(path)
	must(t, err)
	defer db.Close()
	err = db.Read(context.Background(), func(tx storage.Tx) error {
		lines, err := tx.Log(1)
		if err != nil {
			return err
		}
		for _, l := range lines {
			if l.Message.IsZero() {
				t.Errorf("log line %d reads as no message", l.ID)
			}
		}
		rounds, err := tx.Rounds(event.EventID(1))
		if err != nil {
			return err
		}
		if len(rounds) == 0 || rounds[0].Tables[0].Why.IsZero() {
			t.Errorf("event 1's first round reads without its tables' reasons")
		}
		return nil
	})
	must(t, err)
}

// checkStoredMessages checks each stored column of before (the schema 9
// file's English) became a stored message after, said as it was in
// English, and returns the plain sentences among them.
func checkStoredMessages(t *testing.T, before, after map[string]map[int64]string) []string {
	t.Helper()
	// plain are the sentences no format reads: the organizer's note and
	// the reason the fixture's organizer typed (its first part is ours).
	var plain []string
	for _, c := range storedColumns {
		for id, old := range before[c.table] {
			stored := after[c.table][id]
			if old == "" {
				if stored != "" {
					t.Errorf("%s %d: an empty %s became %q", c.table, id, c.column, stored)
				}
				continue
			}
			if !json.Valid([]byte(stored)) || !strings.HasPrefix(stored, "{") {
				t.Errorf("%s %d: %q is not a stored message", c.table, id, stored)
				continue
			}
			msg := i18n.Decode(stored)
			if msg.IsPlain() {
				plain = append(plain, old)
				continue
			}
			if got := msg.In(i18n.English); got != old && !reworded(old) {
				t.Errorf("%s %d: %q is said %q in English", c.table, id, old, got)
			}
		}
	}
	return plain
}

// checkFrenchLog: values nest as messages, and French readers read
// French.
func checkFrenchLog(t *testing.T, before, after map[string]map[int64]string) {
	t.Helper()
	french := map[string]string{}
	for id, old := range before["event_log"] {
		french[old] = i18n.Decode(after["event_log"][id]).In(i18n.French)
	}
	for old, want := range map[string]string{
		"round 1 (top 8: quarter-final) paired: 4 tables, seed 99":                "ronde 1 (top 8\u00a0: quart de finale) appariée\u00a0: 4 tables, numéro de tirage 99",
		"round 2: clock paused (paused, 12:00 left)":                              "ronde 2\u00a0: horloge en pause (en pause, 12:00)",
		"deck registered: Ada (2 problem(s))":                                     "deck enregistré\u00a0: Ada (2 problèmes)",
		"imported 12 player(s) from a file (3 new to the directory)":              "12 joueurs importés d’un fichier (nouveaux dans l’annuaire\u00a0: 3)",
		"round 3 table 5 corrected: Bo 1–1 Cy (1 drawn) at time (was Bo 2–0 Cy)":  "ronde 3 table 5 corrigée\u00a0: Bo 1–1 Cy (nulles\u00a0: 1) au temps (avant\u00a0: Bo 2–0 Cy)",
		`imported from the TOM file of "Regional; Day 1" (sanction 24-01-000123)`: `importé du fichier TOM de "Regional; Day 1" (homologation 24-01-000123)`,
	} {
		if got := french[old]; got != want {
			t.Errorf("%q is said %q in French, want %q", old, got, want)
		}
	}
	for old, fr := range french {
		if strings.HasPrefix(old, "round ") && strings.Contains(fr, "round") {
			t.Errorf("%q is said %q in French", old, fr)
		}
	}
}

// reworded are the sentences whose words changed with migration 12 (real
// plurals where "player(s)" was written).
func reworded(old string) bool {
	return strings.Contains(old, "player(s)") || strings.Contains(old, "problem(s)") || strings.HasPrefix(old, "draft pods drawn:")
}

func minKey(m map[int64]string) int64 {
	first := true
	var k int64
	for id := range m {
		if first || id < k {
			k, first = id, false
		}
	}
	return k
}
