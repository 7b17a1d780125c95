package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A read-only database opens read-only in the app, with the banner's
// sentence; a writable one opens as the writer with no banner.
func TestTheAppOpensAReadOnlyDatabaseReadOnly(t *testing.T) {
	path := filepath.Join(t.TempDir(), "tk.db")
	st, ro, err := openForGUI(path)
	if err != nil || ro != "" || st.ReadOnly() {
		t.Fatalf("a new database: %v, banner %q", err, ro)
	}
	st.Close()
	os.Remove(path + "-lock")
	if err := os.Chmod(path, 0o444); err != nil {
		t.Fatal(err)
	}
	st, ro, err = openForGUI(path)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if !st.ReadOnly() || !strings.Contains(ro, "cannot be written") || !strings.Contains(ro, path) {
		t.Errorf("read-only file: store read-only %v, banner %q", st.ReadOnly(), ro)
	}
}

// A first start writes an empty preferences file before the toolkit looks,
// so it does not print "Preferences load error: EOF"; an existing file is
// left as it is.
func TestAFirstStartSeedsThePreferencesFile(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	t.Setenv("HOME", t.TempDir())
	dir, err := os.UserConfigDir()
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "fyne", AppID, "preferences.json")
	seedPreferences(AppID)
	if b, err := os.ReadFile(path); err != nil || string(b) != "{}\n" {
		t.Fatalf("preferences after a first start: %q, %v", b, err)
	}
	if err := os.WriteFile(path, []byte(`{"paper":"Letter"}`), 0o600); err != nil {
		t.Fatal(err)
	}
	seedPreferences(AppID)
	if b, _ := os.ReadFile(path); string(b) != `{"paper":"Letter"}` {
		t.Errorf("an existing preferences file was replaced: %q", b)
	}
}
