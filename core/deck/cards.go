package deck

import (
	"bytes"
	"encoding/csv"
	"errors"
	"io"
	"strings"

	"tablekeeper/core/i18n"
)

// Rarity is a card's rarity, lower case: Common, Rare, Unique, or whatever
// other word a card list uses ("uncommon", "special").
type Rarity string

// The rarities the rules count (A1: at most 15 rare and 3 unique cards).
const (
	Common Rarity = "common"
	Rare   Rarity = "rare"
	Unique Rarity = "unique"
)

// parseRarity reads "C", "R", "U" or a rarity's name, in any case.
func parseRarity(s string) Rarity {
	switch key := foldName(s); key {
	case "c", "common":
		return Common
	case "r", "rare":
		return Rare
	case "u", "unique":
		return Unique
	default:
		return Rarity(key)
	}
}

// The card types the rules look for. A card's Type is compared word by
// word, so "Token Creature", "Location - Holy" and "Hero" all match.
const (
	// TypeHero: Altered's Hero (A1, A2).
	TypeHero = "hero"
	// TypeLocation: Heresy's locations, which have no copy limit (H1).
	TypeLocation = "location"
	// TypeApocalypse: Heresy's Apocalypse cards, banned in Armageddon (H6).
	TypeApocalypse = "apocalypse"
	// TypeTokenCreature: KeyForge's token creature reference card (K3).
	TypeTokenCreature = "token creature"
	// TypeTide: KeyForge's Tide reference card (K3).
	TypeTide = "tide"
)

// Card holds the facts about one card (one version of it) that deck rules
// need. Empty fields are unknown.
type Card struct {
	// Name is the card's name (Shadowfist's title).
	Name string
	// Faction is an Altered faction (Axiom, Bravos, Lyra, Muna, Ordis,
	// Yzmir), or "Neutral"; a Shadowfist or Heresy faction is kept but
	// unused.
	Faction string
	// Rarity is the card's rarity.
	Rarity Rarity
	// Type is the card's type, lower case ("hero", "character", "location",
	// "feng shui site", "token creature", "tide", "apocalypse").
	Type string
	// NoMax is true for Shadowfist cards printed "No Max", exempt from the
	// five-copy limit (S2).
	NoMax bool
	// Designators are a Shadowfist character's designators ("Dragon",
	// "Hacker"), for Comrades in Arms (S3).
	Designators []string
	// Set is the set the card is printed in.
	Set string
	// House is a KeyForge card's house.
	House string
}

// Is reports whether the card's type has the given type's words in a row:
// a "token creature" Is TypeTokenCreature, a "location - holy" Is
// TypeLocation.
func (c Card) Is(typ string) bool {
	return hasWords(c.Type, typ)
}

// hasWords reports whether the folded words of want appear in a row in s.
func hasWords(s, want string) bool {
	words := strings.FieldsFunc(foldName(s), func(r rune) bool {
		return r == ' ' || r == '-' || r == '/' || r == ',' || r == '.' || r == '—'
	})
	w := strings.Fields(foldName(want))
	for i := 0; i+len(w) <= len(words); i++ {
		match := true
		for j := range w {
			if words[i+j] != w[j] && words[i+j] != w[j]+"s" {
				match = false
				break
			}
		}
		if match && len(w) > 0 {
			return true
		}
	}
	return false
}

// CardList is the card data an organizer imports: every version of every
// card the deck rules may ask about. The zero CardList is empty, and then
// every fact that only a card list gives is reported as unknown.
type CardList struct {
	cards []Card
	index map[string][]int // folded name → positions in cards
}

// NewCardList returns a card list holding the given cards, in order. Cards
// without a name are left out.
func NewCardList(cards ...Card) CardList {
	l := CardList{index: map[string][]int{}}
	for _, c := range cards {
		key := foldName(c.Name)
		if key == "" {
			continue
		}
		c.Type = strings.ToLower(cleanLine(c.Type))
		c.Designators = append([]string(nil), c.Designators...)
		l.index[key] = append(l.index[key], len(l.cards))
		l.cards = append(l.cards, c)
	}
	return l
}

// Len returns the number of cards (versions) in the list.
func (l CardList) Len() int { return len(l.cards) }

// Cards returns a copy of the cards, in order.
func (l CardList) Cards() []Card {
	out := make([]Card, len(l.cards))
	for i, c := range l.cards {
		c.Designators = append([]string(nil), c.Designators...)
		out[i] = c
	}
	return out
}

// Lookup returns every version of the named card (names compare as in a
// decklist: without case, marks or extra spaces), or nil.
func (l CardList) Lookup(name string) []Card {
	var out []Card
	for _, i := range l.index[foldName(name)] {
		c := l.cards[i]
		c.Designators = append([]string(nil), c.Designators...)
		out = append(out, c)
	}
	return out
}

// RowError is a row of a card list file that could not be loaded.
type RowError struct {
	// Row is the row number as a spreadsheet or a text editor shows it
	// (the line the row starts on): the header is row 1. Zero means the
	// file as a whole.
	Row int
	// Message is the whole sentence for the organizer: the row and the
	// reason, and how to fix it, in English.
	Message string
	// Sentence is Message to say in the reader's language (In).
	Sentence i18n.Text
}

// Error returns the message.
func (e RowError) Error() string { return e.Message }

// In says the error in l.
func (e RowError) In(l i18n.Lang) string {
	return e.Sentence.InOr(l, e.Message)
}

// rowError is the error of row (0: the file as a whole) saying said.
func rowError(row int, said i18n.Text) RowError {
	return RowError{Row: row, Message: said.String(), Sentence: said}
}

