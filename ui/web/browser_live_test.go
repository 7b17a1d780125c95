package web

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"tablekeeper/core/event"
	"tablekeeper/ui/web/internal/browsertest"
	"tablekeeper/ui/web/internal/webtest"
)

// requestCounter counts the requests a server gets, by path.
type requestCounter struct {
	mu     sync.Mutex
	counts map[string]int
}

func (c *requestCounter) wrap(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		c.mu.Lock()
		c.counts[r.URL.Path]++
		c.mu.Unlock()
		h.ServeHTTP(w, r)
	})
}

// of is the number of requests to paths ending in suffix.
func (c *requestCounter) of(suffix string) int {
	c.mu.Lock()
	defer c.mu.Unlock()
	n := 0
	for p, k := range c.counts {
		if strings.HasSuffix(p, suffix) {
			n += k
		}
	}
	return n
}

// skipPatch numbers a patch that no stream will carry, as if every page
// lost it: the next patch comes with a seq one too far.
func skipPatch(f *fixture, id event.EventID) {
	f.srv.hub.skip(id)
}

// A result lands in place on the pairings by table and on "my table"
// without the list being fetched again; a page that lost a patch
// fetches its list again, by itself.
func TestBrowserResultsLandInPlace(t *testing.T) {
	f := newFixture(t)
	e, es, r := f.OpenRound(16)
	count := &requestCounter{counts: map[string]int{}}
	hs := httptest.NewServer(count.wrap(f.srv))
	t.Cleanup(hs.Close)
	ada := webtest.SeatTable(r, es[0].ID)
	var others []event.Table
	for _, tb := range r.Tables {
		if tb.Number != ada.Number && !tb.Bye {
			others = append(others, tb)
		}
	}
	record := func(table int) {
		t.Helper()
		if err := f.d.Rounds.RecordResult(context.Background(), e.ID, 1, table, event.Result{Seats: []event.SeatResult{{GamesWon: 2}, {GamesWon: 1}}}); err != nil {
			t.Fatal(err)
		}
	}
	base := hs.URL + "/events/" + webtest.Itoa64(int64(e.ID))
	pairings := "/api/events/" + webtest.Itoa64(int64(e.ID)) + "/pairings"

	ctx := browsertest.Open(t, 390, 844)
	browsertest.Run(t, ctx, "open the pairings by table", chromedp.Navigate(base+"/pairings"),
		chromedp.WaitVisible(chromedp.ID("by-table")), chromedp.Click(chromedp.ID("by-table")))
	row := `#pairings .row:nth-child(` + strconv.Itoa(others[0].Number) + `) .result`
	browsertest.WaitText(t, ctx, row, "playing", 5*time.Second)
	before := count.of(pairings)
	record(others[0].Number)
	browsertest.WaitText(t, ctx, row, "2–1", 3*time.Second)
	time.Sleep(500 * time.Millisecond)
	if n := count.of(pairings); n != before {
		t.Errorf("the pairings were fetched %d more times for one result", n-before)
	}

	// A lost patch: the page sees the gap and fetches the list again.
	skipPatch(f, e.ID)
	record(others[1].Number)
	deadline := time.Now().Add(12 * time.Second)
	for count.of(pairings) == before && time.Now().Before(deadline) {
		time.Sleep(100 * time.Millisecond)
	}
	if count.of(pairings) == before {
		t.Error("a page that lost a patch never fetched the pairings again")
	}
	row1 := `#pairings .row:nth-child(` + strconv.Itoa(others[1].Number) + `) .result`
	browsertest.WaitText(t, ctx, row1, "2–1", 3*time.Second)
	browsertest.Screenshot(t, ctx, *shots, "live-pairings-phone.png")

	// "My table": another table's result costs no fetch; her own lands
	// in place.
	me := ctx
	player := "/api/events/" + webtest.Itoa64(int64(e.ID)) + "/players/" + webtest.Itoa64(int64(es[0].ID))
	browsertest.Run(t, me, "remember her", chromedp.Navigate(base), chromedp.Evaluate[chromedp.Void](
		`localStorage.setItem('tk.me.`+webtest.Itoa64(int64(e.ID))+`', JSON.stringify({entry: `+webtest.Itoa64(int64(es[0].ID))+`, name: 'x'}))`),
		chromedp.Navigate(base))
	browsertest.WaitText(t, me, "#my-table", strconv.Itoa(ada.Number), 5*time.Second)
	time.Sleep(300 * time.Millisecond)
	mine, lists := count.of(player), count.of(pairings)+count.of("/standings")
	record(others[2].Number)
	time.Sleep(1500 * time.Millisecond)
	if n := count.of(player); n != mine {
		t.Errorf("another table's result fetched her page %d times", n-mine)
	}
	record(ada.Number)
	browsertest.WaitText(t, me, "#me-card", "Your table's result is in.", 3*time.Second)
	if n := count.of(pairings) + count.of("/standings"); n != lists {
		t.Errorf("the home page fetched a whole list %d times", n-lists)
	}
}

// The standings, which one result moves for many rows, are not fetched
// after each result but once more when the round's last result is in,
// and then count the whole round. A round of 80 tables waits the longest
// (20 s) between two fetches; a small one follows sooner (the next test).
func TestBrowserStandingsRefetchAtTheRoundsEnd(t *testing.T) {
	f := newFixture(t)
	e, _, r := f.OpenRound(160)
	count := &requestCounter{counts: map[string]int{}}
	hs := httptest.NewServer(count.wrap(f.srv))
	t.Cleanup(hs.Close)
	standings := "/api/events/" + webtest.Itoa64(int64(e.ID)) + "/standings"
	ctx := browsertest.Open(t, 390, 844)
	browsertest.Run(t, ctx, "open the standings", chromedp.Navigate(hs.URL+"/events/"+webtest.Itoa64(int64(e.ID))+"/standings"))
	browsertest.WaitText(t, ctx, "#standings", "Ada Lovelace", 5*time.Second)
	if got := browsertest.TextOf(t, ctx, "#standings"); strings.Contains(got, "1–0–0") {
		t.Fatalf("the standings count results before any: %s", got)
	}
	before := count.of(standings)
	for _, tb := range r.Tables[:len(r.Tables)-1] {
		if err := f.d.Rounds.RecordResult(context.Background(), e.ID, 1, tb.Number, event.Result{Seats: []event.SeatResult{{GamesWon: 2}, {GamesWon: 0}}}); err != nil {
			t.Fatal(err)
		}
	}
	time.Sleep(2 * time.Second)
	if n := count.of(standings); n != before {
		t.Errorf("the standings were fetched %d times for results mid-round (at most every ~20 s)", n-before)
	}
	last := r.Tables[len(r.Tables)-1]
	if err := f.d.Rounds.RecordResult(context.Background(), e.ID, 1, last.Number, event.Result{Seats: []event.SeatResult{{GamesWon: 2}, {GamesWon: 0}}}); err != nil {
		t.Fatal(err)
	}
	// The title's wording is the standings' own (another test's); the
	// rows say the round counts.
	browsertest.WaitText(t, ctx, "#standings", "1–0–0", 6*time.Second)
	if n := count.of(standings); n != before+1 {
		t.Errorf("the standings were fetched %d times at the round's end, want once", n-before)
	}
}
