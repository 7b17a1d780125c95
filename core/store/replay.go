package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"time"

	"tablekeeper/core/event"
	"tablekeeper/core/i18n"
	"tablekeeper/core/storage"
)

// ErrDiverged means a unit replayed on this database did not do what it
// did where it was captured (a statement changed another number of rows,
// inserted another rowid, or failed): the two databases no longer hold
// the same rows. Nothing of the unit is written; this database must be
// replaced (RestoreFrom) before it replays anything more.
var ErrDiverged = errors.New("this database has diverged from the one the unit was captured on")

// ErrNotRestorable means RestoreFrom was given a file it cannot restore
// from: empty, this database itself, or a Tablekeeper database of another
// schema version. A file that is no Tablekeeper database at all is
// refused with ErrNotTablekeeper.
var ErrNotRestorable = errors.New("not a snapshot this database can be restored from")

// ErrClusterMember means a write was made straight to the database of a
// laptop of a cluster (a headless command, a window that opened the file
// alone): its writes go through the cluster's log (Capture and
// ApplyUnit), so that every laptop holds the same rows; one made around
// it would hold on this laptop only. Nothing is written.
var ErrClusterMember = errors.New("this database is a laptop's copy of an event run by a cluster")

// outsideCluster refuses a direct write to a database that has applied a
// unit of a cluster's log, in the write's own transaction.
func outsideCluster(t *Tx) error {
	var idx int64
	err := t.queryRow(`SELECT idx FROM cluster_applied WHERE one = 1`).Scan(&idx)
	if err != nil && strings.Contains(err.Error(), "no such table: cluster_applied") {
		// A database opened at an older schema (a migration's test):
		// it was never part of a cluster.
		return nil
	}
	if err != nil {
		return fmt.Errorf("store: write: %w", err)
	}
	if idx == 0 {
		return nil
	}
	msg := i18n.F("This database is one laptop's copy of an event run by several laptops: change it through the Tablekeeper that serves it (serve --cluster-addr, or its window), or the laptops would no longer hold the same event.")
	return &event.Error{Kind: ErrClusterMember, Message: msg.String(), Text: msg}
}

// Capture runs fn as Write would, on the writer, with every statement
// that writes captured, and then rolls the transaction back: nothing is
// written. It returns the unit, what the transaction changed (Changes)
// and its statements in order (Stmts), with the request id of ctx
// (storage.WithRequest) and the time; ApplyUnit replays it, here or on
// a copy of this database, and gets the same rows. An error of fn comes
// back as it is, with no unit. Nothing is handed to OnCommit's hook: a
// captured unit is told when it is applied.
//
// Capturing then applying, rather than committing here, is how every
// database of a cluster (the leader's too) runs exactly the same
// statements (docs/ARCHITECTURE.md, "A unit a standby can replay").
func (db *DB) Capture(ctx context.Context, fn func(storage.Tx) error) (storage.Unit, error) {
	release, err := db.writable()
	if err != nil {
		return storage.Unit{}, err
	}
	defer release()
	sqlTx, err := db.writer.BeginTx(ctx, nil)
	if err != nil {
		return storage.Unit{}, fmt.Errorf("store: begin capture: %w", err)
	}
	done := false
	defer func() {
		if !done {
			// Reached on error and on panic; the panic keeps going.
			_ = sqlTx.Rollback()
		}
	}()
	tx := &Tx{ctx: ctx, tx: sqlTx, capture: &capture{}}
	if err := fn(tx); err != nil {
		return storage.Unit{}, err
	}
	done = true
	if err := sqlTx.Rollback(); err != nil {
		return storage.Unit{}, fmt.Errorf("store: roll back capture: %w", err)
	}
	if tx.capture.err != nil {
		return storage.Unit{}, tx.capture.err
	}
	u := tx.changes.Unit()
	u.Stmts = tx.capture.stmts
	u.Request = storage.RequestOf(ctx)
	u.At = time.Now().UnixMilli()
	return u, nil
}

// AppliedIndex returns the index and term of the last unit ApplyUnit
// applied (0, 0 for none).
func (db *DB) AppliedIndex(ctx context.Context) (index, term uint64, err error) {
	var idx, tm int64
	err = db.reader.QueryRowContext(ctx, `SELECT idx, term FROM cluster_applied WHERE one = 1`).Scan(&idx, &tm)
	if err != nil {
		return 0, 0, fmt.Errorf("store: applied index: %w", err)
	}
	return uint64(idx), uint64(tm), nil // #nosec G115 -- the columns hold no negative number (CHECK)
}

