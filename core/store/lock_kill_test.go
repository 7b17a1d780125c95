//go:build unix

package store

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
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
	path := os.Getenv(holdChildEnv)
	if path == "" {
		return
	}
	if _, err := Open(path); err != nil {
		fmt.Fprintln(os.Stderr, "hold child:", err)
		os.Exit(2)
	}
	fmt.Println("open")
	select {}
}

// A second writer reaches the database held by another process neither
// through a symbolic link (it finds the holder's lock) nor through a hard
// link (a file with two names is refused for writing, with a sentence
// saying how to make a copy, and backup can make it). Once the holder is
// killed, the link opens.
func TestTheLockFollowsTheFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "c.db")
	db, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	db.Close()

	cmd, stderr := startHolder(t, path)

	// A symbolic link, from another folder, leads to the holder's lock.
	other := t.TempDir()
	sym := filepath.Join(other, "link.db")
	if err := os.Symlink(path, sym); err != nil {
		t.Fatal(err)
	}
	if db, err := Open(sym); !errors.Is(err, ErrLocked) {
		if db != nil {
			db.Close()
		}
		t.Fatalf("a writer through a symbolic link got %v, want ErrLocked", err)
	}

	// A hard link makes the file refused for writing under both names.
	hard := filepath.Join(dir, "hard.db")
	if err := os.Link(path, hard); err != nil {
		t.Fatal(err)
	}
	refusedAsLinked(t, hard, path, sym)
	// The copy the sentence asks for can be made.
	ro, err := OpenShared(hard)
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
	if err := os.Remove(hard); err != nil {
		t.Fatal(err)
	}

	// Killed, the holder lets the next writer in, through the link too.
	if err := cmd.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	err = cmd.Wait()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.Sys().(syscall.WaitStatus).Signal() != syscall.SIGKILL {
		t.Fatalf("the child ended with %v, not killed: %s", err, stderr.String())
	}
	db, err = Open(sym)
	if err != nil {
		t.Fatalf("after the holder died, the link does not open: %v", err)
	}
	if db.Path() != path {
		t.Errorf("the link opened as %s, want the file %s", db.Path(), path)
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
}

// startHolder starts a TestHoldChild on path and waits until it holds the
// database; the test kills it.
func startHolder(t *testing.T, path string) (*exec.Cmd, *strings.Builder) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^TestHoldChild$", "-test.count=1")
	cmd.Env = append(os.Environ(), holdChildEnv+"="+path)
	stderr := &strings.Builder{}
	cmd.Stderr = stderr
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	ready := make(chan bool)
	go func() {
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			if sc.Text() == "open" {
				ready <- true
			}
		}
		close(ready)
	}()
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
