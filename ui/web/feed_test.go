package web

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"tablekeeper/core/event"
	"tablekeeper/ui/web/internal/webtest"
)

// patchOf reads a patch message.
func readPatch(t *testing.T, data string) patchJSON {
	t.Helper()
	var p patchJSON
	if err := json.Unmarshal([]byte(data), &p); err != nil {
		t.Fatalf("patch %q: %v", data, err)
	}
	return p
}

// A patch stream opens with a hello that asks a new page to load, then
// carries each result as a numbered patch naming the table, its result
// and how far the round is, and a published round as a reload.
func TestPatchStreamCarriesResults(t *testing.T) {
	f := newFixture(t)
	e, _, r := f.OpenRound(8)
	url := f.http.URL + "/api/events/" + webtest.Itoa64(int64(e.ID)) + "/stream?patch=1"
	s := openStream(t, url)
	if got := s.next("hello", time.Second); got != `{"seq":0,"reset":true}` {
		t.Errorf("hello %s", got)
	}
	record := func(table, a, b int) {
		t.Helper()
		if err := f.d.Rounds.RecordResult(context.Background(), e.ID, 1, table, event.Result{Seats: []event.SeatResult{{GamesWon: a}, {GamesWon: b}}}); err != nil {
			t.Fatal(err)
		}
	}
	record(r.Tables[1].Number, 2, 1)
	p := readPatch(t, s.next("patch", 2*time.Second))
	if p.Seq != 1 || p.Round != 1 || len(p.Tables) != 1 || p.Tables[0].Number != r.Tables[1].Number ||
		p.Tables[0].Result == nil || *p.Tables[0].Result != "2–1" || p.Standings == nil || p.Standings.In != 1 || p.Standings.Of != 4 || p.Reload {
		t.Errorf("patch %+v", p)
	}
	if id := s.next("id", time.Second); !strings.HasSuffix(id, "-1") {
		t.Errorf("id %q", id)
	}
	pauseIsAPatch(t, f, e.ID, s, 2)
	record(r.Tables[0].Number, 0, 2)
	if p := readPatch(t, s.next("patch", 2*time.Second)); p.Seq != 3 || len(p.Tables) != 1 || *p.Tables[0].Result != "0–2" || p.Standings.In != 2 || p.Also != nil {
		t.Errorf("second patch %+v", p)
	}
	for _, tb := range r.Tables[2:] {
		record(tb.Number, 2, 0)
	}
	next, err := f.d.Rounds.PairNextRound(context.Background(), e.ID)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.d.Drafts.PublishRound(context.Background(), e.ID, next.Number); err != nil {
		t.Fatal(err)
	}
	deadline := time.After(3 * time.Second)
	for {
		var p patchJSON
		select {
		case <-deadline:
			t.Fatal("no reload after a published round")
		default:
			p = readPatch(t, s.next("patch", 3*time.Second))
		}
		if p.Reload {
			break
		}
	}
}

// pauseIsAPatch pauses event id's clock: a clock message, and patch seq
// naming it for the staff's pages (no table, no standings).
func pauseIsAPatch(t *testing.T, f *fixture, id event.EventID, s *sseReader, seq uint64) {
	t.Helper()
	if _, err := f.d.Clocks.PauseClock(context.Background(), id, 1); err != nil {
		t.Fatal(err)
	}
	if p := readPatch(t, s.next("patch", 2*time.Second)); p.Seq != seq || !slices.Equal(p.Also, []string{"clock"}) || p.Tables != nil || p.Standings != nil {
		t.Errorf("the clock's patch %+v", p)
	}
}