// ApplyUnit replays a captured unit (Capture) as the unit at index of a
// log (raft's, in term), in one write transaction that also records the
// index, and the unit's request id, so that a crash leaves either the
// unit and its index or neither:
//   - a unit at an index already applied is skipped (the log replays
//     what a crash left unacknowledged);
//   - a unit whose request id is recorded already (a write sent again
//     after its answer was lost) runs none of its statements, which were
//     captured against rows that held the first, but the index moves on;
//   - otherwise its statements run in order, each checked against what
//     it did where it was captured: a difference fails with ErrDiverged
//     and nothing is written.
//
// applied reports whether the unit's statements ran; only then, once
// committed, are its changes handed to the hook of ctx
// (storage.OnCommit), so that the director's subscribers hear of them.
func (db *DB) ApplyUnit(ctx context.Context, index, term uint64, u storage.Unit) (applied bool, err error) {
	if index == 0 || index > math.MaxInt64 || term > math.MaxInt64 {
		return false, fmt.Errorf("store: apply unit: index %d, term %d out of range", index, term)
	}
	release, err := db.writable()
	if err != nil {
		return false, err
	}
	defer release()
	sqlTx, err := db.writer.BeginTx(ctx, nil)
	if err != nil {
		return false, fmt.Errorf("store: begin apply: %w", err)
	}
	committed := false
	defer func() {
		if !committed {
			// Reached on error, on a skipped index and on panic.
			_ = sqlTx.Rollback()
		}
	}()
	dup, skip, err := applyUnit(ctx, sqlTx, int64(index), int64(term), u) // #nosec G115 -- checked above
	if err != nil || skip {
		return false, err
	}
	committed = true
	if err := sqlTx.Commit(); err != nil {
		return false, fmt.Errorf("store: commit unit %d: %w", index, err)
	}
	if dup {
		return false, nil
	}
	storage.Committed(ctx, storage.Unit{Changes: u.Changes, Request: u.Request, At: u.At})
	return true, nil
}

// applyUnit is ApplyUnit's transaction: skip reports an index applied
// already (nothing to commit), dup a request recorded already (only the
// index to commit).
func applyUnit(ctx context.Context, tx *sql.Tx, index, term int64, u storage.Unit) (dup, skip bool, err error) {
	var last int64
	if err := tx.QueryRowContext(ctx, `SELECT idx FROM cluster_applied WHERE one = 1`).Scan(&last); err != nil {
		return false, false, fmt.Errorf("store: apply unit %d: %w", index, err)
	}
	if index <= last {
		return false, true, nil
	}
	if u.Request != "" {
		var one int
		err := tx.QueryRowContext(ctx, `SELECT 1 FROM cluster_requests WHERE id = ?`, u.Request).Scan(&one)
		switch {
		case err == nil:
			dup = true
		case !errors.Is(err, sql.ErrNoRows):
			return false, false, fmt.Errorf("store: apply unit %d: %w", index, err)
		}
	}
	if !dup {
		for i, s := range u.Stmts {
			if err := replay(ctx, tx, s); err != nil {
				return false, false, fmt.Errorf("store: apply unit %d: statement %d of %d (%s): %w",
					index, i+1, len(u.Stmts), firstLine(s.SQL), err)
			}
		}
		if u.Request != "" {
			if _, err := tx.ExecContext(ctx, `INSERT INTO cluster_requests (id, idx, at) VALUES (?, ?, ?)`, u.Request, index, u.At); err != nil {
				return false, false, fmt.Errorf("store: apply unit %d: %w", index, err)
			}
		}
	}
	if err := pruneRequests(ctx, tx, last, index, u.At); err != nil {
		return false, false, fmt.Errorf("store: apply unit %d: %w", index, err)
	}
	if _, err := tx.ExecContext(ctx, `UPDATE cluster_applied SET idx = ?, term = ? WHERE one = 1`, index, term); err != nil {
		return false, false, fmt.Errorf("store: apply unit %d: %w", index, err)
	}
	return dup, false, nil
}

// Requests are remembered while a page may still send them again (its
// tries last about ten seconds, a forwarded one up to half a minute),
// and far longer: requestsKept units and requestsKeptMs of the leader's
// clock, both, so that a new host whose clock runs ahead of the old
// one's forgets nothing a phone is still retrying through the switch.
// Every laptop prunes at the same indexes (each pruneEvery-th), from
// what the unit carries, so their databases stay identical.
const (
	requestsKept   = 65536
	requestsKeptMs = 60 * 60 * 1000
	pruneEvery     = 4096
)

// pruneRequests forgets the requests older than requestsKept units and
// requestsKeptMs when the unit at index is the first past a multiple of
// pruneEvery since last: cluster_requests holds about an hour of writes
// however long the event runs.
func pruneRequests(ctx context.Context, tx *sql.Tx, last, index, at int64) error {
	if index/pruneEvery == last/pruneEvery || index <= requestsKept {
		return nil
	}
	_, err := tx.ExecContext(ctx, `DELETE FROM cluster_requests WHERE idx <= ? AND at < ?`,
		index-requestsKept, at-requestsKeptMs)
	return err
}

