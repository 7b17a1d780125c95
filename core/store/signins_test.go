package store_test

import (
	"context"
	"database/sql"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"tablekeeper/core/director"
	"tablekeeper/core/storage"
	"tablekeeper/core/store"
)

// Migration 9 drops a 6-digit judges' PIN and flags it for the panel; a
// long PIN and the other settings stay.
func TestMigration9ReplacesASixDigitJudgePIN(t *testing.T) {
	for _, c := range []struct {
		pin      string
		replaced bool
	}{{"123456", true}, {"K7QMX2PA", false}} {
		path := filepath.Join(t.TempDir(), "t.db")
		db, err := store.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		db.Close()
		raw, err := sql.Open("sqlite3", path)
		if err != nil {
			t.Fatal(err)
		}
		// Back to version 8: the tables of migration 9 and later go.
		for _, q := range []string{`DROP TABLE signin_log`, `DROP TABLE staff_sessions`, `DROP TABLE event_origins`,
			`INSERT INTO app_settings (key, value) VALUES ('network.judge-pin', '` + c.pin + `'), ('kiosk.pin', 'hash')`,
			`PRAGMA user_version = 8`} {
			if _, err := raw.Exec(q); err != nil {
				t.Fatal(q, err)
			}
		}
		raw.Close()
		db, err = store.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		err = db.Read(context.Background(), func(tx storage.Tx) error {
			pin, has, _ := tx.AppSetting("network.judge-pin")
			flag, _, _ := tx.AppSetting("network.judge-pin-replaced")
			kiosk, _, _ := tx.AppSetting("kiosk.pin")
			if has == c.replaced || has && pin != c.pin || (flag == "1") != c.replaced || kiosk != "hash" {
				t.Errorf("%s: PIN %q (%v), flag %q, kiosk PIN %q", c.pin, pin, has, flag, kiosk)
			}
			_, err := tx.OpenStaffSessions()
			return err
		})
		if err != nil {
			t.Error(err)
		}
		// The director draws a long PIN and the panel is told once.
		ctx := context.Background()
		d := director.New(db, time.Now, nil)
		told, _ := d.JudgePINReplaced(ctx)
		pin, err := d.JudgePIN(ctx)
		if told != c.replaced || err != nil || len(pin) != director.SecretLength || strings.Trim(pin, director.TableCodeAlphabet) != "" {
			t.Errorf("%s: told %v, PIN %q, %v", c.pin, told, pin, err)
		}
		if err := d.AcknowledgeJudgePIN(ctx); err != nil {
			t.Fatal(err)
		}
		if told, _ := d.JudgePINReplaced(ctx); told {
			t.Error("the panel is told again after the organizer saw it")
		}
		db.Close()
	}
}
