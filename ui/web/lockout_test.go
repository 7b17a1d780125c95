package web

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/ui/web/floods"
	"tablekeeper/ui/web/internal/webtest"
)

// simPhone is a device at an address of its own, keeping the cookies the
// server gives it, sending through the real handler.
type simPhone struct {
	f       *fixture
	addr    string
	cookies map[string]string
}

func (f *fixture) simPhone(addr string) *simPhone {
	return &simPhone{f: f, addr: addr, cookies: map[string]string{}}
}

// do sends a request and returns its status and body.
func (p *simPhone) do(method, path, contentType, body string) (int, string) {
	req := httptest.NewRequest(method, path, strings.NewReader(body))
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	req.RemoteAddr, req.Host = p.addr+":50000", "192.168.1.20:8080"
	for k, v := range p.cookies {
		req.AddCookie(&http.Cookie{Name: k, Value: v})
	}
	rec := httptest.NewRecorder()
	p.f.srv.ServeHTTP(rec, req)
	for _, c := range rec.Result().Cookies() {
		p.cookies[c.Name] = c.Value
	}
	out, _ := io.ReadAll(rec.Result().Body)
	return rec.Code, string(out)
}

func (p *simPhone) json(path, body string) (int, string) {
	return p.do("POST", path, "application/json", body)
}

func (p *simPhone) form(path string, v url.Values) (int, string) {
	return p.do("POST", path, "application/x-www-form-urlencoded", v.Encode())
}

// floodAddr is the i-th address of the guesser.
func floodAddr(i int) string { return fmt.Sprintf("10.9.%d.%d", i/250, i%250+1) }

// lockoutFloor is the floor of the flood test: an event whose players
// confirm their results, one whose players report with table codes, the
// staff secrets, and what the guesses and the honest met.
type lockoutFloor struct {
	f                *fixture
	confirm, reports event.Event
	cr, rr           event.Round
	playerCodes      map[event.EntryID]string
	tableCodes       map[int]string
	pin, score       string
	sent             [5]atomic.Int64
	read, unexpected atomic.Int64 // wrong player codes read (403); guesses answered otherwise than 403 or 429
	refusals         []string
}

// guess is one try of the guesser: kind 0 a player code, 1 a table code,
// 2 to 4 the judges' PIN, the kiosk code, the scorekeeper code; addr is
// its address's number, seq the try's.
type guess struct{ kind, addr, seq int }

// try sends g from its address with an invented device cookie.
func (fl *lockoutFloor) try(g guess) {
	p := fl.f.simPhone(floodAddr(g.addr))
	p.cookies[deviceCookie] = fmt.Sprintf("%032x", g.addr+1) // invented
	var status int
	switch g.kind {
	case 0:
		entry := fl.cr.Tables[g.seq%len(fl.cr.Tables)].Seats[g.seq/len(fl.cr.Tables)%2].EntryID
		status, _ = p.json(fmt.Sprintf("/api/events/%d/me/signin", fl.confirm.ID), fmt.Sprintf(`{"entry":%d,"code":"%06d"}`, entry, g.seq))
		if status == 403 {
			fl.read.Add(1)
		}
	case 1:
		tb := fl.rr.Tables[g.addr%len(fl.rr.Tables)].Number
		status, _ = p.json(fmt.Sprintf("/api/events/%d/reports", fl.reports.ID), body(1, tb, fmt.Sprintf("Q%05d", g.seq), "2-0"))
	case 2:
		status, _ = p.form("/judge/signin", url.Values{"pin": {fmt.Sprintf("%08d", g.seq)}})
	case 3:
		status, _ = p.form(webtest.KioskOf(fl.reports)+"/unlock", url.Values{"pin": {fmt.Sprintf("%08d", g.seq)}})
	default:
		status, _ = p.form("/scorekeeper/signin", url.Values{"pin": {fmt.Sprintf("%08d", g.seq)}, "name": {"Mallory"}})
	}
	if status != 403 && status != 429 {
		fl.unexpected.Add(1)
	}
	fl.sent[g.kind].Add(1)
}

// refuse notes an honest request refused.
func (fl *lockoutFloor) refuse(what string, status int, body string) {
	fl.refusals = append(fl.refusals, fmt.Sprintf("%s: %d %s", what, status, body))
}

