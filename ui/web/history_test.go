package web

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"tablekeeper/ui/web/internal/browsertest"
	"tablekeeper/ui/web/internal/webtest"
)

// A player's history is its own request: her earlier events, newest
// first, in her language, nothing of anyone else; her page (fetched
// again as results come) does not carry it.
func TestHistoryAPIListsHerEarlierEvents(t *testing.T) {
	f := newFixture(t)
	e, es, _ := f.OpenRound(8)
	league, saturday := f.PastSeason(es[:6])
	base := "/api/events/" + webtest.Itoa64(int64(e.ID)) + "/players/"

	var h historyJSON
	f.getJSON(base+webtest.Itoa64(int64(es[1].ID))+"/history", http.StatusOK, &h)
	if len(h.Events) != 2 {
		t.Fatalf("Bram's history %+v", h)
	}
	sat, lg := h.Events[0], h.Events[1]
	// Her rank, points and record are the standings' (the director's tests
	// check them against each event's); the rest is known.
	want := pastEventJSON{Event: int64(saturday.ID), Name: "KeyForge Saturday", Date: "2026-11-14", DateText: "14 Nov 2026",
		Kind: "KeyForge · Archon Standard", Round: 2, Of: 6, Status: "dropped", DroppedAfter: 1,
		Rank: sat.Rank, Points: sat.Points, Record: sat.Record}
	if sat != want || sat.Rank < 1 || sat.Record == "" {
		t.Errorf("Saturday:\n got %+v\nwant %+v", sat, want)
	}
	if lg.Event != int64(league.ID) || !lg.Finished || lg.Of != 6 || lg.Rank < 1 || lg.Rank > 6 || lg.Record == "" || lg.Status != "active" {
		t.Errorf("the league night: %+v", lg)
	}

	resp, body := f.do("GET", base+webtest.Itoa64(int64(es[1].ID))+"/history", nil, "Accept-Language", "fr")
	if resp.StatusCode != http.StatusOK || !strings.Contains(body, "14 nov. 2026") || !strings.Contains(body, `"Altered · `) {
		t.Errorf("in French: %d %s", resp.StatusCode, body)
	}
	for _, n := range webtest.Names(8) {
		if strings.Contains(body, n) {
			t.Errorf("her history names %s: %s", n, body)
		}
	}
	t.Logf("the history of two events is %d bytes", len(body))

	// Her page, fetched again after results, has none of it.
	_, page := f.do("GET", base+webtest.Itoa64(int64(es[1].ID)), nil)
	if strings.Contains(page, "league night") || strings.Contains(page, "Saturday") {
		t.Errorf("her page carries her history: %s", page)
	}
}

// A player whose first event this is has an empty list; a history asked
// wrongly is refused with a sentence that says why.
func TestHistoryAPINewcomerAndRefusals(t *testing.T) {
	f := newFixture(t)
	e, es, _ := f.OpenRound(8)
	league, _ := f.PastSeason(es[:6])
	base := "/api/events/" + webtest.Itoa64(int64(e.ID)) + "/players/"
	if resp, body := f.do("GET", base+webtest.Itoa64(int64(es[7].ID))+"/history", nil); resp.StatusCode != http.StatusOK || body != "{\"events\":[]}\n" {
		t.Errorf("a newcomer's history: %d %q", resp.StatusCode, body)
	}
	for _, c := range []struct {
		path   string
		status int
		says   string
	}{
		{"/api/events/" + webtest.Itoa64(int64(league.ID)) + "/players/" + webtest.Itoa64(int64(es[1].ID)) + "/history", http.StatusNotFound, "find yourself by name again"},
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

// resourceCount counts the requests the page made to addresses holding
// part.
func resourceCount(t *testing.T, ctx context.Context, part string) int {
	t.Helper()
	n, err := chromedp.Run(ctx, chromedp.Evaluate[int](`performance.getEntriesByType('resource').filter((r) => r.name.includes(`+browsertest.JSString(part)+`)).length`))
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// hiddenOf reports whether the element with that id is hidden.
func hiddenOf(t *testing.T, ctx context.Context, id string) bool {
	t.Helper()
	h, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`document.getElementById(`+browsertest.JSString(id)+`).hidden`))
	if err != nil {
		t.Fatal(err)
	}
	return h
}

// notMe taps "Not you?". It is clicked from the page's script: after the
// screenshots' window sizes, a click at coordinates may land elsewhere.
func notMe(t *testing.T, ctx context.Context) {
	t.Helper()
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`(document.getElementById('not-me').click(), true)`)); err != nil {
		t.Fatal(err)
	}
}

