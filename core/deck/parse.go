package deck

import (
	"strconv"
	"strings"
	"unicode"

	"tablekeeper/core/i18n"
)

// MaxQuantity is the largest number of copies one decklist line may ask
// for. A bigger number is nearly always a slip ("300 Goblin") or a card
// whose name starts with a number written without a quantity.
const MaxQuantity = 99

// List is a parsed decklist: its cards in the order they first appear, and
// the facts the list itself states about the deck.
type List struct {
	// Entries holds one entry per card name, in the order of first mention.
	Entries []Entry
	// Name is the deck's name, from a "Deck:" or "Name:" line, or the first
	// line of a KeyForge deck list (ParseArchon). Empty when not given.
	Name string
	// Set is the deck's set, from a "Set:" line or the second line of a
	// KeyForge deck list, as the player wrote it.
	Set string
	// Houses are a KeyForge deck's three houses, from a "Houses:" line or
	// the third line of a KeyForge deck list, as the player wrote them.
	Houses []string
	// Letters are the letters chosen for Shadowfist's Ritual of the
	// Unnameable (S3), upper case, from a "Letters: A B T" line. Nil when
	// the list names none.
	Letters []rune
}

// Entry is one card of a decklist with the number of copies.
type Entry struct {
	// Name is the card's name as first spelled in the list.
	Name string
	// Count is the number of copies, summed over every line that names the
	// card; at least 1.
	Count int
	// Section is the title of the section the card was first listed under,
	// as written ("Hero", "Feng Shui Sites", "Brobnar"); empty when none.
	// A section can state a fact about its cards: see the package doc.
	Section string
	// Rarity is the rarity written on the line, as in "3 Sierra & Oddball
	// (R)"; empty when the line gives none. Lines naming the same card with
	// different rarities are kept apart, since Altered prints the same name
	// at several rarities.
	Rarity Rarity
	// Line is the line number (from 1) the card is first named on.
	Line int
}

// Total returns the number of cards in the list.
func (l List) Total() int {
	n := 0
	for _, e := range l.Entries {
		n += e.Count
	}
	return n
}

// Copies returns how many copies of the card with this name the list holds,
// over all its rarities; names compare as Parse merges them (case, marks and
// spacing ignored).
func (l List) Copies(name string) int {
	key := foldName(name)
	n := 0
	for _, e := range l.Entries {
		if foldName(e.Name) == key {
			n += e.Count
		}
	}
	return n
}

// LineError is a decklist line that could not be read, with the sentence
// that tells the player how to write it.
type LineError struct {
	// Line is the line number, from 1.
	Line int
	// Text is the line as it reads after spaces are tidied.
	Text string
	// Message is the whole sentence for the player: the line number, the
	// text and how to fix it, in English.
	Message string
	// Sentence is Message to say in the reader's language (In).
	Sentence i18n.Text
}

// Error returns the message.
func (e LineError) Error() string { return e.Message }

// In says the error in l.
func (e LineError) In(l i18n.Lang) string {
	return e.Sentence.InOr(l, e.Message)
}

// Parse reads a decklist in the forms players and deckbuilding sites use,
// one card per line:
//
//	3 Card Name        3x Card Name        3 x Card Name
//	Card Name x3       Card Name           (a bare name is one copy)
//	3 Card Name (R)    (a rarity tag: C, R, U, common, rare or unique)
//
// Section titles ("Hero:", "Characters", "Spells (12)", "Hero: Card Name"
// for a one-line section), "#" and "//" comments, blank and decorative
// lines ("----") are understood. So are the keyed lines "Deck:"/"Name:",
// "Set:", "Houses:" and "Letters:" (see List). Tabs, byte-order marks, CRLF
// or CR line ends, repeated and trailing spaces are tolerated; names may be
// in any script.
//
// A card named on several lines is one entry: names compare without case,
// marks or extra spaces ("Æmber" = "AEmber"), the first spelling is kept and
// the counts add up. Quantities run from 1 to MaxQuantity.
//
// Lines that cannot be read are skipped and returned as LineErrors, one per
// line, in order; the rest of the list is still read. Parse never panics.
func Parse(text string) (List, []LineError) {
	p := newParser()
	for i, raw := range splitLines(text) {
		p.line(i+1, cleanLine(raw))
	}
	return p.list, p.errs
}

