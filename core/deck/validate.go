package deck

import (
	"strings"

	"tablekeeper/core/i18n"
)

// Validate checks a decklist against a format's deck rules and returns what
// makes it illegal (Problems) and what could not be decided (Warnings).
// cards gives the facts the list itself does not state (see the package
// doc); pass the zero CardList when none was imported, and every rule that
// needs a missing fact says so in a warning instead of passing or failing.
//
// The KeyForge formats check one Archon deck's identity (K2): in Alliance
// formats that is the single unmodified Archon deck a player may bring.
// An Alliance deck is checked by ValidateAlliance, a calibration by
// Calibrate.
func Validate(format Format, list List, cards CardList) Report {
	c := &checker{list: list, cards: cards}
	switch format {
	case FormatNone:
	case FormatAlteredConstructed:
		c.alteredConstructed()
	case FormatAlteredLimited:
		c.alteredLimited()
	case FormatHeresy:
		c.heresy("H1", 60, true, false)
	case FormatHeresyArmageddon:
		c.heresy("H1", 60, true, true)
	case FormatHeresyRevelations:
		c.heresy("H7", 50, false, false)
	case FormatShadowfist:
		c.fiveCopies()
	case FormatShadowfistComrades:
		c.fiveCopies()
		c.comrades()
	case FormatShadowfistRitual:
		c.fiveCopies()
		c.ritual()
	case FormatShadowfistHundredNames:
		c.hundredNames()
	case FormatArchonStandard, FormatArchonSealed, FormatAllianceStandard, FormatAllianceSealed:
		c.archon("K2", list, i18n.F("the deck"))
	default:
		c.problem("", "", i18n.F("The deck rules %s are unknown; ask the organizer to choose the event's deck rules.", quote(string(format))))
	}
	return c.report()
}

// checker gathers the issues of one check.
type checker struct {
	list  List
	cards CardList
	rep   Report
	needs []need
}

// need is a fact a rule needed and could not find.
type need struct {
	rule  string
	card  string
	fact  string
	why   string
	hint  i18n.Text
	order int
}

func (c *checker) problem(rule, card string, msg i18n.Text) {
	c.rep.Problems = append(c.rep.Problems, Issue{Rule: rule, Card: card, Message: prefix(rule) + msg.String(), Text: msg})
}

func (c *checker) warn(rule, card string, msg i18n.Text) {
	c.rep.Warnings = append(c.rep.Warnings, Issue{Rule: rule, Card: card, Message: prefix(rule) + msg.String(), Text: msg})
}

func prefix(rule string) string {
	if rule == "" {
		return ""
	}
	return rule + ": "
}

// Reasons a fact is unknown.
const (
	whyNoCardList = "no card list is loaded"
	whyNotListed  = "it is not in the card list"
	whyVersions   = "the card list has versions of it with different "
)

// pluralFact names a fact in the plural: "rarities", "factions".
func pluralFact(fact string) string {
	if s, ok := strings.CutSuffix(fact, "y"); ok {
		return s + "ies"
	}
	return fact + "s"
}

// factNames are the facts a rule may need, said in a message.
var factNames = map[string]string{
	"faction": i18n.K("faction"), "rarity": i18n.K("rarity"), "type": i18n.K("type"),
	"No Max marking": i18n.K("No Max marking"), "designator": i18n.K("designator"),
	"designators": i18n.K("designators"), "house": i18n.K("house"),
}

// factText is a fact's name to say in the reader's language.
func factText(fact string) i18n.Text {
	if k, ok := factNames[fact]; ok {
		return i18n.F(k)
	}
	return i18n.Text{Format: fact}
}

// whyText says why a fact is unknown in the reader's language.
func whyText(why string) i18n.Text {
	switch {
	case why == whyNoCardList:
		return i18n.F("no card list is loaded")
	case why == whyNotListed:
		return i18n.F("it is not in the card list")
	case strings.HasPrefix(why, whyVersions):
		fact := strings.TrimPrefix(why, whyVersions)
		switch fact {
		case "rarities":
			return i18n.F("the card list has versions of it with different rarities")
		case "factions":
			return i18n.F("the card list has versions of it with different factions")
		case "types":
			return i18n.F("the card list has versions of it with different types")
		case "houses":
			return i18n.F("the card list has versions of it with different houses")
		case "designators":
			return i18n.F("the card list has versions of it with different designators")
		}
	}
	return i18n.Text{Format: why}
}

// needFact records that rule needed fact about the card and could not
// find it, why, and a hint for the player.
func (c *checker) needFact(rule, card, fact, why string, hint i18n.Text) {
	c.needs = append(c.needs, need{rule: rule, card: card, fact: fact, why: why, hint: hint, order: len(c.needs)})
}

