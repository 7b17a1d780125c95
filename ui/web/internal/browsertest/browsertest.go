// Package browsertest drives Debian's chromium for the store network's
// browser tests (ui/web, ui/web/browser and ui/web/browser/pages): it
// finds the program, opens a tab of a given size and offers the few waits
// and reads the tests share. It is imported by tests only.
package browsertest

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// Chromium returns Debian's chromium, or skips the test saying how to
// install it. make test installs it, so in CI these tests run.
func Chromium(t testing.TB) string {
	t.Helper()
	for _, p := range []string{"/usr/bin/chromium", "/usr/bin/chromium-browser"} {
		if _, err := os.Stat(p); err == nil {
			return p
		}
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	t.Skip("the browser tests drive chromium, which is not installed: apt-get install chromium (make test installs it)")
	return ""
}

// shared is the one chromium of a test binary, started by the first
// Open and stopped by Close: starting a browser costs more than most
// tests' pages, and every test gets a context of its own in it anyway.
var shared struct {
	mu     sync.Mutex
	ctx    context.Context // the browser's first tab, never used to browse
	cancel func()
	dir    string // the browser's profile
	err    error
}

// browserFlags are the command line of the shared chromium. Each tab is a
// window of its own (chromedp's default), so no page is hidden behind
// another and none is throttled as a background tab.
func browserFlags(path, dir string) []chromedp.ExecAllocatorOption {
	return []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(path),
		chromedp.Flag("headless", true),
		chromedp.Flag("no-sandbox", true),
		chromedp.Flag("disable-gpu", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("no-first-run", true),
		chromedp.Flag("no-default-browser-check", true),
		chromedp.Flag("hide-scrollbars", true),
		chromedp.Flag("mute-audio", true),
		chromedp.Flag("disable-background-timer-throttling", true),
		chromedp.Flag("disable-backgrounding-occluded-windows", true),
		chromedp.Flag("disable-renderer-backgrounding", true),
		chromedp.WindowSize(1920, 1080),
		chromedp.UserDataDir(dir),
	}
}

// start returns the shared chromium's first tab, starting the browser
// the first time.
func start(t testing.TB) (context.Context, error) {
	path := Chromium(t)
	shared.mu.Lock()
	defer shared.mu.Unlock()
	if shared.ctx != nil && shared.ctx.Err() != nil {
		// The browser went away (it crashed or was killed): the next
		// tests get a new one rather than all failing after it.
		shared.cancel()
		_ = os.RemoveAll(shared.dir) // the browser's temporary profile, best effort
		shared.ctx, shared.cancel = nil, nil
	}
	if shared.ctx != nil || shared.err != nil {
		return shared.ctx, shared.err
	}
	dir, err := os.MkdirTemp("", "tablekeeper-chromium-")
	if err != nil {
		shared.err = err
		return nil, err
	}
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), browserFlags(path, dir)...)
	ctx, cancelCtx := chromedp.NewContext(actx)
	if err := chromedp.Do(ctx); err != nil {
		cancelCtx()
		cancelAlloc()
		_ = os.RemoveAll(dir) // the browser's temporary profile, best effort
		shared.err = err
		return nil, err
	}
	shared.ctx, shared.dir = ctx, dir
	shared.cancel = func() {
		cancelCtx()
		cancelAlloc()
	}
	return ctx, nil
}

// Close stops the shared chromium, if a test started it. A test
// package's TestMain calls it once its tests are run.
func Close() {
	shared.mu.Lock()
	defer shared.mu.Unlock()
	if shared.cancel != nil {
		shared.cancel()
		_ = os.RemoveAll(shared.dir) // the browser's temporary profile, best effort
	}
	shared.ctx, shared.cancel, shared.err = nil, nil, nil
}

// Open returns a context to run actions in: a tab of w×h in the shared
// headless chromium, in a browser context of its own (cookies, storage
// and cache of its own, as a fresh browser has), closed when the test
// ends.
func Open(t testing.TB, w, h int) context.Context {
	t.Helper()
	root, err := start(t)
	if err != nil {
		t.Fatalf("start chromium: %v", err)
	}
	ctx, cancelCtx := chromedp.NewContext(root, chromedp.WithNewBrowserContext())
	ctx, cancelTime := context.WithTimeout(ctx, 60*time.Second)
	t.Cleanup(func() {
		cancelTime()
		cancelCtx()
	})
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(int64(w), int64(h))); err != nil {
		t.Fatalf("open a tab: %v", err)
	}
	return ctx
}

