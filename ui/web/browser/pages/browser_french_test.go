package pages

import (
	"context"
	"strings"
	"testing"
	"time"

	"tablekeeper/ui/web/internal/webtest"

	"github.com/chromedp/chromedp"
	"tablekeeper/ui/web/internal/browserkit"
	"tablekeeper/ui/web/internal/browsertest"
)

// Every page in French, at the three sizes the store has: its words are
// French, and the ~20% longer text never widens the page past the screen.
// Under -shots each is kept to look at (docs/fr keeps a few).
func TestBrowserPagesInFrench(t *testing.T) {
	f := browserkit.NewServer(t)
	e := f.TopCut(16)
	id := webtest.Itoa64(int64(e.ID))
	var ctx context.Context
	for _, size := range []struct {
		name string
		w, h int
	}{{"phone", 390, 844}, {"tablet", 1024, 768}, {"tv", 1920, 1080}} {
		for i, pg := range []struct{ name, path, sel, want string }{
			{"events", "/", "#events", "Friday Night"},
			{"home", "/events/" + id, "#find", "Trouvez votre table"},
			{"pairings", "/events/" + id + "/pairings", "#pairings", "Table"},
			{"standings", "/events/" + id + "/standings", "#tiebreakers", ""},
			{"bracket", "/events/" + id + "/bracket", "#bracket", "Table 1"},
			{"report", "/events/" + id + "/report", "h1", "Déclarer un résultat"},
			{"judges", "/judge", "h1", "Juges"},
			{"projector", "/events/" + id + "/projector", "#pj-rows", ""},
		} {
			if pg.name == "projector" && size.name == "phone" {
				continue // a page for a TV
			}
			// A browser for every few pages: each has a minute.
			if i%3 == 0 {
				ctx = browsertest.Open(t, size.w, size.h)
				browsertest.Run(t, ctx, "choose French", chromedp.Navigate(f.HTTP.URL+"/lang/fr?back=/"))
			}
			browsertest.Run(t, ctx, "open "+pg.path, chromedp.Navigate(f.HTTP.URL+pg.path))
			browsertest.WaitText(t, ctx, pg.sel, pg.want, 5*time.Second)
			if lang := browserkit.TextOfJS(t, ctx, `document.documentElement.lang`); lang != "fr" {
				t.Errorf("%s: html lang %q", pg.path, lang)
			}
			body := browsertest.TextOf(t, ctx, "body")
			for _, bad := range []string{"[object", "undefined", "NaN", "%!"} {
				if strings.Contains(body, bad) {
					t.Errorf("%s at %s shows %q: %.300s", pg.path, size.name, bad, body)
				}
			}
			if wide := browserkit.TextOfJS(t, ctx, `String(document.documentElement.scrollWidth > window.innerWidth)`); wide == "true" {
				t.Errorf("%s at %s is wider than the screen in French", pg.path, size.name)
			}
			browserkit.Screenshot(t, ctx, "fr-"+pg.name+"-"+size.name+".png")
		}
	}
}
