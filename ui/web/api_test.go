package web

import (
	"compress/gzip"
	"context"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"tablekeeper/core/event"
	"tablekeeper/ui/web/internal/webtest"
)

func TestEventsListsEveryEvent(t *testing.T) {
	f := newFixture(t)
	var list eventsJSON
	f.getJSON("/api/events", http.StatusOK, &list)
	if len(list.Events) != 0 {
		t.Fatalf("an empty database lists %+v", list)
	}
	e, _ := f.Event("altered", "standard-bo3", "Ada Lovelace", "Bram Berg", "Chiara Rossi")
	f.getJSON("/api/events", http.StatusOK, &list)
	if len(list.Events) != 1 || list.Events[0].ID != int64(e.ID) || list.Events[0].Players != 3 || list.Events[0].State != "registration" || list.Events[0].Game == "" {
		t.Errorf("events %+v", list)
	}
}

// The pairings of the current round (or ?round=N): each table with its
// number, players and result; the pairings by name; a draft never shows.
func TestPairingsOfTheCurrentRoundAndOfAnother(t *testing.T) {
	f := newFixture(t)
	e, es := f.Event("altered", "standard-bo3", webtest.Names(9)...)
	id := "/api/events/" + webtest.Itoa64(int64(e.ID))
	var p pairingsJSON
	f.getJSON(id+"/pairings", http.StatusOK, &p)
	if p.Round != 0 || len(p.Tables) != 0 || p.Draft != 0 {
		t.Fatalf("before round 1: %+v", p)
	}
	r1 := f.Publish(e.ID)
	ada := webtest.SeatTable(r1, es[0].ID)
	if err := f.d.Rounds.RecordResult(context.Background(), e.ID, 1, ada.Number, event.Result{Seats: []event.SeatResult{{GamesWon: 2}, {GamesWon: 1}}}); err != nil {
		t.Fatal(err)
	}
	f.getJSON(id+"/pairings", http.StatusOK, &p)
	if p.Round != 1 || p.Label != "Round 1" || p.BestOf != 3 || len(p.Tables) != 5 || len(p.ByName) != 9 {
		t.Fatalf("round 1: %+v", p)
	}
	checkRoundOnePairings(t, p, ada)
	pairingsOfADraftThenPublished(t, f, e, r1, ada)
}

// checkRoundOnePairings checks round 1's tables as the API gives them:
// one bye, Ada's table with its result, the others without one.
func checkRoundOnePairings(t *testing.T, p pairingsJSON, ada event.Table) {
	t.Helper()
	var seen, byes int
	for _, tb := range p.Tables {
		if tb.Bye {
			byes++
			if tb.Result != nil || len(tb.Players) != 1 {
				t.Errorf("bye %+v", tb)
			}
			continue
		}
		if tb.Number == ada.Number {
			seen++
			if tb.Result == nil || *tb.Result != "2–1" || len(tb.Players) != 2 {
				t.Errorf("Ada's table %+v", tb)
			}
		} else if tb.Result != nil {
			t.Errorf("table %d has a result %q", tb.Number, *tb.Result)
		}
	}
	if seen != 1 || byes != 1 {
		t.Errorf("Ada's table seen %d times, %d byes", seen, byes)
	}
	if p.ByName[0].Name != "Ada Lovelace" || p.ByName[0].Table != ada.Number || !strings.HasPrefix(p.ByName[0].Opponents, "vs ") {
		t.Errorf("by name starts %+v", p.ByName[0])
	}
}

// pairingsOfADraftThenPublished plays round 1 out and pairs round 2 but
// does not publish it: round 1 stays current, the draft is named and
// cannot be asked for; published, round 2 is current and round 1 still
// asked for.
func pairingsOfADraftThenPublished(t *testing.T, f *fixture, e event.Event, r1 event.Round, ada event.Table) {
	t.Helper()
	id := "/api/events/" + webtest.Itoa64(int64(e.ID))
	var p pairingsJSON
	for _, tb := range r1.Tables {
		if !tb.Bye && tb.Number != ada.Number {
			if err := f.d.Rounds.RecordResult(context.Background(), e.ID, 1, tb.Number, event.Result{Seats: []event.SeatResult{{GamesWon: 0}, {GamesWon: 2}}}); err != nil {
				t.Fatal(err)
			}
		}
	}
	if _, err := f.d.Rounds.PairNextRound(context.Background(), e.ID); err != nil {
		t.Fatal(err)
	}
	f.getJSON(id+"/pairings", http.StatusOK, &p)
	if p.Round != 1 || p.Draft != 2 {
		t.Errorf("with round 2 a draft: round %d, draft %d", p.Round, p.Draft)
	}
	resp, body := f.do("GET", id+"/pairings?round=2", nil)
	if resp.StatusCode != http.StatusNotFound || !strings.Contains(errorOf(t, body), "not published yet") {
		t.Errorf("a draft's pairings: %d %s", resp.StatusCode, body)
	}
	if err := f.d.Drafts.PublishRound(context.Background(), e.ID, 2); err != nil {
		t.Fatal(err)
	}
	f.getJSON(id+"/pairings", http.StatusOK, &p)
	if p.Round != 2 || len(p.Published) != 2 {
		t.Errorf("after publishing: %+v", p.Published)
	}
	f.getJSON(id+"/pairings?round=1", http.StatusOK, &p)
	if p.Round != 1 {
		t.Errorf("?round=1 gave round %d", p.Round)
	}
}

