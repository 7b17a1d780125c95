package pseudo

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"tablekeeper/core/i18n"
)

func TestSayAccentsTheWordsAndKeepsTheValues(t *testing.T) {
	for in, want := range map[string]string{
		"Round %d":                    "[Ŕóúñð %d]",
		"%[2]d of %[1]d rounds, 50%%": "[%[2]d óƒ %[1]d ŕóúñðš, 50%%]",
		"%02[1]d:%02[2]d":             "%02[1]d:%02[2]d",
		"%s · %s":                     "%s · %s",
		"Zoë":                         "[Žóë]",
	} {
		if got := Say(in); got != want {
			t.Errorf("Say(%q) = %q, want %q", in, got, want)
		}
	}
}

// The file holds every key of the shipped files, English's plural forms
// for a plural key, and the decimal separator as a setting.
func TestTheFileHoldsEveryKey(t *testing.T) {
	data, err := File()
	if err != nil {
		t.Fatal(err)
	}
	var got map[string]any
	if err := json.Unmarshal(data, &got); err != nil {
		t.Fatal(err)
	}
	fr, err := os.ReadFile(filepath.Join("..", "..", "..", "assets", "translations", "fr.json"))
	if err != nil {
		t.Fatal(err)
	}
	var french map[string]any
	if err := json.Unmarshal(fr, &french); err != nil {
		t.Fatal(err)
	}
	for k := range french {
		if _, ok := got[k]; !ok {
			t.Errorf("%q is missing", k)
		}
	}
	if got["decimal separator"] != "." || got["Nov"] != "[Ñóṽ]" {
		t.Errorf("%v %v", got["decimal separator"], got["Nov"])
	}
	if p, ok := got["%d players"].(map[string]any); !ok || p["one"] != "[%d þļáýéŕ]" || p["other"] != "[%d þļáýéŕš]" {
		t.Errorf("plural %v", got["%d players"])
	}
}

// A word left in English is found, with its context; names, numbers and
// translated words are not.
func TestUntranslatedFindsPlainWordsOnly(t *testing.T) {
	text := fmt.Sprintf(Say("Round %d"), 3) + " · Ada Lovelace · 2–1 · table 4 · 25 " + Say("Nov")
	got := Untranslated(text, "Ada Lovelace")
	if len(got) != 1 || !strings.HasPrefix(got[0], `"table" in …`) {
		t.Errorf("%q", got)
	}
	if got := Untranslated(Say("Standings")+" · Zoë Ødegård · 李小龍", "Zoë Ødegård"); len(got) != 0 {
		t.Errorf("%q", got)
	}
}

// In its own process the pseudo-locale is a language like the shipped
// ones: its plurals follow English's rules and its words are accented.
func TestRunLoadsThePseudoLocale(t *testing.T) {
	if !Run(t) {
		return
	}
	if got := i18n.N(Lang, "%d players", 1, 1); got != "[1 þļáýéŕ]" {
		t.Errorf("%q", got)
	}
	if got := i18n.Parse("en-XA"); got != Lang {
		t.Errorf("Parse = %q", got)
	}
}
