package reports

import (
	"bytes"
	"fmt"
	"io"
	"strings"
	"testing"
	"time"
)

// cardName returns a distinct card name for card i of a deck.
func cardName(i int) string {
	names := []string{"Sakarabu, Deity of the Deep", "Æmber Imp", "Ørdre the Unyielding", "Kōhaku, the Wandering Sword",
		"Lyra & Zoë", "Ogre Bodyguard", "The Sanctum of Eternal Night Beneath the Forgotten Mountains of Æmberhold",
		"龍の咆哮", "Bastion", "Mana Orb", "Foundry Mechanic", "Tempest", "Hunting Lodge", "Sierra, Oathbound"}
	if i < len(names) {
		return names[i]
	}
	return fmt.Sprintf("%s %d", names[i%len(names)], i/len(names)+1)
}

// testDeck returns player i's deck: an Altered deck in four sections, every
// fifth illegal, every seventh with warnings.
func testDeck(i int) Decklist {
	d := Decklist{Player: playerName(i), MemberNumber: fmt.Sprintf("AL-%06d", 1000+i*37), DeckName: []string{"Axiom Rush", "Lyra Midrange", "Ordis Control", ""}[i%4],
		Registered: time.Date(2025, 11, 21, 18, i%60, 0, 0, time.UTC)}
	if i%3 != 2 {
		d.Locked = time.Date(2025, 11, 22, 9, 55, 0, 0, time.UTC)
	}
	card := 0
	section := func(title string, lines int) {
		s := DeckSection{Title: title}
		for range lines {
			s.Cards = append(s.Cards, DeckCard{Count: 1 + card%3, Name: cardName(card)})
			card++
		}
		d.Sections = append(d.Sections, s)
	}
	section("Hero", 1)
	section("Characters", 8+i%5)
	section("Spells", 5+i%4)
	section("Permanents", 3+i%3)
	if i%5 == 4 {
		d.Problems = []string{"A1: the deck has 38 cards besides the Hero; a constructed deck has at least 39.",
			"A1: 4 copies of “Ogre Bodyguard”; at most 3 cards of the same name."}
	}
	if i%7 == 6 {
		d.Warnings = []string{"A1: the rarity of “Tempest” is not known: count the rare cards by hand (at most 15)."}
	}
	return d
}

// testDecklists returns the decks of n players.
func testDecklists(n int) Decklists {
	d := Decklists{EventName: "Friday Night Altered", FormatName: "Altered · Standard constructed", Date: time.Date(2025, 11, 21, 0, 0, 0, 0, time.UTC)}
	for i := range n {
		d.Decks = append(d.Decks, testDeck(i))
	}
	return d
}

// hundredNames returns a Shadowfist One Hundred Names deck: a hundred
// single cards, too many for a page.
func hundredNames() Decklist {
	d := Decklist{Player: "Zoë Łukasz", DeckName: "One Hundred Names", Unchecked: true}
	s := DeckSection{Title: "Cards"}
	for i := range 160 {
		s.Cards = append(s.Cards, DeckCard{Count: 1, Name: cardName(i)})
	}
	d.Sections = []DeckSection{s, {Title: "No Max", Cards: []DeckCard{{Count: 12, Name: "Dragon Mountain"}}}}
	return d
}

func TestWriteDecklistsPrintsEveryDeck(t *testing.T) {
	d := testDecklists(5)
	d.Decks[1].Player = "李小龍"
	d.Decks[2].Player = longName
	d.Decks[3].DeckName = longName
	pdf := writeTestPDF(t, func(w io.Writer) error { return WriteDecklists(w, d, testOptions("")) })
	if got := pageCount(pdf); got != 5 {
		t.Errorf("%d pages for 5 decks", got)
	}
	text := pdfText(t, pdf)
	containsAll(t, "the deck lists", text, "Friday Night Altered", "Deck registration", "Altered · Standard constructed",
		"Page 5 of 5", "Æmber Ødegård", "李小龍", "Maximiliana", "…", "AL-001000", "Member no.", "Deck", "Axiom Rush",
		"Registered", "21 Nov 2025, 18:00", "Locked", "22 Nov 2025, 09:55", "Not locked",
		"Legal", "Not legal: 2 problems", "Problems", "at most 3 cards of the same name",
		"Deck list", "Hero", "Characters", "Spells", "Permanents", "Sakarabu, Deity of the Deep", "Æmber Imp", "龍の咆哮")
	if strings.Contains(text, longName) {
		t.Error("the 100-character name printed whole")
	}
}

