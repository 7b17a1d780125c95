package store

import (
	"context"
	"errors"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"reflect"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"tablekeeper/core/event"
	"tablekeeper/core/storage"
)

// unrecordedWrites are the write methods of Tx that change rows and tell
// nobody, each with its reason. Every other exported method of Tx that
// writes rows records its change (t.changed); TestEveryWriteRecordsItsChange
// fails on one that does neither.
var unrecordedWrites = map[string]string{
	"AppendLog": "the activity log is no change anyone watches live; its line names the event the " +
		"transaction works on (t.saw), for the changes of rows that name none",
	"SaveOrigin": "what an imported file held that the event does not (a TOM file's sanction number…) " +
		"is read by that format's export only; no screen or phone shows it, and it is saved with the import, which tells",
	"SavePlayerCode": "a player's own code is drawn the first time the codes are asked for (the printed slips): " +
		"no board or phone shows codes, and telling every phone of the event at each draw would only have them re-read",
	"AddSignIn":   "the staff sign-in log is read on demand (the sign-in screen), never shown live",
	"TrimSignIns": "keeps the staff sign-in log short: nothing shown live changes",
	"AddStaffSession": "a staff phone's session is checked at each of its requests; " +
		"no board or phone shows sessions live",
	"TouchStaffSession":  "a staff session's last request and address: bookkeeping no surface shows live",
	"EndStaffSessions":   "an ended staff session is refused at its next request; no board shows sessions",
	"PruneStaffSessions": "removes sessions ended a day ago: nothing shown live changes",
	"SetStaffJudge":      "which judge a staff session speaks for in an event: checked at its requests, not shown",
}

// writeSQL matches the statements that change rows.
var writeSQL = regexp.MustCompile(`\b(INSERT INTO|INSERT OR \w+ INTO|UPDATE \w+ SET|DELETE FROM|REPLACE INTO)\b`)

// storeFunc is what the static check knows of one function or method of
// the package: whether its own body holds a statement that changes rows,
// whether it records a change, and the package's functions it calls.
type storeFunc struct {
	writes, records bool
	calls           []string
}

// Every exported method of Tx that changes rows, by its own statements or
// through the package's helpers, records its change where it writes them
// (a call of t.changed in its body) or is in unrecordedWrites with its
// reason. A new write that tells nobody would leave phones and the desk
// stale, and no other test would notice.
func TestEveryWriteRecordsItsChange(t *testing.T) {
	funcs := parseStore(t)
	// Every exported method of *Tx: storage.Tx's and any beside them.
	txType := reflect.TypeOf((*Tx)(nil))
	writers := 0
	for i := range txType.NumMethod() {
		name := txType.Method(i).Name
		f, ok := funcs["Tx."+name]
		if !ok {
			t.Errorf("Tx.%s is not in the package's source", name)
			continue
		}
		writes := writesRows(funcs, "Tx."+name, map[string]bool{})
		reason, excepted := unrecordedWrites[name]
		switch {
		case writes && !f.records && !excepted:
			t.Errorf("%s changes rows but records no change: call t.changed where it writes them, "+
				"or list it in unrecordedWrites with the reason nobody needs to hear of it", name)
		case excepted && f.records:
			t.Errorf("%s records its change but is in unrecordedWrites: take it out", name)
		case excepted && !writes:
			t.Errorf("%s is in unrecordedWrites but changes no rows: take it out", name)
		case excepted && strings.TrimSpace(reason) == "":
			t.Errorf("%s is in unrecordedWrites without a reason", name)
		}
		if writes {
			writers++
		}
	}
	for name := range unrecordedWrites {
		if _, ok := txType.MethodByName(name); !ok {
			t.Errorf("unrecordedWrites names %s, which is no method of Tx", name)
		}
	}
	// The check sees the writes it is about (a writer reached through
	// helpers and prepared statements included).
	for _, name := range []string{"SetResult", "CreateRound", "SaveDraftSeating", "AddLeagueEvent", "SaveReport"} {
		if !writesRows(funcs, "Tx."+name, map[string]bool{}) {
			t.Errorf("the check does not see %s write", name)
		}
	}
	if writers < 40 {
		t.Errorf("the check found %d methods of Tx that write; it no longer reads the package right", writers)
	}
}

// writesRows reports whether function key, or one it calls, holds a
// statement that changes rows.
func writesRows(funcs map[string]storeFunc, key string, seen map[string]bool) bool {
	if seen[key] {
		return false
	}
	seen[key] = true
	f := funcs[key]
	if f.writes {
		return true
	}
	for _, c := range f.calls {
		if writesRows(funcs, c, seen) {
			return true
		}
	}
	return false
}

// parseStore reads the package's source (tests left out): its functions
// and methods of *Tx, by "name" and "Tx.name".
func parseStore(t *testing.T) map[string]storeFunc {
	t.Helper()
	fset := token.NewFileSet()
	files, err := os.ReadDir(".")
	must(t, err)
	var parsed []*ast.File
	for _, fi := range files {
		n := fi.Name()
		if !strings.HasSuffix(n, ".go") || strings.HasSuffix(n, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, n, nil, parser.SkipObjectResolution)
		must(t, err)
		parsed = append(parsed, f)
	}
	consts := stringConsts(parsed)
	decls := map[string]*ast.FuncDecl{}
	for _, f := range parsed {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
				decls[funcKey(fd)] = fd
			}
		}
	}
	out := make(map[string]storeFunc, len(decls))
	for key, fd := range decls {
		out[key] = inspectFunc(fd, decls, consts)
	}
	return out
}

