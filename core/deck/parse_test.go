package deck

import (
	"slices"
	"testing"
)

// Parsing is not a rule of its own: every rule reads the list Parse builds.
func TestParseForms(t *testing.T) {
	tests := []struct {
		name string
		text string
		want []Entry
	}{
		{"a quantity then the name", "3 Card Name", []Entry{{Name: "Card Name", Count: 3, Line: 1}}},
		{"3x", "3x Card Name", []Entry{{Name: "Card Name", Count: 3, Line: 1}}},
		{"3X and ×", "3X Card Name\n2× Other", []Entry{{Name: "Card Name", Count: 3, Line: 1}, {Name: "Other", Count: 2, Line: 2}}},
		{"3 x with spaces", "3 x Card Name", []Entry{{Name: "Card Name", Count: 3, Line: 1}}},
		{"a capital X after a space belongs to the name", "3 X-Ray Vision\n2 X Marks", []Entry{{Name: "X-Ray Vision", Count: 3, Line: 1}, {Name: "X Marks", Count: 2, Line: 2}}},
		{"x3 after the name", "Card Name x3\nOther X2\nThird ×4\nFourth x 2", []Entry{
			{Name: "Card Name", Count: 3, Line: 1}, {Name: "Other", Count: 2, Line: 2},
			{Name: "Third", Count: 4, Line: 3}, {Name: "Fourth", Count: 2, Line: 4}}},
		{"a bare name is one copy", "Ghostform", []Entry{{Name: "Ghostform", Count: 1, Line: 1}}},
		{"a number inside a name", "10,000 Bullets\n2 10,000 Bullets", []Entry{{Name: "10,000 Bullets", Count: 3, Line: 1}}},
		{"leading zeros", "03 Card", []Entry{{Name: "Card", Count: 3, Line: 1}}},
		{"99 is the most", "99 Card", []Entry{{Name: "Card", Count: 99, Line: 1}}},
		{"tabs, BOM, CRLF and trailing spaces", "\uFEFF3\tCard   Name  \r\n2\t\tOther\t\r\n", []Entry{
			{Name: "Card Name", Count: 3, Line: 1}, {Name: "Other", Count: 2, Line: 2}}},
		{"lone CR line ends", "1 A\r2 B\r", []Entry{{Name: "A", Count: 1, Line: 1}, {Name: "B", Count: 2, Line: 2}}},
		{"Unicode names", "3 Dark Æmber Vault\n2 Zoë", []Entry{{Name: "Dark Æmber Vault", Count: 3, Line: 1}, {Name: "Zoë", Count: 2, Line: 2}}},
		{"comments, blank and decorative lines", "# my deck\n// by me\n\n-----\n3 Card // the best\n===", []Entry{{Name: "Card", Count: 3, Line: 5}}},
		{"same name merged, first spelling kept", "2 Sierra & Oddball\n1 SIERRA  &  ODDBALL\n1 sierra & oddball", []Entry{{Name: "Sierra & Oddball", Count: 4, Line: 1}}},
		{"marks folded when merging", "1 Dark Æmber Vault\n1 dark aember vault\n1 Zoe\n1 Zoë", []Entry{
			{Name: "Dark Æmber Vault", Count: 2, Line: 1}, {Name: "Zoe", Count: 2, Line: 3}}},
		{"section titles", "Hero:\n1 Akesha & Taru\nCharacters\n3 A\nSpells (12)\n3 B\nFeng Shui Sites:\n2 C\nLandmark Permanents (3)\n1 D", []Entry{
			{Name: "Akesha & Taru", Count: 1, Section: "Hero", Line: 2},
			{Name: "A", Count: 3, Section: "Characters", Line: 4},
			{Name: "B", Count: 3, Section: "Spells", Line: 6},
			{Name: "C", Count: 2, Section: "Feng Shui Sites", Line: 8},
			{Name: "D", Count: 1, Section: "Landmark Permanents", Line: 10}}},
		{"a one-line section", "Hero: Akesha & Taru\n3 A", []Entry{
			{Name: "Akesha & Taru", Count: 1, Section: "Hero", Line: 1}, {Name: "A", Count: 3, Line: 2}}},
		{"a name ending in a kind of card is a card", "Library Card\n2 Library Card", []Entry{{Name: "Library Card", Count: 3, Line: 1}}},
		{"a colon inside a card line", "2 Anubis: Guardian\nFoo: Bar", []Entry{
			{Name: "Anubis: Guardian", Count: 2, Line: 1}, {Name: "Foo: Bar", Count: 1, Line: 2}}},
		{"rarity tags keep versions apart", "2 Card (R)\n1 Card [C]\n1 card (rare)\nOther (U)", []Entry{
			{Name: "Card", Count: 3, Rarity: Rare, Line: 1}, {Name: "Card", Count: 1, Rarity: Common, Line: 2},
			{Name: "Other", Count: 1, Rarity: Unique, Line: 4}}},
		{"a total line is ignored", "Total: 40\n3 Card", []Entry{{Name: "Card", Count: 3, Line: 2}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, errs := Parse(tt.text)
			if len(errs) > 0 {
				t.Fatalf("unexpected errors %v", errs)
			}
			if !slices.Equal(got.Entries, tt.want) {
				t.Errorf("entries\n got  %+v\n want %+v", got.Entries, tt.want)
			}
		})
	}
}

