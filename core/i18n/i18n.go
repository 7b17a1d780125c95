// Package i18n says Tablekeeper's words in the reader's language.
//
// A message's key is its English text: a plain string, or a fmt format
// where it takes values ("Table %d has no result"). The translations are
// the JSON files of assets/translations, one a language (and those of the
// folder FilesEnv names); this package says from them the desktop screens'
// words, the core's messages, the store network's pages and the reports,
// so every front-end says a sentence the same way. (Fyne's lang reads the
// same files for the toolkit's own words.)
//
// The core never glues English into a sentence a person reads: it builds
// the sentence through T (or keeps it for later as a Text, or inside an
// event.Error), and each front-end says it in its reader's language: the
// organizer's screen in the language of the preferences, a phone in the
// language its browser asks for, a report in the event's print language.
//
// Adding a language is one file: copy assets/translations/fr.json to
// xx.json (xx a language tag) and translate its values, a message that
// changes with a count in each CLDR plural category of the language (see
// plural.go). A test fails while a key used in the code lacks a
// translation or a plural form in a shipped file, or a file holds a key
// nothing uses; the pseudo-locale tests (package pseudo) fail on a word a
// reader sees that did not pass through a file.
package i18n

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"maps"
	"path"
	"slices"
	"strings"
	"sync"

	"golang.org/x/text/language"

	"tablekeeper/assets"
)

// Lang is a language Tablekeeper speaks, as a BCP 47 tag ("en", "fr").
type Lang string

// The languages of the files shipped today.
const (
	English Lang = "en"
	French  Lang = "fr"
)

// Tag is the language's tag, for the x/text packages.
func (l Lang) Tag() language.Tag { return language.Make(string(l)) }

// catalogue is every shipped language's messages.
type catalogue struct {
	langs []Lang
	msgs  map[Lang]map[string]entry
}

var (
	loadOnce sync.Once
	loaded   catalogue
	loadErr  error
)

// cat returns the catalogue read from assets.Translations. A broken file
// is a programming error that a test catches; at run time the language is
// then left out, and English (the keys) is said instead.
func cat() *catalogue {
	loadOnce.Do(func() { loaded, loadErr = load(assets.Translations) })
	return &loaded
}

// LoadError reports a file of assets/translations that could not be read;
// the tests check it is nil.
func LoadError() error {
	cat()
	return loadErr
}

// read reads every [prefix.]xx.json of dir, merging a language's files.
func read(fsys fs.FS, dir string) (catalogue, error) {
	c := catalogue{msgs: map[Lang]map[string]entry{}}
	files, err := fs.ReadDir(fsys, dir)
	if err != nil {
		return c, err
	}
	var firstErr error
	for _, f := range files {
		name := f.Name()
		if !strings.HasSuffix(name, ".json") {
			continue
		}
		l := FileLang(name)
		data, err := fs.ReadFile(fsys, path.Join(dir, name))
		if err == nil {
			var m map[string]entry
			m, err = parse(data)
			if err == nil {
				if c.msgs[l] == nil {
					c.msgs[l] = map[string]entry{}
					c.langs = append(c.langs, l)
				}
				maps.Copy(c.msgs[l], m)
				continue
			}
		}
		if firstErr == nil {
			firstErr = fmt.Errorf("translations/%s: %w", name, err)
		}
	}
	if _, ok := c.msgs[English]; !ok {
		c.msgs[English] = map[string]entry{}
		c.langs = append(c.langs, English)
	}
	slices.SortFunc(c.langs, langOrder)
	return c, firstErr
}

// langOrder orders the languages English first, then by tag.
func langOrder(a, b Lang) int {
	switch {
	case a == English:
		return -1
	case b == English:
		return 1
	}
	return strings.Compare(string(a), string(b))
}

// FileLang is the language of a translation file named as Fyne's lang
// names them, "[prefix.]xx.json": "fr.json" and "web.fr.json" are French.
func FileLang(name string) Lang {
	name = strings.TrimSuffix(name, ".json")
	if i := strings.LastIndex(name, "."); i >= 0 {
		name = name[i+1:]
	}
	return Lang(name)
}

