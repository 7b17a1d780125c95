package store

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"tablekeeper/core/event"
)

func TestOpenCreatesADatabaseAndItsFolder(t *testing.T) {
	path := filepath.Join(t.TempDir(), "new", "folder", "tk.db")
	db, err := Open(path)
	must(t, err)
	defer db.Close()
	if db.Path() != path {
		t.Errorf("Path() = %q, want %q", db.Path(), path)
	}

	// The writer's connection carries the settings that matter.
	ctx := context.Background()
	pragmas := map[string]any{
		"application_id": int64(ApplicationID),
		"user_version":   int64(latestVersion(t)),
		"journal_mode":   "wal",
		"foreign_keys":   int64(1),
		"synchronous":    int64(2), // FULL
		"busy_timeout":   int64(busyTimeoutMS),
	}
	for name, want := range pragmas {
		var got any
		must(t, db.writer.QueryRowContext(ctx, "PRAGMA "+name).Scan(&got))
		if b, ok := got.([]byte); ok {
			got = string(b)
		}
		if got != want {
			t.Errorf("PRAGMA %s = %v, want %v", name, got, want)
		}
	}
	var fk int
	must(t, db.reader.QueryRowContext(ctx, "PRAGMA foreign_keys").Scan(&fk))
	if fk != 1 {
		t.Error("the read pool runs without foreign keys")
	}
}

func TestOpenFillsAnEmptyFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "empty.db")
	must(t, os.WriteFile(path, nil, 0o644))
	db, err := Open(path)
	must(t, err)
	defer db.Close()
	s, err := db.Check(context.Background())
	must(t, err)
	if s.SchemaVersion != latestVersion(t) || !s.OK() {
		t.Errorf("summary %+v", s)
	}
}

func TestOpenFillsAnEmptySQLiteFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "blank.db")
	raw, err := sql.Open("sqlite3", path)
	must(t, err)
	_, err = raw.Exec(`VACUUM`) // writes a header and nothing else
	must(t, err)
	must(t, raw.Close())
	db, err := Open(path)
	must(t, err)
	must(t, db.Close())
}

func TestOpenWorksInAFolderWithAwkwardCharacters(t *testing.T) {
	path := filepath.Join(t.TempDir(), "Zoë's ? #1 100%", "tk.db")
	db, err := Open(path)
	must(t, err)
	newFixture(t, db, 2)
	must(t, db.Close())
	if _, err := os.Stat(path); err != nil {
		t.Fatal("the database is not where it was asked to be:", err)
	}
	db, err = Open(path)
	must(t, err)
	defer db.Close()
	read(t, db, func(tx *Tx) error {
		es, err := tx.Events()
		if len(es) != 1 {
			t.Errorf("%d events after reopening, want 1", len(es))
		}
		return err
	})
}

// sqliteFile makes a SQLite file with the given statements, the way
// another program would.
func sqliteFile(t *testing.T, path string, stmts ...string) {
	t.Helper()
	raw, err := sql.Open("sqlite3", path)
	must(t, err)
	for _, s := range stmts {
		_, err := raw.Exec(s)
		must(t, err)
	}
	must(t, raw.Close())
}