func TestWriteDecklistsGoesOnOverPagesForALongList(t *testing.T) {
	d := Decklists{EventName: "Shadowfist Saturday", FormatName: "Shadowfist · One Hundred Names", Decks: []Decklist{hundredNames(), testDeck(0)}}
	c := layOut(t, "A4", func(c *canvas) { layoutDecklists(c, d) })
	checkLayout(t, c)
	texts := pageTexts(c)
	if len(texts) != 3 {
		t.Fatalf("%d pages, want 2 for the long list and 1 for the other", len(texts))
	}
	containsAll(t, "the long list's second page", texts[1], "Zoë Łukasz (continued)", "Cards (continued)", "No Max", "Dragon Mountain")
	containsAll(t, "the long list", texts[0], "Not checked", "172 cards")
	// Three columns a page: long names shrink or are cut.
	for i := range 160 {
		if name := string([]rune(cardName(i))[:min(20, len([]rune(cardName(i))))]); !strings.Contains(texts[0]+texts[1], name) {
			t.Errorf("%q is missing", name)
		}
	}
}

func TestDecklistsLayoutKeepsTextInItsBoxes(t *testing.T) {
	for _, n := range []int{0, 1, 8, 64, 512} {
		for _, paper := range []string{"A4", "Letter"} {
			d := testDecklists(n)
			for i := range d.Decks {
				switch i % 9 {
				case 2:
					d.Decks[i].Player, d.Decks[i].DeckName, d.Decks[i].MemberNumber = longName, longName, longName
				case 4:
					d.Decks[i].Player = strings.Repeat("龍", 40)
					d.Decks[i].Problems = append(d.Decks[i].Problems, strings.Repeat("龍", 300), longName+" "+longName)
				}
			}
			if n > 0 {
				d.Decks = append(d.Decks, hundredNames())
			}
			checkLayout(t, layOut(t, paper, func(c *canvas) { layoutDecklists(c, d) }))
		}
	}
}

func TestDecklistsGolden(t *testing.T) {
	d := testDecklists(5)
	d.Decks[1].Player = "李小龍"
	d.Decks[2].Player = longName
	checkGolden(t, "decklists-5", layOut(t, "A4", func(c *canvas) { layoutDecklists(c, d) }))
}

func TestWriteDecklistsIsByteStable(t *testing.T) {
	d := testDecklists(20)
	checkByteStable(t, "deck lists", func(w io.Writer) error { return WriteDecklists(w, d, testOptions("")) })
}

func TestWriteDecklistsRejectsListsItCannotPrint(t *testing.T) {
	var buf bytes.Buffer
	bad := Decklists{Decks: []Decklist{{Player: "Ann", Sections: []DeckSection{{Cards: []DeckCard{{Count: 0, Name: "Imp"}}}}}}}
	if err := WriteDecklists(&buf, bad, Options{}); err == nil || !strings.Contains(err.Error(), "at least one copy") {
		t.Errorf("err = %v, want one about copies", err)
	}
	if err := WriteDecklists(&buf, Decklists{}, Options{Paper: "A3"}); err == nil {
		t.Error("no error for paper A3")
	}
	if buf.Len() != 0 {
		t.Errorf("%d bytes written for rejected deck lists", buf.Len())
	}
}

// blankSheets are the registration sheets of the four games.
var blankSheets = map[string]BlankDecklist{
	"altered": {EventName: "Friday Night Altered", FormatName: "Altered · Standard constructed", Fields: []string{"Hero"},
		Sections: []string{"Characters", "Spells", "Permanents"}, Lines: 15,
		Notes: []string{"Exactly one Hero; at least 39 other cards, all of the Hero's faction; at most 3 cards of the same name, 15 rare cards and 3 unique cards (A1)."}},
	"heresy": {EventName: "Heresy at the Keep", FormatName: "Heresy · Reascension", Sections: []string{"Cards", "Locations"},
		Notes: []string{"At least 60 cards; at most 4 copies of a card, except locations (H1)."}},
	"keyforge": {EventName: "KeyForge Vault Tour", FormatName: "KeyForge · Archon Standard", Fields: []string{"Set", "Houses"},
		Sections: []string{"House 1", "House 2", "House 3"}, Lines: 12,
		Notes: []string{"An Archon deck is registered by its deck list: name, set and three houses (K2)."}},
	"shadowfist": {EventName: "Shadowfist Saturday", FormatName: "Shadowfist · Final Brawl", Sections: []string{"Cards", "No Max"},
		Notes: []string{"At most 5 copies of a title, except No Max cards (S2).", "No changes after the first round without the head judge."}},
	"generic": {EventName: "Store Championship", FormatName: "Any card game"},
}

