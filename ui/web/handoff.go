package web

// The pages of a cluster follow the host to another laptop's address
// when theirs dies (issue 29, docs/network/cluster.md "What the phones
// do"). A page keeps asking the address it was loaded from while that
// laptop answers; when it stops, the page asks every laptop of the
// cluster (/api/cluster) which one leads and sends its requests there,
// from its own origin to the other laptop's:
//
//   - CORS: a laptop answers the other laptops' origins, exactly, and no
//     other (no credentials: cookies never cross); their preflights are
//     answered here, before any route.
//   - CSP: a page's connect-src names every laptop's origin, as they were
//     when it was served.
//   - The device's cookies (its device id, its player, judge, kiosk or
//     station session, its language) do not travel to another origin, but
//     the rows they name are replicated. So a page of a cluster holds a
//     handoff: those cookies sealed (AES-256-GCM under a key derived from
//     the device key every laptop shares, with an expiry), opaque to the
//     page. It gets it from its own laptop's /api/cluster, and sends it
//     to another laptop as "Authorization: TK-Handoff …" (its live
//     stream, which cannot send a header, as ?handoff=). That laptop opens
//     it and reads the request as if the cookies had come; what it would
//     set in cookies it seals into a new handoff in the answer's
//     Tablekeeper-Handoff header instead, so a sign-in on the new laptop
//     holds.
//
// The handoff is a bearer of the device's sessions, as the cookies are,
// but a script of the page can read it where the cookies are HTTP-only:
// it is given only to a page of a cluster, lasts handoffTTL (renewed with
// each answer of another laptop), and is accepted only from the other
// laptops' origins. The pages allow no inline script (contentSecurityPolicy).

import (
	"context"
	"crypto/aes"
	"crypto/cipher"
	"crypto/hkdf"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"html/template"
	"net/http"
	"net/url"
	"sort"
	"strings"
	"sync"
	"time"
)

// headerHandoff is the answer's header with the device's new handoff,
// on a request from another laptop's page.
const headerHandoff = "Tablekeeper-Handoff"

// handoffScheme names the handoff in the Authorization header.
const handoffScheme = "TK-Handoff "

// handoffQuery is the live stream's parameter with the handoff.
const handoffQuery = "handoff"

// handoffTTL is how long a handoff opens: a page asks its own laptop for
// a new one every handoffRenew (tk.js), another laptop gives one with
// every answer.
const handoffTTL = 2 * time.Hour

// handoffInfo binds the handoff key to its use: the device key signs
// device ids with HMAC, this key is another.
const handoffInfo = "tablekeeper page handoff v1"

// maxHandoff is the longest handoff read: a few cookies of 64
// characters, sealed, in base64.
const maxHandoff = 2048