// A regular finds herself and sees her earlier events at this store,
// newest first, in English and in French, fetched once however many of
// tonight's results come; a player whose first event this is sees no
// such card at all.
func TestBrowserPlayerSeesHerEventsAtThisStore(t *testing.T) {
	renderingOnly(t)
	f := newFixture(t)
	e, es, r := f.OpenRound(8)
	f.PastSeason(es[:6])
	ctx := browsertest.Open(t, 390, 844)
	url := f.http.URL + "/events/" + webtest.Itoa64(int64(e.ID))
	find := func(typed, name string) {
		t.Helper()
		browsertest.Run(t, ctx, "find "+name, chromedp.WaitVisible(chromedp.ID("find-q")), chromedp.SendKeys(chromedp.ID("find-q"), typed))
		browsertest.WaitText(t, ctx, "#find-results", name, 5*time.Second)
		browsertest.Run(t, ctx, "tap "+name, chromedp.Click(chromedp.CSS("#find-results button")), chromedp.WaitVisible(chromedp.ID("my-table")))
	}

	browsertest.Run(t, ctx, "open the event", chromedp.Navigate(url))
	find("lovel", "Ada Lovelace")
	browsertest.WaitText(t, ctx, "#history-card", "At this store", 5*time.Second)
	browsertest.WaitText(t, ctx, "#history-count", "2 earlier events", time.Second)
	browsertest.WaitText(t, ctx, "#history li:first-child", "KeyForge Saturday", time.Second)
	browsertest.WaitText(t, ctx, "#history li:first-child", "14 Nov 2026 · KeyForge · ", time.Second)
	browsertest.WaitText(t, ctx, "#history li:first-child", "of 6 players · in progress, round 2", time.Second)
	browsertest.WaitText(t, ctx, "#history li:last-child", "Altered league night", time.Second)
	if last := browsertest.TextOf(t, ctx, "#history li:last-child"); strings.Contains(last, "in progress") || !strings.Contains(last, "Rank ") {
		t.Errorf("the finished league night reads %q", last)
	}
	for _, size := range [][2]int64{{390, 844}, {1024, 768}, {1920, 1080}} {
		browsertest.Run(t, ctx, "resize", chromedp.EmulateViewport(size[0], size[1]), chromedp.ScrollIntoView(chromedp.ID("history-card")))
		browsertest.Screenshot(t, ctx, *shots, "history-en-"+webtest.Itoa64(size[0])+".png")
	}
	browsertest.Run(t, ctx, "back to a phone", chromedp.EmulateViewport(390, 844))

	// Tonight's results move her page, not her history.
	ada := webtest.SeatTable(r, es[0].ID)
	if err := f.d.Rounds.RecordResult(context.Background(), e.ID, 1, ada.Number, webtest.OneGame(true)); err != nil {
		t.Fatal(err)
	}
	browsertest.WaitText(t, ctx, "#me-card", "Your table's result is in.", 3*time.Second)
	browsertest.WaitText(t, ctx, "#past", "won", 3*time.Second)
	if n := resourceCount(t, ctx, "/history"); n != 1 {
		t.Errorf("her history was fetched %d times in one page load, want 1", n)
	}

	// Hana plays her first event here: no card.
	notMe(t, ctx)
	find("hana", "Hana Sato")
	time.Sleep(500 * time.Millisecond)
	if !hiddenOf(t, ctx, "history-card") || browsertest.TextOf(t, ctx, "#history") != "" {
		t.Errorf("a newcomer sees the card: %q", browsertest.TextOf(t, ctx, "#history-card"))
	}

	// In French, Bram, who dropped from Saturday's.
	notMe(t, ctx)
	find("bram", "Bram Berg")
	browsertest.Run(t, ctx, "choose French", chromedp.Navigate(f.http.URL+"/lang/fr?back=/"), chromedp.Navigate(url))
	browsertest.WaitText(t, ctx, "#history-card", "Dans cette boutique", 5*time.Second)
	browsertest.WaitText(t, ctx, "#history-count", "2 tournois précédents", time.Second)
	browsertest.WaitText(t, ctx, "#history li:first-child", "14 nov. 2026", time.Second)
	browsertest.WaitText(t, ctx, "#history li:first-child", "sur 6 joueurs · en cours, ronde 2 · abandon après la ronde 1", time.Second)
	browsertest.WaitText(t, ctx, "#history li:last-child", "Rang 6 sur 6 joueurs", time.Second)
	for _, size := range [][2]int64{{390, 844}, {1024, 768}, {1920, 1080}} {
		browsertest.Run(t, ctx, "resize", chromedp.EmulateViewport(size[0], size[1]), chromedp.ScrollIntoView(chromedp.ID("history-card")))
		browsertest.Screenshot(t, ctx, *shots, "history-fr-"+webtest.Itoa64(size[0])+".png")
	}
}
