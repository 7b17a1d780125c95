package browser

import (
	"context"
	"strconv"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"tablekeeper/core/event"
	"tablekeeper/ui/web/internal/webtest"
)

// A player opens the event on a phone, finds herself by three letters
// without the accent, and sees her table and opponent; the clock counts
// down by itself; when her table's result lands, the page says so without
// a reload; reopened, the page remembers her.
func TestBrowserPlayerFindsTheirTableAndTheClockTicks(t *testing.T) {
	f := newFixture(t)
	e, es, r := f.OpenRound(12)
	ada := webtest.SeatTable(r, es[0].ID)
	ctx := browser(t, 390, 844)
	url := f.HTTP.URL + "/events/" + webtest.Itoa64(int64(e.ID))

	run(t, ctx, "open the event", chromedp.Navigate(url), chromedp.WaitVisible(chromedp.ID("find-q")))
	run(t, ctx, "type a name", chromedp.SendKeys(chromedp.ID("find-q"), "lovel"))
	waitText(t, ctx, "#find-results", "Ada Lovelace", 5*time.Second)
	waitText(t, ctx, "#find-results", "table "+strconv.Itoa(ada.Number), time.Second)
	run(t, ctx, "tap the name", chromedp.Click(chromedp.CSS("#find-results button")))
	waitText(t, ctx, "#my-table", strconv.Itoa(ada.Number), 5*time.Second)
	waitText(t, ctx, "#me-card", "vs ", time.Second)
	waitText(t, ctx, "#clock-label", "Round 1", 2*time.Second)

	first := textOf(t, ctx, "#clock")
	if first != "42:37" && first != "42:36" {
		t.Errorf("clock shows %q, want 42:37 (50 minutes, 7:23 played)", first)
	}
	// It ticks a second later: waiting for the change, not for 2.1 s,
	// ends the wait at the tick (the wait fails the test after 3 s).
	waitGone(t, ctx, "#clock", first, 3*time.Second)

	// The result lands at the organizer's desk: the page hears it.
	res := event.Result{Seats: []event.SeatResult{{GamesWon: 2}, {GamesWon: 1}}}
	if ada.Seats[1].EntryID == es[0].ID {
		res.Seats[0].GamesWon, res.Seats[1].GamesWon = 1, 2
	}
	if err := f.D.Rounds.RecordResult(context.Background(), e.ID, 1, ada.Number, res); err != nil {
		t.Fatal(err)
	}
	waitText(t, ctx, "#me-card", "Your table's result is in.", 3*time.Second)
	waitText(t, ctx, "#past", "won 2–1", 3*time.Second)
	waitText(t, ctx, "#standing", "Rank", 3*time.Second)
	screenshot(t, ctx, "phone.png")

	// Reopened, the device remembers who she is.
	run(t, ctx, "reopen", chromedp.Navigate(url))
	waitText(t, ctx, "#my-table", strconv.Itoa(ada.Number), 5*time.Second)
}

// 王芳 is a whole name in two characters: the page finds her from both,
// and for one character it says how many it needs (two, not three: the
// server decides, the page does not count). A Latin name keeps three.
func TestBrowserTwoCharacterNamesAreFound(t *testing.T) {
	f := newFixture(t)
	e, _ := f.Event("altered", "standard-bo3", "王芳", "李小龙", "김민준", "Zoë Ødegård")
	f.Publish(e.ID)
	ctx := browser(t, 390, 844)
	run(t, ctx, "open the event", chromedp.Navigate(f.HTTP.URL+"/events/"+webtest.Itoa64(int64(e.ID))), chromedp.WaitVisible(chromedp.ID("find-q")))
	for _, c := range []struct{ typed, where, want string }{
		{"王", "#find-message", "Type at least 2 letters of your name."},
		{"王芳", "#find-results", "王芳"},
		{"민준", "#find-results", "김민준"},
		{"Zo", "#find-message", "Type at least 3 letters of your name."},
		{"Zoë", "#find-results", "Zoë Ødegård"},
	} {
		if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`(document.getElementById('find-q').value = '', true)`)); err != nil {
			t.Fatal(err)
		}
		run(t, ctx, "type "+c.typed, chromedp.SendKeys(chromedp.ID("find-q"), c.typed))
		waitText(t, ctx, c.where, c.want, 5*time.Second)
	}
}