// ParseArchon reads a KeyForge Archon deck list (K2). Its first lines give
// the deck's identity, either keyed:
//
//	Deck: Tuca, the Sleepless Smuggler
//	Set: Call of the Archons
//	Houses: Brobnar, Dis, Logos
//
// or, as on the Master Vault and Decks of KeyForge pages, by position: the
// first line is the name, the second the set, the third the houses
// (separated by commas, slashes, "•" or "|"). The header ends when all three
// are known or at the first line with a quantity. The cards follow, best
// under a title naming their house ("Brobnar" or "Brobnar (12)"), so that
// each house pod can be checked; a "Token:" line names a Winds of Exchange
// deck's token creature. The rest is read as Parse reads it.
func ParseArchon(text string) (List, []LineError) {
	p := newParser()
	header := true
	for i, raw := range splitLines(text) {
		n, s := i+1, cleanLine(raw)
		if header {
			if ignorable(s) {
				continue
			}
			if p.meta(n, s) {
				header = p.list.Name == "" || p.list.Set == "" || len(p.list.Houses) == 0
				continue
			}
			if _, _, ok := leadingQuantity(strings.Split(s, " ")); !ok && !p.isSection(s) && !strings.HasSuffix(s, ":") {
				switch {
				case p.list.Name == "":
					p.list.Name = s
				case p.list.Set == "":
					p.list.Set = s
				default:
					p.setHouses(n, s, s)
				}
				header = p.list.Name == "" || p.list.Set == "" || len(p.list.Houses) == 0
				continue
			}
			header = false
		}
		p.line(n, s)
	}
	return p.list, p.errs
}

// splitLines splits text at LF, CRLF or a lone CR.
func splitLines(text string) []string {
	text = strings.ReplaceAll(text, "\r\n", "\n")
	text = strings.ReplaceAll(text, "\r", "\n")
	return strings.Split(text, "\n")
}

// parser holds the state of one Parse.
type parser struct {
	list    List
	errs    []LineError
	index   map[string]int // merge key → index in list.Entries
	section string
	houses  map[string]bool // folded houses from the "Houses:" line
}

func newParser() *parser {
	return &parser{index: map[string]int{}, houses: map[string]bool{}}
}

// fail records a line error.
func (p *parser) fail(n int, s string, fix i18n.Text) {
	said := i18n.F("Line %d %s: %s", n, quote(s), fix)
	p.errs = append(p.errs, LineError{Line: n, Text: s, Message: said.String(), Sentence: said})
}

// ignorable reports whether a cleaned line carries nothing: blank, a
// comment, or decoration without a letter or digit.
func ignorable(s string) bool {
	if s == "" || strings.HasPrefix(s, "#") || strings.HasPrefix(s, "//") {
		return true
	}
	return strings.IndexFunc(s, func(r rune) bool {
		return unicode.IsLetter(r) || unicode.IsDigit(r)
	}) < 0
}

// line reads one cleaned line.
func (p *parser) line(n int, s string) {
	if ignorable(s) {
		return
	}
	if i := strings.Index(s, " //"); i > 0 {
		s = strings.TrimSpace(s[:i])
	}
	fields := strings.Split(s, " ")
	if _, _, ok := leadingQuantity(fields); ok {
		p.card(n, s, s, p.section)
		return
	}
	if p.meta(n, s) {
		return
	}
	if title, ok := strings.CutSuffix(s, ":"); ok {
		p.section = strings.TrimSpace(title)
		return
	}
	if key, value, ok := strings.Cut(s, ":"); ok && p.isSection(key) {
		p.card(n, s, strings.TrimSpace(value), strings.TrimSpace(key))
		return
	}
	if title, count, ok := countedTitle(s); ok {
		if p.isSection(title) {
			p.section = title
			return
		}
		p.fail(n, s, i18n.F("cannot tell whether this is a section title or %s copies of %s; write %s for cards, or %s for a section.",
			count, quote(title), quote(count+" "+title), quote(title+":")))
		return
	}
	if p.isSection(s) {
		p.section = s
		return
	}
	p.card(n, s, s, p.section)
}

// countedTitle splits "Spells (12)" into "Spells" and "12".
func countedTitle(s string) (title, count string, ok bool) {
	rest, found := strings.CutSuffix(s, ")")
	if !found {
		return "", "", false
	}
	i := strings.LastIndex(rest, "(")
	if i <= 0 || !allDigits(rest[i+1:]) {
		return "", "", false
	}
	title = strings.TrimSpace(rest[:i])
	return title, rest[i+1:], title != ""
}

// metaKeys maps the folded keys of keyed lines to what they set.
func metaKey(key string) string {
	switch foldName(key) {
	case "letters", "letter", "ritual letters":
		return "letters"
	case "deck", "deck name", "name":
		return "name"
	case "set", "expansion":
		return "set"
	case "houses", "house":
		return "houses"
	case "total", "total cards", "cards", "card count":
		return "total"
	}
	return ""
}

