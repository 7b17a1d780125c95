package store

import (
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"
	"strings"

	"tablekeeper/core/storage"
)

// capture collects, in a transaction run by DB.Capture, the statements
// that write, in the order they ran, so that another database replays
// the transaction exactly (DB.ApplyUnit).
type capture struct {
	stmts []storage.Stmt
	// err is the first statement that could not be captured (an
	// argument of a type SQLite has no class for, a write through a
	// read helper); Capture fails with it.
	err error
}

// fail notes why the capture is incomplete; the first reason stays.
func (c *capture) fail(err error) {
	if c.err == nil {
		c.err = err
	}
}

// firstWord is the statement's first keyword, upper case.
func firstWord(query string) string {
	q := strings.TrimLeft(query, " \t\r\n(")
	end := strings.IndexAny(q, " \t\r\n(;")
	if end < 0 {
		end = len(q)
	}
	return strings.ToUpper(q[:end])
}

// writes reports whether a statement can change the database, so that a
// capture keeps it: everything but a SELECT (a WITH is a read unless it
// names a write; SAVEPOINT, RELEASE and ROLLBACK TO are kept, for the
// statements between them to be undone on replay as they were here).
func writes(query string) bool {
	switch firstWord(query) {
	case "SELECT", "VALUES", "EXPLAIN":
		return false
	case "WITH":
		return namesWrite(query)
	}
	return true
}

// namesWrite reports whether a statement's text holds a row change.
func namesWrite(query string) bool {
	q := strings.ToUpper(query)
	for _, w := range []string{"INSERT ", "UPDATE ", "DELETE ", "REPLACE "} {
		if strings.Contains(q, w) {
			return true
		}
	}
	return false
}

// guarded reports whether a statement changes rows, so that how many it
// changed (and the rowid it inserted) is checked on replay. A savepoint
// changes none: SQLite's count of changes is then the last statement's,
// which a failed statement left out of the capture may have reset.
func guarded(query string) bool {
	switch firstWord(query) {
	case "INSERT", "UPDATE", "DELETE", "REPLACE":
		return true
	case "WITH":
		return namesWrite(query)
	}
	return false
}

// insertsRowid reports whether the rowid SQLite says was inserted last
// is this statement's when it changed rows: an INSERT or REPLACE, not an
// upsert that may have updated a row instead.
func insertsRowid(query string) bool {
	w := firstWord(query)
	return (w == "INSERT" || w == "REPLACE") && !strings.Contains(strings.ToUpper(query), "DO UPDATE")
}

// returning reports whether a statement returns rows while it writes
// (INSERT … RETURNING): it runs as a query, captured and replayed so.
func returning(query string) bool {
	return strings.Contains(strings.ToUpper(query), "RETURNING")
}

// stmtOf builds the captured form of a statement that ran: its
// arguments as the driver binds them and, for a statement that changes
// rows, how many it changed and its rowid.
func stmtOf(query string, args []any, rows, lastID int64) (storage.Stmt, error) {
	s := storage.Stmt{SQL: query}
	if guarded(query) {
		s.Rows = rows
		if rows > 0 && insertsRowid(query) {
			s.LastID = lastID
		}
	}
	if len(args) > 0 {
		s.Args = make([]storage.Value, len(args))
	}
	for i, a := range args {
		v, err := valueOf(a)
		if err != nil {
			return s, fmt.Errorf("store: capture %q: argument %d: %w", query, i+1, err)
		}
		s.Args[i] = v
	}
	return s, nil
}

