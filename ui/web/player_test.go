package web

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"tablekeeper/core/event"
	"tablekeeper/ui/web/internal/webtest"
)

// playerPhone is a client with cookies of its own, as one phone is
// (webtest.Phone), on f's server; its methods are webtest.Phone's.
type playerPhone struct {
	*webtest.Phone
	f *fixture
}

func (f *fixture) playerPhone() *playerPhone {
	return &playerPhone{Phone: webtest.NewPhone(f.t, f.http), f: f}
}

func (p *playerPhone) post(path, body string, header ...string) (int, string) {
	p.T.Helper()
	return p.Post(path, body, header...)
}

func (p *playerPhone) get(path string) (int, string) { p.T.Helper(); return p.Get(path) }

func (p *playerPhone) send(req *http.Request) (int, string) { p.T.Helper(); return p.Send(req) }

func (p *playerPhone) signIn(id event.EventID, entry event.EntryID, code string) (int, string) {
	p.T.Helper()
	return p.SignIn(id, entry, code)
}

func TestAPlayerSignsInOnHerPhoneWithHerCode(t *testing.T) {
	f := newFixture(t)
	e, entries := f.Event("KeyForge", "archon-standard", "Ada", "Bob", "Cy")
	code := f.PlayerCodeOf(entries[0].ID)
	me := fmt.Sprintf("/api/events/%d/me", e.ID)
	p := f.playerPhone()
	if status, body := p.get(me); status != 200 || !strings.Contains(body, `"signedIn":false`) {
		t.Fatalf("before sign-in: %d %s", status, body)
	}
	if status, body := p.signIn(e.ID, entries[0].ID, "ZZZZZZ"); status != 403 || !strings.Contains(errorOf(t, body), "not your player code") {
		t.Fatalf("wrong code: %d %s", status, body)
	}
	if status, body := p.signIn(e.ID, 9999, code); status != 404 {
		t.Fatalf("a player of no event: %d %s", status, body)
	}
	if status, body := p.signIn(e.ID, entries[0].ID, strings.ToLower(code)); status != 200 || !strings.Contains(body, `"name":"Ada"`) {
		t.Fatalf("her code in lower case: %d %s", status, body)
	}
	if status, body := p.get(me); status != 200 || !strings.Contains(body, `"signedIn":true`) || !strings.Contains(body, `"name":"Ada"`) {
		t.Fatalf("after sign-in: %d %s", status, body)
	}
	// Another phone is not signed in; another event does not know her.
	if _, body := f.playerPhone().get(me); !strings.Contains(body, `"signedIn":false`) {
		t.Fatalf("another phone: %s", body)
	}
	if status, body := p.post(me+"/signout", ""); status != 200 {
		t.Fatalf("sign out: %d %s", status, body)
	}
	if _, body := p.get(me); !strings.Contains(body, `"signedIn":false`) {
		t.Fatalf("after sign-out: %s", body)
	}
}

func TestPlayerSignInRefusesBadRequests(t *testing.T) {
	f := newFixture(t)
	e, entries := f.Event("KeyForge", "archon-standard", "Ada", "Bob")
	path := fmt.Sprintf("/api/events/%d/me/signin", e.ID)
	p := f.playerPhone()
	for _, c := range []struct {
		name, body string
		header     []string
		status     int
		says       string
	}{
		{"another site's page", fmt.Sprintf(`{"entry":%d,"code":"AAAAAA"}`, entries[0].ID), []string{"Origin", "http://evil.example"}, 403, "another web page"},
		{"not JSON", `entry=1`, []string{"Content-Type", "application/x-www-form-urlencoded"}, 400, "JSON"},
		{"an unknown field", `{"entry":1,"code":"A","pin":"x"}`, nil, 400, "pin"},
		{"no entry", `{"code":"AAAAAA"}`, nil, 400, "entry"},
		{"two objects", `{"entry":1,"code":"A"}{}`, nil, 400, "alone"},
	} {
		status, body := p.post(path, c.body, c.header...)
		if status != c.status || !strings.Contains(errorOf(t, body), c.says) {
			t.Errorf("%s: %d %s; want %d saying %q", c.name, status, body, c.status, c.says)
		}
	}
	// Signing out a phone that is not signed in says so.
	status, body := p.post(path[:len(path)-len("/signin")]+"/signout", "")
	if status != 400 || !strings.Contains(errorOf(t, body), "not signed in") {
		t.Errorf("sign out without a session: %d %s", status, body)
	}
}

// A guesser with a new phone for every try gets only its address's
// budget of tries at player codes, and the player herself, at her own
// address, signs in with her right code at once: no budget is the
// player's, so no stranger spends it for her.
func TestPlayerCodeGuessesAreBoundedPerAddressNotPerPlayer(t *testing.T) {
	f := newFixture(t)
	e, entries := f.Event("KeyForge", "archon-standard", "Ada", "Bob")
	code := f.PlayerCodeOf(entries[0].ID)
	refused := 0
	for i := range 20 {
		p := f.playerPhone()
		status, body := p.post(fmt.Sprintf("/api/events/%d/me/signin", e.ID), fmt.Sprintf(`{"entry":%d,"code":"%06d"}`, entries[0].ID, i))
		if status == 429 {
			if !strings.Contains(errorOf(t, body), "too many wrong codes") {
				t.Fatalf("guess %d refused saying %s; want the budget named", i, body)
			}
			refused++
		} else if status != 403 {
			t.Fatalf("guess %d: status %d", i, status)
		}
	}
	if refused != 20-int(rateWrongPlayerPerAddr.burst) {
		t.Fatalf("%d of 20 guesses refused; want all but the %v of the budget", refused, rateWrongPlayerPerAddr.burst)
	}
	signIn := func(addr string, entry event.EntryID, code string) int {
		req := httptest.NewRequest("POST", fmt.Sprintf("/api/events/%d/me/signin", e.ID), strings.NewReader(fmt.Sprintf(`{"entry":%d,"code":%q}`, entry, code)))
		req.Header.Set("Content-Type", "application/json")
		req.RemoteAddr, req.Host = addr+":50000", "192.168.1.20:8080"
		rec := httptest.NewRecorder()
		f.srv.ServeHTTP(rec, req)
		return rec.Code
	}
	if status := signIn("192.168.1.50", entries[0].ID, code); status != 200 {
		t.Fatalf("Ada's own code from her phone, at once: %d", status)
	}
	if status := signIn("192.168.1.51", entries[1].ID, "AAAAAA"); status != 403 {
		t.Fatalf("a wrong code for Bob from his phone: %d", status)
	}
}

// signedPhone is a phone signed in as entry.
func (f *fixture) signedPhone(id event.EventID, entry event.EntryID) *playerPhone {
	f.t.Helper()
	p := f.playerPhone()
	if status, body := p.signIn(id, entry, f.PlayerCodeOf(entry)); status != 200 {
		f.t.Fatalf("sign-in: %d %s", status, body)
	}
	return p
}
