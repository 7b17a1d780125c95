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

// served is a serve a test started: its output line by line, what it
// wrote on stderr, and its end.
type served struct {
	lines  chan string
	stderr *lockedBuilder
	done   chan error
	cancel context.CancelFunc
}

// lineWait is how long a test waits for serve's next line before it fails
// with what serve said: a serve that never says it must fail the test,
// not hang it until go test's own timeout.
const lineWait = 60 * time.Second

// startServe runs serve on db at a free local port in the background,
// typed in from in, with the flags more; it stops when the test ends, if
// not before (stop).
func startServe(t *testing.T, db string, in io.Reader, more ...string) *served {
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	out, w := io.Pipe()
	sv := &served{lines: make(chan string, 64), stderr: new(lockedBuilder), done: make(chan error, 1), cancel: cancel}
	args := append([]string{"--db", db, "--addr", "127.0.0.1:0"}, more...)
	go func() {
		sv.done <- serve(ctx, a4, args, in, w, sv.stderr)
		w.Close()
	}()
	go func() {
		defer close(sv.lines)
		scan := bufio.NewScanner(out)
		for scan.Scan() {
			sv.lines <- scan.Text()
		}
	}()
	return sv
}

// next is serve's next line; the test fails if serve ends, or says
// nothing for lineWait, first.
func (sv *served) next(t *testing.T) string {
	t.Helper()
	select {
	case line, ok := <-sv.lines:
		if !ok {
			t.Fatalf("serve said nothing more (stderr %s; serve: %v)", sv.stderr.String(), <-sv.done)
		}
		return line
	case <-time.After(lineWait):
		t.Fatalf("serve said nothing for %v (stderr %s)", lineWait, sv.stderr.String())
		return ""
	}
}

// lineStarting reads serve's lines until one starts with one of
// prefixes; the test fails if serve ends, or says no such line within
// lineWait, first.
func (sv *served) lineStarting(t *testing.T, prefixes ...string) string {
	t.Helper()
	var said []string
	deadline := time.After(lineWait)
	for {
		select {
		case line, ok := <-sv.lines:
			if !ok {
				t.Fatalf("no line starting %q in %q (stderr %s; serve: %v)", prefixes, said, sv.stderr.String(), <-sv.done)
			}
			for _, p := range prefixes {
				if strings.HasPrefix(line, p) {
					return line
				}
			}
			said = append(said, line)
		case <-deadline:
			t.Fatalf("no line starting %q within %v in %q (stderr %s)", prefixes, lineWait, said, sv.stderr.String())
		}
	}
}

// drain reads the rest of serve's output, so that it never waits on it.
func (sv *served) drain() {
	go func() {
		for range sv.lines {
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
