package pages

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/ui/web/internal/webtest"

	"github.com/chromedp/chromedp"
	"tablekeeper/ui/web/internal/browserkit"
	"tablekeeper/ui/web/internal/browsertest"
)

// axeScript is axe-core, installed from the npm registry at the version
// pinned in testdata/axe/package-lock.json by make test-deps.
const axeScript = "../../testdata/axe/node_modules/axe-core/axe.min.js"

// axeViolation is the part of an axe-core violation the test reports.
type axeViolation struct {
	ID     string `json:"id"`
	Impact string `json:"impact"`
	Help   string `json:"help"`
	Nodes  []struct {
		Target  []any  `json:"target"`
		Summary string `json:"failureSummary"`
	} `json:"nodes"`
}

// axeSource reads axe-core, failing (never skipping) when it is missing:
// a machine without it would otherwise pass with nothing checked.
func axeSource(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile(axeScript)
	if err != nil {
		t.Fatalf("axe-core is missing (%v): run make test-deps, which installs it with npm ci in ui/web/testdata/axe", err)
	}
	return string(b)
}

// axeCheck runs axe-core on the page the browser shows and fails listing
// every serious or critical violation: its rule, where, and what to fix.
func axeCheck(t *testing.T, ctx context.Context, axe, page string) {
	t.Helper()
	browsertest.Run(t, ctx, "settle "+page, chromedp.Sleep(200*time.Millisecond))
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](axe+`;true`)); err != nil {
		t.Fatalf("inject axe-core into %s: %v", page, err)
	}
	out, err := chromedp.Run(ctx, chromedp.Evaluate[string](`axe.run(document, {resultTypes: ['violations']}).then((r) => JSON.stringify(r.violations))`, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatalf("run axe-core on %s: %v", page, err)
	}
	var vs []axeViolation
	if err := json.Unmarshal([]byte(out), &vs); err != nil {
		t.Fatalf("axe-core's answer on %s: %v", page, err)
	}
	for _, v := range vs {
		if v.Impact != "serious" && v.Impact != "critical" {
			continue
		}
		var where []string
		for _, n := range v.Nodes {
			where = append(where, fmt.Sprintf("%v: %s", n.Target, strings.ReplaceAll(n.Summary, "\n", " ")))
		}
		t.Errorf("%s: %s (%s) %s\n\t%s", page, v.ID, v.Impact, v.Help, strings.Join(where, "\n\t"))
	}
}

// Every page a player, a tablet, a TV or a judge sees, in a realistic
// state, has no serious or critical axe-core violation.
func TestBrowserAxeFindsNothingSerious(t *testing.T) {
	axe := axeSource(t)
	for _, lang := range []string{"en", "fr"} {
		t.Run(lang, func(t *testing.T) {
			// Each language has its own server and tabs: they run side by
			// side, as axe-core's work is chromium's.
			t.Parallel()
			f := browserkit.NewServer(t)
			// One browser each: a browser's context lasts a minute.
			for _, pages := range []func(*testing.T, context.Context, *browserkit.Server, string){axePublicPages, axeResultPages, axeKioskPages, axeJudgePages, axeDeckPages, axeDropPages, axeConfirmPages, axeScorekeeperPages} {
				ctx := browsertest.Open(t, 390, 844)
				browsertest.Run(t, ctx, "choose "+lang, chromedp.Navigate(f.HTTP.URL+"/lang/"+lang))
				pages(t, ctx, f, axe)
			}
		})
	}
}

