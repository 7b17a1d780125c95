package browser

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"tablekeeper/ui/web/internal/webtest"
)

// A player on her phone: not signed in, the page points to the sign-in;
// signed in, she pastes her list with a typo (33 copies for 3), sees the
// problem's sentence as she types, fixes it, sees it legal and saves it;
// once the organizer closes deck registration she reads it back, read
// only. In English and in French.
func TestBrowserAPlayerSendsHerDecklist(t *testing.T) {
	for _, c := range []struct {
		lang, signIn, typo, legal, saved, closed string
	}{
		{"en", "Sign in with your player code on the Me page first", "has 33 copies", "Legal ✓", "Your deck is registered, Ada Lovelace. Good luck!", "Deck registration is closed"},
		{"fr", "Connectez-vous d’abord avec votre code joueur", "a 33 exemplaires", "Conforme ✓", "Votre deck est enregistré, Ada Lovelace. Bonne chance\u00a0!", "L’enregistrement des decks est fermé"},
	} {
		t.Run(c.lang, func(t *testing.T) {
			f := newFixture(t)
			e, es := f.Event("altered", "standard-bo3", "Ada Lovelace", "Bram Berg")
			ctx := browser(t, 390, 844)
			page := f.HTTP.URL + "/events/" + webtest.Itoa64(int64(e.ID)) + "/deck"
			run(t, ctx, "choose "+c.lang, chromedp.Navigate(f.HTTP.URL+"/lang/"+c.lang+"?back=/"))
			run(t, ctx, "open the page", chromedp.Navigate(page))
			waitText(t, ctx, "#deck-status", c.signIn, 5*time.Second)
			if visible(t, ctx, "#deck-form") {
				t.Fatal("the form shows to a phone not signed in")
			}

			f.SignInPhone(t, ctx, e.ID, es[0].ID)
			run(t, ctx, "reload", chromedp.Navigate(page), chromedp.WaitVisible(chromedp.ID("deck-list")))
			typo := strings.Replace(webtest.AlteredDeck(), "3 Axiom Card 2 (C)", "33 Axiom Card 2 (C)", 1)
			run(t, ctx, "type the list", chromedp.SendKeys(chromedp.ID("deck-list"), typo))
			waitText(t, ctx, "#deck-check", c.typo, 5*time.Second)
			if dc, has, _ := f.D.Decks.EntryDeck(context.Background(), e.ID, es[0].ID); has {
				t.Fatalf("the check saved %+v", dc.Deck)
			}
			if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`(() => { const l = document.getElementById('deck-list');
				l.value = l.value.replace('33 Axiom', '3 Axiom'); l.dispatchEvent(new Event('input')); return true; })()`)); err != nil {
				t.Fatalf("fix the typo: %v", err)
			}
			waitText(t, ctx, "#deck-check", c.legal, 5*time.Second)
			run(t, ctx, "save", chromedp.Click(chromedp.ID("deck-save")))
			waitText(t, ctx, "#deck-message", c.saved, 5*time.Second)
			dc, has, err := f.D.Decks.EntryDeck(context.Background(), e.ID, es[0].ID)
			if err != nil || !has || !dc.Legal() || strings.Contains(dc.Deck.List, "33 ") {
				t.Fatalf("her deck = %+v, %v, %v; want the fixed list, legal", dc.Deck, has, err)
			}
			if c.lang == "en" {
				for _, size := range [][2]int64{{390, 844}, {1024, 768}, {1920, 1080}} {
					run(t, ctx, "resize", chromedp.EmulateViewport(size[0], size[1]))
					screenshot(t, ctx, "deck-"+webtest.Itoa64(size[0])+".png")
				}
				run(t, ctx, "back to a phone", chromedp.EmulateViewport(390, 844))
				// The Me page says where her list stands and leads to it.
				run(t, ctx, "the Me page", chromedp.Navigate(f.HTTP.URL+"/events/"+webtest.Itoa64(int64(e.ID))))
				waitText(t, ctx, "#deck-card", "Your decklist is registered and legal.", 5*time.Second)
				screenshot(t, ctx, "deck-me-390.png")
			}

			if err := f.D.Decks.CloseDeckRegistration(context.Background(), e.ID); err != nil {
				t.Fatal(err)
			}
			run(t, ctx, "reload", chromedp.Navigate(page), chromedp.WaitVisible(chromedp.ID("deck-list")))
			waitText(t, ctx, "#deck-status", c.closed, 5*time.Second)
			ro, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`document.getElementById('deck-list').readOnly && document.getElementById('deck-save').hidden`))
			if err != nil || !ro {
				t.Errorf("after the close the list can still be changed (%v)", err)
			}
			if got := textOf(t, ctx, "#deck-check"); !strings.Contains(got, c.legal) {
				t.Errorf("after the close the check shows %q", got)
			}
			screenshot(t, ctx, "deck-closed-"+c.lang+".png")
		})
	}
}

// visible reports whether an element is shown.
func visible(t *testing.T, ctx context.Context, sel string) bool {
	t.Helper()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`(() => { const e = document.querySelector(`+jsString(sel)+`); return !!e && !e.closest('[hidden]'); })()`))
	if err != nil {
		t.Fatal(err)
	}
	return v
}
