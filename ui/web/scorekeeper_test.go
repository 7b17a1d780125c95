package web

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/ui/web/internal/webtest"
)

// station is a device signed in with the scorekeeper code as name.
func (f *fixture) station(name string) *staffClient {
	f.t.Helper()
	code, err := f.d.Stations.ScorekeeperCode(context.Background())
	if err != nil {
		f.t.Fatal(err)
	}
	b := f.staffClient()
	b.get("/scorekeeper").must(f.t, 200, "sign-in page").shows(f.t, "Scorekeeper code", "Your name")
	b.post("/scorekeeper/signin", url.Values{"pin": {director.FormatSecret(code)}, "name": {name}}).must(f.t, http.StatusSeeOther, "sign in")
	return b
}

// slipJSON posts a slip as the page's script does and decodes the answer.
func (b *staffClient) slipJSON(e event.Event, form url.Values) (int, scoreResultJSON) {
	b.t.Helper()
	a := b.post("/api"+webtest.ScoreOf(e)+"/result", form)
	var out scoreResultJSON
	if err := json.Unmarshal([]byte(a.body), &out); err != nil {
		b.t.Fatalf("answer %d %q: %v", a.status, a.body, err)
	}
	return a.status, out
}

// A station signs in with the code and a name, looks a table up, enters
// its result, is asked before replacing one and refused on a stale one;
// each entry is logged with the station and shown in its own list.
func TestAStationEntersSlipsWithTheDesksFlow(t *testing.T) {
	f := newFixture(t)
	e, _, r := f.OpenRound(8)
	tb := r.Tables[0]
	b := f.station("Bea")
	b.get("/scorekeeper").must(t, 200, "events").shows(t, "Friday Night", "Bea")
	b.get(webtest.ScoreOf(e)).must(t, 200, "entry page").shows(t, "Missing results (4)", "Drop a player", "Check in a late player")

	var tj scoreTableJSON
	a := b.get(fmt.Sprintf("/api%s/tables/%d", webtest.ScoreOf(e), tb.Number)).must(t, 200, "table")
	if err := json.Unmarshal([]byte(a.body), &tj); err != nil || len(tj.Players) != 2 || tj.Mark != "" || !strings.Contains(tj.Label, " v ") {
		t.Fatalf("table %s, %v", a.body, err)
	}
	status, out := b.slipJSON(e, url.Values{"round": {"1"}, "table": {webtest.Itoa64(int64(tb.Number))}, "result": {"2-1"}})
	if status != 200 || out.Outcome != "recorded" || !strings.Contains(out.Line, "2–1") {
		t.Fatalf("slip: %d %+v", status, out)
	}
	lines, _ := f.d.Events.Log(context.Background(), e.ID)
	device := b.deviceID()[:6]
	if got := lines[len(lines)-1].Message.String(); !strings.Contains(got, "entered by Bea at scorekeeper station "+device) {
		t.Errorf("the log says %q", got)
	}
	// Another result without seeing the saved one: refused, naming it,
	// with the table as it is now.
	status, out = b.slipJSON(e, url.Values{"round": {"1"}, "table": {webtest.Itoa64(int64(tb.Number))}, "result": {"0-2"}})
	if status != http.StatusConflict || !strings.Contains(out.Error, "already has") || out.Now == nil || out.Now.Mark == "" || !strings.Contains(out.Now.By, "Bea") {
		t.Fatalf("over a saved result: %d %+v", status, out)
	}
	mark := out.Now.Mark
	// A phone report of another result meanwhile goes to the organizer's
	// list; the station's replacement confirmed on the mark it saw wins.
	codes, _ := f.d.Network.TableCodes(context.Background(), e.ID, 1)
	if _, err := f.d.Network.ReportByCode(context.Background(), director.TableReport{Event: e.ID, Round: 1, Table: tb.Number, Code: codes[tb.Number], Result: "1-2", Device: "p"}); err == nil {
		t.Fatal("a disagreeing phone report was recorded")
	}
	status, out = b.slipJSON(e, url.Values{"round": {"1"}, "table": {webtest.Itoa64(int64(tb.Number))}, "result": {"0-2"}, "seen": {mark}, "replace": {"1"}})
	if status != 200 || out.Outcome != "replaced" {
		t.Fatalf("confirmed replacement: %d %+v", status, out)
	}
	// The same confirmation again is stale now.
	status, out = b.slipJSON(e, url.Values{"round": {"1"}, "table": {webtest.Itoa64(int64(tb.Number))}, "result": {"2-0"}, "seen": {mark}, "replace": {"1"}})
	if status != http.StatusConflict || !strings.Contains(out.Error, "changed while you were typing") {
		t.Fatalf("stale replacement: %d %+v", status, out)
	}
	reports, _ := f.d.Network.PhoneReports(context.Background(), e.ID)
	if len(reports) != 1 || !reports[0].Conflict {
		t.Errorf("the organizer's list: %+v", reports)
	}
	// Bad input: a sentence, 400.
	status, out = b.slipJSON(e, url.Values{"round": {"1"}, "table": {"abc"}, "result": {"2-0"}})
	if status != http.StatusBadRequest || !strings.Contains(out.Error, "table number") {
		t.Errorf("a table that is no number: %d %+v", status, out)
	}
	status, out = b.slipJSON(e, url.Values{"round": {"1"}, "table": {webtest.Itoa64(int64(r.Tables[1].Number))}, "result": {"banana"}})
	if status != http.StatusBadRequest || out.Error == "" {
		t.Errorf("an unreadable result: %d %+v", status, out)
	}
	b.get(webtest.ScoreOf(e)).must(t, 200, "entry page").shows(t, "Missing results (3)", "Your last entries", "0–2")
}

