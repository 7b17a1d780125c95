package web

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"tablekeeper/core/event"
	"tablekeeper/ui/web/internal/webtest"
)

// myTable reads the phone's table.
func (p *playerPhone) myTable(id event.EventID) myTableJSON {
	p.f.t.Helper()
	status, body := p.get(fmt.Sprintf("/api/events/%d/me/table", id))
	var out myTableJSON
	if status != 200 || json.Unmarshal([]byte(body), &out) != nil {
		p.f.t.Fatalf("my table: %d %s", status, body)
	}
	return out
}

// report sends the phone's report of its table.
func (p *playerPhone) report(id event.EventID, body string) (int, string) {
	return p.post(fmt.Sprintf("/api/events/%d/me/report", id), body)
}

// Two phones of a table: Ada reports and waits for Bob, who sees her
// report and confirms it; both then see it recorded. Sending it again
// says recorded; a different result after it is refused with the result
// on record named.
func TestBothPlayersConfirmFromTheirPhones(t *testing.T) {
	f := newFixture(t)
	e, r, _ := f.ConfirmingRound(true)
	tb := r.Tables[0]
	ada, bob := tb.Seats[0].EntryID, tb.Seats[1].EntryID
	pa, pb := f.signedPhone(e.ID, ada), f.signedPhone(e.ID, bob)
	a := pa.myTable(e.ID)
	bobName, adaName := webtest.NameAt(t, f.Floor, e.ID, bob), webtest.NameAt(t, f.Floor, e.ID, ada)
	if !a.Confirm || !a.SignedIn || a.Table != tb.Number || a.State != "open" || a.Round != 1 || a.Message != "Send your table's result: "+bobName+" then confirms it." {
		t.Fatalf("Ada's table before anyone reported: %+v", a)
	}
	status, body := pa.report(e.ID, `{"round":1,"result":"2-0"}`)
	var got myTableJSON
	_ = json.Unmarshal([]byte(body), &got)
	if status != 200 || got.State != "waiting" || got.Message != "Sent. Waiting for "+bobName+" to confirm." {
		t.Fatalf("Ada's report: %d %s", status, body)
	}
	b := pb.myTable(e.ID)
	if b.State != "confirm" || b.Message != adaName+" reported: "+adaName+" won 2–0" || len(b.Reports) != 1 || b.Reports[0].Line != "2-0" {
		t.Fatalf("Bob's page: %+v", b)
	}
	status, body = pb.report(e.ID, `{"round":1,"result":"`+b.Reports[0].Line+`"}`)
	if status != 200 || !strings.Contains(body, `"state":"recorded"`) || !strings.Contains(body, "Recorded: "+adaName+" won 2–0.") {
		t.Fatalf("Bob confirms: %d %s", status, body)
	}
	if a := pa.myTable(e.ID); a.State != "recorded" {
		t.Errorf("Ada's page after Bob confirmed: %+v", a)
	}
	if status, body := pa.report(e.ID, `{"round":1,"result":"2-0"}`); status != 200 || !strings.Contains(body, `"state":"recorded"`) {
		t.Errorf("the same again: %d %s", status, body)
	}
	status, body = pb.report(e.ID, `{"round":1,"result":"0-2"}`)
	if status != 409 || !strings.Contains(errorOf(t, body), "already has its result: "+adaName+" won 2–0") {
		t.Errorf("a different result after it was recorded: %d %s", status, body)
	}
	log, _ := f.d.Events.Log(context.Background(), e.ID)
	if last := log[len(log)-1].Message.String(); !strings.Contains(last, "confirmed by the players on their own phones") {
		t.Errorf("the log's last line: %s", last)
	}
}