// Bad addresses and parameters get a sentence and the right status.
func TestBadRequestsGetASentence(t *testing.T) {
	f := newFixture(t)
	e, _ := f.Event("altered", "standard-bo3", "Ada Lovelace", "Bram Berg")
	id := webtest.Itoa64(int64(e.ID))
	for _, c := range []struct {
		path   string
		status int
		says   string
	}{
		{"/api/events/abc/pairings", 400, "is not an event number"},
		{"/api/events/0/pairings", 400, "is not an event number"},
		{"/api/events/99999999999999999999/standings", 400, "is not an event number"},
		{"/api/events/424242/pairings", 404, ""},
		{"/api/events/" + id + "/pairings?round=x", 400, "round must be a round number"},
		{"/api/events/" + id + "/pairings?round=3", 404, "has no round 3"},
		{"/api/events/" + id + "/players/abc", 400, "is not a player number"},
		{"/api/events/" + id + "/players/99", 404, "find yourself by name again"},
		{"/api/events/" + id + "/find?q=" + strings.Repeat("a", 101), 400, "too long"},
		{"/api/nowhere", 404, "no page at this address"},
	} {
		resp, body := f.do("GET", c.path, nil)
		if resp.StatusCode != c.status {
			t.Errorf("%s: %d %s, want %d", c.path, resp.StatusCode, body, c.status)
			continue
		}
		if msg := errorOf(t, body); !strings.Contains(msg, c.says) {
			t.Errorf("%s: %q lacks %q", c.path, msg, c.says)
		}
	}
	resp, body := f.do("GET", "/events/abc", nil)
	if resp.StatusCode != 400 || !strings.Contains(body, "is not an event number") || !strings.Contains(resp.Header.Get("Content-Type"), "text/html") {
		t.Errorf("a page with a bad event: %d %s", resp.StatusCode, body)
	}
}

// The standings carry each tiebreaker the event uses, titled, by key.
func TestStandingsCarryTheTiebreakers(t *testing.T) {
	f := newFixture(t)
	e, _ := f.Event("altered", "standard-bo3", webtest.Names(4)...)
	r := f.Publish(e.ID)
	for _, tb := range r.Tables {
		if err := f.d.Rounds.RecordResult(context.Background(), e.ID, 1, tb.Number, event.Result{Seats: []event.SeatResult{{GamesWon: 2}, {GamesWon: 1}}}); err != nil {
			t.Fatal(err)
		}
	}
	var s standingsJSON
	f.getJSON("/api/events/"+webtest.Itoa64(int64(e.ID))+"/standings", http.StatusOK, &s)
	if len(s.Rows) != 4 || s.AfterRound != 1 || len(s.Tiebreakers) == 0 {
		t.Fatalf("standings %+v", s)
	}
	top := s.Rows[0]
	if top.Rank != 1 || top.Points != 3 || top.Record != "1–0–0" {
		t.Errorf("leader %+v", top)
	}
	for _, tb := range s.Tiebreakers {
		if tb.Title == "" || tb.Meaning == "" || tb.Key == "random" {
			t.Errorf("tiebreaker %+v", tb)
		}
		if _, ok := top.Tiebreakers[tb.Key]; !ok {
			t.Errorf("leader lacks %s: %+v", tb.Key, top.Tiebreakers)
		}
	}
}

