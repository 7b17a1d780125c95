package cluster_test

import (
	"context"
	"errors"
	"net"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/hashicorp/raft"

	"tablekeeper/core/sim"
	"tablekeeper/core/storage"
	"tablekeeper/internal/cluster"
)

// faultNet is the laptops' network as the partition tests cut it: a
// laptop cut off dials no one and no one dials it, and its open streams
// are closed at the cut.
type faultNet struct {
	mu    sync.Mutex
	cut   map[string]bool       // advertised addresses cut off
	conns map[string][]net.Conn // each laptop's streams, dialed and accepted
}

func newFaultNet() *faultNet {
	return &faultNet{cut: map[string]bool{}, conns: map[string][]net.Conn{}}
}

// layer wraps a laptop's raft streams.
func (f *faultNet) layer(inner raft.StreamLayer) raft.StreamLayer {
	return &faultLayer{StreamLayer: inner, net: f, self: inner.Addr().String()}
}

// isolate cuts the laptop at addr off from the others.
func (f *faultNet) isolate(addr string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.cut[addr] = true
	for _, c := range f.conns[addr] {
		_ = c.Close()
	}
	f.conns[addr] = nil
}

// heal joins every laptop again.
func (f *faultNet) heal() {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.cut = map[string]bool{}
}

// track keeps a stream of the laptops at a and b, unless one is cut off.
func (f *faultNet) track(c net.Conn, a, b string) bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.cut[a] || f.cut[b] {
		return false
	}
	f.conns[a] = append(f.conns[a], c)
	if b != "" {
		f.conns[b] = append(f.conns[b], c)
	}
	return true
}

type faultLayer struct {
	raft.StreamLayer
	net  *faultNet
	self string
}

func (l *faultLayer) Dial(address raft.ServerAddress, timeout time.Duration) (net.Conn, error) {
	c, err := l.StreamLayer.Dial(address, timeout)
	if err != nil {
		return nil, err
	}
	if !l.net.track(c, l.self, string(address)) {
		_ = c.Close()
		return nil, errors.New("the network is cut")
	}
	return c, nil
}

func (l *faultLayer) Accept() (net.Conn, error) {
	for {
		c, err := l.StreamLayer.Accept()
		if err != nil {
			return nil, err
		}
		if l.net.track(c, l.self, "") {
			return c, nil
		}
		_ = c.Close()
	}
}

// A leader cut off from the majority never answers a write as saved: its
// write fails, the other two choose a leader that takes writes, and once
// the network heals the cut-off laptop catches up; the write it refused
// is nowhere, and the three export the same.
func TestALeaderCutOffSavesNothing(t *testing.T) {
	dir := t.TempDir()
	fn := newFaultNet()
	faulty := func(cfg cluster.Config) cluster.Config { return cluster.WithStreams(cfg, fn.layer) }
	openF := func(name, join, code string) *laptop {
		l, err := tryOpenWith(t, filepath.Join(dir, name), join, code, faulty)
		if err != nil {
			t.Fatal(err)
		}
		return l
	}
	a := openF("a.db", "", "")
	leaderOf(t, 10*time.Second, a)
	b := openF("b.db", a.node.Addr(), a.node.JoinCode())
	c := openF("c.db", a.node.Addr(), a.node.JoinCode())
	waitVoters(t, a, 3)
	play(t, a, sim.Plan{Game: "generic", Format: "swiss", Players: 8})
	inStep(t, a, b, c)

	fn.isolate(a.node.Addr())
	cut := time.Now()
	err := a.node.Store().Write(context.Background(), func(tx storage.Tx) error { return tx.SetAppSetting("during-the-cut", "a") })
	if err == nil {
		t.Fatal("a leader cut off from the majority answered a write as saved")
	}
	t.Logf("the cut-off leader refused after %s: %v", time.Since(cut).Round(time.Millisecond), err)
	next := leaderOf(t, 15*time.Second, b, c)
	if err := next.node.Store().Write(context.Background(), func(tx storage.Tx) error { return tx.SetAppSetting("after-the-cut", "yes") }); err != nil {
		t.Fatalf("the majority's new leader: %v", err)
	}
	fn.heal()
	inStep(t, next, a, b, c)
	sameExports(t, next, a, b, c)
	for _, l := range []*laptop{a, b, c} {
		var v string
		var ok bool
		if err := l.db.Read(context.Background(), func(tx storage.Tx) error {
			var err error
			v, ok, err = tx.AppSetting("during-the-cut")
			return err
		}); err != nil || ok {
			t.Errorf("%s holds the write refused during the cut (%q, %v)", filepath.Base(l.path), v, err)
		}
	}
}
