package webtest

import (
	"fmt"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"strings"
	"testing"

	"tablekeeper/core/event"
)

// BaseURL is the address the tests' servers give players.
const BaseURL = "http://192.168.1.20:8080/"

// Serve serves h on a loopback test server until t ends, then calls
// closeFn (the server's Close) and closes the test server.
func Serve(t testing.TB, h http.Handler, closeFn func()) *httptest.Server {
	t.Helper()
	hs := httptest.NewServer(h)
	t.Cleanup(func() {
		closeFn()
		hs.Close()
	})
	return hs
}

// NewRequest is a request to url with the headers given as name, value
// pairs.
func NewRequest(t testing.TB, method, url string, body io.Reader, header ...string) *http.Request {
	t.Helper()
	req, err := http.NewRequest(method, url, body)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	return req
}

// Do sends req with c and returns the response and its whole body.
func Do(t testing.TB, c *http.Client, req *http.Request) (*http.Response, string) {
	t.Helper()
	resp, err := c.Do(req) // #nosec G704 -- a test's request to its own test server
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp, string(b)
}

// Get reads url with the default client and returns its whole body.
func Get(t testing.TB, url string) string {
	t.Helper()
	_, body := Do(t, http.DefaultClient, NewRequest(t, http.MethodGet, url, nil))
	return body
}

// Phone is a client with cookies of its own, as one phone is, on a test
// server.
type Phone struct {
	T   testing.TB
	URL string
	C   *http.Client
}

// NewPhone is a phone with no cookies yet on hs.
func NewPhone(t testing.TB, hs *httptest.Server) *Phone {
	t.Helper()
	jar, err := cookiejar.New(nil)
	if err != nil {
		t.Fatal(err)
	}
	c := *hs.Client()
	c.Jar = jar
	return &Phone{T: t, URL: hs.URL, C: &c}
}

// Post sends JSON to path and returns the status and body.
func (p *Phone) Post(path, body string, header ...string) (int, string) {
	p.T.Helper()
	h := append([]string{"Content-Type", "application/json"}, header...)
	return p.Send(NewRequest(p.T, "POST", p.URL+path, strings.NewReader(body), h...))
}

// Get reads path and returns the status and body.
func (p *Phone) Get(path string) (int, string) {
	p.T.Helper()
	return p.Send(NewRequest(p.T, "GET", p.URL+path, nil))
}

// Send sends req and returns the status and body.
func (p *Phone) Send(req *http.Request) (int, string) {
	p.T.Helper()
	resp, body := Do(p.T, p.C, req)
	return resp.StatusCode, body
}

// SignIn signs the phone in as entry with code.
func (p *Phone) SignIn(id event.EventID, entry event.EntryID, code string) (int, string) {
	p.T.Helper()
	return p.Post(fmt.Sprintf("/api/events/%d/me/signin", id), fmt.Sprintf(`{"entry":%d,"code":%q}`, entry, code))
}
