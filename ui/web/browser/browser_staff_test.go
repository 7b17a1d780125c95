package browser

import (
	"context"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"tablekeeper/core/event"
	"tablekeeper/core/judgelog"
	"tablekeeper/ui/web/internal/webtest"
)

// The kiosk on a tablet: the organizer unlocks it with the PIN; a player
// finds her name as she types and checks in; a player who signs up under a
// name the directory knows is asked "Is this you?" and checked in as that
// player, not entered twice; a deck is checked as it is typed.
func TestBrowserKioskTabletChecksInAndRefusesAGhostDuplicate(t *testing.T) {
	f := newFixture(t)
	f.Event("altered", "standard-bo3", "Chris Lee") // last week's event: Chris is in the directory
	e, _ := f.Event("altered", "standard-bo3", "Ada Lovelace", "Bram Berg", "Zoë Ødegård")
	if _, err := f.D.Phones.SetKioskCode(context.Background(), webtest.KioskPIN); err != nil {
		t.Fatal(err)
	}
	ctx := browser(t, 1024, 768)
	base := f.HTTP.URL + webtest.KioskOf(e)

	run(t, ctx, "open the kiosk", chromedp.Navigate(base), chromedp.WaitVisible(chromedp.ID("k-pin")))
	run(t, ctx, "type the PIN", chromedp.SendKeys(chromedp.ID("k-pin"), webtest.KioskPIN), chromedp.Click(chromedp.CSS("button[type=submit]")))
	waitText(t, ctx, ".k-title", "Welcome! Check in here", 5*time.Second)

	run(t, ctx, "type a name", chromedp.SendKeys(chromedp.CSS(".k-search input"), "lovel"))
	waitText(t, ctx, "#k-results", "Ada Lovelace", 5*time.Second)
	screenshot(t, ctx, "kiosk-tablet.png")
	run(t, ctx, "tap the name", chromedp.Click(chromedp.CSS("#k-results a.k-name")))
	waitText(t, ctx, ".k-title", "Are you Ada Lovelace?", 5*time.Second)
	run(t, ctx, "yes", chromedp.Click(chromedp.CSS("button.k-primary")))
	waitText(t, ctx, ".k-title", "You're checked in, Ada Lovelace. Good luck!", 5*time.Second)
	if en, _ := f.EntryNamed(e, "Ada Lovelace"); !en.CheckedIn {
		t.Fatal("Ada is not checked in")
	}

	// A deck, after her player code (a name is anyone's), checked as it
	// is typed.
	ada, _ := f.EntryNamed(e, "Ada Lovelace")
	code := f.PlayerCodeOf(ada.ID)
	run(t, ctx, "register a deck", chromedp.Click(chromedp.CSS("a.k-primary")))
	waitText(t, ctx, ".k-title", "Register your deck, Ada Lovelace", 5*time.Second)
	waitText(t, ctx, ".k-prompt", "Type your player code first", 5*time.Second)
	run(t, ctx, "a wrong code", chromedp.SendKeys(chromedp.ID("k-code-in"), "AAA-AAA"), chromedp.Click(chromedp.CSS("button.k-primary")))
	waitText(t, ctx, ".k-problem", "That is not your player code.", 5*time.Second)
	screenshot(t, ctx, "kiosk-deck-code-tablet.png")
	run(t, ctx, "her code", chromedp.SendKeys(chromedp.ID("k-code-in"), strings.ToLower(code)), chromedp.Click(chromedp.CSS("button.k-primary")))
	waitText(t, ctx, ".k-title", "Register your deck, Ada Lovelace", 5*time.Second)
	run(t, ctx, "type the list", chromedp.SendKeys(chromedp.ID("k-list"), "Hero: Akesha & Taru\n4 Axiom Card 1 (C)\n"))
	waitText(t, ctx, "#k-check", "Not legal yet", 5*time.Second)
	screenshot(t, ctx, "kiosk-deck-tablet.png")
	run(t, ctx, "cancel", chromedp.Navigate(base))

	// A new player types a name the directory knows.
	waitText(t, ctx, ".k-title", "Welcome! Check in here", 5*time.Second)
	run(t, ctx, "I'm new here", chromedp.Click(chromedp.CSS("a.k-new")))
	waitText(t, ctx, ".k-title", "New here? Sign up", 5*time.Second)
	run(t, ctx, "type the name", chromedp.SendKeys(chromedp.ID("k-name"), "chris lee"), chromedp.Click(chromedp.CSS("button.k-primary")))
	waitText(t, ctx, ".k-title", "Is this you?", 5*time.Second)
	waitText(t, ctx, ".k-names", "Yes, I'm Chris Lee", time.Second)
	if _, ok := f.EntryNamed(e, "chris lee"); ok {
		t.Fatal("a ghost entry was made")
	}
	run(t, ctx, "it's me", chromedp.Click(chromedp.CSS(".k-names button")))
	waitText(t, ctx, ".k-title", "You're checked in, Chris Lee. Good luck!", 5*time.Second)
	found, err := f.D.Registration.FindPlayers(context.Background(), "chris", 10)
	if err != nil || len(found) != 1 {
		t.Fatalf("the directory holds %d Chris Lee (%v): a ghost duplicate", len(found), err)
	}
	if en, ok := f.EntryNamed(e, "Chris Lee"); !ok || !en.CheckedIn || en.PlayerID != found[0].ID {
		t.Fatalf("Chris's entry = %+v", en)
	}

	// The other sizes, to look at: a phone and a TV.
	for _, size := range []struct {
		name string
		w, h int
	}{{"kiosk-phone.png", 390, 844}, {"kiosk-tv.png", 1920, 1080}} {
		c := browser(t, size.w, size.h)
		run(t, c, "open the kiosk", chromedp.Navigate(base), chromedp.WaitVisible(chromedp.ID("k-pin")))
		run(t, c, "unlock", chromedp.SendKeys(chromedp.ID("k-pin"), webtest.KioskPIN), chromedp.Click(chromedp.CSS("button[type=submit]")))
		waitText(t, c, ".k-title", "Welcome! Check in here", 5*time.Second)
		run(t, c, "type a name", chromedp.SendKeys(chromedp.CSS(".k-search input"), "lovel"))
		waitText(t, c, "#k-results", "Ada Lovelace", 5*time.Second)
		screenshot(t, c, size.name)
	}
}

