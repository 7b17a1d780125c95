package web

import (
	"bufio"
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"os"
	"os/exec"
	"runtime"
	"runtime/pprof"
	"slices"
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
	srv, d, e, r4 := benchEvent(t)
	codes, err := d.TableCodes(context.Background(), e.ID, 4)
	if err != nil {
		t.Fatal(err)
	}
	publish := os.Getenv("REGIONAL_MODE") == "publish"
	if publish {
		regionalNextRound(t, d, e.ID, r4)
	}
	entries, err := d.Entries(context.Background(), e.ID)
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
			if err := d.PublishRound(context.Background(), e.ID, 5); err != nil {
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
		if err := d.RecordResult(ctx, id, r.Number, tb.Number, res); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := d.PairNextRound(ctx, id); err != nil {
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

// phone is one phone and the page it shows.
type phone struct {
	g      *regional
	c      *http.Client
	cookie string
	kind   string // home, pairings, standings, projector
	entry  int64
	etags  map[string]string
	table  int // home: her table

	mu        sync.Mutex
	lastFetch time.Time
	timer     *time.Timer
	soon      bool
}

// get fetches path as the page does (its ETag, gzip), timing it.
func (p *phone) get(path string) []byte {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, "GET", p.g.base+path, nil)
	req.Header.Set("Cookie", p.cookie)
	p.mu.Lock()
	if tag := p.etags[path]; tag != "" {
		req.Header.Set("If-None-Match", tag)
	}
	p.mu.Unlock()
	start := time.Now()
	resp, err := p.c.Do(req)
	if err != nil {
		p.g.fail("GET %s: %v", path, err)
		return nil
	}
	body, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	lat := time.Since(start)
	if err != nil || (resp.StatusCode != 200 && resp.StatusCode != 304) {
		p.g.fail("GET %s: %d %v", path, resp.StatusCode, err)
		return nil
	}
	p.g.mu.Lock()
	p.g.pageLat = append(p.g.pageLat, lat)
	p.g.mu.Unlock()
	p.mu.Lock()
	if tag := resp.Header.Get("ETag"); tag != "" {
		p.etags[path] = tag
	}
	p.mu.Unlock()
	return body
}

// api is the phone's event's API path.
func (p *phone) api(rest string) string {
	return "/api/events/" + strconv.FormatInt(p.g.setup.Event, 10) + rest
}

// load is the page's load(): what the page's module fetches for it.
func (p *phone) load() { p.loadPage(p.kind) }

// loadPage is what the page's module fetches for a page of that kind.
func (p *phone) loadPage(kind string) {
	switch kind {
	case "home":
		var me struct {
			Now struct {
				Table int `json:"table"`
			} `json:"now"`
		}
		if b := p.get(p.api("/players/" + strconv.FormatInt(p.entry, 10))); b != nil {
			_ = json.Unmarshal(b, &me)
			if me.Now.Table > 0 {
				p.mu.Lock()
				p.table = me.Now.Table
				p.mu.Unlock()
			}
		}
		p.get(p.api("/clock"))
	case "pairings":
		p.get(p.api("/pairings"))
	case "standings":
		p.get(p.api("/standings"))
	case "projector":
		p.get(p.api("/projector"))
	}
}

// every is app/tk.js's every(): load at most once per ms (plus up to a
// fifth at random), or within 4 s when soon.
func (p *phone) every(ms time.Duration, soon bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.timer != nil && (!soon || p.soon) {
		return
	}
	wait := time.Duration(rand.Int64N(int64(4 * time.Second)))
	if !soon {
		wait = max(0, time.Until(p.lastFetch.Add(ms))) + time.Duration(rand.Int64N(int64(ms/5)))
	}
	if p.timer != nil {
		p.timer.Stop()
	}
	p.soon = soon
	p.timer = time.AfterFunc(wait, func() {
		p.mu.Lock()
		p.timer, p.soon, p.lastFetch = nil, false, time.Now()
		p.mu.Unlock()
		p.load()
	})
}

// reloaded is the page's load after the stream said it is behind (a
// round published), noting when it had the new round.
func (p *phone) reloaded() {
	p.load()
	p.g.mu.Lock()
	if !p.g.publishedAt.IsZero() {
		p.g.loaded = append(p.g.loaded, time.Since(p.g.publishedAt))
	}
	p.g.mu.Unlock()
}

// pageOf is the path of a page of the phone's event ("": its home).
func (p *phone) pageOf(name string) string {
	return strings.TrimSuffix("/events/"+strconv.FormatInt(p.g.setup.Event, 10)+"/"+name, "/")
}

// reloadPages reloads the player page, the pairings and the standings
// every period (the first time at random within it) until ctx ends: each
// page's HTML, then what its script fetches, as a browser does on a
// reload (its ETags, no stream of its own: the phone keeps its one).
func (p *phone) reloadPages(ctx context.Context, period time.Duration) {
	wait := time.Duration(rand.Int64N(int64(period)))
	for {
		select {
		case <-ctx.Done():
			return
		case <-time.After(wait):
		}
		for _, page := range []string{"home", "pairings", "standings"} {
			p.get(p.pageOf(strings.TrimPrefix(page, "home")))
			p.loadPage(page)
		}
		wait = period - period/10 + time.Duration(rand.Int64N(int64(period/5)))
	}
}

// patched is what the page does with a patch.
func (p *phone) patched(pt patchJSON) {
	now := time.Now()
	p.g.mu.Lock()
	for _, t := range pt.Tables {
		p.g.heard[t.Number]++
		if now.After(p.g.arrived[t.Number]) {
			p.g.arrived[t.Number] = now
		}
	}
	p.g.mu.Unlock()
	moved := pt.Standings != nil
	complete := moved && pt.Standings.In == pt.Standings.Of
	switch p.kind {
	case "home":
		p.mu.Lock()
		table := p.table
		p.mu.Unlock()
		for _, t := range pt.Tables {
			if t.Number == table {
				time.AfterFunc(time.Duration(rand.Int64N(int64(time.Second))), p.load)
				return
			}
		}
		if moved {
			p.every(standingsEvery(pt.Standings.Of), complete)
		}
	case "standings":
		if moved {
			p.every(standingsEvery(pt.Standings.Of), complete)
		}
	case "projector":
		if moved || len(pt.Tables) > 0 {
			p.every(1500*time.Millisecond, complete)
		}
	}
}

// standingsEvery is app/tk.js's standingsEvery: 0.3 s a table of the
// round, from 2 s to 20 s.
func standingsEvery(tables int) time.Duration {
	return min(20*time.Second, max(2*time.Second, time.Duration(tables)*300*time.Millisecond))
}

// follow is app/tk.js's follow(): the stream, the hello, the patches in
// order, a jittered reload when the page is behind. It returns when the
// stream ends.
func (p *phone) follow(ctx context.Context, opened chan<- bool) {
	req, _ := http.NewRequestWithContext(ctx, "GET", p.g.base+p.api("/stream?patch=1"), nil)
	req.Header.Set("Cookie", p.cookie)
	resp, err := p.c.Do(req)
	if err != nil || resp.StatusCode != 200 {
		status := 0
		if resp != nil {
			status = resp.StatusCode
			resp.Body.Close()
		}
		p.g.fail("stream: %d %v", status, err)
		opened <- false
		return
	}
	defer resp.Body.Close()
	sc := bufio.NewScanner(resp.Body)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	var name, data string
	seq := int64(-1)
	loaded := false
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "event: "):
			name = line[7:]
		case strings.HasPrefix(line, "data: "):
			data = line[6:]
		case line == "" && name != "":
			switch name {
			case "hello":
				var h struct {
					Seq   int64 `json:"seq"`
					Reset bool  `json:"reset"`
				}
				_ = json.Unmarshal([]byte(data), &h)
				seq = h.Seq
				if !loaded {
					loaded = true
					p.load()
					opened <- true
				} else if h.Reset {
					time.AfterFunc(time.Duration(rand.Int64N(int64(8*time.Second))), p.load)
				}
			case "patch":
				var pt patchJSON
				if err := json.Unmarshal([]byte(data), &pt); err != nil {
					p.g.fail("patch %q: %v", data, err)
					break
				}
				if int64(pt.Seq) != seq+1 || pt.Reload {
					time.AfterFunc(time.Duration(rand.Int64N(int64(8*time.Second))), p.reloaded)
				} else {
					p.patched(pt)
				}
				seq = int64(pt.Seq)
			}
			name, data = "", ""
		}
	}
	if ctx.Err() == nil {
		p.g.fail("a stream ended: %v", sc.Err())
	}
}

