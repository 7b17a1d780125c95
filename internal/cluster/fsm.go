package cluster

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/hashicorp/raft"

	"tablekeeper/core/storage"
	"tablekeeper/core/store"
)

// fsm is raft's state machine: the laptop's own SQLite database. Every
// committed log entry is one write transaction captured on the leader
// (store.DB.Capture), applied here by store.DB.ApplyUnit on every laptop,
// the leader's too, with the entry's index in the same transaction, so
// that a crash between raft's commit and SQLite's replays it exactly once
// (raft replays its log on start: Config.NoSnapshotRestoreOnStart).
type fsm struct {
	db *store.DB
	// tmp is the folder for snapshot files on their way in or out.
	tmp string
	// applied hears of each unit that changed rows here (its notices),
	// and restored of a snapshot that replaced everything.
	applied  func(storage.Unit)
	restored func()
	logf     func(format string, a ...any)
	// diverged is set, and the node stopped, when a unit did not replay
	// as it was captured: this database no longer holds the leader's rows.
	diverged atomic.Pointer[error]
	// lastAt is the capture time of the last unit applied (Unix ms).
	lastAt atomic.Int64
	// stop is how the node has itself stopped on divergence.
	stop     func()
	stopOnce sync.Once
}

// applyResult is what Apply returns to the leader's ApplyFuture: the
// error of the unit's replay, if any.
type applyResult struct{ err error }

// Apply replays one committed entry.
func (f *fsm) Apply(l *raft.Log) any {
	if l.Type != raft.LogCommand {
		return nil
	}
	if err := f.diverged.Load(); err != nil {
		return applyResult{*err}
	}
	u, err := storage.DecodeUnit(l.Data)
	if err != nil {
		return f.fail(fmt.Errorf("cluster: entry %d: %w", l.Index, err))
	}
	ctx := storage.OnCommit(context.Background(), func(u storage.Unit) {
		if f.applied != nil {
			f.applied(u)
		}
	})
	if _, err := f.db.ApplyUnit(ctx, l.Index, l.Term, u); err != nil {
		return f.fail(err)
	}
	if u.At > f.lastAt.Load() {
		f.lastAt.Store(u.At)
	}
	return applyResult{}
}

// fail records an entry that could not be applied. A unit that did not
// replay as it was captured, or could not be read, means this database
// has left the others: the node stops rather than carry on with other
// rows (it must be given a fresh copy, docs/cluster.md). An error of the
// disk (full, gone) stops it too: raft would otherwise move on past an
// entry this database does not hold.
func (f *fsm) fail(err error) any {
	f.diverged.CompareAndSwap(nil, &err)
	f.stopOnce.Do(func() {
		if f.stop != nil {
			go f.stop()
		}
	})
	return applyResult{err}
}

// Snapshot hands raft a copy to take at its own pace: Persist copies the
// database with SQLite's backup API, from a reader, while writes go on.
// The copy may hold entries after the snapshot's index: that is safe,
// since the copy's cluster_applied says which, and ApplyUnit skips them.
func (f *fsm) Snapshot() (raft.FSMSnapshot, error) {
	return &snapshot{f: f}, nil
}

// Restore replaces this database with a snapshot's copy, unless the
// database already holds everything the copy does (raft restores its
// latest snapshot when a cluster is recovered around one laptop).
func (f *fsm) Restore(rc io.ReadCloser) error {
	defer rc.Close()
	tmp, err := os.CreateTemp(f.tmp, "restore-*.db")
	if err != nil {
		return fmt.Errorf("cluster: restore: %w", err)
	}
	path := tmp.Name()
	defer os.Remove(path)
	if _, err := io.Copy(tmp, rc); err != nil {
		return errors.Join(fmt.Errorf("cluster: restore: %w", err), tmp.Close())
	}
	if err := errors.Join(tmp.Sync(), tmp.Close()); err != nil {
		return fmt.Errorf("cluster: restore: %w", err)
	}
	ctx := context.Background()
	newer, err := newerThan(ctx, path, f.db)
	if err != nil || !newer {
		return err
	}
	if err := f.keepAside(ctx); err != nil {
		return err
	}
	if err := f.db.RestoreFrom(ctx, path); err != nil {
		return err
	}
	f.diverged.Store(nil)
	if at, err := f.db.LastAppliedAt(ctx); err == nil {
		f.lastAt.Store(at)
	}
	if f.restored != nil {
		f.restored()
	}
	return nil
}

// keepAside copies the database beside itself before a first snapshot
// replaces it, when it holds players or events of its own: a laptop that
// joins with a database that was never part of the cluster (an earlier
// copy, or the wrong file) loses nothing silently.
func (f *fsm) keepAside(ctx context.Context) error {
	idx, _, err := f.db.AppliedIndex(ctx)
	if err != nil || idx > 0 {
		return err
	}
	sum, err := f.db.Check(ctx)
	if err != nil || (sum.Events == 0 && sum.Players == 0) {
		return err
	}
	aside := fmt.Sprintf("%s.before-joining-%s.db", strings.TrimSuffix(f.db.Path(), ".db"), time.Now().Format("20060102-150405"))
	if err := f.db.Backup(ctx, aside); err != nil {
		return fmt.Errorf("cluster: keep %s before joining: %w", f.db.Path(), err)
	}
	if f.logf != nil {
		f.logf("cluster: %s held %d events and %d players of its own; they are kept in %s, and the event's database replaces them", f.db.Path(), sum.Events, sum.Players, aside)
	}
	return nil
}

// newerThan reports whether the database file at path has applied more
// of the log than db.
func newerThan(ctx context.Context, path string, db *store.DB) (bool, error) {
	snap, err := store.OpenReadOnly(path)
	if err != nil {
		return false, fmt.Errorf("cluster: restore: %w", err)
	}
	theirs, _, err := snap.AppliedIndex(ctx)
	if err := errors.Join(err, snap.Close()); err != nil {
		return false, fmt.Errorf("cluster: restore: %w", err)
	}
	ours, _, err := db.AppliedIndex(ctx)
	if err != nil {
		return false, err
	}
	return theirs > ours, nil
}

// snapshot is one snapshot on its way to raft's snapshot store.
type snapshot struct{ f *fsm }

// Persist writes a consistent copy of the database to sink.
func (s *snapshot) Persist(sink raft.SnapshotSink) error {
	err := s.persist(sink)
	if err != nil {
		return errors.Join(err, sink.Cancel())
	}
	return sink.Close()
}

func (s *snapshot) persist(sink raft.SnapshotSink) error {
	dir, err := os.MkdirTemp(s.f.tmp, "snapshot-")
	if err != nil {
		return fmt.Errorf("cluster: snapshot: %w", err)
	}
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "copy.db")
	if err := s.f.db.Backup(context.Background(), path); err != nil {
		return fmt.Errorf("cluster: snapshot: %w", err)
	}
	in, err := os.Open(path) // #nosec G304 -- the copy this function just wrote
	if err != nil {
		return fmt.Errorf("cluster: snapshot: %w", err)
	}
	defer in.Close()
	if _, err := io.Copy(sink, in); err != nil {
		return fmt.Errorf("cluster: snapshot: %w", err)
	}
	return nil
}

// Release is called when raft is done with the snapshot.
func (s *snapshot) Release() {}