// After round 1 the same tablet finds tables, and the countdown ticks.
func TestBrowserKioskFindsATableAfterRoundOne(t *testing.T) {
	f := newFixture(t)
	e, es, r := f.OpenRound(8)
	if _, err := f.D.Phones.SetKioskCode(context.Background(), webtest.KioskPIN); err != nil {
		t.Fatal(err)
	}
	ada := webtest.SeatTable(r, es[0].ID)
	ctx := browser(t, 1024, 768)
	run(t, ctx, "open the kiosk", chromedp.Navigate(f.HTTP.URL+webtest.KioskOf(e)), chromedp.WaitVisible(chromedp.ID("k-pin")))
	run(t, ctx, "unlock", chromedp.SendKeys(chromedp.ID("k-pin"), webtest.KioskPIN), chromedp.Click(chromedp.CSS("button[type=submit]")))
	waitText(t, ctx, ".k-title", "Find your table", 5*time.Second)
	run(t, ctx, "type a name", chromedp.SendKeys(chromedp.CSS(".k-search input"), es[0].Name[:4]))
	waitText(t, ctx, "#k-results", "Table "+strconv.Itoa(ada.Number), 5*time.Second)
	first := textOf(t, ctx, ".k-clock span")
	// It ticks a second later: the wait ends at the tick, not after 2.1 s
	// (it fails the test after 3 s).
	waitGone(t, ctx, ".k-clock span", first, 3*time.Second)
	if later := textOf(t, ctx, ".k-clock span"); later == first || !strings.HasSuffix(later, " left") {
		t.Errorf("the countdown did not tick: %q then %q", first, later)
	}
	screenshot(t, ctx, "kiosk-table-tablet.png")
}

