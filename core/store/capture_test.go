package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"tablekeeper/core/event"
	"tablekeeper/core/i18n"
	"tablekeeper/core/storage"
)

// captureUnit captures fn on db (nothing written) and sends the unit
// through its encoding, as a log carries it.
func captureUnit(t testing.TB, db *DB, ctx context.Context, fn func(*Tx) error) storage.Unit {
	t.Helper()
	u, err := db.Capture(ctx, func(tx storage.Tx) error { return fn(tx.(*Tx)) })
	must(t, err)
	u, err = storage.DecodeUnit(storage.EncodeUnit(u))
	must(t, err)
	return u
}

// apply applies u at index on db and returns whether it was applied.
func apply(t testing.TB, db *DB, index uint64, u storage.Unit) bool {
	t.Helper()
	applied, err := db.ApplyUnit(context.Background(), index, 1, u)
	must(t, err)
	return applied
}

// copyOf is a second database opened on a backup of db (closed at the
// end of the test).
func copyOf(t testing.TB, db *DB) *DB {
	t.Helper()
	path := filepath.Join(t.TempDir(), "copy.db")
	must(t, db.Backup(context.Background(), path))
	b, err := Open(path)
	must(t, err)
	t.Cleanup(func() { b.Close() })
	return b
}

// dumpRows is every row of every table of db, SQLite's sqlite_sequence
// included, each value with its type, sorted.
func dumpRows(t testing.TB, db *DB) []string {
	t.Helper()
	out, err := dumpWith(func(q string) (*sql.Rows, error) { return db.reader.QueryContext(context.Background(), q) }, "")
	must(t, err)
	return out
}

// dumpWith is dumpRows through query, leaving out the tables whose name
// starts with skip (none for "").
func dumpWith(query func(string) (*sql.Rows, error), skip string) ([]string, error) {
	rows, err := query(`SELECT name FROM sqlite_schema WHERE type = 'table' AND name <> 'sqlite_stat1' ORDER BY name`)
	if err != nil {
		return nil, err
	}
	var tables []string
	for rows.Next() {
		var n string
		if err := rows.Scan(&n); err != nil {
			return nil, errors.Join(err, rows.Close())
		}
		if skip == "" || !strings.HasPrefix(n, skip) {
			tables = append(tables, n)
		}
	}
	if err := errors.Join(rows.Err(), rows.Close()); err != nil {
		return nil, err
	}
	var out []string
	for _, tb := range tables {
		lines, err := dumpTable(query, tb)
		if err != nil {
			return nil, err
		}
		out = append(out, lines...)
	}
	slices.Sort(out)
	return out, nil
}

func dumpTable(query func(string) (*sql.Rows, error), table string) (out []string, err error) {
	rows, err := query(`SELECT * FROM "` + table + `"`)
	if err != nil {
		return nil, err
	}
	defer func() { err = errors.Join(err, rows.Close()) }()
	cols, err := rows.Columns()
	if err != nil {
		return nil, err
	}
	for rows.Next() {
		vals := make([]any, len(cols))
		ptrs := make([]any, len(cols))
		for i := range vals {
			ptrs[i] = &vals[i]
		}
		if err := rows.Scan(ptrs...); err != nil {
			return nil, err
		}
		var line strings.Builder
		line.WriteString(table)
		for _, v := range vals {
			fmt.Fprintf(&line, " %T:%v", v, v)
		}
		out = append(out, line.String())
	}
	return out, rows.Err()
}

// sameRows fails the test where the dumps of a and b differ.
func sameRows(t testing.TB, what string, a, b []string) {
	t.Helper()
	if slices.Equal(a, b) {
		return
	}
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			t.Fatalf("%s: the rows differ from row %d of %d/%d:\n%s\n%s", what, i, len(a), len(b), a[i], b[i])
		}
	}
	t.Fatalf("%s: %d rows and %d", what, len(a), len(b))
}