// A page that reconnects with the id of its last patch gets the patches
// it missed and no reset; one with an id too old or from another run of
// the server is told to load again.
func TestPatchStreamResumes(t *testing.T) {
	f := newFixture(t)
	f.srv.hub.perDevice = 10 // the test's streams all come from one address
	e, _, r := f.OpenRound(8)
	url := f.http.URL + "/api/events/" + webtest.Itoa64(int64(e.ID)) + "/stream?patch=1"
	s := openStream(t, url)
	s.next("hello", time.Second)
	var first string
	for i, tb := range r.Tables[:3] {
		if err := f.d.Rounds.RecordResult(context.Background(), e.ID, 1, tb.Number, event.Result{Seats: []event.SeatResult{{GamesWon: 2}, {GamesWon: i % 2}}}); err != nil {
			t.Fatal(err)
		}
		readPatch(t, s.next("patch", 2*time.Second))
		if id := s.next("id", time.Second); i == 0 {
			first = id
		}
	}
	back := openStream(t, url, "Last-Event-ID", first)
	if got := back.next("hello", time.Second); got != `{"seq":1}` {
		t.Errorf("resumed hello %s", got)
	}
	if p := readPatch(t, back.next("patch", time.Second)); p.Seq != 2 {
		t.Errorf("first missed patch %+v", p)
	}
	if p := readPatch(t, back.next("patch", time.Second)); p.Seq != 3 {
		t.Errorf("second missed patch %+v", p)
	}
	// ?last= does the same for a stream the page opens anew.
	again := openStream(t, url+"&last="+strings.Replace(first, "-1", "-2", 1))
	if got := again.next("hello", time.Second); got != `{"seq":2}` {
		t.Errorf("hello with ?last= %s", got)
	}
	for _, last := range []string{"0-1", "nonsense", strings.Replace(first, "-1", "-99", 1)} {
		s := openStream(t, url, "Last-Event-ID", last)
		if got := s.next("hello", time.Second); got != `{"seq":3,"reset":true}` {
			t.Errorf("hello after %q: %s", last, got)
		}
	}
}

// A device holds at most MaxStreamsPerDevice streams: one more replaces
// its oldest, which is told so (a page the phone left); an address holds
// at most MaxStreamsPerAddress whatever cookies it sends, past which a
// clean 503 with Retry-After says what to do; a stream closed frees its
// slot.
func TestStreamsPerDeviceAndAddress(t *testing.T) {
	f := newFixture(t)
	f.srv.hub.perDevice, f.srv.hub.perAddress = 2, 3
	e, _ := f.Event("altered", "standard-bo3", "Ada Lovelace", "Bram Berg")
	path := "/api/events/" + webtest.Itoa64(int64(e.ID)) + "/stream?patch=1"
	cookie := func(n int) string { return deviceCookie + "=" + f.deviceCookieOf(n) }
	a := openStream(t, f.http.URL+path, "Cookie", cookie(1))
	a.next("hello", time.Second)
	b := openStream(t, f.http.URL+path, "Cookie", cookie(1))
	b.next("hello", time.Second)
	c := openStream(t, f.http.URL+path, "Cookie", cookie(1))
	c.next("hello", time.Second)
	a.next("replaced", time.Second)
	if n := f.srv.hub.count(); n != 2 {
		t.Errorf("%d streams open; want the device's two", n)
	}
	d := openStream(t, f.http.URL+path, "Cookie", cookie(2))
	d.next("hello", time.Second)
	// A fourth from the same address, with another device: refused.
	resp, body := f.do("GET", path, nil, "Cookie", cookie(3))
	if resp.StatusCode != http.StatusServiceUnavailable || resp.Header.Get("Retry-After") == "" || !strings.Contains(errorOf(t, body), "from this network address") {
		t.Errorf("fourth stream of an address: %d %q %s", resp.StatusCode, resp.Header.Get("Retry-After"), body)
	}
	// Closing one frees its slot.
	d.resp.Body.Close()
	deadline := time.Now().Add(2 * time.Second)
	for f.srv.hub.count() != 2 && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	g := openStream(t, f.http.URL+path, "Cookie", cookie(3))
	if g.resp.StatusCode != 200 {
		t.Errorf("a stream after one closed: %d", g.resp.StatusCode)
	}
}