// A judge signs in on a phone, opens a table, and logs a penalty with the
// desk's suggestion, which the director records with the judge and the
// phone.
func TestBrowserJudgeLogsAPenalty(t *testing.T) {
	f := newFixture(t)
	e, r, judges := f.JudgeEvent()
	if _, err := f.D.Clocks.StartClock(context.Background(), e.ID, r.Number); err != nil {
		t.Fatal(err)
	}
	ada, _ := f.EntryNamed(e, "Ada Lovelace")
	tb := webtest.SeatTable(r, ada.ID)
	ctx := browser(t, 390, 844)

	f.SignInJudge(t, ctx)
	waitText(t, ctx, "h1", "Choose the event", 5*time.Second)
	run(t, ctx, "the event", chromedp.Click(chromedp.CSS("a.j-item")))
	waitText(t, ctx, "h1", "Who are you?", 5*time.Second)
	run(t, ctx, "Grace", chromedp.Click(chromedp.CSS("button.j-item")))
	waitText(t, ctx, "#j-out", "tables still out", 5*time.Second)
	run(t, ctx, "the table", chromedp.Click(chromedp.CSS(`a.j-table[href$="/tables/`+strconv.Itoa(tb.Number)+`"]`)))
	waitText(t, ctx, "h1", "Table "+strconv.Itoa(tb.Number), 5*time.Second)
	// The table's time counts down on the phone (app/tk.js, countdowns).
	first := textOf(t, ctx, ".j-time-big span")
	waitGone(t, ctx, ".j-time-big span", first, 3*time.Second)
	if later := textOf(t, ctx, ".j-time-big span"); !strings.HasSuffix(later, " left") {
		t.Fatalf("the table's time shows %q, then %q: want a countdown", first, later)
	}
	run(t, ctx, "penalty at this table", chromedp.Click(chromedp.CSS("nav.j-actions a.j-primary")))
	waitText(t, ctx, "h1", "New judge log entry", 5*time.Second)

	run(t, ctx, "choose Ada", chromedp.SetValue(chromedp.ID("j-player"), webtest.Itoa64(int64(ada.ID))),
		chromedp.Evaluate[chromedp.Void](`document.getElementById('j-player').dispatchEvent(new Event('change'))`))
	run(t, ctx, "the infraction", chromedp.SendKeys(chromedp.ID("j-infraction"), "slow play"))
	want := judgelog.Suggest(e.Game, nil, ada.ID, "slow play").Sentence("Ada Lovelace")
	waitText(t, ctx, "#j-suggestion", want, 5*time.Second)
	chosen, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.getElementById('j-penalty').value`))
	if err != nil || chosen != judgelog.InformalWarning {
		t.Fatalf("the suggested penalty is not chosen: %q (%v)", chosen, err)
	}
	run(t, ctx, "describe", chromedp.SendKeys(chromedp.ID("j-description"), "Took three minutes over one decision."))
	screenshot(t, ctx, "judge-entry-phone.png")
	run(t, ctx, "save", chromedp.Click(chromedp.CSS("#j-entry button.j-primary")))
	waitText(t, ctx, ".j-notice", "Saved as judge log entry #1.", 5*time.Second)
	waitText(t, ctx, ".j-log", "Ada Lovelace — slow play, informal warning (judge Grace Hopper)", time.Second)
	screenshot(t, ctx, "judge-phone.png")

	log, err := f.D.Judging.JudgeLog(context.Background(), e.ID)
	if err != nil || len(log) != 1 {
		t.Fatalf("judge log = %+v (%v)", log, err)
	}
	x := log[0]
	if x.Kind != event.LogPenalty || x.EntryID != ada.ID || x.Penalty != judgelog.InformalWarning || x.Table != tb.Number ||
		x.JudgeID != judges[0].ID || !strings.HasPrefix(x.Source, "judge phone, device ") {
		t.Fatalf("the entry = %+v", x)
	}

	// The other sizes, to look at: a tablet and a TV.
	for _, size := range []struct {
		name string
		w, h int
	}{{"judge-tablet.png", 1024, 768}, {"judge-tv.png", 1920, 1080}} {
		c := browser(t, size.w, size.h)
		f.SignInJudge(t, c)
		waitText(t, c, "h1", "Choose the event", 5*time.Second)
		run(t, c, "the event", chromedp.Navigate(f.HTTP.URL+webtest.JudgeOf(e)))
		run(t, c, "the first judge", chromedp.Click(chromedp.CSS(`button.j-item`)))
		waitText(t, c, "#j-out", "tables still out", 5*time.Second)
		screenshot(t, c, size.name)
	}
}
