package browser

import (
	"context"
	"strconv"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"tablekeeper/ui/web/internal/browsertest"
	"tablekeeper/ui/web/internal/webtest"
)

// recordRings replaces, in every page the tab opens, the phone's vibration
// and the tones' oscillators by ones that also count in window.rang: what
// the page asked the phone to do, not what a headless browser can play.
const recordRings = `window.rang = [];
navigator.vibrate = () => { window.rang.push('vibrate'); return true; };
(() => {
  const A = window.AudioContext;
  window.AudioContext = class extends A {
    createOscillator() { window.rang.push('tone'); return super.createOscillator(); }
  };
})();`

// rang is how many times the page vibrated and sounded a tone.
func rang(t *testing.T, ctx context.Context) (vibrations, tones int) {
	t.Helper()
	got, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`window.rang`))
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range got {
		if r == "vibrate" {
			vibrations++
		} else {
			tones++
		}
	}
	return vibrations, tones
}

// A player following her tables on the Me view hears and feels her next
// table come up: opening the page does not ring, a result at her table
// does not ring, the next round published does (a vibration and two
// tones) and shows her new table; turned off by the switch under her
// table (it stays off when the page opens again), the round after rings
// nothing; turned on, it rings once so she knows the sound.
func TestBrowserThePhoneRingsForHerNextTable(t *testing.T) {
	f := newFixture(t)
	e, es, r := f.OpenRound(12)
	ctx := browser(t, 390, 844)
	if _, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: recordRings}); err != nil {
		t.Fatal(err)
	}
	url := f.HTTP.URL + "/events/" + webtest.Itoa64(int64(e.ID))
	run(t, ctx, "open the event", chromedp.Navigate(url), chromedp.WaitVisible(chromedp.ID("find-q")))
	run(t, ctx, "type a name", chromedp.SendKeys(chromedp.ID("find-q"), "lovel"))
	waitText(t, ctx, "#find-results", "Ada Lovelace", 5*time.Second)
	run(t, ctx, "tap the name", chromedp.Click(chromedp.CSS("#find-results button")))
	ada := webtest.SeatTable(r, es[0].ID)
	waitText(t, ctx, "#my-table", strconv.Itoa(ada.Number), 5*time.Second)
	waitText(t, ctx, "label.ring", "Ring and vibrate when my next table is up", time.Second)
	f.PlayRound(e.ID, r)
	waitText(t, ctx, "#me-card", "Your table's result is in.", 5*time.Second)
	if v, n := rang(t, ctx); v != 0 || n != 0 {
		t.Fatalf("the page rang %d and %d times before a new round", v, n)
	}

	r2 := f.Publish(e.ID)
	waitText(t, ctx, "#me-card", "Round 2", 10*time.Second)
	waitText(t, ctx, "#my-table", strconv.Itoa(webtest.SeatTable(r2, es[0].ID).Number), 5*time.Second)
	if v, n := rang(t, ctx); v != 1 || n != 2 {
		t.Fatalf("round 2 published: %d vibrations and %d tones, want 1 and 2", v, n)
	}
	screenshot(t, ctx, "ring-phone.png")

	run(t, ctx, "turn it off", chromedp.Click(chromedp.ID("ring")))
	run(t, ctx, "open the page again", chromedp.Navigate(url))
	waitText(t, ctx, "#my-table", strconv.Itoa(webtest.SeatTable(r2, es[0].ID).Number), 5*time.Second)
	if on, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`document.getElementById('ring').checked`)); err != nil || on {
		t.Fatalf("the switch turned off is on again (%v)", err)
	}
	f.PlayRound(e.ID, r2)
	r3 := f.Publish(e.ID)
	waitText(t, ctx, "#me-card", "Round 3", 10*time.Second)
	waitText(t, ctx, "#my-table", strconv.Itoa(webtest.SeatTable(r3, es[0].ID).Number), 5*time.Second)
	if v, n := rang(t, ctx); v != 0 || n != 0 {
		t.Fatalf("turned off, round 3 rang %d and %d times", v, n)
	}
	run(t, ctx, "turn it on", chromedp.Click(chromedp.ID("ring")))
	if v, n := rang(t, ctx); v != 1 || n != 2 {
		t.Fatalf("turned on: %d vibrations and %d tones, want one ring to hear", v, n)
	}
}

