package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"tablekeeper/core/i18n"
)

// A translation file tried with TABLEKEEPER_TRANSLATIONS that does not
// read is named on standard error at start; a good one adds its language.
func TestATranslationFileBeingTriedIsLoadedOrNamed(t *testing.T) {
	if os.Getenv("TK_TRANSLATIONS_CHILD") != "" {
		os.Exit(run([]string{"version"}, os.Stdout, os.Stderr))
	}
	child := func(file, data string) string {
		t.Helper()
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, file), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command(os.Args[0], "-test.run=^TestATranslationFileBeingTriedIsLoadedOrNamed$")
		cmd.Env = append(os.Environ(), "TK_TRANSLATIONS_CHILD=1", i18n.FilesEnv+"="+dir)
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("%v\n%s", err, out)
		}
		return string(out)
	}
	if out := child("de.json", `{"Round %d": 3}`); !strings.Contains(out, `tablekeeper: TABLEKEEPER_TRANSLATIONS=`) ||
		!strings.Contains(out, `translations/de.json: the value of "Round %d" is neither a string nor an object with "other"; that language is left out`) {
		t.Errorf("a broken file is not named:\n%s", out)
	}
	if out := child("de.json", `{"Round %d": "Runde %d"}`); strings.Contains(out, "tablekeeper:") {
		t.Errorf("a good file is complained of:\n%s", out)
	}
}
