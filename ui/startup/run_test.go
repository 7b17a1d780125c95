package startup

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"tablekeeper/core/store"
	"tablekeeper/ui/internal/uitest"
)

// Run asks before a database is made where the command line named no
// file, opens one that is there, and shows what to do when it cannot.
func TestRunAsksOpensOrSaysWhy(t *testing.T) {
	dir := t.TempDir()
	missing := filepath.Join(dir, "typo.db")
	opened := 0
	open := func() error { opened++; return nil }

	a := test.NewTempApp(t)
	if err := Run(a, missing, true, open); err != nil || opened != 0 {
		t.Fatalf("a missing file named on the command line: %v, opened %d times", err, opened)
	}
	if !shows(a, "Create a new database here") {
		t.Fatalf("no window asks before creating %s", missing)
	}

	// Not named on the command line (the app-data folder's): opened at once.
	a = test.NewTempApp(t)
	if err := Run(a, missing, false, open); err != nil || opened != 1 || shows(a, "Quit") {
		t.Fatalf("the default path: %v, opened %d times", err, opened)
	}

	// A file that is there opens without asking.
	there := filepath.Join(dir, "there.db")
	if err := os.WriteFile(there, []byte("SQLite format 3\x00"), 0o600); err != nil {
		t.Fatal(err)
	}
	a = test.NewTempApp(t)
	if err := Run(a, there, true, open); err != nil || opened != 2 {
		t.Fatalf("an existing file: %v, opened %d times", err, opened)
	}

	// An empty file (a failed copy) is asked about, named or not, and
	// opened (made a new database) only when the organizer says so.
	empty := filepath.Join(dir, "empty.db")
	if err := os.WriteFile(empty, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	for _, named := range []bool{true, false} {
		a = test.NewTempApp(t)
		if err := Run(a, empty, named, open); err != nil || opened != 2 {
			t.Fatalf("an empty file (named %v): %v, opened %d times", named, err, opened)
		}
		if !shows(a, "The database file is empty") || !shows(a, "Create a new database here") {
			t.Fatalf("no window asks before making a database in the empty file (named %v)", named)
		}
	}

	// A failed open says what is wrong and is returned.
	a = test.NewTempApp(t)
	locked := store.ErrLocked
	err := Run(a, there, true, func() error { return locked })
	if !errors.Is(err, store.ErrLocked) {
		t.Fatalf("a failed open returned %v", err)
	}
	if !shows(a, "Close the other Tablekeeper first: look for its window on another desktop or minimised, then start again.") {
		t.Fatal("no window says what to do about a failed open")
	}
}

// shows reports whether a window of a shows text.
func shows(a fyne.App, text string) bool {
	for _, w := range a.Driver().AllWindows() {
		if uitest.HasText(w.Content(), text) {
			return true
		}
	}
	return false
}
