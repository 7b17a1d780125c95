package web

import (
	"net/http"
	"strings"
	"testing"
)

// Every response, page, API, file, error and live stream alike, carries the
// security headers.
func TestEveryResponseCarriesTheSecurityHeaders(t *testing.T) {
	f := newFixture(t)
	e, _ := f.event("altered", "standard-bo3", "Ada Lovelace", "Bram Berg")
	id := itoa64(int64(e.ID))
	paths := []string{
		"/", "/events/" + id, "/events/" + id + "/pairings", "/events/" + id + "/standings", "/events/" + id + "/bracket",
		"/events/" + id + "/projector", "/api/events", "/api/events/" + id, "/api/events/" + id + "/pairings",
		"/api/events/" + id + "/standings", "/api/events/" + id + "/clock", "/api/events/" + id + "/bracket",
		"/api/events/" + id + "/find?q=ada", "/api/events/" + id + "/projector", "/static/app.css", "/static/app.js",
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