func TestParseKeyedLines(t *testing.T) {
	l := mustParse(t, "Deck: Tuca, the Sleepless Smuggler\nSet: CotA\nHouses: Brobnar, Dis, Logos\nLetters: t, d s\nBrobnar\n1 Anger")
	if l.Name != "Tuca, the Sleepless Smuggler" || l.Set != "CotA" || !slices.Equal(l.Houses, []string{"Brobnar", "Dis", "Logos"}) {
		t.Errorf("identity = %q %q %q", l.Name, l.Set, l.Houses)
	}
	if string(l.Letters) != "TDS" {
		t.Errorf("letters = %q, want TDS", string(l.Letters))
	}
	if want := []Entry{{Name: "Anger", Count: 1, Section: "Brobnar", Line: 6}}; !slices.Equal(l.Entries, want) {
		t.Errorf("entries = %+v, want %+v", l.Entries, want)
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct {
		name string
		text string
		want []LineError
		kept int // cards still read
	}{
		{"zero copies", "0 Goblin\n3 Card", []LineError{{Line: 1, Text: "0 Goblin",
			Message: `Line 1 "0 Goblin": 0 copies is not a quantity; write a number from 1 to 99, or delete the line.`}}, 3},
		{"too many copies", "1 A\n150 Goblin", []LineError{{Line: 2, Text: "150 Goblin",
			Message: `Line 2 "150 Goblin": 150 copies is more than a deck can hold; a quantity must be from 1 to 99. If the number is part of the card's name, put the quantity first, e.g. "1 150 Goblin".`}}, 1},
		{"a huge number does not overflow", "99999999999999999999999 Goblin", []LineError{{Line: 1, Text: "99999999999999999999999 Goblin",
			Message: `Line 1 "99999999999999999999999 Goblin": 99999999999999999999999 copies is more than a deck can hold; a quantity must be from 1 to 99. If the number is part of the card's name, put the quantity first, e.g. "1 99999999999999999999999 Goblin".`}}, 0},
		{"too many after the name", "Goblin x100", []LineError{{Line: 1, Text: "Goblin x100",
			Message: `Line 1 "Goblin x100": 100 copies is more than a deck can hold; a quantity must be from 1 to 99. If the number is part of the card's name, put the quantity first, e.g. "1 100 Goblin".`}}, 0},
		{"a negative quantity", "-2 Goblin", []LineError{{Line: 1, Text: "-2 Goblin",
			Message: `Line 1 "-2 Goblin": a quantity must be from 1 to 99; write e.g. "1 Goblin", or delete the line.`}}, 0},
		{"two quantities", "2 Goblin x3", []LineError{{Line: 1, Text: "2 Goblin x3",
			Message: `Line 1 "2 Goblin x3": the line gives two quantities; keep one, e.g. "3 Goblin".`}}, 0},
		{"no name", "3x\n3 (R)\n7", []LineError{
			{Line: 1, Text: "3x", Message: `Line 1 "3x": no card name is written; write the line as "3 Card Name".`},
			{Line: 2, Text: "3 (R)", Message: `Line 2 "3 (R)": no card name is written; write the line as "3 Card Name".`},
			{Line: 3, Text: "7", Message: `Line 3 "7": no card name is written; write the line as "3 Card Name".`}}, 0},
		{"a title with a count that is no section", "Sierra & Oddball (3)", []LineError{{Line: 1, Text: "Sierra & Oddball (3)",
			Message: `Line 1 "Sierra & Oddball (3)": cannot tell whether this is a section title or 3 copies of "Sierra & Oddball"; write "3 Sierra & Oddball" for cards, or "Sierra & Oddball:" for a section.`}}, 0},
		{"letters without letters", "Letters: 1 2", []LineError{{Line: 1, Text: "Letters: 1 2",
			Message: `Line 1 "Letters: 1 2": no letters are written; write the three letters the titles start with, e.g. "Letters: A B T".`}}, 0},
		{"an empty set", "Set:", []LineError{{Line: 1, Text: "Set:",
			Message: `Line 1 "Set:": no set is written after "Set:"; write e.g. "Set: Mass Mutation".`}}, 0},
		{"two names", "Deck: A\nName: B", []LineError{{Line: 2, Text: "Name: B",
			Message: `Line 2 "Name: B": the deck already has a name, "A"; keep one name line.`}}, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l, errs := Parse(tt.text)
			if !slices.EqualFunc(errs, tt.want, sameLineError) {
				t.Errorf("errors\n got  %+v\n want %+v", errs, tt.want)
			}
			if l.Total() != tt.kept {
				t.Errorf("Total() = %d, want %d", l.Total(), tt.kept)
			}
		})
	}
}