// confirmSteps are the players of the confirming event: both sign in
// with their codes, one reports, the other confirms.
func (fl *lockoutFloor) confirmSteps() []func() {
	var out []func()
	for i, tb := range fl.cr.Tables {
		pa, pb := fl.f.simPhone(fmt.Sprintf("192.168.2.%d", 2*i+1)), fl.f.simPhone(fmt.Sprintf("192.168.2.%d", 2*i+2))
		signIn := func(p *simPhone, entry event.EntryID) func() {
			return func() {
				p.do("GET", fmt.Sprintf("/events/%d", fl.confirm.ID), "", "")
				if status, out := p.json(fmt.Sprintf("/api/events/%d/me/signin", fl.confirm.ID), fmt.Sprintf(`{"entry":%d,"code":%q}`, entry, fl.playerCodes[entry])); status != 200 {
					fl.refuse("a player's sign-in", status, out)
				}
			}
		}
		out = append(out, signIn(pa, tb.Seats[0].EntryID), signIn(pb, tb.Seats[1].EntryID),
			func() {
				if status, out := pa.json(fmt.Sprintf("/api/events/%d/me/report", fl.confirm.ID), `{"round":1,"result":"2-0"}`); status != 200 {
					fl.refuse("a player's report", status, out)
				}
			},
			func() {
				if status, out := pb.json(fmt.Sprintf("/api/events/%d/me/report", fl.confirm.ID), `{"round":1,"result":"2-0"}`); status != 200 || !strings.Contains(out, `"state":"recorded"`) {
					fl.refuse("her opponent's confirmation", status, out)
				}
			})
	}
	return out
}

// reportSteps are the players reporting with their tables' codes.
func (fl *lockoutFloor) reportSteps() []func() {
	var out []func()
	for i, tb := range fl.rr.Tables {
		p := fl.f.simPhone(fmt.Sprintf("192.168.3.%d", i+1))
		out = append(out, func() {
			p.do("GET", fmt.Sprintf("/events/%d", fl.reports.ID), "", "")
			if status, out := p.json(fmt.Sprintf("/api/events/%d/reports", fl.reports.ID), body(1, tb.Number, fl.tableCodes[tb.Number], "2-1")); status != 200 {
				fl.refuse("a report with the table's code", status, out)
			}
		})
	}
	return out
}

// staffSteps are new judges' phones, kiosk tablets and scorekeeper
// stations signing in.
func (fl *lockoutFloor) staffSteps() []func() {
	var out []func()
	for i := range 5 {
		judge, tablet, station := fl.f.simPhone(fmt.Sprintf("192.168.4.%d", i+1)), fl.f.simPhone(fmt.Sprintf("192.168.5.%d", i+1)), fl.f.simPhone(fmt.Sprintf("192.168.6.%d", i+1))
		out = append(out, func() {
			if status, out := judge.form("/judge/signin", url.Values{"pin": {fl.pin}}); status != http.StatusSeeOther {
				fl.refuse("a new judge's sign-in", status, pageText(out))
			}
		}, func() {
			if status, out := tablet.form(webtest.KioskOf(fl.reports)+"/unlock", url.Values{"pin": {webtest.KioskPIN}}); status != http.StatusSeeOther {
				fl.refuse("a new tablet's unlock", status, pageText(out))
			}
		}, func() {
			if status, out := station.form("/scorekeeper/signin", url.Values{"pin": {director.FormatSecret(fl.score)}, "name": {fmt.Sprint("Station ", i+1)}}); status != http.StatusSeeOther {
				fl.refuse("a new station's sign-in", status, pageText(out))
			}
		})
	}
	return out
}

// newLockoutFloor builds the flood test's floor.
func (f *fixture) newLockoutFloor() *lockoutFloor {
	ctx := context.Background()
	fl := &lockoutFloor{f: f}
	fl.confirm, fl.cr, fl.playerCodes = f.ConfirmingRoundOf(true, webtest.Names(40)...)
	fl.reports, _, fl.rr = f.OpenRound(40)
	fl.tableCodes = f.Codes(fl.reports.ID, 1)
	fl.pin, _ = f.d.Phones.JudgePIN(ctx)
	if _, err := f.d.Phones.SetKioskCode(ctx, webtest.KioskPIN); err != nil {
		f.t.Fatal(err)
	}
	fl.score, _ = f.d.Stations.ScorekeeperCode(ctx)
	return fl
}

