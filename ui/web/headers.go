package web

import (
	"net/http"
	"runtime/debug"
)

// contentSecurityPolicy allows the page's own script, style and images
// only: no inline script or style, no other origin, no framing, forms
// posting to this server only.
const contentSecurityPolicy = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; " +
	"connect-src 'self'; manifest-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'"

// maxBody is the largest request body any handler reads: a report is a
// few dozen bytes, a kiosk decklist a few kilobytes.
const maxBody = 16 << 10

// secure wraps every response of the server: the security headers, a cap
// on the request body, and a recovered panic answered with a sentence (and
// logged), never a stack trace in the page.
func (s *Server) secure(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("Content-Security-Policy", contentSecurityPolicy)
		h.Set("X-Frame-Options", "DENY")
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Referrer-Policy", "no-referrer")
		h.Set("Cross-Origin-Opener-Policy", "same-origin")
		h.Set("Cross-Origin-Resource-Policy", "same-origin")
		h.Set("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()")
		if r.Body != nil {
			r.Body = http.MaxBytesReader(w, r.Body, maxBody)
		}
		defer func() {
			if v := recover(); v != nil {
				if v == http.ErrAbortHandler {
					panic(v)
				}
				s.logf("web: %s %s: panic: %v\n%s", r.Method, r.URL.Path, v, debug.Stack())
				s.fail(w, r, http.StatusInternalServerError, msgInternal)
			}
		}()
		next.ServeHTTP(w, r)
	})
}

// logf writes a line to the server's log, if it has one.
func (s *Server) logf(format string, args ...any) {
	if s.cfg.Logf != nil {
		s.cfg.Logf(format, args...)
	}
}
