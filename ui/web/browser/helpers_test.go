package browser

import (
	"testing"

	"tablekeeper/ui/web/internal/browserkit"
)

// fixture is a real ui/web server over a webtest.Floor (browserkit's
// Server), with the few reads only this package's tests make.
type fixture struct {
	*browserkit.Server
}

func newFixture(t testing.TB) *fixture {
	t.Helper()
	return &fixture{browserkit.NewServer(t)}
}
