package deck

import (
	"reflect"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
)

// FuzzParse holds Parse's promises on any input: it never panics, the
// total is the sum of the entries, every entry is a real card, and every
// error names its line. Validate must not panic on what Parse returns.
func FuzzParse(f *testing.F) {
	seeds := []string{
		"",
		"3 Card Name\n3x Card Name\n3 x Card Name\nCard Name x3\nCard Name",
		"\uFEFFHero:\r\n1 Akesha & Taru\r\nCharacters (20)\r\n3 Foo (R)\r\n",
		"Spells (12)\n// comment\n# comment\n\n----\n2 Zoë\n1 Dark Æmber Vault",
		"0 Goblin\n150 Goblin\n-1 Goblin\n2 Goblin x3\n3x\n7\nSierra (3)",
		"Tuca, the Sleepless Smuggler\nCotA\nBrobnar, Dis, Logos\nBrobnar\n1 Anger\nToken: Grumpus",
		"Letters: A B T\n3 The Dragon\n2 10,000 Bullets\nNo Max:\n9 Foundation",
		"Hero: Sierra & Oddball\nLocations:\n8 Free City\n\t2\t×\tX\n x 3\n(R)\n: \n::\nx",
		"99999999999999999999999999 A\nA x99999999999999999999\n\xff\xfe 3 bad utf8\r\r\n",
	}
	for _, s := range seeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		lines := len(splitLines(text))
		for _, parse := range []func(string) (List, []LineError){Parse, ParseArchon} {
			l, errs := parse(text)
			sum := 0
			keys := map[string]bool{}
			for _, e := range l.Entries {
				if e.Count < 1 {
					t.Fatalf("entry %+v has count < 1", e)
				}
				if strings.TrimSpace(e.Name) == "" || !utf8.ValidString(e.Name) {
					t.Fatalf("entry %+v has no valid name", e)
				}
				if e.Line < 1 || e.Line > lines {
					t.Fatalf("entry %+v on line %d of %d", e, e.Line, lines)
				}
				key := foldName(e.Name) + "\x00" + string(e.Rarity)
				if keys[key] {
					t.Fatalf("entry %+v is not merged", e)
				}
				keys[key] = true
				sum += e.Count
			}
			if l.Total() != sum {
				t.Fatalf("Total() = %d, sum of entries %d", l.Total(), sum)
			}
			last := 0
			for _, e := range errs {
				if e.Line < 1 || e.Line > lines || e.Line < last {
					t.Fatalf("error on line %d (of %d, after %d): %v", e.Line, lines, last, e)
				}
				last = e.Line
				if !strings.HasPrefix(e.Error(), "Line "+strconv.Itoa(e.Line)+" ") {
					t.Fatalf("error %q does not name line %d", e.Error(), e.Line)
				}
			}
			again, errs2 := parse(text)
			if !reflect.DeepEqual(l, again) || !reflect.DeepEqual(errs, errs2) {
				t.Fatalf("Parse is not deterministic")
			}
			for _, format := range Formats() {
				Validate(format, l, CardList{})
			}
			ValidateAlliance(FormatAllianceStandard, Alliance{Pods: []Pod{{House: "Dis", Deck: l.Name}}}, []List{l, l}, CardList{})
		}
	})
}

// FuzzReadCardList holds ReadCardList's promises on any file: it never
// panics, every card it loads has a name, and every row error names a row
// within the file.
func FuzzReadCardList(f *testing.F) {
	for _, s := range []string{
		"name,faction,rarity,type,no max,designators,set,house\nA,Axiom,R,Hero,,,,\n",
		"\uFEFFTitle;No_Max;Designators\r\nB;yes;Dragon; Hacker\r\n;maybe;\r\n",
		"name\t\"rarity\nC\t\"unterminated\n",
		"",
		"faction\nA\n",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		list, errs := ReadCardList(strings.NewReader(text))
		for _, c := range list.Cards() {
			if strings.TrimSpace(c.Name) == "" {
				t.Fatalf("card without a name: %+v", c)
			}
		}
		rows := len(splitLines(text))
		for _, e := range errs {
			if e.Row < 0 || e.Row > rows || e.Message == "" {
				t.Fatalf("row error %+v in a file of %d lines", e, rows)
			}
		}
	})
}

func BenchmarkParseAndValidate(b *testing.B) {
	text := "Hero: Akesha & Taru\n" + cards("Axiom Common", 13, 3)
	list := alteredCards()
	for b.Loop() {
		l, _ := Parse(text)
		Validate(FormatAlteredConstructed, l, list)
	}
}
