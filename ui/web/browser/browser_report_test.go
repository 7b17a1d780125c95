package browser

import (
	"context"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"tablekeeper/ui/web/internal/browserkit"
	"tablekeeper/ui/web/internal/webtest"
)

// findHerself opens the event's home page and finds name in it, as a
// player does on her phone: the page remembers her.
func findHerself(t *testing.T, ctx context.Context, url, name string) {
	t.Helper()
	run(t, ctx, "find "+name, chromedp.Navigate(url), chromedp.WaitVisible(chromedp.ID("find-q")), chromedp.SendKeys(chromedp.ID("find-q"), name))
	waitText(t, ctx, "#find-results", name, 5*time.Second)
	run(t, ctx, "tap her name", chromedp.Click(chromedp.CSS("#find-results button")))
	waitText(t, ctx, "#me-card", "Report your result", 5*time.Second)
}

// answerOnTop says whether the page's answer is on screen and has the
// focus, so that a phone and a screen reader get it first.
const answerOnTop = `(() => { const m = document.getElementById('r-message'); const b = m.getBoundingClientRect();
  return document.activeElement === m && b.top >= 0 && b.bottom <= innerHeight; })()`

// clearCode empties the code field.
const clearCode = `(document.getElementById('r-code').value = '', true)`

// evalBool evaluates an expression that gives true or false.
func evalBool(t *testing.T, ctx context.Context, expr string) bool {
	t.Helper()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[bool](expr))
	if err != nil {
		t.Fatalf("%s: %v", expr, err)
	}
	return v
}

// The player in seat 2 finds herself, taps "Report your result" on her
// card and reports her own 2–1 win in words: her name, then 2–1. The form
// calls her "You", a wrong code is refused, the right one records seat 2
// as the winner, and the answer on top of the screen names her.
func TestBrowserSeatTwoReportsHerOwnWin(t *testing.T) {
	f := newFixture(t)
	e, es, r := f.OpenRound(12)
	tb := r.Tables[0]
	her, opp := webtest.EntryName(t, es, tb.Seats[1].EntryID), webtest.EntryName(t, es, tb.Seats[0].EntryID)
	code := f.Codes(e.ID, 1)[tb.Number]
	ctx := browser(t, 390, 844)
	url := f.HTTP.URL + "/events/" + webtest.Itoa64(int64(e.ID))
	findHerself(t, ctx, url, her)
	run(t, ctx, "tap Report", chromedp.Click(chromedp.CSS("#me-card a.button")))
	waitText(t, ctx, "#r-sides", "You ("+her+") v "+opp, 5*time.Second)
	buttons := browserkit.TextOfJS(t, ctx, `Array.from(document.querySelectorAll('#r-winner-buttons button')).map((b) => b.textContent).join('|')`)
	if want := opp + "|" + her + " (you)|Draw"; buttons != want {
		t.Errorf("who won? buttons %q, want %q", buttons, want)
	}
	run(t, ctx, "send before choosing", chromedp.SendKeys(chromedp.ID("r-code"), code), chromedp.Click(chromedp.ID("r-send")))
	waitText(t, ctx, "#r-message", "Tap who won", 5*time.Second)
	if f.Results(e.ID, 1) != "" {
		t.Fatal("a report without a choice changed the round")
	}
	run(t, ctx, "tap her name", chromedp.Click(chromedp.CSS("#r-winner-buttons button:nth-child(2)")))
	waitText(t, ctx, "#r-games-legend", "The score, "+her+" (you) first", 5*time.Second)
	if got := browserkit.TextOfJS(t, ctx, `Array.from(document.querySelectorAll('#r-games-buttons button')).map((b) => b.textContent).join('|')`); got != "2–0|2–1" {
		t.Errorf("score buttons %q", got)
	}
	run(t, ctx, "tap 2–1", chromedp.Click(chromedp.CSS("#r-games-buttons button:nth-child(2)")))
	waitText(t, ctx, "#r-confirm", her+" won 2–1", 5*time.Second)
	screenshot(t, ctx, "report-confirm.png")

	evalBool(t, ctx, clearCode)
	run(t, ctx, "type a wrong code", chromedp.SendKeys(chromedp.ID("r-code"), "WRONG2"), chromedp.Click(chromedp.ID("r-send")))
	waitText(t, ctx, "#r-message", "not the code of table "+strconv.Itoa(tb.Number), 5*time.Second)
	if got := f.Results(e.ID, 1); got != "" {
		t.Fatalf("a wrong code changed the round: %s", got)
	}
	evalBool(t, ctx, clearCode)
	run(t, ctx, "type the right code", chromedp.SendKeys(chromedp.ID("r-code"), strings.ToLower(code)), chromedp.Click(chromedp.ID("r-send")))
	waitText(t, ctx, "#r-message", "Recorded: "+her+" won 2–1.", 5*time.Second)
	if !evalBool(t, ctx, answerOnTop) {
		t.Error("the answer is not on screen with the focus")
	}
	rounds, err := f.D.Rounds.Rounds(context.Background(), e.ID)
	if err != nil {
		t.Fatal(err)
	}
	got := webtest.SeatTable(rounds[0], tb.Seats[1].EntryID)
	if got.Result == nil || got.Result.Seats[1].GamesWon != 2 || got.Result.Seats[0].GamesWon != 1 {
		t.Fatalf("the director has %+v, want seat 2 winning 2–1", got.Result)
	}
	waitText(t, ctx, "#r-result-now", her+" won 2–1", 5*time.Second)
	screenshot(t, ctx, "report-recorded.png")
	run(t, ctx, "back to her page", chromedp.Navigate(url))
	waitText(t, ctx, "#past", "won 2–1", 5*time.Second)
}

