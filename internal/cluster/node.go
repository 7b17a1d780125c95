// Package cluster runs one event on two or three laptops: a leader that
// takes every write and standbys that hold the same database, one of
// which takes over when the leader dies (docs/cluster.md). Consensus is
// hashicorp/raft's; what it replicates is one write transaction at a
// time, captured on the leader by core/store and replayed on every
// laptop (docs/ARCHITECTURE.md, "A unit a standby can replay").
//
// The laptops talk over one listener per laptop (Layer): TLS, then a
// proof that each side holds the key derived from the event's join code,
// then either raft's RPCs or HTTP between laptops (joining, status).
package cluster

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/hashicorp/go-hclog"
	"github.com/hashicorp/raft"
	raftboltdb "github.com/hashicorp/raft-boltdb/v2"
	"go.etcd.io/bbolt"

	"tablekeeper/core/storage"
	"tablekeeper/core/store"
)

// codeSetting is the database-wide setting that holds the join code.
// It is written through the log like any other row, so every laptop
// has it, and a laptop restarted alone still knows its key.
const codeSetting = "cluster.join_code"

// Config is how a laptop takes part in a cluster.
type Config struct {
	// DB is this laptop's database, opened for writing.
	DB *store.DB
	// Dir holds raft's own files (its log, snapshots, this laptop's
	// id); "" is the database's path with ".cluster" added.
	Dir string
	// Addr is where the other laptops reach this one (IP:PORT); Listen
	// is where it listens ("" = Addr).
	Addr, Listen string
	// BaseURL is this laptop's store network address
	// (http://IP:PORT/), which pages and /api/cluster give out.
	BaseURL string
	// Join is another laptop's cluster address to join through, with
	// JoinCode; both empty: bootstrap a cluster (a first start) or rejoin
	// the one this laptop is already part of (raft's files in Dir).
	Join, JoinCode string
	// Applied hears of each unit applied on this laptop (its notices),
	// Restored of a snapshot that replaced the whole database.
	Applied  func(storage.Unit)
	Restored func()
	// Leading hears when this laptop becomes the host (true, once it
	// takes writes) and when it stops being it (false).
	Leading func(leads bool)
	// Split hears, once, of another laptop found hosting the event on
	// its own (Node.Split).
	Split func(Split)
	// Logf writes what a person need not read (raft's warnings).
	Logf func(format string, a ...any)
	// Timing overrides raft's timeouts (tests); zero is LAN timing.
	Timing Timing
	// Version is this build's version; a laptop of another version is
	// refused at join.
	Version string
	// wrapLayer wraps raft's streams (the partition tests cut them).
	wrapLayer func(raft.StreamLayer) raft.StreamLayer
}

// Timing is raft's timing.
type Timing struct {
	Heartbeat, Election, Lease, Commit time.Duration
	// Status is how often a standby tells the leader where it is.
	Status time.Duration
	// Silence is how long the host must have been silent before a
	// standby may take over (Takeover).
	Silence time.Duration
	// Grace is how long the join code before a renewal is still accepted
	// between laptops (RenewJoinCode): long enough for every laptop in
	// touch to read the new one (each does within Status of applying
	// it), short enough that someone who learnt the old one cannot use
	// it for long.
	Grace time.Duration
}

// lanTiming is raft's timing on a store's network (docs/plans/standby.md
// §2.13: the defaults flapped under CPU load).
var lanTiming = Timing{Heartbeat: 1500 * time.Millisecond, Election: 1500 * time.Millisecond,
	Lease: time.Second, Commit: 50 * time.Millisecond, Status: 500 * time.Millisecond, Silence: 5 * time.Second, Grace: time.Minute}

// Node is this laptop in a cluster.
type Node struct {
	cfg    Config
	id     raft.ServerID
	fsm    *fsm
	logs   *raftboltdb.BoltStore
	snaps  raft.SnapshotStore
	logger hclog.Logger
	notify chan bool
	// run is raft with its wire, replaced whole by a takeover.
	run atomic.Pointer[instance]
	// web is the store network that answers forwarded writes (SetWeb).
	web atomic.Pointer[http.Handler]

	code atomic.Pointer[string]
	// previous is the code before the last renewal, accepted until its
	// time while the renewal spreads to every laptop.
	previous atomic.Pointer[previousCode]
	// split is another laptop found hosting this event on its own;
	// formerAddrs are the laptops a takeover left out (formerFile).
	split       atomic.Pointer[Split]
	formerAddrs atomic.Pointer[[]string]
	// ready is set once a newly elected leader has applied every entry
	// committed before it (a barrier): only then does it take writes.
	ready   atomic.Bool
	writeMu sync.Mutex

	members *memberTable
	// life ends when the node stops (its background work's context).
	life    context.Context
	end     context.CancelFunc
	stopped chan struct{}
	close   sync.Once
	wg      sync.WaitGroup
}

