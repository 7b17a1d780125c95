package cluster

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"time"

	"github.com/hashicorp/raft"

	"tablekeeper/core/storage"
)

// applyTimeout bounds how long a write waits for the log to take it.
const applyTimeout = 5 * time.Second

// outcomeWait is how long a write whose answer from raft was lost (the
// leader stepped down while it was on its way) waits to learn whether
// the next leader committed it.
const outcomeWait = 10 * time.Second

// clusterStore is the director's store on a laptop of a cluster.
type clusterStore struct{ n *Node }

// Read reads this laptop's own database: a standby is as far behind the
// leader as its last applied entry (a few milliseconds on a LAN).
func (s clusterStore) Read(ctx context.Context, fn func(storage.Tx) error) error {
	return s.n.cfg.DB.Read(ctx, fn)
}

// Write runs fn on the leader: its statements are captured (and rolled
// back), sent through the log, and answered as saved only once a
// majority of the laptops wrote the entry to disk and this laptop's
// database applied it. A write whose request id (storage.WithRequests,
// a page's Tablekeeper-Request) was saved already sends nothing: it was
// sent again after its answer was lost. A standby refuses with ErrStandby; a leader just
// elected and not yet caught up, with ErrElecting. The notices of the
// write are told by the log's apply, on every laptop, not here.
func (s clusterStore) Write(ctx context.Context, fn func(storage.Tx) error) error {
	n := s.n
	if err := n.writable(); err != nil {
		return err
	}
	if req := storage.NextRequest(ctx); req != "" {
		ctx = storage.WithRequest(ctx, req)
	}
	n.writeMu.Lock()
	defer n.writeMu.Unlock()
	u, err := n.cfg.DB.Capture(ctx, fn)
	if err != nil {
		return err
	}
	if len(u.Stmts) == 0 {
		return nil
	}
	if u.Request != "" {
		// A write sent again after its answer was lost: fn ran (its
		// answer is read from the rows that hold the first), and nothing
		// is sent through the log twice.
		if done, err := n.cfg.DB.RequestApplied(ctx, u.Request); err != nil || done {
			return err
		}
	}
	if u.Request == "" {
		u.Request = newRequestID()
	}
	f := n.r().Apply(storage.EncodeUnit(u), applyTimeout)
	if err := f.Error(); err != nil {
		return n.outcome(ctx, u.Request, f.Index(), err)
	}
	if r, ok := f.Response().(applyResult); ok && r.err != nil {
		return r.err
	}
	return nil
}

// writable refuses a write on a laptop that does not lead.
func (n *Node) writable() error {
	select {
	case <-n.stopped:
		return errStopped()
	default:
	}
	if n.r().State() != raft.Leader {
		return errStandby(n.leaderURL())
	}
	if !n.ready.Load() {
		return errElecting()
	}
	return nil
}

// outcome learns whether a write raft could not answer for was saved
// all the same: the entry at index (0: it never reached the log) may
// still be committed by the next leader. It waits, up to outcomeWait,
// until this laptop has applied that index (then the request says) or
// the request shows up.
func (n *Node) outcome(ctx context.Context, request string, index uint64, cause error) error {
	if index == 0 || errors.Is(cause, raft.ErrNotLeader) || errors.Is(cause, raft.ErrRaftShutdown) {
		return errNotSaved(cause)
	}
	deadline := time.Now().Add(outcomeWait)
	for {
		done, err := n.cfg.DB.RequestApplied(ctx, request)
		if err != nil {
			return err
		}
		if done {
			return nil
		}
		if applied, _, err := n.cfg.DB.AppliedIndex(ctx); err == nil && applied >= index {
			return errNotSaved(cause)
		}
		if time.Now().After(deadline) {
			return errNotKnown(cause)
		}
		select {
		case <-ctx.Done():
			return errNotKnown(cause)
		case <-n.stopped:
			return errNotKnown(cause)
		case <-time.After(50 * time.Millisecond):
		}
	}
}

// newRequestID draws the request id of a write that came without one
// (the desk's, a command's), so that its outcome can be looked up.
func newRequestID() string {
	b := make([]byte, 16)
	_, _ = rand.Read(b) // crypto/rand.Read never fails (Go 1.24)
	return "w-" + hex.EncodeToString(b)
}