// A player's page: the table now, the record and standing, the rounds
// played; find gives the entry to remember.
func TestFindAndThePlayersPage(t *testing.T) {
	f := newFixture(t)
	e, es, r := f.OpenRound(8)
	id := "/api/events/" + webtest.Itoa64(int64(e.ID))
	var found findJSON
	f.getJSON(id+"/find?q=LOVEL", http.StatusOK, &found)
	ada := webtest.SeatTable(r, es[0].ID)
	if len(found.Players) != 1 || found.Players[0].Entry != int64(es[0].ID) || found.Players[0].Table != ada.Number || !found.Players[0].Playing {
		t.Fatalf("find: %+v", found)
	}
	f.getJSON(id+"/find?q=lo", http.StatusOK, &found)
	if len(found.Players) != 0 || !strings.Contains(found.Message, "at least 3") {
		t.Errorf("two letters: %+v", found)
	}
	f.getJSON(id+"/find?q="+url.QueryEscape("王"), http.StatusOK, &found)
	if len(found.Players) != 0 || !strings.Contains(found.Message, "at least 2") {
		t.Errorf("one Han character: %+v", found)
	}
	f.getJSON(id+"/find?q=nobody", http.StatusOK, &found)
	if len(found.Players) != 0 || !strings.Contains(found.Message, "Nobody") {
		t.Errorf("nobody: %+v", found)
	}
	var p playerJSON
	f.getJSON(id+"/players/"+webtest.Itoa64(int64(es[0].ID)), http.StatusOK, &p)
	if p.Name != "Ada Lovelace" || p.Now.State != "playing" || p.Now.Table != ada.Number || len(p.Now.Opponents) != 1 || p.Standing != nil || len(p.Rounds) != 1 {
		t.Fatalf("Ada before her result: %+v", p)
	}
	mine := event.Result{Seats: []event.SeatResult{{GamesWon: 2}, {GamesWon: 0}}}
	if ada.Seats[1].EntryID == es[0].ID {
		mine.Seats[0].GamesWon, mine.Seats[1].GamesWon = 0, 2
	}
	if err := f.d.Rounds.RecordResult(context.Background(), e.ID, 1, ada.Number, mine); err != nil {
		t.Fatal(err)
	}
	f.getJSON(id+"/players/"+webtest.Itoa64(int64(es[0].ID)), http.StatusOK, &p)
	if !p.Now.Reported || p.Standing == nil || p.Standing.Points != 3 || p.Standing.Record != "1–0–0" || p.Rounds[0].Outcome != "win" || p.Rounds[0].Result != "won 2–0" {
		t.Errorf("Ada after her win: %+v %+v", p.Standing, p.Rounds)
	}
}

// The clock is read at the moment asked; a paused clock says so.
func TestClockIsReadNow(t *testing.T) {
	f := newFixture(t)
	e, _, _ := f.OpenRound(4)
	var c clockOut
	f.getJSON("/api/events/"+webtest.Itoa64(int64(e.ID))+"/clock", http.StatusOK, &c)
	if c.Round != 1 || !c.Timed || !c.Running || c.RemainingMS != (50*60-7*60-23)*1000 {
		t.Errorf("clock %+v", c)
	}
	if _, err := f.d.Clocks.PauseClock(context.Background(), e.ID, 1); err != nil {
		t.Fatal(err)
	}
	f.getJSON("/api/events/"+webtest.Itoa64(int64(e.ID))+"/clock", http.StatusOK, &c)
	if !c.Paused || c.Running {
		t.Errorf("paused clock %+v", c)
	}
}

// A body the client has is answered 304; a client that takes gzip gets
// it gzipped.
func TestBodiesAreCachedAndGzipped(t *testing.T) {
	f := newFixture(t)
	e, _, _ := f.OpenRound(64)
	path := "/api/events/" + webtest.Itoa64(int64(e.ID)) + "/pairings"
	resp, body := f.do("GET", path, nil)
	etag := resp.Header.Get("ETag")
	if resp.StatusCode != 200 || etag == "" {
		t.Fatalf("%d, ETag %q", resp.StatusCode, etag)
	}
	resp, _ = f.do("GET", path, nil, "If-None-Match", etag)
	if resp.StatusCode != http.StatusNotModified {
		t.Errorf("If-None-Match: %d", resp.StatusCode)
	}
	req, _ := http.NewRequest("GET", f.http.URL+path, nil)
	req.Header.Set("Accept-Encoding", "gzip")
	gz, err := http.DefaultTransport.RoundTrip(req)
	if err != nil {
		t.Fatal(err)
	}
	defer gz.Body.Close()
	zr, err := gzip.NewReader(gz.Body)
	if gz.Header.Get("Content-Encoding") != "gzip" || err != nil {
		t.Fatalf("gzip: %q %v", gz.Header.Get("Content-Encoding"), err)
	}
	plain, _ := io.ReadAll(zr)
	if string(plain) != body {
		t.Error("the gzipped body differs")
	}
	// A change makes a new body.
	if _, err := f.d.Clocks.PauseClock(context.Background(), e.ID, 1); err != nil {
		t.Fatal(err)
	}
	if err := f.d.Rounds.RecordResult(context.Background(), e.ID, 1, 1, event.Result{Seats: []event.SeatResult{{GamesWon: 2}, {GamesWon: 0}}}); err != nil {
		t.Fatal(err)
	}
	resp, _ = f.do("GET", path, nil, "If-None-Match", etag)
	if resp.StatusCode != 200 || resp.Header.Get("ETag") == etag {
		t.Errorf("after a result: %d, same ETag %v", resp.StatusCode, resp.Header.Get("ETag") == etag)
	}
}

