package deck

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"tablekeeper/core/i18n"
)

// Altered deck sizes and limits (001/003, 1.1.4 and 1.1.5).
const (
	alteredConstructedOthers = 39 // 1.1.4.c
	alteredSameName          = 3  // 1.1.4.e
	alteredRare              = 15 // 1.1.4.f
	alteredUnique            = 3  // 1.1.4.g
	alteredLimitedOthers     = 29 // 1.1.5.c
	alteredLimitedTotal      = 30 // Sealed and Booster Draft game modes (A4)
	alteredLimitedFactions   = 3  // 1.1.5.d
)

// manaConvergence is the card a limited deck may hold any number of, and
// which counts towards no faction (1.1.5.a).
const manaConvergence = "mana convergence"

// heroCount is what a list says about its Heroes.
type heroCount struct {
	entries []int // indexes of the Hero entries
	copies  int
	// unmarked is true when some card's type is unknown: it might be an
	// unmarked Hero.
	unmarked bool
}

func (c *checker) heroes() heroCount {
	var h heroCount
	for i, e := range c.list.Entries {
		hero, known := c.isHero(e)
		if hero {
			h.entries = append(h.entries, i)
			h.copies += e.Count
		}
		if !known {
			h.unmarked = true
		}
	}
	return h
}

// tooManyHeroes reports more than one Hero; limit says for which deck.
func (c *checker) tooManyHeroes(rule string, h heroCount, deck, fix i18n.Text) {
	if len(h.entries) == 1 {
		e := c.list.Entries[h.entries[0]]
		c.problem(rule, e.Name, i18n.F("the deck has %d copies of the Hero %s; %s. Remove %d.", e.Count, quote(e.Name), deck, e.Count-1))
		return
	}
	var names []string
	for _, i := range h.entries {
		names = append(names, c.list.Entries[i].Name)
	}
	c.problem(rule, "", i18n.F("the deck has %d Heroes (%s); %s. %s", h.copies, listNames(names), deck, fix))
}

// alteredConstructed checks A1 (001/003, 1.1.4).
func (c *checker) alteredConstructed() {
	const rule = "A1"
	h := c.heroes()
	switch {
	case h.copies == 0 && h.unmarked:
		c.warn(rule, "", i18n.F("no card is marked as the Hero; put your Hero under a \"Hero:\" line (or import a card list) so the deck can be checked."))
	case h.copies == 0:
		c.problem(rule, "", i18n.F("the deck has no Hero; a constructed deck needs exactly one. Add your Hero under a \"Hero:\" line."))
	case h.copies > 1:
		c.tooManyHeroes(rule, h, i18n.F("a constructed deck needs exactly one"), i18n.F("Keep one and remove the others."))
	}
	if others := c.list.Total() - h.copies; others < alteredConstructedOthers {
		c.problem(rule, "", i18n.F("the deck has %s besides the Hero; a constructed deck needs at least %d. Add %d.",
			plural(others, "card"), alteredConstructedOthers, alteredConstructedOthers-others))
	}
	if h.copies == 1 {
		c.sameFaction(rule, c.list.Entries[h.entries[0]])
	}
	for _, g := range c.groups() {
		if g.count > alteredSameName {
			c.problem(rule, g.name, i18n.F("%s has %d copies; a constructed deck may have at most %d of the same name, whatever their rarity. Remove %d.",
				quote(g.name), g.count, alteredSameName, g.count-alteredSameName))
		}
	}
	c.rarityLimits(rule)
}

// sameFaction checks that every card is of the Hero's faction (1.1.4.d).
func (c *checker) sameFaction(rule string, hero Entry) {
	heroFaction, why := c.fact(hero, "faction", false, func(card Card) string { return card.Faction })
	if why != "" {
		c.needFact(rule, hero.Name, "faction", why, i18n.Text{})
		return
	}
	for _, e := range c.list.Entries {
		if isHero, _ := c.isHero(e); isHero {
			continue
		}
		f, why := c.fact(e, "faction", false, func(card Card) string { return card.Faction })
		switch {
		case why != "":
			c.needFact(rule, e.Name, "faction", why, i18n.Text{})
		case foldName(f) != foldName(heroFaction):
			c.problem(rule, e.Name, i18n.F("%s is %s but your Hero %s is %s; a constructed deck may only hold cards of its Hero's faction. Replace it with %s.",
				quote(e.Name), f, quote(hero.Name), heroFaction, factionCard(heroFaction)))
		}
	}
}

// rarityLimits checks at most 15 rare and 3 unique cards (1.1.4.f, g).
// Heroes have no rarity (2.2.4.c). A card of unknown rarity is reported
// only when it could break a limit.
func (c *checker) rarityLimits(rule string) {
	rare, unique, unknown := 0, 0, 0
	var unknownCards []Entry
	var whys []string
	for _, e := range c.list.Entries {
		if isHero, _ := c.isHero(e); isHero {
			continue
		}
		r, why := c.rarity(e)
		switch {
		case why != "":
			unknown += e.Count
			unknownCards = append(unknownCards, e)
			whys = append(whys, why)
		case r == Rare:
			rare += e.Count
		case r == Unique:
			unique += e.Count
		}
	}
	if rare > alteredRare {
		c.problem(rule, "", i18n.F("the deck has %d rare cards; a constructed deck may have at most %d. Remove %s.",
			rare, alteredRare, plural(rare-alteredRare, "rare card")))
	}
	if unique > alteredUnique {
		c.problem(rule, "", i18n.F("the deck has %d unique cards; a constructed deck may have at most %d. Remove %s.",
			unique, alteredUnique, plural(unique-alteredUnique, "unique card")))
	}
	if (rare <= alteredRare && rare+unknown > alteredRare) || (unique <= alteredUnique && unique+unknown > alteredUnique) {
		for i, e := range unknownCards {
			c.needFact(rule, e.Name, "rarity", whys[i], i18n.F("write its rarity after the name, e.g. %s, or import a card list that has it", quote(fmt.Sprintf("%d %s (R)", e.Count, e.Name))))
		}
	}
}

