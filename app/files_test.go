package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"tablekeeper/core/store"
)

// While a Tablekeeper holds a database, the file cannot be opened by a
// second writer under a new name (`mv f.db moved.db` then `sim --db
// moved.db`), export does not replace its lock file (nor save anything
// as a -wal or -shm), and `network pins` renews no secret beside it, the
// scorekeeper code included; reading the secrets works.
func TestTheWriterLockHoldsThroughRenameExportAndRenewals(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "f.db")
	if code, _, stderr := runCmd("sim", "--db", db, "--players", "8", "--seed", "3"); code != 0 {
		t.Fatal(stderr)
	}
	_, before, _ := runCmd("network", "pins", "--db", db)
	holder, err := store.Open(db)
	if err != nil {
		t.Fatal(err)
	}
	defer holder.Close()

	lock, _ := os.ReadFile(db + "-lock")
	for _, out := range []string{db + "-lock", db + "-wal", db + "-shm"} {
		code, stdout, stderr := runCmd("export", "--db", db, "--event", "1", "--report", "standings-csv", "--out", out)
		if code != 1 || strings.Contains(stdout, "wrote") || !strings.Contains(stderr, "kept beside a database") {
			t.Errorf("export --out %s: exit %d, %q %q", filepath.Base(out), code, stdout, stderr)
		}
	}
	if after, _ := os.ReadFile(db + "-lock"); !bytes.Equal(lock, after) {
		t.Error("export changed the lock file")
	}

	for _, flag := range []string{"--renew-scorekeeper", "--renew-judge", "--renew-kiosk"} {
		code, stdout, stderr := runCmd("network", "pins", "--db", db, flag)
		if code != 1 || stdout != "" || !strings.Contains(stderr, "already open in another Tablekeeper") {
			t.Errorf("pins %s beside the holder: exit %d, %q %q", flag, code, stdout, stderr)
		}
	}
	if code, stdout, stderr := runCmd("network", "pins", "--db", db); code != 0 || stdout != before {
		t.Errorf("reading the secrets beside the holder: exit %d, %q (before %q) %q", code, stdout, before, stderr)
	}

	moved := filepath.Join(dir, "moved.db")
	if err := os.Rename(db, moved); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := runCmd("sim", "--db", moved, "--players", "8", "--seed", "4")
	if code != 1 || !strings.Contains(stderr, "already open in another Tablekeeper") {
		t.Errorf("sim on the renamed file: exit %d, %q %q", code, stdout, stderr)
	}
	if _, err := os.Stat(moved + "-wal"); err == nil {
		t.Error("the refused sim left a -wal beside the new name")
	}
	if err := os.Rename(moved, db); err != nil {
		t.Fatal(err)
	}
}
