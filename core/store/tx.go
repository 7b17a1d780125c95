package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/mattn/go-sqlite3"

	"tablekeeper/core/event"
	"tablekeeper/core/storage"
)

// Tx is one transaction, handed to the function given to DB.Read or
// DB.Write; it implements storage.Tx. A Tx is only valid inside that
// function and is not safe for concurrent use.
//
// Each write method records, where it writes its rows, what it changed
// (changed); DB.Write hands the committed transaction's storage.Unit to
// the hook of storage.OnCommit.
type Tx struct {
	ctx context.Context
	tx  *sql.Tx
	// changes is what the transaction's writes changed so far.
	changes storage.ChangeSet
	// capture, when set (DB.Capture), collects the statements that
	// write, for another database to replay them (capture.go). Every
	// statement goes through exec, query, queryRow, execReturning or
	// prepare, never t.tx itself (capture_test.go checks).
	capture *capture
}

var _ storage.Tx = (*Tx)(nil)

// changed records that a write of the transaction changes kind k of event
// id (0: its rows name no event; the change goes to the events the
// transaction works on, see saw). Every write method calls it, or is in
// unrecordedWrites with its reason (notices_test.go checks).
func (t *Tx) changed(id event.EventID, k storage.ChangeKind) {
	t.changes.Mark(id, k)
}

// saw records that the transaction works on event id: a read of the event
// or its entries, a line of its log. The changes of rows that name no
// event (a result, a clock) are that event's.
func (t *Tx) saw(id event.EventID) {
	t.changes.Saw(id)
}

// exec runs a statement that writes (captured when the transaction
// captures, once it ran without error).
func (t *Tx) exec(query string, args ...any) (sql.Result, error) {
	res, err := t.tx.ExecContext(t.ctx, query, args...)
	if err == nil {
		t.record(query, args, res)
	}
	return res, err
}

// query runs a statement that reads.
func (t *Tx) query(query string, args ...any) (*sql.Rows, error) {
	t.readOnly(query)
	return t.tx.QueryContext(t.ctx, query, args...)
}

// queryRow runs a statement that reads one row.
func (t *Tx) queryRow(query string, args ...any) *sql.Row {
	t.readOnly(query)
	return t.tx.QueryRowContext(t.ctx, query, args...)
}

// execReturning runs a statement that writes and returns one row (INSERT
// … RETURNING) and scans that row into dest; it is captured like exec's.
func (t *Tx) execReturning(query string, args []any, dest ...any) error {
	err := t.tx.QueryRowContext(t.ctx, query, args...).Scan(dest...)
	if err == nil {
		t.record(query, args, nil)
	}
	return err
}

// exists reports whether query returns a row.
func (t *Tx) exists(query string, args ...any) (bool, error) {
	var one int
	err := t.queryRow(query, args...).Scan(&one)
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	}
	return err == nil, err
}

// atomic runs an operation of several statements inside a savepoint, so
// that when it fails none of its statements stay in the transaction, even if
// the caller goes on and commits.
func (t *Tx) atomic(fn func() error) error {
	if _, err := t.exec(`SAVEPOINT op`); err != nil {
		return err
	}
	if err := fn(); err != nil {
		_, _ = t.exec(`ROLLBACK TO op`)
		_, _ = t.exec(`RELEASE op`)
		return err
	}
	_, err := t.exec(`RELEASE op`)
	return err
}

// updated turns an UPDATE or DELETE that matched no row into notFound.
func updated(res sql.Result, err error, notFound func() error) error {
	if err != nil {
		return err
	}
	n, err := res.RowsAffected()
	if err != nil {
		return err
	}
	if n == 0 {
		return notFound()
	}
	return nil
}

// lastID returns the rowid of the row just inserted.
func lastID(res sql.Result) int64 {
	id, _ := res.LastInsertId() // never fails with SQLite
	return id
}

// constraint returns the extended code of a SQLite constraint error, or 0.
func constraint(err error) sqlite3.ErrNoExtended {
	var se sqlite3.Error
	if errors.As(err, &se) && se.Code == sqlite3.ErrConstraint {
		return se.ExtendedCode
	}
	return 0
}

// isUnique reports whether err is a broken UNIQUE or PRIMARY KEY constraint.
func isUnique(err error) bool {
	c := constraint(err)
	return c == sqlite3.ErrConstraintUnique || c == sqlite3.ErrConstraintPrimaryKey
}

