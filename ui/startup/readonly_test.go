package startup

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"tablekeeper/core/storage"
	"tablekeeper/core/store"
)

// A read-only database opens read-only in the window, with the banner's
// sentence; a writable one opens as the writer with no banner.
func TestTheAppOpensAReadOnlyDatabaseReadOnly(t *testing.T) {
	path := filepath.Join(t.TempDir(), "tk.db")
	st, ro, err := Open(path, nil)
	if err != nil || ro != "" || st.ReadOnly() {
		t.Fatalf("a new database: %v, banner %q", err, ro)
	}
	st.Close()
	os.Remove(path + "-lock")
	if err := os.Chmod(path, 0o444); err != nil {
		t.Fatal(err)
	}
	st, ro, err = Open(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if !st.ReadOnly() || !strings.Contains(ro, "cannot be written") || !strings.Contains(ro, path) {
		t.Errorf("read-only file: store read-only %v, banner %q", st.ReadOnly(), ro)
	}
}

// A database that is one laptop's copy of an event run by several laptops
// (it applied a unit of a cluster's log) opens read-only in the window,
// with a banner that says where its changes are made.
func TestTheAppOpensAClusterMembersDatabaseReadOnly(t *testing.T) {
	path := filepath.Join(t.TempDir(), "tk.db")
	st, err := store.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	u, err := st.Capture(ctx, func(tx storage.Tx) error { return tx.SetAppSetting("x", "y") })
	if err != nil {
		t.Fatal(err)
	}
	if _, err := st.ApplyUnit(ctx, 1, 1, u); err != nil {
		t.Fatal(err)
	}
	if err := st.Close(); err != nil {
		t.Fatal(err)
	}
	st, ro, err := Open(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if !st.ReadOnly() || !strings.Contains(ro, "serve --cluster-addr") || !strings.Contains(ro, path) {
		t.Errorf("a cluster member's database: store read-only %v, banner %q", st.ReadOnly(), ro)
	}
	if err := st.Close(); err != nil {
		t.Fatal(err)
	}
	// One the window ran in its cluster opens writable: the window takes
	// part again.
	st, ro, err = Open(path, func(p string) bool { return p == path })
	if err != nil {
		t.Fatal(err)
	}
	if st.ReadOnly() || ro != "" {
		t.Errorf("a database the window rejoins: read-only %v, banner %q", st.ReadOnly(), ro)
	}
}
