package deck

import (
	"fmt"
	"strings"

	"tablekeeper/core/i18n"
)

// PodSize is the number of cards of one house in an Archon deck: a house
// pod (000, "Alliance Standard").
const PodSize = 12

// keyforgeSets are the sets document 000 names, with the abbreviations of
// the Alliance Restricted List; read only. Other sets are compared by name
// as written.
var keyforgeSets = [...]struct{ abbr, name string }{
	{"CotA", "Call of the Archons"},
	{"AoA", "Age of Ascension"},
	{"WC", "Worlds Collide"},
	{"MM", "Mass Mutation"},
	{"DT", "Dark Tidings"},
	{"WoE", "Winds of Exchange"},
}

// The sets with reference-card rules (K3).
const (
	setDarkTidings     = "Dark Tidings"
	setWindsOfExchange = "Winds of Exchange"
)

// SetName returns a KeyForge set's full name for an abbreviation the
// Alliance Restricted List uses or the name in any case ("dt" → "Dark
// Tidings"); an unknown set comes back as written, tidied.
func SetName(set string) string {
	key := foldName(set)
	for _, s := range keyforgeSets {
		if key == foldName(s.abbr) || key == foldName(s.name) {
			return s.name
		}
	}
	return cleanLine(set)
}

// RestrictedCard is one row of the Alliance Restricted List (K4).
type RestrictedCard struct {
	// Name is the card's name.
	Name string
	// Sets are the sets the card was printed in, abbreviated as in the list.
	Sets []string
	// PerDeck is the most copies an Alliance deck may hold; 0 means any
	// number.
	PerDeck int
}

// Allowed returns the list's "Quantity Allowed" column: "1 per deck" or
// "Any number".
func (r RestrictedCard) Allowed() string {
	if r.PerDeck == 0 {
		return "Any number"
	}
	return fmt.Sprintf("%d per deck", r.PerDeck)
}

// RestrictedListUpdated is the date the Alliance Restricted List in
// document 000 was last updated.
const RestrictedListUpdated = "01 November 2022"

// restrictedList is the Alliance Restricted List of document 000, row by
// row; read only.
var restrictedList = [...]RestrictedCard{
	{Name: "Dark Æmber Vault", Sets: []string{"MM"}, PerDeck: 1},
	{Name: "Ghostform", Sets: []string{"WC"}},
	{Name: "Lateral Shift", Sets: []string{"WC"}},
	{Name: "Library Access", Sets: []string{"CotA"}, PerDeck: 1},
	{Name: "Library Card", Sets: []string{"MM", "DT"}},
	{Name: "Martian Generosity", Sets: []string{"AoA"}},
	{Name: "Restringuntus", Sets: []string{"CotA", "AoA"}, PerDeck: 1},
	{Name: "Sci. Officer Morpheus", Sets: []string{"WC"}},
	{Name: "Timetraveller", Sets: []string{"CotA", "AoA"}},
	{Name: "United Action", Sets: []string{"WC", "DT"}},
}

// AllianceRestrictedList returns the Alliance Restricted List of document
// 000 (updated 01 November 2022), in its order. An Alliance Standard deck
// may include only one card by name from it, in at most the quantity
// allowed (K4); legacy versions count as the card. The result is a fresh
// copy.
func AllianceRestrictedList() []RestrictedCard {
	out := make([]RestrictedCard, len(restrictedList))
	for i, r := range restrictedList {
		r.Sets = append([]string(nil), r.Sets...)
		out[i] = r
	}
	return out
}

// restricted returns the list's row for a card name.
func restricted(name string) (RestrictedCard, bool) {
	key := foldName(name)
	for _, r := range restrictedList {
		if foldName(r.Name) == key {
			return r, true
		}
	}
	return RestrictedCard{}, false
}

// archon checks an Archon deck's identity (K2): a name, a set and three
// different houses; and, when its cards are listed under house titles, 12
// cards a house. label names the deck in messages.
func (c *checker) archon(rule string, d List, label i18n.Text) {
	if strings.TrimSpace(d.Name) == "" {
		c.problem(rule, "", i18n.F("%s has no name; write the deck's name, as on its Archon card, on the first line.", label))
	}
	if strings.TrimSpace(d.Set) == "" {
		c.problem(rule, "", i18n.F("%s has no set; write it on a \"Set:\" line, e.g. \"Set: Call of the Archons\".", deckLabel(d, label)))
	}
	var houses []string
	seen := map[string]bool{}
	for _, h := range d.Houses {
		key := foldName(h)
		if seen[key] {
			c.problem(rule, "", i18n.F("%s lists the house %s twice; an Archon deck has three different houses. Check the \"Houses:\" line.", deckLabel(d, label), h))
			continue
		}
		seen[key] = true
		houses = append(houses, h)
	}
	switch len(d.Houses) {
	case 3:
	case 0:
		// Its own sentence: "lists no houses" is not "lists" a number of
		// them in every language ("n'indique aucune maison").
		c.problem(rule, "", i18n.F("%s lists no houses; an Archon deck has three. Write all three on a \"Houses:\" line, e.g. \"Houses: Brobnar, Dis, Logos\".", deckLabel(d, label)))
	default:
		listed := i18n.F("%s (%s)", plural(len(d.Houses), "house"), joinAnd(d.Houses))
		c.problem(rule, "", i18n.F("%s lists %s; an Archon deck has three. Write all three on a \"Houses:\" line, e.g. \"Houses: Brobnar, Dis, Logos\".", deckLabel(d, label), listed))
	}
	c.archonCards(rule, d, label, houses)
}

