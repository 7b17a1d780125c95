package store

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"tablekeeper/core/event"
)

// A read-only database opens read-only: a file without write permission
// is reported as not writable, its events read as before, every write is
// refused with a sentence, and the file is left byte for byte as it was,
// with nothing created beside it.
func TestAReadOnlyDatabaseOpensReadOnlyAndRefusesWrites(t *testing.T) {
	path, f := savedFixture(t, 3)
	must(t, os.Remove(lockPath(path))) // the writer's, left on purpose
	must(t, os.Chmod(path, 0o444))
	before, err := os.ReadFile(path)
	must(t, err)

	if Writable(path) {
		t.Fatal("a file without write permission is reported writable")
	}
	if !Writable(filepath.Join(t.TempDir(), "new.db")) {
		t.Error("a file still to be created is reported not writable")
	}
	ro, err := OpenReadOnly(path)
	must(t, err)
	if !ro.ReadOnly() {
		t.Error("ReadOnly() is false")
	}
	read(t, ro, func(tx *Tx) error {
		e, err := tx.Event(f.event.ID)
		if err == nil && e.Name != "Friday Night" {
			t.Errorf("event read back as %q", e.Name)
		}
		return err
	})
	err = writeErr(ro, func(*Tx) error {
		t.Error("a write ran on a read-only database")
		return nil
	})
	if !errors.Is(err, ErrReadOnly) || !errors.Is(err, event.ErrState) || !strings.Contains(event.Message(err), "copy it somewhere you can write") {
		t.Errorf("write on a read-only database: %v", err)
	}
	must(t, ro.Close())
	after, err := os.ReadFile(path)
	must(t, err)
	if !bytes.Equal(before, after) {
		t.Error("opening read-only changed the file")
	}
	for _, side := range []string{"-wal", "-shm", "-lock"} {
		if _, err := os.Stat(path + side); err == nil {
			t.Errorf("opening read-only created %s%s", filepath.Base(path), side)
		}
	}
}
