package tr

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/lang"

	"tablekeeper/assets"
	"tablekeeper/core/i18n"
)

// Fyne's lang reads a translation file with go-i18n, which refuses a
// whole file whose keys mix its reserved words ("Description", "ID",
// "One", "Other"…) with ordinary keys; Setup cannot say so, and every
// screen would quietly stay English. Each shipped file must load.
func TestEveryTranslationFileLoadsInFyne(t *testing.T) {
	files, err := assets.Translations.ReadDir("translations")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		data, err := assets.Translations.ReadFile("translations/" + f.Name())
		if err != nil {
			t.Fatal(err)
		}
		if err := lang.AddTranslationsForLocale(data, fyne.Locale(i18n.FileLang(f.Name()))); err != nil {
			msg := err.Error()
			if len(msg) > 300 {
				msg = msg[:300] + "…"
			}
			t.Errorf("%s does not load in Fyne: %s", f.Name(), msg)
		}
	}
}