// 1,000 addresses, each with invented device cookies, flood wrong player
// codes (at every player, the honest ones too), wrong table codes (at
// every table) and wrong judges' PINs, kiosk codes and scorekeeper codes,
// while 40 honest players sign in with their codes, report and confirm
// their results, 20 more report with their tables' codes, and new judges,
// kiosk tablets and scorekeeper stations sign in: not one honest request
// is refused. Each address had only its own budget of codes read, and
// the organizer's alert counts every try with its 1,000 addresses.
func TestAFloodFromAThousandAddressesLocksNoOneOut(t *testing.T) {
	f := newFixture(t)
	fl := f.newLockoutFloor()
	// Each address tries 4 player codes (one past its budget), a table
	// code and each of the three staff secrets.
	const addrs, each = 1000, 8
	work := make(chan guess)
	var wg sync.WaitGroup
	for range 16 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for g := range work {
				fl.try(g)
			}
		}()
	}
	// The honest, one step between every hundred guesses or so.
	honest := append(append(fl.confirmSteps(), fl.reportSteps()...), fl.staffSteps()...)
	total := addrs * each
	gap := total / (len(honest) + 1)
	for n := range total {
		work <- guess{kind: max(0, n%each-3), addr: n / each, seq: n}
		if n%gap == gap-1 && n/gap < len(honest) {
			honest[n/gap]()
		}
	}
	close(work)
	wg.Wait()

	if len(fl.refusals) > 0 {
		t.Errorf("%d honest requests refused during the flood:\n%s", len(fl.refusals), strings.Join(fl.refusals, "\n"))
	}
	if n := fl.unexpected.Load(); n > 0 {
		t.Errorf("%d guesses answered other than 403 or 429", n)
	}
	if want := int64(addrs) * int64(rateWrongPlayerPerAddr.burst); fl.read.Load() != want {
		t.Errorf("%d wrong player codes read; want each address's budget, %d", fl.read.Load(), want)
	}
	a, err := f.srv.floods.Alert(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	pins := int(fl.sent[2].Load() + fl.sent[3].Load() + fl.sent[4].Load())
	for _, c := range []struct {
		what  string
		got   floods.Flood
		tries int
	}{{"player codes", a.PlayerCode, int(fl.sent[0].Load())}, {"table codes", a.TableCode, int(fl.sent[1].Load())}, {"PINs", a.PIN, pins}} {
		if c.got.Tries != c.tries || c.got.Addresses != addrs || c.got.Devices != addrs {
			t.Errorf("alert of %s: %+v; want %d tries from %d devices and addresses (invented ids count for nothing)", c.what, c.got, c.tries, addrs)
		}
	}
}

// A device id the server did not give is no device: a stream, a budget
// or the count of devices keys on its address. The server signs the ids
// it gives, signs an old unsigned id on the device's next page (it keeps
// its id), and gives one address at most rateDeviceMints ids.
func TestDeviceIDsAreSignedByTheServer(t *testing.T) {
	f := newFixture(t)
	p := f.simPhone("192.168.7.1")
	p.do("GET", "/", "", "")
	id, sig, ok := strings.Cut(p.cookies[deviceCookie], ".")
	if !ok || !validDeviceID(id) || len(sig) != deviceSigLen {
		t.Fatalf("the cookie given: %q", p.cookies[deviceCookie])
	}
	seen := func(cookie string) string {
		req := httptest.NewRequest("GET", "/", nil)
		req.AddCookie(&http.Cookie{Name: deviceCookie, Value: cookie})
		return deviceOf(f.srv.withDevice(req))
	}
	if got := seen(p.cookies[deviceCookie]); got != id {
		t.Errorf("the server's own id read as %q", got)
	}
	for _, forged := range []string{id, id + "." + strings.Repeat("0", deviceSigLen), strings.Repeat("a", deviceIDLen) + "." + sig, "x." + sig} {
		if got := seen(forged); got != "" {
			t.Errorf("a forged cookie %q read as device %q", forged, got)
		}
	}
	// An old phone's unsigned id is signed, not replaced.
	old := f.simPhone("192.168.7.2")
	old.cookies[deviceCookie] = strings.Repeat("b", deviceIDLen)
	old.do("GET", "/", "", "")
	if got, _, _ := strings.Cut(old.cookies[deviceCookie], "."); got != strings.Repeat("b", deviceIDLen) || seen(old.cookies[deviceCookie]) != got {
		t.Errorf("an old phone's id became %q", old.cookies[deviceCookie])
	}
	// One address asking for ids without end gets its burst.
	given := map[string]bool{}
	for range 2 * int(rateDeviceMints.burst) {
		q := f.simPhone("192.168.7.3")
		q.do("GET", "/", "", "")
		if c := q.cookies[deviceCookie]; c != "" {
			given[c] = true
		}
	}
	if len(given) != int(rateDeviceMints.burst) {
		t.Errorf("one address was given %d device ids; want %v", len(given), rateDeviceMints.burst)
	}
}
