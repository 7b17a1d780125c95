package cluster

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"tablekeeper/core/event"
	"tablekeeper/core/storage"
	"tablekeeper/core/store"
)

// addrFile, in a laptop's cluster folder, is the cluster address the
// window last ran it at: a window started again on the database rejoins
// its cluster there (serve is given --cluster-addr each time instead).
const addrFile = "window-addr"

// ErrNotJoined means the window's database runs alone: there is no
// cluster to take over or to read.
var ErrNotJoined = errors.New("this laptop runs the event alone")

// Window is a desktop window's part in a cluster. Its director writes
// through Store(): straight to the database while the event runs on this
// laptop alone, and through the cluster's log once the organizer lets
// standby laptops join (Start) or the window, started again on a
// database that is part of a cluster, rejoins it. It is the store
// network's Cluster too (web.Config.Cluster): until Start it is not
// Joined, and the network answers as a laptop alone.
type Window struct {
	db   *store.DB
	logf func(format string, a ...any)
	// applied and restored are the director's (Tell).
	applied  func(storage.Unit)
	restored func()

	// mu is held shared by each write and exclusively while the node
	// starts, so that no write goes straight to the database once the
	// cluster holds it.
	mu   sync.RWMutex
	node *Node
	// web is the store network (SetWeb), handed to the node it starts.
	web http.Handler
}

// NewWindow is the window's part on db, alone until Start; logf writes
// what a person need not read (raft's warnings).
func NewWindow(db *store.DB, logf func(format string, a ...any)) *Window {
	return &Window{db: db, logf: logf}
}

// Tell gives the window's director's hooks: applied hears of each unit
// the cluster's log applies here (the leader's own writes too), restored
// of a snapshot that replaced the database. Called once, before Start.
func (w *Window) Tell(applied func(storage.Unit), restored func()) {
	w.applied, w.restored = applied, restored
}

// Store is the director's store.
func (w *Window) Store() storage.Store { return windowStore{w} }

// Saved is the cluster address the window last ran this database at, ""
// when it never took part in a cluster from a window.
func (w *Window) Saved() string { return WindowSaved(w.db.Path()) }

// WindowSaved is the cluster address a window last ran the database at
// dbPath at, "" when none did: such a database opens writable in the
// window, which takes part in its cluster again.
func WindowSaved(dbPath string) string {
	b, err := os.ReadFile(filepath.Join(dbPath+".cluster", addrFile)) // #nosec G304 -- beside the database the organizer opened
	if err != nil {
		return ""
	}
	return strings.TrimSpace(string(b))
}

// Start makes this laptop's database part of a cluster at addr (IP:PORT
// the other laptops reach it at), its store network at baseURL: a new
// cluster with this laptop its host, or, when the database is part of
// one already, that one again (the address may have changed). The
// address is saved for the next start.
func (w *Window) Start(ctx context.Context, addr, baseURL string) error {
	return w.start(ctx, Config{Addr: addr, BaseURL: baseURL})
}

// Join makes this laptop a standby of the host whose cluster address is
// join (IP:PORT), with its join code: the host's event replaces what the
// database held (kept in a copy beside it when it held events of its
// own), and this laptop is reached at addr, its store network at
// baseURL.
func (w *Window) Join(ctx context.Context, addr, baseURL, join, code string) error {
	if _, _, err := net.SplitHostPort(strings.TrimSpace(join)); err != nil {
		return event.Invalidf("%s is not the host's address: type it as its Store network panel shows it after --join, such as 192.168.1.20:8081.", join)
	}
	if _, err := ParseJoinCode(code); err != nil {
		return err
	}
	return w.start(ctx, Config{Addr: addr, BaseURL: baseURL, Join: strings.TrimSpace(join), JoinCode: code})
}

