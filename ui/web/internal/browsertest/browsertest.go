// Package browsertest drives Debian's chromium for the store network's
// browser tests (ui/web and ui/web/browser): it finds the program, opens
// a tab of a given size and offers the few waits and reads the tests
// share. It is imported by tests only.
package browsertest

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
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

// Open starts a headless chromium with a window of w×h and returns a
// context to run actions in, stopped when the test ends.
func Open(t testing.TB, w, h int) context.Context {
	t.Helper()
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(Chromium(t)),
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
		chromedp.WindowSize(w, h),
		chromedp.UserDataDir(t.TempDir()),
	}
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancelCtx := chromedp.NewContext(actx)
	ctx, cancelTime := context.WithTimeout(ctx, 60*time.Second)
	t.Cleanup(func() {
		cancelTime()
		cancelCtx()
		cancelAlloc()
	})
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(int64(w), int64(h))); err != nil {
		t.Fatalf("start chromium: %v", err)
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
// writes it there under name.
func Screenshot(t testing.TB, ctx context.Context, dir, name string) {
	t.Helper()
	Run(t, ctx, "settle before "+name, chromedp.Sleep(300*time.Millisecond))
	png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		t.Fatalf("screenshot %s: %v", name, err)
	}
	if len(png) < 1000 {
		t.Fatalf("screenshot %s: %d bytes", name, len(png))
	}
	if dir != "" {
		if err := os.WriteFile(filepath.Join(dir, name), png, 0o644); err != nil {
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

// WaitText waits until an element's text contains want.
func WaitText(t testing.TB, ctx context.Context, sel, want string, within time.Duration) {
	t.Helper()
	deadline := time.Now().Add(within)
	last := ""
	for time.Now().Before(deadline) {
		s, err := chromedp.Run(ctx, chromedp.Evaluate[string](`(() => { const e = document.querySelector(`+JSString(sel)+`); return e ? e.textContent : ""; })()`))
		if err == nil {
			last = s
			if strings.Contains(s, want) {
				return
			}
		}
		time.Sleep(100 * time.Millisecond)
	}
	t.Fatalf("%s never showed %q within %v; it shows %q", sel, want, within, last)
}

// JSString quotes s for a script.
func JSString(s string) string {
	return "'" + strings.NewReplacer(`\`, `\\`, `'`, `\'`).Replace(s) + "'"
}

// WaitGone waits until an element's text no longer contains text.
func WaitGone(t testing.TB, ctx context.Context, sel, text string, within time.Duration) {
	t.Helper()
	deadline := time.Now().Add(within)
	for time.Now().Before(deadline) {
		if !strings.Contains(TextOf(t, ctx, sel), text) {
			return
		}
		time.Sleep(100 * time.Millisecond)
	}
	t.Fatalf("%s still shows %q after %v", sel, text, within)
}
