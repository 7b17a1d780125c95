package web

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"tablekeeper/internal/cluster"
)

// The two laptops of the handoff tests: the host a page came from (now
// dead) and the laptop the tests' server is.
const (
	deadHost = "http://192.168.1.20:8080"
	newHost  = "192.168.1.21:8080"
)

// clusterFixture is a fixture whose server is the laptop at newHost, the
// leader of a cluster with deadHost.
func clusterFixture(t *testing.T) (*fixture, *Server) {
	t.Helper()
	f := newFixture(t)
	st := cluster.Status{Leader: "http://" + newHost + "/", Self: "http://" + newHost + "/",
		Members: []cluster.Member{{URL: "http://" + newHost + "/", Role: "leader", InStep: true}, {URL: deadHost + "/", Role: "standby"}}}
	srv, err := New(Config{Director: f.d, Now: f.clock.Now, BaseURL: st.Self, Cluster: statusCluster{st}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(srv.Close)
	return f, srv
}

// ask sends a request to srv as the page at origin would (no Origin: the
// laptop's own page), with the headers given in pairs.
func ask(srv *Server, method, path, origin, body string, header ...string) *httptest.ResponseRecorder {
	req := httptest.NewRequest(method, path, strings.NewReader(body))
	req.Host = newHost
	if origin != "" {
		req.Header.Set("Origin", origin)
	}
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	w := httptest.NewRecorder()
	srv.ServeHTTP(w, req)
	return w
}

// Another laptop's page may read this one's answers (its exact origin,
// no credentials) and have its preflight answered; a stranger's page
// gets neither; the pages' policy names the laptops.
func TestTheOtherLaptopsPagesMayAskThisOne(t *testing.T) {
	_, srv := clusterFixture(t)
	w := ask(srv, "GET", "/api/events", deadHost, "")
	if got := w.Header().Get("Access-Control-Allow-Origin"); got != deadHost {
		t.Errorf("a member's origin: Allow-Origin %q", got)
	}
	if w.Header().Get("Access-Control-Allow-Credentials") != "" {
		t.Error("credentials allowed across laptops")
	}
	if !strings.Contains(w.Header().Get("Access-Control-Expose-Headers"), headerHandoff) {
		t.Errorf("expose: %q", w.Header().Get("Access-Control-Expose-Headers"))
	}
	if csp := w.Header().Get("Content-Security-Policy"); !strings.Contains(csp, "connect-src 'self' "+deadHost+" http://"+newHost+";") {
		t.Errorf("policy: %s", csp)
	}
	pre := ask(srv, "OPTIONS", "/api/events/1/reports", deadHost, "", "Access-Control-Request-Method", "POST",
		"Access-Control-Request-Headers", "content-type,tablekeeper-request,authorization")
	if pre.Code != http.StatusNoContent || !strings.Contains(pre.Header().Get("Access-Control-Allow-Headers"), "Authorization") {
		t.Errorf("preflight: %d %v", pre.Code, pre.Header())
	}
	for _, stranger := range []string{"http://evil.example", "http://192.168.1.20:8081", "https://192.168.1.20:8080"} {
		w := ask(srv, "GET", "/api/events", stranger, "")
		pre := ask(srv, "OPTIONS", "/api/events/1/reports", stranger, "", "Access-Control-Request-Method", "POST")
		if w.Header().Get("Access-Control-Allow-Origin") != "" || pre.Header().Get("Access-Control-Allow-Origin") != "" || pre.Code == http.StatusNoContent {
			t.Errorf("%s: allowed (%d %v)", stranger, pre.Code, pre.Header())
		}
	}
	// Alone, a laptop names no other.
	f := newFixture(t)
	if w := ask(f.srv, "GET", "/api/events", deadHost, ""); w.Header().Get("Access-Control-Allow-Origin") != "" ||
		!strings.Contains(w.Header().Get("Content-Security-Policy"), "connect-src 'self';") {
		t.Errorf("alone: %v", w.Header())
	}
}

// A player signed in on the laptop that died stays signed in on the one
// her page moved to: her page's handoff (read from her own laptop's
// /api/cluster) stands for her cookies there, her writes from that page
// pass as the laptop's own page's, and a sign-in there comes back as a
// new handoff, not a cookie. A handoff that was changed, that expired, or
// that comes from a stranger's page opens nothing.
func TestASignedInPlayerStaysSignedInOnTheOtherLaptop(t *testing.T) {
	f, srv := clusterFixture(t)
	e, entries := f.Event("KeyForge", "archon-standard", "Ada", "Bob")
	me := fmt.Sprintf("/api/events/%d/me", e.ID)
	signin := fmt.Sprintf(`{"entry":%d,"code":%q}`, entries[0].ID, f.PlayerCodeOf(entries[0].ID))

	// Signed in on her own laptop, she reads her handoff there.
	w := ask(srv, "POST", me+"/signin", "", signin)
	if w.Code != http.StatusOK {
		t.Fatalf("sign in: %d %s", w.Code, w.Body)
	}
	var cookies []string
	for _, c := range w.Result().Cookies() {
		cookies = append(cookies, c.Name+"="+c.Value)
	}
	cookie := strings.Join(cookies, "; ")
	var st struct {
		Handoff string `json:"handoff"`
	}
	if err := json.Unmarshal(ask(srv, "GET", "/api/cluster", "", "", "Cookie", cookie).Body.Bytes(), &st); err != nil || st.Handoff == "" {
		t.Fatalf("no handoff: %v %+v", err, st)
	}
	if strings.Contains(st.Handoff, strings.SplitN(cookies[0], "=", 2)[1]) {
		t.Fatal("the handoff shows the cookie")
	}
	signedIn := func(origin, token string) bool {
		t.Helper()
		w := ask(srv, "GET", me, origin, "", "Authorization", handoffScheme+token)
		return strings.Contains(w.Body.String(), `"signedIn":true`)
	}
	if !signedIn(deadHost, st.Handoff) {
		t.Fatal("her handoff from the dead laptop's page: not signed in")
	}
	if signedIn("http://evil.example", st.Handoff) {
		t.Error("a stranger's page used her handoff")
	}
	// One letter changed in the middle (every bit of it counts; the last
	// letters of unpadded base64 carry bits a decoder may ignore).
	changed := []byte(st.Handoff)
	if i := len(changed) / 2; changed[i] == 'A' {
		changed[i] = 'B'
	} else {
		changed[i] = 'A'
	}
	if signedIn(deadHost, string(changed)) || signedIn(deadHost, "") {
		t.Error("a changed or missing handoff signed her in")
	}

	// Her report from the moved page is her laptop's own page's.
	w = ask(srv, "POST", me+"/signout", deadHost, "{}", "Authorization", handoffScheme+st.Handoff)
	if w.Code != http.StatusOK {
		t.Fatalf("sign out from the moved page: %d %s", w.Code, w.Body)
	}
	if w.Header().Get("Set-Cookie") != "" {
		t.Error("a cookie set across laptops")
	}
	out := w.Header().Get(headerHandoff)
	if out == "" || signedIn(deadHost, out) {
		t.Fatalf("after signing out: handoff %q still signed in", out)
	}
	// Signing in again on the new laptop gives her a handoff with it.
	w = ask(srv, "POST", me+"/signin", deadHost, signin, "Authorization", handoffScheme+out)
	again := w.Header().Get(headerHandoff)
	if w.Code != http.StatusOK || again == "" || !signedIn(deadHost, again) {
		t.Fatalf("sign in on the new laptop: %d %s, handoff %q", w.Code, w.Body, again)
	}
	// A stranger's page still cannot write.
	if w := ask(srv, "POST", me+"/signout", "http://evil.example", "{}", "Authorization", handoffScheme+again); w.Code != http.StatusForbidden {
		t.Errorf("a stranger's page signed her out: %d", w.Code)
	}
	f.clock.Add(handoffTTL + time.Minute)
	if signedIn(deadHost, again) {
		t.Error("an expired handoff signed her in")
	}
}

// A link of a moved page opens the page on the new laptop through its
// handoff: the cookies are set there (those the browser has there kept)
// and the page opened from there; a path elsewhere opens the front page.
func TestALinkOfAMovedPageCarriesTheCookies(t *testing.T) {
	_, srv := clusterFixture(t)
	token := srv.sealHandoff(t.Context(), map[string]string{"tk_player_3": strings.Repeat("ab", 32), langCookie: "fr", "other": "x"})
	w := ask(srv, "GET", "/handoff?to=%2Fevents%2F3%2Fpairings&t="+token, "", "", "Cookie", "lang=en")
	set := map[string]string{}
	for _, c := range w.Result().Cookies() {
		set[c.Name] = c.Value
		if !c.HttpOnly || c.SameSite != http.SameSiteStrictMode {
			t.Errorf("cookie %s: %+v", c.Name, c)
		}
	}
	if w.Code != http.StatusOK || w.Header().Get("Refresh") != "0; url=/events/3/pairings" || set["tk_player_3"] == "" {
		t.Errorf("handoff: %d %v", w.Code, w.Header())
	}
	if _, ok := set[langCookie]; ok {
		t.Error("the handoff replaced a cookie the browser had")
	}
	if _, ok := set["other"]; ok {
		t.Error("a cookie that is no device's travelled")
	}
	for _, to := range []string{"//evil.example/", "http://evil.example/", "/\\evil.example"} {
		w := ask(srv, "GET", "/handoff?to="+to+"&t="+token, "", "")
		if got := w.Header().Get("Refresh"); got != "0; url=/" {
			t.Errorf("to %q: %q", to, got)
		}
	}
}