// Without scripts the form asks to replace a result on a page of its own,
// and the confirmation holds only for the result it showed.
func TestAStationWithoutScriptsConfirmsAReplacement(t *testing.T) {
	f := newFixture(t)
	e, _, r := f.OpenRound(8)
	tb := webtest.Itoa64(int64(r.Tables[1].Number))
	b := f.station("Chris")
	a := b.post(webtest.ScoreOf(e)+"/result", url.Values{"round": {"1"}, "table": {tb}, "result": {"2-0"}}).must(t, http.StatusSeeOther, "first slip")
	b.get(a.location).must(t, 200, "after").shows(t, "Saved: table "+tb)
	a = b.post(webtest.ScoreOf(e)+"/result", url.Values{"round": {"1"}, "table": {tb}, "result": {"1-2"}}).must(t, http.StatusConflict, "second slip")
	a.shows(t, "already has", "Replace (Enter)")
	m := regexp.MustCompile(`name="seen" value="([0-9a-f]+)"`).FindStringSubmatch(a.body)
	if m == nil {
		t.Fatalf("no mark in the confirmation:\n%s", a.body)
	}
	b.post(webtest.ScoreOf(e)+"/result", url.Values{"round": {"1"}, "table": {tb}, "result": {"1-2"}, "seen": {m[1]}, "replace": {"1"}}).must(t, http.StatusSeeOther, "confirmed")
	rounds, _ := f.d.Rounds.Rounds(context.Background(), e.ID)
	if res := rounds[0].Tables[1].Result; res == nil || res.Seats[1].GamesWon != 2 {
		t.Errorf("after the confirmation: %+v", res)
	}
}

