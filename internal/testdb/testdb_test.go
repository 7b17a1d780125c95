package testdb

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"tablekeeper/core/director"
)

// A copy of the template opens as a database of the current schema that
// takes writes, holds nothing, is readable by its user only, and is
// independent of the next copy.
func TestFreshIsAnEmptyDatabaseOfItsOwn(t *testing.T) {
	ctx := context.Background()
	open := func(name string) (*director.Director, string) {
		t.Helper()
		path := Fresh(t, filepath.Join(t.TempDir(), name))
		now := func() time.Time { return time.Date(2026, 11, 20, 18, 0, 0, 0, time.UTC) }
		return Director(Reopen(t, path), now, 1, 2), path
	}
	a, path := open("a.db")
	if fi, err := os.Stat(path); err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("the copy's mode: %v %v, want 0600", fi.Mode().Perm(), err)
	}
	if _, err := a.Events.CreateEvent(ctx, director.NewEvent{Name: "Friday Night", Game: "generic", Format: "swiss"}); err != nil {
		t.Fatal(err)
	}
	if es, err := a.Events.Events(ctx); err != nil || len(es) != 1 {
		t.Fatalf("the first copy's events: %v %v, want the one created", es, err)
	}
	b, _ := open("b.db")
	if es, err := b.Events.Events(ctx); err != nil || len(es) != 0 {
		t.Fatalf("a second copy has events %v %v: copies share their data", es, err)
	}
}

// Fresh refuses to write over a file that is there.
func TestFreshKeepsAnExistingFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "x.db")
	if err := os.WriteFile(path, []byte("mine"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := write(path, []byte("db"), nil); err == nil {
		t.Fatal("Fresh wrote over a file")
	}
	if b, _ := os.ReadFile(path); string(b) != "mine" {
		t.Errorf("the file now holds %q", b)
	}
}
