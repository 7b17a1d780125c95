package i18n

import (
	"fmt"
	"io/fs"
	"maps"
	"os"
	"slices"
)

// FilesEnv is the environment variable that names a folder of more
// translation files, [prefix.]xx.json as in assets/translations, read
// after the shipped ones: a translator tries a new language's file on
// the real screens, pages and reports without rebuilding, and the tests
// load the pseudo-locale (package pseudo) the same way, proving that a
// language is one file.
const FilesEnv = "TABLEKEEPER_TRANSLATIONS"

// load reads the shipped files of assets (translations/) and those of the
// folder FilesEnv names; a file there adds a language or overrides keys of
// a shipped one.
func load(assets fs.FS) (catalogue, error) {
	c, err := read(assets, "translations")
	dir := os.Getenv(FilesEnv)
	if dir == "" {
		return c, err
	}
	more, moreErr := read(os.DirFS(dir), ".")
	for _, l := range more.langs {
		if len(more.msgs[l]) == 0 {
			continue
		}
		if c.msgs[l] == nil {
			c.msgs[l] = map[string]entry{}
			c.langs = append(c.langs, l)
		}
		maps.Copy(c.msgs[l], more.msgs[l])
	}
	slices.SortFunc(c.langs, langOrder)
	if err == nil && moreErr != nil {
		err = fmt.Errorf("%s=%s: %w", FilesEnv, dir, moreErr)
	}
	return c, err
}
