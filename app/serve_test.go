package main

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"tablekeeper/core/director"
	"tablekeeper/core/store"
)

// serve prints "serving http://HOST:PORT/" first, answers the API, holds
// the database's writer lock, and stops when told.
func TestServeAnswersAndHoldsTheWriterLock(t *testing.T) {
	db := filepath.Join(t.TempDir(), "t.db")
	st, err := store.Open(db)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := newDirector(st).CreateEvent(context.Background(), director.NewEvent{Name: "Friday Night", Game: "altered", Format: "standard-bo3"}); err != nil {
		t.Fatal(err)
	}
	st.Close()

	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	out, w := io.Pipe()
	done := make(chan error, 1)
	var stderr strings.Builder
	go func() {
		done <- serve(ctx, []string{"--db", db, "--addr", "127.0.0.1:0"}, strings.NewReader(""), w, &stderr)
		w.Close()
	}()
	lines := bufio.NewScanner(out)
	if !lines.Scan() {
		t.Fatalf("no first line (%v)", <-done)
	}
	first := lines.Text()
	go func() {
		for lines.Scan() {
		}
	}()
	url, ok := strings.CutPrefix(first, "serving ")
	if !ok || !strings.HasPrefix(url, "http://127.0.0.1:") || !strings.HasSuffix(url, "/") {
		t.Fatalf("first line %q", first)
	}
	resp, err := http.Get(url + "api/events")
	if err != nil {
		t.Fatal(err)
	}
	var list struct {
		Events []struct{ Name string }
	}
	err = json.NewDecoder(resp.Body).Decode(&list)
	resp.Body.Close()
	if err != nil || len(list.Events) != 1 || list.Events[0].Name != "Friday Night" {
		t.Fatalf("events: %v %+v", err, list)
	}

	// One writer: a second serve (or a window) on the file is refused.
	code, _, errText := runCmd("serve", "--db", db, "--addr", "127.0.0.1:0")
	if code != 1 || !strings.Contains(errText, "is already open in another Tablekeeper") {
		t.Errorf("second serve: exit %d, %q", code, errText)
	}

	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("serve ended with %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("serve did not stop")
	}
	if st, err := store.Open(db); err != nil {
		t.Errorf("the lock outlived serve: %v", err)
	} else {
		st.Close()
	}
}

func TestServeRefusesBadArguments(t *testing.T) {
	for _, c := range []struct {
		args []string
		code int
		says string
	}{
		{[]string{"serve"}, 2, "--db is required"},
		{[]string{"serve", "--db", "x.db", "--addr", "8080"}, 2, "is not HOST:PORT"},
		{[]string{"serve", "--db", filepath.Join(t.TempDir(), "none.db")}, 1, "no database at"},
		{[]string{"serve", "--db", "x.db", "extra"}, 2, "unexpected argument"},
	} {
		code, _, stderr := runCmd(c.args...)
		if code != c.code || !strings.Contains(stderr, c.says) || strings.Count(stderr, "\n") != 1 {
			t.Errorf("%v: exit %d, %q; want %d and %q", c.args, code, stderr, c.code, c.says)
		}
	}
}
