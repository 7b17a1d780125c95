package web

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"tablekeeper/core/director"
	"tablekeeper/core/store"
	"tablekeeper/internal/testdb"
	"tablekeeper/ui/web/internal/webtest"
)

// fixture is a server over a real director and a temporary database
// (webtest.Floor: the events, rounds and players the tests build).
type fixture struct {
	*webtest.Floor
	t     testing.TB
	d     *director.Director
	db    *store.DB
	clock *testdb.Clock
	srv   *Server
	http  *httptest.Server
}

func newFixture(t testing.TB) *fixture {
	t.Helper()
	fl := webtest.NewFloor(t)
	srv, err := New(Config{Director: fl.D, Now: fl.Clock.Now, BaseURL: webtest.BaseURL})
	if err != nil {
		t.Fatal(err)
	}
	return &fixture{Floor: fl, t: t, d: fl.D, db: fl.DB, clock: fl.Clock, srv: srv, http: webtest.Serve(t, srv, srv.Close)}
}

// do sends a request to the server and returns the response and its body.
func (f *fixture) do(method, path string, body io.Reader, header ...string) (*http.Response, string) {
	f.t.Helper()
	return webtest.Do(f.t, f.http.Client(), webtest.NewRequest(f.t, method, f.http.URL+path, body, header...))
}

// getJSON fetches path and decodes its JSON into v, failing on any
// status but want.
func (f *fixture) getJSON(path string, want int, v any) {
	f.t.Helper()
	resp, body := f.do("GET", path, nil)
	if resp.StatusCode != want {
		f.t.Fatalf("GET %s: %d %s, want %d", path, resp.StatusCode, body, want)
	}
	if v != nil {
		if err := json.Unmarshal([]byte(body), v); err != nil {
			f.t.Fatalf("GET %s: %v in %s", path, err, body)
		}
	}
}

// errorOf is the sentence of a JSON error body.
func errorOf(t testing.TB, body string) string {
	t.Helper()
	var e apiError
	if err := json.Unmarshal([]byte(body), &e); err != nil || e.Error == "" {
		t.Fatalf("not a JSON error: %q", body)
	}
	if strings.Contains(e.Error, "goroutine") || strings.Contains(e.Error, ".go:") {
		t.Fatalf("error shows the code: %q", e.Error)
	}
	return e.Error
}

// directorPlayer is a new player of that name.
func directorPlayer(name string) director.NewPlayer { return director.NewPlayer{Name: name} }

// deviceCookieOf is the value of the i-th test device's cookie, signed as
// the server signs the ids it gives (device.go).
func (f *fixture) deviceCookieOf(i int) string {
	f.t.Helper()
	return signedDevice(f.t, f.srv, fmt.Sprintf("%032x", i+1))
}

// signedDevice is id's cookie value, signed with srv's key.
func signedDevice(t testing.TB, srv *Server, id string) string {
	t.Helper()
	key := srv.deviceKeyOf(context.Background())
	if key == nil {
		t.Fatal("no device key")
	}
	return id + "." + signDevice(key, id)
}
