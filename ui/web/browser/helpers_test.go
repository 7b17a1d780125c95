package browser

import (
	"net/http/httptest"
	"testing"

	"tablekeeper/core/director"
	"tablekeeper/core/store"
	"tablekeeper/ui/web"
	"tablekeeper/ui/web/internal/webtest"
)

// fixture is a server over a real director and a temporary database
// (webtest.Floor: the events, rounds and players the tests build).
type fixture struct {
	*webtest.Floor
	t     testing.TB
	d     *director.Director
	db    *store.DB
	clock *webtest.Clock
	srv   *web.Server
	http  *httptest.Server
}

func newFixture(t testing.TB) *fixture {
	t.Helper()
	fl := webtest.NewFloor(t)
	srv, err := web.New(web.Config{Director: fl.D, Now: fl.Clock.Now, BaseURL: webtest.BaseURL})
	if err != nil {
		t.Fatal(err)
	}
	return &fixture{Floor: fl, t: t, d: fl.D, db: fl.DB, clock: fl.Clock, srv: srv, http: webtest.Serve(t, srv, srv.Close)}
}
