package web

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/internal/testdb"
	"tablekeeper/ui/web/internal/webtest"
)

// fakeBase is what every server needs at its start, none of it a
// database: a change feed that never speaks, a fixed device key, no past
// events, the flood counts kept in memory.
type fakeBase struct {
	mu     sync.Mutex
	counts string
}

func (*fakeBase) Subscribe(func(director.Change)) func() { return func() {} }

func (*fakeBase) DeviceKey(context.Context) ([]byte, error) {
	return []byte("a fixed key of thirty-two bytes!"), nil
}

func (*fakeBase) Of(context.Context, event.EventID, event.EntryID) ([]director.PastEvent, error) {
	return nil, nil
}

func (*fakeBase) Close() {}

func (b *fakeBase) FloodCounts(context.Context) (string, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.counts, nil
}

func (b *fakeBase) SaveFloodCounts(_ context.Context, raw string) error {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.counts = raw
	return nil
}

// fakeFixture is a server whose areas call fakes: only the services a
// test sets exist, so an area reaching any other one panics into a 500.
// Its do, getJSON and report are the fixture's.
type fakeFixture struct {
	*fixture
}

// newFakeFixture serves the services set gives, over fakeBase, on a
// clock standing at webtest.Start.
func newFakeFixture(t testing.TB, cfg Config, set func(*services)) *fakeFixture {
	t.Helper()
	base := &fakeBase{}
	svc := services{changes: base, deviceKeys: base, histories: base, floodCounts: base}
	set(&svc)
	clock := testdb.NewClock(webtest.Start)
	cfg.Now = clock.Now
	if cfg.BaseURL == "" {
		cfg.BaseURL = webtest.BaseURL
	}
	srv, err := newServer(cfg, svc)
	if err != nil {
		t.Fatal(err)
	}
	return &fakeFixture{&fixture{t: t, clock: clock, srv: srv, http: webtest.Serve(t, srv, srv.Close)}}
}

// fakeReports answers every table report with err, counting the calls.
type fakeReports struct {
	mu    sync.Mutex
	calls int
	got   director.TableReport
	err   error
}

func (f *fakeReports) Report(_ context.Context, r director.TableReport) (director.ReportReceipt, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.calls++
	f.got = r
	return director.ReportReceipt{Outcome: director.ReportRecorded}, f.err
}

func (f *fakeReports) count() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.calls
}

// fakeStaff answers every sign-in with err and knows the sessions of
// sessions (token → session), counting the sign-ins.
type fakeStaff struct {
	mu       sync.Mutex
	signIns  int
	err      error
	sessions map[string]director.StaffSession
}

func (f *fakeStaff) SignIn(context.Context, director.SignInTry) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.signIns++
	return f.err
}

func (f *fakeStaff) StaffSessionOf(_ context.Context, kind, token, _ string) (director.StaffSession, bool, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	s, ok := f.sessions[token]
	return s, ok && s.Kind == kind, nil
}

func (f *fakeStaff) count() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.signIns
}

// fakeEvents is one event, read by its id.
type fakeEvents struct{ e event.Event }

func (f fakeEvents) Event(_ context.Context, id event.EventID) (event.Event, error) {
	if id != f.e.ID {
		return event.Event{}, event.NotFoundf("there is no event %d", id)
	}
	return f.e, nil
}

func (f fakeEvents) Events(context.Context) ([]director.EventSummary, error) { return nil, nil }

// errTouched is what a fake that must not be reached answers.
var errTouched = errors.New("the store was reached")

// notReached counts the calls of the sessions' end, which a refusal never
// makes.
type notReached struct {
	mu    sync.Mutex
	calls int
}

func (n *notReached) EndStaffSession(context.Context, string) error {
	n.mu.Lock()
	defer n.mu.Unlock()
	n.calls++
	return errTouched
}

// saysIn fails t unless body holds every one of words.
func saysIn(t testing.TB, what, body string, words ...string) {
	t.Helper()
	for _, w := range words {
		if !strings.Contains(body, w) {
			t.Errorf("%s lacks %q: %.300s", what, w, body)
		}
	}
}
