package web

import (
	"bufio"
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// The regional benchmark: a server in its own process, a thousand
// phones following their streams while the tables report, and the
// figures it prints.

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
		if line, ok := strings.CutPrefix(sc.Text(), "JOINED "); ok {
			b.Log(line)
		}
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
