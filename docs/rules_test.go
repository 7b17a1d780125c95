package docs

import (
	"flag"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"tablekeeper/core/rules"
)

// update rewrites the "Tests:" line of every rule in RULES.md from the
// tests that name the rule: go test ./docs -run TestRulesDoc -update
var update = flag.Bool("update", false, "rewrite the Tests lines of docs/RULES.md from the code")

// idPattern finds the rule IDs a comment names: "Rule K4", "Rules A5, H7,
// S14", "Rules S11, K11 and G1", "Rule S10/X2", "Rule K8 with K7",
// "RULES.md A1, A2" and ranges such as "K2–K5". A bare "S6" elsewhere in a
// sentence is not a citation, so the list must follow "Rule", "Rules" or
// "RULES.md".
var idPattern = regexp.MustCompile(`\b(?:Rules?|RULES\.md)\s+((?:[GKAHSX]\d{1,2}\b)(?:(?:\s*,\s*(?:and\s+)?|\s+and\s+|\s*/\s*|\s*&\s*|\s*–\s*|\s+with\s+)[GKAHSX]\d{1,2}\b)*)`)

var oneID = regexp.MustCompile(`[GKAHSX]\d{1,2}\b`)

// nameID finds a rule ID written into a test's name, where the ID is a
// word of its own: TestK6MatchNote…, TestKeyForgeFormatsRunK6,
// TestHeresyPreviewFollowsRuleH5….
var nameID = regexp.MustCompile(`(?:^Test|[a-z])([GKAHSX]\d{1,2})(?:[A-Z]|$)`)

// citedIDs returns the rule IDs a comment's text cites, ranges expanded.
func citedIDs(text string) []string {
	var ids []string
	for _, m := range idPattern.FindAllStringSubmatch(text, -1) {
		list := m[1]
		locs := oneID.FindAllStringIndex(list, -1)
		for i, loc := range locs {
			id := list[loc[0]:loc[1]]
			ids = append(ids, id)
			if i == 0 || !strings.Contains(list[locs[i-1][1]:loc[0]], "–") {
				continue
			}
			// A range "K2–K5": the IDs between the two ends.
			prev := list[locs[i-1][0]:locs[i-1][1]]
			from, _ := strconv.Atoi(prev[1:])
			to, _ := strconv.Atoi(id[1:])
			if prev[0] == id[0] {
				for n := from + 1; n < to; n++ {
					ids = append(ids, fmt.Sprintf("%c%d", id[0], n))
				}
			}
		}
	}
	return ids
}

// mention is a rule ID cited in a Go comment, with where it was cited.
type mention struct {
	id, where string
}

// codeIndex is what the repository's Go files declare and cite.
type codeIndex struct {
	// funcs holds every function, method and type outside test files, as
	// "dir.Name" or "dir.Type.Method" ("core/deck.Validate").
	funcs map[string]bool
	// tests holds every Test function of the test files ("core/deck.TestX").
	tests map[string]bool
	// held maps a rule ID to the tests whose doc comment or body cites it.
	held map[string]map[string]bool
	// mentions lists every citation in any Go comment.
	mentions []mention
}

