package web

import (
	"context"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// A player taps "Report your result" on her table's card, sees the
// table's own form (the result syntax the organizer's keyboard takes),
// types a wrong code and is refused, then the right one: the result is in
// the director, and her page says so.
func TestBrowserSelfReportReachesTheDirector(t *testing.T) {
	f := newFixture(t)
	e, es, r := f.openRound(12)
	ada := seatTable(r, es[0].ID)
	code := f.codes(e.ID, 1)[ada.Number]
	ctx := browser(t, 390, 844)
	url := f.http.URL + "/events/" + itoa64(int64(e.ID))
	run(t, ctx, "find Ada", chromedp.Navigate(url), chromedp.WaitVisible(chromedp.ID("find-q")), chromedp.SendKeys(chromedp.ID("find-q"), "ada lov"))
	waitText(t, ctx, "#find-results", "Ada Lovelace", 5*time.Second)
	run(t, ctx, "tap her name", chromedp.Click(chromedp.CSS("#find-results button")))
	waitText(t, ctx, "#me-card", "Report your result", 5*time.Second)
	run(t, ctx, "tap Report", chromedp.Click(chromedp.CSS("#me-card a.button")))
	waitText(t, ctx, "#r-hint", "Best of 3", 5*time.Second)
	if got := textOf(t, ctx, "#r-sides"); !strings.Contains(got, "(seat 1) v ") {
		t.Errorf("sides %q", got)
	}
	if got := textOf(t, ctx, "#r-table"); got != "" {
		t.Logf("table field text %q", got)
	}
	// Seat 1's games first: Ada wins 2–1 whichever seat she has.
	result := "2-1"
	if ada.Seats[1].EntryID == es[0].ID {
		result = "1-2"
	}
	run(t, ctx, "type a wrong code", chromedp.SendKeys(chromedp.ID("r-result"), result), chromedp.SendKeys(chromedp.ID("r-code"), "WRONG2"),
		chromedp.Click(chromedp.ID("r-send")))
	waitText(t, ctx, "#r-message", "not the code of table "+strconv.Itoa(ada.Number), 5*time.Second)
	if got := f.results(e.ID, 1); got != "" {
		t.Fatalf("a wrong code changed the round: %s", got)
	}
	screenshot(t, ctx, "report-refused.png")
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`(document.getElementById('r-code').value = '', true)`)); err != nil {
		t.Fatal(err)
	}
	run(t, ctx, "type the right code",
		chromedp.SendKeys(chromedp.ID("r-code"), strings.ToLower(code)), chromedp.Click(chromedp.ID("r-send")))
	waitText(t, ctx, "#r-message", "result is recorded", 5*time.Second)
	rounds, err := f.d.Rounds(context.Background(), e.ID)
	if err != nil {
		t.Fatal(err)
	}
	got := seatTable(rounds[0], es[0].ID)
	if got.Result == nil {
		t.Fatal("the director has no result for Ada's table")
	}
	won := got.Result.Seats[0].GamesWon == 2
	if ada.Seats[1].EntryID == es[0].ID {
		won = got.Result.Seats[1].GamesWon == 2
	}
	if !won {
		t.Errorf("the director has %+v", got.Result.Seats)
	}
	screenshot(t, ctx, "report-recorded.png")
	run(t, ctx, "back to her page", chromedp.Navigate(url))
	waitText(t, ctx, "#past", "won 2–1", 5*time.Second)
}
