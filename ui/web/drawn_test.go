package web

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"tablekeeper/core/event"
	"tablekeeper/ui/web/internal/browsertest"
	"tablekeeper/ui/web/internal/webtest"
)

// drawnTies plays round 1 of a swiss-top8 event of four players, every
// table won 2–0 by its first seat: the two winners are equal on points
// and every tiebreaker, and so are the two losers, so a draw orders each
// pair.
func drawnTies(t *testing.T, f *fixture) event.Event {
	t.Helper()
	e, _ := f.Event("generic", "swiss-top8", webtest.Names(4)...)
	r := f.Publish(e.ID)
	for _, tb := range r.Tables {
		if err := f.d.Rounds.RecordResult(context.Background(), e.ID, 1, tb.Number, event.Result{Seats: []event.SeatResult{{GamesWon: 2}, {GamesWon: 0}}}); err != nil {
			t.Fatal(err)
		}
	}
	return e
}

// The standings API marks the rows a tie draw ordered and says how the
// tie was broken in the reader's language; a player's own line says it
// too (issue 20 item 1).
func TestStandingsMarkDrawnTies(t *testing.T) {
	f := newFixture(t)
	e := drawnTies(t, f)
	path := "/api/events/" + webtest.Itoa64(int64(e.ID)) + "/standings"
	for lang, note := range map[string]string{
		"en": "* Equal on points and every tiebreaker: their order was drawn at random, once for the round, not by name.",
		"fr": "* À égalité de points et sur tous les départages : leur ordre a été tiré au sort, une fois pour la ronde, et non par ordre alphabétique.",
	} {
		resp, body := f.do("GET", path, nil, "Accept-Language", lang)
		if resp.StatusCode != http.StatusOK {
			t.Fatalf("%s: %d %s", lang, resp.StatusCode, body)
		}
		var s standingsJSON
		if err := json.Unmarshal([]byte(body), &s); err != nil {
			t.Fatal(err)
		}
		if s.DrawNote != note {
			t.Errorf("%s: the note reads %q, want %q", lang, s.DrawNote, note)
		}
		for _, r := range s.Rows {
			if !r.Drawn {
				t.Errorf("%s: %s is tied but not marked: %+v", lang, r.Name, r)
			}
		}
	}
	var p playerJSON
	f.getJSON("/api/events/"+webtest.Itoa64(int64(e.ID))+"/players/"+webtest.Itoa64(1), http.StatusOK, &p)
	if p.Standing == nil || !strings.HasPrefix(p.Standing.DrawNote, "* Equal on points") {
		t.Errorf("the player's line does not say the tie was drawn: %+v", p.Standing)
	}
}

// Before any result no row is drawn and the standings carry no note.
func TestStandingsBeforeAnyResultHaveNoDrawNote(t *testing.T) {
	f := newFixture(t)
	e, _ := f.Event("generic", "swiss-top8", webtest.Names(4)...)
	f.Publish(e.ID)
	var s standingsJSON
	f.getJSON("/api/events/"+webtest.Itoa64(int64(e.ID))+"/standings", http.StatusOK, &s)
	if s.DrawNote != "" || len(s.Rows) != 4 {
		t.Fatalf("standings %+v", s)
	}
	for _, r := range s.Rows {
		if r.Drawn {
			t.Errorf("%s is marked drawn before any result", r.Name)
		}
	}
}

// In the browser the standings page marks the drawn ranks with * and
// shows the note under the table, at a phone's, a tablet's and a TV's
// size; the projector's standings mark them too.
func TestBrowserStandingsMarkDrawnTies(t *testing.T) {
	renderingOnly(t)
	f := newFixture(t)
	e := drawnTies(t, f)
	path := "/events/" + webtest.Itoa64(int64(e.ID)) + "/standings"
	for _, size := range []struct {
		name string
		w, h int
	}{{"phone", 390, 844}, {"tablet", 1024, 768}, {"tv", 1920, 1080}} {
		ctx := browsertest.Open(t, size.w, size.h)
		browsertest.Run(t, ctx, "open "+path, chromedp.Navigate(f.http.URL+path))
		browsertest.WaitText(t, ctx, "#standings-draw-note", "* Equal on points and every tiebreaker", 5*time.Second)
		browsertest.WaitText(t, ctx, "#standings tbody tr:first-child td:first-child", "1*", 5*time.Second)
		browsertest.WaitText(t, ctx, "#standings tbody tr:last-child td:first-child", "3*", 5*time.Second)
		browsertest.Screenshot(t, ctx, *shots, "look-standings-drawn-"+size.name+".png")
	}
}
