package cluster

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"sort"
	"sync"
	"time"

	"github.com/hashicorp/raft"

	"tablekeeper/core/event"
	"tablekeeper/core/i18n"
)

// inStepAge is how recent a standby's status must be for it to count
// as in step, and inStepBehind how far behind it may be.
const (
	inStepAge    = 2 * time.Second
	inStepBehind = time.Second
)

// Status is what /api/cluster answers: the leader's store network
// address, this laptop's, and every laptop's role and whether it is in
// step. It holds no secret.
type Status struct {
	Leader  string   `json:"leader"`
	Self    string   `json:"self"`
	Term    uint64   `json:"term"`
	Index   uint64   `json:"index"`
	Members []Member `json:"members"`
	// Split is another laptop found hosting the event on its own (both
	// took over): nil while there is none.
	Split *Split `json:"split,omitempty"`
}

// Member is one laptop of a cluster.
type Member struct {
	URL string `json:"url"`
	// Role is "leader" or "standby".
	Role string `json:"role"`
	// InStep: the laptop told the leader where it is in the last two
	// seconds, at most a second behind it.
	InStep   bool  `json:"inStep"`
	BehindMs int64 `json:"behindMs"`
}

// report is what a laptop tells the leader, and the leader's answer.
type report struct {
	ID      string `json:"id"`
	Addr    string `json:"addr"`
	URL     string `json:"url"`
	Applied uint64 `json:"applied"`
	LastAt  int64  `json:"lastAt"`
	// Unit and UnitTerm are the last unit its database applied.
	Unit     uint64 `json:"unit"`
	UnitTerm uint64 `json:"unitTerm"`
}

type reportAnswer struct {
	Status   Status `json:"status"`
	LeaderID string `json:"leaderId"`
}

// joinRequest is what a new laptop asks the leader.
type joinRequest struct {
	ID      string `json:"id"`
	Addr    string `json:"addr"`
	URL     string `json:"url"`
	Schema  int    `json:"schema"`
	Version string `json:"version"`
}

// memberTable is what the leader knows of the others (their reports),
// and what a standby last heard from the leader.
type memberTable struct {
	mu        sync.Mutex
	reports   map[raft.ServerID]seen
	last      Status // a standby's: the leader's last answer
	promoting map[raft.ServerID]bool
}

type seen struct {
	report
	at time.Time
}

func newMemberTable() *memberTable {
	return &memberTable{reports: map[raft.ServerID]seen{}, promoting: map[raft.ServerID]bool{}}
}

// Status says where the cluster stands, as this laptop knows it.
func (n *Node) Status() Status {
	st := n.status()
	if sp, ok := n.Split(); ok {
		st.Split = &sp
	}
	return st
}

func (n *Node) status() Status {
	if n.r().State() == raft.Leader {
		return n.leaderStatus()
	}
	n.members.mu.Lock()
	st := n.members.last
	n.members.mu.Unlock()
	st.Self = n.cfg.BaseURL
	st.Leader = n.leaderURL()
	if len(st.Members) == 0 {
		st.Members = []Member{{URL: n.cfg.BaseURL, Role: "standby"}}
	}
	if st.Leader == "" {
		// The leader it last heard from is gone, and no other has
		// answered yet: no laptop is known to lead or be in step.
		st.Members = append([]Member(nil), st.Members...)
		for i := range st.Members {
			st.Members[i].Role, st.Members[i].InStep = "standby", false
		}
	}
	return st
}

// leaderStatus is the leader's view: raft's configuration, with each
// standby's last report.
func (n *Node) leaderStatus() Status {
	st := Status{Leader: n.cfg.BaseURL, Self: n.cfg.BaseURL, Index: n.r().AppliedIndex()}
	st.Term = n.term()
	st.Members = append(st.Members, Member{URL: n.cfg.BaseURL, Role: "leader", InStep: true})
	lastAt := n.fsm.lastAt.Load()
	servers := n.servers()
	n.members.mu.Lock()
	defer n.members.mu.Unlock()
	for _, s := range servers {
		if s.ID == n.id {
			continue
		}
		r := n.members.reports[s.ID]
		if r.URL == "" {
			// Not heard from since this laptop leads: its address is
			// not known yet (it reports within Timing.Status).
			continue
		}
		m := Member{URL: r.URL, Role: "standby"}
		if !r.at.IsZero() {
			m.BehindMs = max(0, lastAt-r.LastAt)
			if r.Applied >= st.Index {
				m.BehindMs = 0
			}
			m.InStep = time.Since(r.at) <= inStepAge && m.BehindMs <= inStepBehind.Milliseconds()
		}
		st.Members = append(st.Members, m)
	}
	sort.SliceStable(st.Members[1:], func(i, j int) bool { return st.Members[1+i].URL < st.Members[1+j].URL })
	return st
}