// meta reads a keyed line ("Set: Mass Mutation") and reports whether it was
// one.
func (p *parser) meta(n int, s string) bool {
	key, value, ok := strings.Cut(s, ":")
	if !ok {
		return false
	}
	value = strings.TrimSpace(value)
	switch metaKey(key) {
	case "letters":
		p.setLetters(n, s, value)
	case "name":
		if value == "" {
			return false // "Deck:" alone is a section title
		}
		if p.list.Name != "" {
			p.fail(n, s, i18n.F("the deck already has a name, %s; keep one name line.", quote(p.list.Name)))
			return true
		}
		p.list.Name = value
	case "set":
		if value == "" {
			p.fail(n, s, i18n.F("no set is written after \"Set:\"; write e.g. \"Set: Mass Mutation\"."))
			return true
		}
		if p.list.Set != "" {
			p.fail(n, s, i18n.F("the deck already has a set, %s; keep one set line.", quote(p.list.Set)))
			return true
		}
		p.list.Set = value
	case "houses":
		p.setHouses(n, s, value)
	case "total":
		if !allDigits(strings.ReplaceAll(value, " ", "")) {
			return false
		}
	default:
		return false
	}
	return true
}

// setLetters reads the value of a "Letters:" line.
func (p *parser) setLetters(n int, s, value string) {
	var letters []rune
	for _, r := range value {
		if !unicode.IsLetter(r) {
			continue
		}
		l := initial(string(r))
		if !strings.ContainsRune(string(letters), l) {
			letters = append(letters, l)
		}
	}
	if len(letters) == 0 {
		p.fail(n, s, i18n.F("no letters are written; write the three letters the titles start with, e.g. \"Letters: A B T\"."))
		return
	}
	p.list.Letters = letters
}

// setHouses reads a list of houses.
func (p *parser) setHouses(n int, s, value string) {
	if len(p.list.Houses) > 0 {
		p.fail(n, s, i18n.F("the deck's houses are already given (%s); keep one houses line.", strings.Join(p.list.Houses, ", ")))
		return
	}
	houses := strings.FieldsFunc(value, func(r rune) bool {
		return strings.ContainsRune(",/;|•·", r)
	})
	for _, h := range houses {
		if h = strings.TrimSpace(h); h != "" {
			p.list.Houses = append(p.list.Houses, h)
			p.houses[foldName(h)] = true
		}
	}
	if len(p.list.Houses) == 0 {
		p.fail(n, s, i18n.F("no houses are written; write the deck's three houses, e.g. \"Houses: Brobnar, Dis, Logos\"."))
	}
}

// isSection reports whether a title standing alone on a line, or before
// "(12)" or before "Hero: Card Name"'s colon, is a section title: one of the
// deck's houses, "No Max", "Deck", "Cards", or a kind of card with at most a
// known qualifier ("Characters", "Hero", "Feng Shui Sites", "Token
// Creature"). "Library Card" is a card, not a section.
func (p *parser) isSection(title string) bool {
	key := foldName(title)
	if p.houses[key] {
		return true
	}
	switch key {
	case "no max", "deck", "main", "main deck", "maindeck":
		return true
	}
	words := strings.Split(key, " ")
	last := words[len(words)-1]
	if sectionWord(last) == "" {
		return false
	}
	if len(words) == 1 {
		return true
	}
	prefix := strings.Join(words[:len(words)-1], " ")
	for _, q := range sectionQualifiers {
		if prefix == q {
			return true
		}
	}
	return false
}

// sectionQualifiers are the words that may come before a kind of card in a
// section title ("Feng Shui Sites"); read only.
var sectionQualifiers = [...]string{
	"feng shui", "foundation", "non-foundation", "token", "landmark",
	"expedition", "other", "common", "rare", "unique", "no max",
}

// sectionWords are the kinds of card a section title may name, in the
// singular; read only.
var sectionWords = [...]string{
	"hero", "character", "spell", "permanent", "landmark", "token", "location",
	"site", "creature", "action", "artifact", "upgrade", "event", "state",
	"edge", "foundation", "tide", "apocalypse", "card",
}

// sectionWord returns the kind of card one folded word names, in the
// singular ("sites" → "site", "heroes" → "hero"), or "".
func sectionWord(word string) string {
	if s, ok := strings.CutSuffix(word, "oes"); ok {
		word = s + "o"
	} else {
		word = strings.TrimSuffix(word, "s")
	}
	for _, w := range sectionWords {
		if w == word {
			return w
		}
	}
	return ""
}

