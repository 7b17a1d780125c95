package main

import (
	"database/sql"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"tablekeeper/core/store"
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
		p := startupProblem(c.path, err)
		if p.Title != startupTitle || !strings.Contains(p.Message, c.message) || !strings.Contains(p.Advice, c.advice) {
			t.Errorf("%s: %+v (from %v)", c.name, p, err)
		}
	}
	// Permission denied cannot be made for root with chmod: the error the
	// OS gives is used as it comes.
	p := startupProblem("/srv/tk.db", &fs.PathError{Op: "open", Path: "/srv/tk.db", Err: fs.ErrPermission})
	if !strings.Contains(p.Advice, "may not read or write") {
		t.Errorf("permission: %+v", p)
	}
}
