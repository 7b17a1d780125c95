package web

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"tablekeeper/core/event"
	"tablekeeper/core/rules"
	"tablekeeper/ui/web/internal/webtest"
)

// report posts a report body and returns the status and body.
func (f *fixture) report(id event.EventID, body string, header ...string) (int, string) {
	f.t.Helper()
	h := append([]string{"Content-Type", "application/json"}, header...)
	resp, out := f.do("POST", "/api/events/"+webtest.Itoa64(int64(id))+"/reports", strings.NewReader(body), h...)
	return resp.StatusCode, out
}

func body(round, table int, code, result string) string {
	b, _ := json.Marshal(reportRequest{Round: round, Table: table, Code: code, Result: result})
	return string(b)
}

// reportRefusal is a report and the refusal it gets: its status and a
// part of its sentence.
type reportRefusal struct {
	name   string
	body   string
	header []string
	status int
	says   string
}

// refusals posts each report to event id, each with a budget of its own,
// and checks its refusal.
func (f *fixture) refusals(id event.EventID, cases []reportRefusal) {
	f.t.Helper()
	for _, c := range cases {
		f.srv.limits = newLimiter(f.clock.Now)
		status, out := f.report(id, c.body, c.header...)
		if status != c.status {
			f.t.Errorf("%s: %d %s, want %d", c.name, status, out, c.status)
			continue
		}
		if msg := errorOf(f.t, out); !strings.Contains(msg, c.says) {
			f.t.Errorf("%s: %q lacks %q", c.name, msg, c.says)
		}
	}
}

// A report with the table's code is recorded (200), again is "already
// recorded" (200), a different one is a conflict passed to the organizer
// (409).
func TestReportWithTheCodeIsRecorded(t *testing.T) {
	f := newFixture(t)
	e, _, r := f.OpenRound(8)
	codes := f.Codes(e.ID, 1)
	n := r.Tables[0].Number
	status, out := f.report(e.ID, body(1, n, strings.ToLower(codes[n]), "2-1"))
	var reply reportReply
	if err := json.Unmarshal([]byte(out), &reply); status != 200 || err != nil || reply.Outcome != "recorded" || !strings.Contains(reply.Message, "recorded") {
		t.Fatalf("report: %d %s", status, out)
	}
	var p pairingsJSON
	f.getJSON("/api/events/"+webtest.Itoa64(int64(e.ID))+"/pairings", 200, &p)
	if p.Tables[0].Result == nil || *p.Tables[0].Result != "2–1" {
		t.Errorf("the pairings do not show it: %+v", p.Tables[0])
	}
	status, out = f.report(e.ID, body(1, n, codes[n], "21"))
	if status != 200 || !strings.Contains(out, `"already recorded"`) {
		t.Errorf("the same again: %d %s", status, out)
	}
	before := f.Results(e.ID, 1)
	status, out = f.report(e.ID, body(1, n, codes[n], "0-2"))
	if status != http.StatusConflict || !strings.Contains(errorOf(t, out), "already has a different result") {
		t.Errorf("a different result: %d %s", status, out)
	}
	if f.Results(e.ID, 1) != before {
		t.Error("a conflicting report changed the table")
	}
	reports, err := f.d.Network.PhoneReports(context.Background(), e.ID)
	if err != nil || len(reports) != 1 {
		t.Errorf("the conflict is not on the organizer's list: %v %+v", err, reports)
	}
}

// An event whose phone reports need approval answers 202 and changes
// nothing yet.
func TestReportWaitingForApprovalIsAccepted(t *testing.T) {
	f := newFixture(t)
	e, _ := f.Event("altered", "standard-bo3", webtest.Names(4)...)
	f.ChangeSettings(&e, func(s *event.Settings) { s.PhoneReportsNeedApproval = true })
	r := f.Publish(e.ID)
	n := r.Tables[0].Number
	status, out := f.report(e.ID, body(1, n, f.Codes(e.ID, 1)[n], "2-0"))
	if status != http.StatusAccepted || !strings.Contains(out, `"pending"`) || !strings.Contains(out, "approves") {
		t.Errorf("report: %d %s", status, out)
	}
	if f.Results(e.ID, 1) != "" {
		t.Error("a report waiting for approval was applied")
	}
}