// Someone who has not found herself gets both names and no "you"; a
// draw is tapped in two steps, and the page's own table comes from the
// address.
func TestBrowserReportWithoutFindingHerselfNamesBoth(t *testing.T) {
	f := newFixture(t)
	e, es, r := f.OpenRound(8)
	tb := r.Tables[1]
	a, b := webtest.EntryName(t, es, tb.Seats[0].EntryID), webtest.EntryName(t, es, tb.Seats[1].EntryID)
	ctx := browser(t, 390, 844)
	run(t, ctx, "open the form", chromedp.Navigate(f.HTTP.URL+"/events/"+webtest.Itoa64(int64(e.ID))+"/report?table="+strconv.Itoa(tb.Number)))
	waitText(t, ctx, "#r-sides", a+" v "+b, 5*time.Second)
	if got := textOf(t, ctx, "#r-winner-buttons"); strings.Contains(got, "you") || !strings.Contains(got, a) || !strings.Contains(got, b) {
		t.Errorf("who won? buttons %q", got)
	}
	run(t, ctx, "tap Draw", chromedp.Click(chromedp.CSS("#r-winner-buttons button:nth-child(3)")))
	waitText(t, ctx, "#r-games-buttons", "1–1", 5*time.Second)
	run(t, ctx, "tap 1–1", chromedp.Click(chromedp.CSS("#r-games-buttons button:nth-child(1)")))
	waitText(t, ctx, "#r-confirm", "Draw 1–1", 5*time.Second)
	run(t, ctx, "send", chromedp.SendKeys(chromedp.ID("r-code"), f.Codes(e.ID, 1)[tb.Number]), chromedp.Click(chromedp.ID("r-send")))
	waitText(t, ctx, "#r-message", "Recorded: draw 1–1.", 5*time.Second)
	if got := f.Results(e.ID, 1); !strings.Contains(got, strconv.Itoa(tb.Number)+":[{1 0 0") {
		t.Errorf("the round has %s", got)
	}
}

// At a multiplayer Shadowfist table each seat's field is named by its
// player, "You" for the player who found herself, and the answer names
// the winner.
func TestBrowserMultiplayerReportNamesEverySeat(t *testing.T) {
	f := newFixture(t)
	e, es := f.Event("shadowfist", "final-brawl", webtest.Names(9)...)
	r := f.Publish(e.ID)
	tb := r.Tables[0]
	if len(tb.Seats) < 3 {
		t.Fatalf("table %d seats %d", tb.Number, len(tb.Seats))
	}
	names := make([]string, len(tb.Seats))
	for i, s := range tb.Seats {
		names[i] = webtest.EntryName(t, es, s.EntryID)
	}
	ctx := browser(t, 390, 844)
	findHerself(t, ctx, f.HTTP.URL+"/events/"+webtest.Itoa64(int64(e.ID)), names[1])
	run(t, ctx, "tap Report", chromedp.Click(chromedp.CSS("#me-card a.button")))
	waitText(t, ctx, "label[for=r-value-1]", "You ("+names[1]+"), seat 2", 5*time.Second)
	for i, n := range names {
		if got := textOf(t, ctx, "label[for=r-value-"+strconv.Itoa(i)+"]"); !strings.HasPrefix(got, n) && i != 1 {
			t.Errorf("seat %d's field is labelled %q, want %s first", i+1, got, n)
		}
	}
	fillIn := []chromedp.Action[chromedp.Void]{}
	for i := range names {
		v := "1"
		if i == 1 {
			v = "5"
		}
		fillIn = append(fillIn, chromedp.SendKeys(chromedp.ID("r-value-"+strconv.Itoa(i)), v))
	}
	fillIn = append(fillIn, chromedp.SendKeys(chromedp.ID("r-winners"), "2"), chromedp.SendKeys(chromedp.ID("r-code"), f.Codes(e.ID, 1)[tb.Number]), chromedp.Click(chromedp.ID("r-send")))
	run(t, ctx, "fill in and send", fillIn...)
	waitText(t, ctx, "#r-message", "Recorded: ", 5*time.Second)
	if got := textOf(t, ctx, "#r-message"); !strings.Contains(got, names[1]+" 5 (won)") {
		t.Errorf("the answer %q does not name the winner", got)
	}
	screenshot(t, ctx, "report-multi.png")
}