// The projector lists the tables still out once three in four are in.
func TestProjectorWaitsForTheLastTables(t *testing.T) {
	f := newFixture(t)
	e, _, r := f.OpenRound(16)
	var p projectorJSON
	f.getJSON("/api/events/"+webtest.Itoa64(int64(e.ID))+"/projector", http.StatusOK, &p)
	if p.ShowsWaiting || len(p.ByName) != 16 || p.Tables != 8 || len(p.Waiting) != 8 || p.URL != "http://192.168.1.20:8080/" {
		t.Fatalf("start of round: %+v", p)
	}
	for i, tb := range r.Tables[:6] {
		if err := f.d.Rounds.RecordResult(context.Background(), e.ID, 1, tb.Number, event.Result{Seats: []event.SeatResult{{GamesWon: 2}, {GamesWon: i % 2}}}); err != nil {
			t.Fatal(err)
		}
	}
	f.getJSON("/api/events/"+webtest.Itoa64(int64(e.ID))+"/projector", http.StatusOK, &p)
	if !p.ShowsWaiting || len(p.Waiting) != 2 || !strings.HasPrefix(p.Waiting[0].Label, "") || p.Waiting[0].Table != r.Tables[6].Number {
		t.Errorf("six of eight in: %+v", p.Waiting)
	}
	if p.Standings != nil {
		t.Error("standings shown mid-event")
	}
}

// The QR codes and the poster are served for the network's address.
func TestQRAndPoster(t *testing.T) {
	f := newFixture(t)
	e, _ := f.Event("altered", "standard-bo3", "Ada Lovelace", "Bram Berg")
	id := strconv.FormatInt(int64(e.ID), 10)
	for _, c := range []struct{ path, kind string }{
		{"/qr.svg", "image/svg+xml"}, {"/events/" + id + "/qr.svg", "image/svg+xml"}, {"/events/" + id + "/qr.png", "image/png"}, {"/events/" + id + "/poster.pdf", "application/pdf"},
	} {
		resp, body := f.do("GET", c.path, nil)
		if resp.StatusCode != 200 || resp.Header.Get("Content-Type") != c.kind || len(body) < 100 {
			t.Errorf("%s: %d %s, %d bytes", c.path, resp.StatusCode, resp.Header.Get("Content-Type"), len(body))
		}
	}
	resp, _ := f.do("GET", "/events/9999/qr.svg", nil)
	if resp.StatusCode != 404 {
		t.Errorf("QR of no event: %d", resp.StatusCode)
	}
}

// Once the last round is complete the projector shows the standings.
func TestProjectorShowsTheStandingsAfterTheLastRound(t *testing.T) {
	f := newFixture(t)
	e, _ := f.Event("altered", "standard-bo3", webtest.Names(8)...)
	f.PlayOut(e.ID)
	var p projectorJSON
	f.getJSON("/api/events/"+webtest.Itoa64(int64(e.ID))+"/projector", http.StatusOK, &p)
	if p.Standings == nil || len(p.Standings.Rows) != 8 || p.Standings.AfterRound != 3 || p.ShowsWaiting {
		t.Fatalf("after the last round: %+v", p.Standings)
	}
	if err := f.d.Events.FinishEvent(context.Background(), e.ID); err != nil {
		t.Fatal(err)
	}
	f.getJSON("/api/events/"+webtest.Itoa64(int64(e.ID))+"/projector", http.StatusOK, &p)
	if p.Standings == nil || !p.Standings.Final {
		t.Errorf("finished: %+v", p.Standings)
	}
}