// BenchmarkRegional runs the regional once (-benchtime 1x) with
// REGIONAL_PHONES phones over REGIONAL_SECONDS seconds of reports.
func BenchmarkRegional(b *testing.B) {
	phones := regionalEnv("REGIONAL_PHONES", 0)
	if phones == 0 {
		b.Skip("set REGIONAL_PHONES (make bench-regional)")
	}
	seconds := regionalEnv("REGIONAL_SECONDS", 60)
	for range b.N {
		runRegional(b, phones, time.Duration(seconds)*time.Second)
	}
}

func uptime() string {
	out, _ := exec.Command("uptime").Output()
	return strings.TrimSpace(string(out))
}

// startRegionalServer starts the server child and reads its setup.
func startRegionalServer(b *testing.B) (*exec.Cmd, io.WriteCloser, regionalSetup) {
	args := []string{"-test.run=^TestRegionalServer$", "-test.bench=^$"}
	if dir := os.Getenv("REGIONAL_PROFILE"); dir != "" {
		args = append(args, "-test.cpuprofile="+dir+"/cpu.prof", "-test.blockprofile="+dir+"/block.prof",
			"-test.mutexprofile="+dir+"/mutex.prof")
	}
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(os.Environ(), "REGIONAL_SERVER=1")
	cmd.Stderr = os.Stderr
	stdin, _ := cmd.StdinPipe()
	stdout, _ := cmd.StdoutPipe()
	if err := cmd.Start(); err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { stdin.Close(); _ = cmd.Wait() })
	sc := bufio.NewScanner(stdout)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	var setup regionalSetup
	for sc.Scan() {
		if rest, ok := strings.CutPrefix(sc.Text(), "READY "); ok {
			if err := json.Unmarshal([]byte(rest), &setup); err != nil {
				b.Fatal(err)
			}
			break
		}
	}
	if setup.Addr == "" {
		b.Fatal("the server child never said where it listens")
	}
	go func() { _, _ = io.Copy(io.Discard, stdout) }()
	return cmd, stdin, setup
}