// cardColumns maps folded header names to the field they fill; read only.
var cardColumns = [...]struct{ header, field string }{
	{"name", "name"}, {"card", "name"}, {"card name", "name"}, {"title", "name"}, {"card title", "name"},
	{"faction", "faction"},
	{"rarity", "rarity"},
	{"type", "type"}, {"card type", "type"}, {"type line", "type"},
	{"no max", "nomax"}, {"nomax", "nomax"},
	{"designator", "designators"}, {"designators", "designators"},
	{"set", "set"}, {"expansion", "set"}, {"edition", "set"}, {"set name", "set"},
	{"house", "house"},
}

// ReadCardList reads a card list from a CSV file an organizer exported
// from a spreadsheet or a card database. The first row names the columns,
// in any order and any case:
//
//	name         the card's name (required; also "card", "title")
//	faction      Altered faction
//	rarity       C, R, U, common, rare, unique or another word
//	type         hero, character, location, token creature, tide, …
//	no max       yes/no (also true/false, 1/0, x or empty)
//	designators  Shadowfist designators, separated by ";", ",", "/" or "|"
//	set          the set
//	house        KeyForge house
//
// Other columns are ignored and missing ones are simply unknown. Commas,
// semicolons or tabs separate the fields (the first row decides); a
// byte-order mark is skipped. A row that cannot be loaded is left out and
// reported with its row number and reason; the good rows still load. Blank
// rows are skipped.
func ReadCardList(r io.Reader) (CardList, []RowError) {
	data, err := io.ReadAll(r)
	if err != nil {
		return NewCardList(), []RowError{rowError(0, i18n.F("The card list could not be read (%s); try saving it again as CSV.", err.Error()))}
	}
	data = bytes.TrimPrefix(data, []byte("\xEF\xBB\xBF"))
	cr := csv.NewReader(bytes.NewReader(data))
	cr.Comma = sniffDelimiter(data)
	cr.FieldsPerRecord = -1
	cr.LazyQuotes = true
	cr.TrimLeadingSpace = true

	header, err := cr.Read()
	if err != nil {
		return NewCardList(), []RowError{rowError(1, i18n.F("Row 1: the card list is empty; its first row must name the columns, e.g. \"name,faction,rarity,type\"."))}
	}
	columns := map[string]int{}
	for i, h := range header {
		key := foldName(strings.NewReplacer("_", " ", "-", " ").Replace(h))
		for _, c := range cardColumns {
			if c.header == key {
				if _, seen := columns[c.field]; !seen {
					columns[c.field] = i
				}
			}
		}
	}
	if _, ok := columns["name"]; !ok {
		return NewCardList(), []RowError{rowError(1, i18n.F("Row 1: no column is called \"name\"; the first row must name the columns, e.g. \"name,faction,rarity,type\"."))}
	}

	var cards []Card
	var errs []RowError
	for {
		rec, err := cr.Read()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			var perr *csv.ParseError
			if !errors.As(err, &perr) {
				errs = append(errs, rowError(0, i18n.F("The card list could not be read to the end (%s); try saving it again as CSV.", err.Error())))
				break
			}
			errs = append(errs, rowError(perr.StartLine, i18n.F("Row %d: %s; check the quotes in that row.", perr.StartLine, err.Error())))
			continue
		}
		row, _ := cr.FieldPos(0)
		card, fix := cardRow(rec, columns)
		switch {
		case fix.IsZero() && card.Name == "":
			// A blank row.
		case !fix.IsZero():
			errs = append(errs, rowError(row, i18n.F("Row %d: %s", row, fix)))
		default:
			cards = append(cards, card)
		}
	}
	return NewCardList(cards...), errs
}

// sniffDelimiter picks the separator the first row uses most: comma,
// semicolon (spreadsheets in many European locales) or tab.
func sniffDelimiter(data []byte) rune {
	first, _, _ := bytes.Cut(data, []byte("\n"))
	best, most := ',', bytes.Count(first, []byte(","))
	for _, d := range []rune{';', '\t'} {
		if n := bytes.Count(first, []byte(string(d))); n > most {
			best, most = d, n
		}
	}
	return best
}

// cardRow reads one record; fix says what is wrong with it. A blank record
// gives a card without a name and no fix.
func cardRow(rec []string, columns map[string]int) (Card, i18n.Text) {
	get := func(field string) string {
		i, ok := columns[field]
		if !ok || i >= len(rec) {
			return ""
		}
		return cleanLine(rec[i])
	}
	card := Card{
		Name:    get("name"),
		Faction: get("faction"),
		Type:    strings.ToLower(get("type")),
		Set:     get("set"),
		House:   get("house"),
	}
	if r := get("rarity"); r != "" {
		card.Rarity = parseRarity(r)
	}
	for _, d := range strings.FieldsFunc(get("designators"), func(r rune) bool {
		return strings.ContainsRune(";,/|", r)
	}) {
		if d = strings.TrimSpace(d); d != "" {
			card.Designators = append(card.Designators, d)
		}
	}
	noMax := get("nomax")
	switch foldName(noMax) {
	case "", "no", "n", "false", "0", "-":
	case "yes", "y", "true", "1", "x", "no max", "nomax", "✓", "✔", "*":
		card.NoMax = true
	default:
		return Card{}, i18n.F("%s in the \"no max\" column is not yes or no; write yes, or leave it empty.", quote(noMax))
	}
	if card.Name == "" {
		for _, f := range rec {
			if cleanLine(f) != "" {
				return Card{}, i18n.F("the row has no card name; fill in the \"name\" column or delete the row.")
			}
		}
	}
	return card, i18n.Text{}
}
