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

	"tablekeeper/core/event"
	"tablekeeper/internal/testdb"
	"tablekeeper/ui/web/internal/webtest"
)

// A bucket gives its burst at once, then one a period; allow takes from
// every key or from none.
func TestLimiterGivesTheBurstThenOneAPeriod(t *testing.T) {
	c := testdb.NewClock(webtest.Start)
	l := newLimiter(c.Now)
	r := rate{burst: 3, per: time.Minute}
	for i := 0; i < 3; i++ {
		if ok, _ := l.allow(r, "dev:a"); !ok {
			t.Fatalf("try %d refused within the burst", i+1)
		}
	}
	ok, wait := l.allow(r, "dev:a")
	if ok || wait != time.Minute {
		t.Fatalf("fourth try: %v, wait %v", ok, wait)
	}
	if ok, _ := l.allow(r, "dev:b"); !ok {
		t.Error("another device was refused")
	}
	// A key with no token holds back the others.
	if ok, _ := l.allow(r, "dev:b", "dev:a"); ok {
		t.Error("allowed with one empty bucket")
	}
	if ok, _ := l.allow(r, "dev:b"); !ok {
		t.Error("the refused call took dev:b's token")
	}
	c.Add(30 * time.Second)
	if ok, wait := l.allow(r, "dev:a"); ok || wait != 30*time.Second {
		t.Errorf("half a period later: %v, wait %v", ok, wait)
	}
	c.Add(30 * time.Second)
	if ok, _ := l.allow(r, "dev:a"); !ok {
		t.Error("a period later still refused")
	}
}

// check takes nothing; spend takes even from an empty bucket's future.
func TestLimiterCheckAndSpend(t *testing.T) {
	c := testdb.NewClock(webtest.Start)
	l := newLimiter(c.Now)
	r := rate{burst: 2, per: time.Minute}
	if ok, _ := l.check(r, "table:1"); !ok {
		t.Fatal("an unknown key has no token")
	}
	l.spend(r, "table:1")
	l.spend(r, "table:1")
	l.spend(r, "table:1")
	if ok, wait := l.check(r, "table:1"); ok || wait != time.Minute {
		t.Errorf("after three failures: %v, wait %v", ok, wait)
	}
	c.Add(time.Minute)
	if ok, _ := l.check(r, "table:1"); !ok {
		t.Error("a minute later still refused")
	}
}

// Each limit has buckets of its own: a device's writes never spend its
// wrong-code budget, even under the same key, nor do two limits with the
// same numbers share one.
func TestEachLimitHasItsOwnBuckets(t *testing.T) {
	c := testdb.NewClock(webtest.Start)
	l := newLimiter(c.Now)
	for i := 0; i < int(rateDeviceWrites.burst); i++ {
		if ok, _ := l.allow(rateDeviceWrites, "dev:a"); !ok {
			t.Fatalf("write %d refused", i+1)
		}
	}
	if ok, _ := l.allow(rateDeviceWrites, "dev:a"); ok {
		t.Fatal("the writes' budget has no end")
	}
	if ok, _ := l.check(rateWrongTablePerDevice, "dev:a"); !ok {
		t.Error("the writes spent the wrong-code budget")
	}
	a, b := rate{name: "a", burst: 1, per: time.Hour}, rate{name: "b", burst: 1, per: time.Hour}
	l.spend(a, "k")
	if ok, _ := l.allow(b, "k"); !ok {
		t.Error("two limits with the same numbers share a bucket")
	}
}

// take takes from every limit or from none, and says which refused;
// give returns the tokens and forgets a bucket that is full again.
func TestTakeAndGiveBack(t *testing.T) {
	c := testdb.NewClock(webtest.Start)
	l := newLimiter(c.Now)
	table, dev := rate{name: "t", burst: 2, per: time.Minute, keep: true}, rate{name: "d", burst: 5, per: time.Minute}
	needs := []need{{table, "table:1"}, {dev, "dev:a"}}
	for i := 0; i < 2; i++ {
		if refused, _ := l.take(needs...); refused >= 0 {
			t.Fatalf("take %d refused by %d", i+1, refused)
		}
	}
	refused, wait := l.take(needs...)
	if refused != 0 || wait != time.Minute {
		t.Fatalf("third take: refused %d, wait %v", refused, wait)
	}
	if ok, _ := l.check(dev, "dev:a"); !ok || l.buckets(dev) != 1 {
		t.Fatal("the refused take spent the device's token")
	}
	c.Add(10 * time.Second)
	l.give(needs...)
	l.give(needs...)
	if l.buckets(table) != 0 {
		t.Errorf("%d table buckets left after giving every token back", l.buckets(table))
	}
	// The device's bucket is full again (10 s refilled a sixth): gone.
	if l.buckets(dev) != 0 {
		t.Errorf("%d device buckets left", l.buckets(dev))
	}
}