// peakRSS is a process's peak resident memory in MB (VmHWM).
func peakRSS(pid int) float64 {
	raw, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/status")
	if err != nil {
		return -1
	}
	for _, line := range strings.Split(string(raw), "\n") {
		if rest, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			kb, _ := strconv.ParseFloat(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 64)
			return kb / 1024
		}
	}
	return -1
}

// procCPU is the CPU a process has used so far (user and system), from
// /proc: what the server child spends, whatever the phones beside it do.
func procCPU(pid int) time.Duration {
	raw, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return 0
	}
	// The fields after the command's name, which is in parentheses.
	f := strings.Fields(string(raw[strings.LastIndexByte(string(raw), ')')+2:]))
	if len(f) < 13 {
		return 0
	}
	utime, _ := strconv.ParseInt(f[11], 10, 64)
	stime, _ := strconv.ParseInt(f[12], 10, 64)
	return time.Duration(utime+stime) * time.Second / 100 // USER_HZ
}

// openPhones puts the phones on their pages, each with its stream, and
// waits until every page has loaded; in reload mode each then reloads its
// pages every 10 s until ctx ends.
func (g *regional) openPhones(ctx context.Context, phones int) {
	opened := make(chan bool, phones)
	for i := range phones {
		p := &phone{g: g, c: g.client(i), cookie: fmt.Sprintf("%s=%032x", deviceCookie, i+1), etags: map[string]string{}, lastFetch: time.Now()}
		p.entry = g.setup.Entries[i%len(g.setup.Entries)]
		switch {
		case i == 0:
			p.kind = "projector"
		case i%10 == 1:
			p.kind = "pairings"
		case i%10 == 2:
			p.kind = "standings"
		default:
			p.kind = "home"
		}
		go func() {
			// The page itself, then its stream, then its JSON.
			p.get(strings.TrimPrefix(p.api(""), "/api"))
			p.follow(ctx, opened)
		}()
		if g.mode == "reload" && p.kind != "projector" {
			go p.reloadPages(ctx, 10*time.Second)
		}
		if i%50 == 49 {
			time.Sleep(20 * time.Millisecond) // phones arrive, not all in one instant
		}
	}
	for range phones {
		<-opened
	}
}