// instance is one run of raft: raft itself, the listener it talks over
// and the HTTP server of the other laptops on it.
type instance struct {
	raft  *raft.Raft
	layer *Layer
	http  *http.Server
	done  sync.WaitGroup
}

// stop ends the run: raft (which closes its transport and so the
// listener), then the HTTP server.
func (in *instance) stop() {
	_ = in.raft.Shutdown().Error()
	_ = in.http.Close()
	_ = in.layer.Close()
	in.done.Wait()
}

// r is the running raft.
func (n *Node) r() *raft.Raft { return n.run.Load().raft }

// Open starts this laptop's part of a cluster: it bootstraps a new one
// (nothing in Dir, no Join), joins one through Join with JoinCode, or
// rejoins the one its files in Dir belong to.
func Open(ctx context.Context, cfg Config) (*Node, error) {
	if cfg.Dir == "" {
		cfg.Dir = cfg.DB.Path() + ".cluster"
	}
	if cfg.Timing == (Timing{}) {
		cfg.Timing = lanTiming
	}
	if cfg.Logf == nil {
		cfg.Logf = func(string, ...any) {}
	}
	if err := os.MkdirAll(filepath.Join(cfg.Dir, "tmp"), 0o700); err != nil {
		return nil, fmt.Errorf("cluster: %w", err)
	}
	id, err := nodeID(cfg.Dir)
	if err != nil {
		return nil, err
	}
	n := &Node{cfg: cfg, id: id, stopped: make(chan struct{}), members: newMemberTable()}
	n.loadFormer()
	n.life, n.end = context.WithCancel(context.WithoutCancel(ctx))
	if err := n.loadCode(ctx); err != nil {
		return nil, err
	}
	if err := n.start(); err != nil {
		n.shutdown()
		return nil, err
	}
	if err := n.begin(ctx); err != nil {
		n.shutdown()
		return nil, err
	}
	return n, nil
}

// loadCode takes the join code from the command line, or from the
// database for a laptop that is part of a cluster already, or draws one
// for a cluster about to be bootstrapped.
func (n *Node) loadCode(ctx context.Context) error {
	code := ""
	if n.cfg.JoinCode != "" {
		c, err := ParseJoinCode(n.cfg.JoinCode)
		if err != nil {
			return err
		}
		code = c
	} else if err := n.cfg.DB.Read(ctx, func(tx storage.Tx) error {
		c, _, err := tx.AppSetting(codeSetting)
		code = c
		return err
	}); err != nil {
		return err
	}
	if code == "" {
		if n.cfg.Join != "" {
			return errNeedCode()
		}
		c, err := NewJoinCode()
		if err != nil {
			return err
		}
		code = c
	}
	n.code.Store(&code)
	return nil
}

// keys is what the layer accepts: the key of the current join code and,
// for Timing.Grace after a renewal, of the one before it.
func (n *Node) keys() [][]byte {
	k, err := Key(*n.code.Load())
	if err != nil {
		return nil
	}
	keys := [][]byte{k}
	if p := n.previous.Load(); p != nil && time.Now().Before(p.until) {
		if old, err := Key(p.code); err == nil {
			keys = append(keys, old)
		}
	}
	return keys
}

// start opens raft's files and starts raft on its wire.
func (n *Node) start() error {
	n.logger = hclog.New(&hclog.LoggerOptions{Name: "raft", Level: hclog.Warn, Output: logWriter(n.cfg.Logf)})
	n.notify = make(chan bool, 8)
	logs, err := raftboltdb.New(raftboltdb.Options{Path: filepath.Join(n.cfg.Dir, "raft.bolt"),
		BoltOptions: &bbolt.Options{Timeout: 2 * time.Second}})
	if err != nil {
		return fmt.Errorf("cluster: open %s: %w (is another Tablekeeper running on this database?)", n.cfg.Dir, err)
	}
	n.logs = logs
	if n.snaps, err = raft.NewFileSnapshotStoreWithLogger(n.cfg.Dir, 2, n.logger); err != nil {
		return fmt.Errorf("cluster: %w", err)
	}
	n.fsm = &fsm{db: n.cfg.DB, tmp: filepath.Join(n.cfg.Dir, "tmp"), applied: n.cfg.Applied, restored: n.restored, logf: n.cfg.Logf,
		stop: func() { n.cfg.Logf("cluster: this laptop stopped: %v", *n.fsm.diverged.Load()); n.shutdown() }}
	if at, err := n.cfg.DB.LastAppliedAt(context.Background()); err == nil {
		n.fsm.lastAt.Store(at)
	}
	existing, err := raft.HasExistingState(logs, logs, n.snaps)
	if err != nil {
		return fmt.Errorf("cluster: %w", err)
	}
	n.wg.Add(1)
	go n.watchLeadership()
	in, err := n.launch(nil)
	if err != nil {
		return err
	}
	if !existing && n.cfg.Join == "" {
		conf := raft.Configuration{Servers: []raft.Server{{Suffrage: raft.Voter, ID: n.id, Address: raft.ServerAddress(in.layer.Addr().String())}}}
		if err := in.raft.BootstrapCluster(conf).Error(); err != nil {
			return fmt.Errorf("cluster: bootstrap: %w", err)
		}
	}
	return nil
}

