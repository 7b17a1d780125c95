package i18n

import (
	"encoding/json"
	"testing"
)

// A stored text keeps its key and the type of each value: numbers come
// back as numbers, words as words, a text inside as a text, so it is said
// in any language as it was built, nested values included.
func TestAStoredTextComesBackAsBuilt(t *testing.T) {
	n := 3
	built := F("%s paired: %d tables, seed %d", F("round %d (%s)", 2, F("top %d: %s", 8, F("quarter-final"))), 4, int64(-9007199254740993))
	plural := Text{Format: "%d problems", Args: []any{n}, Count: &n}
	for _, text := range []Text{built, plural, Plain("Coffee break; back at 15:30"), F("registered: %s", `Zoë "Z" Ødegård`)} {
		stored := Encode(text)
		back := Decode(stored)
		for _, l := range []Lang{English, French} {
			if got, want := back.In(l), text.In(l); got != want {
				t.Errorf("%s: %s reads back as %q, want %q", l, stored, got, want)
			}
		}
		if again := Encode(back); again != stored {
			t.Errorf("%s is stored again as %s", stored, again)
		}
	}
	if got := Decode(Encode(built)).In(French); got != "ronde 2 (top 8\u00a0: quart de finale) appariée\u00a0: 4 tables, numéro de tirage -9007199254740993" {
		t.Errorf("French %q", got)
	}
	if Encode(Text{}) != "" || !Decode("").IsZero() {
		t.Error("no text is not stored as nothing")
	}
}

// Words that are not a stored text (an organizer's own, a file of an older
// version) are kept as plain words, said as written in every language.
func TestWordsThatAreNoStoredTextStayWords(t *testing.T) {
	for _, s := range []string{"round 3 published", "{not json", `{"k": 3}`} {
		got := Decode(s)
		if !got.IsPlain() || got.In(French) != s {
			t.Errorf("%q decodes as %#v", s, got)
		}
	}
	var fromFile Text
	if err := json.Unmarshal([]byte(`"round 1 table 1: Ada 2–1 Zoë"`), &fromFile); err != nil || !fromFile.IsPlain() {
		t.Errorf("a JSON string reads as %#v, %v", fromFile, err)
	}
	var bad Text
	if err := json.Unmarshal([]byte(`{"k": "round %d", "a": [1.5]}`), &bad); err == nil {
		t.Errorf("a fraction read as a value: %#v", bad)
	}
}

// BenchmarkDecode reads a table's stored reason, as the store does for
// every table of every round it reads.
func BenchmarkDecode(b *testing.B) {
	stored := Encode(F("%s; %s", F("pair-down: %d v %d points", 6, 3), F("rematch: no pairing without one exists")))
	for b.Loop() {
		if Decode(stored).IsZero() {
			b.Fatal("nothing decoded")
		}
	}
}

// Names says a list of names as a sentence in the reader's language.
func TestNamesAreSaidAsASentence(t *testing.T) {
	for _, c := range []struct {
		names  []string
		en, fr string
	}{
		{nil, "", ""},
		{[]string{"Ana"}, "Ana", "Ana"},
		{[]string{"Ana", "Zoë"}, "Ana and Zoë", "Ana et Zoë"},
		{[]string{"Ana", "Bob", "李"}, "Ana, Bob and 李", "Ana, Bob et 李"},
	} {
		if got := Names(c.names).In(English); got != c.en {
			t.Errorf("%q in English: %q, want %q", c.names, got, c.en)
		}
		if got := Names(c.names).In(French); got != c.fr {
			t.Errorf("%q in French: %q, want %q", c.names, got, c.fr)
		}
	}
}

// A list says its parts one after the other, each still a text of its
// own: stored and read back, it is said in the reader's language.
func TestAListSaysItsPartsInOrder(t *testing.T) {
	if got := List(nil); !got.IsZero() {
		t.Errorf("no parts: %+v, want the zero text", got)
	}
	one := F("round %d", 2)
	if got := List([]Text{one}); got.String() != "round 2" {
		t.Errorf("one part: %q", got)
	}
	list := Decode(Encode(List([]Text{F("round %d", 2), F("quarter-final"), Plain("Coffee")})))
	if got := list.String(); got != "round 2, quarter-final, Coffee" {
		t.Errorf("three parts: %q", got)
	}
	if got, want := list.In(French), T(French, "round %d", 2)+", "+T(French, "quarter-final")+", Coffee"; got != want {
		t.Errorf("in French: %q, want %q", got, want)
	}
}

// A text with nothing kept says the words it was given instead; one with
// a key says the key in the reader's language.
func TestInOrFallsBackOnlyForAZeroText(t *testing.T) {
	if got := (Text{}).InOr(French, "as written"); got != "as written" {
		t.Errorf("zero text: %q", got)
	}
	if got, want := F("round %d", 2).InOr(French, "as written"), T(French, "round %d", 2); got != want {
		t.Errorf("a text: %q, want %q", got, want)
	}
}
