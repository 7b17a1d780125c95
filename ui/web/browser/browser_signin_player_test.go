package browser

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/ui/web/internal/webtest"
)

// awaitBool runs a script in the page (awaiting its promise) and returns
// its boolean.
func awaitBool(t *testing.T, ctx context.Context, what, script string) bool {
	t.Helper()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[bool](script, chromedp.EvalAsValue, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	return v
}

// serverSignedIn asks the server, from the page, whether this phone holds
// a player session for the event.
func serverSignedIn(t *testing.T, ctx context.Context, id event.EventID) bool {
	t.Helper()
	return awaitBool(t, ctx, "ask who the phone is", `fetch('/api/events/`+webtest.Itoa64(int64(id))+`/me').then((r) => r.json()).then((m) => m.signedIn === true)`)
}

// A player found by name sees the sign-in box; a wrong code is refused in
// place with the server's sentence; her code typed as "abc-234" signs
// her in, which the page says and tells the other blocks (tkPlayer, the
// tk:signedin event); "Not you?" signs the phone out too.
func TestBrowserPlayerSignsInWithHerCode(t *testing.T) {
	f := newFixture(t)
	e, es, _ := f.OpenRound(8)
	code := f.PlayerCodeOf(es[0].ID)
	ctx := browser(t, 390, 844)
	url := f.HTTP.URL + "/events/" + webtest.Itoa64(int64(e.ID))

	run(t, ctx, "open the event", chromedp.Navigate(url), chromedp.WaitVisible(chromedp.ID("find-q")))
	if !awaitBool(t, ctx, "no box before she is found", `document.getElementById('signin-card').hidden`) {
		t.Error("the sign-in box shows before the player found herself")
	}
	run(t, ctx, "type a name", chromedp.SendKeys(chromedp.ID("find-q"), "lovel"))
	waitText(t, ctx, "#find-results", "Ada Lovelace", 5*time.Second)
	run(t, ctx, "tap the name", chromedp.Click(chromedp.CSS("#find-results button")))
	run(t, ctx, "the box shows", chromedp.WaitVisible(chromedp.ID("signin-code")))
	awaitBool(t, ctx, "listen", `(window.seen = [], document.addEventListener('tk:signedin', (e) => seen.push('in:' + e.detail.entry + ':' + e.detail.name)),
		document.addEventListener('tk:signedout', () => seen.push('out')), true)`)

	wrong := "ZZZ-ZZZ"
	if strings.EqualFold(strings.ReplaceAll(wrong, "-", ""), code) {
		wrong = "YYY-YYY"
	}
	run(t, ctx, "a wrong code", chromedp.SendKeys(chromedp.ID("signin-code"), wrong), chromedp.Click(chromedp.ID("signin-go")))
	waitText(t, ctx, "#signin-message", "That is not your player code.", 5*time.Second)
	if serverSignedIn(t, ctx, e.ID) {
		t.Fatal("a wrong code signed the phone in")
	}

	typed := strings.ToLower(code[:3] + "-" + code[3:])
	awaitBool(t, ctx, "clear the field", `(document.getElementById('signin-code').value = '', true)`)
	run(t, ctx, "her code as she reads it", chromedp.SendKeys(chromedp.ID("signin-code"), typed), chromedp.Click(chromedp.ID("signin-go")))
	waitText(t, ctx, "#signed-in", "Signed in as Ada Lovelace", 5*time.Second)
	if got := textOf(t, ctx, "#signin-message"); got != "" {
		t.Errorf("after signing in the box still says %q", got)
	}
	if !serverSignedIn(t, ctx, e.ID) {
		t.Fatal("the page says signed in; the server does not")
	}
	if !awaitBool(t, ctx, "the hook", `tkPlayer.signedIn && tkPlayer.entry === `+webtest.Itoa64(int64(es[0].ID))+` && seen.join() === 'in:`+webtest.Itoa64(int64(es[0].ID))+`:Ada Lovelace'`) {
		t.Errorf("tkPlayer or the tk:signedin event is wrong: %s", jsText(t, ctx, `JSON.stringify([tkPlayer, seen])`))
	}
	screenshot(t, ctx, "signed-in-phone.png")

	// Reopened, the phone is still signed in.
	run(t, ctx, "reopen", chromedp.Navigate(url))
	waitText(t, ctx, "#signed-in", "Signed in as Ada Lovelace", 5*time.Second)

	run(t, ctx, "not you", chromedp.Click(chromedp.ID("not-me")))
	run(t, ctx, "the search is back", chromedp.WaitVisible(chromedp.ID("find-q")))
	deadline := time.Now().Add(3 * time.Second)
	for serverSignedIn(t, ctx, e.ID) {
		if time.Now().After(deadline) {
			t.Fatal(`"Not you?" left the phone signed in`)
		}
		time.Sleep(100 * time.Millisecond)
	}
	if awaitBool(t, ctx, "the hook after", `tkPlayer.signedIn`) {
		t.Error(`tkPlayer still says signed in after "Not you?"`)
	}
	if !awaitBool(t, ctx, "box hidden", `document.getElementById('signin-card').hidden`) {
		t.Error(`the sign-in box stays after "Not you?"`)
	}
}

// jsText evaluates a string expression in the page.
func jsText(t *testing.T, ctx context.Context, script string) string {
	t.Helper()
	s, err := chromedp.Run(ctx, chromedp.Evaluate[string](script))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// The slip's QR code opens the event with #entry=N&token=… (her link
// token): the phone is signed in as her at once, follows her tables, and
// the token is gone from the address bar (and from the history, so Back
// does not show it). A wrong code in a link (#entry=N&code=…, as older
// slips carry) says so in the box; "Sign out" signs out.
func TestBrowserPlayerLinkSignsInAndDropsTheFragment(t *testing.T) {
	f := newFixture(t)
	e, es, _ := f.OpenRound(8)
	cred, err := f.D.Phones.RevealPlayerCode(context.Background(), es[1].ID, director.CodeReveal{Via: director.RevealSlip})
	if err != nil {
		t.Fatal(err)
	}
	ctx := browser(t, 390, 844)
	url := f.HTTP.URL + "/events/" + webtest.Itoa64(int64(e.ID))

	run(t, ctx, "open the slip's link", chromedp.Navigate(director.PlayerLink(url, es[1].ID, cred.Token)))
	waitText(t, ctx, "#signed-in", "Signed in as "+es[1].Name, 5*time.Second)
	waitText(t, ctx, "#me-card", es[1].Name, 5*time.Second)
	if href := jsText(t, ctx, `location.href`); href != url {
		t.Errorf("the address is %q after signing in, want %q (no code)", href, url)
	}
	if !serverSignedIn(t, ctx, e.ID) {
		t.Fatal("the link did not sign the phone in")
	}
	run(t, ctx, "sign out", chromedp.Click(chromedp.ID("signout")))
	run(t, ctx, "the box is back", chromedp.WaitVisible(chromedp.ID("signin-code")))
	if serverSignedIn(t, ctx, e.ID) {
		t.Fatal(`"Sign out" left the phone signed in`)
	}
	if got := textOf(t, ctx, "#me-card h1"); got != es[1].Name {
		t.Errorf("after signing out the page follows %q, want still %q", got, es[1].Name)
	}

	// A link with another's code: refused in the box, not signed in.
	other := f.PlayerCodeOf(es[2].ID)
	// Opened on the page already (a second scan), the link still counts.
	awaitBool(t, ctx, "open a wrong link", `(location.hash = '#entry=`+webtest.Itoa64(int64(es[1].ID))+`&code=`+other+`', true)`)
	waitText(t, ctx, "#signin-message", "That is not your player code.", 5*time.Second)
	if href := jsText(t, ctx, `location.href`); strings.Contains(href, other) {
		t.Errorf("the wrong code stays in the address: %q", href)
	}
	if serverSignedIn(t, ctx, e.ID) {
		t.Fatal("another player's code signed the phone in")
	}
}

// Guessing is bounded per phone and per address: after its own three
// wrong codes the box says so and how long to wait, in place, and the
// phone's right code waits too (another phone's would not).
func TestBrowserPlayerSignInSaysToWaitAfterTooManyTries(t *testing.T) {
	f := newFixture(t)
	e, es, _ := f.OpenRound(8)
	code := f.PlayerCodeOf(es[0].ID)
	ctx := browser(t, 390, 844)
	run(t, ctx, "open the event", chromedp.Navigate(f.HTTP.URL+"/events/"+webtest.Itoa64(int64(e.ID))), chromedp.WaitVisible(chromedp.ID("find-q")))
	run(t, ctx, "type a name", chromedp.SendKeys(chromedp.ID("find-q"), "lovel"))
	waitText(t, ctx, "#find-results", "Ada Lovelace", 5*time.Second)
	run(t, ctx, "tap the name", chromedp.Click(chromedp.CSS("#find-results button")), chromedp.WaitVisible(chromedp.ID("signin-code")))
	wrong := "ZZZZZZ"
	if code == wrong {
		wrong = "YYYYYY"
	}
	// 3: the burst of ui/web's rateWrongPlayerPerAddr (limit.go), then one a day.
	for range 3 {
		awaitBool(t, ctx, "clear", `(document.getElementById('signin-message').textContent = '', document.getElementById('signin-code').value = '', true)`)
		run(t, ctx, "a wrong code", chromedp.SendKeys(chromedp.ID("signin-code"), wrong), chromedp.Click(chromedp.ID("signin-go")))
		waitText(t, ctx, "#signin-message", "That is not your player code.", 5*time.Second)
	}
	awaitBool(t, ctx, "clear", `(document.getElementById('signin-message').textContent = '', document.getElementById('signin-code').value = '', true)`)
	run(t, ctx, "her code, too late", chromedp.SendKeys(chromedp.ID("signin-code"), code), chromedp.Click(chromedp.ID("signin-go")))
	waitText(t, ctx, "#signin-message", "This phone has tried too many wrong codes; wait 24 hours", 5*time.Second)
	if serverSignedIn(t, ctx, e.ID) {
		t.Fatal("a try past the budget signed the phone in")
	}
}
