package ui

import (
	"fyne.io/fyne/v2"

	"tablekeeper/core/i18n"
	"tablekeeper/ui/internal/prefs"
	"tablekeeper/ui/internal/tr"
)

// SetupLanguage chooses the screens' language before the first window:
// the organizer's choice in the preferences, else the system's locale.
func SetupLanguage(a fyne.App) i18n.Lang { return tr.Setup(prefs.Of(a).Language()) }
