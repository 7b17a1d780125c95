package web

import (
	"context"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/ui/web/internal/browsertest"
	"tablekeeper/ui/web/internal/webtest"
)

// byteMeter counts what one tab of Chromium receives, as the browser's
// network layer counts it (headers, bodies and streams, as they came
// over the wire), and the addresses it asked for.
type byteMeter struct {
	mu   sync.Mutex
	got  float64
	seen map[network.RequestID]float64 // bytes counted so far per request
	urls []string
}

// meter starts counting tab ctx's network.
func meter(t *testing.T, ctx context.Context) *byteMeter {
	t.Helper()
	m := &byteMeter{seen: map[network.RequestID]float64{}}
	if err := chromedp.Listen(ctx, func(ev any) {
		m.mu.Lock()
		defer m.mu.Unlock()
		switch e := ev.(type) {
		case *network.EventRequestWillBeSent:
			m.urls = append(m.urls, e.Request.URL)
		case *network.EventResponseReceived:
			m.add(e.RequestID, e.Response.EncodedDataLength)
		case *network.EventDataReceived:
			m.add(e.RequestID, m.seen[e.RequestID]+float64(e.EncodedDataLength))
		case *network.EventLoadingFinished:
			m.add(e.RequestID, e.EncodedDataLength)
		}
	}); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Call(ctx, network.Enable, network.EnableParams{}); err != nil {
		t.Fatal(err)
	}
	return m
}

// add raises request id's count to total, when that is more (m.mu held):
// the events say a request's total so far, or a chunk of it.
func (m *byteMeter) add(id network.RequestID, total float64) {
	if total > m.seen[id] {
		m.got += total - m.seen[id]
		m.seen[id] = total
	}
}

// mark is what the tab received so far and how many addresses it asked for.
func (m *byteMeter) mark() (float64, int) {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.got, len(m.urls)
}

// asked lists the addresses asked for since mark's count n that contain part.
func (m *byteMeter) asked(n int, part string) []string {
	m.mu.Lock()
	defer m.mu.Unlock()
	var out []string
	for _, u := range m.urls[n:] {
		if strings.Contains(u, part) {
			out = append(out, u)
		}
	}
	return out
}