// Rule K2: a KeyForge deck list's first lines are its identity.
func TestParseArchon(t *testing.T) {
	tests := []struct {
		name   string
		text   string
		deck   string
		set    string
		houses []string
		cards  int
	}{
		{"by position", "Tuca, the Sleepless Smuggler\nCall of the Archons\nBrobnar • Dis • Logos\nBrobnar\n1 Anger\n",
			"Tuca, the Sleepless Smuggler", "Call of the Archons", []string{"Brobnar", "Dis", "Logos"}, 1},
		{"keyed", "# from the vault\nDeck: Miss \"Onyx\" Censorius\nSet: MM\nHouses: Dis / Sanctum / Star Alliance\n\nDis (12)\n2 Library Card\n",
			`Miss "Onyx" Censorius`, "MM", []string{"Dis", "Sanctum", "Star Alliance"}, 2},
		{"mixed, set keyed first", "Set: WC\nThe Pale Oracle\nHouses: Mars | Saurian | Untamed\n3 Ghostform",
			"The Pale Oracle", "WC", []string{"Mars", "Saurian", "Untamed"}, 3},
		{"the header stops at the first card", "Lonely Deck\n1 Anger", "Lonely Deck", "", nil, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l, errs := ParseArchon(tt.text)
			if len(errs) > 0 {
				t.Fatalf("errors %v", errs)
			}
			if l.Name != tt.deck || l.Set != tt.set || !slices.Equal(l.Houses, tt.houses) || l.Total() != tt.cards {
				t.Errorf("got %q %q %q %d cards, want %q %q %q %d", l.Name, l.Set, l.Houses, l.Total(), tt.deck, tt.set, tt.houses, tt.cards)
			}
		})
	}
}

func TestCopies(t *testing.T) {
	l := mustParse(t, "2 Card (R)\n1 card (C)\n3 Other")
	if got := l.Copies("CARD"); got != 3 {
		t.Errorf("Copies(CARD) = %d, want 3", got)
	}
	if got := l.Total(); got != 6 {
		t.Errorf("Total() = %d, want 6", got)
	}
}
