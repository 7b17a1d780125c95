package web

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode"
	"unicode/utf8"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/core/i18n"
)

// The staff areas, the kiosk tablet (kiosk.go) and the judges' phones
// (judge.go), write to an event with more than a table code: a device the
// organizer unlocked with the kiosk PIN, or a judge signed in with the
// judges' PIN. Each keeps its sessions here, on the server, named by an
// unguessable token in a cookie that scripts cannot read and other sites
// never get; every write they take passes staffWrite first (same origin,
// the device's rate) and then its area's session check.

// tokenBytes is the length of a session token: 32 random bytes, written
// in hex in the cookie.
const tokenBytes = 32

// staffToken draws a session token.
func staffToken() string {
	var b [tokenBytes]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// sessions holds an area's sessions by the hash of their token, so a
// lookup compares no secret, and at most max of them: a new one past max
// forgets the oldest. A session lasts ttl from its start.
type staffSessions[T any] struct {
	now func() time.Time
	max int
	ttl time.Duration

	mu sync.Mutex
	m  map[[32]byte]*staffHeld[T]
}

// held is one session with its start.
type staffHeld[T any] struct {
	start time.Time
	v     T
}

func newStaffSessions[T any](now func() time.Time, max int, ttl time.Duration) *staffSessions[T] {
	return &staffSessions[T]{now: now, max: max, ttl: ttl, m: map[[32]byte]*staffHeld[T]{}}
}

func staffTokenKey(token string) [32]byte { return sha256.Sum256([]byte(token)) }

// create starts a session holding v and returns its token.
func (st *staffSessions[T]) create(v T) string {
	token := staffToken()
	st.mu.Lock()
	defer st.mu.Unlock()
	now := st.now()
	for k, h := range st.m {
		if now.Sub(h.start) >= st.ttl {
			delete(st.m, k)
		}
	}
	for len(st.m) >= st.max {
		var oldest [32]byte
		first := true
		for k, h := range st.m {
			if first || h.start.Before(st.m[oldest].start) {
				oldest, first = k, false
			}
		}
		delete(st.m, oldest)
	}
	st.m[staffTokenKey(token)] = &staffHeld[T]{start: now, v: v}
	return token
}

// get returns a copy of the session of token; false for none (unknown,
// ended or expired).
func (st *staffSessions[T]) get(token string) (T, bool) {
	var zero T
	if !staffTokenValid(token) {
		return zero, false
	}
	st.mu.Lock()
	defer st.mu.Unlock()
	h, ok := st.m[staffTokenKey(token)]
	if !ok {
		return zero, false
	}
	if st.now().Sub(h.start) >= st.ttl {
		delete(st.m, staffTokenKey(token))
		return zero, false
	}
	return h.v, true
}

// update changes the session of token with fn; false when there is none.
func (st *staffSessions[T]) update(token string, fn func(*T)) bool {
	if !staffTokenValid(token) {
		return false
	}
	st.mu.Lock()
	defer st.mu.Unlock()
	h, ok := st.m[staffTokenKey(token)]
	if !ok || st.now().Sub(h.start) >= st.ttl {
		return false
	}
	fn(&h.v)
	return true
}

// drop ends the session of token.
func (st *staffSessions[T]) drop(token string) {
	st.mu.Lock()
	defer st.mu.Unlock()
	delete(st.m, staffTokenKey(token))
}

// check reads a device's session of kind from the database
// (Server.checkStaff, a failure logged as what's session); a session
// ended there is forgotten here.
func (st *staffSessions[T]) check(s *Server, r *http.Request, kind, cookie, what string) staffCheck {
	c, err := s.checkStaff(r, kind, cookie)
	if err != nil {
		s.logf("web: %s session: %v", what, err)
		return staffCheck{}
	}
	if !c.ok && c.token != "" {
		st.drop(c.token)
	}
	return c
}

// count is the number of sessions held (expired ones included until the
// next create sweeps them).
func (st *staffSessions[T]) count() int {
	st.mu.Lock()
	defer st.mu.Unlock()
	return len(st.m)
}

func staffTokenValid(s string) bool {
	if len(s) != 2*tokenBytes {
		return false
	}
	for _, c := range s {
		if (c < '0' || c > '9') && (c < 'a' || c > 'f') {
			return false
		}
	}
	return true
}

// staffTokenOf reads a session token from the request's cookie name.
func staffTokenOf(r *http.Request, name string) string {
	c, err := r.Cookie(name)
	if err != nil || !staffTokenValid(c.Value) {
		return ""
	}
	return c.Value
}

// setSessionCookie gives the device a session's token: unreadable by
// scripts, sent to this server only and never from another site's page,
// kept for ttl.
func setSessionCookie(w http.ResponseWriter, name, path, token string, ttl time.Duration) {
	http.SetCookie(w, &http.Cookie{Name: name, Value: token, Path: path, MaxAge: int(ttl.Seconds()), // #nosec G124 -- the store network is plain HTTP on the shop's network (no TLS): a Secure cookie would never come back
		HttpOnly: true, SameSite: http.SameSiteStrictMode})
}

// clearSessionCookie takes the session's token off the device.
func clearSessionCookie(w http.ResponseWriter, name, path string) {
	http.SetCookie(w, &http.Cookie{Name: name, Value: "", Path: path, MaxAge: -1, HttpOnly: true, SameSite: http.SameSiteStrictMode}) // #nosec G124 -- the store network is plain HTTP on the shop's network (no TLS): a Secure cookie would never come back
}

// refuseStaff answers a staff request from a device whose session is not
// valid: with ended, the words of why it ended when it did, else with
// signedOut, what the area says to a device never signed in.
func (s *Server) refuseStaff(w http.ResponseWriter, r *http.Request, ended, signedOut i18n.Localizer) {
	if ended == nil {
		ended = signedOut
	}
	s.fail(w, r, http.StatusForbidden, ended)
}

// endedOnce returns ended, the words of why a device's session ended (nil:
// it did not), and takes the ended session's cookie off the device so
// that the sign-in page says them once.
func endedOnce(w http.ResponseWriter, ended i18n.Localizer, cookie string) i18n.Localizer {
	if ended != nil {
		clearSessionCookie(w, cookie, "/")
	}
	return ended
}

// endPrevious ends the session a device held before it signed in again
// (its cookie's token): forgotten by the server (forget, when the area
// keeps its sessions in memory) and ended in the database. What goes
// wrong is logged (what: the step), as the new session stands anyway.
func (s *Server) endPrevious(r *http.Request, cookie string, phones sessionEnder, forget func(token string), what string) {
	old := staffTokenOf(r, cookie)
	if old == "" {
		return
	}
	if forget != nil {
		forget(old)
	}
	if err := phones.EndStaffSession(r.Context(), old); err != nil {
		s.logf("web: %s: %v", what, err)
	}
}

// signOut ends a device's session (token) in the database, forgets it
// (forget, when the area keeps its sessions in memory) and takes its
// cookie off the device; false when the database could not end it (said
// to the device).
func (s *Server) signOut(w http.ResponseWriter, r *http.Request, phones sessionEnder, token, cookie string, forget func(token string)) bool {
	if err := phones.EndStaffSession(r.Context(), token); err != nil {
		s.failErr(w, r, err)
		return false
	}
	if forget != nil {
		forget(token)
	}
	clearSessionCookie(w, cookie, "/")
	return true
}

// rateWrongPIN bounds the wrong PINs one device, and one address, may
// try for each kind of secret: a few typing slips, then one a minute (the
// arithmetic of core/director/secrets.go: under one in a million for a
// guesser with 250 addresses for 10 hours).
var rateWrongPIN = rate{name: "wrong PINs", burst: 5, per: time.Minute}

// rateDeckCheck bounds the decklist checks a kiosk makes while a player
// types (one after each pause in typing).
var rateDeckCheck = rate{burst: 20, per: 500 * time.Millisecond}

// msgCrossSite refuses a write sent from another site's page.
var msgCrossSite = i18n.F("This form was sent from another web page; open the page on the store network and try again there.")

// staffWrite lets a kiosk or judge write through when it comes from this
// server's own pages (the browser's Sec-Fetch-Site or Origin says so: a
// page of another site cannot make a device write here) and within the
// device's rate; otherwise it answers 403 or 429 with a sentence and
// returns false.
func (s *Server) staffWrite(w http.ResponseWriter, r *http.Request, origin *http.CrossOriginProtection) bool {
	return s.staffWriteAt(w, r, origin, rateDeviceWrites)
}

// rateStationWrites bounds a scorekeeper station's writes: a station is
// signed in with the scorekeeper code and types slips as fast as hands
// can (a slip every second or so for minutes at the end of a round), so
// it gets more than a phone, still bounded so that a station left signed
// in is no fire hose.
var rateStationWrites = rate{name: "station writes", burst: 120, per: 250 * time.Millisecond}

// staffWriteAt is staffWrite with the device's writes bounded by rt.
func (s *Server) staffWriteAt(w http.ResponseWriter, r *http.Request, origin *http.CrossOriginProtection, rt rate) bool {
	if err := origin.Check(r); err != nil {
		s.fail(w, r, http.StatusForbidden, msgCrossSite)
		return false
	}
	if ok, wait := s.limits.allow(rt, deviceKey(r)); !ok {
		s.staffTooMany(w, r, wait, i18n.F("This device is sending too much at once; wait a moment and try again."))
		return false
	}
	return true
}

// staffTooMany answers 429 with how long to wait.
func (s *Server) staffTooMany(w http.ResponseWriter, r *http.Request, wait time.Duration, msg i18n.Text) {
	secs := int(wait.Round(time.Second).Seconds())
	w.Header().Set("Retry-After", strconv.Itoa(max(secs, 1)))
	s.fail(w, r, http.StatusTooManyRequests, msg)
}

// pinKeys are the rate-limit keys of a PIN typed on this device: the
// device and its address, so clearing cookies gives no new tries.
func pinKeys(area string, r *http.Request) []string {
	keys := []string{area + ":ip:" + clientAddr(r)}
	if id := deviceOf(r); id != "" {
		keys = append(keys, area+":dev:"+id)
	}
	return keys
}

// staffWait says how long to wait: "a minute", "40 seconds".
func staffWait(d time.Duration) i18n.Text {
	secs := int(d.Round(time.Second).Seconds())
	switch {
	case secs <= 1:
		return i18n.F("a second")
	case secs < 60:
		return i18n.FN("%d seconds", secs, secs)
	case secs < 120:
		return i18n.F("a minute")
	}
	m := (secs + 59) / 60
	return i18n.FN("%d minutes", m, m)
}

// staffField reads a form field: trimmed, spaces inside collapsed, at most
// limit characters of printable text; what says what the field is in the
// staffSentence that refuses it.
func staffField(r *http.Request, name string, what i18n.Text, limit int) (string, error) {
	v := strings.Join(strings.Fields(r.PostFormValue(name)), " ")
	return staffText(v, what, limit)
}

// staffText refuses text longer than limit characters, or with bytes
// that are not printable text.
func staffText(v string, what i18n.Text, limit int) (string, error) {
	if !utf8.ValidString(v) {
		return "", event.Invalidf("%s is not readable text; type it again", what)
	}
	if n := utf8.RuneCountInString(v); n > limit {
		return "", event.Invalidf("%s is %d characters long; at most %d fit", what, n, limit)
	}
	for _, c := range v {
		if !unicode.IsPrint(c) && c != '\n' && c != '\t' {
			return "", event.Invalidf("%s holds characters that are not text; type it again", what)
		}
	}
	return v, nil
}

// staffLines reads a form field of several lines (a decklist, a
// description): line ends made \n, at most limit characters.
func staffLines(r *http.Request, name string, what i18n.Text, limit int) (string, error) {
	v := strings.ReplaceAll(r.PostFormValue(name), "\r\n", "\n")
	v = strings.ReplaceAll(v, "\r", "\n")
	return staffText(strings.TrimSpace(v), what, limit)
}

// staffParseForm reads a posted form within the body limit, answering a
// staffSentence when it cannot.
func (s *Server) staffParseForm(w http.ResponseWriter, r *http.Request) bool {
	if err := r.ParseForm(); err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			s.fail(w, r, http.StatusRequestEntityTooLarge, i18n.F("That is more than this form takes; send less text."))
			return false
		}
		s.fail(w, r, http.StatusBadRequest, i18n.F("The form could not be read; reload the page and try again."))
		return false
	}
	return true
}

// staffDevice is how a log entry names a device (director.ShortDevice),
// "unknown" for none.
func staffDevice(id string) string {
	if id == "" {
		return "unknown"
	}
	return director.ShortDevice(id)
}
