package browser

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"tablekeeper/core/event"
	"tablekeeper/ui/web/internal/webtest"
)

// phoneSignedIn opens the event's page in the browser as entry en: the
// page remembers her (as "find me" does) and the phone signs in with her
// player code through the page's own fetch, as the sign-in box does.
func phoneSignedIn(t *testing.T, ctx context.Context, f *fixture, e event.Event, en event.Entry) {
	t.Helper()
	code, err := f.D.Phones.PlayerCode(context.Background(), en.ID)
	if err != nil {
		t.Fatal(err)
	}
	url := f.http.URL + "/events/" + webtest.Itoa64(int64(e.ID))
	run(t, ctx, "open the event", chromedp.Navigate(url), chromedp.WaitVisible(chromedp.ID("find-q")))
	js := fmt.Sprintf(`localStorage.setItem('tk.me.%d', JSON.stringify({entry: %d, name: %q}));
		fetch('/api/events/%d/me/signin', {method: 'POST', headers: {'Content-Type': 'application/json'}, body: JSON.stringify({entry: %d, code: %q})}).then((r) => r.status)`,
		e.ID, en.ID, en.Name, e.ID, en.ID, code)
	status, err := chromedp.Run(ctx, chromedp.Evaluate[int](js, chromedp.EvalAwaitPromise))
	if err != nil || status != 200 {
		t.Fatalf("sign in: %d, %v", status, err)
	}
	run(t, ctx, "reopen signed in", chromedp.Navigate(url), chromedp.WaitVisible(chromedp.ID("my-table")))
}

// dropWords are the sentences the test waits for, in one language.
type dropWords struct {
	lang, ask, confirm, waiting, dropped, keptIn string
}

var dropLangs = []dropWords{
	{"en", "Drop after this round", "You will not be paired again; your results so far stay.",
		"Asked to drop — waiting for the organizer", "Dropped after round 1", "The organizer kept you in: see the desk"},
	{"fr", "Abandonner après cette ronde", "Vous n’aurez plus d’adversaire dans les rondes suivantes ; vos résultats jusqu’ici sont conservés.",
		"Abandon demandé — en attente de l’organisateur", "Abandon après la ronde 1", "L’organisateur a refusé votre abandon : passez le voir à sa table"},
}

// A player asks on her phone to drop after round 1, confirms, and sees
// her request wait; the desk accepts; her phone says she dropped after
// round 1, and round 2 is paired without her while round 1 keeps her
// match and result. In English and in French; a refused request, in
// each, tells her to see the desk.
func TestBrowserAPlayerDropsFromHerPhone(t *testing.T) {
	for _, w := range dropLangs {
		t.Run(w.lang, func(t *testing.T) {
			f := newFixture(t)
			e, es, r := f.OpenRound(12)
			ctx := browser(t, 390, 844)
			run(t, ctx, "choose "+w.lang, chromedp.Navigate(f.http.URL+"/lang/"+w.lang))
			ada := es[0]
			phoneSignedIn(t, ctx, f, e, ada)
			waitText(t, ctx, "#drop-card", w.ask, 5*time.Second)
			run(t, ctx, "ask to drop", chromedp.Click(chromedp.ID("drop-ask")))
			waitText(t, ctx, "#drop-confirm", w.confirm, 2*time.Second)
			if open, _ := f.D.Drops.OpenDropRequests(context.Background(), e.ID); len(open) != 0 {
				t.Fatal("the first tap sent the request; it only asks for confirmation")
			}
			screenshot(t, ctx, "drop-confirm-"+w.lang+".png")
			run(t, ctx, "confirm", chromedp.Click(chromedp.ID("drop-yes")))
			waitText(t, ctx, "#drop-state", w.waiting, 3*time.Second)
			open, err := f.D.Drops.OpenDropRequests(context.Background(), e.ID)
			if err != nil || len(open) != 1 || open[0].EntryID != ada.ID {
				t.Fatalf("open requests: %+v, %v", open, err)
			}
			// The desk accepts: her phone hears it from the event's stream.
			if err := f.D.Drops.AcceptDrop(context.Background(), e.ID, open[0].ID); err != nil {
				t.Fatal(err)
			}
			waitText(t, ctx, "#drop-state", w.dropped, 15*time.Second)
			screenshot(t, ctx, "drop-done-"+w.lang+".png")
			f.PlayRound(e.ID, r)
			r2 := f.Publish(e.ID)
			if webtest.SeatTable(r2, ada.ID).Number != 0 || webtest.SeatTable(r2, ada.ID).Bye {
				t.Fatal("round 2 paired the player who dropped")
			}
			if tb := webtest.SeatTable(r, ada.ID); tb.Number == 0 {
				t.Fatal("round 1 lost her table")
			}

			// Bob asks; the desk refuses; his phone says to see the desk.
			bob := es[1]
			ctx = browser(t, 390, 844)
			run(t, ctx, "choose "+w.lang, chromedp.Navigate(f.http.URL+"/lang/"+w.lang))
			phoneSignedIn(t, ctx, f, e, bob)
			run(t, ctx, "ask", chromedp.WaitVisible(chromedp.ID("drop-ask")), chromedp.Click(chromedp.ID("drop-ask")),
				chromedp.WaitVisible(chromedp.ID("drop-yes")), chromedp.Click(chromedp.ID("drop-yes")))
			waitText(t, ctx, "#drop-state", w.waiting, 3*time.Second)
			open, _ = f.D.Drops.OpenDropRequests(context.Background(), e.ID)
			if len(open) != 1 {
				t.Fatalf("open requests: %+v", open)
			}
			if err := f.D.Drops.RefuseDrop(context.Background(), e.ID, open[0].ID); err != nil {
				t.Fatal(err)
			}
			// A refusal changes no standing: the phone reads it when the
			// page loads again.
			run(t, ctx, "reload", chromedp.Reload())
			waitText(t, ctx, "#drop-state", w.keptIn, 5*time.Second)
		})
	}
}

