package deck

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

func TestReadCardList(t *testing.T) {
	csv := "\uFEFFRarity,Card Name,Faction,Comment,TYPE,No_Max,Designators,Set,House\n" +
		"R,Sierra & Oddball,Bravos,nice,Hero,,,,\n" +
		"common,Foundation Guy,,,Character,yes,Dragon; Hacker,Netherworld,\n" +
		"\n" +
		",,,,,,,,\n" +
		"U,,Axiom,,,,,,\n" +
		"C,Bad Max,,,,maybe,,,\n" +
		"\"Special\",\"Quoted, Name\",Lyra,,Token Creature,no,,WoE,Ekwidon\n"
	list, errs := ReadCardList(strings.NewReader(csv))
	wantErrs := []RowError{
		{Row: 6, Message: `Row 6: the row has no card name; fill in the "name" column or delete the row.`},
		{Row: 7, Message: `Row 7: "maybe" in the "no max" column is not yes or no; write yes, or leave it empty.`},
	}
	if !slices.EqualFunc(errs, wantErrs, func(a, b RowError) bool { return a.Row == b.Row && a.Message == b.Message }) {
		t.Errorf("errors\n got  %+v\n want %+v", errs, wantErrs)
	}
	if list.Len() != 3 {
		t.Fatalf("Len() = %d, want 3: %+v", list.Len(), list.Cards())
	}
	got := list.Lookup("sierra &  ODDBALL")
	if len(got) != 1 || got[0].Rarity != Rare || got[0].Faction != "Bravos" || !got[0].Is(TypeHero) {
		t.Errorf("Sierra & Oddball = %+v", got)
	}
	got = list.Lookup("Foundation Guy")
	if len(got) != 1 || !got[0].NoMax || !slices.Equal(got[0].Designators, []string{"Dragon", "Hacker"}) || got[0].Set != "Netherworld" || got[0].Rarity != Common {
		t.Errorf("Foundation Guy = %+v", got)
	}
	got = list.Lookup("Quoted, Name")
	if len(got) != 1 || got[0].Rarity != "special" || !got[0].Is(TypeTokenCreature) || got[0].House != "Ekwidon" || got[0].NoMax {
		t.Errorf("Quoted, Name = %+v", got)
	}
}

func TestReadCardListDelimiters(t *testing.T) {
	for _, text := range []string{
		"name;rarity\r\nCard;R\r\n",
		"name\trarity\nCard\tR\n",
		"Title,Rarity\nCard,rare",
	} {
		list, errs := ReadCardList(strings.NewReader(text))
		if len(errs) > 0 || list.Len() != 1 || list.Lookup("card")[0].Rarity != Rare {
			t.Errorf("%q: %+v %v", text, list.Cards(), errs)
		}
	}
}

func TestReadCardListWithoutNames(t *testing.T) {
	for text, want := range map[string]string{
		"":                  `Row 1: the card list is empty; its first row must name the columns, e.g. "name,faction,rarity,type".`,
		"faction,rarity\nA": `Row 1: no column is called "name"; the first row must name the columns, e.g. "name,faction,rarity,type".`,
	} {
		list, errs := ReadCardList(strings.NewReader(text))
		if list.Len() != 0 || len(errs) != 1 || errs[0].Message != want || errs[0].Row != 1 {
			t.Errorf("%q: %d cards, %+v", text, list.Len(), errs)
		}
	}
}

type failingReader struct{}

func (failingReader) Read([]byte) (int, error) { return 0, errors.New("disk on fire") }

func TestReadCardListReadError(t *testing.T) {
	_, errs := ReadCardList(failingReader{})
	if len(errs) != 1 || errs[0].Message != "The card list could not be read (disk on fire); try saving it again as CSV." {
		t.Errorf("errors = %+v", errs)
	}
}

func TestCardListVersions(t *testing.T) {
	l := NewCardList(Card{Name: "Twin", Rarity: Common}, Card{Name: "twin", Rarity: Rare}, Card{Name: ""})
	if l.Len() != 2 || len(l.Lookup("TWIN")) != 2 {
		t.Errorf("versions = %+v", l.Cards())
	}
	var zero CardList
	if zero.Len() != 0 || zero.Lookup("Twin") != nil {
		t.Error("the zero CardList is not empty")
	}
}
