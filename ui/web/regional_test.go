package web

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"os"
	"runtime"
	"runtime/pprof"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
)

// The regional: a 1,024-player event in round 4, its 512 tables reported
// over a minute through the report API with the tables' codes, while
// phones follow it as the pages' scripts (static/app/) do. The server
// runs in a child process (this test binary again, TestRegionalServer)
// so that its own peak memory can be read; the phones run here, on the
// same two cores. Run with
//
//	make bench-regional                       # 1,000 phones, 60 s
//	make bench-regional PHONES=200 SECONDS=10 # a quick look
//
// REGIONAL_MODE chooses what the phones do besides following the stream:
//
//   - follow (the default): what the pages do, nothing more;
//   - reload: a room that reloads at once, each phone reloading the
//     player page, the pairings and the standings (each page's HTML,
//     then its JSON, with the ETags a browser keeps) every 10 s, while
//     the tables report;
//   - publish: round 4 complete and round 5 paired, the phones on their
//     pages, round 5 is published: every page loads the new round
//     (within the pages' 8 s of jitter). No reports.
//
// REGIONAL_PROFILE=dir writes the server's CPU, block and mutex profiles
// there (cpu.prof, block.prof, mutex.prof). REGIONAL_HEAP=path writes the server's heap profile there at the end,
// the phones still on. It is a benchmark that skips unless REGIONAL_PHONES is set, so neither
// go test ./... nor go test -bench . runs it by accident.

// regionalSetup is what the server child tells the load generator.
type regionalSetup struct {
	Addr    string         `json:"addr"`
	Event   int64          `json:"event"`
	Entries []int64        `json:"entries"`
	Codes   map[int]string `json:"codes"`
}

// TestRegionalServer is the regional's server, when the benchmark starts
// this binary with REGIONAL_SERVER=1: it builds the event, serves it on
// 127.0.0.1 and says where on its stdout, until its stdin closes.
func TestRegionalServer(t *testing.T) {
	if os.Getenv("REGIONAL_SERVER") != "1" {
		t.Skip("the regional benchmark's server (BenchmarkRegional starts it)")
	}
	db, srv, d, e, r4 := benchEventDB(t)
	if n := regionalStandbys(); n > 0 {
		srv.Close()
		srv, d = regionalCluster(t, db, benchClock, n)
	}
	codes, err := d.Network.TableCodes(context.Background(), e.ID, 4)
	if err != nil {
		t.Fatal(err)
	}
	publish := os.Getenv("REGIONAL_MODE") == "publish"
	if publish {
		regionalNextRound(t, d, e.ID, r4)
	}
	entries, err := d.Registration.Entries(context.Background(), e.ID)
	if err != nil {
		t.Fatal(err)
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go func() { _ = srv.Serve(l) }()
	setup := regionalSetup{Addr: l.Addr().String(), Event: int64(e.ID), Codes: codes}
	for _, en := range entries {
		setup.Entries = append(setup.Entries, int64(en.ID))
	}
	out, _ := json.Marshal(setup)
	fmt.Printf("READY %s\n", out)
	// A line "HEAP path" writes the server's heap profile there (with
	// REGIONAL_HEAP, while the phones are still on); "PUBLISH" publishes
	// round 5 (publish mode).
	in := bufio.NewScanner(os.Stdin)
	for in.Scan() {
		if in.Text() == "PUBLISH" && publish {
			if err := d.Drafts.PublishRound(context.Background(), e.ID, 5); err != nil {
				t.Error(err)
			}
		}
		if path, ok := strings.CutPrefix(in.Text(), "HEAP "); ok {
			if f, err := os.Create(path); err == nil {
				runtime.GC()
				_ = pprof.WriteHeapProfile(f)
				f.Close()
			}
		}
	}
	_ = srv.Shutdown(context.Background())
}

// regionalNextRound finishes round 4 and pairs round 5, unpublished.
func regionalNextRound(t *testing.T, d *director.Director, id event.EventID, r event.Round) {
	ctx := context.Background()
	for _, tb := range r.Tables {
		if tb.Bye {
			continue
		}
		res := event.Result{Seats: []event.SeatResult{{GamesWon: 2}, {GamesWon: tb.Number % 2}}}
		if err := d.Rounds.RecordResult(ctx, id, r.Number, tb.Number, res); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := d.Rounds.PairNextRound(ctx, id); err != nil {
		t.Fatal(err)
	}
}

// regionalEnv reads a whole number from the environment.
func regionalEnv(name string, def int) int {
	if n, err := strconv.Atoi(os.Getenv(name)); err == nil && n > 0 {
		return n
	}
	return def
}

// countingConn counts the bytes a phone reads and writes.
type countingConn struct {
	net.Conn
	in, out *atomic.Int64
}

func (c countingConn) Read(b []byte) (int, error) {
	n, err := c.Conn.Read(b)
	c.in.Add(int64(n))
	return n, err
}

func (c countingConn) Write(b []byte) (int, error) {
	n, err := c.Conn.Write(b)
	c.out.Add(int64(n))
	return n, err
}

// regional is one run: its phones' shared tallies.
type regional struct {
	base   string
	setup  regionalSetup
	bytes  atomic.Int64 // read by the phones
	sent   atomic.Int64 // written by the phones
	errors atomic.Int64

	mode string // follow, reload, publish

	mu      sync.Mutex
	pageLat []time.Duration
	// publishedAt is when round 5 was published (publish mode), loaded
	// how long after it each page had loaded it.
	publishedAt time.Time
	loaded      []time.Duration
	errSeen     []string
	reported    map[int]time.Time // table → when its report was sent
	arrived     map[int]time.Time // table → when the last stream had it
	heard       map[int]int       // table → how many streams had it
}

func (g *regional) fail(format string, args ...any) {
	g.errors.Add(1)
	g.mu.Lock()
	if len(g.errSeen) < 10 {
		g.errSeen = append(g.errSeen, fmt.Sprintf(format, args...))
	}
	g.mu.Unlock()
}

// client is a phone's HTTP client: its own source address on the
// loopback (a store's phones each have one), bytes counted.
func (g *regional) client(i int) *http.Client {
	local := &net.TCPAddr{IP: net.IPv4(127, 0, byte(1+i/250), byte(2+i%250))}
	dialer := &net.Dialer{LocalAddr: local, Timeout: 10 * time.Second}
	tr := &http.Transport{
		DialContext: func(ctx context.Context, network, addr string) (net.Conn, error) {
			c, err := dialer.DialContext(ctx, network, addr)
			if err != nil {
				return nil, err
			}
			return countingConn{Conn: c, in: &g.bytes, out: &g.sent}, nil
		},
		MaxIdleConnsPerHost: 2,
	}
	// No Client.Timeout: it would cut the streams; get bounds each fetch.
	return &http.Client{Transport: tr}
}