// Every station write needs the code's session, from the station's own
// pages; pairing and the rest of the desk are not reachable.
func TestEveryStationWriteNeedsTheScorekeeperCode(t *testing.T) {
	f := newFixture(t)
	e, es, r := f.OpenRound(8)
	signedIn := f.station("Dana")
	writes := []struct {
		path string
		form url.Values
	}{
		{webtest.ScoreOf(e) + "/result", url.Values{"round": {"1"}, "table": {webtest.Itoa64(int64(r.Tables[0].Number))}, "result": {"2-0"}}},
		{"/api" + webtest.ScoreOf(e) + "/result", url.Values{"round": {"1"}, "table": {webtest.Itoa64(int64(r.Tables[0].Number))}, "result": {"2-0"}}},
		{webtest.ScoreOf(e) + "/drop", url.Values{"entry": {webtest.Itoa64(int64(es[0].ID))}}},
		{webtest.ScoreOf(e) + "/checkin", url.Values{"name": {"Late Larry"}}},
		{"/scorekeeper/signout", nil},
	}
	stranger := f.staffClient()
	forged := f.staffClient()
	forged.client.Jar = signedIn.client.Jar
	forged.header.Set("Sec-Fetch-Site", "cross-site")
	judge := f.staffClient()
	pin, _ := f.d.Phones.JudgePIN(context.Background())
	judge.post("/judge/signin", url.Values{"pin": {pin}}).must(t, http.StatusSeeOther, "judge")
	for _, w := range writes {
		for who, c := range map[string]*staffClient{"a stranger": stranger, "a judge": judge} {
			if a := c.post(w.path, w.form); a.status != http.StatusForbidden || !strings.Contains(pageText(a.body), "not signed in as a scorekeeper station") {
				t.Errorf("POST %s by %s: %d %s", w.path, who, a.status, pageText(a.body))
			}
		}
		if a := forged.post(w.path, w.form); a.status != http.StatusForbidden || !strings.Contains(pageText(a.body), "another web page") {
			t.Errorf("POST %s from another site: %d %s", w.path, a.status, pageText(a.body))
		}
	}
	stranger.get(fmt.Sprintf("/api%s/tables/%d", webtest.ScoreOf(e), r.Tables[0].Number)).must(t, http.StatusForbidden, "table without signing in")
	stranger.get("/api"+webtest.ScoreOf(e)+"/missing").must(t, http.StatusForbidden, "missing without signing in")
	if state := fmt.Sprint(f.d.Events.Log(context.Background(), e.ID)); strings.Contains(state, "scorekeeper station") {
		t.Errorf("a refused write was logged: %s", state)
	}
	// A station reaches no pairing, publishing or settings: no such route.
	for _, path := range []string{webtest.ScoreOf(e) + "/pair", webtest.ScoreOf(e) + "/publish", webtest.ScoreOf(e) + "/settings", webtest.ScoreOf(e) + "/finish"} {
		if a := signedIn.post(path, nil); a.status != http.StatusNotFound && a.status != http.StatusMethodNotAllowed {
			t.Errorf("POST %s: %d", path, a.status)
		}
	}
	// Wrong code, no name: sentences.
	c := f.staffClient()
	c.post("/scorekeeper/signin", url.Values{"pin": {"AAAA-AAAA"}, "name": {"Eve"}}).must(t, http.StatusForbidden, "wrong code").shows(t, "not the scorekeeper code")
	code, _ := f.d.Stations.ScorekeeperCode(context.Background())
	c.post("/scorekeeper/signin", url.Values{"pin": {code}}).must(t, http.StatusBadRequest, "no name").shows(t, "Type your name too")
	// A new code signs the station out, saying why.
	if _, err := f.d.Stations.RenewScorekeeperCode(context.Background()); err != nil {
		t.Fatal(err)
	}
	signedIn.get("/scorekeeper").must(t, 200, "after a new code").shows(t, "changed the scorekeeper code")
}

// A station drops a player and checks a late one in, logged with it.
func TestAStationDropsAndChecksInALatePlayer(t *testing.T) {
	f := newFixture(t)
	e, es, _ := f.OpenRound(8)
	b := f.station("Eli")
	a := b.post(webtest.ScoreOf(e)+"/drop", url.Values{"entry": {webtest.Itoa64(int64(es[2].ID))}}).must(t, http.StatusSeeOther, "drop")
	b.get(a.location).must(t, 200, "after the drop").shows(t, "Dropped: "+es[2].Name)
	b.post(webtest.ScoreOf(e)+"/drop", url.Values{"entry": {webtest.Itoa64(int64(es[2].ID))}}).must(t, http.StatusBadRequest, "twice").shows(t, "already left")
	b.post(webtest.ScoreOf(e)+"/drop", url.Values{"entry": {""}}).must(t, http.StatusBadRequest, "none").shows(t, "Choose the player to drop")
	a = b.post(webtest.ScoreOf(e)+"/checkin", url.Values{"name": {"Late Larry"}}).must(t, http.StatusSeeOther, "late")
	b.get(a.location).must(t, 200, "after the check-in").shows(t, "Checked in: Late Larry")
	entries, _ := f.d.Registration.Entries(context.Background(), e.ID)
	last := entries[len(entries)-1]
	if last.Name != "Late Larry" || last.JoinedRound != 2 || !last.CheckedIn || entries[2].Status != event.EntryDropped {
		t.Errorf("entries: %+v", entries)
	}
	lines, _ := f.d.Events.Log(context.Background(), e.ID)
	n := 0
	for _, l := range lines {
		if strings.Contains(l.Message.String(), "by Eli at scorekeeper station "+b.deviceID()[:6]) {
			n++
		}
	}
	if n != 2 {
		t.Errorf("%d log lines name the station, want 2", n)
	}
}
