package browser

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/ui/web/internal/browserkit"
	"tablekeeper/ui/web/internal/webtest"
)

// stationBrowser is a browser signed in as a scorekeeper station named
// name, on the entry page of event e.
func stationBrowser(t *testing.T, f *fixture, e event.Event, w, h int, lang, name string) context.Context {
	t.Helper()
	code, err := f.D.Stations.ScorekeeperCode(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	ctx := browser(t, w, h)
	run(t, ctx, "choose "+lang, chromedp.Navigate(f.HTTP.URL+"/lang/"+lang))
	run(t, ctx, "open /scorekeeper", chromedp.Navigate(f.HTTP.URL+"/scorekeeper"), chromedp.WaitVisible(chromedp.ID("s-pin")))
	run(t, ctx, "sign in", chromedp.SendKeys(chromedp.ID("s-pin"), director.FormatSecret(code)), chromedp.SendKeys(chromedp.ID("s-name"), name),
		chromedp.Click(chromedp.CSS("button.j-primary")), chromedp.WaitVisible(chromedp.CSS("a.j-item")))
	run(t, ctx, "the event", chromedp.Navigate(f.HTTP.URL+webtest.ScoreOf(e)), chromedp.WaitVisible(chromedp.ID("s-table")))
	return ctx
}

// The desk's keyboard flow at a station: Table, Enter shows the players,
// Result, Enter saves and returns to Table; a table with a result asks
// (Esc cancels, Enter replaces); Esc clears; the missing list follows.
func TestBrowserScorekeeperTypesSlipsWithTheKeyboard(t *testing.T) {
	f := newFixture(t)
	e, _, r := f.OpenRound(16)
	ctx := stationBrowser(t, f, e, 1024, 768, "en", "Bea")
	t1, t2 := r.Tables[0], r.Tables[1]
	waitText(t, ctx, "#s-missing-title", "(8)", 5*time.Second)
	screenshot(t, ctx, "score-tablet.png")
	browserkit.TypeSlip(t, ctx, t1.Number, "2-1")
	waitText(t, ctx, "#s-notice", "Saved: table "+strconv.Itoa(t1.Number), 5*time.Second)
	waitText(t, ctx, "#s-missing-title", "(7)", 5*time.Second)
	waitText(t, ctx, "#s-mine", "2–1", time.Second)
	focused, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.activeElement.id`))
	if err != nil || focused != "s-table" {
		t.Errorf("after a slip the focus is on %q, not the Table field", focused)
	}
	// The same table again: the saved result shows, replacing asks.
	browserkit.TypeSlip(t, ctx, t1.Number, "0-2")
	waitText(t, ctx, "#s-confirm-text", "already has", 5*time.Second)
	run(t, ctx, "Esc cancels", chromedp.KeyEvent("\x1b"))
	hidden, _ := chromedp.Run(ctx, chromedp.Evaluate[bool](`document.getElementById('s-confirm').hidden`))
	if !hidden {
		t.Error("Esc did not close the confirmation")
	}
	run(t, ctx, "Enter again", chromedp.SendKeys(chromedp.ID("s-result"), "\r"))
	// The new result is said as the saved one is, the winner first (not
	// "0-2" in the slip's seat order).
	var seat2 string
	entries, _ := f.D.Registration.Entries(context.Background(), e.ID)
	for _, en := range entries {
		if en.ID == t1.Seats[1].EntryID {
			seat2 = en.Name
		}
	}
	waitText(t, ctx, "#s-confirm-text", "Replace it with "+seat2+" won 2–0?", 5*time.Second)
	screenshot(t, ctx, "score-confirm-tablet.png")
	run(t, ctx, "Enter replaces", chromedp.KeyEvent("\r"))
	waitText(t, ctx, "#s-notice", "won 2–0", 5*time.Second)
	rounds, _ := f.D.Rounds.Rounds(context.Background(), e.ID)
	if res := rounds[0].Tables[0].Result; res == nil || res.Seats[1].GamesWon != 2 {
		t.Fatalf("after replacing: %+v", res)
	}
	// Esc clears both fields.
	run(t, ctx, "half a slip", chromedp.SendKeys(chromedp.ID("s-table"), strconv.Itoa(t2.Number)+"\r"), chromedp.SendKeys(chromedp.ID("s-result"), "2-"))
	run(t, ctx, "Esc", chromedp.KeyEvent("\x1b"))
	vals, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.getElementById('s-table').value + '|' + document.getElementById('s-result').value + '|' + document.activeElement.id`))
	if vals != "||s-table" {
		t.Errorf("after Esc: %q", vals)
	}
	// A result entered elsewhere leaves the list live, and makes a slip
	// typed against the old view stale.
	typeSlipNoEnter(t, ctx, t2.Number)
	codes, _ := f.D.Network.TableCodes(context.Background(), e.ID, 1)
	if _, err := f.D.Network.ReportByCode(context.Background(), director.TableReport{Event: e.ID, Round: 1, Table: t2.Number, Code: codes[t2.Number], Result: "2-0", Device: "phone"}); err != nil {
		t.Fatal(err)
	}
	waitText(t, ctx, "#s-missing-title", "(6)", 5*time.Second)
	run(t, ctx, "result typed on the old view", chromedp.SendKeys(chromedp.ID("s-result"), "1-2\r"))
	waitText(t, ctx, "#s-problem", "already has", 5*time.Second)
	if p := textOf(t, ctx, "#s-problem"); !strings.Contains(p, "the players, from a phone") {
		t.Errorf("the refusal does not say who entered the result: %q", p)
	}
	screenshot(t, ctx, "score-refused-tablet.png")

	// The other sizes and French, to look at.
	for i, size := range []struct {
		name, lang string
		w, h       int
	}{{"score-phone.png", "en", 390, 844}, {"score-laptop.png", "en", 1920, 1080}, {"score-fr-phone.png", "fr", 390, 844}, {"score-fr-laptop.png", "fr", 1920, 1080}} {
		c := stationBrowser(t, f, e, size.w, size.h, size.lang, "Chris")
		tb := r.Tables[3+i]
		browserkit.TypeSlip(t, c, tb.Number, "2-0")
		waitText(t, c, "#s-notice", strconv.Itoa(tb.Number), 5*time.Second)
		screenshot(t, c, size.name)
	}
}

