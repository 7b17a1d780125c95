package store_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"tablekeeper/core/director"
	"tablekeeper/core/storage"
	"tablekeeper/core/store"
)

// phoneReportsV8 is migration 8's table of phone reports, which migration
// 19 moved into reports: a database taken back to an earlier version has
// it again, as migration 8 created it.
func phoneReportsV8(t *testing.T) string {
	t.Helper()
	return tableOf(t, "008_table_codes_phone_reports.sql", "phone_reports")
}

// Migration 9 drops a 6-digit judges' PIN and flags it for the panel; a
// long PIN and the other settings stay.
func TestMigration9ReplacesASixDigitJudgePIN(t *testing.T) {
	for _, c := range []struct {
		pin      string
		replaced bool
	}{{"123456", true}, {"K7QMX2PA", false}} {
		// Back to version 8: the tables of migration 9 and later go.
		path := rewound(t, `DROP TABLE raffles`, `DROP TABLE cluster_applied`, `DROP TABLE cluster_requests`, `DROP TABLE signin_log`, `DROP TABLE staff_sessions`, `DROP TABLE event_origins`, `DROP TABLE player_codes`, `DROP TABLE reports`, phoneReportsV8(t), `DROP TABLE deck_registration_closed`,
			`DROP TABLE drop_requests`, `DROP TABLE staff_session_judges`,
			`INSERT INTO app_settings (key, value) VALUES ('network.judge-pin', '`+c.pin+`'), ('kiosk.pin', 'hash')`,
			`PRAGMA user_version = 8`)
		db, err := store.Open(path)
		must(t, err)
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
		told, _ := d.Phones.JudgePINReplaced(ctx)
		pin, err := d.Phones.JudgePIN(ctx)
		if told != c.replaced || err != nil || len(pin) != director.SecretLength || strings.Trim(pin, director.TableCodeAlphabet) != "" {
			t.Errorf("%s: told %v, PIN %q, %v", c.pin, told, pin, err)
		}
		must(t, d.Phones.AcknowledgeJudgePIN(ctx))
		if told, _ := d.Phones.JudgePINReplaced(ctx); told {
			t.Error("the panel is told again after the organizer saw it")
		}
		db.Close()
	}
}

// Migration 13 makes the sign-in log and the sessions again with two more
// kinds: the judges' phones and kiosk tablets signed in before it stay
// signed in, and the log keeps its lines.
func TestMigration13KeepsSessionsAndTheLog(t *testing.T) {
	// Back to version 12, with a session and a log line of that schema
	// (the tables of later migrations go too, so that they run again).
	path := rewound(t, `DROP TABLE raffles`, `DROP TABLE cluster_applied`, `DROP TABLE cluster_requests`, `DROP TABLE reports`, phoneReportsV8(t), `DROP TABLE player_codes`, `DROP TABLE deck_registration_closed`, `DROP TABLE signin_log`, `DROP TABLE staff_sessions`,
		`DROP TABLE drop_requests`, `DROP TABLE staff_session_judges`,
		`CREATE TABLE signin_log (id INTEGER PRIMARY KEY AUTOINCREMENT, at INTEGER NOT NULL,
			kind TEXT NOT NULL CHECK (kind IN ('judge', 'kiosk', 'any')), outcome TEXT NOT NULL,
			device TEXT NOT NULL DEFAULT '', address TEXT NOT NULL DEFAULT '', count INTEGER NOT NULL DEFAULT 1, devices INTEGER NOT NULL DEFAULT 1)`,
		`CREATE TABLE staff_sessions (id INTEGER PRIMARY KEY AUTOINCREMENT, token_hash TEXT NOT NULL UNIQUE,
			kind TEXT NOT NULL CHECK (kind IN ('judge', 'kiosk')), event_id INTEGER NOT NULL DEFAULT 0,
			device TEXT NOT NULL DEFAULT '', address TEXT NOT NULL DEFAULT '', started INTEGER NOT NULL,
			last_seen INTEGER NOT NULL, expires INTEGER NOT NULL, ended_at INTEGER, why TEXT NOT NULL DEFAULT '')`,
		`INSERT INTO signin_log (at, kind, outcome, device, address) VALUES (1000, 'judge', 'wrong', 'dev1', '10.0.0.9')`,
		`INSERT INTO staff_sessions (token_hash, kind, event_id, device, address, started, last_seen, expires)
			VALUES ('abc', 'kiosk', 3, 'dev2', '10.0.0.8', 1000, 2000, 99999999999999)`,
		`PRAGMA user_version = 12`)
	db, err := store.Open(path)
	must(t, err)
	defer db.Close()
	err = db.Write(context.Background(), func(tx storage.Tx) error {
		lines, err := tx.SignInLog(10)
		if err != nil || len(lines) != 1 || lines[0].Device != "dev1" || lines[0].Outcome != "wrong" {
			t.Errorf("log after migration 13: %+v, %v", lines, err)
		}
		s, err := tx.StaffSessionByToken("abc")
		if err != nil || s.Kind != "kiosk" || s.Event != 3 || s.Device != "dev2" || s.Entry != 0 || s.Name != "" || !s.Ended.IsZero() {
			t.Errorf("session after migration 13: %+v, %v", s, err)
		}
		// The new kinds are taken.
		for _, kind := range []string{"scorekeeper", "player"} {
			x := storage.StaffSession{TokenHash: "h-" + kind, Kind: kind, Entry: 7, Name: "Sam", Started: time.Now(), LastSeen: time.Now(), Expires: time.Now().Add(time.Hour)}
			if err := tx.AddStaffSession(&x); err != nil {
				t.Errorf("a %s session: %v", kind, err)
			}
			l := storage.SignInLine{At: time.Now(), Kind: kind, Outcome: "signed-in", Count: 1, Devices: 1}
			if err := tx.AddSignIn(&l); err != nil {
				t.Errorf("a %s sign-in line: %v", kind, err)
			}
		}
		got, err := tx.StaffSessionByToken("h-scorekeeper")
		if err != nil || got.Name != "Sam" || got.Entry != 7 {
			t.Errorf("a scorekeeper's session reads back as %+v, %v", got, err)
		}
		return nil
	})
	must(t, err)
}
