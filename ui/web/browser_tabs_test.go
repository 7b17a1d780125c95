package web

import (
	"testing"
	"time"

	"tablekeeper/ui/web/internal/browsertest"
	"tablekeeper/ui/web/internal/webtest"

	"github.com/chromedp/chromedp"
)

// A phone tapping through every page of an event (Me, Pairings,
// Standings, Top cut, Report), each left in the browser's back/forward
// cache, never meets a refused stream (issue 27): each page closes its
// stream when left, so the phone holds only the shown page's, and a page
// shown again from the cache opens its stream again.
func TestBrowserTappingThroughEveryPageKeepsTheStreamLive(t *testing.T) {
	f := newFixture(t)
	f.srv.hub.perDevice = 2 // fewer than the pages: the pages must close theirs
	e, _, _ := f.OpenRound(8)
	base := f.http.URL + "/events/" + webtest.Itoa64(int64(e.ID))
	ctx := browsertest.Open(t, 390, 844)
	live := func(what string) {
		t.Helper()
		deadline := time.Now().Add(10 * time.Second)
		for time.Now().Before(deadline) {
			ok, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`(() => { const d = document.getElementById('live'); return !!d && !d.hidden && !d.classList.contains('off'); })()`))
			if err == nil && ok {
				return
			}
			time.Sleep(100 * time.Millisecond)
		}
		t.Fatalf("%s: the page's stream is not live", what)
	}
	for _, page := range []string{"", "/pairings", "/standings", "/bracket", "/report"} {
		browsertest.Run(t, ctx, "open "+page, chromedp.Navigate(base+page))
		live("page " + page)
	}
	waitFor(t, func() bool { return f.srv.hub.count() == 1 })
	browsertest.Run(t, ctx, "back", chromedp.Evaluate[chromedp.Void](`history.back()`))
	live("the page shown again")
	waitFor(t, func() bool { return f.srv.hub.count() == 1 })
}
