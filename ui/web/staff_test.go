package web

import (
	"html"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	"tablekeeper/core/i18n"
	"tablekeeper/internal/testdb"
	"tablekeeper/ui/web/internal/webtest"
)

// browser is a device on the store network: a client with its own
// cookies that does not follow redirects, so a test sees each answer.
type staffClient struct {
	t      testing.TB
	f      *fixture
	client *http.Client
	// header is sent with every request (Sec-Fetch-Site, Origin …).
	header http.Header
}

func (f *fixture) staffClient() *staffClient {
	jar, err := cookiejar.New(nil)
	if err != nil {
		f.t.Fatal(err)
	}
	c := &http.Client{Jar: jar, Timeout: 20 * time.Second,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	return &staffClient{t: f.t, f: f, client: c, header: http.Header{}}
}

// answer is a response with its body read.
type staffAnswer struct {
	status   int
	body     string
	location string
	header   http.Header
}

func (b *staffClient) do(method, path string, form url.Values) staffAnswer {
	b.t.Helper()
	var body io.Reader
	if form != nil {
		body = strings.NewReader(form.Encode())
	}
	req, err := http.NewRequest(method, b.f.http.URL+path, body)
	if err != nil {
		b.t.Fatal(err)
	}
	if form != nil {
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	}
	for k, v := range b.header {
		req.Header[k] = v
	}
	resp, err := b.client.Do(req)
	if err != nil {
		b.t.Fatal(err)
	}
	defer resp.Body.Close()
	out, err := io.ReadAll(resp.Body)
	if err != nil {
		b.t.Fatal(err)
	}
	return staffAnswer{status: resp.StatusCode, body: string(out), location: resp.Header.Get("Location"), header: resp.Header}
}

func (b *staffClient) get(path string) staffAnswer { b.t.Helper(); return b.do("GET", path, nil) }

func (b *staffClient) post(path string, form url.Values) staffAnswer {
	b.t.Helper()
	if form == nil {
		form = url.Values{}
	}
	return b.do("POST", path, form)
}

// must fails unless the answer has status want.
func (a staffAnswer) must(t testing.TB, want int, what string) staffAnswer {
	t.Helper()
	if a.status != want {
		t.Fatalf("%s: status %d, want %d; body:\n%s", what, a.status, want, pageText(a.body))
	}
	return a
}

// shows fails unless the page's text holds each of want.
func (a staffAnswer) shows(t testing.TB, want ...string) staffAnswer {
	t.Helper()
	txt := pageText(a.body)
	for _, w := range want {
		if !strings.Contains(txt, w) {
			t.Errorf("the page does not say %q; it says:\n%s", w, txt)
		}
	}
	return a
}

var (
	pageTagRE   = regexp.MustCompile(`(?s)<script.*?</script>|<style.*?</style>|<[^>]*>`)
	pageSpaceRE = regexp.MustCompile(`\s+`)
)

// text is a page's visible text, entities decoded, spaces collapsed.
func pageText(page string) string {
	s := pageTagRE.ReplaceAllString(page, " ")
	s = html.UnescapeString(s)
	return strings.TrimSpace(pageSpaceRE.ReplaceAllString(s, " "))
}

// links lists the addresses a page leads to: its links and its forms'
// actions.
func pageLinks(page string) []string {
	re := regexp.MustCompile(`(?:href|action)="([^"]*)"`)
	var out []string
	for _, m := range re.FindAllStringSubmatch(page, -1) {
		out = append(out, strings.ReplaceAll(m[1], "&amp;", "&"))
	}
	return out
}

func TestSessionsEndAfterTheirTimeAndForgetTheOldestPastTheirBound(t *testing.T) {
	c := testdb.NewClock(webtest.Start)
	st := newStaffSessions[int](c.Now, 3, time.Hour)
	a := st.create(1)
	c.Add(time.Minute)
	b := st.create(2)
	c.Add(time.Minute)
	st.create(3)
	if v, ok := st.get(a); !ok || v != 1 {
		t.Fatalf("session a = %d, %v", v, ok)
	}
	st.create(4) // past the bound: a, the oldest, goes
	if _, ok := st.get(a); ok {
		t.Error("the oldest session outlived the bound")
	}
	if !st.update(b, func(v *int) { *v = 20 }) {
		t.Fatal("update of a live session failed")
	}
	if v, _ := st.get(b); v != 20 {
		t.Errorf("session b = %d after update", v)
	}
	c.Add(time.Hour)
	if _, ok := st.get(b); ok {
		t.Error("a session outlived its time")
	}
	if st.update(b, func(*int) {}) {
		t.Error("an expired session was updated")
	}
	for _, bad := range []string{"", "abc", strings.Repeat("g", 64), strings.Repeat("A", 64)} {
		if _, ok := st.get(bad); ok {
			t.Errorf("token %q was taken", bad)
		}
	}
	st.drop(b)
	if st.count() > 3 {
		t.Errorf("%d sessions held, bound 3", st.count())
	}
}

func TestTextFieldsAreBoundedAndPrintable(t *testing.T) {
	cases := []struct {
		in, want, err string
	}{
		{"  Ada   Lovelace ", "Ada Lovelace", ""},
		{strings.Repeat("é", 10), strings.Repeat("é", 10), ""},
		{strings.Repeat("x", 13), "", "The name is 13 characters long; at most 12 fit"},
		{"bad\x00byte", "", "The name holds characters that are not text; type it again"},
		{"\xff\xfe", "", "The name is not readable text; type it again"},
	}
	for _, c := range cases {
		r, _ := http.NewRequest("POST", "/", strings.NewReader(url.Values{"name": {c.in}}.Encode()))
		r.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		got, err := staffField(r, "name", i18n.F("The name"), 12)
		switch {
		case c.err == "" && (err != nil || got != c.want):
			t.Errorf("%q: %q, %v; want %q", c.in, got, err, c.want)
		case c.err != "" && (err == nil || staffSentence(err).In(i18n.English) != c.err+"."):
			t.Errorf("%q: error %v, want %q", c.in, err, c.err)
		}
	}
}

// The kiosk's and the judges' pages, files and refusals carry the
// security headers too.
func TestStaffPagesCarryTheSecurityHeaders(t *testing.T) {
	f := newFixture(t)
	e, _ := f.Event("altered", "standard-bo3", "Ada Lovelace")
	b := f.unlocked(e)
	for _, p := range []string{webtest.KioskOf(e), webtest.KioskOf(e) + "?q=ada", webtest.KioskOf(e) + "/signup", webtest.KioskOf(e) + "/lock", "/judge",
		"/static/kiosk.css", "/static/kiosk.js", "/static/judge.css", "/static/judge.js"} {
		a := b.get(p)
		if a.status != 200 {
			t.Errorf("GET %s: %d", p, a.status)
		}
		checkHeaders(t, "GET "+p, a.header)
	}
	a := f.staffClient().post(webtest.KioskOf(e)+"/checkin", nil)
	checkHeaders(t, "refused check-in", a.header)
	a = f.staffClient().post("/judge/events/1/entry", nil)
	checkHeaders(t, "refused judge entry", a.header)
}