// A captured transaction writes nothing; its unit, applied here and on
// a copy, gives both the same rows: the statements of prepared inserts,
// an INSERT … RETURNING, savepoints rolled back and released, with a
// failed statement left out.
func TestACapturedUnitReplaysExactly(t *testing.T) {
	a, f := openFixture(t, 8)
	b := copyOf(t, a)
	before := dumpRows(t, a)
	sameRows(t, "the copy", dumpRows(t, b), before)

	u := captureUnit(t, a, context.Background(), func(tx *Tx) error {
		r := sampleRound(f)
		if err := tx.CreateRound(&r); err != nil {
			return err
		}
		// A round that fails half-way (its second table 1) is rolled
		// back to its savepoint; the transaction goes on.
		bad := event.Round{EventID: f.event.ID, Number: 2, Stage: event.StageSwiss,
			Tables: []event.Table{{Number: 1, Seats: []event.Seat{{EntryID: f.entries[0].ID}}}, {Number: 1, Seats: []event.Seat{{EntryID: f.entries[1].ID}}}}}
		if err := tx.CreateRound(&bad); !errors.Is(err, event.ErrConflict) {
			return fmt.Errorf("the bad round gave %v", err)
		}
		// A failed statement of the transaction's own.
		twin := event.Player{Name: "Twin", MemberNo: f.players[0].MemberNo}
		if err := tx.CreatePlayer(&twin); err == nil {
			return errors.New("a second player with the same member number was saved")
		}
		d := event.Deck{EntryID: f.entries[0].ID, Name: "Zoë's ✓", List: "3 Card", UpdatedAt: t0}
		if err := tx.SaveDeck(&d); err != nil {
			return err
		}
		d.List = "4 Card"
		if err := tx.SaveDeck(&d); err != nil { // the upsert's update
			return err
		}
		return tx.AppendLog(&event.LogEntry{EventID: f.event.ID, At: t0, Round: 1, Message: i18n.Plain("paired")})
	})
	sameRows(t, "after the capture", dumpRows(t, a), before)
	var kinds []string
	for _, s := range u.Stmts {
		kinds = append(kinds, firstWord(s.SQL))
	}
	for _, want := range []string{"SAVEPOINT", "ROLLBACK", "RELEASE", "INSERT"} {
		if !slices.Contains(kinds, want) {
			t.Errorf("no %s among the statements captured: %v", want, kinds)
		}
	}
	for _, s := range u.Stmts {
		if strings.Contains(s.SQL, "INSERT INTO players") {
			t.Errorf("the failed insert of a player was captured: %+v", s)
		}
	}
	if len(u.Changes) == 0 {
		t.Error("the unit says it changed nothing")
	}

	if !apply(t, a, 1, u) || !apply(t, b, 1, u) {
		t.Fatal("the unit was not applied")
	}
	got := dumpRows(t, a)
	sameRows(t, "the leader and the copy", got, dumpRows(t, b))
	if len(got) <= len(before)+10 {
		t.Errorf("the unit added %d rows", len(got)-len(before))
	}
	read(t, b, func(tx *Tx) error {
		rounds, err := tx.Rounds(f.event.ID)
		if err == nil && (len(rounds) != 1 || rounds[0].Tables[1].Result == nil) {
			err = fmt.Errorf("the copy holds rounds %+v", rounds)
		}
		return err
	})
}

// A unit at an index already applied is skipped; the index and term are
// the last unit's.
func TestAUnitIsAppliedOnceByItsIndex(t *testing.T) {
	db, f := openFixture(t, 2)
	logLine := func(tx *Tx) error {
		return tx.AppendLog(&event.LogEntry{EventID: f.event.ID, At: t0, Message: i18n.Plain("a line")})
	}
	u := captureUnit(t, db, context.Background(), logLine)
	if idx, term, err := db.AppliedIndex(context.Background()); err != nil || idx != 0 || term != 0 {
		t.Fatalf("a new database has applied %d/%d (%v)", idx, term, err)
	}
	if _, err := db.ApplyUnit(context.Background(), 7, 3, u); err != nil {
		t.Fatal(err)
	}
	once := dumpRows(t, db)
	for _, index := range []uint64{7, 6, 1} {
		if applied, err := db.ApplyUnit(context.Background(), index, 3, u); applied || err != nil {
			t.Errorf("index %d again: applied %v, %v", index, applied, err)
		}
	}
	sameRows(t, "after the replays", dumpRows(t, db), once)
	if idx, term, err := db.AppliedIndex(context.Background()); err != nil || idx != 7 || term != 3 {
		t.Errorf("applied %d/%d (%v), want 7/3", idx, term, err)
	}
	read(t, db, func(tx *Tx) error {
		l, err := tx.Log(f.event.ID)
		if err == nil && len(l) != 1 {
			err = fmt.Errorf("%d log lines", len(l))
		}
		return err
	})
	if _, err := db.ApplyUnit(context.Background(), 0, 1, u); err == nil {
		t.Error("index 0 was taken")
	}
}

