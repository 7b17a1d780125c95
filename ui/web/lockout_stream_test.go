package web

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"tablekeeper/ui/web/internal/webtest"
)

// Streams against a flood: a full hub, a tapping phone, and the
// recorder the stream tests read.

// The streams hold (issue 27): 4,000 stream attempts from 2 addresses,
// with invented device ids, leave every honest phone's stream served; a
// phone tapping through five pages, each kept in the back/forward cache
// with its stream open, never meets a 503: its oldest stream is replaced
// and told so.
func TestStreamsHoldAgainstAFloodAndATappingPhone(t *testing.T) {
	f := newFixture(t)
	e, _ := f.Event("altered", "standard-bo3", "Ada Lovelace", "Bram Berg")
	path := "/api/events/" + webtest.Itoa64(int64(e.ID)) + "/stream?patch=1"
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	t.Cleanup(func() {
		cancel()
		wg.Wait()
	})
	open := func(addr, cookie string) *streamRec {
		req := httptest.NewRequest("GET", path, nil).WithContext(ctx)
		req.RemoteAddr, req.Host = addr+":50000", "192.168.1.20:8080"
		if cookie != "" {
			req.AddCookie(&http.Cookie{Name: deviceCookie, Value: cookie})
		}
		w := &streamRec{header: http.Header{}, started: make(chan struct{})}
		wg.Add(1)
		go func() {
			defer wg.Done()
			f.srv.ServeHTTP(w, req)
			w.end()
		}()
		<-w.started
		return w
	}
	refused := 0
	for i := range 4000 {
		if w := open(fmt.Sprintf("10.8.0.%d", i%2+1), fmt.Sprintf("%032x", i+1)); w.code() != 200 {
			refused++
		}
	}
	if n := f.srv.hub.count(); n > 2*f.srv.hub.perDevice {
		t.Errorf("invented ids held %d streams from 2 addresses", n)
	}
	var last []*streamRec
	for i := range 20 {
		cookie := f.deviceCookieOf(100 + i)
		var mine []*streamRec
		for range 5 { // Me, Pairings, Standings, Top cut, Report
			w := open(fmt.Sprintf("192.168.8.%d", i+1), cookie)
			if w.code() != 200 {
				t.Fatalf("phone %d's stream: %d %s", i+1, w.code(), w.text())
			}
			mine = append(mine, w)
		}
		if !mine[0].waitEnd() || !strings.Contains(mine[0].text(), "event: replaced") {
			t.Errorf("phone %d's first page's stream was not replaced: %q", i+1, mine[0].text())
		}
		last = append(last, mine[4])
	}
	for i := range 4000 {
		open(fmt.Sprintf("10.8.0.%d", i%2+1), fmt.Sprintf("%032x", 8000+i))
	}
	for i, w := range last {
		if w.ended() {
			t.Errorf("phone %d's stream was ended by the flood: %q", i+1, w.text())
		}
	}
}

// A full hub gives each honest phone its stream: when two addresses hold
// every slot (ids they were given), a stream from an address holding
// fewer replaces the oldest of the fullest address, never an honest one.
func TestAFullHubGivesEachHonestPhoneItsStream(t *testing.T) {
	h := newHub(4000, 4, 2000, "t")
	for i := range 4000 {
		if _, err := h.join(1, fmt.Sprint("flood", i), fmt.Sprint("10.0.0.", i%2), streamPage{}); err != nil {
			t.Fatalf("flood stream %d: %v", i, err)
		}
	}
	var honest []*client
	for i := range 1000 {
		c, err := h.join(1, fmt.Sprint("phone", i), fmt.Sprint("192.168.0.", i), streamPage{})
		if err != nil {
			t.Fatalf("honest phone %d refused: %v", i, err)
		}
		honest = append(honest, c)
	}
	for i := range 4000 {
		_, _ = h.join(1, fmt.Sprint("flood2-", i), fmt.Sprint("10.0.0.", i%2), streamPage{})
	}
	for i, c := range honest {
		select {
		case <-c.done:
			t.Fatalf("honest phone %d's stream was replaced", i)
		default:
		}
	}
	if h.count() != 4000 {
		t.Errorf("%d streams; want the hub full", h.count())
	}
}

// BenchmarkHubJoinWhenFull measures a phone's stream joining a hub that
// two addresses filled, the fullest address giving up its oldest, then
// the phone leaving and the flood taking the slot again: the cost a
// flood puts on each new stream.
func BenchmarkHubJoinWhenFull(b *testing.B) {
	h := newHub(4000, 4, 2000, "t")
	for i := range 4000 {
		_, _ = h.join(1, fmt.Sprint("flood", i), fmt.Sprint("10.0.0.", i%2), streamPage{})
	}
	phones := make([][2]string, 4096)
	for i := range phones {
		phones[i] = [2]string{fmt.Sprint("phone", i), fmt.Sprint("192.168.", i/250, ".", i%250)}
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := range b.N {
		p := phones[i%len(phones)]
		c, err := h.join(1, p[0], p[1], streamPage{})
		if err != nil {
			b.Fatal(err)
		}
		h.leave(c)
		flood := "10.0.0.0"
		if len(h.addrs[flood]) >= h.perAddress {
			flood = "10.0.0.1"
		}
		if _, err := h.join(1, p[0]+"-flood", flood, streamPage{}); err != nil {
			b.Fatal(err)
		}
	}
}

// streamRec is a ResponseWriter a stream writes to while the test reads.
type streamRec struct {
	mu      sync.Mutex
	header  http.Header
	status  int
	body    strings.Builder
	started chan struct{}
	once    sync.Once
	done    bool
	endc    chan struct{}
}

func (w *streamRec) Header() http.Header { return w.header }

func (w *streamRec) WriteHeader(status int) {
	w.mu.Lock()
	if w.status == 0 {
		w.status = status
	}
	w.mu.Unlock()
	w.once.Do(func() { close(w.started) })
}

func (w *streamRec) Write(b []byte) (int, error) {
	w.WriteHeader(200)
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.body.Write(b)
}

// Flush is http.Flusher's.
func (w *streamRec) Flush() {}

func (w *streamRec) end() {
	w.once.Do(func() { close(w.started) })
	w.mu.Lock()
	w.done = true
	if w.endc != nil {
		close(w.endc)
		w.endc = nil
	}
	w.mu.Unlock()
}

func (w *streamRec) code() int {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.status
}

func (w *streamRec) text() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.body.String()
}

func (w *streamRec) ended() bool {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.done
}

// waitEnd waits for the stream's handler to return (a second at most).
func (w *streamRec) waitEnd() bool {
	w.mu.Lock()
	if w.done {
		w.mu.Unlock()
		return true
	}
	c := make(chan struct{})
	w.endc = c
	w.mu.Unlock()
	select {
	case <-c:
		return true
	case <-time.After(time.Second):
		return false
	}
}
