// Package browserkit is what the store network's two browser test
// packages share (ui/web/browser, the flows of players, staff and
// scorekeepers; ui/web/browser/pages, how every page reads: axe-core,
// French, every size, the TV): a real ui/web server over a webtest.Floor,
// the -shots flag, and the sign-ins and slips both drive in chromium
// (ui/web/internal/browsertest). It is imported by tests only; ui/web's
// own tests cannot import it, as it imports ui/web.
package browserkit

import (
	"context"
	"flag"
	"fmt"
	"net/http/httptest"
	"strconv"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"tablekeeper/core/event"
	"tablekeeper/ui/web"
	"tablekeeper/ui/web/internal/browsertest"
	"tablekeeper/ui/web/internal/webtest"
)

// shots, when set, is where the browser tests write their screenshots
// (docs/network keeps one of each size); a relative path is from the test
// package's directory, so an absolute one serves both packages:
//
//	go test ./ui/web/browser/... -args -shots=$PWD/docs/network
var shots = flag.String("shots", "", "write the browser tests' screenshots to this directory")

// Screenshot takes a picture of the page and, under -shots, writes it
// there as name.
func Screenshot(t testing.TB, ctx context.Context, name string) {
	t.Helper()
	browsertest.Screenshot(t, ctx, *shots, name)
}

// Server is a real ui/web server over a webtest.Floor (a director over a
// temporary database, with the events, rounds and players the tests
// build), closed when the test ends.
type Server struct {
	*webtest.Floor
	// HTTP is the server the browser's tabs open.
	HTTP *httptest.Server
}

// NewServer starts a Server for the test.
func NewServer(t testing.TB) *Server {
	t.Helper()
	fl := webtest.NewFloor(t)
	srv, err := web.New(web.Config{Director: fl.D, Now: fl.Clock.Now, BaseURL: webtest.BaseURL})
	if err != nil {
		t.Fatal(err)
	}
	return &Server{Floor: fl, HTTP: webtest.Serve(t, srv, srv.Close)}
}

// PhoneSignIn opens the event's report page on a phone in lang and signs
// it in as entry with her player code, as the page's script does.
func (s *Server) PhoneSignIn(t testing.TB, ctx context.Context, lang string, id event.EventID, entry event.EntryID, code string) {
	t.Helper()
	browsertest.Run(t, ctx, "choose "+lang, chromedp.Navigate(s.HTTP.URL+"/lang/"+lang))
	browsertest.Run(t, ctx, "open the event", chromedp.Navigate(s.HTTP.URL+"/events/"+webtest.Itoa64(int64(id))))
	ok, err := chromedp.Run(ctx, chromedp.Evaluate[bool](fmt.Sprintf(`fetch('/api/events/%d/me/signin', {method: 'POST', headers: {'Content-Type': 'application/json'},
		body: JSON.stringify({entry: %d, code: %q})}).then((r) => r.ok)`, id, entry, code), chromedp.EvalAwaitPromise))
	if err != nil || !ok {
		t.Fatalf("sign-in: %v %v", ok, err)
	}
	browsertest.Run(t, ctx, "open the report page", chromedp.Navigate(s.HTTP.URL+"/events/"+webtest.Itoa64(int64(id))+"/report"), chromedp.WaitVisible(chromedp.ID("r-mine")))
}

// SignInJudge signs the browser in as a judge with the judges' PIN, as
// the /judge page's form does, and waits for the list of events.
func (s *Server) SignInJudge(t testing.TB, ctx context.Context) {
	t.Helper()
	pin, err := s.D.Phones.JudgePIN(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	browsertest.Run(t, ctx, "judge sign-in", chromedp.Navigate(s.HTTP.URL+"/judge"), chromedp.WaitVisible(chromedp.ID("j-pin")),
		chromedp.SendKeys(chromedp.ID("j-pin"), pin), chromedp.Click(chromedp.CSS("button.j-primary")), chromedp.WaitVisible(chromedp.CSS("a.j-item")))
}

// SignInPhone signs the browser's phone in as entry with her player code,
// as the Me page's sign-in box does.
func (s *Server) SignInPhone(t testing.TB, ctx context.Context, id event.EventID, entry event.EntryID) {
	t.Helper()
	code, err := s.D.Phones.PlayerCode(context.Background(), entry)
	if err != nil {
		t.Fatal(err)
	}
	status, err := chromedp.Run(ctx, chromedp.Evaluate[int](`fetch('/api/events/`+webtest.Itoa64(int64(id))+`/me/signin', {method: 'POST',
		headers: {'Content-Type': 'application/json'}, body: JSON.stringify({entry: `+webtest.Itoa64(int64(entry))+`, code: '`+code+`'})}).then((r) => r.status)`,
		chromedp.EvalAwaitPromise))
	if err != nil || status != 200 {
		t.Fatalf("sign in: %d, %v", status, err)
	}
}

// PhoneSignedIn opens the event's page in the browser as entry en: the
// page remembers her (as "find me" does) and the phone signs in with her
// player code through the page's own fetch, as the sign-in box does.
func (s *Server) PhoneSignedIn(t testing.TB, ctx context.Context, e event.Event, en event.Entry) {
	t.Helper()
	code, err := s.D.Phones.PlayerCode(context.Background(), en.ID)
	if err != nil {
		t.Fatal(err)
	}
	url := s.HTTP.URL + "/events/" + webtest.Itoa64(int64(e.ID))
	browsertest.Run(t, ctx, "open the event", chromedp.Navigate(url), chromedp.WaitVisible(chromedp.ID("find-q")))
	js := fmt.Sprintf(`localStorage.setItem('tk.me.%d', JSON.stringify({entry: %d, name: %q}));
		fetch('/api/events/%d/me/signin', {method: 'POST', headers: {'Content-Type': 'application/json'}, body: JSON.stringify({entry: %d, code: %q})}).then((r) => r.status)`,
		e.ID, en.ID, en.Name, e.ID, en.ID, code)
	status, err := chromedp.Run(ctx, chromedp.Evaluate[int](js, chromedp.EvalAwaitPromise))
	if err != nil || status != 200 {
		t.Fatalf("sign in: %d, %v", status, err)
	}
	browsertest.Run(t, ctx, "reopen signed in", chromedp.Navigate(url), chromedp.WaitVisible(chromedp.ID("my-table")))
}

// SlipWait is how long a station's table lookup may take to show: a
// fetch, which a machine busy with the rest of the suite (other packages'
// tests run beside this one) can hold up for seconds.
const SlipWait = 15 * time.Second

// TypeSlip types a slip with the keyboard at a scorekeeper station: the
// table, Enter, the result, Enter, waiting for the table's players
// between the two.
func TypeSlip(t testing.TB, ctx context.Context, table int, result string) {
	t.Helper()
	n := strconv.Itoa(table)
	browsertest.Run(t, ctx, "table "+n, chromedp.Focus(chromedp.ID("s-table")), chromedp.SendKeys(chromedp.ID("s-table"), n+"\r"))
	browsertest.WaitText(t, ctx, "#s-note", "Table "+n, SlipWait)
	browsertest.Run(t, ctx, "result of "+n, chromedp.SendKeys(chromedp.ID("s-result"), result+"\r"))
}

// TextOfJS evaluates an expression that gives a string.
func TextOfJS(t testing.TB, ctx context.Context, expr string) string {
	t.Helper()
	s, err := chromedp.Run(ctx, chromedp.Evaluate[string](expr))
	if err != nil {
		t.Fatalf("%s: %v", expr, err)
	}
	return s
}
