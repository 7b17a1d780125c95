package pages

import (
	"strings"
	"testing"
	"time"

	"tablekeeper/ui/web/internal/webtest"

	"github.com/chromedp/chromedp"
	"tablekeeper/ui/web/internal/browserkit"
	"tablekeeper/ui/web/internal/browsertest"
)

// Every page at the three sizes the store has (a phone, a tablet, a TV)
// draws its content; under -shots each is kept to look at.
func TestBrowserPagesAtEverySize(t *testing.T) {
	f := browserkit.NewServer(t)
	e := f.TopCut(16)
	id := webtest.Itoa64(int64(e.ID))
	for _, size := range []struct {
		name string
		w, h int
	}{{"phone", 390, 844}, {"tablet", 1024, 768}, {"tv", 1920, 1080}} {
		ctx := browsertest.Open(t, size.w, size.h)
		for _, pg := range []struct{ path, sel, want string }{
			{"/", "#events", "Friday Night"},
			{"/events/" + id + "/standings", "#standings", "Ada Lovelace"},
			{"/events/" + id + "/bracket", "#bracket", "Table 1"},
			{"/events/" + id + "/pairings", "#pairings", "Table"},
			{"/events/" + id, "#find", "Find your table"},
		} {
			browsertest.Run(t, ctx, "open "+pg.path, chromedp.Navigate(f.HTTP.URL+pg.path))
			browsertest.WaitText(t, ctx, pg.sel, pg.want, 5*time.Second)
			name := map[string]string{"/": "events"}[pg.path]
			if name == "" {
				name = pg.path[len("/events/"+id):]
				if name == "" {
					name = "home"
				} else {
					name = name[1:]
				}
			}
			browserkit.Screenshot(t, ctx, "look-"+name+"-"+size.name+".png")
		}
	}
}

// No page ever shows a script's object where text belongs.
func TestBrowserPagesShowOnlyText(t *testing.T) {
	f := browserkit.NewServer(t)
	e := f.TopCut(16)
	id := webtest.Itoa64(int64(e.ID))
	ctx := browsertest.Open(t, 1024, 768)
	for _, pg := range []struct{ path, sel, want string }{
		{"/events/" + id + "/standings", "#tiebreakers", "opponents' match-win %"},
		{"/events/" + id + "/bracket", "#bracket", "Table 1"},
		{"/events/" + id + "/pairings", "#pairings", "Table"},
		{"/events/" + id + "/projector", "#pj-rows", "vs "},
	} {
		browsertest.Run(t, ctx, "open "+pg.path, chromedp.Navigate(f.HTTP.URL+pg.path))
		browsertest.WaitText(t, ctx, pg.sel, pg.want, 5*time.Second)
		for _, bad := range []string{"[object", "undefined", "NaN"} {
			if got := browsertest.TextOf(t, ctx, "body"); strings.Contains(got, bad) {
				t.Errorf("%s shows %q: %.300s", pg.path, bad, got)
			}
		}
	}
}
