package rules

import "testing"

// Rules A1, A2, H1, H6, H7, K2–K5, S2 and S3: every format checks its decks
// against its game's decklist rules, named in the game's own file; a format
// without deck rules (any card game, Who Wants Some?) checks none.
func TestEveryFormatChecksItsGamesDeckRules(t *testing.T) {
	want := map[string]string{
		"altered/standard-bo3":                "altered-constructed",
		"altered/standard-bo1":                "altered-constructed",
		"altered/free-for-all":                "altered-constructed",
		"altered/2v2":                         "altered-constructed",
		"altered/sealed":                      "altered-limited",
		"altered/booster-draft":               "altered-limited",
		"generic/swiss":                       "",
		"generic/swiss-top8":                  "",
		"generic/single-elimination":          "",
		"generic/double-elimination":          "",
		"generic/round-robin":                 "",
		"generic/swiss-bo1":                   "",
		"heresy/reascension":                  "heresy",
		"heresy/revelations":                  "heresy-revelations",
		"heresy/armageddon":                   "heresy-armageddon",
		"keyforge/archon-standard":            "keyforge-archon",
		"keyforge/archon-sealed":              "keyforge-archon-sealed",
		"keyforge/alliance-standard":          "keyforge-alliance",
		"keyforge/alliance-sealed":            "keyforge-alliance-sealed",
		"shadowfist/final-brawl":              "shadowfist",
		"shadowfist/final-brawl-final":        "shadowfist",
		"shadowfist/final-brawl-de-final":     "shadowfist",
		"shadowfist/whirlpool-of-blood":       "shadowfist",
		"shadowfist/final-brawl-schedule":     "shadowfist",
		"shadowfist/comrades-in-arms":         "shadowfist-comrades-in-arms",
		"shadowfist/ritual-of-the-unnameable": "shadowfist-ritual-of-the-unnameable",
		"shadowfist/one-hundred-names":        "shadowfist-one-hundred-names",
		"shadowfist/baptism-of-fire":          "shadowfist",
		"shadowfist/who-wants-some":           "",
		"shadowfist/big-man":                  "shadowfist",
	}
	seen := 0
	for _, g := range Catalogue() {
		for _, f := range g.Formats {
			key := g.Key + "/" + f.Key
			w, ok := want[key]
			if !ok {
				t.Errorf("%s: a format this test does not know; add its deck rules here", key)
				continue
			}
			seen++
			if f.Defaults.DeckRules != w {
				t.Errorf("%s checks decks against %q, want %q", key, f.Defaults.DeckRules, w)
			}
		}
	}
	if seen != len(want) {
		t.Errorf("%d of the %d formats listed here are in the catalogue", seen, len(want))
	}
}
