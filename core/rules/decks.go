package rules

import "tablekeeper/core/i18n"

// deckRules gives each format the decklist rules of core/deck it checks
// decks against (docs/RULES.md A1, A2, H1, H7, S2, S3, K2–K5). The keys are
// core/deck's Format values; core/rules does not import core/deck, and a
// test in core/deck's user, the director, checks every key is known.
func deckRules(game, format string) string {
	switch game + "/" + format {
	case "altered/standard-bo3", "altered/standard-bo1", "altered/free-for-all", "altered/2v2":
		return "altered-constructed" // A1 (A6: multiplayer is constructed)
	case "altered/sealed", "altered/booster-draft":
		return "altered-limited" // A2
	case "heresy/reascension":
		return "heresy" // H1
	case "heresy/armageddon":
		return "heresy-armageddon" // H1, H6: Apocalypse cards banned
	case "heresy/revelations":
		return "heresy-revelations" // H7
	case "shadowfist/comrades-in-arms":
		return "shadowfist-comrades-in-arms"
	case "shadowfist/ritual-of-the-unnameable":
		return "shadowfist-ritual-of-the-unnameable"
	case "shadowfist/one-hundred-names":
		return "shadowfist-one-hundred-names"
	case "keyforge/archon-standard":
		return "keyforge-archon"
	case "keyforge/archon-sealed":
		return "keyforge-archon-sealed"
	case "keyforge/alliance-standard":
		return "keyforge-alliance"
	case "keyforge/alliance-sealed":
		return "keyforge-alliance-sealed"
	}
	if game == "shadowfist" && format != "who-wants-some" {
		return "shadowfist" // S2: five copies of a title except No Max
	}
	return ""
}

// Environment is a Shadowfist card pool (S3: 6.0 and Appendix V).
type Environment struct {
	Key, Name string
	// Summary says which cards it allows, in the document's words.
	Summary string
}

// Environments lists Shadowfist's card-pool environments, Classic / Open
// (every card) first.
func Environments() []Environment {
	return []Environment{
		{"", i18n.K("Classic / Open"), i18n.K("Every Shadowfist card printed and the Secret War Society's fan cards (6.0 a).")},
		{"sws-classic", i18n.K("Secret War Society Classic"), i18n.K("Cards of Daedalus, Z-Man Games, Shadowfist Games and Inner Kingdom Games, the 2020 promos and SWS fan cards (6.0 b).")},
		{"modern", i18n.K("Modern"), i18n.K("Cards, promos included, printed from Combat in Kowloon on (6.0 c).")},
		{"sws-modern", i18n.K("Secret War Society Modern"), i18n.K("Inner Kingdom Games cards, SWS fan cards without the Buro Blue Spear and the 2020 promos but Golden Gunman (6.0 d).")},
		{"old-masters", i18n.K("Old Masters"), i18n.K("Limited, Standard, Netherworld and Flashpoint; White Ninja the only promo (Appendix V a).")},
		{"golden-comeback", i18n.K("Golden Comeback"), i18n.K("The Z-Man Games sets and promos (Appendix V b).")},
		{"new-heroes", i18n.K("The New Heroes"), i18n.K("The Shadowfist Games sets and promos (Appendix V c).")},
		{"unbroken-protectorship", i18n.K("Unbroken Protectorship"), i18n.K("The Inner Kingdom Games sets and promos (Appendix V d).")},
	}
}
