package ui

import (
	"os"
	"path/filepath"
)

// SeedPreferences writes an empty preferences file where the toolkit keeps
// it (<user config dir>/fyne/<app ID>/preferences.json) when there is none
// yet; call it before the app is made. On a first start the toolkit writes
// that file while its own watcher reads it half-written and prints
// "Preferences load error: EOF"; with the file there, it starts quietly.
// Failing is harmless: the toolkit creates the file as before.
func SeedPreferences(appID string) {
	dir, err := os.UserConfigDir()
	if err != nil {
		return
	}
	path := filepath.Join(dir, "fyne", appID, "preferences.json")
	if info, err := os.Stat(path); err == nil && info.Size() > 0 {
		return
	}
	if os.MkdirAll(filepath.Dir(path), 0o700) != nil {
		return
	}
	_ = os.WriteFile(path, []byte("{}\n"), 0o600)
}