// axePublicPages checks the events list, the event's home and pairings.
func axePublicPages(t *testing.T, ctx context.Context, f *browserkit.Server, axe string) {
	e, es, _ := f.OpenRound(12)
	f.PastSeason(es[:6]) // Ada's earlier events: her "At this store" card
	id := webtest.Itoa64(int64(e.ID))
	open := func(path, sel string) {
		t.Helper()
		browsertest.Run(t, ctx, "open "+path, chromedp.Navigate(f.HTTP.URL+path), chromedp.WaitVisible(chromedp.CSS(sel)))
	}
	open("/", "#events")
	browsertest.WaitText(t, ctx, "#events", e.Name, 5*time.Second)
	axeCheck(t, ctx, axe, "events list")
	open("/events/"+id, "#find-q")
	axeCheck(t, ctx, axe, "event home")
	browsertest.Run(t, ctx, "find Ada", chromedp.SendKeys(chromedp.ID("find-q"), "lovel"))
	browsertest.WaitText(t, ctx, "#find-results", "Ada Lovelace", 5*time.Second)
	axeCheck(t, ctx, axe, "event home, names found")
	browsertest.Run(t, ctx, "tap Ada", chromedp.Click(chromedp.CSS("#find-results button")))
	browsertest.Run(t, ctx, "her table", chromedp.WaitVisible(chromedp.ID("my-table")))
	browsertest.WaitText(t, ctx, "#history", "Altered league night", 5*time.Second)
	axeCheck(t, ctx, axe, "event home, found, with her events at this store")
	browsertest.Run(t, ctx, "a wrong player code", chromedp.SendKeys(chromedp.ID("signin-code"), "ZZZ-ZZZ"), chromedp.Click(chromedp.ID("signin-go")),
		chromedp.WaitVisible(chromedp.ID("signin-message")))
	axeCheck(t, ctx, axe, "event home, wrong player code")
	browsertest.Run(t, ctx, "her player code", chromedp.SetValue(chromedp.ID("signin-code"), f.PlayerCodeOf(es[0].ID)), chromedp.Click(chromedp.ID("signin-go")),
		chromedp.WaitVisible(chromedp.ID("signed-in")))
	axeCheck(t, ctx, axe, "event home, signed in")
	open("/events/99999", "main")
	axeCheck(t, ctx, axe, "event not found")
	open("/events/"+id+"/pairings", "#pairings")
	browsertest.WaitText(t, ctx, "#pairings", "Ada Lovelace", 5*time.Second)
	axeCheck(t, ctx, axe, "pairings by name")
	browsertest.Run(t, ctx, "by table", chromedp.Click(chromedp.ID("by-table")))
	axeCheck(t, ctx, axe, "pairings by table")
}

// axeResultPages checks the pages of the results: standings, bracket,
// report and projector.
func axeResultPages(t *testing.T, ctx context.Context, f *browserkit.Server, axe string) {
	cut := f.TopCut(16)
	e, _, _ := f.OpenRound(12)
	id := webtest.Itoa64(int64(e.ID))
	open := func(path, sel string) {
		t.Helper()
		browsertest.Run(t, ctx, "open "+path, chromedp.Navigate(f.HTTP.URL+path), chromedp.WaitVisible(chromedp.CSS(sel)))
	}
	open("/events/"+webtest.Itoa64(int64(cut.ID))+"/standings", "#standings")
	browsertest.WaitText(t, ctx, "#standings", "Ada Lovelace", 5*time.Second)
	axeCheck(t, ctx, axe, "standings")
	open("/events/"+webtest.Itoa64(int64(cut.ID))+"/bracket", "#bracket")
	browsertest.WaitText(t, ctx, "#bracket", "1", 5*time.Second)
	axeCheck(t, ctx, axe, "bracket")
	open("/events/"+id+"/report", "main")
	axeCheck(t, ctx, axe, "report")
	open("/events/"+id+"/projector", "main")
	browsertest.WaitText(t, ctx, "#pj-rows", "Ada Lovelace", 5*time.Second)
	axeCheck(t, ctx, axe, "projector")
}