// launch starts a run of raft on a new listener at the cluster address;
// before, prepare (a takeover's recovery) may act on raft's files with
// the run's transport.
func (n *Node) launch(prepare func(*raft.Config, raft.Transport) error) (*instance, error) {
	listen, advertise := n.cfg.Listen, n.cfg.Addr
	if listen == "" {
		listen = n.cfg.Addr
	}
	if prev := n.run.Load(); prev != nil {
		// A run after the first (a takeover) listens where the first did,
		// a port 0 of the configuration included: the others know it.
		listen, advertise = prev.layer.Addr().String(), prev.layer.Addr().String()
	}
	layer, err := Listen(listen, advertise, n.keys)
	if err != nil {
		return nil, err
	}
	var streams raft.StreamLayer = layer
	if n.cfg.wrapLayer != nil {
		streams = n.cfg.wrapLayer(layer)
	}
	trans := raft.NewNetworkTransportWithLogger(streams, 3, 10*time.Second, n.logger)
	conf := n.raftConfig(n.logger)
	if prepare != nil {
		if err := prepare(conf, trans); err != nil {
			_ = trans.Close()
			return nil, err
		}
	}
	r, err := raft.NewRaft(conf, n.fsm, n.logs, n.logs, n.snaps, trans)
	if err != nil {
		_ = trans.Close()
		return nil, fmt.Errorf("cluster: %w", err)
	}
	in := &instance{raft: r, layer: layer, http: &http.Server{Handler: n.handler(), ReadHeaderTimeout: 5 * time.Second, ConnContext: connContext}}
	in.done.Add(1)
	go func() {
		defer in.done.Done()
		_ = in.http.Serve(layer.HTTPListener())
	}()
	n.run.Store(in)
	return in, nil
}

func (n *Node) raftConfig(logger hclog.Logger) *raft.Config {
	c := raft.DefaultConfig()
	c.LocalID = n.id
	c.Logger = logger
	c.HeartbeatTimeout = n.cfg.Timing.Heartbeat
	c.ElectionTimeout = n.cfg.Timing.Election
	c.LeaderLeaseTimeout = n.cfg.Timing.Lease
	c.CommitTimeout = n.cfg.Timing.Commit
	// The SQLite file is the state: raft replays its log onto it, and
	// ApplyUnit skips what it holds already.
	c.NoSnapshotRestoreOnStart = true
	c.NotifyCh = n.notify
	return c
}

// begin joins through Join when this laptop is new to the cluster, and
// on the laptop that bootstrapped it, waits to lead and saves the join
// code through the log.
func (n *Node) begin(ctx context.Context) error {
	n.wg.Add(1)
	go n.reportStatus()
	if n.cfg.Join != "" && !n.inConfig(n.id) {
		return n.join(ctx)
	}
	return n.saveCode(ctx)
}

// saveCode writes the join code through the log once this laptop leads
// a cluster that has none saved (the first start of a host).
func (n *Node) saveCode(ctx context.Context) error {
	var saved string
	if err := n.cfg.DB.Read(ctx, func(tx storage.Tx) error {
		c, _, err := tx.AppSetting(codeSetting)
		saved = c
		return err
	}); err != nil || saved != "" {
		return err
	}
	if err := n.WaitLeader(ctx, 10*time.Second); err != nil {
		return err
	}
	if !n.Leader() {
		return nil
	}
	code := *n.code.Load()
	if err := n.Store().Write(ctx, func(tx storage.Tx) error { return tx.SetAppSetting(codeSetting, code) }); err != nil {
		return err
	}
	return n.compact()
}

