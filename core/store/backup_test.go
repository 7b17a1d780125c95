package store

import (
	"context"
	"database/sql"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"tablekeeper/core/event"
)

// Backup: taken while another goroutine keeps writing, the copy opens as a
// Tablekeeper database and holds every player whose write had committed
// before the backup began, those still in the -wal file included; it is
// readable by its user only and never replaces a file.
func TestBackupWhileWritingHoldsEveryCommittedAction(t *testing.T) {
	db := openTemp(t)
	ctx := context.Background()
	add := func(i int) error {
		return writeErr(db, func(tx *Tx) error {
			return tx.CreatePlayer(&event.Player{Name: fmt.Sprintf("Player %04d", i), CreatedAt: t0})
		})
	}
	for i := range 300 {
		must(t, add(i))
	}
	var wg sync.WaitGroup
	stop := make(chan struct{})
	wg.Add(1)
	go func() {
		defer wg.Done()
		for i := 300; ; i++ {
			select {
			case <-stop:
				return
			default:
			}
			if err := add(i); err != nil {
				t.Error(err)
				return
			}
		}
	}()
	time.Sleep(20 * time.Millisecond)
	dest := filepath.Join(t.TempDir(), "backup.db")
	err := db.Backup(ctx, dest)
	close(stop)
	wg.Wait()
	must(t, err)

	copyDB, err := Open(dest)
	must(t, err)
	defer copyDB.Close()
	var n int
	read(t, copyDB, func(tx *Tx) error {
		ps, err := tx.FindPlayers("", 0)
		n = len(ps)
		return err
	})
	if n < 300 {
		t.Fatalf("the backup holds %d players, want at least the 300 committed before it", n)
	}
	if runtime.GOOS != "windows" {
		info, err := os.Stat(dest)
		must(t, err)
		if info.Mode().Perm() != 0o600 {
			t.Errorf("backup mode %v, want 0600", info.Mode().Perm())
		}
	}
	if err := db.Backup(ctx, dest); err == nil || !strings.Contains(err.Error(), "already exists") {
		t.Errorf("a second backup over the first: %v", err)
	}
}

// The database is created readable by its user only: it holds e-mails.
func TestANewDatabaseIsPrivate(t *testing.T) {
	if runtime.GOOS == "windows" {
		return // Windows has no Unix permission bits; the folder's ACL applies
	}
	path := filepath.Join(t.TempDir(), "new.db")
	db, err := Open(path)
	must(t, err)
	defer db.Close()
	writeErr(db, func(tx *Tx) error { return tx.CreatePlayer(&event.Player{Name: "Ada", CreatedAt: t0}) })
	for _, p := range []string{path, path + "-wal"} {
		info, err := os.Stat(p)
		must(t, err)
		if info.Mode().Perm() != 0o600 {
			t.Errorf("%s mode %v, want 0600", filepath.Base(p), info.Mode().Perm())
		}
	}
}

// Migration lock only when needed: opening an up-to-date database does
// not wait for the write lock another connection holds.
func TestMigrationLockOnlyWhenNeeded(t *testing.T) {
	path := filepath.Join(t.TempDir(), "busy.db")
	db, err := Open(path)
	must(t, err)
	db.Close()
	other, err := sql.Open("sqlite3", path)
	must(t, err)
	defer other.Close()
	conn, err := other.Conn(context.Background())
	must(t, err)
	defer conn.Close()
	_, err = conn.ExecContext(context.Background(), "BEGIN IMMEDIATE")
	must(t, err)
	defer conn.ExecContext(context.Background(), "ROLLBACK")
	start := time.Now()
	shared, err := OpenShared(path)
	if err != nil {
		t.Fatalf("opening beside a writer: %v", err)
	}
	defer shared.Close()
	if waited := time.Since(start); waited > 5*time.Second {
		t.Errorf("opened after %v: it waited for the write lock", waited)
	}
	read(t, shared, func(tx *Tx) error { _, err := tx.Events(); return err })
}

// A backup never replaces a name that is taken, whatever it is: a
// symbolic link (dangling or not) or a device stays as it was.
func TestBackupNeverReplacesALinkOrADevice(t *testing.T) {
	db := openTemp(t)
	dir := t.TempDir()
	real := filepath.Join(dir, "real.db")
	must(t, os.WriteFile(real, []byte("keep"), 0o600))
	link := filepath.Join(dir, "link.db")
	must(t, os.Symlink(real, link))
	dangling := filepath.Join(dir, "dangling.db")
	must(t, os.Symlink(filepath.Join(dir, "nowhere.db"), dangling))
	for _, dest := range []string{link, dangling, os.DevNull} {
		before, _ := os.Lstat(dest)
		err := db.Backup(context.Background(), dest)
		if err == nil || !strings.Contains(err.Error(), "a backup never replaces a file") {
			t.Errorf("backup to %s: %v", dest, err)
		}
		if after, _ := os.Lstat(dest); after == nil || after.Mode() != before.Mode() {
			t.Errorf("%s was replaced", dest)
		}
	}
	if got, _ := os.ReadFile(real); string(got) != "keep" {
		t.Errorf("the file behind the link holds %q", got)
	}
	if _, err := os.Stat(filepath.Join(dir, "nowhere.db")); err == nil {
		t.Error("the backup was written through the dangling link")
	}
}
