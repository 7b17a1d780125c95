package browser

import (
	"net/http/httptest"
	"testing"

	"tablekeeper/ui/web"
	"tablekeeper/ui/web/internal/webtest"
)

// fixture is a real ui/web server over a webtest.Floor (a director over
// a temporary database, with the events, rounds and players the tests
// build).
type fixture struct {
	*webtest.Floor
	t    testing.TB
	http *httptest.Server
}

func newFixture(t testing.TB) *fixture {
	t.Helper()
	fl := webtest.NewFloor(t)
	srv, err := web.New(web.Config{Director: fl.D, Now: fl.Clock.Now, BaseURL: webtest.BaseURL})
	if err != nil {
		t.Fatal(err)
	}
	return &fixture{Floor: fl, t: t, http: webtest.Serve(t, srv, srv.Close)}
}