// card reads a card line: text is the part that names the card (the whole
// line, or what follows "Hero:"), s the whole line for messages.
func (p *parser) card(n int, s, text, section string) {
	fields := strings.Split(text, " ")
	if text == "" {
		p.fail(n, s, i18n.F("no card is named; write e.g. \"1 Card Name\", or delete the line."))
		return
	}
	count := 1
	lead, rest, hasLead := leadingQuantity(fields)
	trail, rest2, hasTrail := trailingQuantity(rest)
	switch {
	case hasLead && hasTrail:
		p.fail(n, s, i18n.F("the line gives two quantities; keep one, e.g. %s.", quote(trail+" "+strings.Join(rest2, " "))))
		return
	case hasTrail:
		lead, rest = trail, rest2
		fallthrough
	case hasLead:
		c, fix := quantity(lead, strings.Join(rest, " "))
		if !fix.IsZero() {
			p.fail(n, s, fix)
			return
		}
		count = c
	default:
		if _, _, alone := leadingQuantity(append(fields[:1:1], "name")); alone && len(fields) == 1 {
			p.fail(n, s, i18n.F("no card name is written; write the line as \"3 Card Name\"."))
			return
		}
		if f := fields[0]; len(f) > 1 && (f[0] == '-' || f[0] == '+') && allDigits(f[1:]) {
			p.fail(n, s, i18n.F("a quantity must be from 1 to %d; write e.g. %s, or delete the line.", MaxQuantity, quote("1 "+strings.Join(fields[1:], " "))))
			return
		}
	}
	name := strings.Join(rest, " ")
	name, rarity := rarityTag(name)
	if ignorable(name) {
		p.fail(n, s, i18n.F("no card name is written; write the line as \"3 Card Name\"."))
		return
	}
	key := foldName(name) + "\x00" + string(rarity)
	if i, ok := p.index[key]; ok {
		p.list.Entries[i].Count += count
		return
	}
	p.index[key] = len(p.list.Entries)
	p.list.Entries = append(p.list.Entries, Entry{
		Name: name, Count: count, Section: section, Rarity: rarity, Line: n,
	})
}

// leadingQuantity splits "3 Name", "3x Name" and "3 x Name" (a lower-case
// x or ×; "3 X-Ray" is three X-Rays) into the digits and the rest.
func leadingQuantity(fields []string) (digits string, rest []string, ok bool) {
	if len(fields) < 2 {
		return "", fields, false
	}
	f := fields[0]
	if allDigits(f) {
		if len(fields) > 2 && (fields[1] == "x" || fields[1] == "×") {
			return f, fields[2:], true
		}
		return f, fields[1:], true
	}
	for _, x := range []string{"x", "X", "×"} {
		if d, found := strings.CutSuffix(f, x); found && allDigits(d) {
			return d, fields[1:], true
		}
	}
	return "", fields, false
}

// trailingQuantity splits "Name x3", "Name X3", "Name ×3" and "Name x 3"
// into the digits and the name's words.
func trailingQuantity(fields []string) (digits string, rest []string, ok bool) {
	n := len(fields)
	if n >= 3 && (fields[n-2] == "x" || fields[n-2] == "×") && allDigits(fields[n-1]) {
		return fields[n-1], fields[:n-2], true
	}
	if n >= 2 {
		for _, x := range []string{"x", "X", "×"} {
			if d, found := strings.CutPrefix(fields[n-1], x); found && allDigits(d) {
				return d, fields[:n-1], true
			}
		}
	}
	return "", fields, false
}

// quantity checks a quantity's digits; fix is the message when it is out
// of range.
func quantity(digits, name string) (n int, fix i18n.Text) {
	trimmed := strings.TrimLeft(digits, "0")
	if trimmed == "" {
		return 0, i18n.F("0 copies is not a quantity; write a number from 1 to %d, or delete the line.", MaxQuantity)
	}
	if len(trimmed) <= 2 {
		n, _ = strconv.Atoi(trimmed)
		return n, i18n.Text{}
	}
	return 0, i18n.F("%s copies is more than a deck can hold; a quantity must be from 1 to %d. If the number is part of the card's name, put the quantity first, e.g. %s.",
		digits, MaxQuantity, quote("1 "+digits+" "+name))
}

// rarityTag takes a trailing rarity tag, "(R)", "[rare]", off a name.
func rarityTag(name string) (string, Rarity) {
	for _, pair := range [...][2]string{{"(", ")"}, {"[", "]"}} {
		rest, ok := strings.CutSuffix(name, pair[1])
		if !ok {
			continue
		}
		i := strings.LastIndex(rest, pair[0])
		if i < 0 {
			continue
		}
		r := parseRarity(rest[i+1:])
		if r != Common && r != Rare && r != Unique {
			continue
		}
		return strings.TrimSpace(rest[:i]), r
	}
	return name, ""
}

// allDigits reports whether s is one or more ASCII digits.
func allDigits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}