// The card at a phone's, a tablet's and a laptop's size, waiting for the
// organizer with Withdraw; withdrawn, it offers to drop again.
func TestBrowserDropCardAtEachSize(t *testing.T) {
	f := newFixture(t)
	e, es, _ := f.OpenRound(12)
	for i, size := range []struct{ w, h int }{{390, 844}, {1024, 768}, {1920, 1080}} {
		ctx := browser(t, size.w, size.h)
		en := es[i]
		phoneSignedIn(t, ctx, f, e, en)
		run(t, ctx, "ask", chromedp.WaitVisible(chromedp.ID("drop-ask")), chromedp.Click(chromedp.ID("drop-ask")),
			chromedp.WaitVisible(chromedp.ID("drop-yes")), chromedp.Click(chromedp.ID("drop-yes")))
		waitText(t, ctx, "#drop-state", "Asked to drop — waiting for the organizer", 3*time.Second)
		run(t, ctx, "scroll to the card", chromedp.ScrollIntoView(chromedp.ID("drop-card")))
		screenshot(t, ctx, fmt.Sprintf("drop-waiting-%dx%d.png", size.w, size.h))
		run(t, ctx, "withdraw", chromedp.Click(chromedp.ID("drop-withdraw")))
		waitText(t, ctx, "#drop-card", "Drop after this round", 3*time.Second)
		if open, _ := f.D.Drops.OpenDropRequests(context.Background(), e.ID); len(open) != 0 {
			t.Fatalf("withdrawn, yet open: %+v", open)
		}
	}
}

// axeDropPages checks the drop card in each of its states.
func axeDropPages(t *testing.T, ctx context.Context, f *fixture, axe string) {
	e, es, _ := f.OpenRound(8)
	phoneSignedIn(t, ctx, f, e, es[0])
	run(t, ctx, "the card", chromedp.WaitVisible(chromedp.ID("drop-ask")))
	axeCheck(t, ctx, axe, "drop card")
	run(t, ctx, "ask", chromedp.Click(chromedp.ID("drop-ask")), chromedp.WaitVisible(chromedp.ID("drop-yes")))
	axeCheck(t, ctx, axe, "drop card, confirm")
	run(t, ctx, "confirm", chromedp.Click(chromedp.ID("drop-yes")), chromedp.WaitVisible(chromedp.ID("drop-withdraw")))
	axeCheck(t, ctx, axe, "drop card, waiting")
}
