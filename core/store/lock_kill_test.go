//go:build unix

package store

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"tablekeeper/core/i18n"
)

// holdChildEnv names the database a TestHoldChild process opens.
const holdChildEnv = "TK_HOLD_CHILD_DB"

// TestHoldChild is the child process of TestTheLockFollowsTheFile: it
// opens the database as its writer, says "open" and waits to be killed.
// Run alone it does nothing.
func TestHoldChild(t *testing.T) {
	childMain(holdChildEnv, "hold child", func(context.Context, *DB) error {
		fmt.Println("open")
		select {}
	})
}

// A second writer reaches the database held by another process neither
// through a symbolic link (it finds the holder's lock) nor through a hard
// link (a file with two names is refused for writing, with a sentence
// saying how to make a copy, and backup can make it). Once the holder is
// killed, the link opens.
func TestTheLockFollowsTheFile(t *testing.T) {
	path, cmd, stderr := heldDatabase(t, "c.db")
	dir := filepath.Dir(path)

	// A symbolic link, from another folder, leads to the holder's lock.
	other := t.TempDir()
	sym := filepath.Join(other, "link.db")
	must(t, os.Symlink(path, sym))
	wantRefusal(t, Open, sym, ErrLocked, "a writer through a symbolic link")

	// A hard link makes the file refused for writing under both names.
	hard := filepath.Join(dir, "hard.db")
	must(t, os.Link(path, hard))
	refusedAsLinked(t, hard, path, sym)
	// The copy the sentence asks for can be made, through the name the
	// holder has it open under (its -wal is beside that name: through
	// the other one, the reader is refused).
	wantRefusal(t, OpenShared, hard, ErrMoved, "a reader through the holder's other name")
	ro, err := OpenShared(path)
	if err != nil {
		t.Fatalf("backup cannot read a file with two names: %v", err)
	}
	copyPath := filepath.Join(other, "copy.db")
	if err := ro.Backup(t.Context(), copyPath); err != nil {
		t.Fatalf("backup of a file with two names: %v", err)
	}
	ro.Close()
	if db, err := Open(copyPath); err != nil {
		t.Errorf("the copy does not open: %v", err)
	} else {
		db.Close()
	}
	must(t, os.Remove(hard))

	// Killed, the holder lets the next writer in, through the link too.
	must(t, cmd.Process.Kill())
	if err := cmd.Wait(); !killed(err) {
		t.Fatalf("the child ended with %v, not killed: %s", err, stderr.String())
	}
	db, err := Open(sym)
	if err != nil {
		t.Fatalf("after the holder died, the link does not open: %v", err)
	}
	if db.Path() != path {
		t.Errorf("the link opened as %s, want the file %s", db.Path(), path)
	}
	must(t, db.Close())
}

// heldDatabase makes a new database named name in a temporary folder and
// starts a TestHoldChild holding it (startHolder): its path, the holder
// and what the holder writes to its standard error.
func heldDatabase(t *testing.T, name string) (string, *exec.Cmd, *strings.Builder) {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	db, err := Open(path)
	must(t, err)
	db.Close()
	cmd, stderr := startHolder(t, path)
	return path, cmd, stderr
}

// startHolder starts a TestHoldChild on path and waits until it holds the
// database; the test kills it.
func startHolder(t *testing.T, path string) (*exec.Cmd, *strings.Builder) {
	t.Helper()
	cmd, stdout, stderr, err := startChild("TestHoldChild", holdChildEnv, path)
	must(t, err)
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	ready := childReports(stdout, func(line string) (bool, bool) { return true, line == "open" })
	select {
	case ok := <-ready:
		if !ok {
			t.Fatalf("the child did not open the database: %s", stderr.String())
		}
	case <-time.After(20 * time.Second):
		t.Fatalf("the child did not open the database in 20s: %s", stderr.String())
	}
	return cmd, stderr
}

// refusedAsLinked checks that a writer through each path is refused
// with ErrLinked and a sentence that says how to make a copy.
func refusedAsLinked(t *testing.T, paths ...string) {
	t.Helper()
	for _, p := range paths {
		db, err := Open(p)
		if !errors.Is(err, ErrLinked) {
			if db != nil {
				db.Close()
			}
			t.Fatalf("a writer through %s got %v, want ErrLinked", filepath.Base(p), err)
		}
		if en := i18n.Error(i18n.English, err); !strings.Contains(en, "2 names") || !strings.Contains(en, "backup --db") {
			t.Errorf("the refusal says %q", en)
		}
		if fr := i18n.Error(i18n.French, err); !strings.Contains(fr, "liens physiques") {
			t.Errorf("the French refusal says %q", fr)
		}
	}
}