// axeKioskPages checks the kiosk tablet's screens, from locked to done.
func axeKioskPages(t *testing.T, ctx context.Context, f *browserkit.Server, axe string) {
	f.Event("altered", "standard-bo3", "Chris Lee") // Chris is in the directory
	e, _ := f.Event("altered", "standard-bo3", "Ada Lovelace", "Bram Berg", "Zoë Ødegård")
	if _, err := f.D.Phones.SetKioskCode(context.Background(), webtest.KioskPIN); err != nil {
		t.Fatal(err)
	}
	base := f.HTTP.URL + webtest.KioskOf(e)
	browsertest.Run(t, ctx, "open the kiosk", chromedp.Navigate(base), chromedp.WaitVisible(chromedp.ID("k-pin")))
	axeCheck(t, ctx, axe, "kiosk unlock")
	browsertest.Run(t, ctx, "unlock", chromedp.SendKeys(chromedp.ID("k-pin"), webtest.KioskPIN), chromedp.Click(chromedp.CSS("button[type=submit]")))
	browsertest.Run(t, ctx, "start", chromedp.WaitVisible(chromedp.CSS(".k-search input")))
	axeCheck(t, ctx, axe, "kiosk start")
	browsertest.Run(t, ctx, "type a name", chromedp.SendKeys(chromedp.CSS(".k-search input"), "lovel"))
	browsertest.WaitText(t, ctx, "#k-results", "Ada Lovelace", 5*time.Second)
	axeCheck(t, ctx, axe, "kiosk start, names found")
	browsertest.Run(t, ctx, "tap the name", chromedp.Click(chromedp.CSS("#k-results a.k-name")), chromedp.WaitVisible(chromedp.CSS("button.k-primary")))
	axeCheck(t, ctx, axe, "kiosk confirm")
	browsertest.Run(t, ctx, "yes", chromedp.Click(chromedp.CSS("button.k-primary")), chromedp.WaitVisible(chromedp.CSS("a.k-primary")))
	axeCheck(t, ctx, axe, "kiosk done")
	browsertest.Run(t, ctx, "register a deck", chromedp.Click(chromedp.CSS("a.k-primary")), chromedp.WaitVisible(chromedp.ID("k-code-in")))
	browsertest.Run(t, ctx, "a wrong code", chromedp.SendKeys(chromedp.ID("k-code-in"), "AAA-AAA"), chromedp.Click(chromedp.CSS("button.k-primary")),
		chromedp.WaitVisible(chromedp.CSS(".k-problem")))
	axeCheck(t, ctx, axe, "kiosk deck code")
	ada, _ := f.EntryNamed(e, "Ada Lovelace")
	code := f.PlayerCodeOf(ada.ID)
	browsertest.Run(t, ctx, "her code", chromedp.SendKeys(chromedp.ID("k-code-in"), code), chromedp.Click(chromedp.CSS("button.k-primary")),
		chromedp.WaitVisible(chromedp.ID("k-list")))
	browsertest.Run(t, ctx, "type the list", chromedp.SendKeys(chromedp.ID("k-list"), "Hero: Akesha & Taru\n4 Axiom Card 1 (C)\n"))
	browsertest.WaitText(t, ctx, "#k-check", "", 5*time.Second)
	axeCheck(t, ctx, axe, "kiosk deck")
	browsertest.Run(t, ctx, "sign up", chromedp.Navigate(base+"/signup"), chromedp.WaitVisible(chromedp.ID("k-name")))
	axeCheck(t, ctx, axe, "kiosk sign-up")
	browsertest.Run(t, ctx, "a known name", chromedp.SendKeys(chromedp.ID("k-name"), "chris lee"), chromedp.Click(chromedp.CSS("button.k-primary")),
		chromedp.WaitVisible(chromedp.CSS(".k-names button")))
	axeCheck(t, ctx, axe, "kiosk same name")
	browsertest.Run(t, ctx, "lock", chromedp.Navigate(base+"/lock"), chromedp.WaitVisible(chromedp.CSS("main")))
	axeCheck(t, ctx, axe, "kiosk lock")
}