// scanRepository parses every Go file under root (testdata, hidden folders
// and docs/, whose comments show the citation forms, aside).
func scanRepository(t *testing.T, root string) codeIndex {
	t.Helper()
	idx := codeIndex{funcs: map[string]bool{}, tests: map[string]bool{}, held: map[string]map[string]bool{}}
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() {
			// This folder's own comments show the citation forms as examples.
			if path != root && (strings.HasPrefix(name, ".") || name == "testdata" || path == filepath.Join(root, "docs")) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(name, ".go") {
			return nil
		}
		rel, _ := filepath.Rel(root, filepath.Dir(path))
		idx.addFile(t, path, filepath.ToSlash(rel), strings.HasSuffix(name, "_test.go"))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return idx
}

// addFile records one file's declarations and citations.
func (idx *codeIndex) addFile(t *testing.T, path, dir string, isTest bool) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, path, nil, parser.ParseComments|parser.SkipObjectResolution)
	if err != nil {
		t.Fatalf("parse %s: %v", path, err)
	}
	var funcs []*ast.FuncDecl
	for _, decl := range f.Decls {
		switch decl := decl.(type) {
		case *ast.FuncDecl:
			funcs = append(funcs, decl)
			if isTest {
				if decl.Recv == nil && strings.HasPrefix(decl.Name.Name, "Test") {
					test := dir + "." + decl.Name.Name
					idx.tests[test] = true
					for _, m := range nameID.FindAllStringSubmatch(decl.Name.Name, -1) {
						idx.hold(m[1], test, fmt.Sprintf("%s/%s: %s", dir, filepath.Base(path), decl.Name.Name))
					}
				}
				continue
			}
			idx.funcs[dir+"."+receiver(decl)+decl.Name.Name] = true
		case *ast.GenDecl:
			for _, spec := range decl.Specs {
				if ts, ok := spec.(*ast.TypeSpec); ok && !isTest {
					idx.funcs[dir+"."+ts.Name.Name] = true
				}
			}
		}
	}
	for _, cg := range f.Comments {
		ids := citedIDs(cg.Text())
		if len(ids) == 0 {
			continue
		}
		pos := fset.Position(cg.Pos())
		where := fmt.Sprintf("%s/%s:%d", dir, filepath.Base(path), pos.Line)
		test := ""
		for _, fd := range funcs {
			start := fd.Pos()
			if fd.Doc != nil {
				start = fd.Doc.Pos()
			}
			if isTest && fd.Recv == nil && strings.HasPrefix(fd.Name.Name, "Test") && start <= cg.Pos() && cg.End() <= fd.End() {
				test = dir + "." + fd.Name.Name
			}
		}
		for _, id := range ids {
			idx.hold(id, test, where)
		}
	}
}

// hold records that the code at where cites rule id, inside test ("":
// outside any test).
func (idx *codeIndex) hold(id, test, where string) {
	idx.mentions = append(idx.mentions, mention{id, where})
	if test == "" {
		return
	}
	if idx.held[id] == nil {
		idx.held[id] = map[string]bool{}
	}
	idx.held[id][test] = true
}

// receiver returns "Type." for a method, "" for a function.
func receiver(fd *ast.FuncDecl) string {
	if fd.Recv == nil || len(fd.Recv.List) == 0 {
		return ""
	}
	typ := fd.Recv.List[0].Type
	if star, ok := typ.(*ast.StarExpr); ok {
		typ = star.X
	}
	if ix, ok := typ.(*ast.IndexExpr); ok {
		typ = ix.X
	}
	if id, ok := typ.(*ast.Ident); ok {
		return id.Name + "."
	}
	return ""
}

// ruleEntry is one rule of RULES.md.
type ruleEntry struct {
	id string
	// line is the heading's line number, for messages.
	line int
	// by and tests are the names in the "Carried out by:" and "Tests:"
	// lines; testsLine is the index of the "Tests:" line (-1: none).
	by, tests []string
	testsLine int
	// notCarriedOut is the text of a "Not carried out:" line, the only
	// thing that excuses a rule from having a test.
	notCarriedOut string
}

var (
	headingPattern = regexp.MustCompile(`^### ([GKAHSX]\d{1,2}) `)
	namePattern    = regexp.MustCompile("`([^`]+)`")
)

// parseRules reads the rules of RULES.md in the order they appear.
func parseRules(t *testing.T, lines []string) []*ruleEntry {
	t.Helper()
	var out []*ruleEntry
	var cur *ruleEntry
	for i, line := range lines {
		if m := headingPattern.FindStringSubmatch(line); m != nil {
			cur = &ruleEntry{id: m[1], line: i + 1, testsLine: -1}
			out = append(out, cur)
			continue
		}
		if strings.HasPrefix(line, "#") {
			cur = nil
		}
		if cur == nil {
			continue
		}
		switch {
		case strings.HasPrefix(line, "- Carried out by:"):
			cur.by = names(line)
		case strings.HasPrefix(line, "- Tests:"):
			cur.tests, cur.testsLine = names(line), i
		case strings.HasPrefix(line, "- Not carried out:"):
			cur.notCarriedOut = strings.TrimSpace(strings.TrimPrefix(line, "- Not carried out:"))
		}
	}
	return out
}