// With a 1,024-player round open, the judge's phone, a scorekeeper
// station, the TV and the report page each receive at most 2 KB per
// result reported anywhere (they apply the stream's patches instead of
// refetching their lists), and the report page fetches its table's form
// again only for its own table's result.
func TestBrowserStaffPagesAndTheTVPatchEachResult(t *testing.T) {
	f := newFixture(t)
	e, _, r := f.OpenRound(1024)
	ctx := context.Background()
	if _, err := f.d.Judging.AddJudge(ctx, e.ID, director.NewJudge{Name: "Grace Hopper", Role: event.RoleHeadJudge}); err != nil {
		t.Fatal(err)
	}
	pin, err := f.d.Phones.JudgePIN(ctx)
	if err != nil {
		t.Fatal(err)
	}
	// One browser, four tabs, one device: more streams than a phone's.
	f.srv.hub.perDevice = 8
	mine := r.Tables[len(r.Tables)-1].Number // the report page's table
	base := f.http.URL + "/events/" + webtest.Itoa64(int64(e.ID))

	// The station's tab starts the browser; the others are its tabs.
	station := stationBrowser(t, f, e, 1024, 768, "en", "Bea")
	browsertest.WaitText(t, station, "#s-missing-title", "(512)", 10*time.Second)
	tab := func() context.Context {
		c, cancel := chromedp.NewContext(station)
		t.Cleanup(cancel)
		return c
	}
	judge := tab()
	browsertest.Run(t, judge, "a judge signs in", chromedp.Navigate(f.http.URL+"/judge"), chromedp.WaitVisible(chromedp.ID("j-pin")),
		chromedp.SendKeys(chromedp.ID("j-pin"), pin), chromedp.Click(chromedp.CSS("button.j-primary")))
	browsertest.WaitText(t, judge, "h1", "Choose the event", 5*time.Second)
	browsertest.Run(t, judge, "the event", chromedp.Navigate(f.http.URL+webtest.JudgeOf(e)))
	browsertest.WaitText(t, judge, "h1", "Who are you?", 5*time.Second)
	browsertest.Run(t, judge, "Grace", chromedp.Click(chromedp.CSS("button.j-item")))
	browsertest.WaitText(t, judge, "#j-out h2", "tables still out (512)", 10*time.Second)
	tv := tab()
	browsertest.Run(t, tv, "the TV", chromedp.Navigate(base+"/projector"))
	browsertest.WaitText(t, tv, "#pj-title", "Pairings by name", 10*time.Second)
	report := tab()
	browsertest.Run(t, report, "the report page", chromedp.Navigate(base+"/report?table="+strconv.Itoa(mine)))
	browsertest.WaitText(t, report, "#r-round", "table "+strconv.Itoa(mine), 10*time.Second)

	pages := []struct {
		name string
		ctx  context.Context
		m    *byteMeter
	}{{"judge's phone", judge, nil}, {"scorekeeper station", station, nil}, {"TV", tv, nil}, {"report page", report, nil}}
	for i := range pages {
		pages[i].m = meter(t, pages[i].ctx)
	}
	time.Sleep(time.Second) // the pages settle, their streams open
	type start struct {
		bytes float64
		asked int
	}
	starts := make([]start, len(pages))
	for i, p := range pages {
		starts[i].bytes, starts[i].asked = p.m.mark()
	}

	// 30 results at other tables, a few a second.
	const results = 30
	for _, tb := range r.Tables[:results] {
		if err := f.d.Rounds.RecordResult(ctx, e.ID, 1, tb.Number, event.Result{Seats: []event.SeatResult{{GamesWon: 2}, {GamesWon: 1}}}); err != nil {
			t.Fatal(err)
		}
		time.Sleep(150 * time.Millisecond)
	}
	browsertest.WaitText(t, judge, "#j-out h2", "tables still out (482)", 15*time.Second)
	browsertest.WaitText(t, station, "#s-missing-title", "(482)", 15*time.Second)
	time.Sleep(3 * time.Second) // whatever a page fetches after a result has come
	for i, p := range pages {
		got, _ := p.m.mark()
		per := (got - starts[i].bytes) / results
		t.Logf("%s: %.0f B per result (%.0f B for %d results)", p.name, per, got-starts[i].bytes, results)
		if per > 2048 {
			t.Errorf("the %s received %.0f B per result; at most 2 KB", p.name, per)
		}
		if per == 0 {
			t.Errorf("the %s received nothing: is it following the event?", p.name)
		}
	}
	if forms := pages[3].m.asked(starts[3].asked, "/form"); len(forms) > 0 {
		t.Errorf("results at other tables fetched the report page's form again: %v", forms)
	}
	if n, err := chromedp.Run(judge, chromedp.Evaluate[int](`document.querySelectorAll('#j-out li').length`)); err != nil || n != 482 {
		t.Errorf("the judge's list has %d tables (%v); want 482", n, err)
	}
	if how, err := chromedp.Run(judge, chromedp.Evaluate[string](`performance.getEntriesByType('navigation')[0].type`)); err != nil || how != "navigate" {
		t.Errorf("the judge's page was loaded by %q (%v), not patched in place", how, err)
	}

	// Its own table's result: the report page says the table has one.
	_, asked := pages[3].m.mark()
	if err := f.d.Rounds.RecordResult(ctx, e.ID, 1, mine, event.Result{Seats: []event.SeatResult{{GamesWon: 0}, {GamesWon: 2}}}); err != nil {
		t.Fatal(err)
	}
	browsertest.WaitText(t, report, "#r-result-now", "The table has a result already", 5*time.Second)
	if forms := pages[3].m.asked(asked, "/form"); len(forms) != 1 {
		t.Errorf("its own table's result fetched the form %d times; want once", len(forms))
	}
}

// stationBrowser is a browser signed in as a scorekeeper station named
// name, on the entry page of event e (the browser package has its twin).
func stationBrowser(t *testing.T, f *fixture, e event.Event, w, h int, lang, name string) context.Context {
	t.Helper()
	code, err := f.d.Stations.ScorekeeperCode(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	ctx := browsertest.Open(t, w, h)
	browsertest.Run(t, ctx, "choose "+lang, chromedp.Navigate(f.http.URL+"/lang/"+lang))
	browsertest.Run(t, ctx, "open /scorekeeper", chromedp.Navigate(f.http.URL+"/scorekeeper"), chromedp.WaitVisible(chromedp.ID("s-pin")))
	browsertest.Run(t, ctx, "sign in", chromedp.SendKeys(chromedp.ID("s-pin"), director.FormatSecret(code)), chromedp.SendKeys(chromedp.ID("s-name"), name),
		chromedp.Click(chromedp.CSS("button.j-primary")), chromedp.WaitVisible(chromedp.CSS("a.j-item")))
	browsertest.Run(t, ctx, "the event", chromedp.Navigate(f.http.URL+webtest.ScoreOf(e)), chromedp.WaitVisible(chromedp.ID("s-table")))
	return ctx
}