func (n *Node) term() uint64 {
	var t uint64
	_, _ = fmt.Sscan(n.r().Stats()["term"], &t)
	return t
}

// leaderURL is the store network address of the leader, "" while there
// is none or this laptop has not heard it yet.
func (n *Node) leaderURL() string {
	if n.r().State() == raft.Leader {
		return n.cfg.BaseURL
	}
	_, id := n.r().LeaderWithID()
	if id == "" {
		return ""
	}
	n.members.mu.Lock()
	defer n.members.mu.Unlock()
	if n.members.last.Leader != "" && n.members.reports[id].URL == n.members.last.Leader {
		return n.members.last.Leader
	}
	return ""
}

// handler answers the other laptops (over the layer's HTTP streams only).
func (n *Node) handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("POST /cluster/join", n.serveJoin)
	mux.HandleFunc("POST /cluster/status", n.serveReport)
	mux.HandleFunc(webPrefix+"/", n.serveWeb)
	return mux
}

// refusedOldCode answers a request that would bring a laptop in (a join,
// a laptop taken back) when it proved the join code before a renewal: the
// minute that code is still accepted is for the laptops already in, so a
// code renewed because it leaked lets nobody new in. True when refused.
func refusedOldCode(w http.ResponseWriter, r *http.Request) bool {
	if !ProvedPrevious(r.Context()) {
		return false
	}
	refuse(w, i18n.F("This join code was replaced by a new one: type the join code the host's Store network panel shows now (serve prints it as \"join code:\")."))
	return true
}

// refuse answers another laptop with a refusal that will not change if
// asked again (409): its sentence as data (i18n.Encode), so the laptop
// that asked says it in its own window's language.
func refuse(w http.ResponseWriter, t i18n.Text) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(http.StatusConflict)
	_, _ = io.WriteString(w, i18n.Encode(t))
}

// textOf is err's sentence as data, or its words when it has none.
func textOf(err error) i18n.Text {
	var e *event.Error
	if errors.As(err, &e) && !e.Text.IsZero() {
		return e.Text
	}
	return i18n.Plain(err.Error())
}

// toLeader sends a request that only the leader answers on to it.
func (n *Node) toLeader(w http.ResponseWriter, r *http.Request, path string) bool {
	if n.r().State() == raft.Leader {
		return false
	}
	addr, _ := n.r().LeaderWithID()
	if addr == "" {
		http.Error(w, "no leader", http.StatusServiceUnavailable)
		return true
	}
	http.Redirect(w, r, "http://"+string(addr)+path, http.StatusTemporaryRedirect)
	return true
}

