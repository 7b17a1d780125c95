package pages

import (
	"context"
	"strconv"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"tablekeeper/core/event"
	"tablekeeper/ui/web/internal/browserkit"
	"tablekeeper/ui/web/internal/browsertest"
	"tablekeeper/ui/web/internal/webtest"
)

// longNames are n distinct names about as long as a regional's longest (25 to 30 letters).
func longNames(n int) []string {
	out := make([]string, n)
	for i, name := range webtest.Names(n) {
		out[i] = name + " Vanderbruggen"
	}
	return out
}

// The TV's "Waiting for results" shows whole names, two long ones a row,
// with 512 tables out and with 3, on a 1920×1080 TV and a 1366×768 laptop
// screen: the list picks its columns and type from the names' measured
// width, not a guess.
func TestBrowserProjectorWaitingShowsWholeNames(t *testing.T) {
	if testing.Short() {
		t.Skip("a 1,024-player event takes a while to build")
	}
	f := browserkit.NewServer(t)
	e, _ := f.Event("altered", "standard-bo3", longNames(1024)...)
	r := f.Publish(e.ID)
	if _, err := f.D.Clocks.StartClock(context.Background(), e.ID, r.Number); err != nil {
		t.Fatal(err)
	}
	f.Clock.Add(2 * time.Hour) // time is up: the list shows every table out
	check := func(want int) {
		t.Helper()
		for _, size := range []struct{ w, h int }{{1920, 1080}, {1366, 768}} {
			ctx := browsertest.Open(t, size.w, size.h)
			browsertest.Run(t, ctx, "open the projector", chromedp.Navigate(f.HTTP.URL+"/events/"+webtest.Itoa64(int64(e.ID))+"/projector"))
			browsertest.WaitText(t, ctx, "#pj-title", "Waiting for results: "+strconv.Itoa(want)+" tables", 5*time.Second)
			browserkit.Screenshot(t, ctx, "tv-waiting-"+strconv.Itoa(want)+"-"+strconv.Itoa(size.w)+".png")
			shown, err := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll('#pj-rows .pj-row .l').length`))
			if err != nil || shown == 0 || want < 10 && shown != want {
				t.Fatalf("%d tables out at %d×%d: %d rows drawn (%v)", want, size.w, size.h, shown, err)
			}
			cut, err := chromedp.Run(ctx, chromedp.Evaluate[string](`[...document.querySelectorAll('#pj-rows .pj-row .l')]
				.filter((l) => l.scrollWidth > l.clientWidth).map((l) => l.textContent).slice(0, 3).join(' | ')`))
			if err != nil {
				t.Fatal(err)
			}
			if cut != "" {
				t.Errorf("%d tables out at %d×%d: names cut: %s", want, size.w, size.h, cut)
			}
		}
	}
	check(512)
	for _, tb := range r.Tables[3:] {
		if err := f.D.Rounds.RecordResult(context.Background(), e.ID, 1, tb.Number, event.Result{Seats: []event.SeatResult{{GamesWon: 2}, {GamesWon: 0}}}); err != nil {
			t.Fatal(err)
		}
	}
	check(3)
}
