package pages

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path"
	"testing"

	"github.com/chromedp/chromedp"
	"tablekeeper/ui/web/internal/browsertest"
)

// The pages' script chooses a plural form with the browser's plural rules
// of the page's language, among the forms the server gives: Polish says
// 1, 2–4 and 22–24, and 5–21 each their own way, French 0 as 1, and a form
// the file left out is said with "other". No language is named in the
// pages' modules.
func TestBrowserPageScriptsFollowEachLanguagesPluralRules(t *testing.T) {
	forms := map[string]map[string]string{
		"pl": {"one": "%d stół", "few": "%d stoły", "many": "%d stołów", "other": "%d stołu"},
		"fr": {"one": "%d table", "other": "%d tables"},
		"en": {"one": "%d table", "other": "%d tables"},
		"cy": {"one": "%d bwrdd", "other": "%d byrddau"}, // Welsh's zero, two, few and many left out
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if path.Ext(r.URL.Path) == ".js" {
			// tk.js and the modules it imports, as ui/web embeds them.
			b, err := os.ReadFile("../../static/app/" + path.Base(r.URL.Path))
			if err != nil {
				http.NotFound(w, r)
				return
			}
			w.Header().Set("Content-Type", "text/javascript")
			w.Write(b)
			return
		}
		l := r.URL.Query().Get("lang")
		words, _ := json.Marshal(map[string]any{"%d tables": forms[l]})
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprintf(w, `<!doctype html><html lang="%s"><body><script type="application/json" id="i18n">%s</script><script type="module" src="/tk.js"></script></body></html>`, l, words)
	}))
	defer srv.Close()
	ctx := browsertest.Open(t, 400, 300)
	for _, c := range []struct {
		lang string
		n    int
		want string
	}{
		{"pl", 1, "1 stół"}, {"pl", 2, "2 stoły"}, {"pl", 4, "4 stoły"}, {"pl", 5, "5 stołów"}, {"pl", 12, "12 stołów"},
		{"pl", 22, "22 stoły"}, {"pl", 0, "0 stołów"},
		{"fr", 0, "0 table"}, {"fr", 1, "1 table"}, {"fr", 2, "2 tables"},
		{"en", 0, "0 tables"}, {"en", 1, "1 table"},
		{"cy", 1, "1 bwrdd"}, {"cy", 2, "2 byrddau"}, {"cy", 0, "0 byrddau"},
	} {
		browsertest.Run(t, ctx, "open a "+c.lang+" page", chromedp.Navigate(srv.URL+"/?lang="+c.lang))
		got, err := chromedp.Run(ctx, chromedp.Evaluate[string](fmt.Sprintf(`tk.tn("%%d tables", %d, %d)`, c.n, c.n)))
		if err != nil {
			t.Fatal(err)
		}
		if got != c.want {
			t.Errorf("%s %d: %q, want %q", c.lang, c.n, got, c.want)
		}
	}
}