// replay runs one captured statement and checks that it did what it did
// where it was captured.
func replay(ctx context.Context, tx *sql.Tx, s storage.Stmt) error {
	args := make([]any, len(s.Args))
	for i, v := range s.Args {
		a, err := argOf(v)
		if err != nil {
			return fmt.Errorf("argument %d: %w", i+1, err)
		}
		args[i] = a
	}
	var rows, last int64
	if returning(s.SQL) {
		// Run as it ran: a query, its rows read to the end; SQLite
		// counts its changes once it is done.
		r, err := tx.QueryContext(ctx, s.SQL, args...)
		if err != nil {
			return fmt.Errorf("%w: it failed here: %v", ErrDiverged, err)
		}
		for r.Next() {
		}
		if err := errors.Join(r.Err(), r.Close()); err != nil {
			return fmt.Errorf("%w: it failed here: %v", ErrDiverged, err)
		}
		if err := tx.QueryRowContext(ctx, `SELECT changes(), last_insert_rowid()`).Scan(&rows, &last); err != nil {
			return err
		}
	} else {
		res, err := tx.ExecContext(ctx, s.SQL, args...)
		if err != nil {
			return fmt.Errorf("%w: it failed here: %v", ErrDiverged, err)
		}
		if rows, err = res.RowsAffected(); err != nil {
			return err
		}
		if last, err = res.LastInsertId(); err != nil {
			return err
		}
	}
	if !guarded(s.SQL) {
		return nil
	}
	if rows != s.Rows {
		return fmt.Errorf("%w: it changed %d rows here, %d where it was captured", ErrDiverged, rows, s.Rows)
	}
	if rows > 0 && insertsRowid(s.SQL) && last != s.LastID {
		return fmt.Errorf("%w: it inserted row %d here, %d where it was captured", ErrDiverged, last, s.LastID)
	}
	return nil
}

// RestoreFrom replaces everything the database holds with the contents
// of the database file src (a standby's snapshot of the leader's), with
// SQLite's backup API into the writer's own connection: the file keeps
// its name and inode, so the writer lock still holds it (lock.go), and
// the readers see the new contents at their next transaction. src must
// be a Tablekeeper database of this build's schema version; anything
// else is refused, with a sentence, before anything is written. src is
// only read.
func (db *DB) RestoreFrom(ctx context.Context, src string) error {
	release, err := db.writable()
	if err != nil {
		return err
	}
	defer release()
	abs, err := filepath.Abs(src)
	if err != nil {
		return fmt.Errorf("store: restore: %w", err)
	}
	if err := db.checkSnapshot(ctx, abs); err != nil {
		return fmt.Errorf("store: restore: %w", err)
	}
	params := map[string][]string{"mode": {"ro"}}
	if _, err := os.Stat(abs + "-wal"); err != nil {
		params["immutable"] = []string{"1"}
	}
	in, err := sql.Open(driverName, fileURI(abs, params))
	if err != nil {
		return fmt.Errorf("store: restore from %s: %w", abs, err)
	}
	defer in.Close()
	if err := backupInto(ctx, db.writer, in); err != nil {
		return fmt.Errorf("store: restore from %s: %w", abs, err)
	}
	return nil
}

// checkSnapshot refuses a file RestoreFrom cannot take: missing, not a
// Tablekeeper database, of another schema version, or this database
// itself.
func (db *DB) checkSnapshot(ctx context.Context, path string) error {
	info, err := os.Stat(path)
	if err != nil {
		return err
	}
	if self, err := os.Stat(db.path); err == nil && os.SameFile(info, self) {
		return refuseSnapshot(i18n.F("%s is this database itself: a database cannot be restored from its own file.", path))
	}
	migs, err := loadMigrations(migrationFiles)
	if err != nil {
		return err
	}
	version, err := probeVersion(ctx, path, len(migs))
	if err != nil {
		if errors.Is(err, ErrTooNew) {
			return refuseSnapshot(i18n.F("%s was written by a newer Tablekeeper (schema %d, this version knows %d): every laptop of an event must run the same version.", path, version, len(migs)))
		}
		return err
	}
	if version == 0 {
		return refuseSnapshot(i18n.F("%s is empty: it holds no Tablekeeper database to restore.", path))
	}
	if version != len(migs) {
		return refuseSnapshot(i18n.F("%s is a Tablekeeper database of schema %d, and this version's is %d: every laptop of an event must run the same version.", path, version, len(migs)))
	}
	return nil
}

func refuseSnapshot(t i18n.Text) error {
	return &event.Error{Kind: ErrNotRestorable, Message: t.String(), Text: t}
}

// RequestApplied reports whether a unit with request id id was applied
// (ApplyUnit recorded it): how a writer whose answer was lost learns
// whether its write was saved.
func (db *DB) RequestApplied(ctx context.Context, id string) (bool, error) {
	var one int
	err := db.reader.QueryRowContext(ctx, `SELECT 1 FROM cluster_requests WHERE id = ?`, id).Scan(&one)
	switch {
	case err == nil:
		return true, nil
	case errors.Is(err, sql.ErrNoRows):
		return false, nil
	default:
		return false, fmt.Errorf("store: request %s: %w", id, err)
	}
}

// LastAppliedAt returns the time (the unit's At, Unix milliseconds) of
// the last unit applied with a request id, 0 for none: how far behind
// its leader a standby is.
func (db *DB) LastAppliedAt(ctx context.Context) (int64, error) {
	var at sql.NullInt64
	err := db.reader.QueryRowContext(ctx, `SELECT at FROM cluster_requests ORDER BY idx DESC LIMIT 1`).Scan(&at)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return 0, fmt.Errorf("store: last applied: %w", err)
	}
	return at.Int64, nil
}