// Every write of the network refuses a request without a valid code (or,
// in other areas, unlock or PIN): each write route is tried with nothing,
// and the report with every wrong thing a phone may send. Nothing changes.
func TestEveryWriteWithoutAValidCodeIsRefused(t *testing.T) {
	f := newFixture(t)
	e, _, r := f.OpenRound(8)
	other, _, _ := f.OpenRound(4)
	codes, otherCodes := f.Codes(e.ID, 1), f.Codes(other.ID, 1)
	n, m := r.Tables[0].Number, r.Tables[1].Number
	id := webtest.Itoa64(int64(e.ID))
	f.srv.limits = newLimiter(f.clock.Now)
	for _, area := range f.srv.areas() {
		for _, rt := range area {
			method, path, _ := strings.Cut(rt.pattern, " ")
			if method == "GET" || method == "HEAD" {
				continue
			}
			path = strings.NewReplacer("{id}", id, "{table}", "1", "{entry}", "1").Replace(path)
			for _, b := range []string{"", "{}", `{"round":1,"table":1}`} {
				resp, out := f.do(method, path, strings.NewReader(b), "Content-Type", "application/json")
				if resp.StatusCode < 400 || resp.StatusCode >= 500 {
					t.Errorf("%s %s with %q: %d %s", method, path, b, resp.StatusCode, out)
				}
			}
		}
	}
	before := f.Results(e.ID, 1)
	f.refusals(e.ID, []reportRefusal{
		{"no code", body(1, n, "", "2-0"), nil, 400, "type the table's code"},
		{"a wrong code", body(1, n, "ZZZZZZ", "2-0"), nil, 403, "not the code of table"},
		{"another table's code", body(1, n, codes[m], "2-0"), nil, 403, "not the code of table"},
		{"another event's code", body(1, n, otherCodes[1], "2-0"), nil, 403, "not the code of table"},
		{"an old round", body(0, n, codes[n], "2-0"), nil, 400, "round must be"},
		{"a future round", body(2, n, codes[n], "2-0"), nil, 400, "has not started"},
		{"no such table", body(1, 99, codes[n], "2-0"), nil, 400, "has no table 99"},
		{"an impossible result", body(1, n, codes[n], "3-0"), nil, 400, "best of 3"},
		{"no result", body(1, n, codes[n], ""), nil, 400, "type the result"},
		{"a code too long", body(1, n, strings.Repeat("A", 17), "2-0"), nil, 400, "at most 16"},
		{"not JSON", `round=1&table=1`, nil, 400, "not JSON"},
		{"an unknown field", `{"round":1,"table":1,"code":"x","result":"2-0","admin":true}`, nil, 400, `"admin"`},
		{"a number as text", `{"round":"1","table":1,"code":"x","result":"2-0"}`, nil, 400, "round must be a whole number"},
		{"two objects", body(1, n, codes[n], "2-0") + body(1, n, codes[n], "2-0"), nil, 400, "more than one"},
		{"too long", `{"round":1,"table":1,"code":"x","result":"` + strings.Repeat("2", 3000) + `"}`, nil, 400, "too long"},
		{"another site's page", body(1, n, codes[n], "2-0"), []string{"Origin", "http://evil.example"}, 403, "another site"},
		{"a form post", body(1, n, codes[n], "2-0"), []string{"Content-Type", "text/plain"}, 400, "as JSON"},
	})
	if after := f.Results(e.ID, 1); after != before {
		t.Errorf("refused reports changed the round: %s → %s", before, after)
	}
	// After the event finishes, a report is refused with a sentence.
	for _, tb := range r.Tables {
		if err := f.d.Rounds.RecordResult(context.Background(), e.ID, 1, tb.Number, event.Result{Seats: []event.SeatResult{{GamesWon: 2}, {GamesWon: 0}}}); err != nil {
			t.Fatal(err)
		}
	}
	if err := f.d.Events.FinishEvent(context.Background(), e.ID); err != nil {
		t.Fatal(err)
	}
	if status, out := f.report(e.ID, body(1, n, codes[n], "0-2")); status != 400 || !strings.Contains(errorOf(t, out), "finished") {
		t.Errorf("after the event: %d %s", status, out)
	}
}

