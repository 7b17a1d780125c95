package web

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
)

// oneGame is a result any match length takes: seat 1 wins one game to
// none, or seat 2 does.
func oneGame(seat1Wins bool) event.Result {
	if seat1Wins {
		return event.Result{Seats: []event.SeatResult{{GamesWon: 1}, {GamesWon: 0}}}
	}
	return event.Result{Seats: []event.SeatResult{{GamesWon: 0}, {GamesWon: 1}}}
}

// pastSeason plays two earlier events of the directory's players (taken
// from entries of tonight's event): "Altered league night" in October,
// two rounds and finished; "KeyForge Saturday" in November, round 1
// played and round 2 published, still running, the second player
// dropped after round 1.
func (f *fixture) pastSeason(players []event.Entry) (league, saturday event.Event) {
	f.t.Helper()
	ctx := context.Background()
	create := func(name, game, format string, day time.Time) event.Event {
		e, err := f.d.CreateEvent(ctx, director.NewEvent{Name: name, Game: game, Format: format, Date: day})
		if err != nil {
			f.t.Fatal(err)
		}
		for _, p := range players {
			if _, err := f.d.Register(ctx, e.ID, p.PlayerID); err != nil {
				f.t.Fatal(err)
			}
		}
		return e
	}
	play := func(e event.Event) event.Round {
		r := f.publish(e.ID)
		for _, tb := range r.Tables {
			if !tb.Bye {
				if err := f.d.RecordResult(ctx, e.ID, r.Number, tb.Number, oneGame(tb.Number%2 == 1)); err != nil {
					f.t.Fatal(err)
				}
			}
		}
		return r
	}
	league = create("Altered league night", "altered", "standard-bo3", time.Date(2026, 10, 9, 0, 0, 0, 0, time.UTC))
	play(league)
	play(league)
	if err := f.d.FinishEvent(ctx, league.ID); err != nil {
		f.t.Fatal(err)
	}
	saturday = create("KeyForge Saturday", "keyforge", "archon-standard", time.Date(2026, 11, 14, 0, 0, 0, 0, time.UTC))
	play(saturday)
	sat, err := f.d.Entries(ctx, saturday.ID)
	if err != nil {
		f.t.Fatal(err)
	}
	if err := f.d.Drop(ctx, sat[1].ID); err != nil {
		f.t.Fatal(err)
	}
	f.publish(saturday.ID)
	return league, saturday
}

// A player's history is its own request: her earlier events, newest
// first, in her language, nothing of anyone else; her page (fetched
// again as results come) does not carry it.
func TestHistoryAPIListsHerEarlierEvents(t *testing.T) {
	f := newFixture(t)
	e, es, _ := f.openRound(8)
	league, saturday := f.pastSeason(es[:6])
	base := "/api/events/" + itoa64(int64(e.ID)) + "/players/"

	var h historyJSON
	f.getJSON(base+itoa64(int64(es[1].ID))+"/history", http.StatusOK, &h)
	if len(h.Events) != 2 {
		t.Fatalf("Bram's history %+v", h)
	}
	sat, lg := h.Events[0], h.Events[1]
	if sat.Event != int64(saturday.ID) || sat.Name != "KeyForge Saturday" || sat.Finished || sat.Round != 2 || sat.Status != "dropped" ||
		sat.DroppedAfter != 1 || sat.Of != 6 || sat.Date != "2026-11-14" || sat.DateText != "14 Nov 2026" || !strings.HasPrefix(sat.Kind, "KeyForge · ") {
		t.Errorf("Saturday: %+v", sat)
	}
	if lg.Event != int64(league.ID) || !lg.Finished || lg.Of != 6 || lg.Rank < 1 || lg.Rank > 6 || lg.Record == "" || lg.Status != "active" {
		t.Errorf("the league night: %+v", lg)
	}

	resp, body := f.do("GET", base+itoa64(int64(es[1].ID))+"/history", nil, "Accept-Language", "fr")
	if resp.StatusCode != http.StatusOK || !strings.Contains(body, "14 nov. 2026") || !strings.Contains(body, `"Altered · `) {
		t.Errorf("in French: %d %s", resp.StatusCode, body)
	}
	for _, n := range testNames(8) {
		if strings.Contains(body, n) {
			t.Errorf("her history names %s: %s", n, body)
		}
	}
	t.Logf("the history of two events is %d bytes", len(body))

	// Her page, fetched again after results, has none of it.
	_, page := f.do("GET", base+itoa64(int64(es[1].ID)), nil)
	if strings.Contains(page, "league night") || strings.Contains(page, "Saturday") {
		t.Errorf("her page carries her history: %s", page)
	}
	// A player whose first event this is has an empty list.
	f.getJSON(base+itoa64(int64(es[7].ID))+"/history", http.StatusOK, &h)
	if h.Events == nil || len(h.Events) != 0 {
		t.Errorf("a newcomer's history %+v", h)
	}
	raw, _ := json.Marshal(h)
	if string(raw) != `{"events":[]}` {
		t.Errorf("a newcomer's history is %s", raw)
	}

	for _, c := range []struct {
		path   string
		status int
		says   string
	}{
		{"/api/events/" + itoa64(int64(league.ID)) + "/players/" + itoa64(int64(es[1].ID)) + "/history", http.StatusNotFound, "find yourself by name again"},
		{base + "99999/history", http.StatusNotFound, "has no player 99999"},
		{base + "abc/history", http.StatusBadRequest, "is not a player number"},
		{"/api/events/99999/players/1/history", http.StatusNotFound, "no event"},
	} {
		resp, body := f.do("GET", c.path, nil)
		if resp.StatusCode != c.status || !strings.Contains(errorOf(t, body), c.says) {
			t.Errorf("GET %s: %d %s, want %d saying %q", c.path, resp.StatusCode, body, c.status, c.says)
		}
	}
}
