package web

import (
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/core/store"
	"tablekeeper/internal/testdb"
	"tablekeeper/ui/web/internal/webtest"
)

// The store network under a full store: a 1024-player event in round 4,
// 200 phones fetching the pairings and the standings at once after each
// result, 500 phones holding the live stream open. Run with
//
//	go test ./ui/web -run XXX -bench . -benchtime 20x
//
// The phones run in the same process as the server, on the same two
// cores, so the figures include the clients' own work.

// benchEvent is a 1024-player Altered event with three rounds played and
// round 4 published with its clock running; the database is on /dev/shm
// when there is one, so that building it does not wait on the disk.
func benchEvent(b testing.TB) (*Server, *director.Director, event.Event, event.Round) {
	b.Helper()
	_, srv, d, e, r := benchEventDB(b)
	return srv, d, e, r
}

// benchClock is the benchmarks' clock: round 4's evening.
func benchClock() time.Time { return time.Date(2026, 11, 20, 18, 0, 0, 0, time.UTC) }

// benchEventDB is benchEvent with its database.
func benchEventDB(b testing.TB) (*store.DB, *Server, *director.Director, event.Event, event.Round) {
	b.Helper()
	db := webtest.ShmDB(b, "bench")
	clock := benchClock
	d := testdb.Director(db, clock, 1, 2)
	ctx := context.Background()
	e := webtest.Regional(b, d, 1024)
	results := rand.New(rand.NewPCG(3, 4))
	var r event.Round
	var err error
	for n := 1; n <= 4; n++ {
		if r, err = d.Rounds.PairNextRound(ctx, e.ID); err != nil {
			b.Fatal(err)
		}
		if err := d.Drafts.PublishRound(ctx, e.ID, r.Number); err != nil {
			b.Fatal(err)
		}
		if n == 4 {
			break
		}
		for _, t := range r.Tables {
			if t.Bye {
				continue
			}
			a := results.IntN(3)
			res := event.Result{Seats: []event.SeatResult{{GamesWon: min(a, 2)}, {GamesWon: 2 - min(a, 1)}}}
			if a == 2 {
				res.Seats[1].GamesWon = 1
			}
			if err := d.Rounds.RecordResult(ctx, e.ID, n, t.Number, res); err != nil {
				b.Fatal(err)
			}
		}
	}
	if _, err := d.Clocks.StartClock(ctx, e.ID, 4); err != nil {
		b.Fatal(err)
	}
	srv, err := New(Config{Director: d, Now: clock})
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(srv.Close)
	return db, srv, d, e, r
}

// percentile is the p-th percentile of sorted durations.
func percentile(sorted []time.Duration, p float64) time.Duration {
	if len(sorted) == 0 {
		return 0
	}
	return sorted[min(len(sorted)-1, int(float64(len(sorted))*p))]
}

// heapMB is the memory the process has from the system, in MB.
func heapMB() float64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return float64(m.Sys) / (1 << 20)
}

// BenchmarkPhones200 is one wave per iteration: a table reports (the
// cache forgets the event), then 200 phones each fetch the pairings and
// the standings at once. It reports the p50 and p99 latency of those
// requests and the process's memory.
func BenchmarkPhones200(b *testing.B) {
	srv, d, e, r := benchEvent(b)
	hs := httptest.NewServer(srv)
	defer hs.Close()
	// The phones take gzip, as browsers do; the bytes are read and not
	// unzipped (a phone's own work).
	tr := &http.Transport{MaxIdleConnsPerHost: 256, MaxConnsPerHost: 256, DisableCompression: true}
	defer tr.CloseIdleConnections()
	client := &http.Client{Transport: tr}
	base := fmt.Sprintf("%s/api/events/%d/", hs.URL, e.ID)
	var (
		mu    sync.Mutex
		lat   []time.Duration
		bytes int64
	)
	fetch := func(path string) (time.Duration, error) {
		start := time.Now()
		req, _ := http.NewRequest("GET", base+path, nil)
		req.Header.Set("Accept-Encoding", "gzip")
		resp, err := client.Do(req)
		if err != nil {
			return 0, err
		}
		n, err := io.Copy(io.Discard, resp.Body)
		mu.Lock()
		bytes += n
		mu.Unlock()
		resp.Body.Close()
		if resp.StatusCode != 200 {
			return 0, fmt.Errorf("%s: %d", path, resp.StatusCode)
		}
		return time.Since(start), err
	}
	tables := r.Tables
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		t := tables[i%len(tables)]
		if !t.Bye {
			if err := d.Rounds.RecordResult(context.Background(), e.ID, 4, t.Number, event.Result{Seats: []event.SeatResult{{GamesWon: 2}, {GamesWon: i % 2}}}); err != nil {
				b.Fatal(err)
			}
		}
		var wg sync.WaitGroup
		for range 200 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for _, p := range []string{"pairings", "standings"} {
					d, err := fetch(p)
					if err != nil {
						b.Error(err)
						return
					}
					mu.Lock()
					lat = append(lat, d)
					mu.Unlock()
				}
			}()
		}
		wg.Wait()
	}
	b.StopTimer()
	slices.Sort(lat)
	b.ReportMetric(float64(percentile(lat, 0.50).Microseconds())/1000, "p50-ms")
	b.ReportMetric(float64(percentile(lat, 0.99).Microseconds())/1000, "p99-ms")
	b.ReportMetric(float64(bytes)/float64(len(lat))/1024, "KB/req")
	b.ReportMetric(heapMB(), "sys-MB")
}

