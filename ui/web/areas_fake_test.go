package web

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
)

// Every report the form's rules refuse is answered with its sentence
// before the table's code is read: the store is never reached.
func TestReportRefusalsNeverReachTheStore(t *testing.T) {
	reports := &fakeReports{err: errTouched}
	f := newFakeFixture(t, Config{}, func(s *services) { s.reporting = reports })
	f.refusals(1, []reportRefusal{
		{"no code", body(1, 3, "", "2-0"), nil, 400, "type the table's code"},
		{"round 0", body(0, 3, "ABC123", "2-0"), nil, 400, "round must be"},
		{"table 0", body(1, 0, "ABC123", "2-0"), nil, 400, "table must be"},
		{"a table past the bound", body(1, maxTable+1, "ABC123", "2-0"), nil, 400, "table must be"},
		{"no result", body(1, 3, "ABC123", ""), nil, 400, "type the result"},
		{"a code too long", body(1, 3, strings.Repeat("A", maxCodeLen+1), "2-0"), nil, 400, "at most 16"},
		{"a result too long", body(1, 3, "ABC123", strings.Repeat("2", maxResultLen+1)), nil, 400, "at most 200"},
		{"both forms", `{"round":1,"table":3,"code":"ABC123","result":"2-0","multi":{"values":["1"]}}`, nil, 400, "not both"},
		{"too many seats", `{"round":1,"table":3,"code":"ABC123","multi":{"values":["1","2","3","4","5","6","7","8","9"]}}`, nil, 400, "1 to 8 seats"},
		{"empty", ``, nil, 400, "it is empty"},
		{"not JSON", `round=1&table=1`, nil, 400, "not JSON"},
		{"an unknown field", `{"round":1,"table":1,"code":"x","result":"2-0","admin":true}`, nil, 400, `"admin"`},
		{"two objects", body(1, 3, "ABC123", "2-0") + body(1, 3, "ABC123", "2-0"), nil, 400, "more than one"},
		{"too long", `{"round":1,"table":1,"code":"x","result":"` + strings.Repeat("2", 3000) + `"}`, nil, 400, "too long"},
		{"not UTF-8", "{\"round\":1,\"table\":1,\"code\":\"\xff\",\"result\":\"2-0\"}", nil, 400, "not UTF-8"},
		{"another site's page", body(1, 3, "ABC123", "2-0"), []string{"Origin", "http://evil.example"}, 403, "another site"},
		{"a form post", body(1, 3, "ABC123", "2-0"), []string{"Content-Type", "text/plain"}, 400, "as JSON"},
	})
	if n := reports.count(); n != 0 {
		t.Errorf("refused reports reached the store %d times", n)
	}
	if resp, out := f.do("GET", "/api/events/1/reports", nil); resp.StatusCode != http.StatusMethodNotAllowed {
		t.Errorf("GET of the reports: %d %s", resp.StatusCode, out)
	}
	reports.err = nil
	if status, out := f.report(1, body(1, 3, "ABC123", "2-0")); status != 200 || reports.count() != 1 || reports.got.Table != 3 || reports.got.Code != "ABC123" {
		t.Errorf("a report the form takes: %d %s, %d calls of %+v", status, out, reports.count(), reports.got)
	}
}

// Past its budget of wrong table codes, a phone is refused before its
// code is read: the store is not asked again until the budget refills.
func TestWrongTableCodesPastTheBudgetNeverReachTheStore(t *testing.T) {
	reports := &fakeReports{err: director.ErrWrongCode}
	f := newFakeFixture(t, Config{}, func(s *services) { s.reporting = reports })
	burst := int(rateWrongTablePerDevice.burst)
	for i := range burst {
		if status, out := f.report(1, body(1, 3, "WRONG", "2-0")); status != http.StatusForbidden {
			t.Fatalf("wrong code %d: %d %s", i+1, status, out)
		}
	}
	status, out := f.report(1, body(1, 3, "RIGHT", "2-0"))
	if status != http.StatusTooManyRequests || !strings.Contains(errorOf(t, out), "too many wrong codes") {
		t.Errorf("past the budget: %d %s", status, out)
	}
	if n := reports.count(); n != burst {
		t.Errorf("the store was asked %d times, want %d", n, burst)
	}
	f.clock.Add(rateWrongTablePerDevice.per)
	reports.err = nil
	if status, out := f.report(1, body(1, 3, "RIGHT", "2-0")); status != 200 || reports.count() != burst+1 {
		t.Errorf("after the wait: %d %s, %d calls", status, out, reports.count())
	}
}

// kioskWrites are the kiosk's writes a locked device is refused.
var kioskWrites = []string{"checkin", "signup", "namesake", "deck", "deck/code"}