func TestWriteBlankDecklistPrintsTheFieldsAndSections(t *testing.T) {
	for name, b := range blankSheets {
		t.Run(name, func(t *testing.T) {
			pdf := writeTestPDF(t, func(w io.Writer) error { return WriteBlankDecklist(w, b, testOptions("")) })
			if got := pageCount(pdf); got != 1 {
				t.Errorf("%d pages, want 1", got)
			}
			text := pdfText(t, pdf)
			containsAll(t, "the sheet", text, "Player name", "Member number", "Deck name", "Signature", "Date", b.FormatName)
			containsAll(t, "the sheet", text, b.Fields...)
			containsAll(t, "the sheet", text, b.Sections...)
			for _, n := range b.Notes {
				containsAll(t, "the sheet", strings.Join(strings.Fields(text), " "), n[:30])
			}
		})
	}
}

// blankLines counts the lines to write a card on, by section, in c.
func blankLines(c *canvas) int {
	n := 0
	for _, pg := range c.pages {
		for _, op := range pg.ops {
			if op.kind == opLine && op.x != op.x2 && op.color == colorRule {
				n++
			}
		}
	}
	return n
}

func TestBlankDecklistHasTheLinesItAsksFor(t *testing.T) {
	kf := blankSheets["keyforge"]
	c := layOut(t, "A4", func(c *canvas) { layoutBlankDecklist(c, kf) })
	checkLayout(t, c)
	if got := blankLines(c); got != 36 {
		t.Errorf("%d lines on the KeyForge sheet, want 3 houses of 12", got)
	}
	// Three houses side by side: three headings on the same baseline.
	var ys []float64
	for _, op := range c.pages[0].ops {
		if op.kind == opText && strings.HasPrefix(op.sp.String(), "House ") {
			ys = append(ys, op.y)
		}
	}
	if len(ys) != 3 || ys[0] != ys[1] || ys[1] != ys[2] {
		t.Errorf("the houses' headings are at %v, want three side by side", ys)
	}
	long := BlankDecklist{FormatName: "Heresy", Sections: []string{"Cards"}, Lines: 150}
	c = layOut(t, "Letter", func(c *canvas) { layoutBlankDecklist(c, long) })
	checkLayout(t, c)
	if got := blankLines(c); got != 150 {
		t.Errorf("%d lines, want 150", got)
	}
	if len(c.pages) < 2 {
		t.Errorf("150 lines on %d page", len(c.pages))
	}
}

func TestBlankDecklistLayoutKeepsTextInItsBoxes(t *testing.T) {
	for _, paper := range []string{"A4", "Letter"} {
		for _, b := range blankSheets {
			checkLayout(t, layOut(t, paper, func(c *canvas) { layoutBlankDecklist(c, b) }))
		}
		for _, lines := range []int{1, 8, 40, 200} {
			b := BlankDecklist{EventName: longName, FormatName: longName, Fields: []string{longName, "Set", "Houses"},
				Sections: []string{longName, "龍", "Spells", "Permanents", "Extra"}, Lines: lines, Notes: []string{strings.Repeat(longName+" ", 5)}}
			checkLayout(t, layOut(t, paper, func(c *canvas) { layoutBlankDecklist(c, b) }))
		}
	}
}

func TestBlankDecklistGolden(t *testing.T) {
	checkGolden(t, "blank-decklist-keyforge", layOut(t, "A4", func(c *canvas) { layoutBlankDecklist(c, blankSheets["keyforge"]) }))
	checkGolden(t, "blank-decklist-heresy-letter", layOut(t, "Letter", func(c *canvas) { layoutBlankDecklist(c, blankSheets["heresy"]) }))
}

// BenchmarkWriteDecklists512 writes the deck lists of 512 players.
func BenchmarkWriteDecklists512(b *testing.B) {
	d := testDecklists(512)
	b.ReportAllocs()
	for b.Loop() {
		if err := WriteDecklists(io.Discard, d, Options{Created: testDate}); err != nil {
			b.Fatal(err)
		}
	}
}
