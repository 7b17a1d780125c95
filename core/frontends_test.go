package core_test

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"tablekeeper/core/rules"
)

// frontEnds are the folders that render what core says: the desktop
// screens, the store network's pages, the command line and the reports.
var frontEnds = []string{"../ui", "../app", "../console", "../internal/cli", "../reports"}

// A game's behaviour lives in core/rules, and a structure's shape too:
// no front-end names a game (a game key written out, "keyforge", or a
// constant of core that holds one, deck.FormatShadowfist) or compares a
// structure constant (s.Structure == event.StructureSwiss, a case
// event.StructureKeyForge). Front-ends ask core/rules instead
// (rules.JudgeRole, rules.StructureOptionsFor, rules.OpenChallenges …), so
// that a new game or structure is added in core alone.
func TestFrontEndsNameNoGameAndCompareNoStructure(t *testing.T) {
	keys := map[string]bool{}
	for _, g := range rules.Catalogue() {
		keys[strings.ToLower(g.Key)] = true
	}
	gameConsts := coreGameConstants(t, keys)
	if len(gameConsts) == 0 {
		t.Fatal("found no constant of core holding a game key: the scan of core is broken")
	}
	files := 0
	for _, dir := range frontEnds {
		err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() {
				if d.Name() == "testdata" {
					return filepath.SkipDir
				}
				return nil
			}
			// The test-support packages (uitest for the window, webtest for
			// the store network) build the tests' events, so they name games.
			if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") ||
				strings.Contains(path, "/uitest/") || strings.Contains(path, "/webtest/") {
				return nil
			}
			files++
			for _, p := range lintFrontEnd(t, path, keys, gameConsts) {
				t.Error(p)
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if files < 50 {
		t.Errorf("checked only %d front-end files", files)
	}
}

// coreGameConstants returns the constants of core's packages whose value
// is a game key, as "package.Name".
func coreGameConstants(t *testing.T, keys map[string]bool) map[string]bool {
	t.Helper()
	out := map[string]bool{}
	fset := token.NewFileSet()
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return err
		}
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		for _, decl := range f.Decls {
			gd, ok := decl.(*ast.GenDecl)
			if !ok || gd.Tok != token.CONST {
				continue
			}
			for _, spec := range gd.Specs {
				vs := spec.(*ast.ValueSpec)
				for i, v := range vs.Values {
					if s, ok := stringLit(v); ok && keys[strings.ToLower(s)] && i < len(vs.Names) {
						out[f.Name.Name+"."+vs.Names[i].Name] = true
					}
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// lintFrontEnd returns what file names of a game or compares of a
// structure, one sentence each.
func lintFrontEnd(t *testing.T, path string, keys, gameConsts map[string]bool) []string {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	say := func(n ast.Node, format string, args ...any) {
		out = append(out, fset.Position(n.Pos()).String()+": "+fmt.Sprintf(format, args...))
	}
	ast.Inspect(f, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.BasicLit:
			if s, ok := stringLit(x); ok && keys[strings.ToLower(s)] {
				say(x, "names the game %q: ask core/rules what the game does instead", s)
			}
		case *ast.SelectorExpr:
			if id, ok := x.X.(*ast.Ident); ok && gameConsts[id.Name+"."+x.Sel.Name] {
				say(x, "names a game with %s.%s: ask core/rules what the game does instead", id.Name, x.Sel.Name)
			}
		case *ast.BinaryExpr:
			if x.Op == token.EQL || x.Op == token.NEQ {
				for _, side := range []ast.Expr{x.X, x.Y} {
					if name, ok := structureConst(side); ok {
						say(x, "compares a structure with %s: ask core/rules what the structure offers instead", name)
					}
				}
			}
		case *ast.CaseClause:
			for _, e := range x.List {
				if name, ok := structureConst(e); ok {
					say(e, "switches on a structure (case %s): ask core/rules what the structure offers instead", name)
				}
			}
		}
		return true
	})
	return out
}

// structureConst reports whether e is one of event's structure constants
// (event.StructureSwiss …).
func structureConst(e ast.Expr) (string, bool) {
	sel, ok := e.(*ast.SelectorExpr)
	if !ok {
		return "", false
	}
	id, ok := sel.X.(*ast.Ident)
	if !ok || id.Name != "event" || !strings.HasPrefix(sel.Sel.Name, "Structure") || sel.Sel.Name == "Structure" {
		return "", false
	}
	return "event." + sel.Sel.Name, true
}

// stringLit returns the value of a string literal.
func stringLit(e ast.Expr) (string, bool) {
	lit, ok := e.(*ast.BasicLit)
	if !ok || lit.Kind != token.STRING {
		return "", false
	}
	s, err := strconv.Unquote(lit.Value)
	return s, err == nil
}
