// Package tr says the desktop screens' words in the organizer's language.
//
// The screens' words are said from core/i18n's catalogue, the translation
// files (assets/translations) the core's messages, the web pages and the
// reports are said from too; Setup also loads them into Fyne's lang, which
// says the toolkit's own words (a dialog's buttons). A key is the English
// text, a fmt format where it takes values. L says a plain key, F a format
// with its values, N a format whose words change with a count, and Err an
// error's sentence, each in the language Setup chose.
package tr

import (
	"io/fs"
	"os"
	"path"
	"sync/atomic"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/lang"

	"tablekeeper/assets"
	"tablekeeper/core/i18n"
	"tablekeeper/ui/internal/screen"
)

var current atomic.Value // i18n.Lang

// Setup loads the translations into Fyne's lang and makes pref the screens'
// language ("" follows the system's locale). The files are the shipped
// ones and those of the folder i18n.FilesEnv names. Fyne answers in the shipped
// language closest to the system's locale; so that it answers in the
// language chosen, that language's file is also registered for the
// system's locale. Call it once, before the first window: Fyne keeps what
// it loaded, so another choice takes effect at the next start.
func Setup(pref string) i18n.Lang {
	sys := lang.SystemLocale()
	l := i18n.Parse(sys.String())
	if pref != "" {
		l = i18n.Parse(pref)
	}
	dirs := []fs.FS{assets.Translations}
	if dir := os.Getenv(i18n.FilesEnv); dir != "" {
		dirs = append(dirs, os.DirFS(dir))
	}
	for i, fsys := range dirs {
		dir := "translations"
		if i > 0 {
			dir = "."
		}
		files, _ := fs.ReadDir(fsys, dir)
		for _, f := range files {
			if i18n.FileLang(f.Name()) != l {
				continue
			}
			data, err := fs.ReadFile(fsys, path.Join(dir, f.Name()))
			if err != nil {
				continue
			}
			_ = lang.AddTranslationsForLocale(data, fyne.Locale(l))
			if l != i18n.Parse(sys.String()) {
				_ = lang.AddTranslationsForLocale(data, sys)
			}
		}
	}
	current.Store(l)
	screen.Set(l)
	return l
}

// Lang is the screens' language (English until Setup runs).
func Lang() i18n.Lang {
	if l, ok := current.Load().(i18n.Lang); ok {
		return l
	}
	return i18n.English
}

// L says key in the screens' language. The screens' words are looked up
// in core/i18n's catalogue, as the pages' and the reports' are, not through
// Fyne's lang: Fyne logs a "Translation failure" for every key its file
// lacks, such as a game's name said as itself, and the two would have to
// agree on each key anyway. Fyne's lang keeps the files (see Setup) for the
// toolkit's own words.
func L(key string) string { return i18n.T(Lang(), key) }

// F says format in the screens' language with args formatted into it; a
// value that can say itself (an i18n.Text, an event.Error) is said in the
// same language.
func F(format string, args ...any) string { return i18n.T(Lang(), format, args...) }

// N is F for a format whose words change with the count n.
func N(format string, n int, args ...any) string { return i18n.N(Lang(), format, n, args...) }

// K marks a key said later with L (a heading kept in a table).
func K(key string) string { return key }

// Err says an error's sentence in the screens' language.
func Err(err error) string { return i18n.Error(Lang(), err) }

// Text says a Text in the screens' language.
func Text(t i18n.Text) string { return t.In(Lang()) }

// Date says a day ("14 Jun 2025") in the screens' language.
func Date(t time.Time) string { return i18n.Date(Lang(), t) }

// Clock says a time of day ("18:30") in the screens' language.
func Clock(t time.Time) string { return i18n.Clock(Lang(), t) }

// DateTime says a day and its time of day in the screens' language.
func DateTime(t time.Time) string { return i18n.DateTime(Lang(), t) }