// A limit keyed by device or address never refuses a new key for lack of
// room: it evicts the bucket that will be full soonest, and keeps the
// ones that hold the most.
func TestAFullLimitEvictsTheBucketThatHoldsLeast(t *testing.T) {
	c := testdb.NewClock(webtest.Start)
	l := newLimiter(c.Now)
	l.max = 3
	r := rate{name: "wrong", burst: 5, per: time.Minute}
	for key, n := range map[string]int{"dev:a": 5, "dev:b": 1, "dev:c": 3} {
		for range n {
			l.spend(r, key)
		}
	}
	if ok, _ := l.allow(r, "dev:new"); !ok {
		t.Fatal("a new key was refused for lack of room")
	}
	held := l.limits[r].buckets
	if _, ok := held["dev:b"]; ok || len(held) != 3 {
		t.Errorf("dev:b (one token spent) should be the one evicted: %v", keysOf(held))
	}
	if _, ok := held["dev:a"]; !ok {
		t.Error("dev:a (every token spent) was evicted")
	}
	if ok, _ := l.check(r, "dev:a"); ok {
		t.Error("dev:a's budget came back")
	}
	// Two keys of one call: making room for the second never drops the
	// first.
	if ok, _ := l.allow(r, "dev:x", "dev:y"); !ok || l.buckets(r) > 4 {
		t.Errorf("two new keys at once: %v, %d buckets", ok, l.buckets(r))
	}
	for range 4 {
		l.allow(r, "dev:x", "dev:y")
	}
	if ok, _ := l.check(r, "dev:x"); ok {
		t.Error("dev:x lost its bucket")
	}
	// A flood of new keys, two a call, as a wrong PIN spends: the limit
	// stays within its bound.
	for i := range 1000 {
		l.spend(r, fmt.Sprint("ip:", i), fmt.Sprint("dev:", i))
	}
	if l.buckets(r) > l.max {
		t.Errorf("%d buckets after the flood, bound %d", l.buckets(r), l.max)
	}
}

// A kept limit (tables, server-wide) is never evicted: full of buckets
// in use, it refuses a new key until one refills.
func TestAKeptLimitIsNeverEvicted(t *testing.T) {
	c := testdb.NewClock(webtest.Start)
	l := newLimiter(c.Now)
	r := rate{name: "kept", burst: 1, per: time.Hour, keep: true}
	for i := 0; i < l.max; i++ {
		l.allow(r, fmt.Sprint("table:", i))
	}
	if ok, _ := l.allow(r, "table:new"); ok {
		t.Error("a new key was let in past the bound")
	}
	if ok, _ := l.check(r, "table:0"); ok {
		t.Error("table:0 was evicted")
	}
	c.Add(time.Hour)
	if ok, _ := l.allow(r, "table:new"); !ok {
		t.Error("refilled buckets were not swept")
	}
	if l.buckets(r) > 1 {
		t.Errorf("%d buckets kept after the sweep", l.buckets(r))
	}
}

func keysOf(m map[string]*bucket) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}

// phoneCookie is a device cookie for a test report: the i-th phone's own
// ID, signed as the server gives it.
func (f *fixture) phoneCookie(i int) string {
	return "Cookie|" + deviceCookie + "=" + f.deviceCookieOf(i)
}

// reportAs posts a report as a phone (a header pair "Cookie|…").
func (f *fixture) reportAs(id event.EventID, who, b string) (int, string) {
	f.t.Helper()
	name, value, _ := strings.Cut(who, "|")
	return f.report(id, b, name, value)
}