// HTML pages are gzipped for a browser that takes gzip, and sent as they
// are to one that does not.
func TestPagesAreGzipped(t *testing.T) {
	f := newFixture(t)
	e, _, _ := f.OpenRound(8)
	for _, path := range []string{"/", "/events/" + webtest.Itoa64(int64(e.ID)) + "/pairings"} {
		req, _ := http.NewRequest("GET", f.http.URL+path, nil)
		req.Header.Set("Accept-Encoding", "gzip")
		resp, err := (&http.Client{Transport: &http.Transport{DisableCompression: true}}).Do(req)
		if err != nil {
			t.Fatal(err)
		}
		raw, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.Header.Get("Content-Encoding") != "gzip" || !strings.Contains(resp.Header.Get("Vary"), "Accept-Encoding") {
			t.Fatalf("%s: encoding %q vary %q", path, resp.Header.Get("Content-Encoding"), resp.Header.Get("Vary"))
		}
		zr, err := gzip.NewReader(bytes.NewReader(raw))
		if err != nil {
			t.Fatal(err)
		}
		html, err := io.ReadAll(zr)
		if err != nil || !strings.Contains(string(html), "</html>") {
			t.Errorf("%s: gunzipped %d bytes, %v", path, len(html), err)
		}
		_, plain := f.do("GET", path, nil, "Accept-Encoding", "identity")
		if plain != string(html) {
			t.Errorf("%s: the plain page differs from the gunzipped one", path)
		}
	}
}

// A body is built once per change: a refetch with its ETag costs a 304,
// and the gzipped body unzips to the plain one.
func TestBodiesETagAndGzip(t *testing.T) {
	f := newFixture(t)
	e, _, r := f.OpenRound(8)
	path := "/api/events/" + webtest.Itoa64(int64(e.ID)) + "/standings"
	resp, plain := f.do("GET", path, nil)
	tag := resp.Header.Get("ETag")
	if tag == "" {
		t.Fatal("no ETag")
	}
	if resp, body := f.do("GET", path, nil, "If-None-Match", tag); resp.StatusCode != http.StatusNotModified || body != "" {
		t.Errorf("refetch with the ETag: %d %q", resp.StatusCode, body)
	}
	bl, err := f.srv.cache.blob(context.Background(), e.ID, langKey("standings", "en"), nil)
	if err != nil || bl.gz == nil {
		t.Fatalf("cached standings: %v gz %d", err, len(bl.gz))
	}
	zr, _ := gzip.NewReader(bytes.NewReader(bl.gz))
	if unz, _ := io.ReadAll(zr); string(unz) != plain {
		t.Error("the gzipped body is not the plain one")
	}
	if err := f.d.Rounds.RecordResult(context.Background(), e.ID, 1, r.Tables[0].Number, event.Result{Seats: []event.SeatResult{{GamesWon: 2}, {GamesWon: 0}}}); err != nil {
		t.Fatal(err)
	}
	if resp, _ := f.do("GET", path, nil, "If-None-Match", tag); resp.StatusCode != 200 || resp.Header.Get("ETag") == tag {
		t.Errorf("after a result: %d, ETag %s", resp.StatusCode, resp.Header.Get("ETag"))
	}
}

// The diff finds a changed table whatever kinds of change it is told
// (an earlier read may have taken them), says the standings moved, and
// finds nothing between a board and itself.
func TestDiffBoardsFindsResultsWithoutKinds(t *testing.T) {
	f := newFixture(t)
	e, _, r := f.OpenRound(8)
	prev, err := f.d.Views.Board(context.Background(), e.ID)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.d.Rounds.RecordResult(context.Background(), e.ID, 1, r.Tables[2].Number, event.Result{Seats: []event.SeatResult{{GamesWon: 1}, {GamesWon: 1}}}); err != nil {
		t.Fatal(err)
	}
	b, err := f.d.Views.Board(context.Background(), e.ID)
	if err != nil {
		t.Fatal(err)
	}
	p := diffBoards("en", prev, b, 0)
	if p == nil || len(p.Tables) != 1 || p.Tables[0].Number != r.Tables[2].Number || p.Standings == nil || p.Standings.In != 1 || p.Reload {
		t.Fatalf("diff %+v", p)
	}
	if p := diffBoards("en", b, b, 0); p != nil {
		t.Errorf("a board against itself: %+v", p)
	}
	if p := diffBoards("fr", prev, b, 0); p == nil || p.Tables[0].Result == nil || *p.Tables[0].Result == "" {
		t.Errorf("in French: %+v", p)
	}
}
