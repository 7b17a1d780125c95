package cluster_test

import (
	"bytes"
	"context"
	"errors"
	"io"
	"math/rand/v2"
	"path/filepath"
	"sync/atomic"
	"testing"
	"time"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/core/sim"
	"tablekeeper/core/storage"
	"tablekeeper/core/store"
	"tablekeeper/core/transfer"
	"tablekeeper/internal/cluster"
)

// fast is raft's timing in these tests: raft's defaults (the LAN timing
// is slower still), which hold on a loaded two-core machine, with a
// quicker status.
var fast = cluster.Timing{Heartbeat: time.Second, Election: time.Second,
	Lease: 500 * time.Millisecond, Commit: 10 * time.Millisecond, Status: 50 * time.Millisecond, Silence: time.Second,
	Grace: 2 * time.Second}

// laptop is one laptop of a test cluster: its database, its node and a
// director over the node's store.
type laptop struct {
	t     *testing.T
	path  string
	db    *store.DB
	node  *cluster.Node
	d     *director.Director
	heard atomic.Int64
}

// open starts a laptop on the database at path (created when missing),
// joining through join with code (both "": bootstrap or rejoin).
func open(t *testing.T, path, join, code string) *laptop {
	t.Helper()
	l, err := tryOpen(t, path, join, code)
	if err != nil {
		t.Fatalf("open %s: %v", filepath.Base(path), err)
	}
	return l
}

func tryOpen(t *testing.T, path, join, code string) (*laptop, error) {
	t.Helper()
	return tryOpenWith(t, path, join, code, nil)
}

// tryOpenWith is tryOpen with the configuration changed by more (nil:
// as it is).
func tryOpenWith(t *testing.T, path, join, code string, more func(cluster.Config) cluster.Config) (*laptop, error) {
	t.Helper()
	db, err := store.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	l := &laptop{t: t, path: path, db: db}
	var dp atomic.Pointer[director.Director]
	cfg := cluster.Config{
		DB: db, Addr: "127.0.0.1:0", BaseURL: "http://" + filepath.Base(path) + "/", Join: join, JoinCode: code,
		Timing: fast,
		Applied: func(u storage.Unit) {
			l.heard.Add(1)
			if d := dp.Load(); d != nil {
				d.Applied(u)
			}
		},
		Logf: func(format string, a ...any) { t.Logf(filepath.Base(path)+": "+format, a...) },
	}
	if more != nil {
		cfg = more(cfg)
	}
	node, err := cluster.Open(context.Background(), cfg)
	if err != nil {
		_ = db.Close()
		return nil, err
	}
	l.node = node
	l.d = director.New(node.Store(), time.Now, rand.New(rand.NewPCG(uint64(len(path)), 7)))
	dp.Store(l.d)
	t.Cleanup(l.stop)
	return l, nil
}

// stop stops the laptop as a crash would leave its files (raft's and
// SQLite's are each durable at every commit).
func (l *laptop) stop() {
	if l.node != nil {
		_ = l.node.Close()
		l.node = nil
	}
	if l.db != nil {
		_ = l.db.Close()
		l.db = nil
	}
}

