package browser

import (
	"testing"
	"time"

	"tablekeeper/ui/web/internal/webtest"

	"github.com/chromedp/chromedp"
)

// The TV's pairings by name show each row whole, the opponents too ("vs
// Mat…" cut them with 64 players at 1920×1080), in English and French:
// the columns follow the rows' measured width.
func TestBrowserProjectorPairingsShowWholeOpponents(t *testing.T) {
	f := newFixture(t)
	e, _ := f.Event("altered", "standard-bo3", longNames(64)...)
	f.Publish(e.ID)
	for _, lang := range []string{"en", "fr"} {
		ctx := browser(t, 1920, 1080)
		run(t, ctx, "choose "+lang, chromedp.Navigate(f.http.URL+"/lang/"+lang+"?back=%2Fevents%2F"+webtest.Itoa64(int64(e.ID))+"%2Fprojector"))
		waitText(t, ctx, "#pj-title", map[string]string{"en": "Pairings by name", "fr": "Appariements par nom"}[lang], 5*time.Second)
		screenshot(t, ctx, "tv-pairings-64-"+lang+".png")
		cut, err := chromedp.Run(ctx, chromedp.Evaluate[string](`[...document.querySelectorAll('#pj-rows .pj-row .l, #pj-rows .pj-row .t')]
			.filter((l) => l.scrollWidth > l.clientWidth).map((l) => l.textContent).slice(0, 3).join(' | ')`))
		if err != nil {
			t.Fatal(err)
		}
		if cut != "" {
			t.Errorf("%s: cut on the TV: %s", lang, cut)
		}
	}
}