// Wrong codes are limited per device and per address, never per table:
// past its own budget a device waits, even with the right code, and
// another table's players are not held back.
func TestWrongCodesAreRateLimited(t *testing.T) {
	f := newFixture(t)
	e, _, r := f.OpenRound(8)
	codes := f.Codes(e.ID, 1)
	n := r.Tables[0].Number
	for i := 0; i < int(rateWrongTablePerDevice.burst); i++ {
		if status, out := f.report(e.ID, body(1, n, fmt.Sprintf("WRONG%d", i), "2-0")); status != 403 {
			t.Fatalf("wrong code %d: %d %s", i+1, status, out)
		}
	}
	status, out := f.report(e.ID, body(1, n, codes[n], "2-0"))
	if status != http.StatusTooManyRequests || !strings.Contains(errorOf(t, out), "This phone has tried too many wrong codes") {
		t.Fatalf("after the burst: %d %s", status, out)
	}
	f.clock.Add(rateWrongTablePerDevice.per)
	if status, out := f.report(e.ID, body(1, n, codes[n], "2-0")); status != 200 {
		t.Errorf("after the wait: %d %s", status, out)
	}
}

// The form of a table is the table's own, as core's rules give it.
func TestFormIsTheTablesOwn(t *testing.T) {
	f := newFixture(t)
	e, es, r := f.OpenRound(8)
	ada := webtest.SeatTable(r, es[0].ID)
	var form formJSON
	f.getJSON(fmt.Sprintf("/api/events/%d/tables/%d/form", e.ID, ada.Number), 200, &form)
	if form.Kind != "match" || form.Hint != rules.ResultSyntax(3, true).String() || form.Placeholder != "2-1" || len(form.Sides) != 2 || form.Round != 1 {
		t.Errorf("match form %+v", form)
	}
	resp, out := f.do("GET", fmt.Sprintf("/api/events/%d/tables/77/form", e.ID), nil)
	if resp.StatusCode != 404 || !strings.Contains(errorOf(t, out), "no table 77") {
		t.Errorf("no such table: %d %s", resp.StatusCode, out)
	}

	h, _ := f.Event("heresy", "reascension", webtest.Names(7)...)
	hr := f.Publish(h.ID)
	f.getJSON(fmt.Sprintf("/api/events/%d/tables/%d/form", h.ID, hr.Tables[0].Number), 200, &form)
	mf := rules.MultiFormFor(h.Settings)
	if form.Kind != "multi" || form.ValueName != mf.ValueName() || form.Rule != mf.RuleLine(len(hr.Tables[0].Seats)).String() || form.WinnerHint != mf.WinnerSyntax().String() {
		t.Errorf("multiplayer form %+v", form)
	}
	// The page's multiplayer fields report through core's one-line syntax.
	seats := len(hr.Tables[0].Seats)
	values := make([]string, seats)
	for i := range values {
		values[i] = fmt.Sprint(3 + i)
	}
	b, _ := json.Marshal(reportRequest{Round: 1, Table: hr.Tables[0].Number, Code: f.Codes(h.ID, 1)[hr.Tables[0].Number], Multi: &multiReply{Winners: "2", Values: values}})
	if status, out := f.report(h.ID, string(b)); status != 200 {
		t.Errorf("multiplayer report: %d %s", status, out)
	}
	if got := f.Results(h.ID, 1); !strings.Contains(got, fmt.Sprintf("%d:", hr.Tables[0].Number)) {
		t.Errorf("multiplayer result not saved: %q", got)
	}
}