// leaderOf waits for one of the laptops to lead and take writes.
func leaderOf(t *testing.T, within time.Duration, ls ...*laptop) *laptop {
	t.Helper()
	deadline := time.Now().Add(within)
	for time.Now().Before(deadline) {
		for _, l := range ls {
			if l.node != nil && l.node.Leader() {
				return l
			}
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatalf("no leader after %s", within)
	return nil
}

// inStep waits until every laptop has applied what the leader has.
func inStep(t *testing.T, leader *laptop, ls ...*laptop) {
	t.Helper()
	want, _, err := leader.db.AppliedIndex(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(10 * time.Second)
	for _, l := range ls {
		for {
			got, _, err := l.db.AppliedIndex(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			if got >= want {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("%s applied %d of the leader's %d after 10 s", filepath.Base(l.path), got, want)
			}
			time.Sleep(10 * time.Millisecond)
		}
	}
}

// play plays an event through the leader's director: a Swiss of 8.
func play(t *testing.T, l *laptop, plan sim.Plan) {
	t.Helper()
	if _, err := sim.New(l.d, io.Discard, 11).Play(context.Background(), plan); err != nil {
		t.Fatalf("play %s/%s: %v", plan.Game, plan.Format, err)
	}
}

// exports is every event of a laptop's database, exported.
func exports(t *testing.T, l *laptop) [][]byte {
	t.Helper()
	ctx := context.Background()
	var events []event.Event
	if err := l.db.Read(ctx, func(tx storage.Tx) error {
		var err error
		events, err = tx.Events()
		return err
	}); err != nil {
		t.Fatal(err)
	}
	var out [][]byte
	for _, e := range events {
		doc, err := l.d.Transfer.ExportEvent(ctx, e.ID)
		if err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		if err := transfer.Encode(&b, doc); err != nil {
			t.Fatal(err)
		}
		out = append(out, b.Bytes())
	}
	return out
}

// sameExports fails unless every laptop exports every event byte for
// byte as the first does, and holds at least one event.
func sameExports(t *testing.T, ls ...*laptop) {
	t.Helper()
	want := exports(t, ls[0])
	if len(want) == 0 {
		t.Fatal("no event to compare")
	}
	for _, l := range ls[1:] {
		got := exports(t, l)
		if len(got) != len(want) {
			t.Fatalf("%s holds %d events, %s %d", filepath.Base(l.path), len(got), filepath.Base(ls[0].path), len(want))
		}
		for i := range want {
			if !bytes.Equal(got[i], want[i]) {
				t.Fatalf("event %d of %s differs from %s's", i+1, filepath.Base(l.path), filepath.Base(ls[0].path))
			}
		}
	}
}

// three starts a cluster of three laptops in dir: a host and two that
// join it with its code.
func three(t *testing.T, dir string) (a, b, c *laptop) {
	t.Helper()
	a = open(t, filepath.Join(dir, "a.db"), "", "")
	leaderOf(t, 10*time.Second, a)
	code := a.node.JoinCode()
	b = open(t, filepath.Join(dir, "b.db"), a.node.Addr(), code)
	c = open(t, filepath.Join(dir, "c.db"), a.node.Addr(), code)
	waitVoters(t, a, 3)
	return a, b, c
}

// waitVoters waits until the leader's configuration has n voters and
// every standby reported in step.
func waitVoters(t *testing.T, leader *laptop, n int) {
	t.Helper()
	deadline := time.Now().Add(15 * time.Second)
	for time.Now().Before(deadline) {
		st := leader.node.Status()
		in := 0
		for _, m := range st.Members {
			if m.InStep {
				in++
			}
		}
		if in == n && leader.node.Voters() == n {
			return
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatalf("the cluster did not reach %d voters in step: %+v, %d voters", n, leader.node.Status(), leader.node.Voters())
}

// A host and two laptops that join it with its code: an event played on
// the host is on all three, byte for byte; the standbys refuse writes
// with a sentence naming the host; /api/cluster's status names the
// leader and the two standbys, in step; every laptop's front-ends heard
// of every unit.
func TestThreeLaptopsHoldTheSameEvent(t *testing.T) {
	a, b, c := three(t, t.TempDir())
	before := []int64{a.heard.Load(), b.heard.Load(), c.heard.Load()}
	play(t, a, sim.Plan{Game: "generic", Format: "swiss", Players: 8})
	inStep(t, a, b, c)
	sameExports(t, a, b, c)

	err := b.node.Store().Write(context.Background(), func(tx storage.Tx) error { return tx.SetAppSetting("x", "y") })
	var e *event.Error
	if !errors.Is(err, cluster.ErrStandby) || !errors.As(err, &e) || !bytes.Contains([]byte(e.Message), []byte("http://a.db/")) {
		t.Errorf("a write on a standby: %v, want ErrStandby naming the host", err)
	}
	st := b.node.Status()
	if st.Leader != "http://a.db/" || st.Self != "http://b.db/" || len(st.Members) != 3 {
		t.Errorf("the standby's status: %+v", st)
	}
	roles := map[string]string{}
	for _, m := range a.node.Status().Members {
		roles[m.URL] = m.Role
	}
	if roles["http://a.db/"] != "leader" || roles["http://b.db/"] != "standby" || roles["http://c.db/"] != "standby" {
		t.Errorf("roles: %v", roles)
	}
	ha, hb, hc := a.heard.Load()-before[0], b.heard.Load()-before[1], c.heard.Load()-before[2]
	if ha == 0 || hb != ha || hc != ha {
		t.Errorf("units heard while the event was played: a %d, b %d, c %d", ha, hb, hc)
	}
}

// A laptop with a wrong join code reads nothing and joins nothing: its
// join fails with a sentence, the host counts the refused connection,
// and the host's configuration still holds only itself.
func TestAWrongJoinCodeJoinsNothing(t *testing.T) {
	dir := t.TempDir()
	a := open(t, filepath.Join(dir, "a.db"), "", "")
	leaderOf(t, 10*time.Second, a)
	wrong, err := cluster.NewJoinCode()
	if err != nil {
		t.Fatal(err)
	}
	_, err = tryOpen(t, filepath.Join(dir, "b.db"), a.node.Addr(), wrong)
	if !errors.Is(err, cluster.ErrJoinRefused) {
		t.Fatalf("joining with a wrong code: %v, want ErrJoinRefused", err)
	}
	if a.node.Voters() != 1 || len(a.node.Status().Members) != 1 {
		t.Errorf("after a wrong code the host's cluster is %+v", a.node.Status())
	}
	if a.node.Refused() == 0 {
		t.Error("the host counted no refused connection")
	}
	if _, err := tryOpen(t, filepath.Join(dir, "c.db"), a.node.Addr(), ""); !errors.Is(err, cluster.ErrJoinRefused) {
		t.Errorf("joining with no code: %v, want ErrJoinRefused", err)
	}
}

// The leader of three stops: another takes writes within 10 s, the event
// goes on there; the old leader, started again on its files, rejoins by
// itself as a standby and catches up; all three export the same.
func TestALeaderLostIsReplacedAndRejoins(t *testing.T) {
	dir := t.TempDir()
	a, b, c := three(t, dir)
	play(t, a, sim.Plan{Game: "generic", Format: "swiss", Players: 8})
	inStep(t, a, b, c)
	lost := time.Now()
	a.stop()
	next := leaderOf(t, 10*time.Second, b, c)
	t.Logf("a new leader took writes %s after the old one stopped", time.Since(lost).Round(time.Millisecond))
	play(t, next, sim.Plan{Game: "altered", Format: "free-for-all", Players: 9})

	back := open(t, filepath.Join(dir, "a.db"), "", "")
	inStep(t, next, b, c, back)
	sameExports(t, next, b, c, back)
	if back.node.Leader() {
		t.Error("the laptop that came back leads")
	}
	want := next.node.Status().Self
	deadline := time.Now().Add(5 * time.Second)
	for back.node.Status().Leader != want && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if st := back.node.Status(); st.Leader != want {
		t.Errorf("the returning laptop's leader is %q, want %q", st.Leader, want)
	}
}

// A laptop that joins after the leader compacted its log into a snapshot
// is given the snapshot (the database, copied with SQLite's backup API)
// and then the log, and ends with the same events.
func TestALateLaptopGetsASnapshot(t *testing.T) {
	dir := t.TempDir()
	a := open(t, filepath.Join(dir, "a.db"), "", "")
	leaderOf(t, 10*time.Second, a)
	play(t, a, sim.Plan{Game: "generic", Format: "swiss", Players: 8})
	if err := a.node.TakeSnapshot(); err != nil {
		t.Fatal(err)
	}
	play(t, a, sim.Plan{Game: "generic", Format: "round-robin", Players: 4})
	b := open(t, filepath.Join(dir, "b.db"), a.node.Addr(), a.node.JoinCode())
	waitVoters(t, a, 2)
	inStep(t, a, b)
	sameExports(t, a, b)
}

// playAlone plays an event on the database at path with no cluster, as
// a store that ran alone before it brought a second laptop.
func playAlone(t *testing.T, path string, plan sim.Plan) {
	t.Helper()
	db, err := store.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	d := director.New(db, time.Now, rand.New(rand.NewPCG(3, 4)))
	if _, err := sim.New(d, io.Discard, 5).Play(context.Background(), plan); err != nil {
		t.Fatal(err)
	}
}

// A host that ran alone before it started a cluster keeps its events,
// and a laptop that joins is given them (the first snapshot): the log
// holds none of them. The joining laptop's own database held another
// event; it is kept beside it, not lost.
func TestAJoiningLaptopGetsTheHostsEarlierEvents(t *testing.T) {
	dir := t.TempDir()
	playAlone(t, filepath.Join(dir, "a.db"), sim.Plan{Game: "generic", Format: "swiss", Players: 8})
	playAlone(t, filepath.Join(dir, "b.db"), sim.Plan{Game: "altered", Format: "free-for-all", Players: 6})
	a := open(t, filepath.Join(dir, "a.db"), "", "")
	leaderOf(t, 10*time.Second, a)
	b := open(t, filepath.Join(dir, "b.db"), a.node.Addr(), a.node.JoinCode())
	waitVoters(t, a, 2)
	inStep(t, a, b)
	sameExports(t, a, b)
	aside, err := filepath.Glob(filepath.Join(dir, "b.before-joining-*.db"))
	if err != nil || len(aside) != 1 {
		t.Fatalf("the joining laptop's own database was not kept aside: %v %v", aside, err)
	}
	kept, err := store.OpenReadOnly(aside[0])
	if err != nil {
		t.Fatal(err)
	}
	defer kept.Close()
	if sum, err := kept.Check(context.Background()); err != nil || sum.Events != 1 || sum.Players != 6 {
		t.Errorf("kept aside: %+v %v, want its 1 event and 6 players", sum, err)
	}
}

// Two laptops, the host lost: the standby cannot save alone (raft needs a
// majority), refuses a takeover while the host may still answer, then
// carries on as the host alone once asked; the old host, started again
// on its files, is taken back as a standby and catches up.
func TestTwoLaptopsTheSurvivorCarriesOn(t *testing.T) {
	dir := t.TempDir()
	a := open(t, filepath.Join(dir, "a.db"), "", "")
	leaderOf(t, 10*time.Second, a)
	b := open(t, filepath.Join(dir, "b.db"), a.node.Addr(), a.node.JoinCode())
	waitVoters(t, a, 2)
	play(t, a, sim.Plan{Game: "generic", Format: "swiss", Players: 8})
	inStep(t, a, b)
	if err := b.node.Takeover(context.Background()); !errors.Is(err, cluster.ErrTakeover) {
		t.Errorf("a takeover while the host answers: %v", err)
	}
	a.stop()
	write := func() error {
		return b.node.Store().Write(context.Background(), func(tx storage.Tx) error { return tx.SetAppSetting("x", "y") })
	}
	if err := write(); err == nil {
		t.Fatal("the survivor of two saved alone")
	}
	deadline := time.Now().Add(10 * time.Second)
	for {
		if _, silent := b.node.HostSilence(); silent {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the host never counted as silent")
		}
		time.Sleep(20 * time.Millisecond)
	}
	took := time.Now()
	if err := b.node.Takeover(context.Background()); err != nil {
		t.Fatalf("takeover: %v", err)
	}
	t.Logf("the survivor took writes %s after the takeover", time.Since(took).Round(time.Millisecond))
	if err := write(); err != nil {
		t.Fatalf("a write after the takeover: %v", err)
	}
	play(t, b, sim.Plan{Game: "altered", Format: "free-for-all", Players: 9})

	back := open(t, filepath.Join(dir, "a.db"), "", "")
	waitVoters(t, b, 2)
	inStep(t, b, back)
	sameExports(t, b, back)
	if back.node.Leader() {
		t.Error("the old host leads again")
	}
	if sp, ok := b.node.Split(); ok {
		t.Errorf("a laptop that came back as a standby counts as carrying on alone too: %+v", sp)
	}
}

// A request sent again after its answer was lost (the same request id)
// is recorded once, each of its writes by its own number: a request whose
// first attempt saved its first write and lost its second saves only the
// second when sent again.
func TestARequestSentAgainIsRecordedOnce(t *testing.T) {
	a := open(t, filepath.Join(t.TempDir(), "a.db"), "", "")
	leaderOf(t, 10*time.Second, a)
	count := func() int {
		var players []event.Player
		if err := a.db.Read(context.Background(), func(tx storage.Tx) error {
			var err error
			players, err = tx.FindPlayers("", 100)
			return err
		}); err != nil {
			t.Fatal(err)
		}
		return len(players)
	}
	add := func(ctx context.Context, name string) {
		t.Helper()
		if err := a.node.Store().Write(ctx, func(tx storage.Tx) error { return tx.CreatePlayer(&event.Player{Name: name}) }); err != nil {
			t.Fatal(err)
		}
	}
	first := storage.WithRequests(context.Background(), "p-request-1")
	add(first, "Ada") // write 1 of the request; its write 2 is lost
	again := storage.WithRequests(context.Background(), "p-request-1")
	add(again, "Ada")               // write 1 again: saved already
	add(again, "Zoë")               // write 2: new
	add(context.Background(), "Li") // no request id: always saved
	if got := count(); got != 3 {
		t.Errorf("%d players, want 3 (Ada once, Zoë, Li)", got)
	}
}
