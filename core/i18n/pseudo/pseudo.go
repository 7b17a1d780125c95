// Package pseudo builds the pseudo-locale en-XA, in which every word
// Tablekeeper translates is English with its letters accented
// ("[Ŕóúñð %d]"), and finds the text a reader would see that did not pass
// through a translation: left in plain letters, it is English glued into a
// sentence somewhere. The tests of the screens, the pages and the reports
// run in en-XA to prove that a language is one file.
//
// The locale is built from the keys of the shipped files (every key the
// code uses, which the key-coverage test of core/i18n holds them to) and
// en.json's plural forms, written to a folder that i18n.FilesEnv names,
// in a process of the test's own (Run), since core/i18n and Fyne's lang
// read their files once.
package pseudo

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"tablekeeper/assets"
	"tablekeeper/core/i18n"
)

// Lang is the pseudo-locale's tag: English, private-use region XA, as
// Android and Windows name their accented pseudo-locale.
const Lang i18n.Lang = "en-XA"

// accents maps each ASCII letter to an accented one that the reports'
// fonts and the toolkit's font draw.
var accents = map[rune]rune{
	'a': 'á', 'b': 'ƀ', 'c': 'ç', 'd': 'ð', 'e': 'é', 'f': 'ƒ', 'g': 'ĝ', 'h': 'ĥ', 'i': 'í',
	'j': 'ĵ', 'k': 'ķ', 'l': 'ļ', 'm': 'ḿ', 'n': 'ñ', 'o': 'ó', 'p': 'þ', 'q': 'ǫ', 'r': 'ŕ',
	's': 'š', 't': 'ţ', 'u': 'ú', 'v': 'ṽ', 'w': 'ŵ', 'x': 'ẋ', 'y': 'ý', 'z': 'ž',
	'A': 'Á', 'B': 'Ɓ', 'C': 'Ç', 'D': 'Ð', 'E': 'É', 'F': 'Ƒ', 'G': 'Ĝ', 'H': 'Ĥ', 'I': 'Í',
	'J': 'Ĵ', 'K': 'Ķ', 'L': 'Ļ', 'M': 'Ḿ', 'N': 'Ñ', 'O': 'Ó', 'P': 'Þ', 'Q': 'Ǫ', 'R': 'Ŕ',
	'S': 'Š', 'T': 'Ţ', 'U': 'Ú', 'V': 'Ṽ', 'W': 'Ŵ', 'X': 'Ẋ', 'Y': 'Ý', 'Z': 'Ž',
}

// verb finds a fmt verb, which Say keeps as it is so the values still go
// in ("%d", "%[2]s", "%02[1]d", "%%").
var verb = regexp.MustCompile(`%(?:\[\d+\])?[-+# 0]*(?:\d+|\*)?(?:\.(?:\d+|\*))?(?:\[\d+\])?[a-zA-Z%]`)

// settings are keys whose value is not words but a setting of the
// language, which the pseudo-locale keeps as English has it.
var settings = map[string]string{"decimal separator": "."}

// Say is s in the pseudo-locale: each letter accented, the fmt verbs kept,
// and brackets around it where it has letters, so a sentence glued from
// pieces shows its seams.
func Say(s string) string {
	var b strings.Builder
	letters := false
	last := 0
	for _, m := range verb.FindAllStringIndex(s, -1) {
		letters = accent(&b, s[last:m[0]]) || letters
		b.WriteString(s[m[0]:m[1]])
		last = m[1]
	}
	letters = accent(&b, s[last:]) || letters
	if !letters {
		return s
	}
	return "[" + b.String() + "]"
}

// accent writes s with its letters accented and reports whether it had any.
func accent(b *strings.Builder, s string) bool {
	had := false
	for _, r := range s {
		if a, ok := accents[r]; ok {
			r, had = a, true
		}
		b.WriteRune(r)
	}
	return had
}