// valueOf normalizes an argument as database/sql does before the driver
// binds it (driver.DefaultParameterConverter), into its storage class. A
// bool binds as 0 or 1, a nil []byte as NULL; a time.Time is refused:
// the store keeps times as milliseconds (millis), and the text the driver
// would make of one depends on its settings.
func valueOf(a any) (storage.Value, error) {
	if _, ok := a.(sql.NamedArg); ok {
		return storage.Value{}, errors.New("named arguments are not captured")
	}
	v, err := driver.DefaultParameterConverter.ConvertValue(a)
	if err != nil {
		return storage.Value{}, err
	}
	switch v := v.(type) {
	case nil:
		return storage.Value{Kind: storage.ValueNull}, nil
	case int64:
		return storage.Value{Kind: storage.ValueInt, I: v}, nil
	case float64:
		return storage.Value{Kind: storage.ValueFloat, F: v}, nil
	case bool:
		if v {
			return storage.Value{Kind: storage.ValueInt, I: 1}, nil
		}
		return storage.Value{Kind: storage.ValueInt, I: 0}, nil
	case string:
		return storage.Value{Kind: storage.ValueText, S: v}, nil
	case []byte:
		if v == nil {
			return storage.Value{Kind: storage.ValueNull}, nil
		}
		return storage.Value{Kind: storage.ValueBlob, B: append([]byte{}, v...)}, nil
	}
	return storage.Value{}, fmt.Errorf("a %T has no SQLite storage class here", v)
}

// argOf is a captured argument as it is bound again on replay.
func argOf(v storage.Value) (any, error) {
	switch v.Kind {
	case storage.ValueNull:
		return nil, nil
	case storage.ValueInt:
		return v.I, nil
	case storage.ValueFloat:
		return v.F, nil
	case storage.ValueText:
		return v.S, nil
	case storage.ValueBlob:
		if v.B == nil {
			return []byte{}, nil
		}
		return v.B, nil
	}
	return nil, fmt.Errorf("a value of kind %d", v.Kind)
}

// record adds a statement that ran without error to the capture, if the
// transaction captures and the statement writes. res is its result (nil
// for a statement that ran as a query: its counts are asked of SQLite).
func (t *Tx) record(query string, args []any, res sql.Result) {
	c := t.capture
	if c == nil || !writes(query) {
		return
	}
	var rows, last int64
	var err error
	if guarded(query) {
		if res != nil {
			rows, err = res.RowsAffected()
			if err == nil {
				last, err = res.LastInsertId()
			}
		} else {
			err = t.tx.QueryRowContext(t.ctx, `SELECT changes(), last_insert_rowid()`).Scan(&rows, &last)
		}
	}
	if err != nil {
		c.fail(fmt.Errorf("store: capture %q: %w", query, err))
		return
	}
	s, err := stmtOf(query, args, rows, last)
	if err != nil {
		c.fail(err)
		return
	}
	c.stmts = append(c.stmts, s)
}

// readOnly checks, while capturing, that a statement run through a read
// helper (query, queryRow) does not write: its writes would be missing
// from the capture. INSERT … RETURNING goes through execReturning.
func (t *Tx) readOnly(query string) {
	if t.capture != nil && writes(query) {
		t.capture.fail(fmt.Errorf("store: capture: %q writes through a read helper; use exec or execReturning", firstLine(query)))
	}
}

func firstLine(q string) string {
	q = strings.TrimSpace(q)
	if i := strings.IndexByte(q, '\n'); i >= 0 {
		return q[:i] + " …"
	}
	return q
}

// capStmt is a prepared statement of a Tx whose runs are captured like
// exec's (prepare).
type capStmt struct {
	t     *Tx
	query string
	s     *sql.Stmt
}

// prepare prepares a statement that writes, to be run many times in the
// transaction; each run is captured.
func (t *Tx) prepare(query string) (*capStmt, error) {
	s, err := t.tx.PrepareContext(t.ctx, query)
	if err != nil {
		return nil, err
	}
	return &capStmt{t: t, query: query, s: s}, nil
}

// exec runs the prepared statement with args, as Tx.exec runs one.
func (s *capStmt) exec(args ...any) (sql.Result, error) {
	res, err := s.s.ExecContext(s.t.ctx, args...)
	if err == nil {
		s.t.record(s.query, args, res)
	}
	return res, err
}

// Close closes the prepared statement.
func (s *capStmt) Close() error { return s.s.Close() }