// funcKey names a function "name" and a method of *Tx "Tx.name" (other
// methods "Type.name").
func funcKey(fd *ast.FuncDecl) string {
	if fd.Recv == nil || len(fd.Recv.List) == 0 {
		return fd.Name.Name
	}
	typ := fd.Recv.List[0].Type
	if s, ok := typ.(*ast.StarExpr); ok {
		typ = s.X
	}
	if id, ok := typ.(*ast.Ident); ok {
		return id.Name + "." + fd.Name.Name
	}
	return "?." + fd.Name.Name
}

// stringConsts are the package-level string constants and variables
// (column lists, statements) by name.
func stringConsts(files []*ast.File) map[string]string {
	out := map[string]string{}
	for _, f := range files {
		for _, d := range f.Decls {
			gd, ok := d.(*ast.GenDecl)
			if !ok || (gd.Tok != token.CONST && gd.Tok != token.VAR) {
				continue
			}
			for _, s := range gd.Specs {
				vs := s.(*ast.ValueSpec)
				for i, v := range vs.Values {
					if i < len(vs.Names) {
						out[vs.Names[i].Name] = literalText(v)
					}
				}
			}
		}
	}
	return out
}

// literalText is the text of the string literals in x.
func literalText(x ast.Node) string {
	var b strings.Builder
	ast.Inspect(x, func(n ast.Node) bool {
		if bl, ok := n.(*ast.BasicLit); ok && bl.Kind == token.STRING {
			if s, err := strconv.Unquote(bl.Value); err == nil {
				b.WriteString(s)
				b.WriteByte(' ')
			}
		}
		return true
	})
	return b.String()
}

// inspectFunc reads one function's body.
func inspectFunc(fd *ast.FuncDecl, decls map[string]*ast.FuncDecl, consts map[string]string) storeFunc {
	var f storeFunc
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.BasicLit:
			if n.Kind == token.STRING && writeSQL.MatchString(literalText(n)) {
				f.writes = true
			}
		case *ast.Ident:
			if s, ok := consts[n.Name]; ok && writeSQL.MatchString(s) {
				f.writes = true
			}
		case *ast.CallExpr:
			switch fn := n.Fun.(type) {
			case *ast.Ident:
				if _, ok := decls[fn.Name]; ok {
					f.calls = append(f.calls, fn.Name)
				}
			case *ast.SelectorExpr:
				name := fn.Sel.Name
				if name == "changed" {
					f.records = true
				}
				if _, ok := decls["Tx."+name]; ok {
					f.calls = append(f.calls, "Tx."+name)
				}
			}
		}
		return true
	})
	return f
}

// A committed write hands its unit to the hook, with what its writes
// recorded, one change per event; a rolled-back one, a failed one and a
// read hand nothing.
func TestTheCommitHandsOverItsUnit(t *testing.T) {
	db, f := openFixture(t, 4)
	var units []storage.Unit
	ctx := storage.OnCommit(context.Background(), func(u storage.Unit) { units = append(units, u) })
	id := f.event.ID
	err := db.Write(ctx, func(tx storage.Tx) error {
		e := f.entries[0]
		e.CheckedIn = true
		if err := tx.UpdateEntry(e); err != nil {
			return err
		}
		ev := f.event
		ev.Name = "Saturday"
		if err := tx.UpdateEvent(ev); err != nil {
			return err
		}
		return tx.SetAppSetting("k", "v")
	})
	must(t, err)
	if len(units) != 1 {
		t.Fatalf("units after one write: %+v", units)
	}
	equal(t, "the unit", units[0], storage.Unit{Changes: []storage.Change{
		{Event: id, What: storage.ChangeRegistration | storage.ChangeEvent},
		{Event: 0, What: storage.ChangeDirectory},
	}})

	units = nil
	refused := errors.New("refused")
	err = db.Write(ctx, func(tx storage.Tx) error {
		if err := tx.SetAppSetting("k", "w"); err != nil {
			return err
		}
		return refused
	})
	if !errors.Is(err, refused) || len(units) != 0 {
		t.Errorf("a rolled-back write: %v, units %+v", err, units)
	}
	must(t, db.Read(ctx, func(tx storage.Tx) error {
		_, err := tx.Event(id)
		return err
	}))
	if len(units) != 0 {
		t.Errorf("a read handed over %+v", units)
	}
}

// The changes of rows that name no event (a result) go to the event the
// transaction read or logged to; a player's report names the players of
// its table.
func TestAChangeFindsItsEvent(t *testing.T) {
	db, f, r := openRound(t, 9)
	var got []storage.Change
	ctx := storage.OnCommit(context.Background(), func(u storage.Unit) { got = u.Changes })
	id := f.event.ID
	must(t, db.Write(ctx, func(tx storage.Tx) error {
		if err := tx.SetResult(r.Tables[0].ID, nil); err != nil {
			return err
		}
		return tx.AppendLog(&event.LogEntry{EventID: id, At: t0, Round: 1})
	}))
	equal(t, "a result's change", got, []storage.Change{{Event: id, What: storage.ChangeResult}})

	rep := event.Report{EventID: id, Entry: f.entries[3].ID, Round: 1, Table: 1, Text: "x", At: t0}
	must(t, db.Write(ctx, func(tx storage.Tx) error { return tx.SaveReport(&rep) }))
	if len(got) != 1 || got[0].Event != id || got[0].What != storage.ChangePlayerReports {
		t.Fatalf("a player's report's change: %+v", got)
	}
	var seated []event.EntryID
	for _, s := range r.Tables[0].Seats {
		seated = append(seated, s.EntryID)
	}
	told := slices.Clone(got[0].Players)
	sort.Slice(told, func(i, j int) bool { return told[i] < told[j] })
	sort.Slice(seated, func(i, j int) bool { return seated[i] < seated[j] })
	equal(t, "the players told", told, seated)
}
