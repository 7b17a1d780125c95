package web

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"tablekeeper/core/event"
	"tablekeeper/core/i18n"
	"tablekeeper/internal/cluster"
)

// A server that runs alone answers /api/cluster as a cluster of one:
// itself, the leader, in step.
func TestAServerAloneIsItsOwnLeader(t *testing.T) {
	f := newFixture(t)
	resp, body := f.do("GET", "/api/cluster", nil)
	var st cluster.Status
	if err := json.Unmarshal([]byte(body), &st); err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("%d %s: %v", resp.StatusCode, body, err)
	}
	self := f.srv.URL()
	if st.Leader != self || st.Self != self || len(st.Members) != 1 || st.Members[0] != (cluster.Member{URL: self, Role: "leader", InStep: true}) {
		t.Errorf("/api/cluster alone: %+v", st)
	}
	if strings.Contains(body, "code") {
		t.Errorf("/api/cluster says a code: %s", body)
	}
}

// statusCluster is a cluster whose status is given.
type statusCluster struct{ st cluster.Status }

func (c statusCluster) Status() cluster.Status { return c.st }
func (c statusCluster) Leader() bool           { return c.st.Leader == c.st.Self }
func (c statusCluster) Forward(http.ResponseWriter, *http.Request) error {
	return cluster.ErrElecting
}

// A laptop of a cluster answers /api/cluster with its node's status.
func TestALaptopOfAClusterAnswersItsStatus(t *testing.T) {
	fl := newFixture(t)
	want := cluster.Status{Leader: "http://192.168.1.20:8080/", Self: "http://192.168.1.21:8080/", Term: 3, Index: 48,
		Members: []cluster.Member{{URL: "http://192.168.1.20:8080/", Role: "leader", InStep: true},
			{URL: "http://192.168.1.21:8080/", Role: "standby", InStep: true, BehindMs: 40}}}
	srv, err := New(Config{Director: fl.d, Now: fl.clock.Now, BaseURL: want.Self, Cluster: statusCluster{want}})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	w := httptest.NewRecorder()
	srv.ServeHTTP(w, httptest.NewRequest("GET", "/api/cluster", nil))
	var got cluster.Status
	if err := json.Unmarshal(w.Body.Bytes(), &got); err != nil || w.Code != http.StatusOK {
		t.Fatalf("%d %s: %v", w.Code, w.Body, err)
	}
	if got.Leader != want.Leader || len(got.Members) != 2 || got.Members[1] != want.Members[1] {
		t.Errorf("/api/cluster: %+v, want %+v", got, want)
	}
}

// A write refused by a laptop that does not lead (a standby, an election,
// a majority lost) is a 503 with Retry-After and the cluster's sentence,
// not the general "something went wrong".
func TestAStandbysRefusalIsServiceUnavailable(t *testing.T) {
	f := newFixture(t)
	for _, kind := range []error{cluster.ErrStandby, cluster.ErrElecting, cluster.ErrNotSaved} {
		msg := i18n.F("This laptop is a standby of the host at %s: changes are made there.", "http://192.168.1.20:8080/")
		w := httptest.NewRecorder()
		f.srv.failErr(w, httptest.NewRequest("POST", "/api/events/1/reports", nil), &event.Error{Kind: kind, Message: msg.String(), Text: msg})
		if w.Code != http.StatusServiceUnavailable || w.Header().Get("Retry-After") != "1" || !strings.Contains(w.Body.String(), "192.168.1.20") {
			t.Errorf("%v: %d %q %s", kind, w.Code, w.Header().Get("Retry-After"), w.Body)
		}
	}
}

// A write the laptops could not take (503: choosing a host) gives back
// the budgets it took: a phone retrying through an election, every
// 200 ms for seconds, is not refused for minutes after it; a write that
// was answered (here a conflict) keeps its token, and the budget ends.
func TestAWriteRefusedInAnElectionGivesItsBudgetBack(t *testing.T) {
	f := newFixture(t)
	electing := &event.Error{Kind: cluster.ErrElecting, Message: "electing", Text: i18n.F("electing")}
	answered := &event.Error{Kind: event.ErrConflict, Message: "conflict", Text: i18n.F("conflict")}
	for _, c := range []struct {
		err     error
		refused bool
	}{{electing, false}, {answered, true}} {
		f.srv.limits = newLimiter(f.srv.limits.now)
		refused := false
		for range 3 * rateDeviceWrites.burst {
			r := httptest.NewRequest("POST", "/api/events/1/reports", nil)
			w := httptest.NewRecorder()
			if !f.srv.withinWrites(w, r) {
				refused = true
				break
			}
			f.srv.failErr(httptest.NewRecorder(), r, c.err)
		}
		if refused != c.refused {
			t.Errorf("after %v: refused %v, want %v", c.err, refused, c.refused)
		}
	}
}

// The poster of a laptop of a cluster names the same page on the other
// laptops (elsewhere), not on itself; a laptop alone names none.
func TestThePosterNamesThePageOnTheOtherLaptops(t *testing.T) {
	fl := newFixture(t)
	if got := fl.srv.elsewhere("/events/3"); got != nil {
		t.Errorf("a laptop alone: %v", got)
	}
	st := cluster.Status{Leader: "http://192.168.1.20:8080/", Self: "http://192.168.1.21:8080/",
		Members: []cluster.Member{{URL: "http://192.168.1.20:8080/", Role: "leader"}, {URL: "http://192.168.1.21:8080/", Role: "standby"},
			{URL: "http://192.168.1.22:8080/", Role: "standby"}}}
	srv, err := New(Config{Director: fl.d, Now: fl.clock.Now, BaseURL: st.Self, Cluster: statusCluster{st}})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	got := srv.elsewhere("/events/3")
	if strings.Join(got, " ") != "http://192.168.1.20:8080/events/3 http://192.168.1.22:8080/events/3" {
		t.Errorf("elsewhere: %v", got)
	}
}