// ArchonSize is the number of cards of an Archon deck: three house pods
// of PodSize (000, "Alliance Standard": "each Archon deck always consists
// of three house pods of three different houses").
const ArchonSize = 3 * PodSize

// archonCards checks the cards an Archon deck lists, when it lists them:
// 12 under each house's title, 36 in all, reference cards aside. Every
// KeyForge format plays Archon decks as printed (000: "The Archon deck must
// be complete and unmodified"; an Alliance is made of their whole pods, and
// a single Archon deck brought to an Alliance event is "unmodified"), so a
// list that differs is a problem, never a warning: it is not the deck on
// the deck list card.
func (c *checker) archonCards(rule string, d List, label i18n.Text, houses []string) {
	total := 0
	for _, e := range d.Entries {
		if !c.referenceCard(e) {
			total += e.Count
		}
	}
	if total == 0 {
		return // the identity alone: the deck list card stands for the cards
	}
	if hasHouseSections(d) {
		short := false
		for _, h := range houses {
			n := 0
			for _, e := range d.Entries {
				if foldName(e.Section) == foldName(h) && !c.referenceCard(e) {
					n += e.Count
				}
			}
			if n != PodSize {
				short = true
				c.problem(rule, "", i18n.F("the %s pod of %s lists %s; an Archon deck is complete and unmodified, %d cards in each house. Check the list against the deck list card.",
					h, deckLabel(d, label), plural(n, "card"), PodSize))
			}
		}
		if short {
			return
		}
	}
	if total != ArchonSize {
		c.problem(rule, "", i18n.F("%s lists %s; an Archon deck is complete and unmodified: %d cards, %d in each of its three houses. Check the list against the deck list card.",
			deckLabel(d, label), plural(total, "card"), ArchonSize, PodSize))
	}
}

// deckLabel names a deck in a message: by its name when it has one.
func deckLabel(d List, label i18n.Text) any {
	if d.Name != "" {
		return quote(d.Name)
	}
	return label
}

// hasHouseSections reports whether any card of d is listed under one of its
// houses.
func hasHouseSections(d List) bool {
	for _, e := range d.Entries {
		for _, h := range d.Houses {
			if e.Section != "" && foldName(e.Section) == foldName(h) {
				return true
			}
		}
	}
	return false
}

// referenceCard reports whether e is a token creature or Tide reference
// card, which belongs to no pod.
func (c *checker) referenceCard(e Entry) bool {
	kind, _ := sectionFacts(e.Section)
	if kind == TypeTokenCreature || kind == TypeTide {
		return true
	}
	if kind != "" || c.cards.Len() == 0 {
		return false
	}
	for _, v := range c.cards.Lookup(e.Name) {
		if v.Is(TypeTokenCreature) || v.Is(TypeTide) {
			return true
		}
	}
	return false
}

// tokens returns the token creature reference cards a deck list names.
func (c *checker) tokens(d List) []string {
	var out []string
	for _, e := range d.Entries {
		kind, _ := sectionFacts(e.Section)
		if kind == TypeTokenCreature {
			out = append(out, e.Name)
			continue
		}
		if kind == "" && c.cards.Len() > 0 {
			for _, v := range c.cards.Lookup(e.Name) {
				if v.Is(TypeTokenCreature) {
					out = append(out, e.Name)
					break
				}
			}
		}
	}
	return out
}

// podCards returns the cards of one house pod of d: the cards under the
// house's title, or, when d has no house titles, the cards whose house the
// card list gives. ok is false when they cannot be told.
func (c *checker) podCards(d List, house string) (cards []Entry, ok bool) {
	if len(d.Entries) == 0 {
		return nil, false
	}
	sections := hasHouseSections(d)
	for _, e := range d.Entries {
		if c.referenceCard(e) {
			continue
		}
		if sections {
			if foldName(e.Section) == foldName(house) {
				cards = append(cards, e)
			}
			continue
		}
		h, why := c.fact(e, "house", false, func(card Card) string { return card.House })
		if why != "" {
			return nil, false
		}
		if foldName(h) == foldName(house) {
			cards = append(cards, e)
		}
	}
	return cards, len(cards) > 0
}