// setting writes an app setting through db: the smallest write there is.
func setting(db *DB, value string) error {
	return writeErr(db, func(tx *Tx) error { return tx.SetAppSetting("test.value", value) })
}

// The lock follows the file, not its name: a database renamed while
// another process holds it is refused to a second writer under its new
// name, and so is its first name's lock file replaced by another file
// (what a report saved as f.db-lock would do). A write of a process that
// opened the database only to read is refused beside the holder too.
func TestTheLockFollowsTheFileThroughRenameAndReplacedLockFiles(t *testing.T) {
	path, cmd, stderr := heldDatabase(t, "f.db")
	dir := filepath.Dir(path)

	moved := filepath.Join(dir, "moved.db")
	must(t, os.Rename(path, moved))
	if err := wantRefusal(t, Open, moved, ErrLocked, "a second writer on the renamed file"); !strings.Contains(err.Error(), "process ") {
		t.Errorf("the refusal names no holder: %v", err)
	}
	// A reader there would see the file without the holder's -wal.
	if err := wantRefusal(t, OpenShared, moved, ErrMoved, "a reader of the renamed file"); !strings.Contains(i18n.Error(i18n.French, err), "sous un autre nom") {
		t.Errorf("the French refusal says %q", i18n.Error(i18n.French, err))
	}
	other := t.TempDir()
	elsewhere := filepath.Join(other, "elsewhere.db")
	must(t, os.Rename(moved, elsewhere))
	wantRefusal(t, Open, elsewhere, ErrLocked, "a second writer on the file moved to another folder")
	must(t, os.Rename(elsewhere, path))

	// A new file put over the name lock does not let a writer in.
	tmp := filepath.Join(dir, "report.tmp")
	must(t, os.WriteFile(tmp, []byte("a report\n"), 0o600))
	must(t, os.Rename(tmp, lockPath(path)))
	wantRefusal(t, Open, path, ErrLocked, "a second writer after the lock file was replaced")

	// Under its own name, it is read beside the holder; a write is
	// refused while the holder runs.
	shared, err := OpenShared(path)
	must(t, err)
	defer shared.Close()
	if err := setting(shared, "beside"); !errors.Is(err, ErrLocked) {
		t.Fatalf("a write beside the holder got %v, want ErrLocked", err)
	}

	must(t, cmd.Process.Kill())
	_ = cmd.Wait()
	_ = stderr
	// The holder gone, the reader's write takes the lock for its moment.
	if err := setting(shared, "alone"); err != nil {
		t.Fatalf("a write with no holder: %v", err)
	}
	db, err := Open(path)
	if err != nil {
		t.Fatalf("after the holder died the file does not open: %v", err)
	}
	must(t, db.Close())
}

// The holder of a database moved away from its name saves nothing more
// (its -wal stays beside the old name, so a commit could be lost), with a
// sentence saying why; put back, the file takes writes again. No lock
// file of it is left in the lock folder once it is closed.
func TestAWriteToAMovedDatabaseIsRefusedUntilItIsBack(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "f.db")
	db, err := Open(path)
	must(t, err)
	must(t, setting(db, "1"))
	id, _, err := identify(path)
	must(t, err)
	moved := filepath.Join(dir, "moved.db")
	must(t, os.Rename(path, moved))
	err = setting(db, "2")
	if !errors.Is(err, ErrMoved) {
		t.Fatalf("a write to the moved file got %v, want ErrMoved", err)
	}
	if fr := i18n.Error(i18n.French, err); !strings.Contains(fr, "déplacé") {
		t.Errorf("the French refusal says %q", fr)
	}
	// Another file under the old name is not the one opened either.
	must(t, os.WriteFile(path, nil, 0o600))
	if err := setting(db, "3"); !errors.Is(err, ErrMoved) {
		t.Fatalf("a write with another file at the name got %v, want ErrMoved", err)
	}
	must(t, os.Remove(path))
	must(t, os.Rename(moved, path))
	must(t, setting(db, "4"))
	if _, err := os.Stat(fileLockPath(id)); err != nil {
		t.Errorf("no file lock while open: %v", err)
	}
	must(t, db.Close())
	if _, err := os.Stat(fileLockPath(id)); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the file lock outlived the database's close: %v", err)
	}
}