// reportTables reports every table of round 4 over the time given, one
// every over/tables, each from its own phone at its own address; it
// returns the tables and the answers' latencies, sorted.
func (g *regional) reportTables(phones int, over time.Duration) (tables []int, lat []time.Duration) {
	for n := range g.setup.Codes {
		tables = append(tables, n)
	}
	slices.Sort(tables)
	rand.Shuffle(len(tables), func(i, j int) { tables[i], tables[j] = tables[j], tables[i] })
	var mu sync.Mutex
	var reports sync.WaitGroup
	tick := time.NewTicker(over / time.Duration(len(tables)))
	defer tick.Stop()
	for i, n := range tables {
		<-tick.C
		reports.Add(1)
		go func() {
			defer reports.Done()
			if d, ok := g.report(g.client(phones+i), i, n); ok {
				mu.Lock()
				lat = append(lat, d)
				mu.Unlock()
			}
		}()
	}
	reports.Wait()
	slices.Sort(lat)
	return tables, lat
}

// report sends table n's result as the i-th report, and says how long
// the answer took.
func (g *regional) report(c *http.Client, i, n int) (time.Duration, bool) {
	body := fmt.Sprintf(`{"round":4,"table":%d,"code":%q,"result":"2-%d"}`, n, g.setup.Codes[n], i%2)
	req, _ := http.NewRequest("POST", g.base+"/api/events/"+strconv.FormatInt(g.setup.Event, 10)+"/reports", strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Cookie", fmt.Sprintf("%s=%032x", deviceCookie, 1<<40+i))
	at := time.Now()
	g.mu.Lock()
	g.reported[n] = at
	g.mu.Unlock()
	resp, err := c.Do(req)
	if err != nil {
		g.fail("report %d: %v", n, err)
		return 0, false
	}
	_, _ = io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 {
		g.fail("report %d: %d", n, resp.StatusCode)
	}
	return time.Since(at), true
}

// publishRound has the server publish round 5 and waits for the pages
// to load it.
func (g *regional) publishRound(stdin io.Writer) {
	time.Sleep(2 * time.Second)
	g.mu.Lock()
	g.pageLat = g.pageLat[:0]
	g.publishedAt = time.Now()
	g.mu.Unlock()
	fmt.Fprintln(stdin, "PUBLISH")
	// A page waits up to 8 s at random before it loads the new round.
	time.Sleep(12 * time.Second)
}

func runRegional(b *testing.B, phones int, over time.Duration) {
	mode := cmp.Or(os.Getenv("REGIONAL_MODE"), "follow")
	b.Logf("mode %s; uptime before: %s", mode, uptime())
	setupStart := time.Now()
	cmd, stdin, setup := startRegionalServer(b)
	g := &regional{base: "http://" + setup.Addr, setup: setup, mode: mode, reported: map[int]time.Time{}, arrived: map[int]time.Time{}, heard: map[int]int{}}
	b.Logf("event built in %v", time.Since(setupStart).Round(time.Millisecond))

	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	start := time.Now()
	g.openPhones(ctx, phones)
	g.mu.Lock()
	g.pageLat = g.pageLat[:0]
	g.mu.Unlock()
	b.Logf("%d phones on their pages in %v", phones, time.Since(start).Round(time.Millisecond))

	bytes0, sent0 := g.bytes.Load(), g.sent.Load()
	cpu0, self0, wall0 := procCPU(cmd.Process.Pid), cpuNow(), time.Now()
	var tables []int
	var reportLat []time.Duration
	if mode == "publish" {
		g.publishRound(stdin)
	} else {
		tables, reportLat = g.reportTables(phones, over)
		// The final refetches come within a few seconds of the last result.
		time.Sleep(6 * time.Second)
	}
	bytes1, sent1 := g.bytes.Load(), g.sent.Load()
	cpu, self, wall := procCPU(cmd.Process.Pid)-cpu0, cpuNow()-self0, time.Since(wall0)
	rss := peakRSS(cmd.Process.Pid)
	if path := os.Getenv("REGIONAL_HEAP"); path != "" {
		fmt.Fprintf(stdin, "HEAP %s\n", path)
		time.Sleep(2 * time.Second)
	}
	load := uptime()
	cancel()

	g.mu.Lock()
	defer g.mu.Unlock()
	requests := len(g.pageLat) + len(reportLat)
	b.Logf("uptime after: %s", load)
	b.Logf("server CPU %.0f%% of a core (%.3f ms a request, %d requests), the phones %.0f%%",
		100*float64(cpu)/float64(wall), float64(cpu.Microseconds())/1000/float64(max(1, requests)), requests, 100*float64(self)/float64(wall))
	b.ReportMetric(float64(cpu.Microseconds())/1000/float64(max(1, requests)), "server-cpu-ms/req")
	b.ReportMetric(float64(cpu)/float64(wall), "server-cores")
	slices.Sort(g.pageLat)
	b.ReportMetric(float64(percentile(g.pageLat, 0.99).Microseconds())/1000, "page-p99-ms")
	b.ReportMetric(rss, "server-MB")
	if mode == "publish" {
		g.publishSummary(b, phones, rss)
		return
	}
	g.reportSummary(b, phones, over, tables, reportLat, rss, float64(bytes1-bytes0), float64(sent1-sent0))
}

// publishSummary says how the room took a published round.
func (g *regional) publishSummary(b *testing.B, phones int, rss float64) {
	slices.Sort(g.loaded)
	b.Logf("%d phones, round 5 published: page p50 %v p99 %v (%d requests); every page had it after %v (p99 %v, %d pages); server peak RSS %.0f MB; %d errors %v",
		phones, percentile(g.pageLat, 0.5), percentile(g.pageLat, 0.99), len(g.pageLat), percentile(g.loaded, 1), percentile(g.loaded, 0.99),
		len(g.loaded), rss, g.errors.Load(), g.errSeen)
	b.ReportMetric(float64(percentile(g.loaded, 1).Microseconds())/1000, "all-loaded-ms")
	b.ReportMetric(float64(g.errors.Load()), "errors")
	if g.errors.Load() > 0 || len(g.loaded) < phones {
		b.Errorf("%d errors, %d of %d pages loaded the new round", g.errors.Load(), len(g.loaded), phones)
	}
}

// reportSummary says how the room took the round's reports (g.mu held).
func (g *regional) reportSummary(b *testing.B, phones int, over time.Duration, tables []int, reportLat []time.Duration, rss, got, sent float64) {
	var delivery []time.Duration
	missed := 0
	for _, n := range tables {
		if g.heard[n] < phones {
			missed++
		}
		if at, ok := g.arrived[n]; ok {
			delivery = append(delivery, at.Sub(g.reported[n]))
		}
	}
	slices.Sort(delivery)
	results := float64(len(tables))
	b.Logf("%d phones, %d reports over %v: page p50 %v p99 %v (%d requests); report p99 %v max %v; "+
		"delivery to the last stream p50 %v p99 %v; %d tables not heard by every stream; server peak RSS %.0f MB; "+
		"%.0f B per phone per result received (%.0f sent); %d errors %v",
		phones, len(tables), over, percentile(g.pageLat, 0.5), percentile(g.pageLat, 0.99), len(g.pageLat),
		percentile(reportLat, 0.99), percentile(reportLat, 1), percentile(delivery, 0.5), percentile(delivery, 0.99), missed, rss,
		got/float64(phones)/results, sent/float64(phones)/results, g.errors.Load(), g.errSeen)
	b.ReportMetric(float64(percentile(reportLat, 0.99).Microseconds())/1000, "report-p99-ms")
	b.ReportMetric(float64(percentile(delivery, 0.99).Microseconds())/1000, "delivery-p99-ms")
	b.ReportMetric(got/float64(phones)/results, "B/phone/result")
	b.ReportMetric(float64(g.errors.Load()), "errors")
	if g.errors.Load() > 0 || missed > 0 {
		b.Errorf("%d errors, %d tables some stream never heard", g.errors.Load(), missed)
	}
}