// One phone reporting every table of a 64-player round with the right
// codes, as a judge or a helpful player may, is never refused and never
// told it guessed codes; its wrong-code budget is whole afterwards.
func TestAPhoneReportingManyTablesWithTheRightCodesIsNeverRefused(t *testing.T) {
	f := newFixture(t)
	e, _, r := f.OpenRound(64)
	codes := f.Codes(e.ID, 1)
	me := f.phoneCookie(0)
	for i, tb := range r.Tables {
		if status, out := f.reportAs(e.ID, me, body(1, tb.Number, codes[tb.Number], "2-1")); status != 200 {
			t.Fatalf("report %d (table %d): %d %s", i+1, tb.Number, status, out)
		}
		f.clock.Add(time.Second)
	}
	f.clock.Add(7 * time.Second)
	tb := r.Tables[0].Number
	if status, out := f.reportAs(e.ID, me, body(1, tb, codes[tb], "2-1")); status != 200 || strings.Contains(out, "wrong") {
		t.Errorf("7 s later: %d %s", status, out)
	}
	for i := 0; i < int(rateWrongTablePerDevice.burst); i++ {
		tb := r.Tables[i+1].Number
		if status, out := f.reportAs(e.ID, me, body(1, tb, "WRONG", "2-1")); status != 403 {
			t.Fatalf("wrong code %d after %d right ones: %d %s (the right ones spent the wrong-code budget)", i+1, len(r.Tables), status, out)
		}
	}
	status, out := f.reportAs(e.ID, me, body(1, tb, codes[tb], "2-1"))
	if status != http.StatusTooManyRequests || !strings.Contains(errorOf(t, out), "This phone has tried too many wrong codes") {
		t.Errorf("past its own wrong codes: %d %s", status, out)
	}
}

// A 1,024-player room behind one address (a guest portal): both phones
// of each of the 512 tables report within a minute, every report passes.
func TestARoomBehindOneAddressReportsEveryTable(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a 1,024-player event")
	}
	f := newFixture(t)
	e, _, r := f.OpenRound(1024)
	codes := f.Codes(e.ID, 1)
	if len(r.Tables) != 512 {
		t.Fatalf("%d tables", len(r.Tables))
	}
	step := time.Minute / time.Duration(2*len(r.Tables))
	for seat := 0; seat < 2; seat++ {
		for i, tb := range r.Tables {
			if status, out := f.reportAs(e.ID, f.phoneCookie(2*i+seat), body(1, tb.Number, codes[tb.Number], "2-1")); status != 200 {
				t.Fatalf("seat %d of table %d: %d %s", seat+1, tb.Number, status, out)
			}
			f.clock.Add(step)
		}
	}
}

// The wrong-code limit is counted before the code is read: 60 phones
// of one address trying wrong codes at one table at the same moment,
// through the real handler and director, have exactly the address's
// burst read; every other try waits. The players of that table, at
// addresses of their own, still report with the right code: no budget is
// the table's.
func TestSimultaneousWrongCodesAreCountedExactly(t *testing.T) {
	f := newFixture(t)
	e, _, r := f.OpenRound(8)
	tb := r.Tables[0].Number
	statuses := make([]int, 60)
	var wg sync.WaitGroup
	start := make(chan struct{})
	for i := range statuses {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			statuses[i], _ = f.reportAs(e.ID, f.phoneCookie(i), body(1, tb, fmt.Sprintf("WRONG%d", i), "2-1"))
		}()
	}
	close(start)
	wg.Wait()
	count := map[int]int{}
	for _, s := range statuses {
		count[s]++
	}
	if count[403] != int(rateWrongTablePerAddr.burst) || count[429] != len(statuses)-int(rateWrongTablePerAddr.burst) {
		t.Errorf("statuses %v: want exactly %v wrong codes read (403), the rest 429", count, rateWrongTablePerAddr.burst)
	}
	code := f.Codes(e.ID, 1)[tb]
	rec := httptest.NewRecorder()
	req := httptest.NewRequest("POST", "/api/events/"+webtest.Itoa64(int64(e.ID))+"/reports", strings.NewReader(body(1, tb, code, "2-1")))
	req.Header.Set("Content-Type", "application/json")
	req.RemoteAddr, req.Host = "192.168.1.77:50000", "192.168.1.20:8080"
	f.srv.ServeHTTP(rec, req)
	if rec.Code != 200 {
		t.Errorf("the right code from the table's player after them: %d %s", rec.Code, rec.Body)
	}
	if a, _ := f.srv.floods.Alert(context.Background()); a.TableCode.Tries != len(statuses) || a.TableCode.Addresses != 1 || a.TableCode.Devices != len(statuses) {
		t.Errorf("alert %+v; want %d wrong table codes from %d devices and 1 address", a.TableCode, len(statuses), len(statuses))
	}
}

