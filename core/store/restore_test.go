package store

import (
	"context"
	"database/sql"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"tablekeeper/core/event"
	"tablekeeper/core/i18n"
)

// RestoreFrom refuses, with a sentence and before writing anything, a
// file that is missing, empty, no Tablekeeper database, one of another
// schema version, or the database itself.
func TestRestoreFromRefusesAFileItCannotTake(t *testing.T) {
	db, _ := openFixture(t, 3)
	before := dumpRows(t, db)
	dir := t.TempDir()

	junk := filepath.Join(dir, "junk.db")
	must(t, os.WriteFile(junk, []byte("not a database at all, just words"), 0o600))
	empty := filepath.Join(dir, "empty.db")
	must(t, os.WriteFile(empty, nil, 0o600))
	foreign := filepath.Join(dir, "foreign.db")
	raw, err := sql.Open("sqlite3", foreign)
	must(t, err)
	_, err = raw.Exec(`CREATE TABLE recipes (name TEXT)`)
	must(t, err)
	must(t, raw.Close())
	olderPath, older := openOlder(t, latestVersion(t)-1)
	must(t, older.Close())

	for _, c := range []struct {
		path string
		kind error
	}{
		{filepath.Join(dir, "missing.db"), os.ErrNotExist},
		{junk, ErrNotTablekeeper},
		{empty, ErrNotRestorable},
		{foreign, ErrNotTablekeeper},
		{olderPath, ErrNotRestorable},
		{db.Path(), ErrNotRestorable},
	} {
		err := db.RestoreFrom(context.Background(), c.path)
		if !errors.Is(err, c.kind) {
			t.Errorf("%s: %v, want %v", filepath.Base(c.path), err, c.kind)
		}
		var e *event.Error
		if c.kind != os.ErrNotExist && !errors.As(err, &e) {
			t.Errorf("%s: %v has no sentence", filepath.Base(c.path), err)
		}
		sameRows(t, filepath.Base(c.path), dumpRows(t, db), before)
	}
}

// A database restored from another's snapshot holds exactly its rows and
// its applied index, in the same file (the writer lock still holds it),
// and goes on applying the log where the snapshot left it.
func TestRestoreFromThenApplyGoesOn(t *testing.T) {
	ctx := context.Background()
	a, f := openFixture(t, 6)
	line := func(msg string) func(*Tx) error {
		return func(tx *Tx) error {
			return tx.AppendLog(&event.LogEntry{EventID: f.event.ID, At: t0, Message: i18n.Plain(msg)})
		}
	}
	for i := range uint64(2) {
		if !apply(t, a, i+1, captureUnit(t, a, ctx, line("before the snapshot"))) {
			t.Fatal("not applied")
		}
	}
	snap := filepath.Join(t.TempDir(), "snap.db")
	must(t, a.Backup(ctx, snap))

	b := openTemp(t)
	write(t, b, func(tx *Tx) error { return tx.CreatePlayer(&event.Player{Name: "Only here", CreatedAt: t0}) })
	info, err := os.Stat(b.Path())
	must(t, err)
	must(t, b.RestoreFrom(ctx, snap))
	sameRows(t, "after the restore", dumpRows(t, b), dumpRows(t, a))
	if idx, _, err := b.AppliedIndex(ctx); err != nil || idx != 2 {
		t.Errorf("restored applied index %d (%v), want 2", idx, err)
	}
	after, err := os.Stat(b.Path())
	must(t, err)
	if !os.SameFile(info, after) {
		t.Error("the restore replaced the file instead of writing into it")
	}
	if _, err := Open(b.Path()); !errors.Is(err, ErrLocked) {
		t.Errorf("a second Open after the restore: %v, want ErrLocked", err)
	}
	var mode string
	must(t, b.writer.QueryRow(`PRAGMA journal_mode`).Scan(&mode))
	if mode != "wal" {
		t.Errorf("journal mode %q after the restore", mode)
	}

	u := captureUnit(t, a, ctx, line("after the snapshot"))
	if !apply(t, a, 3, u) || !apply(t, b, 3, u) {
		t.Fatal("unit 3 not applied")
	}
	// Unit 2 again (the log replays from before the snapshot): skipped.
	if apply(t, b, 2, u) {
		t.Error("unit 2 applied again after the restore")
	}
	sameRows(t, "after unit 3", dumpRows(t, b), dumpRows(t, a))
	must(t, b.Close())
	reopened, err := Open(b.Path())
	must(t, err)
	defer reopened.Close()
	s, err := reopened.Check(ctx)
	if err != nil || !s.OK() {
		t.Errorf("the restored database after reopening: %v %q", err, s.Problems)
	}
}
