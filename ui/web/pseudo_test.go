package web

import (
	"context"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/core/i18n/pseudo"
	"tablekeeper/ui/web/internal/browsertest"
	"tablekeeper/ui/web/internal/webtest"
)

// pseudoNames are what the pages say as it is in every language: the
// players', judges' and event's names, the languages' own names in the
// switch, the program's name, and the server's address.
func pseudoNames(n int) []string {
	return append(webtest.Names(n), "Friday Night", "Grace Hopper", "Ben Okafor", "English", "Français", "Tablekeeper",
		"http://192.168.1.20:8080/", "192.168.1.20:8080")
}

// visibleText is everything a reader of the page in the browser sees or
// hears: the title, the text drawn, and the placeholders, tooltips, labels
// and alternative texts of its elements.
const visibleText = `(() => {
  const out = [document.title, document.body.innerText];
  for (const e of document.querySelectorAll('[placeholder],[title],[aria-label],[alt],input[type=submit],input[type=button]')) {
    for (const a of ['placeholder', 'title', 'aria-label', 'alt']) if (e.hasAttribute(a)) out.push(e.getAttribute(a));
    if (e.type === 'submit' || e.type === 'button') out.push(e.value);
  }
  return out.join('\n');
})()`

// Every page of the store network said in the pseudo-locale, drawn by
// its script in chromium, has no word left in plain English: the list of
// events, an event's page, its pairings, standings, top cut, projector and
// report form (public), a player's own view, and the judges' and the
// kiosk's pages, signed in. Names, numbers and times aside, every word
// passed through a translation.
func TestBrowserPseudoEveryPageIsTranslated(t *testing.T) {
	renderingOnly(t)
	if !pseudo.Run(t) {
		return
	}
	f := newFixture(t)
	e := f.TopCut(16)
	ctx := context.Background()
	for _, nj := range []director.NewJudge{{Name: "Grace Hopper", Role: event.RoleHeadJudge}, {Name: "Ben Okafor", Role: event.RoleJudge, Order: 2}} {
		if _, err := f.d.Judging.AddJudge(ctx, e.ID, nj); err != nil {
			t.Fatal(err)
		}
	}
	id := webtest.Itoa64(int64(e.ID))
	names := pseudoNames(16)
	check := func(where, text string) {
		t.Helper()
		seen := map[string]bool{}
		for _, u := range pseudo.Untranslated(text, names...) {
			if word, _, _ := strings.Cut(u, " in "); !seen[word] {
				seen[word] = true
				t.Errorf("%s: %s", where, u)
			}
		}
	}

	// The public pages, drawn by their script.
	b := browsertest.Open(t, 1024, 768)
	browsertest.Run(t, b, "choose the pseudo-locale", chromedp.Navigate(f.http.URL+"/lang/"+string(pseudo.Lang)+"?back=/"))
	for _, path := range []string{"/", "/events/" + id, "/events/" + id + "/pairings", "/events/" + id + "/standings",
		"/events/" + id + "/bracket", "/events/" + id + "/projector", "/events/" + id + "/report"} {
		browsertest.Run(t, b, "open "+path, chromedp.Navigate(f.http.URL+path), chromedp.Sleep(1500*time.Millisecond))
		text, err := chromedp.Run(b, chromedp.Evaluate[string](visibleText))
		if err != nil {
			t.Fatal(err)
		}
		check(path, text)
	}

	// A player finds herself on the event's page: her table, opponent,
	// clock, past result and standing, drawn by the script.
	e2, es, r := f.OpenRound(12)
	ada := webtest.SeatTable(r, es[0].ID)
	if err := f.d.Rounds.RecordResult(ctx, e2.ID, 1, ada.Number, event.Result{Seats: []event.SeatResult{{GamesWon: 2}, {GamesWon: 1}}}); err != nil {
		t.Fatal(err)
	}
	mine := "/events/" + webtest.Itoa64(int64(e2.ID))
	browsertest.Run(t, b, "find a player", chromedp.Navigate(f.http.URL+mine), chromedp.WaitVisible(chromedp.ID("find-q")),
		chromedp.SendKeys(chromedp.ID("find-q"), "lovel"), chromedp.WaitVisible(chromedp.CSS("#find-results button")),
		chromedp.Click(chromedp.CSS("#find-results button")), chromedp.Sleep(1500*time.Millisecond))
	text, err := chromedp.Run(b, chromedp.Evaluate[string](visibleText))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(text, "Ada Lovelace") {
		t.Fatalf("the player's page does not show her: %s", text)
	}
	check(mine+" (a player)", text)

	// The judges' and the kiosk's pages, as their server writes them.
	staff := f.staffClient()
	staff.client.Jar.SetCookies(mustURL(t, f.http.URL), []*http.Cookie{{Name: langCookie, Value: string(pseudo.Lang), Path: "/"}})
	pin, err := f.d.Phones.JudgePIN(ctx)
	if err != nil {
		t.Fatal(err)
	}
	judge := "/judge/events/" + id
	staffPage := func(a staffAnswer, path string) {
		t.Helper()
		if a.status != http.StatusOK {
			t.Errorf("%s: status %d", path, a.status)
		}
		check(path, readerText(a.body))
	}
	staffPage(staff.get("/judge"), "/judge (sign in)")
	staff.post("/judge/signin", url.Values{"pin": {pin}})
	staffPage(staff.get(judge), judge+" (who are you)")
	judges, err := f.d.Judging.Judges(ctx, e.ID)
	if err != nil || len(judges) == 0 {
		t.Fatal(err, judges)
	}
	staff.post(judge+"/me", url.Values{"judge": {webtest.Itoa64(int64(judges[0].ID))}})
	for _, path := range []string{"/judge", judge, judge + "/tables/1", judge + "/entry"} {
		staffPage(staff.get(path), path)
	}
	if _, err := f.d.Phones.SetKioskCode(ctx, webtest.KioskPIN); err != nil {
		t.Fatal(err)
	}
	kiosk := f.staffClient()
	kiosk.client.Jar.SetCookies(mustURL(t, f.http.URL), []*http.Cookie{{Name: langCookie, Value: string(pseudo.Lang), Path: "/"}})
	k := "/events/" + id + "/kiosk"
	staffPage(kiosk.get(k), k+" (locked)")
	kiosk.post(k+"/unlock", url.Values{"pin": {webtest.KioskPIN}})
	for _, path := range []string{k, k + "/lock"} {
		staffPage(kiosk.get(path), path)
	}
	// Before round 1 the kiosk signs new players up.
	early, _ := f.Event("altered", "standard-bo3", "Ada Lovelace")
	k = "/events/" + webtest.Itoa64(int64(early.ID)) + "/kiosk"
	kiosk.post(k+"/unlock", url.Values{"pin": {webtest.KioskPIN}})
	for _, path := range []string{k, k + "/signup"} {
		staffPage(kiosk.get(path), path)
	}
}

// staffAttrRE finds the attributes a reader sees or hears.
var staffAttrRE = regexp.MustCompile(`(?:placeholder|title|aria-label|alt)="([^"]*)"|<input[^>]*type="(?:submit|button)"[^>]*value="([^"]*)"`)

// readerText is a page's visible text and its attributes a reader sees.
func readerText(page string) string {
	var out []string
	for _, m := range staffAttrRE.FindAllStringSubmatch(page, -1) {
		out = append(out, pageText(m[1]+" "+m[2]))
	}
	return pageText(page) + "\n" + strings.Join(out, "\n")
}

func mustURL(t *testing.T, s string) *url.URL {
	t.Helper()
	u, err := url.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return u
}

// renderingOnly skips a browser test that checks only what a page shows
// in make test's race pass (-race -short): the plain pass runs it, and
// the race pass keeps the browser tests that drive the live stream, the
// page cache and the hub, where a race could be.
func renderingOnly(t *testing.T) {
	t.Helper()
	if raceDetector && testing.Short() {
		t.Skip("what the page shows: checked in the plain pass; the race pass keeps the live-stream browser tests")
	}
}