// A locked kiosk shows its unlock form and refuses every write with a
// sentence, and a kiosk unlocked for another event is locked here: none
// reaches the kiosk's services (there are none: a call would be a 500).
func TestALockedKioskReachesNoKioskService(t *testing.T) {
	other, unknown := strings.Repeat("0a", tokenBytes), strings.Repeat("0b", tokenBytes)
	staff := &fakeStaff{sessions: map[string]director.StaffSession{
		other: {Kind: director.KindKiosk, Event: 2, Device: "d"},
	}}
	ends := &notReached{}
	f := newFakeFixture(t, Config{}, func(s *services) {
		s.staff = staff
		s.kiosk = kioskServices{lookup: fakeEvents{event.Event{ID: 1, Name: "Friday Night", State: event.StateRegistration}}, phones: ends}
	})
	resp, out := f.do("GET", "/events/1/kiosk", nil)
	if resp.StatusCode != 200 {
		t.Fatalf("the kiosk page: %d %.300s", resp.StatusCode, out)
	}
	saysIn(t, "the locked kiosk", out, "/events/1/kiosk/unlock", `name="pin"`)
	form := url.Values{"query": {"Ada"}, "player": {"1"}, "name": {"Ada"}, "list": {"4 Island"}, "code": {"ABCD"}}.Encode()
	for _, cookie := range []string{"", kioskCookie + "=" + other, kioskCookie + "=" + unknown} {
		for _, w := range kioskWrites {
			path := "/events/1/kiosk/" + w
			resp, out := f.do("POST", path, strings.NewReader(form), "Content-Type", "application/x-www-form-urlencoded", "Cookie", cookie)
			if resp.StatusCode != http.StatusForbidden {
				t.Errorf("POST %s with %q: %d %.300s", path, cookie, resp.StatusCode, out)
				continue
			}
			saysIn(t, "POST "+path, out, "not an unlocked kiosk")
		}
	}
	if resp, out := f.do("GET", "/events/9/kiosk", nil); resp.StatusCode != http.StatusNotFound {
		t.Errorf("the kiosk of no event: %d %.300s", resp.StatusCode, out)
	}
	if staff.count() != 0 || ends.calls != 0 {
		t.Errorf("a locked kiosk signed in %d times and ended %d sessions", staff.count(), ends.calls)
	}
}

// A wrong kiosk code is answered on the unlock form; past the budget of
// wrong PINs the code is not even read.
func TestWrongKioskCodesPastTheBudgetNeverReachTheStore(t *testing.T) {
	staff := &fakeStaff{err: director.ErrWrongPIN}
	f := newFakeFixture(t, Config{}, func(s *services) {
		s.staff = staff
		s.kiosk = kioskServices{lookup: fakeEvents{event.Event{ID: 1, Name: "Friday Night"}}, phones: &notReached{}}
	})
	unlock := func() (int, string) {
		resp, out := f.do("POST", "/events/1/kiosk/unlock", strings.NewReader("pin=WRONG123"), "Content-Type", "application/x-www-form-urlencoded")
		return resp.StatusCode, out
	}
	burst := int(rateWrongPIN.burst)
	for i := range burst {
		status, out := unlock()
		if status != http.StatusForbidden {
			t.Fatalf("wrong code %d: %d %.300s", i+1, status, out)
		}
		saysIn(t, "a wrong code", out, "That is not the kiosk code")
	}
	status, out := unlock()
	if status != http.StatusTooManyRequests {
		t.Fatalf("past the budget: %d %.300s", status, out)
	}
	saysIn(t, "past the budget", out, "Too many wrong PINs from this device")
	if n := staff.count(); n != burst {
		t.Errorf("the store was asked %d times, want %d", n, burst)
	}
}

// A network serving a read-only database refuses every write with its
// sentence before any area runs, and every route refuses a method it
// does not take: neither needs a service (there are none here).
func TestEveryWriteOfAReadOnlyNetworkIsRefusedBeforeAnyService(t *testing.T) {
	f := newFakeFixture(t, Config{ReadOnly: true}, func(*services) {})
	writes := 0
	for _, area := range f.srv.areas() {
		for _, rt := range area {
			method, path, _ := strings.Cut(rt.pattern, " ")
			path = strings.NewReplacer("{id}", "1", "{table}", "1", "{entry}", "1", "{path...}", "app.js", "{token}", "x").Replace(path)
			if method == "GET" || method == "HEAD" {
				continue
			}
			writes++
			resp, out := f.do(method, path, strings.NewReader(`{}`), "Content-Type", "application/json")
			if resp.StatusCode != http.StatusForbidden || !strings.Contains(out, "read-only") {
				t.Errorf("%s %s: %d %.300s", method, path, resp.StatusCode, out)
			}
		}
	}
	if writes < 20 {
		t.Errorf("only %d writes among the routes", writes)
	}
	f.srv.cfg.ReadOnly = false
	for _, path := range []string{"/api/events/1/reports", "/judge/signin", "/scorekeeper/signin", "/events/1/kiosk/checkin"} {
		resp, out := f.do("DELETE", path, nil)
		if resp.StatusCode != http.StatusMethodNotAllowed {
			t.Errorf("DELETE %s: %d %.300s", path, resp.StatusCode, out)
		}
	}
}
