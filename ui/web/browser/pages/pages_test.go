// Package pages holds the store network's browser tests of how every page
// reads, whoever opens it: axe-core finds nothing serious, French and the
// pseudo-language fit, every page at every size, the scripts' plurals,
// the projector and TV, a slow phone's first render. ui/web/browser holds
// the flows (players, staff, scorekeepers); the two share their server and
// sign-ins through ui/web/internal/browserkit and one chromium each
// through ui/web/internal/browsertest, and are two packages so that each
// runs in well under three minutes.
package pages

import (
	"os"
	"testing"

	"tablekeeper/ui/web/internal/browsertest"
)

// TestMain stops the one chromium the tests share once they are run.
func TestMain(m *testing.M) {
	code := m.Run()
	browsertest.Close()
	os.Exit(code)
}
