package pages

import (
	"testing"
	"time"

	"tablekeeper/ui/web/internal/webtest"

	"github.com/chromedp/chromedp"
	"tablekeeper/ui/web/internal/browserkit"
	"tablekeeper/ui/web/internal/browsertest"
)

// fitScript lists what does not fit the phone: the event menu on more than
// one row, a field whose placeholder is wider than the field (measured in
// the placeholder's own font, case and spacing), a page wider than the
// screen.
const fitScript = `(() => {
  const bad = [];
  const tabs = [...document.querySelectorAll('.tabs a')];
  if (tabs.some((a) => a.offsetTop !== tabs[0].offsetTop)) bad.push('the menu wraps: ' + tabs.map((a) => a.textContent).join(' | '));
  if (document.documentElement.scrollWidth > innerWidth) bad.push('the page is wider than the screen');
  const c = document.createElement('canvas').getContext('2d');
  for (const el of document.querySelectorAll('input[placeholder]')) {
    if (!el.placeholder || !el.offsetWidth) continue;
    const cs = getComputedStyle(el, '::placeholder'), box = getComputedStyle(el);
    c.font = cs.font;
    const text = cs.textTransform === 'uppercase' ? el.placeholder.toUpperCase() : el.placeholder;
    const spacing = parseFloat(cs.letterSpacing) || 0;
    const need = c.measureText(text).width + spacing * text.length;
    const room = el.clientWidth - parseFloat(box.paddingLeft) - parseFloat(box.paddingRight);
    if (need > room) bad.push('#' + el.id + ' cuts its placeholder "' + el.placeholder + '": ' + Math.ceil(need) + ' px in ' + Math.floor(room));
  }
  return bad.join('\n');
})()`

// Every event page fits a 390 px phone in French, the longest language:
// one row of menu, placeholders whole (the report's code field shows its
// form once a table is typed).
func TestBrowserFrenchFitsAPhone(t *testing.T) {
	f := browserkit.NewServer(t)
	e, _, _ := f.OpenRound(12)
	id := webtest.Itoa64(int64(e.ID))
	for _, pg := range []struct{ path, sel string }{
		{"/", "#events"},
		{"/events/" + id, "#find-q"},
		{"/events/" + id + "/pairings", "#filter"},
		{"/events/" + id + "/standings", "#standings"},
		{"/events/" + id + "/bracket", "#bracket-message"},
		{"/events/" + id + "/report?table=1", "#r-code"},
		{"/judge", "#j-pin"},
	} {
		// A browser for each page: one shared browser sometimes spent
		// its minute on the seventh navigation.
		ctx := browsertest.Open(t, 390, 844)
		browsertest.Run(t, ctx, "choose French", chromedp.Navigate(f.HTTP.URL+"/lang/fr?back=/"))
		browsertest.Run(t, ctx, "open "+pg.path, chromedp.Navigate(f.HTTP.URL+pg.path), chromedp.WaitReady(chromedp.CSS(pg.sel)))
		if pg.sel == "#r-code" {
			browsertest.Run(t, ctx, "the form", chromedp.WaitVisible(chromedp.ID("r-code")))
		}
		browsertest.Run(t, ctx, "settle", chromedp.Sleep(300*time.Millisecond))
		bad, err := chromedp.Run(ctx, chromedp.Evaluate[string](fitScript))
		if err != nil {
			t.Fatalf("%s: %v", pg.path, err)
		}
		if bad != "" {
			t.Errorf("%s at 390 px in French:\n%s", pg.path, bad)
		}
	}
}
