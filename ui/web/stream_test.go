package web

import (
	"bufio"
	"context"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"tablekeeper/core/event"
	"tablekeeper/ui/web/internal/webtest"
)

// sseReader reads a stream's messages: "event name" → data.
type sseReader struct {
	t    *testing.T
	resp *http.Response
	msgs chan [2]string
}

// openStream opens a stream with the request headers given in pairs. A
// message with an id is followed by an "id" message holding it.
func openStream(t *testing.T, url string, header ...string) *sseReader {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	req := webtest.NewRequest(t, "GET", url, nil, header...).WithContext(ctx)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	s := &sseReader{t: t, resp: resp, msgs: make(chan [2]string, 256)}
	if resp.StatusCode != 200 {
		return s
	}
	go func() {
		defer close(s.msgs)
		_ = scanEvents(resp.Body, func(name, data, id string) {
			s.msgs <- [2]string{name, data}
			if id != "" {
				s.msgs <- [2]string{"id", id}
			}
		})
	}()
	return s
}

// scanEvents reads a stream's messages from r (text/event-stream: "id:",
// "event:" and "data:" lines, a blank line ending each message) and hands
// each to each with its name, data and id; a "retry:" line is handed on at
// once as a message named "retry" holding its value. It returns when r
// ends, with the scanner's error.
func scanEvents(r io.Reader, each func(name, data, id string)) error {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	var name, data, id string
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "id: "):
			id = line[4:]
		case strings.HasPrefix(line, "event: "):
			name = line[7:]
		case strings.HasPrefix(line, "data: "):
			data = line[6:]
		case strings.HasPrefix(line, "retry: "):
			each("retry", line[7:], "")
		case line == "" && name != "":
			each(name, data, id)
			name, data, id = "", "", ""
		}
	}
	return sc.Err()
}

// next waits for the next message named name (skipping others).
func (s *sseReader) next(name string, within time.Duration) string {
	s.t.Helper()
	deadline := time.After(within)
	for {
		select {
		case m, ok := <-s.msgs:
			if !ok {
				s.t.Fatalf("the stream closed before a %q message", name)
			}
			if m[0] == name {
				return m[1]
			}
		case <-deadline:
			s.t.Fatalf("no %q message within %v", name, within)
		}
	}
}

// A stream opens with the reconnection delay and the clock, and carries
// each change of its event, named, within a second.
func TestStreamDeliversChanges(t *testing.T) {
	f := newFixture(t)
	e, _, r := f.OpenRound(8)
	other, _ := f.Event("altered", "standard-bo3", "Someone Else", "Another One")
	s := openStream(t, f.http.URL+"/api/events/"+webtest.Itoa64(int64(e.ID))+"/stream")
	if s.resp.StatusCode != 200 || !strings.HasPrefix(s.resp.Header.Get("Content-Type"), "text/event-stream") {
		t.Fatalf("stream: %d %s", s.resp.StatusCode, s.resp.Header.Get("Content-Type"))
	}
	checkHeaders(t, "stream", s.resp.Header)
	if got := s.next("retry", time.Second); got != "3000" {
		t.Errorf("retry %q", got)
	}
	if got := s.next("clock", time.Second); !strings.Contains(got, `"round":1`) || !strings.Contains(got, `"running":true`) {
		t.Errorf("first clock %s", got)
	}
	list := openStream(t, f.http.URL+"/api/stream")

	// A change of another event is not this stream's.
	if _, err := f.d.Registration.RegisterNew(context.Background(), other.ID, directorPlayer("Third Person")); err != nil {
		t.Fatal(err)
	}
	if got := list.next("change", time.Second); !strings.Contains(got, "registration") {
		t.Errorf("list stream: %s", got)
	}
	if err := f.d.Rounds.RecordResult(context.Background(), e.ID, 1, r.Tables[0].Number, event.Result{Seats: []event.SeatResult{{GamesWon: 2}, {GamesWon: 0}}}); err != nil {
		t.Fatal(err)
	}
	if got := s.next("change", time.Second); got != `{"what":["result"]}` {
		t.Errorf("change %s (another event's change leaked in?)", got)
	}
	if _, err := f.d.Clocks.PauseClock(context.Background(), e.ID, 1); err != nil {
		t.Fatal(err)
	}
	if got := s.next("change", time.Second); got != `{"what":["clock"]}` {
		t.Errorf("change %s", got)
	}
	if f.srv.Devices() != 1 || f.srv.hub.count() != 2 {
		t.Errorf("%d devices, %d streams", f.srv.Devices(), f.srv.hub.count())
	}
}

