package browser

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"tablekeeper/ui/web/internal/webtest"
)

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
			run(t, ctx, "choose "+w.lang, chromedp.Navigate(f.HTTP.URL+"/lang/"+w.lang))
			ada := es[0]
			f.PhoneSignedIn(t, ctx, e, ada)
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
			run(t, ctx, "choose "+w.lang, chromedp.Navigate(f.HTTP.URL+"/lang/"+w.lang))
			f.PhoneSignedIn(t, ctx, e, bob)
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
		f.PhoneSignedIn(t, ctx, e, en)
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
