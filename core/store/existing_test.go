package store

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"tablekeeper/core/event"
)

// The commands that need a database refuse a path without one, with a
// sentence, and create nothing: not a missing file, not a folder, and an
// empty file stays empty. An existing database opens, as writer or shared.
func TestOpenExistingRefusesWhatIsNoDatabase(t *testing.T) {
	dir := t.TempDir()
	empty := filepath.Join(dir, "empty.db")
	must(t, os.WriteFile(empty, nil, 0o600))
	for _, c := range []struct {
		path, want string
		kind       error
	}{
		{filepath.Join(dir, "missing.db"), filepath.Join(dir, "missing.db") + "; check the path", event.ErrNotFound},
		{dir, dir + " is a folder, not a database; give the path of the .db file inside it", event.ErrInvalid},
		{empty, empty + " is an empty file, not a Tablekeeper database; it was left as it is. Check the path, or open a backup", event.ErrInvalid},
	} {
		for _, open := range []func(string) (*DB, error){OpenExisting, OpenExistingShared} {
			db, err := open(c.path)
			if err == nil {
				db.Close()
			}
			if !errors.Is(err, c.kind) || !strings.Contains(err.Error(), c.want) {
				t.Errorf("%s: %v, want %q", c.path, err, c.want)
			}
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "missing.db")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a missing database was created: %v", err)
	}
	if info, _ := os.Stat(empty); info.Size() != 0 {
		t.Errorf("the empty file has %d bytes", info.Size())
	}
	path := filepath.Join(dir, "tk.db")
	db, err := Open(path)
	must(t, err)
	must(t, db.Close())
	writer, err := OpenExisting(path)
	if err != nil {
		t.Fatalf("an existing database: %v", err)
	}
	defer writer.Close()
	shared, err := OpenExistingShared(path)
	if err != nil {
		t.Fatalf("an existing database beside its writer: %v", err)
	}
	shared.Close()
}
