package startup

import (
	"database/sql"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"tablekeeper/core/store"
	"tablekeeper/ui/internal/uitest"
)

// Start-up windows: each kind of bad start becomes a window's sentence and
// what to do, built from the real error of opening a real file.
func TestStartupWindowsForEachBadStart(t *testing.T) {
	dir := t.TempDir()
	sqlite := func(path string, stmts ...string) {
		db, err := sql.Open("sqlite3", path)
		if err != nil {
			t.Fatal(err)
		}
		defer db.Close()
		for _, s := range stmts {
			if _, err := db.Exec(s); err != nil {
				t.Fatal(err)
			}
		}
	}
	locked := filepath.Join(dir, "locked.db")
	holder, err := store.Open(locked)
	if err != nil {
		t.Fatal(err)
	}
	defer holder.Close()
	foreign := filepath.Join(dir, "foreign.db")
	sqlite(foreign, "CREATE TABLE songs (title TEXT)")
	random := filepath.Join(dir, "random.db")
	os.WriteFile(random, []byte("this is not a database at all, just some words"), 0o600)
	newer := filepath.Join(dir, "newer.db")
	st, err := store.Open(newer)
	if err != nil {
		t.Fatal(err)
	}
	st.Close()
	sqlite(newer, "PRAGMA user_version = 99")
	folder := filepath.Join(dir, "a folder")
	os.Mkdir(folder, 0o700)
	underFile := filepath.Join(random, "x.db") // a path through a file

	cases := []struct {
		name, path, message, advice string
	}{
		{"locked", locked, "already open in another Tablekeeper", "Close the other Tablekeeper first"},
		{"foreign", foreign, "not a Tablekeeper database", "Check the --db path"},
		{"corrupt or random bytes", random, "not a Tablekeeper database", "backups folder"},
		{"newer schema", newer, "newer", "Install the newer Tablekeeper"},
		{"folder", folder, "", "not a folder"},
		{"unreadable path", underFile, "", "Check the --db path"},
	}
	for _, c := range cases {
		_, err := store.Open(c.path)
		if err == nil {
			t.Fatalf("%s: opened", c.name)
		}
		p := ForError(c.path, err)
		if p.Title != Title || !strings.Contains(p.Message, c.message) || !strings.Contains(p.Advice, c.advice) {
			t.Errorf("%s: %+v (from %v)", c.name, p, err)
		}
	}
	// Permission denied cannot be made for root with chmod: the error the
	// OS gives is used as it comes.
	p := ForError("/srv/tk.db", &fs.PathError{Op: "open", Path: "/srv/tk.db", Err: fs.ErrPermission})
	if !strings.Contains(p.Advice, "may not read or write") {
		t.Errorf("permission: %+v", p)
	}
}

// A --db path with no file asks before creating a database there, naming
// the folder.
func TestMissingAsksBeforeCreating(t *testing.T) {
	p := Missing("/home/ada/tk/typo.db")
	if p.Title != "No database at this path" || p.Message != "There is no Tablekeeper database at /home/ada/tk/typo.db." ||
		!strings.Contains(p.Advice, "create a new, empty database here, in /home/ada/tk.") {
		t.Errorf("%+v", p)
	}
}

// Offer's Create button runs create: a failure shows why in the same
// window; a success closes it.
func TestOfferShowsWhyCreatingFailed(t *testing.T) {
	a := test.NewTempApp(t)
	calls := 0
	w := Offer(a, Missing("/home/ada/tk/typo.db"), func() error {
		calls++
		return store.ErrLocked
	})
	w.Canvas().OnTypedKey()(&fyne.KeyEvent{Name: fyne.KeyReturn})
	if calls != 1 || !uitest.HasText(w.Content(), Title) || !uitest.HasText(w.Content(), "Close the other Tablekeeper first: look for its window on another desktop or minimised, then start again.") {
		t.Errorf("after a failed create (%d calls): %q", calls, uitest.Texts(w.Content()))
	}
	closed := false
	w = Offer(a, Missing("/home/ada/tk/new.db"), func() error { calls++; return nil })
	w.SetOnClosed(func() { closed = true })
	w.Canvas().OnTypedKey()(&fyne.KeyEvent{Name: fyne.KeyReturn})
	if calls != 2 || !closed {
		t.Errorf("after a create that worked: %d calls, window closed %v", calls, closed)
	}
}
