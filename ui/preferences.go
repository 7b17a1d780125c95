package ui

import (
	"os"
	"path/filepath"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/core/i18n"
	"tablekeeper/ui/internal/prefs"
	"tablekeeper/ui/internal/tr"
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

// newLanguageChoice is the preferences' choice of the screens' language:
// the system's, or one of the shipped translations, each named in its own
// language. Fyne loads its words once, so the choice applies at the next
// start; the line beside it says so.
func newLanguageChoice(p prefs.Prefs) fyne.CanvasObject {
	system := tr.L("System")
	options := []string{system}
	codes := map[string]string{system: ""}
	for _, code := range prefs.Languages {
		name := i18n.Name(i18n.Lang(code))
		options = append(options, name)
		codes[name] = code
	}
	note := &widget.Label{Importance: widget.LowImportance, Wrapping: fyne.TextWrapWord}
	choice := widget.NewSelect(options, nil)
	current := p.Language()
	for name, code := range codes {
		if code == current {
			choice.SetSelected(name)
		}
	}
	choice.OnChanged = func(name string) {
		if err := p.SetLanguage(codes[name]); err != nil {
			note.SetText(tr.Err(err))
			return
		}
		note.SetText(tr.L("Tablekeeper speaks the language chosen from its next start."))
	}
	return container.NewBorder(nil, nil, choice, nil, note)
}
