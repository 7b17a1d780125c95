package web

import (
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"runtime/debug"
	"strconv"
	"strings"

	"tablekeeper/core/i18n"
)

// contentSecurityPolicy allows the page's own script, style and images
// only: no inline script or style, no other origin (but, in a cluster,
// the other laptops' for the page's requests: Server.origins), no
// framing, forms posting to this server only.
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
		_, csp := s.origins()
		h.Set("Content-Security-Policy", csp)
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

// servedHost says whether r names this server in its Host header: the
// address the connection came in on (any of the machine's addresses when
// it listens on every interface), localhost and the loopback addresses,
// on the listener's port, or Config.BaseURL's host and port (a name or a
// forwarded port the store set up).
//
// That refuses DNS rebinding: a hostile site's page whose name is made to
// resolve to the laptop reaches it with the hostile name as Host. Every
// request is checked, reads included: such a page could otherwise read
// what the browser it runs in can read here (the judge and kiosk pages,
// the players' names), and an honest phone always uses the address it was
// given (QR code, poster, the window's list), so refusing reads costs it
// nothing. A request without Host (HTTP/1.0) is no browser's, so no
// rebinding page's; it passes. So does a request that came over no
// connection (net/http names the connection's address on every request
// it serves; only a handler called directly, as tests do, has none): no
// page can reach it.
func (s *Server) servedHost(r *http.Request) bool {
	addr, connected := r.Context().Value(http.LocalAddrContextKey).(net.Addr)
	if r.Host == "" || !connected {
		return true
	}
	local, _ := addr.(*net.TCPAddr)
	host, port := splitHost(r.Host, "80")
	if s.baseHost != "" && strings.EqualFold(s.baseHost, host) && s.basePort == port {
		return true
	}
	if local != nil && strconv.Itoa(local.Port) != port {
		return false
	}
	if strings.EqualFold(strings.TrimSuffix(host, "."), "localhost") {
		return true
	}
	ip, err := netip.ParseAddr(host)
	if err != nil {
		return false
	}
	ip = ip.Unmap().WithZone("")
	if ip.IsLoopback() {
		return true
	}
	if local == nil {
		return false
	}
	at, ok := netip.AddrFromSlice(local.IP)
	return ok && at.Unmap().WithZone("") == ip
}

// baseHostPort is Config.BaseURL's host and port, "" when it has none or
// it does not parse.
func baseHostPort(base string) (host, port string) {
	u, err := url.Parse(base)
	if base == "" || err != nil {
		return "", ""
	}
	return splitHost(u.Host, defaultPort(u.Scheme))
}

// isStaticRead says whether r reads an embedded file (stylesheet, script,
// icon): the same for everyone and nothing secret, so served whatever the
// Host, which lets the refusal page of a wrong host show styled.
func isStaticRead(r *http.Request) bool {
	return (r.Method == http.MethodGet || r.Method == http.MethodHead) && strings.HasPrefix(r.URL.Path, "/static/")
}

// splitHost splits a Host header into host and port (def when it has
// none), without brackets around an IPv6 address.
func splitHost(hostport, def string) (host, port string) {
	if h, p, err := net.SplitHostPort(hostport); err == nil {
		if p == "" {
			p = def
		}
		return h, p
	}
	return strings.TrimSuffix(strings.TrimPrefix(hostport, "["), "]"), def
}

// defaultPort is a URL scheme's port.
func defaultPort(scheme string) string {
	if strings.EqualFold(scheme, "https") {
		return "443"
	}
	return "80"
}

// refuseHost answers a request for a host this server does not serve,
// naming the address to open instead.
func (s *Server) refuseHost(w http.ResponseWriter, r *http.Request) {
	if u := s.URL(); u != "" {
		s.fail(w, r, http.StatusMisdirectedRequest, i18n.F("This server does not answer at the name %[1]s; open %[2]s instead (the address on the event's poster).", r.Host, u))
		return
	}
	s.fail(w, r, http.StatusMisdirectedRequest, i18n.F("This server does not answer at the name %s; open the address on the event's poster instead.", r.Host))
}