// A write sent again with the same request id, captured against rows that
// already hold the first, runs none of its statements; the index moves on.
func TestARetriedRequestIsRecordedOnce(t *testing.T) {
	db, f := openFixture(t, 2)
	ctx := storage.WithRequest(context.Background(), "req-Ω-1")
	if storage.RequestOf(ctx) != "req-Ω-1" || storage.RequestOf(context.Background()) != "" {
		t.Fatal("RequestOf does not give WithRequest's id")
	}
	logLine := func(tx *Tx) error {
		return tx.AppendLog(&event.LogEntry{EventID: f.event.ID, At: t0, Message: i18n.Plain("reported")})
	}
	first := captureUnit(t, db, ctx, logLine)
	if first.Request != "req-Ω-1" || first.At == 0 {
		t.Fatalf("the unit's request %q, time %d", first.Request, first.At)
	}
	if !apply(t, db, 1, first) {
		t.Fatal("the first attempt was not applied")
	}
	retry := captureUnit(t, db, ctx, logLine)
	if apply(t, db, 2, retry) {
		t.Error("the retry was applied")
	}
	other := captureUnit(t, db, storage.WithRequest(context.Background(), "req-2"), logLine)
	if !apply(t, db, 3, other) {
		t.Error("another request was not applied")
	}
	if idx, _, _ := db.AppliedIndex(context.Background()); idx != 3 {
		t.Errorf("applied index %d, want 3", idx)
	}
	read(t, db, func(tx *Tx) error {
		l, err := tx.Log(f.event.ID)
		if err == nil && len(l) != 2 {
			err = fmt.Errorf("%d log lines for two requests", len(l))
		}
		return err
	})
	var n, idx int
	must(t, db.reader.QueryRow(`SELECT count(*), max(idx) FROM cluster_requests WHERE id = 'req-Ω-1'`).Scan(&n, &idx))
	if n != 1 || idx != 1 {
		t.Errorf("the request is recorded %d times, at %d", n, idx)
	}
}

// A unit that does not do here what it did where it was captured (another
// count of rows, another rowid, a statement that fails) is refused with
// ErrDiverged, and nothing of it is written, the index included.
func TestADivergentUnitWritesNothing(t *testing.T) {
	a, f := openFixture(t, 6)
	b := copyOf(t, a)
	addPlayer := func(tx *Tx) error {
		if err := tx.AppendLog(&event.LogEntry{EventID: f.event.ID, At: t0, Message: i18n.Plain("first")}); err != nil {
			return err
		}
		p := event.Player{Name: "Newcomer", CreatedAt: t0}
		if err := tx.CreatePlayer(&p); err != nil {
			return err
		}
		_, err := tx.exec(`UPDATE players SET email = ? WHERE name LIKE 'Player%'`, "x@example.org")
		return err
	}
	u := captureUnit(t, a, context.Background(), addPlayer)
	cases := map[string]func() storage.Unit{
		"another count": func() storage.Unit {
			v, _ := storage.DecodeUnit(storage.EncodeUnit(u))
			v.Stmts[len(v.Stmts)-1].Rows++
			return v
		},
		"another rowid": func() storage.Unit {
			v, _ := storage.DecodeUnit(storage.EncodeUnit(u))
			for i, s := range v.Stmts {
				if strings.HasPrefix(s.SQL, "INSERT INTO players") {
					v.Stmts[i].LastID += 100
				}
			}
			return v
		},
		"a failing statement": func() storage.Unit {
			v, _ := storage.DecodeUnit(storage.EncodeUnit(u))
			v.Stmts = append(v.Stmts, storage.Stmt{SQL: `INSERT INTO entries (event_id, player_id) VALUES (?, ?)`,
				Args: []storage.Value{{Kind: storage.ValueInt, I: 999}, {Kind: storage.ValueInt, I: 999}}, Rows: 1})
			return v
		},
	}
	before := dumpRows(t, b)
	for name, bad := range cases {
		_, err := b.ApplyUnit(context.Background(), 1, 1, bad())
		if !errors.Is(err, ErrDiverged) {
			t.Errorf("%s: %v, want ErrDiverged", name, err)
		} else if !strings.Contains(err.Error(), "statement") {
			t.Errorf("%s: the error names no statement: %v", name, err)
		}
		sameRows(t, name, dumpRows(t, b), before)
	}
	// A database that took a write of its own inserts another rowid.
	write(t, b, func(tx *Tx) error { return tx.CreatePlayer(&event.Player{Name: "Local", CreatedAt: t0}) })
	before = dumpRows(t, b)
	if _, err := b.ApplyUnit(context.Background(), 1, 1, u); !errors.Is(err, ErrDiverged) {
		t.Errorf("a database with a write of its own: %v, want ErrDiverged", err)
	}
	sameRows(t, "after the divergence", dumpRows(t, b), before)
	if idx, _, _ := b.AppliedIndex(context.Background()); idx != 0 {
		t.Errorf("the index moved to %d", idx)
	}
	if !apply(t, a, 1, u) {
		t.Error("the leader did not apply its own unit")
	}
}