// start opens the node on cfg (its address, base URL and, to join, the
// host and code).
func (w *Window) start(ctx context.Context, cfg Config) error {
	addr, baseURL := cfg.Addr, cfg.BaseURL
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.node != nil {
		return nil
	}
	if w.db.ReadOnly() {
		return event.Statef("%s cannot be written, and a laptop of a cluster writes every change of the event: copy it somewhere you can write.", w.db.Path())
	}
	if host, _, err := net.SplitHostPort(addr); err != nil || net.ParseIP(host) == nil {
		return event.Invalidf("%s is not this laptop's IP address and a port, such as 192.168.1.20:8081.", addr)
	}
	node, err := Open(ctx, Config{DB: w.db, Addr: addr, BaseURL: baseURL, Join: cfg.Join, JoinCode: cfg.JoinCode, Logf: w.logf,
		Applied: func(u storage.Unit) {
			if w.applied != nil {
				w.applied(u)
			}
		},
		Restored: func() {
			if w.restored != nil {
				w.restored()
			}
		}})
	if err != nil {
		return err
	}
	// A host alone comes up at once; a laptop of two whose other one is
	// lost never does, and carries on to ask whether to take over.
	if err := node.WaitLeader(ctx, 5*time.Second); err != nil && !errors.Is(err, ErrElecting) {
		_ = node.Close()
		return err
	}
	dir := w.db.Path() + ".cluster"
	if err := os.WriteFile(filepath.Join(dir, addrFile), []byte(node.Addr()+"\n"), 0o600); err != nil {
		_ = node.Close()
		return fmt.Errorf("cluster: %w", err)
	}
	if w.web != nil {
		node.SetWeb(w.web)
	}
	w.node = node
	return nil
}

// Node is the window's node, nil while it runs alone.
func (w *Window) Node() *Node {
	w.mu.RLock()
	defer w.mu.RUnlock()
	return w.node
}

// Joined reports whether the window's database is part of a cluster now.
func (w *Window) Joined() bool { return w.Node() != nil }

// Status is the cluster's status (Node.Status); alone, nothing.
func (w *Window) Status() Status {
	if n := w.Node(); n != nil {
		return n.Status()
	}
	return Status{}
}

// Leader reports whether this laptop takes writes: always, alone.
func (w *Window) Leader() bool {
	n := w.Node()
	return n == nil || n.Leader()
}

// Forward sends a write that reached this laptop to the host
// (Node.Forward); alone, nothing forwards.
func (w *Window) Forward(rw http.ResponseWriter, r *http.Request) error {
	if n := w.Node(); n != nil {
		return n.Forward(rw, r)
	}
	return ErrNotJoined
}

// SetWeb gives the store network that answers the writes the other
// laptops forward here (Node.SetWeb), now or once the node starts.
func (w *Window) SetWeb(h http.Handler) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.web = h
	if w.node != nil {
		w.node.SetWeb(h)
	}
}

// Takeover makes this laptop the host alone (Node.Takeover).
func (w *Window) Takeover(ctx context.Context) error {
	n := w.Node()
	if n == nil {
		return ErrNotJoined
	}
	return n.Takeover(ctx)
}

// RenewJoinCode draws a new join code (Node.RenewJoinCode).
func (w *Window) RenewJoinCode(ctx context.Context) (string, error) {
	n := w.Node()
	if n == nil {
		return "", ErrNotJoined
	}
	return n.RenewJoinCode(ctx)
}

// Close stops the window's part of the cluster, if it has one.
func (w *Window) Close() error {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.node == nil {
		return nil
	}
	err := w.node.Close()
	w.node = nil
	return err
}

// windowStore is the window's director's store.
type windowStore struct{ w *Window }

func (s windowStore) Read(ctx context.Context, fn func(storage.Tx) error) error {
	return s.w.db.Read(ctx, fn)
}

func (s windowStore) Write(ctx context.Context, fn func(storage.Tx) error) error {
	s.w.mu.RLock()
	defer s.w.mu.RUnlock()
	if s.w.node != nil {
		return s.w.node.Store().Write(ctx, fn)
	}
	return s.w.db.Write(ctx, fn)
}
