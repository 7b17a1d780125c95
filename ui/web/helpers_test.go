package web

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/core/store"
	"tablekeeper/internal/testdb"
)

// testClock is an injected clock that stands still until moved.
type testClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *testClock) now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *testClock) add(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

// fixture is a server over a real director and a temporary database.
type fixture struct {
	t     testing.TB
	d     *director.Director
	db    *store.DB
	clock *testClock
	srv   *Server
	http  *httptest.Server
}

func newFixture(t testing.TB) *fixture {
	t.Helper()
	db, err := store.Open(testdb.Fresh(t, filepath.Join(t.TempDir(), "t.db")))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	c := &testClock{t: time.Date(2026, 11, 20, 18, 0, 0, 0, time.UTC)}
	d := director.New(db, c.now, rand.New(rand.NewPCG(1, 2)))
	srv, err := New(Config{Director: d, Now: c.now, BaseURL: "http://192.168.1.20:8080/"})
	if err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewServer(srv)
	t.Cleanup(func() {
		srv.Close()
		hs.Close()
	})
	return &fixture{t: t, d: d, db: db, clock: c, srv: srv, http: hs}
}

// event creates an event of a format with players registered.
func (f *fixture) event(game, format string, names ...string) (event.Event, []event.Entry) {
	f.t.Helper()
	ctx := context.Background()
	e, err := f.d.CreateEvent(ctx, director.NewEvent{Name: "Friday Night", Game: game, Format: format})
	if err != nil {
		f.t.Fatal(err)
	}
	var out []event.Entry
	for _, n := range names {
		en, err := f.d.RegisterNew(ctx, e.ID, director.NewPlayer{Name: n})
		if err != nil {
			f.t.Fatal(err)
		}
		out = append(out, en)
	}
	return e, out
}

// publish pairs and publishes the next round.
func (f *fixture) publish(id event.EventID) event.Round {
	f.t.Helper()
	ctx := context.Background()
	r, err := f.d.PairNextRound(ctx, id)
	if err != nil {
		f.t.Fatal(err)
	}
	if err := f.d.PublishRound(ctx, id, r.Number); err != nil {
		f.t.Fatal(err)
	}
	return r
}

// do sends a request to the server and returns the response and its body.
func (f *fixture) do(method, path string, body io.Reader, header ...string) (*http.Response, string) {
	f.t.Helper()
	req, err := http.NewRequest(method, f.http.URL+path, body)
	if err != nil {
		f.t.Fatal(err)
	}
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	resp, err := f.http.Client().Do(req)
	if err != nil {
		f.t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		f.t.Fatal(err)
	}
	return resp, string(b)
}

// getJSON fetches path and decodes its JSON into v, failing on any
// status but want.
func (f *fixture) getJSON(path string, want int, v any) {
	f.t.Helper()
	resp, body := f.do("GET", path, nil)
	if resp.StatusCode != want {
		f.t.Fatalf("GET %s: %d %s, want %d", path, resp.StatusCode, body, want)
	}
	if v != nil {
		if err := json.Unmarshal([]byte(body), v); err != nil {
			f.t.Fatalf("GET %s: %v in %s", path, err, body)
		}
	}
}

// errorOf is the sentence of a JSON error body.
func errorOf(t testing.TB, body string) string {
	t.Helper()
	var e apiError
	if err := json.Unmarshal([]byte(body), &e); err != nil || e.Error == "" {
		t.Fatalf("not a JSON error: %q", body)
	}
	if strings.Contains(e.Error, "goroutine") || strings.Contains(e.Error, ".go:") {
		t.Fatalf("error shows the code: %q", e.Error)
	}
	return e.Error
}

func itoa64(n int64) string { return strconv.FormatInt(n, 10) }

// The players of the test events: real-looking names, accents and scripts
// included, as a store's regulars are.
var (
	testFirst = []string{"Ada", "Bram", "Chiara", "Dmitri", "Émile", "Fatima", "Gus", "Hana", "Ines", "Jonas", "Kenji", "Léa",
		"Mateo", "Nadia", "Oskar", "Priya", "Quentin", "Rosa", "Sven", "Tomás", "Uma", "Viktor", "Wen", "Yusuf", "Zoë"}
	testLast = []string{"Lovelace", "Berg", "Rossi", "Ivanov", "Zola", "Haddad", "Moss", "Sato", "Ferreira", "Nilsson", "Tanaka",
		"Dubois", "García", "Kowalski", "Ødegård", "Patel", "Roux", "Schmidt", "Øster", "Reyes", "Okafor", "Novák", "Li", "Demir", "Weiß"}
)

// testNames returns n distinct player names, Ada Lovelace first.
func testNames(n int) []string {
	out := make([]string, 0, n)
	for i := 0; len(out) < n; i++ {
		name := testFirst[i%len(testFirst)] + " " + testLast[(i/len(testFirst)+i)%len(testLast)]
		if k := i / (len(testFirst) * len(testLast)); k > 0 {
			name += " " + strconv.Itoa(k+1)
		}
		out = append(out, name)
	}
	return out
}

// openRound builds an Altered best-of-three event of n players with
// round 1 published and its clock started: the floor as players see it.
func (f *fixture) openRound(n int) (event.Event, []event.Entry, event.Round) {
	f.t.Helper()
	e, es := f.event("altered", "standard-bo3", testNames(n)...)
	r := f.publish(e.ID)
	if _, err := f.d.StartClock(context.Background(), e.ID, r.Number); err != nil {
		f.t.Fatal(err)
	}
	f.clock.add(7*time.Minute + 23*time.Second)
	return e, es, r
}

// seatTable returns the table an entry sits at in a round.
func seatTable(r event.Round, entry event.EntryID) event.Table {
	for _, t := range r.Tables {
		for _, s := range t.Seats {
			if s.EntryID == entry {
				return t
			}
		}
	}
	return event.Table{}
}

// directorPlayer is a new player of that name.
func directorPlayer(name string) director.NewPlayer { return director.NewPlayer{Name: name} }

// playRound records a result at every table of round n still out: seat 1
// wins 2–1 at odd tables, seat 2 wins 2–0 at even ones.
func (f *fixture) playRound(id event.EventID, r event.Round) {
	f.t.Helper()
	for _, t := range r.Tables {
		if t.Bye || t.Result != nil {
			continue
		}
		res := event.Result{Seats: []event.SeatResult{{GamesWon: 2}, {GamesWon: 1}}}
		if t.Number%2 == 0 {
			res = event.Result{Seats: []event.SeatResult{{GamesWon: 0}, {GamesWon: 2}}}
		}
		if err := f.d.RecordResult(context.Background(), id, r.Number, t.Number, res); err != nil {
			f.t.Fatal(err)
		}
	}
}

// topCut plays a Swiss event with a top 8 of n players through its
// Swiss rounds and into its top cut, leaving the quarter-finals played
// and the semi-finals published.
func (f *fixture) topCut(n int) event.Event {
	f.t.Helper()
	e, _ := f.event("generic", "swiss-top8", testNames(n)...)
	for {
		p, err := f.d.Progress(context.Background(), e.ID)
		if err != nil {
			f.t.Fatal(err)
		}
		if p.Done {
			f.t.Fatalf("the event ended before its top cut: %+v", p)
		}
		r := f.publish(e.ID)
		if p.Cut == 1 {
			return e
		}
		f.playRound(e.ID, r)
	}
}

// entryName returns the name of an entry of es.
func entryName(t *testing.T, es []event.Entry, id event.EntryID) string {
	t.Helper()
	for _, en := range es {
		if en.ID == id {
			return en.Name
		}
	}
	t.Fatalf("no entry %d", id)
	return ""
}

// deviceCookieOf is the value of the i-th test device's cookie, signed as
// the server signs the ids it gives (device.go).
func (f *fixture) deviceCookieOf(i int) string {
	f.t.Helper()
	return signedDevice(f.t, f.srv, fmt.Sprintf("%032x", i+1))
}

// signedDevice is id's cookie value, signed with srv's key.
func signedDevice(t testing.TB, srv *Server, id string) string {
	t.Helper()
	key := srv.deviceKeyOf(context.Background())
	if key == nil {
		t.Fatal("no device key")
	}
	return id + "." + signDevice(key, id)
}