// An applied unit's changes go to the hook of storage.OnCommit, once;
// a capture, a skipped index and a retried request tell nobody.
func TestAnAppliedUnitIsHeard(t *testing.T) {
	db, f := openFixture(t, 2)
	var heard []storage.Unit
	ctx := storage.OnCommit(storage.WithRequest(context.Background(), "r"), func(u storage.Unit) { heard = append(heard, u) })
	u := captureUnit(t, db, ctx, func(tx *Tx) error {
		en := f.entries[0]
		en.CheckedIn = true
		return tx.UpdateEntry(en)
	})
	if len(heard) != 0 {
		t.Fatalf("the capture told %+v", heard)
	}
	for i := range uint64(3) {
		if _, err := db.ApplyUnit(ctx, 1+i/2, 1, u); err != nil { // 1, 1, 2 (the request again)
			t.Fatal(err)
		}
	}
	if len(heard) != 1 || !slicesEqualChanges(heard[0].Changes, u.Changes) || heard[0].Stmts != nil {
		t.Errorf("heard %+v for the unit %+v", heard, u.Changes)
	}
}

func slicesEqualChanges(a, b []storage.Change) bool {
	return fmt.Sprint(a) == fmt.Sprint(b) && len(a) > 0
}

// A statement that writes through a read helper (query, queryRow) would
// be missing from the capture: the capture fails instead.
func TestAWriteThroughAReadHelperFailsTheCapture(t *testing.T) {
	db, _ := openFixture(t, 1)
	_, err := db.Capture(context.Background(), func(tx storage.Tx) error {
		rows, err := tx.(*Tx).query(`UPDATE players SET email = 'sneaky@example.org' RETURNING id`)
		if err != nil {
			return err
		}
		return rows.Close()
	})
	if err == nil || !strings.Contains(err.Error(), "read helper") {
		t.Errorf("capture of a write through queryRow: %v", err)
	}
	// An argument with no storage class of its own is refused too.
	_, err = db.Capture(context.Background(), func(tx storage.Tx) error {
		_, err := tx.(*Tx).exec(`UPDATE players SET email = ? WHERE id = 0`, t0)
		return err
	})
	if err == nil {
		t.Error("a time.Time argument was captured")
	}
}

// capturedCalls are the functions of the package allowed to run a
// statement on the transaction itself: the helpers that capture.
var capturedCalls = map[string]bool{
	"Tx.exec": true, "Tx.query": true, "Tx.queryRow": true, "Tx.execReturning": true,
	"Tx.record": true, "Tx.prepare": true, "capStmt.exec": true, "capStmt.Close": true,
}

