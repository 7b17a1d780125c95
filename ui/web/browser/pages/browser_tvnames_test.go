package pages

import (
	"testing"
	"time"

	"tablekeeper/ui/web/internal/webtest"

	"github.com/chromedp/chromedp"
	"tablekeeper/ui/web/internal/browserkit"
	"tablekeeper/ui/web/internal/browsertest"
)

// The TV's pairings by name show each row whole, the opponents too ("vs
// Mat…" cut them with 64 players at 1920×1080), in English and French:
// the columns follow the rows' measured width.
func TestBrowserProjectorPairingsShowWholeOpponents(t *testing.T) {
	f := browserkit.NewServer(t)
	e, _ := f.Event("altered", "standard-bo3", longNames(64)...)
	f.Publish(e.ID)
	for _, lang := range []string{"en", "fr"} {
		ctx := browsertest.Open(t, 1920, 1080)
		browsertest.Run(t, ctx, "choose "+lang, chromedp.Navigate(f.HTTP.URL+"/lang/"+lang+"?back=%2Fevents%2F"+webtest.Itoa64(int64(e.ID))+"%2Fprojector"))
		browsertest.WaitText(t, ctx, "#pj-title", map[string]string{"en": "Pairings by name", "fr": "Appariements par nom"}[lang], 5*time.Second)
		browserkit.Screenshot(t, ctx, "tv-pairings-64-"+lang+".png")
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
