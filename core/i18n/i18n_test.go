package i18n

import (
	"errors"
	"testing"
	"testing/fstest"
	"time"
)

// testCatalogue reads files (a name such as "fr.json" to its JSON) as a
// folder of translation files, failing the test when they do not read.
func testCatalogue(t *testing.T, files map[string]string) catalogue {
	t.Helper()
	fsys := fstest.MapFS{}
	for name, data := range files {
		fsys["t/"+name] = &fstest.MapFile{Data: []byte(data)}
	}
	c, err := read(fsys, "t")
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func TestTheShippedFilesRead(t *testing.T) {
	if err := LoadError(); err != nil {
		t.Fatal(err)
	}
	if got := Langs(); len(got) < 2 || got[0] != English || got[1] != French {
		t.Fatalf("languages %v, want English first, then French", got)
	}
	if Name(French) != "Français" || Name(English) != "English" {
		t.Errorf("names %q %q", Name(French), Name(English))
	}
}

func TestALocaleOrABrowserFindsItsLanguage(t *testing.T) {
	for in, want := range map[string]Lang{"fr_FR.UTF-8": French, "fr-CA": French, "en_GB": English, "de_DE": English, "": English, "C": English, "??": English} {
		if got := Parse(in); got != want {
			t.Errorf("Parse(%q) = %q, want %q", in, got, want)
		}
	}
	for in, want := range map[string]Lang{"fr-FR,fr;q=0.9,en;q=0.8": French, "de,en;q=0.5": English, "de": English, "": English, "garbage;;": English} {
		if got := Match(in); got != want {
			t.Errorf("Match(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestPluralsFollowEachLanguagesRule(t *testing.T) {
	c := testCatalogue(t, map[string]string{
		"en.json": `{"%d tables": {"one": "%d table", "other": "%d tables"}}`,
		"fr.json": `{"%d tables": {"one": "%d table", "other": "%d tables (fr)"}}`,
	})
	for _, c2 := range []struct {
		l    Lang
		n    int
		want string
	}{{English, 0, "%d tables"}, {English, 1, "%d table"}, {English, 2, "%d tables"},
		{French, 0, "%d table"}, {French, 1, "%d table"}, {French, 2, "%d tables (fr)"}} {
		if got := c.lookup(c2.l, "%d tables", c2.n); got != c2.want {
			t.Errorf("%s %d: %q, want %q", c2.l, c2.n, got, c2.want)
		}
	}
	if got := c.lookup(French, "no such key", -1); got != "no such key" {
		t.Errorf("a missing key says itself: %q", got)
	}
}

func TestABrokenFileIsNamed(t *testing.T) {
	_, err := read(fstest.MapFS{"t/fr.json": {Data: []byte(`{"a": 3}`)}}, "t")
	if err == nil || err.Error() != `translations/fr.json: the value of "a" is neither a string nor an object with "other"` {
		t.Errorf("%v", err)
	}
}

func TestDatesAndNumbersFollowTheLanguage(t *testing.T) {
	at := time.Date(2026, 11, 25, 18, 5, 0, 0, time.UTC)
	for _, c := range []struct{ got, want string }{
		{Date(English, at), "25 Nov 2026"}, {Date(French, at), "25 nov. 2026"},
		{Clock(English, at), "18:05"}, {Clock(French, at), "18 h 05"},
		{ClockSeconds(English, at.Add(13*time.Second)), "18:05:13"}, {ClockSeconds(French, at.Add(13*time.Second)), "18 h 05 min 13 s"},
		{DateTime(French, at), "25 nov. 2026 à 18 h 05"},
		{Decimal(English, 66.6667, 1), "66.7"}, {Decimal(French, 66.6667, 1), "66,7"},
		{Percent(English, 0.5, 1), "50.0%"}, {Percent(French, 0.5, 1), "50,0\u202f%"},
	} {
		if c.got != c.want {
			t.Errorf("%q, want %q", c.got, c.want)
		}
	}
}

func TestATextAndItsErrorSayThemselvesInTheReadersLanguage(t *testing.T) {
	inner := Errorf(errors.ErrUnsupported, "%s, %d", F("Nov"), 3)
	if got := Error(French, inner); got != "nov., 3" {
		t.Errorf("%q", got)
	}
	if got := inner.Error(); got != "Nov, 3" {
		t.Errorf("English: %q", got)
	}
	if !errors.Is(inner, errors.ErrUnsupported) {
		t.Error("the wrapped error is lost")
	}
	if got := T(French, "%s!", inner); got != "nov., 3!" {
		t.Errorf("an error among the values: %q", got)
	}
	if got := Error(French, errors.New("plain")); got != "plain" {
		t.Errorf("%q", got)
	}
}

func TestAFilesNameSaysItsLanguage(t *testing.T) {
	for name, want := range map[string]Lang{"fr.json": French, "web.fr.json": French, "core.rules.en.json": English} {
		if got := FileLang(name); got != want {
			t.Errorf("%s: %q", name, got)
		}
	}
	c, err := read(fstest.MapFS{
		"t/fr.json":     {Data: []byte(`{"a": "A"}`)},
		"t/web.fr.json": {Data: []byte(`{"b": "B"}`)},
	}, "t")
	if err != nil || c.lookup(French, "a", -1) != "A" || c.lookup(French, "b", -1) != "B" || len(c.langs) != 2 {
		t.Errorf("a language's files merge: %v %v", c.langs, err)
	}
}

func TestANumberWrittenWithAPointTakesTheLanguagesSeparator(t *testing.T) {
	if got := DecimalText(French, "66.67"); got != "66,67" {
		t.Errorf("French %q", got)
	}
	if got := DecimalText(English, "66.67"); got != "66.67" {
		t.Errorf("English %q", got)
	}
	if got := DecimalText(French, "12"); got != "12" {
		t.Errorf("a whole number %q", got)
	}
}
