package web

import (
	"context"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"tablekeeper/ui/web/internal/webtest"
)

// Every response, page, API, file, error and live stream alike, carries the
// security headers.
func TestEveryResponseCarriesTheSecurityHeaders(t *testing.T) {
	f := newFixture(t)
	e, _ := f.Event("altered", "standard-bo3", "Ada Lovelace", "Bram Berg")
	id := webtest.Itoa64(int64(e.ID))
	paths := []string{
		"/", "/events/" + id, "/events/" + id + "/pairings", "/events/" + id + "/standings", "/events/" + id + "/bracket",
		"/events/" + id + "/projector", "/api/events", "/api/events/" + id, "/api/events/" + id + "/pairings",
		"/api/events/" + id + "/standings", "/api/events/" + id + "/clock", "/api/events/" + id + "/bracket",
		"/api/events/" + id + "/find?q=ada", "/api/events/" + id + "/projector", "/static/app.css", "/static/app/tk.js", "/static/app/home.js",
		"/nowhere", "/api/nowhere", "/events/999", "/api/events/abc", "/events/" + id + "/pairings/../../x",
	}
	for _, p := range paths {
		resp, _ := f.do("GET", p, nil)
		checkHeaders(t, "GET "+p, resp.Header)
	}
	resp, _ := f.do("DELETE", "/api/events", nil)
	if resp.StatusCode != http.StatusMethodNotAllowed {
		t.Errorf("DELETE /api/events: %d", resp.StatusCode)
	}
	checkHeaders(t, "DELETE /api/events", resp.Header)
}

func checkHeaders(t *testing.T, what string, h http.Header) {
	t.Helper()
	csp := h.Get("Content-Security-Policy")
	if !strings.Contains(csp, "script-src 'self'") || strings.Contains(csp, "unsafe-inline") || !strings.Contains(csp, "frame-ancestors 'none'") {
		t.Errorf("%s: Content-Security-Policy %q", what, csp)
	}
	for k, want := range map[string]string{"X-Frame-Options": "DENY", "X-Content-Type-Options": "nosniff", "Referrer-Policy": "no-referrer"} {
		if got := h.Get(k); got != want {
			t.Errorf("%s: %s = %q, want %q", what, k, got, want)
		}
	}
}

// hostRequest sends a request to the fixture's server with another Host
// header, as a page of a rebinding name would.
func (f *fixture) hostRequest(method, path, host string, body string, header ...string) (*http.Response, string) {
	f.t.Helper()
	req := webtest.NewRequest(f.t, method, f.http.URL+path, strings.NewReader(body), header...)
	req.Host = host
	return webtest.Do(f.t, f.http.Client(), req)
}

