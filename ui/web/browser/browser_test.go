// Package browser holds the store network's browser tests of its flows
// (players, staff, scorekeepers, reports): each drives the pages of a real
// ui/web server (ui/web/internal/browserkit) in a tab of one shared
// headless chromium (ui/web/internal/browsertest). They are a package of
// their own so that their minutes have their own timeout and run beside
// ui/web's; how every page reads (axe-core, French, sizes, the TV) is
// ui/web/browser/pages, so that neither package takes three minutes.
//
// To move a new browser test file here from ui/web: git mv it, change its
// package line to browser, and move into ui/web/internal/webtest any
// helper of ui/web's tests it uses that is not there yet.
package browser

import (
	"context"
	"os"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"tablekeeper/ui/web/internal/browserkit"
	"tablekeeper/ui/web/internal/browsertest"
)

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
	browserkit.Screenshot(t, ctx, name)
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

// waitGone waits until an element's text no longer contains text.
func waitGone(t *testing.T, ctx context.Context, sel, text string, within time.Duration) {
	t.Helper()
	browsertest.WaitGone(t, ctx, sel, text, within)
}

// TestMain stops the one chromium the browser tests share once they are
// run.
func TestMain(m *testing.M) {
	code := m.Run()
	browsertest.Close()
	os.Exit(code)
}