// axeJudgePages checks a judge's phone from sign-in to a log entry.
func axeJudgePages(t *testing.T, ctx context.Context, f *browserkit.Server, axe string) {
	e, _, _ := f.JudgeEvent()
	pin, err := f.D.Phones.JudgePIN(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	browsertest.Run(t, ctx, "open /judge", chromedp.Navigate(f.HTTP.URL+"/judge"), chromedp.WaitVisible(chromedp.ID("j-pin")))
	axeCheck(t, ctx, axe, "judge sign-in")
	browsertest.Run(t, ctx, "sign in", chromedp.SendKeys(chromedp.ID("j-pin"), pin), chromedp.Click(chromedp.CSS("button.j-primary")),
		chromedp.WaitVisible(chromedp.CSS("a.j-item")))
	axeCheck(t, ctx, axe, "judge events")
	browsertest.Run(t, ctx, "the event", chromedp.Navigate(f.HTTP.URL+webtest.JudgeOf(e)), chromedp.WaitVisible(chromedp.CSS("button.j-item")))
	axeCheck(t, ctx, axe, "judge who")
	browsertest.Run(t, ctx, "Grace", chromedp.Click(chromedp.CSS("button.j-item")), chromedp.WaitVisible(chromedp.ID("j-out")))
	axeCheck(t, ctx, axe, "judge main")
	browsertest.Run(t, ctx, "a table", chromedp.Click(chromedp.CSS("a.j-table")), chromedp.WaitVisible(chromedp.CSS("nav.j-actions")))
	axeCheck(t, ctx, axe, "judge table")
	browsertest.Run(t, ctx, "an entry", chromedp.Click(chromedp.CSS("nav.j-actions a.j-primary")), chromedp.WaitVisible(chromedp.ID("j-infraction")))
	axeCheck(t, ctx, axe, "judge entry")
}

// axeScorekeeperPages checks a station's sign-in, events and entry page,
// with a replacement asked about.
func axeScorekeeperPages(t *testing.T, ctx context.Context, f *browserkit.Server, axe string) {
	e, _, r := f.OpenRound(12)
	code, err := f.D.Stations.ScorekeeperCode(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	browsertest.Run(t, ctx, "open /scorekeeper", chromedp.Navigate(f.HTTP.URL+"/scorekeeper"), chromedp.WaitVisible(chromedp.ID("s-pin")))
	axeCheck(t, ctx, axe, "scorekeeper sign-in")
	browsertest.Run(t, ctx, "sign in", chromedp.SendKeys(chromedp.ID("s-pin"), code), chromedp.SendKeys(chromedp.ID("s-name"), "Bea"),
		chromedp.Click(chromedp.CSS("button.j-primary")), chromedp.WaitVisible(chromedp.CSS("a.j-item")))
	axeCheck(t, ctx, axe, "scorekeeper events")
	browsertest.Run(t, ctx, "the event", chromedp.Navigate(f.HTTP.URL+webtest.ScoreOf(e)), chromedp.WaitVisible(chromedp.ID("s-table")))
	browserkit.TypeSlip(t, ctx, r.Tables[0].Number, "2-0")
	browsertest.WaitText(t, ctx, "#s-mine", "2–0", 5*time.Second)
	browserkit.TypeSlip(t, ctx, r.Tables[0].Number, "0-2")
	browsertest.WaitText(t, ctx, "#s-confirm-text", "2–0", 5*time.Second)
	axeCheck(t, ctx, axe, "scorekeeper entry")
}

// axeDeckPages checks a player's decklist page, not signed in, signed in
// with a list that has a problem, and closed; and the Me page's card.
func axeDeckPages(t *testing.T, ctx context.Context, f *browserkit.Server, axe string) {
	e, es := f.Event("altered", "standard-bo3", "Ada Lovelace", "Bram Berg")
	page := f.HTTP.URL + "/events/" + webtest.Itoa64(int64(e.ID)) + "/deck"
	browsertest.Run(t, ctx, "open the deck page", chromedp.Navigate(page))
	browsertest.WaitText(t, ctx, "#deck-status", "", 5*time.Second)
	browsertest.Run(t, ctx, "settle", chromedp.WaitVisible(chromedp.CSS("#deck-status a")))
	axeCheck(t, ctx, axe, "decklist, not signed in")
	f.SignInPhone(t, ctx, e.ID, es[0].ID)
	browsertest.Run(t, ctx, "reload", chromedp.Navigate(page), chromedp.WaitVisible(chromedp.ID("deck-list")))
	browsertest.Run(t, ctx, "type a list", chromedp.SendKeys(chromedp.ID("deck-list"), "Hero: Akesha & Taru\n4 Axiom Card 1 (C)\n"))
	browsertest.Run(t, ctx, "its check", chromedp.WaitVisible(chromedp.CSS("#deck-check .d-illegal")))
	axeCheck(t, ctx, axe, "decklist, checked")
	browsertest.Run(t, ctx, "save", chromedp.Click(chromedp.ID("deck-save")), chromedp.WaitVisible(chromedp.CSS("#deck-message.warning")))
	axeCheck(t, ctx, axe, "decklist, saved with problems")
	if err := f.D.Decks.CloseDeckRegistration(context.Background(), e.ID); err != nil {
		t.Fatal(err)
	}
	browsertest.Run(t, ctx, "reload", chromedp.Navigate(page), chromedp.WaitVisible(chromedp.CSS(".deck-closed")))
	axeCheck(t, ctx, axe, "decklist, closed")
	browsertest.Run(t, ctx, "the Me page", chromedp.Navigate(f.HTTP.URL+"/events/"+webtest.Itoa64(int64(e.ID))), chromedp.WaitVisible(chromedp.ID("deck-card")))
	axeCheck(t, ctx, axe, "event home, decklist card")

	// A judge on the same phone reads the lists.
	if _, err := f.D.Judging.AddJudge(context.Background(), e.ID, director.NewJudge{Name: "Grace Hopper", Role: event.RoleHeadJudge}); err != nil {
		t.Fatal(err)
	}
	f.SignInJudge(t, ctx)
	browsertest.Run(t, ctx, "Grace", chromedp.Navigate(f.HTTP.URL+webtest.JudgeOf(e)), chromedp.Click(chromedp.CSS("button.j-item")), chromedp.WaitVisible(chromedp.ID("j-out")))
	browsertest.Run(t, ctx, "decklists", chromedp.Navigate(f.HTTP.URL+webtest.JudgeOf(e)+"/decks"), chromedp.WaitVisible(chromedp.ID("j-deck-q")))
	axeCheck(t, ctx, axe, "judge decklists")
	browserkit.Screenshot(t, ctx, "judge-decks-390.png")
	browsertest.Run(t, ctx, "Ada's list", chromedp.Click(chromedp.CSS("a.j-item")), chromedp.WaitVisible(chromedp.CSS("pre.j-decklist")))
	axeCheck(t, ctx, axe, "judge decklist")
	browserkit.Screenshot(t, ctx, "judge-deck-390.png")
}

// axeDropPages checks the drop card in each of its states.
func axeDropPages(t *testing.T, ctx context.Context, f *browserkit.Server, axe string) {
	e, es, _ := f.OpenRound(8)
	f.PhoneSignedIn(t, ctx, e, es[0])
	browsertest.Run(t, ctx, "the card", chromedp.WaitVisible(chromedp.ID("drop-ask")))
	axeCheck(t, ctx, axe, "drop card")
	browsertest.Run(t, ctx, "ask", chromedp.Click(chromedp.ID("drop-ask")), chromedp.WaitVisible(chromedp.ID("drop-yes")))
	axeCheck(t, ctx, axe, "drop card, confirm")
	browsertest.Run(t, ctx, "confirm", chromedp.Click(chromedp.ID("drop-yes")), chromedp.WaitVisible(chromedp.ID("drop-withdraw")))
	axeCheck(t, ctx, axe, "drop card, waiting")
}

// axeConfirmPages checks the report page of an event whose results both
// players confirm: signed out, open, waiting, to confirm, something else,
// at the organizer.
func axeConfirmPages(t *testing.T, ctx context.Context, f *browserkit.Server, axe string) {
	e, r, codes := f.ConfirmingRound(true)
	tb := r.Tables[0]
	ada, bob := tb.Seats[0].EntryID, tb.Seats[1].EntryID
	lang := browserkit.TextOfJS(t, ctx, `document.documentElement.lang`)
	browsertest.Run(t, ctx, "signed out", chromedp.Navigate(f.HTTP.URL+"/events/"+webtest.Itoa64(int64(e.ID))+"/report"), chromedp.WaitVisible(chromedp.ID("r-mine-signin")))
	axeCheck(t, ctx, axe, "report, players confirm, signed out")
	f.PhoneSignIn(t, ctx, lang, e.ID, ada, codes[ada])
	browsertest.Run(t, ctx, "her form", chromedp.WaitVisible(chromedp.CSS("#r-winner-buttons button")))
	axeCheck(t, ctx, axe, "report, players confirm, open")
	browsertest.Run(t, ctx, "send 2–0", chromedp.Click(chromedp.CSS("#r-winner-buttons button:nth-child(1)")),
		chromedp.Click(chromedp.CSS("#r-games-buttons button:nth-child(1)")), chromedp.Click(chromedp.ID("r-send")),
		chromedp.WaitVisible(chromedp.ID("r-mine-other")))
	axeCheck(t, ctx, axe, "report, players confirm, waiting")
	f.PhoneSignIn(t, ctx, lang, e.ID, bob, codes[bob])
	browsertest.Run(t, ctx, "to confirm", chromedp.WaitVisible(chromedp.ID("r-mine-confirm")))
	axeCheck(t, ctx, axe, "report, players confirm, to confirm")
	browsertest.Run(t, ctx, "something else", chromedp.Click(chromedp.ID("r-mine-other")), chromedp.WaitVisible(chromedp.CSS("#r-winner-buttons button")))
	axeCheck(t, ctx, axe, "report, players confirm, something else")
	browsertest.Run(t, ctx, "send 0–2", chromedp.Click(chromedp.CSS("#r-winner-buttons button:nth-child(2)")),
		chromedp.Click(chromedp.CSS("#r-games-buttons button:nth-child(1)")), chromedp.Click(chromedp.ID("r-send")),
		chromedp.WaitVisible(chromedp.CSS("#r-mine-reports li")))
	axeCheck(t, ctx, axe, "report, players confirm, at the organizer")
}