// report turns the gathered needs into warnings, one per card and reason
// (facts joined: "the faction and rarity of"), or one per rule when no card
// list is loaded and more than a few cards are concerned, and returns the
// report.
func (c *checker) report() Report {
	type group struct {
		rule, card, why string
		hint            i18n.Text
		facts           []string
	}
	var groups []*group
	byKey := map[string]*group{}
	noList := map[string][]string{} // rule → cards needing facts without a card list
	noListFacts := map[string][]string{}
	for _, n := range c.needs {
		if n.why == whyNoCardList {
			if !contains(noList[n.rule], n.card) {
				noList[n.rule] = append(noList[n.rule], n.card)
			}
			if !contains(noListFacts[n.rule], n.fact) {
				noListFacts[n.rule] = append(noListFacts[n.rule], n.fact)
			}
		}
	}
	consolidated := map[string]bool{}
	for _, n := range c.needs {
		if n.why == whyNoCardList && len(noList[n.rule]) > 3 {
			if !consolidated[n.rule] {
				consolidated[n.rule] = true
				c.warn(n.rule, "", i18n.F("cannot check the %s of %d cards: no card list is loaded; import one, or check the deck by hand.",
					joinAnd(factTexts(noListFacts[n.rule])), len(noList[n.rule])))
			}
			continue
		}
		key := n.rule + "\x00" + foldName(n.card) + "\x00" + n.why
		g := byKey[key]
		if g == nil {
			g = &group{rule: n.rule, card: n.card, why: n.why, hint: n.hint}
			byKey[key] = g
			groups = append(groups, g)
		}
		if !contains(g.facts, n.fact) {
			g.facts = append(g.facts, n.fact)
		}
	}
	for _, g := range groups {
		hint := g.hint
		switch {
		case strings.HasPrefix(g.why, whyVersions):
			hint = i18n.F("write the rarity you play after the name, e.g. %s", quote(g.card+" (R)"))
		case hint.IsZero() || len(g.facts) > 1:
			hint = i18n.F("import a card list that has it, or check by hand")
		}
		c.warn(g.rule, g.card, i18n.F("cannot check the %s of %s: %s; %s.", joinAnd(factTexts(g.facts)), quote(g.card), whyText(g.why), hint))
	}
	return c.rep
}

// factTexts are facts' names to say in the reader's language.
func factTexts(facts []string) []i18n.Text {
	out := make([]i18n.Text, len(facts))
	for i, f := range facts {
		out[i] = factText(f)
	}
	return out
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// versions returns the card list's versions of an entry: those of its
// rarity when the line gives one.
func (c *checker) versions(e Entry) []Card {
	vs := c.cards.Lookup(e.Name)
	if e.Rarity == "" {
		return vs
	}
	var out []Card
	for _, v := range vs {
		if v.Rarity == e.Rarity {
			out = append(out, v)
		}
	}
	return out
}

// fact returns the value of a fact the card list's versions of e agree on,
// or why it is unknown. blankOK says an empty value is a known answer
// (a card without designators).
func (c *checker) fact(e Entry, name string, blankOK bool, get func(Card) string) (string, string) {
	if c.cards.Len() == 0 {
		return "", whyNoCardList
	}
	vs := c.versions(e)
	if len(vs) == 0 {
		if e.Rarity != "" && len(c.cards.Lookup(e.Name)) > 0 {
			return "", "it is not in the card list as a " + string(e.Rarity) + " card"
		}
		return "", whyNotListed
	}
	value := get(vs[0])
	for _, v := range vs[1:] {
		if foldName(get(v)) != foldName(value) {
			return "", whyVersions + pluralFact(name)
		}
	}
	if value == "" && !blankOK {
		return "", "the card list gives no " + name + " for it"
	}
	return value, ""
}

// sectionFacts returns what a section title says about its cards: the kind
// of card ("hero", "location", "token creature", …; "" when it says none)
// and whether they are No Max.
func sectionFacts(section string) (kind string, noMax bool) {
	key := foldName(section)
	noMax = key == "no max" || strings.HasPrefix(key, "no max ")
	words := strings.Fields(key)
	if len(words) == 0 {
		return "", noMax
	}
	switch w := sectionWord(words[len(words)-1]); w {
	case "card", "":
		return "", noMax
	case "token", "creature":
		if hasWords(key, "token") {
			return TypeTokenCreature, noMax
		}
		return w, noMax
	default:
		return w, noMax
	}
}

// isType reports whether e is of the given type (TypeHero, TypeLocation,
// …), from its section, then the built-in facts of the rules documents,
// then the card list; why is set when it cannot tell.
func (c *checker) isType(e Entry, typ string) (yes bool, why string) {
	if kind, _ := sectionFacts(e.Section); kind != "" {
		return kind == typ, ""
	}
	if ultracommon(e.Name) {
		return typ == TypeLocation, ""
	}
	v, why := c.fact(e, "type", false, func(card Card) string {
		switch {
		case card.Type == "":
			return ""
		case card.Is(typ):
			return "yes"
		}
		return "no"
	})
	return v == "yes", why
}

// isHero reports whether e is a Hero: under a "Hero" section or a hero in
// the card list. A card neither marks is counted as another card;
// typeKnown says whether that is known or assumed.
func (c *checker) isHero(e Entry) (hero, typeKnown bool) {
	yes, why := c.isType(e, TypeHero)
	return yes, why == ""
}

// group is the entries of one name over its rarities, with the total.
type group struct {
	name  string
	count int
	first int // index of the first entry
}

// groups merges the list's entries by name (Altered lists the same name at
// several rarities), in order of first mention.
func (c *checker) groups() []group {
	var out []group
	at := map[string]int{}
	for i, e := range c.list.Entries {
		key := foldName(e.Name)
		if j, ok := at[key]; ok {
			out[j].count += e.Count
			continue
		}
		at[key] = len(out)
		out = append(out, group{name: e.Name, count: e.Count, first: i})
	}
	return out
}

// listNames quotes up to six names for a sentence, then says how many more.
func listNames(names []string) wordList {
	const shown = 6
	var q []any
	for i, n := range names {
		if i == shown {
			q = append(q, i18n.F("%d more", len(names)-shown))
			break
		}
		q = append(q, quote(n))
	}
	return joinAnd(q)
}

// bucket returns byKey's entry for key; when there is none it makes one
// with mk and adds it to byKey and to the end of order, so that order
// lists the entries as their keys first came.
func bucket[K comparable, V any](byKey map[K]*V, order *[]*V, key K, mk func() *V) *V {
	v := byKey[key]
	if v == nil {
		v = mk()
		byKey[key] = v
		*order = append(*order, v)
	}
	return v
}
