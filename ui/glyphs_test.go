package ui

import (
	"encoding/json"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
	"golang.org/x/image/font/sfnt"
)

// The desktop draws its text with the fonts Fyne bundles (Noto Sans); a
// rune they lack is drawn from a system font, which on Windows came out
// garbled ("−1 min", ≤, →, ✓, ⌘: issue 21). This checks every rune of
// every string the desktop can show, in English and in French, is in the
// bundled fonts: the string literals of the desktop's Go code (ui/ but
// the phones' pages of ui/web, app/ and its commands, core/ and reports/printing, whose
// messages and summaries the desktop shows) and their translations. The literals a parser compares
// input with (case clauses) are what people type, not what is shown.
func TestDesktopTextIsInTheBundledFont(t *testing.T) {
	var fonts []*sfnt.Font
	for _, style := range []fyne.TextStyle{{}, {Bold: true}, {Italic: true}, {Bold: true, Italic: true}} {
		f, err := sfnt.Parse(theme.DefaultTheme().Font(style).Content())
		if err != nil {
			t.Fatal(err)
		}
		fonts = append(fonts, f)
	}
	translations := map[string][]string{}
	for _, lang := range []string{"en", "fr"} {
		readTranslations(t, "../assets/translations/"+lang+".json", translations)
	}
	var buf sfnt.Buffer
	missing := map[rune][]string{}
	check := func(where, s string) {
		for _, text := range append([]string{s}, translations[s]...) {
			for _, r := range text {
				if r < ' ' || strings.ContainsRune(missingOK, r) {
					continue
				}
				for _, f := range fonts {
					if g, err := f.GlyphIndex(&buf, r); err != nil || g == 0 {
						missing[r] = append(missing[r], fmt.Sprintf("%s: %q", where, text))
						break
					}
				}
			}
		}
	}
	// The commands app/ wires run in console/, internal/cli and
	// web/serve (beside the network, but said on the desktop's terminal).
	for _, dir := range []string{".", "../app", "../console", "../internal/cli", "web/serve", "../core", "../reports/printing"} {
		desktopLiterals(t, dir, check)
	}
	for r, where := range missing {
		t.Errorf("%q (U+%04X) is not in the desktop's bundled fonts, used in %d strings, first %s: use a glyph the font has", r, r, len(where), where[0])
	}
}

// skipDirs are the folders whose strings the desktop never draws with its
// own font: the phones' pages, the demo's player names (people's names
// are data, in any script; a system font draws what Noto Sans lacks), and
// the pseudo-locale of the tests.
var skipDirs = map[string]bool{"web": true, "../core/sim": true, "../core/i18n/pseudo": true}

// missingOK are the runes a string may hold that the font need not draw:
// the byte-order mark and the zero-width joiners never show.
const missingOK = "\ufeff\u200b\u200c\u200d"

// readTranslations adds the translations of a translation file to
// translations, by key: a string, or the plural forms.
func readTranslations(t *testing.T, path string, translations map[string][]string) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	for key, raw := range m {
		var s string
		if json.Unmarshal(raw, &s) == nil {
			translations[key] = append(translations[key], s)
			continue
		}
		var forms map[string]string
		if err := json.Unmarshal(raw, &forms); err != nil {
			t.Fatalf("%s: %q: %v", path, key, err)
		}
		for _, f := range forms {
			translations[key] = append(translations[key], f)
		}
	}
}

// desktopLiterals calls check on every string literal of the non-test Go
// files under dir, but those of skipDirs and of case clauses.
func desktopLiterals(t *testing.T, dir string, check func(where, s string)) {
	t.Helper()
	fset := token.NewFileSet()
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (skipDirs[filepath.ToSlash(path)] || d.Name() == "testdata") {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		var typed []ast.Expr // the case clauses' expressions
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.CaseClause:
				typed = append(typed, n.List...)
			case *ast.BasicLit:
				if n.Kind != token.STRING || slices.Contains(typed, ast.Expr(n)) {
					return true
				}
				if s, err := strconv.Unquote(n.Value); err == nil {
					check(fset.Position(n.Pos()).String(), s)
				}
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
