package ui

import (
	"os"
	"path/filepath"
	"testing"
)

// A first start writes an empty preferences file before the toolkit looks,
// so it does not print "Preferences load error: EOF"; an existing file is
// left as it is.
func TestAFirstStartSeedsThePreferencesFile(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	t.Setenv("HOME", t.TempDir())
	dir, err := os.UserConfigDir()
	if err != nil {
		t.Fatal(err)
	}
	const appID = "org.tablekeeper.test"
	path := filepath.Join(dir, "fyne", appID, "preferences.json")
	SeedPreferences(appID)
	if b, err := os.ReadFile(path); err != nil || string(b) != "{}\n" {
		t.Fatalf("preferences after a first start: %q, %v", b, err)
	}
	if err := os.WriteFile(path, []byte(`{"paper":"Letter"}`), 0o600); err != nil {
		t.Fatal(err)
	}
	SeedPreferences(appID)
	if b, _ := os.ReadFile(path); string(b) != `{"paper":"Letter"}` {
		t.Errorf("an existing preferences file was replaced: %q", b)
	}
}
