package i18n

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/text/feature/plural"
)

// keyArg tells, per package name and function, which argument of a call
// is a translation key. Calls with a string literal there are the keys the
// code uses; the translation files must hold exactly those.
var keyArg = map[string]map[string]int{
	"i18n":  {"T": 1, "N": 1, "F": 0, "FN": 0, "K": 0, "Errorf": 1, "Phrase": 0},
	"event": {"Invalid": 0, "Invalidf": 0, "Statef": 0, "Conflictf": 0, "NotFoundf": 0},
	"tr":    {"L": 0, "F": 0, "N": 0, "K": 0, "Errorf": 1},
	"lang":  {"L": 0, "N": 0},
}

// pluralFuncs are the functions whose key has a form for each plural
// category of a language.
var pluralFuncs = map[string]bool{"N": true, "FN": true}

// templateKey finds the keys of the web pages' templates ({{t "…"}},
// {{tn "…" n}}) and scripts (t("…"), tn("…", n)).
var templateKey = regexp.MustCompile(`(?:\{\{-?\s*(t|tn)\s+|\b(t|tn)\(\s*)"((?:[^"\\]|\\.)*)"`)

// use is one key the code uses, where, and whether it needs plural forms.
type use struct {
	where  string
	plural bool
}

// usedKeys walks the source tree (tests aside) and returns every key.
func usedKeys(t *testing.T, root string) map[string][]use {
	t.Helper()
	keys := map[string][]use{}
	fset := token.NewFileSet()
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if p != root && (strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata" || d.Name() == "node_modules") {
				return filepath.SkipDir
			}
			return nil
		}
		rel, _ := filepath.Rel(root, p)
		switch {
		case strings.HasSuffix(p, "_test.go"):
		case strings.HasSuffix(p, ".go"):
			return goKeys(fset, p, rel, keys)
		case strings.HasSuffix(p, ".html") || strings.HasSuffix(p, ".js"):
			return templateKeys(p, rel, keys)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return keys
}

func goKeys(fset *token.FileSet, path, rel string, keys map[string][]use) error {
	f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
	if err != nil {
		return err
	}
	own := keyArg[f.Name.Name]
	ast.Inspect(f, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		var fn string
		var funcs map[string]int
		switch x := call.Fun.(type) {
		case *ast.SelectorExpr:
			if id, ok := x.X.(*ast.Ident); ok {
				fn, funcs = x.Sel.Name, keyArg[id.Name]
			}
		case *ast.Ident:
			fn, funcs = x.Name, own
		}
		i, ok := funcs[fn]
		if !ok || i >= len(call.Args) {
			return true
		}
		lit, ok := call.Args[i].(*ast.BasicLit)
		if !ok || lit.Kind != token.STRING {
			return true
		}
		key, err := strconv.Unquote(lit.Value)
		if err != nil || key == "" {
			return true
		}
		pos := fset.Position(lit.Pos())
		keys[key] = append(keys[key], use{where: fmt.Sprintf("%s:%d", rel, pos.Line), plural: pluralFuncs[fn]})
		return true
	})
	return nil
}

func templateKeys(path, rel string, keys map[string][]use) error {
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	for _, m := range templateKey.FindAllStringSubmatchIndex(string(data), -1) {
		var fn string
		if m[2] >= 0 {
			fn = string(data[m[2]:m[3]])
		} else {
			fn = string(data[m[4]:m[5]])
		}
		key, err := strconv.Unquote(`"` + string(data[m[6]:m[7]]) + `"`)
		if err != nil {
			continue
		}
		line := strings.Count(string(data[:m[0]]), "\n") + 1
		keys[key] = append(keys[key], use{where: fmt.Sprintf("%s:%d", rel, line), plural: fn == "tn"})
	}
	return nil
}

// verbs returns the fmt verbs of a format, sorted, indexes left out, so a
// translation that reorders its values still matches its key.
var verbRE = regexp.MustCompile(`%(?:\[\d+\])?[-+# 0]*(?:\d+|\*)?(?:\.(?:\d+|\*))?(?:\[\d+\])?[a-zA-Z%]`)

func verbs(s string) []string {
	var out []string
	for _, v := range verbRE.FindAllString(s, -1) {
		if v == "%%" {
			continue
		}
		out = append(out, v[len(v)-1:])
	}
	sort.Strings(out)
	return out
}

// lackedForms names the plural categories of l that e has no form for.
func lackedForms(l Lang, e entry) []string {
	var out []string
	for _, name := range PluralCategories(l) {
		if form, _ := formNamed(name); form != plural.Other && e.Forms[form] == "" {
			out = append(out, strconv.Quote(name))
		}
	}
	return out
}

// keepsValues reports whether every form of e formats the values of key.
func keepsValues(key string, e entry) bool {
	if !slices.Equal(verbs(key), verbs(e.Other)) {
		return false
	}
	for _, words := range e.Forms {
		if !slices.Equal(verbs(key), verbs(words)) {
			return false
		}
	}
	return true
}

// The key-coverage test: every key the code uses has a translation in every
// shipped language (English keys are their own English, so en.json only
// needs the keys with plural forms or settings such as the decimal
// separator), every plural key has a form for each plural category of
// each file's language, every translation keeps its key's values, and no
// file holds a key nothing uses.
func TestEveryKeyIsTranslatedAndEveryTranslationUsed(t *testing.T) {
	keys := usedKeys(t, filepath.Join("..", ".."))
	c := cat()
	if err := LoadError(); err != nil {
		t.Fatal(err)
	}
	for _, l := range c.langs {
		var missing []string
		for key, uses := range keys {
			e, ok := c.msgs[l][key]
			plural := slices.ContainsFunc(uses, func(u use) bool { return u.plural })
			switch {
			case !ok && (l != English || plural):
				missing = append(missing, fmt.Sprintf("%q (%s)", key, uses[0].where))
			case ok && plural && len(lackedForms(l, e)) > 0:
				missing = append(missing, fmt.Sprintf("%q has no %s form (%s)", key, strings.Join(lackedForms(l, e), ", "), uses[0].where))
			}
			if ok && !keepsValues(key, e) {
				t.Errorf("%s.json: %q changes the values of %q (%s)", l, e.Other, key, uses[0].where)
			}
		}
		sort.Strings(missing)
		if len(missing) > 0 {
			t.Errorf("the %s translations (assets/translations/*%s.json) lack %d keys:\n%s", l, l, len(missing), strings.Join(missing, "\n"))
		}
		var unused []string
		for key := range c.msgs[l] {
			if _, ok := keys[key]; !ok {
				unused = append(unused, fmt.Sprintf("%q", key))
			}
		}
		sort.Strings(unused)
		if len(unused) > 0 {
			t.Errorf("the %s translations (assets/translations/*%s.json) hold %d keys nothing uses:\n%s", l, l, len(unused), strings.Join(unused, "\n"))
		}
	}
}
