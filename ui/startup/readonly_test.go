package startup

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A read-only database opens read-only in the window, with the banner's
// sentence; a writable one opens as the writer with no banner.
func TestTheAppOpensAReadOnlyDatabaseReadOnly(t *testing.T) {
	path := filepath.Join(t.TempDir(), "tk.db")
	st, ro, err := Open(path)
	if err != nil || ro != "" || st.ReadOnly() {
		t.Fatalf("a new database: %v, banner %q", err, ro)
	}
	st.Close()
	os.Remove(path + "-lock")
	if err := os.Chmod(path, 0o444); err != nil {
		t.Fatal(err)
	}
	st, ro, err = Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if !st.ReadOnly() || !strings.Contains(ro, "cannot be written") || !strings.Contains(ro, path) {
		t.Errorf("read-only file: store read-only %v, banner %q", st.ReadOnly(), ro)
	}
}
