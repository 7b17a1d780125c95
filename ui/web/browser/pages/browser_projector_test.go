package pages

import (
	"context"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"tablekeeper/core/event"
	"tablekeeper/ui/web/internal/browserkit"
	"tablekeeper/ui/web/internal/browsertest"
	"tablekeeper/ui/web/internal/webtest"
)

// The projector on a TV shows the clock and the pairings by name; once
// three tables in four have their result it lists the tables still out,
// as the desktop projector does.
func TestBrowserProjectorShowsTheMissingResults(t *testing.T) {
	f := browserkit.NewServer(t)
	e, _, r := f.OpenRound(40)
	ctx := browsertest.Open(t, 1920, 1080)
	browsertest.Run(t, ctx, "open the projector", chromedp.Navigate(f.HTTP.URL+"/events/"+webtest.Itoa64(int64(e.ID))+"/projector"))
	browsertest.WaitText(t, ctx, "#pj-title", "Pairings by name", 5*time.Second)
	browsertest.WaitText(t, ctx, "#pj-rows", "Ada Lovelace", time.Second)
	browsertest.WaitText(t, ctx, "#pj-round", "Round 1", time.Second)
	browsertest.WaitText(t, ctx, "#pj-url", "http://192.168.1.20:8080/", time.Second)
	browserkit.Screenshot(t, ctx, "tv.png")

	// Fifteen of the twenty tables report.
	out := []int{}
	for i, tb := range r.Tables {
		if i < 15 {
			if err := f.D.Rounds.RecordResult(context.Background(), e.ID, 1, tb.Number, event.Result{Seats: []event.SeatResult{{GamesWon: 2}, {GamesWon: 0}}}); err != nil {
				t.Fatal(err)
			}
		} else {
			out = append(out, tb.Number)
		}
	}
	browsertest.WaitText(t, ctx, "#pj-title", "Waiting for results: 5 tables", 3*time.Second)
	for _, n := range out {
		browsertest.WaitText(t, ctx, "#pj-rows", "Table "+strconv.Itoa(n), time.Second)
	}
	browserkit.Screenshot(t, ctx, "tv-waiting.png")
}

// On a tablet the pairings show by name and by table, and a filter finds
// a player folding case and accents.
func TestBrowserPairingsOnATablet(t *testing.T) {
	f := browserkit.NewServer(t)
	e, es, r := f.OpenRound(24)
	ctx := browsertest.Open(t, 1024, 768)
	browsertest.Run(t, ctx, "open the pairings", chromedp.Navigate(f.HTTP.URL+"/events/"+webtest.Itoa64(int64(e.ID))+"/pairings"))
	browsertest.WaitText(t, ctx, "#round-label", "Round 1", 5*time.Second)
	browsertest.WaitText(t, ctx, "#pairings", "Ada Lovelace", time.Second)
	browserkit.Screenshot(t, ctx, "tablet.png")
	browsertest.Run(t, ctx, "by table", chromedp.Click(chromedp.ID("by-table")))
	ada := webtest.SeatTable(r, es[0].ID)
	browsertest.WaitText(t, ctx, "#pairings", "Table "+strconv.Itoa(ada.Number), time.Second)
	browsertest.Run(t, ctx, "filter", chromedp.Click(chromedp.ID("by-name")), chromedp.SendKeys(chromedp.ID("filter"), "EMILE"))
	browsertest.WaitGone(t, ctx, "#pairings", "Ada Lovelace", 2*time.Second)
	if got := browsertest.TextOf(t, ctx, "#pairings"); !strings.HasPrefix(got, "Émile Zola") {
		t.Errorf("the filter EMILE shows %q", got)
	}
	// Ø is a letter of its own, not O and a mark: the page folds it as
	// the server does (event.FoldName), so "odegard" finds Ødegård.
	browsertest.Run(t, ctx, "filter odegard", chromedp.Evaluate[chromedp.Void](`document.getElementById("filter").value = ""`), chromedp.SendKeys(chromedp.ID("filter"), "odegard"))
	browsertest.WaitGone(t, ctx, "#pairings", "Émile Zola", 2*time.Second)
	if got := browsertest.TextOf(t, ctx, "#pairings"); !strings.HasPrefix(got, "Oskar Ødegård") {
		t.Errorf("the filter odegard shows %q", got)
	}
}

// After the last round the projector shows the standings.
func TestBrowserProjectorShowsTheStandingsAtTheEnd(t *testing.T) {
	f := browserkit.NewServer(t)
	e, _ := f.Event("altered", "standard-bo3", webtest.Names(12)...)
	f.PlayOut(e.ID)
	ctx := browsertest.Open(t, 1920, 1080)
	browsertest.Run(t, ctx, "open the projector", chromedp.Navigate(f.HTTP.URL+"/events/"+webtest.Itoa64(int64(e.ID))+"/projector"))
	browsertest.WaitText(t, ctx, "#pj-title", "Standings after round 3", 5*time.Second)
	browsertest.WaitText(t, ctx, "#pj-rows", "OMW%", time.Second)
	browserkit.Screenshot(t, ctx, "tv-standings.png")
}
