package web

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/ui/web/internal/webtest"
)

// The floor of a round entered by scorekeeper stations while players
// report from their phones (issue 22): stations stations, each an HTTP
// client signed in with the scorekeeper code, type the slips of the
// round's tables in turn as the page's script does (the table looked up,
// then the result sent with the mark of what was shown, never replacing),
// while phones report a quarter of the tables, half of them the slip's
// result and half another. The desk (the director's read of the round, as
// the Round tab makes it on each change) and a phone following the live
// stream (the pairings fetched on each change) note when each table's
// result first shows.

// scoreFloor is one run's outcome.
type scoreFloor struct {
	// desk and phone are, per table recorded, the time from the response
	// that recorded it to its first showing there.
	desk, phone []time.Duration
	refused     int
	reports     int
	elapsed     time.Duration
}

// scoreOp is one write of the floor: a station's slip or a phone report.
type scoreOp struct {
	table  int
	result string
}

// floorClient is an HTTP client with a cookie jar of its own (a device).
func floorClient() *http.Client {
	jar, _ := cookiejar.New(nil)
	return &http.Client{Jar: jar, Timeout: 30 * time.Second,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
}

// floorStation signs a station in and returns its client.
func floorStation(tb testing.TB, base, code, name string) *http.Client {
	c := floorClient()
	if resp, err := c.Get(base + "/scorekeeper"); err == nil {
		resp.Body.Close()
	}
	resp, err := c.PostForm(base+"/scorekeeper/signin", url.Values{"pin": {code}, "name": {name}})
	if err != nil {
		tb.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusSeeOther {
		tb.Fatalf("station sign-in: %d", resp.StatusCode)
	}
	return c
}

// floorWatch notes when each table's result first shows: seen(table)
// is called once per table, with the time.
type floorWatch struct {
	mu   sync.Mutex
	at   map[int]time.Time
	want int
	all  chan struct{}
}

func newFloorWatch(want int) *floorWatch {
	return &floorWatch{at: map[int]time.Time{}, want: want, all: make(chan struct{})}
}

func (w *floorWatch) saw(table int, at time.Time) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if _, ok := w.at[table]; ok {
		return
	}
	w.at[table] = at
	if len(w.at) == w.want {
		close(w.all)
	}
}

// watchDesk reads the round as the Round tab does on each change.
func watchDesk(ctx context.Context, d *director.Director, id event.EventID, round int, w *floorWatch) func() {
	wake := make(chan struct{}, 1)
	cancel := d.Subscribe(func(c director.Change) {
		if c.What.Has(director.ChangeResult) {
			poke(wake)
		}
	})
	go onWake(ctx, wake, func() bool {
		sh, err := d.Rounds.RoundSheet(ctx, id, round)
		now := time.Now()
		if err != nil {
			return true
		}
		for _, t := range sh.Tables {
			if t.Result != nil {
				w.saw(t.Number, now)
			}
		}
		return true
	})
	return cancel
}

// watchPhone follows the event's stream and fetches the pairings on each
// change, as a player's page does.
func watchPhone(ctx context.Context, tb testing.TB, base string, id event.EventID, w *floorWatch) {
	c := &http.Client{}
	wake := make(chan struct{}, 1)
	go readStream(ctx, tb, c, fmt.Sprintf("%s/api/events/%d/stream", base, id), "", func(chunk []byte, _ bool) {
		if strings.Contains(string(chunk), "event: change") {
			poke(wake)
		}
	})
	go onWake(ctx, wake, func() bool {
		r, err := http.NewRequestWithContext(ctx, "GET", fmt.Sprintf("%s/api/events/%d/pairings", base, id), nil)
		if err != nil {
			return false
		}
		resp, err := c.Do(r)
		if err != nil {
			return true
		}
		var p pairingsJSON
		err = json.NewDecoder(resp.Body).Decode(&p)
		resp.Body.Close()
		now := time.Now()
		if err != nil {
			return true
		}
		for _, t := range p.Tables {
			if t.Result != nil {
				w.saw(t.Number, now)
			}
		}
		return true
	})
}

// poke wakes onWake's loop without waiting: a wake already due is enough.
func poke(wake chan<- struct{}) {
	select {
	case wake <- struct{}{}:
	default:
	}
}

// onWake calls read on each wake until ctx ends or read says to stop.
func onWake(ctx context.Context, wake <-chan struct{}, read func() bool) {
	for {
		select {
		case <-ctx.Done():
			return
		case <-wake:
		}
		if !read() {
			return
		}
	}
}

// floorPost sends a write, waiting out a 429 as a page would; it returns
// the status, the body and when the answer came.
func floorPost(tb testing.TB, c *http.Client, req func() *http.Request) (int, []byte, time.Time) {
	for {
		resp, err := c.Do(req())
		if err != nil {
			tb.Errorf("write: %v", err)
			return 0, nil, time.Now()
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		at := time.Now()
		if resp.StatusCode != http.StatusTooManyRequests {
			return resp.StatusCode, body, at
		}
		wait, _ := strconv.Atoi(resp.Header.Get("Retry-After"))
		time.Sleep(time.Duration(max(wait, 1)) * time.Second)
	}
}

// phoneOpsOf are the phones' reports of sides, in a shuffled order.
func phoneOpsOf(sides webtest.ScoreSides) []scoreOp {
	var phoneOps []scoreOp
	for n, rs := range sides.Phones {
		for _, res := range rs {
			phoneOps = append(phoneOps, scoreOp{table: n, result: res})
		}
	}
	slices.SortFunc(phoneOps, func(a, b scoreOp) int { return a.table - b.table })
	rand.New(rand.NewPCG(8, 9)).Shuffle(len(phoneOps), func(i, j int) { phoneOps[i], phoneOps[j] = phoneOps[j], phoneOps[i] })
	return phoneOps
}

// signedIDs gives the i-th phone its device id, signed as the server
// gives them.
func signedIDs(tb testing.TB, d *director.Director) func(i int) string {
	key, err := d.Phones.DeviceKey(context.Background())
	if err != nil {
		tb.Fatal(err)
	}
	return func(i int) string { id := fmt.Sprintf("%032x", i); return id + "." + signDevice(key, id) }
}

// runScoreFloor runs the floor on round r of event e, served at base.
// Each station types at most perSecond slips a second.
func runScoreFloor(tb testing.TB, base string, d *director.Director, e event.Event, r event.Round, stations int, perSecond float64) scoreFloor {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var tables []event.Table
	for _, t := range r.Tables {
		if !t.Bye && t.Result == nil {
			tables = append(tables, t)
		}
	}
	sides := webtest.FloorSides(tables, 7)
	phoneID := signedIDs(tb, d)
	codes, err := d.Network.TableCodes(ctx, e.ID, r.Number)
	if err != nil {
		tb.Fatal(err)
	}
	code, err := d.Stations.ScorekeeperCode(ctx)
	if err != nil {
		tb.Fatal(err)
	}
	desk, phone := newFloorWatch(len(tables)), newFloorWatch(len(tables))
	defer watchDesk(ctx, d, e.ID, r.Number, desk)()
	watchPhone(ctx, tb, base, e.ID, phone)
	time.Sleep(100 * time.Millisecond) // the stream opens

	var mu sync.Mutex
	recordedAt := map[int]time.Time{}
	var out scoreFloor
	recorded := func(table int, at time.Time) {
		mu.Lock()
		defer mu.Unlock()
		if _, ok := recordedAt[table]; ok {
			tb.Errorf("table %d recorded twice", table)
		}
		recordedAt[table] = at
	}
	start := time.Now()
	var wg sync.WaitGroup
	for k := range stations {
		c := floorStation(tb, base, code, fmt.Sprintf("Keeper %d", k+1))
		wg.Go(func() {
			gap := time.Duration(float64(time.Second) / perSecond)
			for i := k; i < len(tables); i += stations {
				next := time.Now().Add(gap)
				n := tables[i].Number
				resp, err := c.Get(fmt.Sprintf("%s/api/scorekeeper/events/%d/tables/%d?round=%d", base, e.ID, n, r.Number))
				if err != nil {
					tb.Errorf("table %d: %v", n, err)
					return
				}
				var seen scoreTableJSON
				_ = json.NewDecoder(resp.Body).Decode(&seen)
				resp.Body.Close()
				form := url.Values{"round": {strconv.Itoa(r.Number)}, "table": {strconv.Itoa(n)}, "result": {sides.Slips[n]}, "seen": {seen.Mark}}
				status, body, at := floorPost(tb, c, func() *http.Request {
					req, _ := http.NewRequest("POST", fmt.Sprintf("%s/api/scorekeeper/events/%d/result", base, e.ID), strings.NewReader(form.Encode()))
					req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
					return req
				})
				var got scoreResultJSON
				_ = json.Unmarshal(body, &got)
				switch {
				case status == http.StatusOK && got.Outcome == "recorded":
					recorded(n, at)
				case status == http.StatusOK && got.Outcome == "already":
				case status == http.StatusConflict:
					mu.Lock()
					out.refused++
					mu.Unlock()
				default:
					tb.Errorf("slip of table %d: %d %s", n, status, body)
				}
				time.Sleep(time.Until(next))
			}
		})
	}
	phoneOps := phoneOpsOf(sides)
	out.reports = len(phoneOps)
	// The phones report over the time the stations take.
	span := time.Duration(float64(len(tables)) / float64(stations) / perSecond * float64(time.Second))
	for i, op := range phoneOps {
		wg.Go(func() {
			time.Sleep(span * time.Duration(i) / time.Duration(len(phoneOps)))
			body := fmt.Sprintf(`{"round":%d,"table":%d,"code":%q,"result":%q}`, r.Number, op.table, codes[op.table], op.result)
			c := &http.Client{Timeout: 30 * time.Second}
			status, reply, at := floorPost(tb, c, func() *http.Request {
				req, _ := http.NewRequest("POST", fmt.Sprintf("%s/api/events/%d/reports", base, e.ID), strings.NewReader(body))
				req.Header.Set("Content-Type", "application/json")
				req.Header.Set("Cookie", deviceCookie+"="+phoneID(1000+i))
				return req
			})
			var got reportReply
			_ = json.Unmarshal(reply, &got)
			switch {
			case status == http.StatusOK && got.Outcome == "recorded":
				recorded(op.table, at)
			case status == http.StatusOK || status == http.StatusConflict:
			default:
				tb.Errorf("phone report of table %d: %d %s", op.table, status, reply)
			}
		})
	}
	wg.Wait()
	out.elapsed = time.Since(start)
	for name, w := range map[string]*floorWatch{"the desk": desk, "a phone": phone} {
		select {
		case <-w.all:
		case <-time.After(10 * time.Second):
			tb.Fatalf("%s saw %d of %d results", name, len(w.at), len(tables))
		}
	}
	for n, at := range recordedAt {
		out.desk = append(out.desk, max(0, desk.at[n].Sub(at)))
		out.phone = append(out.phone, max(0, phone.at[n].Sub(at)))
	}
	slices.Sort(out.desk)
	slices.Sort(out.phone)
	webtest.CheckScoreFloor(tb, d, e, r, tables, sides, recordedAt)
	return out
}

// Three stations and the phones on a round of 32 tables: every table
// recorded once, nothing replaced, every disagreement listed, every
// result seen by the desk and a phone.
func TestScorekeepersAndPhonesOnOneRound(t *testing.T) {
	f := newFixture(t)
	e, _, r := f.OpenRound(64)
	out := runScoreFloor(t, f.http.URL, f.d, e, r, 3, 20)
	if out.reports == 0 || len(out.desk) != 32 {
		t.Errorf("%d reports, %d results", out.reports, len(out.desk))
	}
}

// BenchmarkScorekeepers runs the floor once per iteration (-benchtime
// 1x) on round 4 of the 1024-player regional: three stations typing the
// 512 slips as fast as 20 a second each, which the device's write limit
// (staffWrite: 60 at once, then one every 2 s) turns into a burst and a
// slip every 2 s, waited out as the page would, while phones report a
// quarter of the tables. It reports the time from each result's answer to
// its showing on the desk and on a phone following the stream (p50, p99,
// max); floor-s is the whole floor's time, mostly the limit's.
func BenchmarkScorekeepers(b *testing.B) {
	for range b.N {
		b.StopTimer()
		srv, d, e, r := benchEvent(b)
		// The event's clock stands still; the limits count real time, as
		// in a store.
		srv.limits = newLimiter(time.Now)
		hs := newBenchHTTP(b, srv)
		b.StartTimer()
		out := runScoreFloor(b, hs, d, e, r, 3, 20)
		b.StopTimer()
		ms := func(x time.Duration) float64 { return float64(x.Microseconds()) / 1000 }
		b.ReportMetric(ms(percentile(out.desk, 0.50)), "desk-p50-ms")
		b.ReportMetric(ms(percentile(out.desk, 0.99)), "desk-p99-ms")
		b.ReportMetric(ms(out.desk[len(out.desk)-1]), "desk-max-ms")
		b.ReportMetric(ms(percentile(out.phone, 0.50)), "phone-p50-ms")
		b.ReportMetric(ms(percentile(out.phone, 0.99)), "phone-p99-ms")
		b.ReportMetric(ms(out.phone[len(out.phone)-1]), "phone-max-ms")
		b.ReportMetric(float64(out.refused), "slips-refused")
		b.ReportMetric(float64(out.reports), "phone-reports")
		b.ReportMetric(out.elapsed.Seconds(), "floor-s")
		if out.phone[len(out.phone)-1] > time.Second || out.desk[len(out.desk)-1] > time.Second {
			b.Errorf("a result took over 1 s to show: desk %v, phone %v", out.desk[len(out.desk)-1], out.phone[len(out.phone)-1])
		}
	}
}

// newBenchHTTP serves srv on a local port for a benchmark's clients.
func newBenchHTTP(b *testing.B, srv *Server) string {
	hs := httptest.NewServer(srv)
	b.Cleanup(hs.Close)
	return hs.URL
}