// Run runs browser actions, failing the test on error.
func Run(t testing.TB, ctx context.Context, what string, actions ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	if err := chromedp.Do(ctx, actions...); err != nil {
		t.Fatalf("%s: %v", what, err)
	}
}

// Screenshot takes a picture of the page and, when dir is not empty,
// writes it there under name. The page is drawn first: its fonts loaded
// and two frames painted. A picture that is kept (docs/network's) also
// waits 300 ms more for the pages' transitions to end; one that is not
// kept only has to be taken, so no test waits for time to pass there.
func Screenshot(t testing.TB, ctx context.Context, dir, name string) {
	t.Helper()
	drawn := `document.fonts.ready.then(() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(() => r(true)))))`
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](drawn, chromedp.EvalAwaitPromise)); err != nil {
		t.Fatalf("draw before %s: %v", name, err)
	}
	if dir != "" {
		Run(t, ctx, "settle before "+name, chromedp.Sleep(300*time.Millisecond))
	}
	png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		t.Fatalf("screenshot %s: %v", name, err)
	}
	if len(png) < 1000 {
		t.Fatalf("screenshot %s: %d bytes", name, len(png))
	}
	if dir != "" {
		if err := os.WriteFile(filepath.Join(dir, name), png, 0o600); err != nil {
			t.Fatal(err)
		}
	}
}

// TextOf reads an element's text.
func TextOf(t testing.TB, ctx context.Context, sel string) string {
	t.Helper()
	s, err := chromedp.Run(ctx, chromedp.Evaluate[string](`(() => { const e = document.querySelector(`+JSString(sel)+`); return e ? e.textContent : ""; })()`))
	if err != nil {
		t.Fatalf("text of %s: %v", sel, err)
	}
	return strings.TrimSpace(s)
}

// WaitText waits until an element's text contains want. The page itself
// checks, every 20 ms, so the wait ends as soon as the text is there
// rather than at the next round trip of a poll from here.
func WaitText(t testing.TB, ctx context.Context, sel, want string, within time.Duration) {
	t.Helper()
	if !waitIn(ctx, `(document.querySelector(`+JSString(sel)+`)?.textContent ?? "").includes(`+JSString(want)+`)`, within) {
		t.Fatalf("%s never showed %q within %v; it shows %q", sel, want, within, TextOf(t, ctx, sel))
	}
}

// WaitTrue waits until the page's expression is true, checked in the
// page as WaitText does (through navigations, and through the errors of
// an expression whose element is not there yet).
func WaitTrue(t testing.TB, ctx context.Context, expr string, within time.Duration) {
	t.Helper()
	if !waitIn(ctx, "("+expr+")", within) {
		t.Fatalf("%s: not true within %v", expr, within)
	}
}

// waitIn waits until the page's predicate (a script expression) is true,
// checked in the page every 20 ms, for at most within. A navigation ends
// the page's script, and the wait with it: the wait then starts again in
// the new page, within the same time.
func waitIn(ctx context.Context, predicate string, within time.Duration) bool {
	deadline := time.Now().Add(within)
	for {
		left := time.Until(deadline)
		if left <= 0 {
			return false
		}
		wait := `new Promise(done => {
			const end = Date.now() + ` + strconv.FormatInt(left.Milliseconds(), 10) + `;
			const check = () => {
				if (` + predicate + `) done(true);
				else if (Date.now() >= end) done(false);
				else setTimeout(check, 20);
			};
			check();
		})`
		ok, err := chromedp.Run(ctx, chromedp.Evaluate[bool](wait, chromedp.EvalAwaitPromise))
		switch {
		case err == nil:
			return ok
		case ctx.Err() != nil:
			return false
		}
		time.Sleep(20 * time.Millisecond) // the next page's script starts
	}
}

// JSString quotes s for a script.
func JSString(s string) string {
	return "'" + strings.NewReplacer(`\`, `\\`, `'`, `\'`).Replace(s) + "'"
}

// WaitGone waits until an element's text no longer contains text,
// checked in the page as WaitText does.
func WaitGone(t testing.TB, ctx context.Context, sel, text string, within time.Duration) {
	t.Helper()
	if !waitIn(ctx, `!(document.querySelector(`+JSString(sel)+`)?.textContent ?? "").trim().includes(`+JSString(text)+`)`, within) {
		t.Fatalf("%s still shows %q after %v", sel, text, within)
	}
}