// Every request naming a host the server does not serve is refused with
// a sentence naming the address to open: writes of every area (a report,
// a judge's sign-in, a kiosk's unlock) and reads (DNS rebinding would let
// a hostile page read them too). The listener's own address, localhost
// and the configured address pass.
func TestRequestsForAHostTheServerDoesNotServeAreRefused(t *testing.T) {
	f := newFixture(t)
	e, _, r := f.OpenRound(8)
	id := webtest.Itoa64(int64(e.ID))
	tb := r.Tables[0].Number
	code := f.Codes(e.ID, 1)[tb]
	_, port, _ := net.SplitHostPort(strings.TrimPrefix(f.http.URL, "http://"))
	json := []string{"Content-Type", "application/json"}
	form := []string{"Content-Type", "application/x-www-form-urlencoded"}
	for _, c := range []struct{ method, path, body string }{
		{"POST", "/api/events/" + id + "/reports", body(1, tb, code, "2-0")},
		{"POST", "/judge/signin", "pin=123456"},
		{"POST", "/events/" + id + "/kiosk/unlock", "pin=1234"},
		{"GET", "/api/events/" + id + "/find?q=ada", ""},
		{"GET", "/judge/signin", ""},
		{"GET", "/events/" + id, ""},
	} {
		for _, host := range []string{"evil.example:" + port, "evil.example", "192.168.1.20:" + port, "127.0.0.1:1", "192.168.1.21:8080", "localhost.evil.example:" + port} {
			h := form
			if strings.HasPrefix(c.path, "/api/") {
				h = json
			}
			resp, out := f.hostRequest(c.method, c.path, host, c.body, h...)
			if resp.StatusCode != http.StatusMisdirectedRequest || !strings.Contains(out, "does not answer at the name") ||
				!strings.Contains(out, "http://192.168.1.20:8080/") {
				t.Errorf("%s %s, Host %s: %d %.200s", c.method, c.path, host, resp.StatusCode, out)
			}
		}
	}
	if f.Results(e.ID, 1) != "" {
		t.Fatal("a refused report was recorded")
	}
	resp, out := f.hostRequest("POST", "/api/events/"+id+"/reports", "evil.example", body(1, tb, code, "2-0"), "Content-Type", "application/json", "Accept-Language", "fr")
	if resp.StatusCode != http.StatusMisdirectedRequest || !strings.Contains(errorOf(t, out), "Ce serveur ne répond pas au nom evil.example") {
		t.Errorf("in French: %d %s", resp.StatusCode, out)
	}
	for _, host := range []string{"127.0.0.1:" + port, "localhost:" + port, "LOCALHOST:" + port, "192.168.1.20:8080"} {
		if resp, out := f.hostRequest("GET", "/api/events/"+id, host, ""); resp.StatusCode != 200 {
			t.Errorf("GET with Host %s: %d %.200s", host, resp.StatusCode, out)
		}
	}
	// The embedded files hold nothing secret: the refusal page is styled.
	if resp, _ := f.hostRequest("GET", "/static/app.css", "evil.example", ""); resp.StatusCode != 200 {
		t.Errorf("the stylesheet for another host: %d", resp.StatusCode)
	}
	if resp, _ := f.hostRequest("POST", "/static/app.css", "evil.example", ""); resp.StatusCode != http.StatusMisdirectedRequest {
		t.Errorf("a POST to a static file for another host: %d", resp.StatusCode)
	}
	if resp, out := f.hostRequest("POST", "/api/events/"+id+"/reports", "localhost:"+port, body(1, tb, code, "2-0"), json...); resp.StatusCode != 200 {
		t.Errorf("a report to localhost: %d %s", resp.StatusCode, out)
	}
}

// The address a connection came in on is served, on the listener's
// port: with a listener on every interface, each of the machine's
// addresses; the loopback names too; and Config.BaseURL's host and port.
func TestServedHostFollowsTheConnectionsAddress(t *testing.T) {
	s := &Server{cfg: Config{BaseURL: "http://tournoi.local/"}}
	s.baseHost, s.basePort = baseHostPort(s.cfg.BaseURL)
	on := func(local string, host string) bool {
		r := httptest.NewRequest("GET", "/", nil)
		r.Host = host
		if local != "" {
			addr, err := net.ResolveTCPAddr("tcp", local)
			if err != nil {
				t.Fatal(err)
			}
			r = r.WithContext(context.WithValue(r.Context(), http.LocalAddrContextKey, addr))
		}
		return s.servedHost(r)
	}
	for _, c := range []struct {
		local, host string
		want        bool
	}{
		{"192.168.1.33:8080", "192.168.1.33:8080", true},
		{"10.0.0.7:8080", "10.0.0.7:8080", true},
		{"192.168.1.33:8080", "192.168.1.34:8080", false},
		{"192.168.1.33:8080", "192.168.1.33:8081", false},
		{"192.168.1.33:8080", "192.168.1.33", false},
		{"[::ffff:192.168.1.33]:8080", "192.168.1.33:8080", true},
		{"[fe80::1]:8080", "[fe80::1]:8080", true},
		{"192.168.1.33:8080", "[::1]:8080", true},
		{"192.168.1.33:8080", "127.0.0.1:8080", true},
		{"192.168.1.33:8080", "localhost:8080", true},
		{"192.168.1.33:8080", "rebind.evil.example:8080", false},
		{"192.168.1.33:80", "tournoi.local", true},
		{"192.168.1.33:8080", "tournoi.local", true},
		{"192.168.1.33:8080", "tournoi.local:8080", false},
		{"192.168.1.33:80", "192.168.1.33", true},
		{"192.168.1.33:8080", "", true},
		// No connection (a handler called directly): no page can reach it.
		{"", "example.com", true},
	} {
		if got := on(c.local, c.host); got != c.want {
			t.Errorf("connection on %s, Host %q: served %v, want %v", c.local, c.host, got, c.want)
		}
	}
}