// rarity returns an entry's rarity: the line's tag, else the card list's.
func (c *checker) rarity(e Entry) (Rarity, string) {
	if e.Rarity != "" {
		return e.Rarity, ""
	}
	r, why := c.fact(e, "rarity", false, func(card Card) string { return string(card.Rarity) })
	return Rarity(r), why
}

// alteredLimited checks A2 and A4 (001/003, 1.1.5, and the Sealed and
// Booster Draft game modes).
//
// The rules ask for "at least 29 other cards" besides at most one Hero
// (1.1.5.c); the Sealed and Booster Draft pages say "Decks must contain at
// least 30 cards". With a Hero the two agree (1 + 29). Without one they do
// not, and Tablekeeper asks for both: 29 cards besides the Hero and 30 in
// all, so a hero-less deck needs 30 cards. A deck that passes is then legal
// by either text, and the pages' own advice (fill a 30-card deck with Mana
// Convergence) fits.
func (c *checker) alteredLimited() {
	const rule = "A2"
	h := c.heroes()
	if h.copies > 1 {
		c.tooManyHeroes(rule, h, i18n.F("a limited deck may have at most one"), i18n.F("Remove %d.", h.copies-1))
	}
	total := c.list.Total()
	switch others := total - h.copies; {
	case h.copies > 0 && others < alteredLimitedOthers:
		c.problem(rule, "", i18n.F("the deck has %s besides the Hero; a limited deck needs at least %d. Add %d (any number of Mana Convergence may be added).",
			plural(others, "card"), alteredLimitedOthers, alteredLimitedOthers-others))
	case h.copies == 0 && others < alteredLimitedOthers:
		c.problem(rule, "", i18n.F("the deck has %s; a limited deck needs at least %d besides a Hero, and %d in all without one. Add %d (Mana Convergence will do).",
			plural(total, "card"), alteredLimitedOthers, alteredLimitedTotal, alteredLimitedTotal-total))
	case h.copies == 0 && total < alteredLimitedTotal:
		c.problem("A4", "", i18n.F("the deck has %s and no Hero; a limited deck needs %d cards in all. Add %d card (Mana Convergence will do) or a Hero.",
			plural(total, "card"), alteredLimitedTotal, alteredLimitedTotal-total))
	}
	c.factionCount(rule)
}

// factionCount checks that a limited deck's cards are of at most three
// factions, the Hero's included (1.1.5.d). Mana Convergence and neutral
// cards count towards none. Cards of unknown faction are reported only when
// they could make a fourth.
func (c *checker) factionCount(rule string) {
	type faction struct {
		name   string
		copies int
		cards  []string
		hero   bool
	}
	var factions []*faction
	byKey := map[string]*faction{}
	var unknown []Entry
	var whys []string
	for _, e := range c.list.Entries {
		if foldName(e.Name) == manaConvergence {
			continue
		}
		f, why := c.fact(e, "faction", false, func(card Card) string { return card.Faction })
		if why != "" {
			unknown = append(unknown, e)
			whys = append(whys, why)
			continue
		}
		key := foldName(f)
		if key == "neutral" {
			continue
		}
		fa := bucket(byKey, &factions, key, func() *faction { return &faction{name: f} })
		fa.copies += e.Count
		fa.cards = append(fa.cards, e.Name)
		if isHero, _ := c.isHero(e); isHero {
			fa.hero = true
		}
	}
	if len(factions) > alteredLimitedFactions {
		var names []string
		for _, f := range factions {
			names = append(names, f.name)
		}
		// Suggest dropping the factions with the fewest cards, never the
		// Hero's; on a tie the one listed last (most likely a splash).
		drop := append([]*faction(nil), factions...)
		slices.Reverse(drop)
		sort.SliceStable(drop, func(i, j int) bool {
			if drop[i].hero != drop[j].hero {
				return !drop[i].hero
			}
			return drop[i].copies < drop[j].copies
		})
		drop = drop[:len(factions)-alteredLimitedFactions]
		var dropNames, dropCards []string
		for _, f := range drop {
			dropNames = append(dropNames, f.name)
			dropCards = append(dropCards, f.cards...)
		}
		c.problem(rule, "", i18n.F("the deck has cards of %d factions (%s); a limited deck may use at most %d, the Hero's included. Remove or replace the %s cards: %s.",
			len(factions), joinAnd(names), alteredLimitedFactions, joinAnd(dropNames), listNames(dropCards)))
		return
	}
	if len(factions)+len(unknown) > alteredLimitedFactions {
		for i, e := range unknown {
			c.needFact(rule, e.Name, "faction", whys[i], i18n.Text{})
		}
	}
}

// factionCard says "a Lyra card" (or "an Axiom card": "an" before a vowel)
// in the reader's language.
func factionCard(faction string) i18n.Text {
	if faction != "" && strings.ContainsRune("AEIOUaeiou", rune(faction[0])) {
		return i18n.F("an %s card", faction)
	}
	return i18n.F("a %s card", faction)
}