// BenchmarkBoard is the read the cache makes once per change: the whole
// event of 1024 players in round 4, in one read transaction.
func BenchmarkBoard(b *testing.B) {
	_, d, e, _ := benchEvent(b)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := d.Views.Board(context.Background(), e.ID); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkStreams500 holds 500 live streams open; each iteration a table
// reports or the clock is paused or resumed, and the time until the last
// of the 500 streams has the change is measured. It reports the slowest delivery and the process's memory
// with the streams open.
func BenchmarkStreams500(b *testing.B) {
	srv, d, e, r := benchEvent(b)
	hs := httptest.NewServer(srv)
	defer hs.Close()
	tr := &http.Transport{MaxIdleConnsPerHost: 600, MaxConnsPerHost: 600}
	defer tr.CloseIdleConnections()
	client := &http.Client{Transport: tr}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	const phones = 500
	got := make(chan time.Time, phones*4)
	var ready sync.WaitGroup
	for i := range phones {
		ready.Add(1)
		go func() {
			// Each phone its own device (a device holds a few streams).
			cookie := deviceCookie + "=" + signedDevice(b, srv, fmt.Sprintf("%032x", i+1))
			if !readStream(ctx, b, client, fmt.Sprintf("%s/api/events/%d/stream", hs.URL, e.ID), cookie, func(chunk []byte, first bool) {
				if first {
					ready.Done()
				}
				if containsBytes(chunk, "event: change") {
					got <- time.Now()
				}
			}) {
				ready.Done()
			}
		}()
	}
	ready.Wait()
	if n := srv.hub.count(); n != phones {
		b.Fatalf("%d streams open", n)
	}
	mem := heapMB()
	var worst time.Duration
	b.ResetTimer()
	paused := false
	for i := 0; i < b.N; i++ {
		t := r.Tables[i%len(r.Tables)]
		start := time.Now()
		// A result, then a clock change, in turn.
		var err error
		switch {
		case i%2 == 0:
			err = d.Rounds.RecordResult(context.Background(), e.ID, 4, t.Number, event.Result{Seats: []event.SeatResult{{GamesWon: 2}, {GamesWon: 1}}})
		case paused:
			_, err = d.Clocks.ResumeClock(context.Background(), e.ID, 4)
			paused = false
		default:
			_, err = d.Clocks.PauseClock(context.Background(), e.ID, 4)
			paused = true
		}
		if err != nil {
			b.Fatal(err)
		}
		for range phones {
			select {
			case at := <-got:
				worst = max(worst, at.Sub(start))
			case <-time.After(5 * time.Second):
				b.Fatal("a stream missed the change for 5 s")
			}
		}
	}
	b.StopTimer()
	b.ReportMetric(float64(worst.Microseconds())/1000, "slowest-ms")
	b.ReportMetric(mem, "sys-MB")
}

func containsBytes(b []byte, s string) bool {
	return len(b) >= len(s) && indexBytes(b, s) >= 0
}

func indexBytes(b []byte, s string) int {
	for i := 0; i+len(s) <= len(b); i++ {
		if string(b[i:i+len(s)]) == s {
			return i
		}
	}
	return -1
}

// BenchmarkSelfReport is a phone's report over HTTP, with its table's
// code, until the director tells its subscribers (the organizer's round
// screen among them) that the result changed.
func BenchmarkSelfReport(b *testing.B) {
	srv, d, e, r := benchEvent(b)
	hs := httptest.NewServer(srv)
	defer hs.Close()
	codes, err := d.Network.TableCodes(context.Background(), e.ID, 4)
	if err != nil {
		b.Fatal(err)
	}
	heard := make(chan time.Time, 16)
	defer d.Subscribe(func(c director.Change) {
		if c.What.Has(director.ChangeResult) {
			heard <- time.Now()
		}
	})()
	var tables []event.Table
	for _, t := range r.Tables {
		if !t.Bye && t.Result == nil {
			tables = append(tables, t)
		}
	}
	var lat []time.Duration
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		t := tables[i%len(tables)]
		body := fmt.Sprintf(`{"round":4,"table":%d,"code":%q,"result":"2-%d"}`, t.Number, codes[t.Number], i%2)
		start := time.Now()
		req, _ := http.NewRequest("POST", fmt.Sprintf("%s/api/events/%d/reports", hs.URL, e.ID), strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		// Each report from its own phone, as in a store (where each has
		// its own address too).
		req.Header.Set("Cookie", deviceCookie+"="+signedDevice(b, srv, fmt.Sprintf("%032x", i)))
		srv.limits = newLimiter(time.Now)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			b.Fatal(err)
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 200 && resp.StatusCode != 409 {
			b.Fatalf("report: %d", resp.StatusCode)
		}
		if resp.StatusCode == 200 {
			select {
			case at := <-heard:
				lat = append(lat, at.Sub(start))
			case <-time.After(5 * time.Second):
				b.Fatal("the director never told of the result")
			}
		}
	}
	b.StopTimer()
	slices.Sort(lat)
	b.ReportMetric(float64(percentile(lat, 0.99).Microseconds())/1000, "p99-ms")
}
