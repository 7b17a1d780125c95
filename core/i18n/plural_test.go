package i18n

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"tablekeeper/assets"
)

// A language whose counts take more than "one" and "other" says each of
// its categories: Polish 1, 2–4 and 22–24, 5–21 and 25; Arabic has six.
func TestEveryPluralCategoryOfALanguageIsSaid(t *testing.T) {
	c := testCatalogue(t, map[string]string{
		"en.json": `{"%d tables": {"one": "%d table", "other": "%d tables"}}`,
		"pl.json": `{"%d tables": {"one": "%d stół", "few": "%d stoły", "many": "%d stołów", "other": "%d stołu"}}`,
		"ar.json": `{"%d tables": {"zero": "z%d", "one": "o%d", "two": "t%d", "few": "f%d", "many": "m%d", "other": "x%d"}}`,
		"fr.json": `{"%d tables": {"one": "%d table", "other": "%d tables"}}`,
	})
	for _, want := range []struct {
		l    Lang
		n    int
		form string
	}{
		{"pl", 1, "%d stół"}, {"pl", 2, "%d stoły"}, {"pl", 4, "%d stoły"}, {"pl", 5, "%d stołów"},
		{"pl", 12, "%d stołów"}, {"pl", 22, "%d stoły"}, {"pl", 25, "%d stołów"}, {"pl", 0, "%d stołów"},
		{"ar", 0, "z%d"}, {"ar", 1, "o%d"}, {"ar", 2, "t%d"}, {"ar", 3, "f%d"}, {"ar", 11, "m%d"}, {"ar", 100, "x%d"},
		{French, 0, "%d table"}, {French, 1, "%d table"}, {French, 2, "%d tables"},
		{English, 0, "%d tables"}, {English, 1, "%d table"},
	} {
		if got := c.lookup(want.l, "%d tables", want.n); got != want.form {
			t.Errorf("%s %d: %q, want %q", want.l, want.n, got, want.form)
		}
	}
}

// The categories a file must give are those whole counts reach, in CLDR's
// order; French and English need only "one" and "other".
func TestALanguageNamesThePluralCategoriesItsCountsTake(t *testing.T) {
	for l, want := range map[Lang]string{
		English: "one other", French: "one other", "pl": "one few many other",
		"ar": "zero one two few many other", "ja": "other", "ru": "one few many other",
	} {
		if got := strings.Join(PluralCategories(l), " "); got != want {
			t.Errorf("%s: %q, want %q", l, got, want)
		}
	}
}

// A form a file leaves out is said with "other"; a form that is not a
// CLDR category is an error naming the key and the categories.
func TestAMissingFormIsOtherAndAWrongOneIsNamed(t *testing.T) {
	c := testCatalogue(t, map[string]string{"pl.json": `{"%d tables": {"one": "%d stół", "other": "%d stołu"}}`})
	if got := c.lookup("pl", "%d tables", 5); got != "%d stołu" {
		t.Errorf("%q", got)
	}
	_, err := read(fstest.MapFS{"t/fr.json": {Data: []byte(`{"%d tables": {"one": "a", "several": "b", "other": "c"}}`)}}, "t")
	if err == nil || !strings.Contains(err.Error(), `"%d tables" has a form "several"; the plural forms are zero, one, two, few, many and other`) {
		t.Errorf("%v", err)
	}
}

// A page script gets a key's form for each category of its language.
func TestAScriptGetsEveryFormOfItsLanguage(t *testing.T) {
	got := Plurals(French, "%d players")
	if len(got) != 2 || got["one"] != "%d joueur" || got["other"] != "%d joueurs" {
		t.Errorf("French %v", got)
	}
	if got := Plurals(English, "%d players"); got["one"] != "%d player" || got["other"] != "%d players" {
		t.Errorf("English %v", got)
	}
	got = Plurals("pl", "no such key %d")
	keys := make([]string, 0, len(got))
	for k, v := range got {
		keys = append(keys, k)
		if v != "no such key %d" {
			t.Errorf("a missing key says itself: %q", v)
		}
	}
	slices.Sort(keys)
	if strings.Join(keys, " ") != "few many one other" {
		t.Errorf("Polish categories %v", keys)
	}
}

// A file in the folder FilesEnv names adds its language to the shipped
// ones: a language is one file.
func TestAFileBesideTheShippedOnesAddsItsLanguage(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "pl.json"), []byte(`{"%d players": {"one": "%d gracz", "few": "%d graczy", "many": "%d graczy", "other": "%d gracza"}, "Nov": "lis"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Setenv(FilesEnv, dir)
	c, err := load(assets.Translations)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(c.langs[:1], []Lang{English}) || !slices.Contains(c.langs, "pl") || !slices.Contains(c.langs, French) {
		t.Errorf("languages %v", c.langs)
	}
	if got := c.lookup("pl", "%d players", 3); got != "%d graczy" {
		t.Errorf("%q", got)
	}
	if got := c.lookup(French, "Nov", -1); got != "nov." {
		t.Errorf("the shipped French is lost: %q", got)
	}
	if err := os.WriteFile(filepath.Join(dir, "de.json"), []byte(`{"a": 1}`), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := load(assets.Translations); err == nil || !strings.Contains(err.Error(), FilesEnv+"="+dir+": translations/de.json") {
		t.Errorf("a broken file is not named: %v", err)
	}
}