// refused is err as the organizer is told it: a broken UNIQUE or
// PRIMARY KEY constraint is conflict, any other broken constraint
// invalid, anything else err itself.
func refused(err, conflict, invalid error) error {
	switch {
	case isUnique(err):
		return conflict
	case constraint(err) != 0:
		return invalid
	}
	return err
}

// isForeignKey reports whether err is a reference to a missing row.
func isForeignKey(err error) bool {
	return constraint(err) == sqlite3.ErrConstraintForeignKey
}

// Columns are written with these helpers and read back with the scanners
// below, so every time, duration and optional ID is stored the same way.

// millis stores a time as unix milliseconds, the zero time as NULL.
func millis(t time.Time) any {
	if t.IsZero() {
		return nil
	}
	return t.UnixMilli()
}

// durMillis stores a duration as whole milliseconds.
func durMillis(d time.Duration) int64 { return d.Milliseconds() }

// optID stores an optional reference, 0 as NULL.
func optID[T ~int64](id T) any {
	if id == 0 {
		return nil
	}
	return int64(id)
}

// optString stores an optional text, "" as NULL.
func optString(s string) any {
	if s == "" {
		return nil
	}
	return s
}

// scanInt sets *p from an integer column: NULL is T's zero value, an
// integer n is conv(n); any other value is an error, said with format (a
// format of the value's type).
func scanInt[T any](v any, p *T, conv func(int64) T, format string) error {
	switch v := v.(type) {
	case nil:
		var zero T
		*p = zero
	case int64:
		*p = conv(v)
	default:
		return fmt.Errorf(format, v)
	}
	return nil
}

// timeCol scans unix milliseconds (or NULL) into a time in UTC.
type timeCol struct{ t *time.Time }

func (c timeCol) Scan(v any) error {
	return scanInt(v, c.t, func(ms int64) time.Time { return time.UnixMilli(ms).UTC() }, "time column holds %T, not milliseconds")
}

// durCol scans milliseconds into a duration.
type durCol struct{ d *time.Duration }

func (c durCol) Scan(v any) error {
	return scanInt(v, c.d, func(ms int64) time.Duration { return time.Duration(ms) * time.Millisecond }, "duration column holds %T, not milliseconds")
}

// idCol scans an optional reference (NULL is 0).
type idCol[T ~int64] struct{ id *T }

func (c idCol[T]) Scan(v any) error {
	return scanInt(v, c.id, func(n int64) T { return T(n) }, "ID column holds %T")
}

// nullInt scans an integer that a LEFT JOIN may leave NULL (as 0).
type nullInt struct{ n *int }

func (c nullInt) Scan(v any) error {
	return scanInt(v, c.n, func(n int64) int { return int(n) }, "integer column holds %T")
}

// nullBool scans a 0/1 integer that a LEFT JOIN may leave NULL (false).
type nullBool struct{ b *bool }

func (c nullBool) Scan(v any) error {
	return scanInt(v, c.b, func(n int64) bool { return n != 0 }, "boolean column holds %T")
}

// textCol scans optional text (NULL is "").
type textCol struct{ s *string }

func (c textCol) Scan(v any) error {
	return scanText(v, c.s, func(s string) string { return s }, "text column holds %T")
}

// scanText sets *p from a text column: NULL is T's zero value, a text s
// (string or bytes) is conv(s); any other value is an error, said with
// format (a format of the value's type).
func scanText[T any](v any, p *T, conv func(string) T, format string) error {
	switch v := v.(type) {
	case nil:
		var zero T
		*p = zero
	case string:
		*p = conv(v)
	case []byte:
		*p = conv(string(v))
	default:
		return fmt.Errorf(format, v)
	}
	return nil
}

// scanner is a *sql.Row or *sql.Rows.
type scanner interface{ Scan(dest ...any) error }

// queryAll runs query and scans every row with scan.
func queryAll[T any](t *Tx, scan func(scanner) (T, error), query string, args ...any) ([]T, error) {
	rows, err := t.query(query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []T
	for rows.Next() {
		v, err := scan(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, rows.Err()
}

// queryMap runs a query of two columns and returns its rows as a map of
// the first column to the second (empty, not nil, when no row matches).
func queryMap[K comparable, V any](t *Tx, query string, args ...any) (map[K]V, error) {
	rows, err := t.query(query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[K]V{}
	for rows.Next() {
		var k K
		var v V
		if err := rows.Scan(&k, &v); err != nil {
			return nil, err
		}
		out[k] = v
	}
	return out, rows.Err()
}