// The refusals: a phone not signed in; an event that takes table codes
// (and, in one that confirms, a table code alone); a request naming
// another entry (her entry is her session's: the field does not exist);
// a round that is not the current one. A player may change her report
// before the table is settled; a disagreement is said on both phones.
func TestPlayersReportsRefusalsAndChanges(t *testing.T) {
	f := newFixture(t)
	e, r, _ := f.ConfirmingRound(true)
	tb := r.Tables[0]
	ada, bob := tb.Seats[0].EntryID, tb.Seats[1].EntryID
	stranger := f.playerPhone()
	if status, body := stranger.report(e.ID, `{"round":1,"result":"2-0"}`); status != 401 || !strings.Contains(errorOf(t, body), "player code") {
		t.Errorf("not signed in: %d %s", status, body)
	}
	if m := stranger.myTable(e.ID); !m.Confirm || m.SignedIn || !strings.Contains(m.Message, "player code") {
		t.Errorf("the table of a phone not signed in: %+v", m)
	}
	tcodes, _ := f.d.Network.TableCodes(context.Background(), e.ID, 1)
	status, body := f.playerPhone().post(fmt.Sprintf("/api/events/%d/reports", e.ID), fmt.Sprintf(`{"round":1,"table":%d,"code":%q,"result":"2-0"}`, tb.Number, tcodes[tb.Number]))
	if status != 400 || !strings.Contains(errorOf(t, body), "each player confirms the result from her own phone") {
		t.Errorf("a table code alone: %d %s", status, body)
	}
	pa := f.signedPhone(e.ID, ada)
	if status, body := pa.report(e.ID, fmt.Sprintf(`{"round":1,"entry":%d,"result":"0-2"}`, bob)); status != 400 || !strings.Contains(errorOf(t, body), "entry") {
		t.Errorf("naming the opponent's entry: %d %s", status, body)
	}
	if status, body := pa.report(e.ID, `{"round":2,"result":"2-0"}`); status != 400 || !strings.Contains(errorOf(t, body), "playing round 1") {
		t.Errorf("another round: %d %s", status, body)
	}
	if status, body := pa.report(e.ID, `{"round":1,"result":"2-0"}`); status != 200 {
		t.Fatal(status, body)
	}
	if status, body := pa.report(e.ID, `{"round":1,"result":"2-1"}`); status != 200 || !strings.Contains(body, `"state":"waiting"`) {
		t.Fatalf("she changes hers: %d %s", status, body)
	}
	pb := f.signedPhone(e.ID, bob)
	if b := pb.myTable(e.ID); len(b.Reports) != 1 || b.Reports[0].Line != "2-1" {
		t.Fatalf("Bob sees her report changed: %+v", b)
	}
	status, body = pb.report(e.ID, `{"round":1,"result":"1-2"}`)
	adaName, bobName := webtest.NameAt(t, f.Floor, e.ID, ada), webtest.NameAt(t, f.Floor, e.ID, bob)
	if status != 200 || !strings.Contains(body, "Sent to the organizer: you and "+adaName+" reported different results.") {
		t.Fatalf("Bob disagrees: %d %s", status, body)
	}
	if a := pa.myTable(e.ID); a.State != "organizer" || a.Message != "Sent to the organizer: you and "+bobName+" reported different results." {
		t.Errorf("Ada's page: %+v", a)
	}
	if reps, _ := f.d.Network.PhoneReports(context.Background(), e.ID); len(reps) != 2 {
		t.Errorf("the organizer's list: %+v", reps)
	}

	// An event that takes table codes refuses a player's own report.
	off, or, _ := f.ConfirmingRound(false)
	oa := or.Tables[0].Seats[0].EntryID
	po := f.signedPhone(off.ID, oa)
	if status, body := po.report(off.ID, `{"round":1,"result":"2-0"}`); status != 409 || !strings.Contains(errorOf(t, body), "table's code") {
		t.Errorf("a player's report where table codes are used: %d %s", status, body)
	}
	if m := po.myTable(off.ID); m.Confirm {
		t.Errorf("the page of an event that takes table codes: %+v", m)
	}
}

// Only the phones of a table's players hear of its reports ("mine" on
// their stream); a phone of another table hears nothing of it. Measured:
// the bytes each receives per report.
func TestOnlyTheTablesPhonesHearOfItsReports(t *testing.T) {
	f := newFixture(t)
	e, r, _ := f.ConfirmingRound(true)
	t1, t2 := r.Tables[0], r.Tables[1]
	ada, bob, cy := t1.Seats[0].EntryID, t1.Seats[1].EntryID, t2.Seats[0].EntryID
	pa, pb, pc := f.signedPhone(e.ID, ada), f.signedPhone(e.ID, bob), f.signedPhone(e.ID, cy)
	streams := map[string]*bufio.Reader{}
	for name, p := range map[string]*playerPhone{"Bob": pb, "Cy": pc} {
		req, _ := http.NewRequest("GET", f.http.URL+fmt.Sprintf("/api/events/%d/stream", e.ID), nil)
		resp, err := p.C.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { resp.Body.Close() })
		streams[name] = bufio.NewReader(resp.Body)
		readUntil(t, streams[name], "event: clock")
	}
	waitFor(t, func() bool { return f.srv.hub.count() == 2 })
	if status, body := pa.report(e.ID, `{"round":1,"result":"2-0"}`); status != 200 {
		t.Fatal(status, body)
	}
	got := readUntil(t, streams["Bob"], `"what":["confirm"]`)
	if !strings.Contains(got, "event: mine\ndata: {\"what\":[\"confirm\"]}") {
		t.Errorf("Bob's stream: %q", got)
	}
	t.Logf("bytes to each phone of the table per report: %d", len(mineMessage))
	// Cy's stream gets the next clock tick and nothing of table 1.
	f.srv.tick(context.Background())
	if got := readUntil(t, streams["Cy"], "event: clock"); strings.Contains(got, "mine") || strings.Contains(got, "change") {
		t.Errorf("Cy's stream heard of another table: %q", got)
	}
}

// readUntil reads a stream until a line holds want, and returns what it
// read; it fails after 5 s.
func readUntil(t *testing.T, r *bufio.Reader, want string) string {
	t.Helper()
	done := make(chan string, 1)
	go func() {
		var b strings.Builder
		for {
			line, err := r.ReadString('\n')
			b.WriteString(line)
			if err != nil || strings.Contains(line, want) {
				done <- b.String()
				return
			}
		}
	}()
	select {
	case s := <-done:
		if !strings.Contains(s, want) {
			t.Fatalf("the stream ended before %q: %q", want, s)
		}
		return s
	case <-time.After(5 * time.Second):
		t.Fatalf("no %q within 5 s", want)
	}
	return ""
}

// waitFor waits up to 5 s for cond.
func waitFor(t *testing.T, cond func() bool) {
	t.Helper()
	for end := time.Now().Add(5 * time.Second); time.Now().Before(end); time.Sleep(10 * time.Millisecond) {
		if cond() {
			return
		}
	}
	t.Fatal("timed out")
}