func (n *Node) serveJoin(w http.ResponseWriter, r *http.Request) {
	if refusedOldCode(w, r) || n.toLeader(w, r, "/cluster/join") {
		return
	}
	var req joinRequest
	if err := json.NewDecoder(io.LimitReader(r.Body, 4096)).Decode(&req); err != nil || req.ID == "" || req.Addr == "" {
		http.Error(w, "bad join request", http.StatusBadRequest)
		return
	}
	sum, err := n.cfg.DB.Check(r.Context())
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	if req.Schema != sum.SchemaVersion || req.Version != n.cfg.Version {
		refuse(w, i18n.F("This laptop runs Tablekeeper %s (database schema %d) and the host %s (schema %d): every laptop of an event must run the same version.",
			req.Version, req.Schema, n.cfg.Version, sum.SchemaVersion))
		return
	}
	n.members.mu.Lock()
	n.members.reports[raft.ServerID(req.ID)] = seen{report: report{ID: req.ID, URL: req.URL}}
	n.members.mu.Unlock()
	// A new laptop is a non-voter until it has caught up (its status
	// says so): with two laptops, a voter still taking its snapshot
	// would hold up every write.
	if err := n.r().AddNonvoter(raft.ServerID(req.ID), raft.ServerAddress(req.Addr), 0, 10*time.Second).Error(); err != nil {
		http.Error(w, err.Error(), http.StatusServiceUnavailable)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(reportAnswer{Status: n.leaderStatus(), LeaderID: string(n.id)})
}

func (n *Node) serveReport(w http.ResponseWriter, r *http.Request) {
	if n.toLeader(w, r, "/cluster/status") {
		return
	}
	var rep report
	if err := json.NewDecoder(io.LimitReader(r.Body, 4096)).Decode(&rep); err != nil || rep.ID == "" {
		http.Error(w, "bad status", http.StatusBadRequest)
		return
	}
	if !n.inConfig(raft.ServerID(rep.ID)) {
		if refusedOldCode(w, r) {
			return
		}
		if err := n.readmit(r.Context(), rep); err != nil {
			if errors.Is(err, errCarriedOnToo) {
				n.noteSplit(rep.Addr)
			}
			refuse(w, textOf(err))
			return
		}
	}
	n.members.mu.Lock()
	n.members.reports[raft.ServerID(rep.ID)] = seen{report: rep, at: time.Now()}
	n.members.mu.Unlock()
	n.promote(raft.ServerID(rep.ID), rep.Applied)
	n.readdress(raft.ServerID(rep.ID), raft.ServerAddress(rep.Addr))
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(reportAnswer{Status: n.leaderStatus(), LeaderID: string(n.id)})
}

// promote makes a caught-up non-voter a voter.
func (n *Node) promote(id raft.ServerID, applied uint64) {
	if applied+16 < n.r().AppliedIndex() {
		return
	}
	for _, s := range n.servers() {
		if s.ID != id || s.Suffrage != raft.Nonvoter {
			continue
		}
		n.members.mu.Lock()
		busy := n.members.promoting[id]
		n.members.promoting[id] = true
		n.members.mu.Unlock()
		if busy {
			return
		}
		go func(addr raft.ServerAddress) {
			if err := n.r().AddVoter(id, addr, 0, 10*time.Second).Error(); err != nil {
				n.cfg.Logf("cluster: promote %s: %v", id, err)
			}
			n.members.mu.Lock()
			delete(n.members.promoting, id)
			n.members.mu.Unlock()
		}(s.Address)
	}
}

// readdress gives raft a laptop's new address: one that came back on
// another IP (the store's router gave it another) reports from there,
// and without it the leader would go on dialing the old one.
func (n *Node) readdress(id raft.ServerID, addr raft.ServerAddress) {
	if addr == "" {
		return
	}
	for _, s := range n.servers() {
		if s.ID != id || s.Address == addr {
			continue
		}
		n.cfg.Logf("cluster: laptop %s is now at %s (was %s)", id, addr, s.Address)
		go func(voter bool) {
			var err error
			if voter {
				err = n.r().AddVoter(id, addr, 0, 10*time.Second).Error()
			} else {
				err = n.r().AddNonvoter(id, addr, 0, 10*time.Second).Error()
			}
			if err != nil {
				n.cfg.Logf("cluster: new address of %s: %v", id, err)
			}
		}(s.Suffrage == raft.Voter)
	}
}

// statusTargets is where a standby sends its status: the leader, or,
// while it knows of none (it came back on another address, and the
// leader dials the old one), every other laptop of its configuration,
// which send it on to the leader.
func (n *Node) statusTargets() []string {
	if addr, _ := n.r().LeaderWithID(); addr != "" {
		return []string{string(addr)}
	}
	var out []string
	for _, s := range n.servers() {
		if s.ID != n.id {
			out = append(out, string(s.Address))
		}
	}
	return out
}

// reportStatus tells the leader where this laptop is, every
// Timing.Status, and keeps its answer for Status.
func (n *Node) reportStatus() {
	defer n.wg.Done()
	tick := time.NewTicker(n.cfg.Timing.Status)
	defer tick.Stop()
	for ticks := 1; ; ticks++ {
		select {
		case <-n.stopped:
			return
		case <-tick.C:
		}
		n.readCode(n.life)
		if n.r().State() == raft.Leader {
			n.probeFormer(n.life, ticks)
			continue
		}
		rep := report{ID: string(n.id), Addr: n.Addr(), URL: n.cfg.BaseURL, Applied: n.r().AppliedIndex(), LastAt: n.fsm.lastAt.Load()}
		rep.Unit, rep.UnitTerm, _ = n.cfg.DB.AppliedIndex(n.life)
		for _, addr := range n.statusTargets() {
			var ans reportAnswer
			err := n.post(n.life, addr, "/cluster/status", rep, &ans)
			var refused *refusedError
			if errors.As(err, &refused) {
				n.cfg.Logf("cluster: %s", refused.msg)
			}
			if err != nil {
				continue
			}
			n.heard(ans)
			break
		}
	}
}

// heard keeps the leader's answer to a status or a join.
func (n *Node) heard(ans reportAnswer) {
	n.members.mu.Lock()
	defer n.members.mu.Unlock()
	n.members.last = ans.Status
	if ans.LeaderID != "" {
		id := raft.ServerID(ans.LeaderID)
		// Its address only: the leader sends no status of its own, and a
		// later leader must not count this as one.
		n.members.reports[id] = seen{report: report{ID: ans.LeaderID, URL: ans.Status.Leader}}
	}
}

// join asks the cluster, through the laptop at Join, to take this one
// in; the leader answers (another laptop sends it on to the leader).
func (n *Node) join(ctx context.Context) error {
	sum, err := n.cfg.DB.Check(ctx)
	if err != nil {
		return err
	}
	req := joinRequest{ID: string(n.id), Addr: n.Addr(), URL: n.cfg.BaseURL, Schema: sum.SchemaVersion, Version: n.cfg.Version}
	deadline := time.Now().Add(15 * time.Second)
	for {
		var ans reportAnswer
		err := n.post(ctx, n.cfg.Join, "/cluster/join", req, &ans)
		var refused *refusedError
		switch {
		case err == nil:
			n.heard(ans)
			return nil
		case errors.As(err, &refused):
			return refusal(ErrJoinRefused, i18n.F("The host refused this laptop: %s", refused.text))
		case errors.Is(err, ErrRefused):
			return refusal(ErrJoinRefused, i18n.F("The laptop at %s refused the join code: check it against the host's (its Store network panel, or serve's \"join code:\" line).", n.cfg.Join))
		case time.Now().After(deadline):
			return refusal(ErrJoinRefused, i18n.F("Could not join the event through %s: the join code is wrong, or no Tablekeeper host listens there (%s).", n.cfg.Join, err.Error()))
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(250 * time.Millisecond):
		}
	}
}

// refusedError is a laptop's answer that will not change if asked again:
// its sentence as data (refuse), and in English for the log (msg).
type refusedError struct {
	text i18n.Text
	msg  string
}

func (e *refusedError) Error() string { return e.msg }

// post sends v as JSON to another laptop's cluster address and reads
// its JSON answer into out.
func (n *Node) post(ctx context.Context, addr, path string, v, out any) error {
	body, err := json.Marshal(v)
	if err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(ctx, 3*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "http://"+addr+path, bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := n.run.Load().layer.Client().Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return err
	}
	switch {
	case resp.StatusCode == http.StatusConflict:
		t := i18n.Decode(string(bytes.TrimSpace(data)))
		return &refusedError{text: t, msg: t.String()}
	case resp.StatusCode != http.StatusOK:
		return fmt.Errorf("%s: %s", resp.Status, bytes.TrimSpace(data))
	}
	return json.Unmarshal(data, out)
}

// inConfig reports whether raft's configuration names the laptop id.
func (n *Node) inConfig(id raft.ServerID) bool {
	for _, s := range n.servers() {
		if s.ID == id {
			return true
		}
	}
	return false
}

// Voters is how many laptops of raft's configuration vote (a standby
// still catching up does not yet).
func (n *Node) Voters() int {
	v := 0
	for _, s := range n.servers() {
		if s.Suffrage == raft.Voter {
			v++
		}
	}
	return v
}

// Refused is how many connections to this laptop's cluster address failed
// to prove the join code (a stranger, a wrong code, a scan).
func (n *Node) Refused() int64 { return n.run.Load().layer.Refused() }

// servers is raft's configuration now: every laptop, voter or not (none
// while raft cannot say).
func (n *Node) servers() []raft.Server {
	f := n.r().GetConfiguration()
	if f.Error() != nil {
		return nil
	}
	return f.Configuration().Servers
}