func TestOpenRefusesFilesThatAreNotTablekeepers(t *testing.T) {
	random := make([]byte, 8192)
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range random {
		random[i] = byte(rng.Uint32())
	}
	tests := []struct {
		name string
		make func(t *testing.T, path string)
		why  string
	}{
		{"random bytes", func(t *testing.T, path string) {
			must(t, os.WriteFile(path, random, 0o644))
		}, "it is not a SQLite database"},
		{"a text file", func(t *testing.T, path string) {
			must(t, os.WriteFile(path, []byte("Round 1 pairings\nAda vs Grace\n"), 0o644))
		}, "it is not a SQLite database"},
		{"a SQLite header over garbage", func(t *testing.T, path string) {
			must(t, os.WriteFile(path, append([]byte(sqliteMagic), random...), 0o644))
		}, "it is not a SQLite database"},
		{"another program's SQLite file", func(t *testing.T, path string) {
			sqliteFile(t, path, `PRAGMA application_id = 1179402563`, `CREATE TABLE notes (body TEXT)`)
		}, "it is another program's SQLite file"},
		{"another program's SQLite file in WAL mode", func(t *testing.T, path string) {
			sqliteFile(t, path, `PRAGMA journal_mode = WAL`, `PRAGMA application_id = 7`, `CREATE TABLE notes (body TEXT)`)
		}, "it is another program's SQLite file"},
		{"a SQLite file with tables and no application ID", func(t *testing.T, path string) {
			sqliteFile(t, path, `CREATE TABLE players (id INTEGER PRIMARY KEY, name TEXT)`,
				`INSERT INTO players (name) VALUES ('Ada')`)
		}, "it is a SQLite database made by another program"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, "x.db")
			tt.make(t, path)
			before := snapshot(t, dir)

			db, err := Open(path)
			if err == nil {
				db.Close()
				t.Fatal("Open succeeded")
			}
			if !errors.Is(err, ErrNotTablekeeper) {
				t.Fatalf("error %v is not ErrNotTablekeeper", err)
			}
			want := path + " is not a Tablekeeper database (" + tt.why + ")"
			if got := event.Message(err); got != want {
				t.Errorf("message %q, want %q", got, want)
			}
			if after := snapshot(t, dir); !equalFiles(before, after) {
				t.Error("the file was changed by the failed Open")
			}
		})
	}
}

func TestOpenRefusesAFolder(t *testing.T) {
	dir := t.TempDir()
	_, err := Open(dir)
	if !errors.Is(err, ErrNotTablekeeper) {
		t.Fatalf("Open(folder) = %v, want ErrNotTablekeeper", err)
	}
}

func TestOpenRefusesADatabaseFromANewerVersion(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "tk.db")
	db, err := Open(path)
	must(t, err)
	newFixture(t, db, 3)
	must(t, db.Close())
	sqliteFile(t, path, `PRAGMA user_version = 99`)
	// Closing the last connection checkpointed the WAL away: the file
	// alone holds the database.
	before := snapshot(t, dir)

	_, err = Open(path)
	if !errors.Is(err, ErrTooNew) {
		t.Fatalf("error %v is not ErrTooNew", err)
	}
	if msg := event.Message(err); !strings.Contains(msg, "newer Tablekeeper") || !strings.Contains(msg, "update the app") {
		t.Errorf("message %q", msg)
	}
	after := snapshot(t, dir)
	if !bytes.Equal(before["tk.db"], after["tk.db"]) {
		t.Error("the database was changed by the failed Open")
	}
}

func TestReopeningKeepsEverything(t *testing.T) {
	path, f := savedFixture(t, 5)
	db, err := Open(path)
	must(t, err)
	defer db.Close()
	readBack(t, db, "entries", (*Tx).Entries, f.event.ID, f.entries)
}

func TestDefaultPath(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", "/home/ada/.config")
	t.Setenv("HOME", "/home/ada")
	t.Setenv("AppData", `C:\Users\ada\AppData\Roaming`)
	path, err := DefaultPath()
	must(t, err)
	if !strings.HasSuffix(path, filepath.Join("Tablekeeper", "tablekeeper.db")) {
		t.Errorf("DefaultPath() = %q", path)
	}
}

// snapshot reads every file of dir.
func snapshot(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	files := map[string][]byte{}
	entries, err := os.ReadDir(dir)
	must(t, err)
	for _, e := range entries {
		b, err := os.ReadFile(filepath.Join(dir, e.Name()))
		must(t, err)
		files[e.Name()] = b
	}
	return files
}

func equalFiles(a, b map[string][]byte) bool {
	ka, kb := keys(a), keys(b)
	if !slices.Equal(ka, kb) {
		return false
	}
	for _, k := range ka {
		if !bytes.Equal(a[k], b[k]) {
			return false
		}
	}
	return true
}

func keys(m map[string][]byte) []string {
	var ks []string
	for k := range m {
		ks = append(ks, k)
	}
	slices.Sort(ks)
	return ks
}
