package serve

import (
	"bufio"
	"context"
	"io"
	"strings"
	"sync"
	"testing"
	"time"

	"tablekeeper/core/director"
	"tablekeeper/core/store"
	"tablekeeper/internal/cli"
)

// eventDB makes the database file db with one event, Friday Night.
func eventDB(t *testing.T, db string) {
	t.Helper()
	st, err := store.Open(db)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if _, err := cli.NewDirector(st).Events.CreateEvent(context.Background(), director.NewEvent{Name: "Friday Night", Game: "altered", Format: "standard-bo3"}); err != nil {
		t.Fatal(err)
	}
}

// served is a serve a test started: its output read line by line, what
// it wrote on stderr, and its end.
type served struct {
	lines  *bufio.Scanner
	stderr *lockedBuilder
	done   chan error
	cancel context.CancelFunc
}

// startServe runs serve on db at a free local port in the background,
// typed in from in, with the flags more; it stops when the test ends, if
// not before (stop).
func startServe(t *testing.T, db string, in io.Reader, more ...string) *served {
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	out, w := io.Pipe()
	sv := &served{lines: bufio.NewScanner(out), stderr: new(lockedBuilder), done: make(chan error, 1), cancel: cancel}
	args := append([]string{"--db", db, "--addr", "127.0.0.1:0"}, more...)
	go func() {
		sv.done <- serve(ctx, a4, args, in, w, sv.stderr)
		w.Close()
	}()
	return sv
}

// drain reads the rest of serve's output, so that it never waits on it.
func (sv *served) drain() {
	go func() {
		for sv.lines.Scan() {
		}
	}()
}

// stop stops serve and fails the test unless it ends, without an error,
// within 10 seconds.
func (sv *served) stop(t *testing.T) {
	t.Helper()
	sv.cancel()
	select {
	case err := <-sv.done:
		if err != nil {
			t.Errorf("serve ended with %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("serve did not stop")
	}
}

// lockedBuilder is a strings.Builder that goroutines may write at once
// (serve's logs come from its handlers and, in a cluster, from raft).
type lockedBuilder struct {
	mu sync.Mutex
	b  strings.Builder
}

func (l *lockedBuilder) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuilder) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}