// Past MaxStreams a stream is refused with a sentence; the page falls
// back to refreshing by itself. Shutdown closes every stream.
func TestStreamsAreBoundedAndEndAtShutdown(t *testing.T) {
	f := newFixture(t)
	f.srv.hub.max = 2
	e, _ := f.Event("altered", "standard-bo3", "Ada Lovelace", "Bram Berg")
	url := f.http.URL + "/api/events/" + webtest.Itoa64(int64(e.ID)) + "/stream"
	a, b := openStream(t, url), openStream(t, url)
	a.next("retry", time.Second)
	b.next("retry", time.Second)
	resp, body := f.do("GET", "/api/events/"+webtest.Itoa64(int64(e.ID))+"/stream", nil)
	if resp.StatusCode != http.StatusServiceUnavailable || !strings.Contains(errorOf(t, body), "Too many live pages") {
		t.Errorf("third stream: %d %s", resp.StatusCode, body)
	}
	if resp, _ := f.do("GET", "/api/events/77/stream", nil); resp.StatusCode != 404 {
		t.Errorf("stream of no event: %d", resp.StatusCode)
	}
	f.srv.Close()
	for _, s := range []*sseReader{a, b} {
		select {
		case <-drain(s.msgs):
		case <-time.After(2 * time.Second):
			t.Error("a stream stayed open after Close")
		}
	}
}

// drain reads msgs until it closes.
func drain(msgs chan [2]string) chan struct{} {
	done := make(chan struct{})
	go func() {
		for range msgs {
		}
		close(done)
	}()
	return done
}

// Each stream gets the clock again every tick.
func TestStreamTicksTheClock(t *testing.T) {
	f := newFixture(t)
	e, _, _ := f.OpenRound(4)
	s := openStream(t, f.http.URL+"/api/events/"+webtest.Itoa64(int64(e.ID))+"/stream")
	s.next("clock", time.Second)
	f.clock.Add(time.Minute)
	f.srv.tick(context.Background())
	if got := s.next("clock", time.Second); !strings.Contains(got, `"remaining_ms":2497000`) {
		t.Errorf("tick %s", got)
	}
}

// Serve after Shutdown serves nothing; Serve then Shutdown returns nil.
func TestServeAndShutdown(t *testing.T) {
	f := newFixture(t)
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- f.srv.Serve(l) }()
	urls := ListenURLs(l.Addr())
	if len(urls) != 1 || !strings.HasPrefix(urls[0], "http://127.0.0.1:") {
		t.Fatalf("urls %v", urls)
	}
	deadline := time.Now().Add(2 * time.Second)
	for {
		resp, err := http.Get(urls[0] + "api/events")
		if err == nil {
			resp.Body.Close()
			break
		}
		if time.Now().After(deadline) {
			t.Fatal(err)
		}
		time.Sleep(20 * time.Millisecond)
	}
	if err := f.srv.Shutdown(context.Background()); err != nil {
		t.Fatal(err)
	}
	if err := <-done; err != nil {
		t.Errorf("Serve after Shutdown: %v", err)
	}
	l2, _ := net.Listen("tcp", "127.0.0.1:0")
	if err := f.srv.Serve(l2); err != nil {
		t.Errorf("Serve of a shut server: %v", err)
	}
	if _, err := http.Get("http://" + l2.Addr().String() + "/"); err == nil {
		t.Error("a shut server still serves")
	}
}

// readStream opens the live stream at url (with cookie unless empty) and
// hands each read of it to each, the first one as first, until it ends.
// A stream that does not open is an error of tb: it returns false and
// each is never called.
func readStream(ctx context.Context, tb testing.TB, client *http.Client, url, cookie string, each func(chunk []byte, first bool)) bool {
	req, _ := http.NewRequestWithContext(ctx, "GET", url, nil)
	if cookie != "" {
		req.Header.Set("Cookie", cookie)
	}
	resp, err := client.Do(req)
	if err != nil || resp.StatusCode != 200 {
		tb.Errorf("stream: %v", err)
		return false
	}
	defer resp.Body.Close()
	buf := make([]byte, 8192)
	for first := true; ; first = false {
		n, err := resp.Body.Read(buf)
		if err != nil {
			return true
		}
		each(buf[:n], first)
	}
}
