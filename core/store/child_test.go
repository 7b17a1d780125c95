//go:build unix

package store

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"time"

	"tablekeeper/core/event"
	"tablekeeper/core/storage"
)

// childMain is the body of a child test (TestKillChild, TestApplyKillChild):
// run alone, with env unset, it does nothing; run again by its parent test
// with env naming a database, it opens it, runs run on it, closes it and
// ends the process, with status 2 and name's error on stderr when
// opening, run or closing fails.
func childMain(env, name string, run func(context.Context, *DB) error) {
	path := os.Getenv(env)
	if path == "" {
		return
	}
	if err := runChild(path, run); err != nil {
		fmt.Fprintln(os.Stderr, name+":", err)
		os.Exit(2)
	}
	os.Exit(0)
}

// runChild opens the database at path, runs run on it and closes it.
func runChild(path string, run func(context.Context, *DB) error) error {
	db, err := Open(path)
	if err != nil {
		return err
	}
	if err := run(context.Background(), db); err != nil {
		return err
	}
	return db.Close()
}

// childEvent is the event a child test writes to: the first of db's,
// read, or, on the child's first run only, the one setup saves in a write
// of its own (once a unit is applied, a write around the log is refused).
func childEvent(ctx context.Context, db *DB, setup func(*Tx) (event.EventID, error)) (event.EventID, error) {
	var id event.EventID
	err := db.Read(ctx, func(tx storage.Tx) error {
		events, err := tx.Events()
		if err == nil && len(events) > 0 {
			id = events[0].ID
		}
		return err
	})
	if err != nil || id != 0 {
		return id, err
	}
	err = db.Write(ctx, func(tx storage.Tx) error {
		var err error
		id, err = setup(tx.(*Tx))
		return err
	})
	return id, err
}

// runAndKillChild runs this test binary again as the child test named test,
// with env=path, and reads what it prints: parse turns a line into a
// report (a line it refuses is the testing package's own). Once want
// reports came (within wait), it waits delay more and kills the child with
// SIGKILL. It returns every report the child printed before it died.
func runAndKillChild[L any](test, env, path string, want int, wait, delay time.Duration, parse func(string) (L, bool)) ([]L, error) {
	cmd, stdout, stderr, err := startChild(test, env, path)
	if err != nil {
		return nil, err
	}
	out := childReports(stdout, parse)
	var lines []L
	timeout := time.After(wait)
	for len(lines) < want {
		select {
		case l, ok := <-out:
			if !ok {
				_ = cmd.Wait()
				return nil, fmt.Errorf("the child stopped by itself: %s", stderr.String())
			}
			lines = append(lines, l)
		case <-timeout:
			_ = cmd.Process.Kill()
			_ = cmd.Wait()
			return nil, fmt.Errorf("the child reported %d of %d in %s: %s", len(lines), want, wait, stderr.String())
		}
	}
	time.Sleep(delay)
	if err := cmd.Process.Kill(); err != nil { // SIGKILL
		return nil, err
	}
	// What the child wrote before it died is still in the pipe.
	for l := range out {
		lines = append(lines, l)
	}
	if err := cmd.Wait(); !killed(err) {
		return nil, fmt.Errorf("the child ended with %v, not killed: %s", err, stderr.String())
	}
	return lines, nil
}

// childReports reads a child's standard output line by line, in a
// goroutine of its own, and sends what parse makes of each line it takes;
// the channel is closed at the end of the output.
func childReports[L any](stdout io.Reader, parse func(string) (L, bool)) <-chan L {
	out := make(chan L)
	go func() {
		defer close(out)
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			if l, ok := parse(sc.Text()); ok {
				out <- l
			}
		}
	}()
	return out
}

// startChild starts this test binary again as the child test named test,
// with env=path: the process, its standard output and what it writes to
// its standard error.
func startChild(test, env, path string) (*exec.Cmd, io.Reader, *strings.Builder, error) {
	cmd := exec.Command(os.Args[0], "-test.run=^"+test+"$", "-test.count=1") // #nosec G204 -- this test binary, run again as the child
	cmd.Env = append(os.Environ(), env+"="+path)
	stderr := &strings.Builder{}
	cmd.Stderr = stderr
	stdout, err := cmd.StdoutPipe()
	if err == nil {
		err = cmd.Start()
	}
	return cmd, stdout, stderr, err
}

// killed reports whether err, what a child's Wait returned, says the
// child died of SIGKILL.
func killed(err error) bool {
	var exit *exec.ExitError
	return errors.As(err, &exit) && exit.Sys().(syscall.WaitStatus).Signal() == syscall.SIGKILL
}