// A flood of wrong PINs and wrong codes from a quarter more addresses
// than a limit keeps buckets (25,000 for 20,000), each with a device
// cookie of its own, leaves the limiter within its bounds, and 20 honest
// first reports afterwards all pass. A quarter more already makes every
// device and address limit evict (and the server-wide guard count more
// devices than it keeps, 10,000); more addresses only repeat evictions.
func TestAFloodOfGuessesRefusesNoHonestReport(t *testing.T) {
	if testing.Short() {
		t.Skip("50,000 requests")
	}
	f := newFixture(t)
	e, _, r := f.OpenRound(64)
	codes := f.Codes(e.ID, 1)
	const addrs = maxBuckets + maxBuckets/4
	send := func(req *http.Request, addr int) int {
		req.RemoteAddr = fmt.Sprintf("10.%d.%d.%d:40000", addr>>16, addr>>8&255, addr&255)
		req.Host = "192.168.1.20:8080"
		req.AddCookie(&http.Cookie{Name: deviceCookie, Value: fmt.Sprintf("%032x", addr+1<<40)})
		rec := httptest.NewRecorder()
		f.srv.ServeHTTP(rec, req)
		return rec.Code
	}
	for a := range addrs {
		pin := httptest.NewRequest("POST", "/judge/signin", strings.NewReader("pin=000000"))
		pin.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		if s := send(pin, a); s != 403 && s != 429 {
			t.Fatalf("wrong PIN %d: %d", a, s)
		}
		// Half the wrong codes at real tables, half at tables that do
		// not exist.
		table := 100 + a%9000
		if a%2 == 0 {
			table = r.Tables[a/2%len(r.Tables)].Number
		}
		rep := httptest.NewRequest("POST", "/api/events/"+webtest.Itoa64(int64(e.ID))+"/reports", strings.NewReader(body(1, table, "WRONG", "2-1")))
		rep.Header.Set("Content-Type", "application/json")
		if s := send(rep, a); s != 403 && s != 429 && s != 400 {
			t.Fatalf("wrong code %d: %d", a, s)
		}
	}
	for _, lim := range []rate{rateDeviceWrites, rateAddrWrites, rateWrongTablePerDevice, rateWrongTablePerAddr, rateWrongPIN} {
		if n := f.srv.limits.buckets(lim); n > maxBuckets+2 {
			t.Errorf("%s: %d buckets, past the bound", lim.name, n)
		}
	}
	for i, tb := range r.Tables[:20] {
		req := httptest.NewRequest("POST", "/api/events/"+webtest.Itoa64(int64(e.ID))+"/reports", strings.NewReader(body(1, tb.Number, codes[tb.Number], "2-1")))
		req.Header.Set("Content-Type", "application/json")
		rec := httptest.NewRecorder()
		req.RemoteAddr = fmt.Sprintf("192.168.1.%d:50000", 100+i)
		req.Host = "192.168.1.20:8080"
		req.AddCookie(&http.Cookie{Name: deviceCookie, Value: f.deviceCookieOf(7000 + i)})
		f.srv.ServeHTTP(rec, req)
		if rec.Code != 200 {
			t.Errorf("honest report %d (table %d): %d %s", i+1, tb.Number, rec.Code, rec.Body)
		}
	}
}

// BenchmarkLimiterTakeWhenFull measures a report's two takes when every
// device and address limit is full, so that each new key evicts one: the
// cost a flood puts on every honest report.
func BenchmarkLimiterTakeWhenFull(b *testing.B) {
	c := testdb.NewClock(webtest.Start)
	l := newLimiter(c.Now)
	key := func(i int) (string, string) {
		return fmt.Sprintf("dev:%032x", i), fmt.Sprintf("ip:10.%d.%d.%d", i>>16&255, i>>8&255, i&255)
	}
	for i := range maxBuckets {
		dev, ip := key(i)
		l.take(need{rateDeviceWrites, dev}, need{rateAddrWrites, ip})
		l.spend(rateWrongTablePerDevice, dev)
		l.spend(rateWrongTablePerAddr, ip)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := range b.N {
		dev, ip := key(maxBuckets + i)
		l.take(need{rateDeviceWrites, dev}, need{rateAddrWrites, ip})
		wrong := []need{{rateWrongTablePerDevice, dev}, {rateWrongTablePerAddr, ip}}
		if refused, _ := l.take(wrong...); refused >= 0 {
			b.Fatalf("refused by %s", wrong[refused].r.name)
		}
		l.give(wrong...)
	}
}