// typeSlipNoEnter types a table and Enter, stopping in the Result field.
func typeSlipNoEnter(t *testing.T, ctx context.Context, table int) {
	t.Helper()
	n := strconv.Itoa(table)
	run(t, ctx, "table "+n, chromedp.Focus(chromedp.ID("s-table")), chromedp.SendKeys(chromedp.ID("s-table"), n+"\r"))
	waitText(t, ctx, "#s-note", "Table "+n, browserkit.SlipWait)
}

// Three station browsers type the 32 slips of a round of 64 players with
// the keyboard while phones report a quarter of the tables: every table
// ends with one result that someone typed, none replaced, every phone
// report that disagrees on the organizer's list. A station shown a
// result already in cancels (Esc), as its operator would.
func TestBrowserThreeStationsAndPhonesOnOneRound(t *testing.T) {
	f := newFixture(t)
	e, _, r := f.OpenRound(64)
	tables := r.Tables
	sides := webtest.FloorSides(tables, 11)
	codes, err := f.D.Network.TableCodes(context.Background(), e.ID, 1)
	if err != nil {
		t.Fatal(err)
	}
	t.Run("floor", func(t *testing.T) {
		for k := range 3 {
			t.Run("station"+strconv.Itoa(k+1), func(t *testing.T) {
				t.Parallel()
				ctx := stationBrowser(t, f, e, 1024, 768, "en", "Keeper "+strconv.Itoa(k+1))
				for i := k; i < len(tables); i += 3 {
					n := tables[i].Number
					browserkit.TypeSlip(t, ctx, n, sides.Slips[n])
					stationSettles(t, ctx, n)
				}
			})
		}
		t.Run("phones", func(t *testing.T) {
			t.Parallel()
			i := 0
			for n, rs := range sides.Phones {
				for _, res := range rs {
					i++
					time.Sleep(150 * time.Millisecond)
					_, err := f.D.Network.ReportByCode(context.Background(), director.TableReport{Event: e.ID, Round: 1, Table: n, Code: codes[n], Result: res, Device: "phone" + strconv.Itoa(i)})
					if err != nil && !errors.Is(err, director.ErrReportConflict) {
						t.Errorf("phone report of table %d: %v", n, err)
					}
				}
			}
		})
	})
	webtest.CheckScoreFloor(t, f.D, e, r, tables, sides, nil)
}

// stationSettles waits for the slip of table n to be saved, refused or
// asked about; a refusal or a question is cancelled with Esc.
func stationSettles(t *testing.T, ctx context.Context, n int) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		state, err := chromedp.Run(ctx, chromedp.Evaluate[string](`(() => {
			if (!document.getElementById('s-confirm').hidden) return 'ask';
			const p = document.getElementById('s-problem');
			if (!p.hidden && p.textContent) return 'refused';
			if (document.getElementById('s-table').value === '') return 'saved';
			return '';
		})()`))
		if err != nil {
			t.Fatal(err)
		}
		switch state {
		case "ask", "refused":
			run(t, ctx, "Esc, Esc", chromedp.KeyEvent("\x1b"), chromedp.KeyEvent("\x1b"))
			return
		case "saved":
			return
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatalf("the slip of table %d never settled", n)
}