// parse reads one file: each value a string, or an object of plural
// forms by CLDR category (see plural.go).
func parse(data []byte) (map[string]entry, error) {
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil {
		return nil, err
	}
	out := make(map[string]entry, len(raw))
	for k, v := range raw {
		e, err := parseEntry(k, v)
		if err != nil {
			return nil, err
		}
		out[k] = e
	}
	return out, nil
}

// Langs lists the shipped languages, English first.
func Langs() []Lang { return slices.Clone(cat().langs) }

// Name is a language's name in that language, for a preferences list.
func Name(l Lang) string { return T(l, "language name") }

// Parse returns the shipped language closest to a locale or tag such as
// "fr-CA", "fr_FR.UTF-8" or "en-US"; English when none is close.
func Parse(locale string) Lang {
	locale, _, _ = strings.Cut(locale, ".")
	locale = strings.ReplaceAll(locale, "_", "-")
	tag, err := language.Parse(locale)
	if err != nil {
		return English
	}
	return match(tag)
}

// Match returns the shipped language a browser's Accept-Language header
// prefers; English when it names none.
func Match(acceptLanguage string) Lang {
	tags, _, err := language.ParseAcceptLanguage(acceptLanguage)
	if err != nil || len(tags) == 0 {
		return English
	}
	return match(tags...)
}

func match(tags ...language.Tag) Lang {
	langs := cat().langs
	_, i, conf := langMatcher().Match(tags...)
	if conf == language.No {
		return English
	}
	return langs[i]
}

// langMatcher matches the shipped languages, made once: every page a
// phone reads asks (making it is most of the cost of a kept page).
var langMatcher = sync.OnceValue(func() language.Matcher {
	langs := cat().langs
	supported := make([]language.Tag, len(langs))
	for i, l := range langs {
		supported[i] = l.Tag()
	}
	return language.NewMatcher(supported)
})

// K marks a key whose translation is looked up later (a column heading
// kept in a table, a label chosen at run time): it returns key unchanged.
// The key-coverage test counts it as used.
func K(key string) string { return key }

// T says format in l and formats args into it as fmt.Sprintf does; an
// argument that can say itself (a Text, an event.Error) is said in l too. A key with no translation in l is said in English.
func T(l Lang, format string, args ...any) string {
	return sprintf(l, cat().lookup(l, format, -1), args)
}

// N is T for a message whose words change with a count n, such as
// "%d tables": the files give a form for each CLDR plural category of l
// ("one" and "other" in English and French, "few" and "many" too in
// Polish), chosen by l's plural rules. n is not formatted on its own:
// pass it in args too.
func N(l Lang, format string, n int, args ...any) string {
	return sprintf(l, cat().lookup(l, format, n), args)
}

// lookup finds format's translation in l (the plural form for n when n ≥ 0).
func (c *catalogue) lookup(l Lang, format string, n int) string {
	for _, lang := range []Lang{l, English} {
		e, ok := c.msgs[lang][format]
		if !ok {
			continue
		}
		return e.form(lang, n)
	}
	return format
}

// sprintf formats args into a translated format, saying each argument that
// can say itself in l.
func sprintf(l Lang, format string, args []any) string {
	if len(args) == 0 {
		return format
	}
	said := make([]any, len(args))
	for i, a := range args {
		said[i] = say(l, a)
	}
	return fmt.Sprintf(format, said...)
}

// say returns a said in l when it can say itself, else a.
func say(l Lang, a any) any {
	if v, ok := a.(Localizer); ok {
		return v.In(l)
	}
	return a
}

// Sprintf formats args into a format already said in l (a translation
// Fyne's lang returned), saying each argument that can say itself in l.
func Sprintf(l Lang, said string, args ...any) string { return sprintf(l, said, args) }

// Localizer is a value that can say itself in a language.
type Localizer interface {
	In(l Lang) string
}