// A page that lost the store's server says so at the top after a few
// seconds, and what to do (the phone may have left the Wi-Fi), at phone,
// tablet and TV sizes (three tabs at once), and on a kiosk tablet in the
// organizer's words; the band goes once the server answers again.
func TestBrowserAPageSaysItLostTheStoresServer(t *testing.T) {
	f := newFixture(t)
	e, _, _ := f.OpenRound(8)
	url := f.HTTP.URL + "/events/" + webtest.Itoa64(int64(e.ID)) + "/pairings"
	sizes := [][2]int{{390, 844}, {1024, 768}, {1920, 1080}}
	tabs := make([]context.Context, len(sizes))
	for i, size := range sizes {
		tabs[i] = browser(t, size[0], size[1])
		run(t, tabs[i], "open the pairings", chromedp.Navigate(url))
		waitTrue(t, tabs[i], `!document.getElementById('live').hidden && !document.getElementById('live').classList.contains('off')`, 10*time.Second)
		if _, err := chromedp.Call(tabs[i], network.Enable, network.EnableParams{}); err != nil {
			t.Fatal(err)
		}
		offline(t, tabs[i], true)
	}
	// And a kiosk tablet, unlocked: it says it to the organizer.
	kiosk := browser(t, 1024, 768)
	if _, err := f.D.Phones.SetKioskCode(context.Background(), webtest.KioskPIN); err != nil {
		t.Fatal(err)
	}
	run(t, kiosk, "unlock the kiosk", chromedp.Navigate(f.HTTP.URL+webtest.KioskOf(e)), chromedp.WaitVisible(chromedp.ID("k-pin")),
		chromedp.SendKeys(chromedp.ID("k-pin"), webtest.KioskPIN), chromedp.Click(chromedp.CSS("button[type=submit]")),
		chromedp.WaitVisible(chromedp.CSS(`.k-search input[name="q"]`)))
	if _, err := chromedp.Call(kiosk, network.Enable, network.EnableParams{}); err != nil {
		t.Fatal(err)
	}
	offline(t, kiosk, true)
	f.HTTP.CloseClientConnections() // the streams they had, cut as the Wi-Fi went
	waitText(t, kiosk, "#lost", "Check this tablet's Wi-Fi", 20*time.Second)
	screenshot(t, kiosk, "lost-kiosk.png")
	offline(t, kiosk, false)
	for i, ctx := range tabs {
		waitText(t, ctx, "#lost", "This page has lost the store's server.", 20*time.Second)
		waitText(t, ctx, "#lost", "Is your phone still on the store's Wi-Fi?", time.Second)
		screenshot(t, ctx, "lost-"+strconv.Itoa(sizes[i][0])+".png")
		offline(t, ctx, false)
	}
	for _, ctx := range append(tabs, kiosk) {
		waitTrue(t, ctx, `document.getElementById('lost').hidden`, 20*time.Second)
	}
}

// offline cuts the tab off the network, or gives it back, as a phone
// that left the Wi-Fi.
func offline(t *testing.T, ctx context.Context, off bool) {
	t.Helper()
	if _, err := chromedp.Call(ctx, network.EmulateNetworkConditionsByRule, network.EmulateNetworkConditionsByRuleParams{
		MatchedNetworkConditions: []*network.Conditions{{Offline: off, DownloadThroughput: -1, UploadThroughput: -1}},
	}); err != nil {
		t.Fatal(err)
	}
}

// waitTrue waits for a page's expression to be true.
var waitTrue = browsertest.WaitTrue
