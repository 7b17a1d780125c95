package browser

// A phone with cookies of its own, as ui/web's player_test.go has one
// (its fixture is the server's own; the rest of what the two packages'
// tests share is ui/web/internal/webtest).

import (
	"fmt"
	"io"
	"net/http"
	"net/http/cookiejar"
	"strings"

	"tablekeeper/core/event"
)

// playerPhone is a client with cookies of its own, as one phone is.
type playerPhone struct {
	f *fixture
	c *http.Client
}

func (f *fixture) playerPhone() *playerPhone {
	jar, err := cookiejar.New(nil)
	if err != nil {
		f.t.Fatal(err)
	}
	c := *f.http.Client()
	c.Jar = jar
	return &playerPhone{f: f, c: &c}
}

// post sends JSON to path and returns the status and body.
func (p *playerPhone) post(path, body string, header ...string) (int, string) {
	p.f.t.Helper()
	req, err := http.NewRequest("POST", p.f.http.URL+path, strings.NewReader(body))
	if err != nil {
		p.f.t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	return p.send(req)
}

func (p *playerPhone) send(req *http.Request) (int, string) {
	p.f.t.Helper()
	resp, err := p.c.Do(req)
	if err != nil {
		p.f.t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		p.f.t.Fatal(err)
	}
	return resp.StatusCode, string(b)
}

// signIn signs the phone in as entry with code.
func (p *playerPhone) signIn(id event.EventID, entry event.EntryID, code string) (int, string) {
	return p.post(fmt.Sprintf("/api/events/%d/me/signin", id), fmt.Sprintf(`{"entry":%d,"code":%q}`, entry, code))
}