// File returns the pseudo-locale's translation file: every key of the
// shipped files, said from its English (en.json's forms where it has
// them, else the key itself).
func File() ([]byte, error) {
	keys := map[string]bool{}
	var english map[string]json.RawMessage
	files, err := fs.ReadDir(assets.Translations, "translations")
	if err != nil {
		return nil, err
	}
	for _, f := range files {
		data, err := fs.ReadFile(assets.Translations, "translations/"+f.Name())
		if err != nil {
			return nil, err
		}
		var m map[string]json.RawMessage
		if err := json.Unmarshal(data, &m); err != nil {
			return nil, fmt.Errorf("%s: %w", f.Name(), err)
		}
		for k := range m {
			keys[k] = true
		}
		if i18n.FileLang(f.Name()) == i18n.English {
			english = m
		}
	}
	out := make(map[string]any, len(keys))
	for k := range keys {
		if v, ok := settings[k]; ok {
			out[k] = v
			continue
		}
		var forms map[string]string
		var s string
		switch raw := english[k]; {
		case raw != nil && json.Unmarshal(raw, &forms) == nil:
			said := map[string]string{}
			for c, f := range forms {
				said[c] = Say(f)
			}
			out[k] = said
		case raw != nil && json.Unmarshal(raw, &s) == nil:
			out[k] = Say(s)
		default:
			out[k] = Say(k)
		}
	}
	out["language name"] = Say("Pseudo")
	return json.MarshalIndent(out, "", " ")
}

// env marks the process Run starts.
const env = "TABLEKEEPER_TEST_PSEUDO"

// Run runs the calling test again in a process of its own that reads the
// pseudo-locale's file (written to a temporary folder that i18n.FilesEnv
// names), and reports whether this process is that one: a test starts
// with `if !pseudo.Run(t) { return }`. The other process must pass.
func Run(t *testing.T) bool {
	t.Helper()
	if os.Getenv(env) == "1" {
		if !slices.Contains(i18n.Langs(), Lang) {
			t.Fatalf("the pseudo-locale is not loaded (%s=%s): %v", i18n.FilesEnv, os.Getenv(i18n.FilesEnv), i18n.LoadError())
		}
		return true
	}
	data, err := File()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, string(Lang)+".json"), data, 0o600); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(os.Args[0], "-test.run=^"+t.Name()+"$", "-test.count=1", "-test.v") // #nosec G204 G702 -- re-runs this test binary (os.Args[0]) on the test's own name
	cmd.Env = append(os.Environ(), env+"=1", i18n.FilesEnv+"="+dir)
	out, err := cmd.CombinedOutput()
	switch {
	case err != nil || !strings.Contains(string(out), "--- PASS: "+t.Name()):
		t.Errorf("in the pseudo-locale %s: %v\n%s", Lang, err, out)
	case testing.Verbose():
		t.Logf("in the pseudo-locale %s:\n%s", Lang, out)
	}
	return false
}

// plain finds a run of plain ASCII letters.
var plain = regexp.MustCompile(`[A-Za-z]+`)

// Untranslated returns the pieces of text a reader sees that did not pass
// through a translation: each run of plain ASCII letters, with a little of
// its context, once names (a player's, an event's, whole or cut short with
// an ellipsis), codes and addresses, which are said as they are, are taken
// out. An empty result means every
// word of text was translated.
func Untranslated(text string, names ...string) []string {
	// The longest names first, so "Ada Lovelace" goes before "Ada".
	slices.SortFunc(names, func(a, b string) int { return len(b) - len(a) })
	for _, n := range names {
		if n == "" {
			continue
		}
		text = strings.ReplaceAll(text, n, "·")
		// A name cut short to fit its column ("Friday Night Alt…").
		r := []rune(n)
		for i := len(r) - 1; i >= 3; i-- {
			text = strings.ReplaceAll(text, string(r[:i])+"…", "·")
		}
	}
	var out []string
	for _, m := range plain.FindAllStringIndex(text, -1) {
		from, to := m[0], m[1]
		for i := 0; i < 24 && from > 0; i++ {
			_, size := utf8.DecodeLastRuneInString(text[:from])
			from -= size
		}
		for i := 0; i < 24 && to < len(text); i++ {
			_, size := utf8.DecodeRuneInString(text[to:])
			to += size
		}
		out = append(out, fmt.Sprintf("%q in …%s…", text[m[0]:m[1]], strings.ReplaceAll(text[from:to], "\n", " ⏎ ")))
	}
	return out
}