// bypasses returns, for the Go source of the package's files, every
// function that runs a statement around the capture: one that reaches the
// transaction (a field tx) or a prepared statement (capStmt.s) itself.
func bypasses(fset *token.FileSet, files []*ast.File) []string {
	var out []string
	for _, file := range files {
		for _, decl := range file.Decls {
			fn, ok := decl.(*ast.FuncDecl)
			if !ok || fn.Body == nil {
				continue
			}
			name := fn.Name.Name
			if fn.Recv != nil && len(fn.Recv.List) == 1 {
				typ := fn.Recv.List[0].Type
				if star, ok := typ.(*ast.StarExpr); ok {
					typ = star.X
				}
				if id, ok := typ.(*ast.Ident); ok {
					name = id.Name + "." + name
				}
			}
			if capturedCalls[name] {
				continue
			}
			ast.Inspect(fn.Body, func(n ast.Node) bool {
				sel, ok := n.(*ast.SelectorExpr)
				if !ok {
					return true
				}
				inner, ok := sel.X.(*ast.SelectorExpr)
				if ok && (inner.Sel.Name == "tx" || inner.Sel.Name == "s" && isCapStmt(inner)) {
					out = append(out, fmt.Sprintf("%s (%s): %s.%s", name, fset.Position(sel.Pos()), inner.Sel.Name, sel.Sel.Name))
				}
				return true
			})
		}
	}
	return out
}

// isCapStmt tells a capStmt's field s by the names the package gives them.
func isCapStmt(sel *ast.SelectorExpr) bool {
	id, ok := sel.X.(*ast.Ident)
	return ok && id.Name == "s"
}

// No function of the package runs a statement of a Tx around the helpers
// that capture (exec, query, queryRow, execReturning, prepare): a write
// there would be committed on this laptop and missing on every standby.
// The check sees a bypass when there is one.
func TestNoStatementGoesAroundTheCapture(t *testing.T) {
	fset := token.NewFileSet()
	names, err := filepath.Glob("*.go")
	must(t, err)
	var files []*ast.File
	for _, name := range names {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		src, err := os.ReadFile(name)
		must(t, err)
		f, err := parser.ParseFile(fset, name, src, 0)
		must(t, err)
		files = append(files, f)
	}
	if len(files) < 20 {
		t.Fatalf("only %d files of the package read", len(files))
	}
	for _, b := range bypasses(fset, files) {
		t.Errorf("%s runs a statement around the capture: go through t.exec, t.query, t.queryRow, t.execReturning or t.prepare", b)
	}
	bad, err := parser.ParseFile(fset, "bad.go", `package store
func (t *Tx) Sneaky() error { _, err := t.tx.ExecContext(t.ctx, "DELETE FROM players"); return err }
func (t *Tx) Prepared() { s, _ := t.prepare("DELETE FROM players"); s.s.Exec() }
func helper(t *Tx) { t.tx.PrepareContext(t.ctx, "INSERT INTO players") }`, 0)
	must(t, err)
	if got := bypasses(fset, []*ast.File{bad}); len(got) != 3 {
		t.Errorf("the check saw %d bypasses of 3: %v", len(got), got)
	}
}

// Once a database has applied a unit of a cluster's log, a write made
// straight to it (a headless command, a window that opened the file
// alone) is refused with a sentence and writes nothing: it would hold on
// this laptop only. Capturing and applying go on.
func TestAClusterMembersDatabaseRefusesDirectWrites(t *testing.T) {
	db, f := openFixture(t, 2)
	logLine := func(tx *Tx) error {
		return tx.AppendLog(&event.LogEntry{EventID: f.event.ID, At: t0, Message: i18n.Plain("a line")})
	}
	if err := db.Write(context.Background(), func(tx storage.Tx) error { return logLine(tx.(*Tx)) }); err != nil {
		t.Fatalf("a direct write before any unit: %v", err)
	}
	u := captureUnit(t, db, context.Background(), logLine)
	if _, err := db.ApplyUnit(context.Background(), 1, 1, u); err != nil {
		t.Fatal(err)
	}
	before := dumpRows(t, db)
	err := db.Write(context.Background(), func(tx storage.Tx) error { return logLine(tx.(*Tx)) })
	var e *event.Error
	if !errors.Is(err, ErrClusterMember) || !errors.As(err, &e) || !strings.Contains(e.Message, "serve --cluster-addr") {
		t.Fatalf("a direct write after a unit: %v, want ErrClusterMember with a sentence", err)
	}
	sameRows(t, "after the refused write", dumpRows(t, db), before)
	u = captureUnit(t, db, context.Background(), logLine)
	if applied, err := db.ApplyUnit(context.Background(), 2, 1, u); !applied || err != nil {
		t.Errorf("the next unit: applied %v, %v", applied, err)
	}
}