// compact snapshots the database and drops the whole log before it, once,
// when a cluster is bootstrapped: what the database held before (the
// events of a host that ran alone) is in no log entry, so a laptop that
// joins must start from a snapshot, never from the log's first entry.
func (n *Node) compact() error {
	rc := n.r().ReloadableConfig()
	keep := rc.TrailingLogs
	rc.TrailingLogs = 0
	if err := n.r().ReloadConfig(rc); err != nil {
		return fmt.Errorf("cluster: %w", err)
	}
	err := n.r().Snapshot().Error()
	rc.TrailingLogs = keep
	if err := errors.Join(err, n.r().ReloadConfig(rc)); err != nil {
		return fmt.Errorf("cluster: first snapshot: %w", err)
	}
	return nil
}

// watchLeadership makes a newly elected leader ready for writes once it
// has applied everything committed before it.
func (n *Node) watchLeadership() {
	defer n.wg.Done()
	for {
		select {
		case <-n.stopped:
			return
		case leader := <-n.notify:
			was := n.ready.Swap(false)
			if !leader {
				n.told(was, false)
				continue
			}
			if err := n.r().Barrier(10 * time.Second).Error(); err != nil {
				n.cfg.Logf("cluster: barrier after election: %v", err)
				continue
			}
			if n.r().State() == raft.Leader {
				n.ready.Store(true)
				n.told(was, true)
			}
		}
	}
}

// told tells Config.Leading of a change of this laptop's part: it leads
// now (leads), or it led and no longer does.
func (n *Node) told(was, leads bool) {
	if n.cfg.Leading != nil && was != leads {
		// On a goroutine of its own: what it writes to (a terminal, a
		// pipe) must never hold up raft's leadership watch.
		go n.cfg.Leading(leads)
	}
}

// restored tells the front-ends that everything may have changed.
func (n *Node) restored() {
	if n.cfg.Restored != nil {
		n.cfg.Restored()
	}
}

// Store is this laptop's store for the director: reads from the local
// database, writes through the leader's log.
func (n *Node) Store() storage.Store { return clusterStore{n} }

// Leader reports whether this laptop leads the cluster and takes writes.
func (n *Node) Leader() bool {
	return n.r().State() == raft.Leader && n.ready.Load()
}

// WaitLeader waits until the cluster has a leader that takes writes
// (this laptop, or another whose store network address this one has
// heard), up to timeout.
func (n *Node) WaitLeader(ctx context.Context, timeout time.Duration) error {
	deadline := time.Now().Add(timeout)
	for {
		if n.Leader() || (n.r().State() != raft.Leader && n.leaderURL() != "") {
			return nil
		}
		if time.Now().After(deadline) {
			return errNoLeader()
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-n.stopped:
			return errStopped()
		case <-time.After(20 * time.Millisecond):
		}
	}
}

// JoinCode returns the code another laptop joins with.
func (n *Node) JoinCode() string { return *n.code.Load() }

// Addr is this laptop's cluster address.
func (n *Node) Addr() string { return n.run.Load().layer.Addr().String() }

// Close stops this laptop's part of the cluster; the others carry on
// (or, with two laptops, wait for it or for a takeover).
func (n *Node) Close() error {
	n.shutdown()
	return nil
}

func (n *Node) shutdown() {
	n.close.Do(func() {
		close(n.stopped)
		n.end()
		if in := n.run.Load(); in != nil {
			in.stop()
		}
		n.wg.Wait()
		if n.logs != nil {
			_ = n.logs.Close()
		}
	})
}

// nodeID returns this laptop's id in the cluster, drawn on its first
// start and kept in Dir, so that a renamed laptop keeps it.
func nodeID(dir string) (raft.ServerID, error) {
	path := filepath.Join(dir, "node-id")
	b, err := os.ReadFile(path) // #nosec G304 -- a file of the cluster's own folder
	if err == nil && len(strings.TrimSpace(string(b))) > 0 {
		return raft.ServerID(strings.TrimSpace(string(b))), nil
	}
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		return "", fmt.Errorf("cluster: %w", err)
	}
	id := make([]byte, 8)
	if _, err := rand.Read(id); err != nil {
		return "", err
	}
	s := hex.EncodeToString(id)
	if err := os.WriteFile(path, []byte(s+"\n"), 0o600); err != nil {
		return "", fmt.Errorf("cluster: %w", err)
	}
	return raft.ServerID(s), nil
}

// logWriter turns raft's log lines into Logf calls.
func logWriter(logf func(string, ...any)) io.Writer {
	return writerFunc(func(p []byte) (int, error) {
		logf("%s", strings.TrimRight(string(p), "\n"))
		return len(p), nil
	})
}

type writerFunc func(p []byte) (int, error)

func (f writerFunc) Write(p []byte) (int, error) { return f(p) }