// FuzzReportRequest throws any body at the report's decoding and at the
// endpoint: never a panic, never a 500, always one of the statuses the
// API documents with a JSON sentence; a body the decoder refuses changes
// nothing.
func FuzzReportRequest(f *testing.F) {
	for _, seed := range []string{
		`{"round":1,"table":1,"code":"ABC23D","result":"2-1"}`,
		`{"round":1,"table":2,"code":"abc-23d","result":"1-1-1 t"}`,
		`{"round":1,"table":1,"code":"X","multi":{"winners":"2","values":["3","4","5"],"time_out":true}}`,
		`{"round":1e9,"table":-1}`, `[]`, `null`, `{"round":1}{"round":2}`, "\xff\xfe", `{"result":"` + strings.Repeat("9", 300) + `"}`,
		`{"round":1,"table":1,"code":"ABC23D","result":"2-1","multi":null}`,
	} {
		f.Add(seed)
	}
	fx := newFixture(f)
	e, _, r := fx.OpenRound(4)
	codes := fx.Codes(e.ID, 1)
	f.Add(body(1, r.Tables[0].Number, codes[r.Tables[0].Number], "2-0"))
	fx.srv.limits = newLimiter(fx.clock.Now) // each run its own budget below
	f.Fuzz(func(t *testing.T, in string) {
		req, err := decodeReport(strings.NewReader(in))
		if err != nil {
			if !strings.Contains(err.Error(), " ") || event.Message(err) == "" {
				t.Fatalf("decode error without a sentence: %v", err)
			}
		} else if req.check() != nil {
			t.Fatalf("decodeReport passed a report check refuses: %+v", req)
		}
		before := fx.Results(e.ID, 1)
		fx.srv.limits = newLimiter(fx.clock.Now)
		rec := httptest.NewRecorder()
		hreq := httptest.NewRequest("POST", "/api/events/"+webtest.Itoa64(int64(e.ID))+"/reports", strings.NewReader(in))
		hreq.Host = "127.0.0.1:8080" // a host the server serves (see servedHost)
		hreq.Header.Set("Content-Type", "application/json")
		fx.srv.ServeHTTP(rec, hreq)
		switch rec.Code {
		case 200, 202:
			if err != nil {
				t.Fatalf("%q was refused by the decoder but taken by the endpoint", in)
			}
		case 400, 403, 409, 429:
			errorOf(t, rec.Body.String())
			if rec.Code != 409 && fx.Results(e.ID, 1) != before {
				t.Fatalf("a refused report (%d) changed the round", rec.Code)
			}
		default:
			t.Fatalf("status %d for %q: %s", rec.Code, in, rec.Body.String())
		}
	})
}

// A report for a round that is over gets a sentence and changes nothing,
// even with that round's right code.
func TestReportForAnOldRoundIsRefused(t *testing.T) {
	f := newFixture(t)
	e, _ := f.Event("altered", "standard-bo3", webtest.Names(8)...)
	r1 := f.Publish(e.ID)
	codes := f.Codes(e.ID, 1)
	f.PlayRound(e.ID, r1)
	f.Publish(e.ID)
	before := f.Results(e.ID, 1)
	n := r1.Tables[0].Number
	status, out := f.report(e.ID, body(1, n, codes[n], "0-2"))
	if status != 400 || !strings.Contains(errorOf(t, out), "round 1 is over") {
		t.Errorf("an old round: %d %s", status, out)
	}
	if f.Results(e.ID, 1) != before {
		t.Error("a report for an old round changed it")
	}
}