// names returns the back-quoted names of a line.
func names(line string) []string {
	var out []string
	for _, m := range namePattern.FindAllStringSubmatch(line, -1) {
		out = append(out, m[1])
	}
	return out
}

// TestRulesDoc holds docs/RULES.md to the code: every rule has a test that
// names it (or says honestly that it is not carried out), every function and
// test the document names exists, every test it lists names the rule, and
// every rule ID cited in a Go comment or a format of the catalogue is one of
// the document's. With -update it rewrites the "Tests:" lines from the code.
func TestRulesDoc(t *testing.T) {
	const path = "RULES.md"
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(data), "\n")
	entries := parseRules(t, lines)
	if len(entries) == 0 {
		t.Fatalf("%s: no rule headings (### K4 …)", path)
	}
	idx := scanRepository(t, "..")
	known := map[string]bool{}
	for _, e := range entries {
		if known[e.id] {
			t.Errorf("%s:%d: rule %s is listed twice", path, e.line, e.id)
		}
		known[e.id] = true
		checkEntry(t, path, e, idx)
		if *update && e.testsLine >= 0 {
			lines[e.testsLine] = "- Tests: " + quoted(sortedKeys(idx.held[e.id]))
		}
	}
	for _, m := range idx.mentions {
		if !known[m.id] {
			t.Errorf("%s cites rule %s, which %s does not list: add it there or fix the ID", m.where, m.id, path)
		}
	}
	for _, g := range rules.Catalogue() {
		for _, f := range g.Formats {
			for _, id := range f.Rules {
				if !known[id] {
					t.Errorf("core/rules: format %s/%s carries out rule %s, which %s does not list", g.Key, f.Key, id, path)
				}
			}
		}
	}
	if *update {
		if err := os.WriteFile(path, []byte(strings.Join(lines, "\n")), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// checkEntry checks one rule of RULES.md against the code.
func checkEntry(t *testing.T, path string, e *ruleEntry, idx codeIndex) {
	t.Helper()
	held := idx.held[e.id]
	if e.testsLine < 0 {
		t.Errorf("%s:%d: rule %s has no \"- Tests:\" line", path, e.line, e.id)
	}
	if len(held) == 0 && e.notCarriedOut == "" {
		t.Errorf("%s:%d: no test names rule %s: write one whose comment says \"Rule %s: …\", or say under \"- Not carried out:\" why the software does not do it", path, e.line, e.id, e.id)
	}
	if e.notCarriedOut != "" && len(held) > 0 {
		// A branch that closes the gap merges before RULES.md is edited.
		t.Logf("rule %s is marked not carried out, but tests name it: update %s", e.id, path)
	}
	if e.notCarriedOut == "" && len(e.by) == 0 {
		t.Errorf("%s:%d: rule %s names no function under \"- Carried out by:\"", path, e.line, e.id)
	}
	for _, name := range e.by {
		if !idx.funcs[name] {
			t.Errorf("%s:%d: rule %s is carried out by %s, which the code does not declare (dir.Func, dir.Type or dir.Type.Method)", path, e.line, e.id, name)
		}
	}
	for _, name := range e.tests {
		switch {
		case !idx.tests[name]:
			t.Errorf("%s:%d: rule %s lists test %s, which does not exist", path, e.line, e.id, name)
		case !held[name]:
			t.Errorf("%s:%d: rule %s lists test %s, whose comments do not name the rule", path, e.line, e.id, name)
		}
	}
	listed := map[string]bool{}
	for _, name := range e.tests {
		listed[name] = true
	}
	for _, name := range sortedKeys(held) {
		if !listed[name] {
			// Not an error, so that a branch adding a test for a rule merges
			// without touching RULES.md; -update lists it.
			t.Logf("rule %s: %s names it but %s does not list it (go test ./docs -run TestRulesDoc -update)", e.id, name, path)
		}
	}
}

func sortedKeys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

func quoted(names []string) string {
	if len(names) == 0 {
		return "none"
	}
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = "`" + n + "`"
	}
	return strings.Join(q, ", ")
}

// TestCitedIDs checks the citation pattern on the forms the tests use.
func TestCitedIDs(t *testing.T) {
	cases := map[string]string{
		"Rule K4: the Alliance Restricted List":   "K4",
		"Rules A5, H7, S14: packs pass left":      "A5 H7 S14",
		"Rules S11, K11 and G1: a roster":         "S11 K11 G1",
		"Rule S10/X2: over random results":        "S10 X2",
		"Rule K8 with K7: the game in progress":   "K8 K7",
		"decks against (RULES.md A1, A2, K2–K5).": "A1 A2 K2 K5 K3 K4",
		"Rule 5.3 of the document; S6 alone":      "",
		"Rules H2–H5: tables of 3 and 4":          "H2 H5 H3 H4",
		"Rule S10 e, Double Elimination + Final":  "S10",
	}
	names := map[string]string{
		"TestK6MatchNoteSaysWhoChooses":           "K6",
		"TestKeyForgeFormatsRunK6":                "K6",
		"TestHeresyPreviewFollowsRuleH5BeforeAll": "H5",
		"TestSweep3to0":                           "",
		"TestPDFA4Page":                           "",
	}
	for name, want := range names {
		got := ""
		for _, m := range nameID.FindAllStringSubmatch(name, -1) {
			got += m[1]
		}
		if got != want {
			t.Errorf("rule in test name %s = %q, want %q", name, got, want)
		}
	}
	for text, want := range cases {
		if got := strings.Join(citedIDs(text), " "); got != want {
			t.Errorf("citedIDs(%q) = %q, want %q", text, got, want)
		}
	}
}

// outside matches a path that leaves the repository: the design folder and
// the bench harness once lived beside it, where a reader of the repository
// alone cannot follow them.
var outside = regexp.MustCompile(`\.\./shared|shared/(design|bench|rules)/|/work/`)

// TestNoReferenceOutsideTheRepository fails when a Markdown file or a Go file
// points at a file outside the repository, or a Markdown link names a file
// the repository does not have: the documents a newcomer needs are
// docs/ARCHITECTURE.md, docs/RULES.md and .ci/bench, all in the repository.
func TestNoReferenceOutsideTheRepository(t *testing.T) {
	root := ".."
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if name := d.Name(); path != root && (name == ".git" || name == "node_modules" || name == "testdata") {
				return filepath.SkipDir
			}
			return nil
		}
		// This file names the pattern it looks for.
		if !strings.HasSuffix(path, ".go") && !strings.HasSuffix(path, ".md") || path == filepath.Join(root, "docs", "rules_test.go") {
			return nil
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for i, line := range strings.Split(string(data), "\n") {
			if outside.MatchString(line) {
				t.Errorf("%s:%d points outside the repository: %s\nname the document in docs/ (ARCHITECTURE.md, RULES.md) or .ci/bench instead", path, i+1, strings.TrimSpace(line))
			}
			if strings.HasSuffix(path, ".md") {
				checkLinks(t, root, path, i+1, line)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// mdLink is the target of a Markdown link or image: [text](target).
var mdLink = regexp.MustCompile(`\]\(([^)\s]+)\)`)

// checkLinks fails on a relative link of a Markdown line that names no file
// of the repository.
func checkLinks(t *testing.T, root, path string, line int, text string) {
	t.Helper()
	for _, m := range mdLink.FindAllStringSubmatch(text, -1) {
		target, _, _ := strings.Cut(m[1], "#")
		if target == "" || strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
			continue
		}
		file := filepath.Join(filepath.Dir(path), filepath.FromSlash(target))
		rel, err := filepath.Rel(root, file)
		if _, statErr := os.Stat(file); statErr != nil || err != nil || strings.HasPrefix(rel, "..") {
			t.Errorf("%s:%d links to %s, which is not a file of the repository", path, line, m[1])
		}
	}
}
