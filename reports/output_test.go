package reports

import (
	"database/sql"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	_ "github.com/mattn/go-sqlite3"

	"tablekeeper/core/event"
)

func writeText(s string) func(io.Writer) error {
	return func(w io.Writer) error { _, err := io.WriteString(w, s); return err }
}

// The export guard: no report ever replaces a database file.
func TestWriteFileExportGuardRefusesDatabases(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "event.db")
	conn, err := sql.Open("sqlite3", db)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := conn.Exec("CREATE TABLE t(x)"); err != nil {
		t.Fatal(err)
	}
	conn.Close()
	before, _ := os.ReadFile(db)

	err = WriteFile(db, writeText("name,points\n"))
	if !errors.Is(err, event.ErrInvalid) || !strings.Contains(event.Message(err), "database") {
		t.Fatalf("writing over a SQLite file: %v, want a refusal naming the database", err)
	}
	after, _ := os.ReadFile(db)
	if string(before) != string(after) {
		t.Fatal("the database changed")
	}

	// The open database is protected by name even where it is not yet a
	// SQLite file on disk (a 0-byte file the store will fill).
	empty := filepath.Join(dir, "new.db")
	os.WriteFile(empty, nil, 0o600)
	if err := WriteFile(empty, writeText("x"), empty); err == nil || !strings.Contains(event.Message(err), "open Tablekeeper database") {
		t.Fatalf("writing over the open database: %v", err)
	}
	// ... and so are its companions.
	wal := empty + "-wal"
	os.WriteFile(wal, []byte("w"), 0o600)
	if err := WriteFile(wal, writeText("x"), empty); err == nil {
		t.Fatal("wrote over the -wal file")
	}
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".tmp") {
			t.Fatalf("left a temporary file %s", e.Name())
		}
	}
}

func TestWriteFileReplacesAReportWhole(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "standings.csv")
	if err := WriteFile(out, writeText("one\n")); err != nil {
		t.Fatal(err)
	}
	if err := WriteFile(out, writeText("two\n")); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(out); string(b) != "two\n" {
		t.Fatalf("got %q", b)
	}
	info, _ := os.Stat(out)
	if info.Mode().Perm() != 0o644 {
		t.Fatalf("report mode %v, want 0644", info.Mode().Perm())
	}
	// A failed write leaves the old report as it was.
	boom := errors.New("boom")
	if err := WriteFile(out, func(w io.Writer) error { io.WriteString(w, "half"); return boom }); !errors.Is(err, boom) {
		t.Fatalf("got %v", err)
	}
	if b, _ := os.ReadFile(out); string(b) != "two\n" {
		t.Fatalf("a failed write changed the report: %q", b)
	}
}

func TestWriteFileNamesBadTargets(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct{ path, want string }{
		{dir, "is a folder"},
		{filepath.Join(dir, "missing", "x.pdf"), "does not exist"},
		{"", "No file name"},
	} {
		err := WriteFile(c.path, writeText("x"))
		if err == nil || !strings.Contains(event.Message(err), c.want) {
			t.Errorf("%q: %v, want %q", c.path, err, c.want)
		}
	}
}

// No report takes the name of a file kept beside a database, there or not
// yet: replacing a lock would let a second writer in, a log lose commits.
func TestAReportIsNeverSavedAsADatabasesCompanion(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "f.db")
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(os.WriteFile(db, nil, 0o600))
	must(os.WriteFile(db+"-lock", []byte("tablekeeper serve\t7\ttill\t2026-12-01 20:00\n"), 0o600))
	for _, out := range []string{db + "-lock", db + "-wal", db + "-shm", db + "-journal", filepath.Join(dir, "1f-2a-lock")} {
		before, _ := os.ReadFile(out)
		err := WriteFile(out, writeText("name,points\n"))
		if !errors.Is(err, event.ErrInvalid) || !strings.Contains(event.Message(err), "kept beside a database") {
			t.Errorf("a report saved as %s: %v", filepath.Base(out), err)
		}
		if after, _ := os.ReadFile(out); string(before) != string(after) {
			t.Errorf("%s changed", filepath.Base(out))
		}
	}
	if err := WriteFile(filepath.Join(dir, "deadlock-standings.csv"), writeText("x\n")); err != nil {
		t.Errorf("an ordinary name: %v", err)
	}
}
