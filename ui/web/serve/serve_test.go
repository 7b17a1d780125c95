package serve

import (
	"encoding/json"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"tablekeeper/core/store"
)

// serve prints "serving http://HOST:PORT/" first, answers the API, holds
// the database's writer lock, and stops when told.
func TestServeAnswersAndHoldsTheWriterLock(t *testing.T) {
	db := filepath.Join(t.TempDir(), "t.db")
	eventDB(t, db)

	sv := startServe(t, db, strings.NewReader(""))
	first := sv.next(t)
	sv.drain()
	url, ok := strings.CutPrefix(first, "serving ")
	if !ok || !strings.HasPrefix(url, "http://127.0.0.1:") || !strings.HasSuffix(url, "/") {
		t.Fatalf("first line %q", first)
	}
	resp, err := asked.Get(url + "api/events")
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

	sv.stop(t)
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
		{[]string{"serve", "--db", "x.db", "--join", "127.0.0.1:1"}, 2, "go with --cluster-addr"},
		{[]string{"serve", "--db", "x.db", "--cluster-addr", "127.0.0.1:1", "--join", "127.0.0.1:2"}, 2, "--join needs --join-code"},
		{[]string{"serve", "--db", "x.db", "--cluster-addr", ":8081"}, 2, "needs this laptop's own IP address"},
		{[]string{"serve", "--db", "x.db", "--cluster-addr", "127.0.0.1:8081", "--addr", "127.0.0.1:0"}, 2, "--addr needs a port of its own"},
	} {
		code, _, stderr := runCmd(c.args...)
		if code != c.code || !strings.Contains(stderr, c.says) || strings.Count(stderr, "\n") != 1 {
			t.Errorf("%v: exit %d, %q; want %d and %q", c.args, code, stderr, c.code, c.says)
		}
	}
}

// serve on a database file that cannot be written opens it read-only, as
// the window does, instead of ending on SQLite's own words: it says why at
// start, serves the read pages and refuses every write with a sentence,
// and leaves nothing beside the file.
func TestServeOnAReadOnlyFileServesTheReadPages(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "t.db")
	eventDB(t, db)
	if err := os.Remove(db + "-lock"); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(db, 0o400); err != nil {
		t.Fatal(err)
	}

	sv := startServe(t, db, strings.NewReader(""))
	said := []string{sv.next(t), sv.next(t)}
	sv.drain()
	url, ok := strings.CutPrefix(said[0], "serving ")
	if !ok || !strings.Contains(said[1], "cannot be written, so the network serves the read pages only") {
		t.Fatalf("serve said %q", said)
	}
	resp, err := asked.Get(url + "api/events")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 || !strings.Contains(string(body), "Friday Night") {
		t.Errorf("the event list: %d %s", resp.StatusCode, body)
	}
	resp, err = http.Post(url+"api/events/1/reports", "application/json", strings.NewReader(`{"round":1,"table":1,"code":"ABC234","result":"2-0"}`))
	if err != nil {
		t.Fatal(err)
	}
	body, _ = io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusForbidden || !strings.Contains(string(body), "open read-only, so nothing can be saved from here") {
		t.Errorf("a report: %d %s", resp.StatusCode, body)
	}
	sv.stop(t)
	if strings.Contains(sv.stderr.String(), "readonly") {
		t.Errorf("the logs: %s", sv.stderr.String())
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Errorf("beside the read-only file: %v", entries)
	}
}
