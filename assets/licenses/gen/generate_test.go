package main

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// assets/licenses must be what the generator writes today: a module added,
// removed or upgraded without `go generate ./assets` fails here, so the
// About window never shows stale licences.
func TestLicensesAreUpToDate(t *testing.T) {
	want, err := Generate()
	if err != nil {
		t.Fatal(err)
	}
	dir := ".."
	paths, err := filepath.Glob(filepath.Join(dir, "*.txt"))
	if err != nil {
		t.Fatal(err)
	}
	var have []string
	for _, p := range paths {
		name := filepath.Base(p)
		have = append(have, name)
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		text, ok := want[name]
		switch {
		case !ok:
			t.Errorf("assets/licenses/%s belongs to no linked module any more; run go generate ./assets", name)
		case string(data) != text:
			t.Errorf("assets/licenses/%s differs from the module cache; run go generate ./assets", name)
		}
	}
	for name := range want {
		if !slices.Contains(have, name) {
			t.Errorf("assets/licenses/%s is missing; run go generate ./assets", name)
		}
	}
}

// The modules the issue names carry the licences they are known by.
func TestKnownModulesHaveTheirLicences(t *testing.T) {
	files, err := Generate()
	if err != nil {
		t.Fatal(err)
	}
	kinds := map[string]string{}
	for line := range strings.Lines(files[IndexFile]) {
		f := strings.Split(strings.TrimSuffix(line, "\n"), "\t")
		if len(f) != 4 {
			t.Fatalf("index line %q has %d fields, want 4", line, len(f))
		}
		kinds[f[0]] = f[2]
	}
	for path, kind := range map[string]string{
		"std":                         "BSD-3-Clause",
		"fyne.io/fyne/v2":             "BSD-3-Clause",
		"github.com/mattn/go-sqlite3": "MIT, SQLite: public domain",
		"github.com/jung-kurt/gofpdf": "MIT",
		"github.com/gofrs/flock":      "BSD-3-Clause",
		"golang.org/x/text":           "BSD-3-Clause",
	} {
		if got := kinds[path]; !strings.HasPrefix(got, kind) {
			t.Errorf("%s: licence %q, want it to start with %q", path, got, kind)
		}
	}
}

func TestKindNamesEachSectionInOrder(t *testing.T) {
	text := "=== a: LICENSE ===\n\nNeither the name of the copyright holder\n\n=== a: font/OFL.txt ===\n\nSIL OPEN FONT LICENSE Version 1.1\n"
	if got := Kind(text); got != "BSD-3-Clause, OFL-1.1" {
		t.Errorf("Kind = %q, want BSD-3-Clause, OFL-1.1", got)
	}
	if got := Kind("All rights reserved."); got != "see text" {
		t.Errorf("Kind of an unknown text = %q, want see text", got)
	}
}
