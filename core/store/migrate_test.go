package store

import (
	"context"
	"database/sql"
	"path/filepath"
	"testing"
	"testing/fstest"
)

func TestEmbeddedMigrationsAreNumberedInOrder(t *testing.T) {
	migs, err := loadMigrations(migrationFiles)
	must(t, err)
	if len(migs) == 0 {
		t.Fatal("no migrations embedded")
	}
	for i, m := range migs {
		if m.version != i+1 || m.sql == "" {
			t.Errorf("migration %d: %+v", i, m)
		}
	}
}

func TestLoadMigrationsRefusesGapsAndBadNames(t *testing.T) {
	tests := map[string]fstest.MapFS{
		"a gap": {
			"migrations/001_init.sql": {Data: []byte("SELECT 1;")},
			"migrations/003_more.sql": {Data: []byte("SELECT 1;")},
		},
		"no number": {
			"migrations/init.sql": {Data: []byte("SELECT 1;")},
		},
		"twice the same number": {
			"migrations/001_init.sql":  {Data: []byte("SELECT 1;")},
			"migrations/001_again.sql": {Data: []byte("SELECT 1;")},
		},
	}
	for name, fsys := range tests {
		if _, err := loadMigrations(fsys); err == nil {
			t.Errorf("%s: loaded", name)
		}
	}
}

// header reads application_id and user_version straight from the file.
func fileHeader(t *testing.T, path string) (appID, version int64) {
	t.Helper()
	raw, err := sql.Open("sqlite3", path)
	must(t, err)
	defer raw.Close()
	must(t, raw.QueryRow(`SELECT (SELECT application_id FROM pragma_application_id),
		(SELECT user_version FROM pragma_user_version)`).Scan(&appID, &version))
	return appID, version
}

func TestAFailingMigrationLeavesTheVersionUnchanged(t *testing.T) {
	path, f := savedFixture(t, 2)
	good, err := loadMigrations(migrationFiles)
	must(t, err)

	bad := append(good[:len(good):len(good)], migration{
		version: len(good) + 1,
		name:    "bad.sql",
		// The first statement works, the second fails: neither may stay.
		sql: `CREATE TABLE half_done (x INTEGER);
			ALTER TABLE players ADD COLUMN nickname TEXT;
			INSERT INTO no_such_table VALUES (1);`,
	})
	if _, err := open(context.Background(), path, bad); err == nil {
		t.Fatal("the failing migration succeeded")
	}

	appID, version := fileHeader(t, path)
	if appID != ApplicationID || version != int64(len(good)) {
		t.Errorf("after the failed migration: application_id %#x, user_version %d; want %#x, %d",
			appID, version, ApplicationID, len(good))
	}
	db, err := Open(path)
	must(t, err)
	defer db.Close()
	read(t, db, func(tx *Tx) error {
		var n int
		must(t, tx.queryRow(`SELECT count(*) FROM sqlite_schema WHERE name = 'half_done'`).Scan(&n))
		if n != 0 {
			t.Error("the failed migration left a table behind")
		}
		must(t, tx.queryRow(`SELECT count(*) FROM pragma_table_info('players') WHERE name = 'nickname'`).Scan(&n))
		if n != 0 {
			t.Error("the failed migration left a column behind")
		}
		es, err := tx.Entries(f.event.ID)
		if len(es) != 2 {
			t.Errorf("%d entries after the failed migration, want 2", len(es))
		}
		return err
	})
}

func TestAFailingFirstMigrationLeavesAnEmptyFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "tk.db")
	bad := []migration{{version: 1, name: "bad.sql", sql: `CREATE TABLE a (x); SELECT * FROM nowhere;`}}
	if _, err := open(context.Background(), path, bad); err == nil {
		t.Fatal("the failing migration succeeded")
	}
	appID, version := fileHeader(t, path)
	if appID != 0 || version != 0 {
		t.Errorf("application_id %#x, user_version %d after a failed first migration", appID, version)
	}
	// Nothing is lost: the next Open starts afresh.
	db, err := Open(path)
	must(t, err)
	must(t, db.Close())
}

func TestMigratingTwiceChangesNothing(t *testing.T) {
	path := filepath.Join(t.TempDir(), "tk.db")
	for range 3 {
		db, err := Open(path)
		must(t, err)
		must(t, db.Close())
	}
	if _, version := fileHeader(t, path); version != int64(latestVersion(t)) {
		t.Errorf("user_version %d", version)
	}
}
