package web

import (
	"context"
	"flag"
	"os"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"tablekeeper/ui/web/internal/browsertest"
)

// shots, when set, is where the browser tests write their screenshots
// (docs/network keeps one of each size):
//
//	go test ./ui/web -run Browser -args -shots=../../docs/network
var shots = flag.String("shots", "", "write the browser tests' screenshots to this directory")

// browser starts a headless chromium with a window of w×h and returns a
// context to run actions in.
func browser(t *testing.T, w, h int) context.Context {
	t.Helper()
	return browsertest.Open(t, w, h)
}

// run runs browser actions, failing the test on error.
func run(t *testing.T, ctx context.Context, what string, actions ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	browsertest.Run(t, ctx, what, actions...)
}

// screenshot takes a picture of the page and, under -shots, writes it.
func screenshot(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	browsertest.Screenshot(t, ctx, *shots, name)
}

// textOf reads an element's text.
func textOf(t *testing.T, ctx context.Context, sel string) string {
	t.Helper()
	return browsertest.TextOf(t, ctx, sel)
}

// waitText waits until an element's text contains want.
func waitText(t *testing.T, ctx context.Context, sel, want string, within time.Duration) {
	t.Helper()
	browsertest.WaitText(t, ctx, sel, want, within)
}

// jsString quotes s for a script.
func jsString(s string) string { return browsertest.JSString(s) }

// TestMain stops the one chromium the browser tests share once they are
// run.
func TestMain(m *testing.M) {
	code := m.Run()
	browsertest.Close()
	os.Exit(code)
}