// handoffCookie says whether a cookie of that name travels in a handoff:
// the device id, a session, the language. No other cookie is read.
func handoffCookie(name string) bool {
	switch name {
	case deviceCookie, langCookie, judgeCookie, kioskCookie, scoreCookie:
		return true
	}
	n, ok := strings.CutPrefix(name, "tk_player_")
	if !ok || n == "" || len(n) > 19 {
		return false
	}
	for _, c := range n {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// handoffBody is what a handoff seals.
type handoffBody struct {
	// Exp is when it stops opening, in Unix seconds.
	Exp int64 `json:"e"`
	// Cookies are the device's cookies, by name.
	Cookies map[string]string `json:"c"`
}

// handoffAEAD is the cipher handoffs are sealed with, nil when the
// device key cannot be read.
func (s *Server) handoffAEAD(ctx context.Context) cipher.AEAD {
	dk := s.deviceKeyOf(ctx)
	if dk == nil {
		return nil
	}
	key, err := hkdf.Key(sha256.New, dk, nil, handoffInfo, 32)
	if err != nil {
		return nil
	}
	block, err := aes.NewCipher(key)
	if err != nil {
		return nil
	}
	aead, err := cipher.NewGCM(block)
	if err != nil {
		return nil
	}
	return aead
}

// sealHandoff seals cookies into a handoff, "" when there is nothing to
// seal or no key.
func (s *Server) sealHandoff(ctx context.Context, cookies map[string]string) string {
	if len(cookies) == 0 {
		return ""
	}
	aead := s.handoffAEAD(ctx)
	if aead == nil {
		return ""
	}
	plain, err := json.Marshal(handoffBody{Exp: s.now().Add(handoffTTL).Unix(), Cookies: cookies})
	if err != nil {
		return ""
	}
	nonce := make([]byte, aead.NonceSize(), aead.NonceSize()+len(plain)+aead.Overhead())
	_, _ = rand.Read(nonce)
	return base64.RawURLEncoding.EncodeToString(aead.Seal(nonce, nonce, plain, []byte(handoffInfo)))
}

// openHandoff returns the cookies a handoff holds; false when it is not
// one this cluster sealed, or it expired.
func (s *Server) openHandoff(ctx context.Context, token string) (map[string]string, bool) {
	if token == "" || len(token) > maxHandoff {
		return nil, false
	}
	sealed, err := base64.RawURLEncoding.DecodeString(token)
	aead := s.handoffAEAD(ctx)
	if err != nil || aead == nil || len(sealed) < aead.NonceSize()+aead.Overhead() {
		return nil, false
	}
	plain, err := aead.Open(nil, sealed[:aead.NonceSize()], sealed[aead.NonceSize():], []byte(handoffInfo))
	if err != nil {
		return nil, false
	}
	var b handoffBody
	if json.Unmarshal(plain, &b) != nil || s.now().Unix() >= b.Exp {
		return nil, false
	}
	for name := range b.Cookies {
		if !handoffCookie(name) {
			delete(b.Cookies, name)
		}
	}
	return b.Cookies, true
}

// handoffOf is the handoff of the device's cookies as r carries them.
func (s *Server) handoffOf(r *http.Request) string {
	cookies := map[string]string{}
	for _, c := range r.Cookies() {
		if handoffCookie(c.Name) {
			cookies[c.Name] = c.Value
		}
	}
	return s.sealHandoff(r.Context(), cookies)
}

// ---- the other laptops' origins ------------------------------------

// memberOrigins are the origins of the cluster's laptops, read from its
// status at most once a second (the leader's status asks raft for its
// configuration), and the page policy that names them.
type memberOrigins struct {
	mu  sync.Mutex
	at  time.Time
	set map[string]bool
	csp string
}

// originOf is u's origin as a browser writes it in Origin: scheme and
// host in lower case, without the scheme's default port; "" when u is
// not an http(s) address.
func originOf(u string) string {
	p, err := url.Parse(strings.TrimSpace(u))
	if err != nil || (p.Scheme != "http" && p.Scheme != "https") || p.Host == "" {
		return ""
	}
	host := strings.ToLower(p.Host)
	if h, port := splitHost(host, defaultPort(p.Scheme)); port == defaultPort(p.Scheme) {
		host = h
		if strings.Contains(h, ":") {
			host = "[" + h + "]"
		}
	}
	return p.Scheme + "://" + host
}

// origins returns the cluster's laptops' origins and the page policy
// naming them (contentSecurityPolicy alone when the laptop runs alone).
func (s *Server) origins() (map[string]bool, string) {
	o := &s.members
	o.mu.Lock()
	defer o.mu.Unlock()
	now := time.Now()
	if now.Sub(o.at) < time.Second && o.csp != "" {
		return o.set, o.csp
	}
	o.at = now
	c := s.cluster()
	if c == nil {
		o.set, o.csp = nil, contentSecurityPolicy
		return nil, o.csp
	}
	set := map[string]bool{}
	for _, m := range c.Status().Members {
		if origin := originOf(m.URL); origin != "" {
			set[origin] = true
		}
	}
	list := make([]string, 0, len(set))
	for origin := range set {
		list = append(list, origin)
	}
	sort.Strings(list)
	o.set = set
	o.csp = strings.Replace(contentSecurityPolicy, "connect-src 'self'", "connect-src 'self' "+strings.Join(list, " "), 1)
	return o.set, o.csp
}

// crossMember is r's Origin when it is another laptop's of the cluster
// than the one r came to, "" otherwise (no Origin, this laptop's own, a
// stranger's).
func (s *Server) crossMember(r *http.Request) string {
	origin := r.Header.Get("Origin")
	if origin == "" {
		return ""
	}
	set, _ := s.origins()
	if len(set) == 0 {
		return ""
	}
	origin = originOf(origin)
	if origin == "" || !set[origin] {
		return ""
	}
	if u, err := url.Parse(origin); err == nil && strings.EqualFold(u.Host, r.Host) {
		return ""
	}
	return origin
}

// memberCtxKey marks a request from another laptop's page (crossMember):
// sameOrigin lets its writes through as this laptop's own page's.
type memberCtxKey struct{}

// fromMember says whether r came from another laptop's page.
func fromMember(r *http.Request) bool {
	v, _ := r.Context().Value(memberCtxKey{}).(bool)
	return v
}

// corsHeaders are the headers another laptop's page reads or sends.
const (
	corsAllowHeaders  = "Accept, Authorization, Content-Type, Tablekeeper-Request"
	corsExposeHeaders = "Retry-After, " + headerHandoff
)

// crossOrigin lets another laptop's page read the answer to r (exact
// origin, no credentials) and answers its preflight; it returns r marked
// as such, with the cookies its handoff holds, and w that seals the
// cookies the answer sets into a new handoff. done is true when the
// preflight was answered.
func (s *Server) crossOrigin(w http.ResponseWriter, r *http.Request) (http.ResponseWriter, *http.Request, bool) {
	set, _ := s.origins()
	if len(set) == 0 {
		return w, r, false
	}
	h := w.Header()
	h.Add("Vary", "Origin")
	origin := s.crossMember(r)
	if origin == "" {
		return w, r, false
	}
	h.Set("Access-Control-Allow-Origin", origin)
	h.Set("Access-Control-Expose-Headers", corsExposeHeaders)
	if r.Method == http.MethodOptions && r.Header.Get("Access-Control-Request-Method") != "" {
		h.Set("Access-Control-Allow-Methods", "GET, POST")
		h.Set("Access-Control-Allow-Headers", corsAllowHeaders)
		h.Set("Access-Control-Max-Age", "600")
		w.WriteHeader(http.StatusNoContent)
		return w, r, true
	}
	cookies := map[string]string{}
	token, _ := strings.CutPrefix(r.Header.Get("Authorization"), handoffScheme)
	if token == r.Header.Get("Authorization") {
		token = ""
	}
	if token == "" && r.Method == http.MethodGet && strings.HasSuffix(r.URL.Path, "/stream") {
		token = r.URL.Query().Get(handoffQuery)
	}
	if got, ok := s.openHandoff(r.Context(), token); ok {
		cookies = got
	}
	// A cross-origin request carries no cookie (the page sends none), so
	// the handoff's are the request's.
	r = r.Clone(context.WithValue(r.Context(), memberCtxKey{}, true))
	r.Header.Del("Cookie")
	for name, value := range cookies {
		r.AddCookie(&http.Cookie{Name: name, Value: value}) // #nosec G124 -- a cookie of the request read here, never one set in a browser
	}
	return &handoffWriter{ResponseWriter: w, s: s, r: r, cookies: cookies}, r, false
}

// handoffWriter answers another laptop's page: the cookies the answer
// would set are sealed, with those the request had, into the handoff in
// headerHandoff (a cross-origin answer's cookies would not be kept).
type handoffWriter struct {
	http.ResponseWriter
	s       *Server
	r       *http.Request
	cookies map[string]string
	wrote   bool
}

// WriteHeader seals the handoff and writes the header.
func (hw *handoffWriter) WriteHeader(status int) {
	if !hw.wrote {
		hw.wrote = true
		h := hw.ResponseWriter.Header()
		relayed := h.Get(headerHandoff) != "" // the leader's, of a write this standby forwarded
		for _, line := range h.Values("Set-Cookie") {
			c, err := http.ParseSetCookie(line)
			if err != nil || !handoffCookie(c.Name) {
				continue
			}
			if c.MaxAge < 0 || c.Value == "" {
				delete(hw.cookies, c.Name)
			} else {
				hw.cookies[c.Name] = c.Value
			}
		}
		h.Del("Set-Cookie")
		if token := hw.s.sealHandoff(hw.r.Context(), hw.cookies); token != "" && !relayed {
			h.Set(headerHandoff, token)
		}
	}
	hw.ResponseWriter.WriteHeader(status)
}

// Write writes the header first, as net/http does.
func (hw *handoffWriter) Write(b []byte) (int, error) {
	if !hw.wrote {
		hw.WriteHeader(http.StatusOK)
	}
	return hw.ResponseWriter.Write(b)
}

// Unwrap gives http.ResponseController the connection's writer (the live
// stream flushes and lifts its deadline through it).
func (hw *handoffWriter) Unwrap() http.ResponseWriter { return hw.ResponseWriter }

// ---- a link followed to the host -----------------------------------

// cookieTTL is how long a cookie a handoff brings is kept: its area's
// session's (the database ends the session itself when it ends), a year
// for the device id and the language.
func cookieTTL(name string) time.Duration {
	switch {
	case name == judgeCookie:
		return judgeTTL
	case name == kioskCookie:
		return kioskTTL
	case name == scoreCookie:
		return scoreTTL
	case strings.HasPrefix(name, "tk_player_"):
		return playerTTL
	}
	return 365 * 24 * time.Hour
}

// pageHandoff is a link of a page that moved to this laptop
// (GET /handoff?to=PATH&t=HANDOFF, tk.js): the handoff's cookies are set
// here, those this browser has here already kept, and the page at PATH
// opened. It opens through a page of this laptop's own (a refresh, not a
// redirect), so that the browser sends the new cookies: a navigation
// another address started would not carry them (SameSite=Strict).
func (s *Server) pageHandoff(w http.ResponseWriter, r *http.Request) {
	to := localPath(r.URL.Query().Get("to"))
	if s.cluster() != nil {
		if cookies, ok := s.openHandoff(r.Context(), r.URL.Query().Get("t")); ok {
			for name, value := range cookies {
				if _, err := r.Cookie(name); err == nil {
					continue
				}
				setSessionCookie(w, name, "/", value, cookieTTL(name))
			}
		}
	}
	h := w.Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	h.Set("Refresh", "0; url="+to)
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write([]byte(`<!doctype html><meta charset="utf-8"><title>Tablekeeper</title><p><a href="` +
		template.HTMLEscapeString(to) + `">Tablekeeper</a></p>`)) // #nosec G705 -- to is a local path, escaped
}
