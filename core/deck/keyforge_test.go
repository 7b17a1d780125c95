package deck

import (
	"fmt"
	"strings"
	"testing"
)

// archonText writes an Archon deck list in the positional form: name, set,
// houses, then each house's title and 12 cards, the given lines first.
func archonText(t *testing.T, name, set string, houses []string, lines map[string]string) string {
	t.Helper()
	var b strings.Builder
	fmt.Fprintf(&b, "%s\n%s\n%s\n", name, set, strings.Join(houses, ", "))
	for _, h := range houses {
		fmt.Fprintf(&b, "%s\n%s", h, lines[h])
		special := mustParse(t, lines[h]).Total()
		for i := special + 1; i <= PodSize; i++ {
			fmt.Fprintf(&b, "1 %s %s card %d\n", name, h, i)
		}
	}
	for h, l := range lines {
		if !containsFold(houses, h) {
			fmt.Fprintf(&b, "%s:\n%s", h, l) // "Token:" and the like
		}
	}
	return b.String()
}

func archonList(t *testing.T, name, set string, houses []string, lines map[string]string) List {
	t.Helper()
	return mustParseArchon(t, archonText(t, name, set, houses, lines))
}

// Rule K2: an Archon deck is registered by its name, set and three houses.
func TestArchonDeck(t *testing.T) {
	tests := []struct {
		name     string
		text     string
		problems []Issue
		warnings []Issue
	}{
		{name: "a complete deck list",
			text: archonText(t, "Tuca, the Sleepless Smuggler", "Call of the Archons", []string{"Brobnar", "Dis", "Logos"}, nil)},
		{name: "the identity alone",
			text: "Tuca, the Sleepless Smuggler\nCotA\nBrobnar, Dis, Logos\n"},
		{name: "no name",
			text:     "Set: CotA\nHouses: Brobnar, Dis, Logos\n",
			problems: []Issue{is("K2", "", "K2: the deck has no name; write the deck's name, as on its Archon card, on the first line.")}},
		{name: "no set",
			text: "Deck: Tuca\nHouses: Brobnar, Dis, Logos\n1 Anger",
			problems: []Issue{is("K2", "", `K2: "Tuca" has no set; write it on a "Set:" line, e.g. "Set: Call of the Archons".`),
				is("K2", "", `K2: "Tuca" lists 1 card; an Archon deck is complete and unmodified: 36 cards, 12 in each of its three houses. Check the list against the deck list card.`)}},
		{name: "two houses",
			text:     "Tuca\nCotA\nBrobnar, Dis\n",
			problems: []Issue{is("K2", "", `K2: "Tuca" lists 2 houses (Brobnar and Dis); an Archon deck has three. Write all three on a "Houses:" line, e.g. "Houses: Brobnar, Dis, Logos".`)}},
		{name: "no houses",
			text: "Tuca\nCotA\n1 Anger\n",
			problems: []Issue{is("K2", "", `K2: "Tuca" lists no houses; an Archon deck has three. Write all three on a "Houses:" line, e.g. "Houses: Brobnar, Dis, Logos".`),
				is("K2", "", `K2: "Tuca" lists 1 card; an Archon deck is complete and unmodified: 36 cards, 12 in each of its three houses. Check the list against the deck list card.`)}},
		{name: "a house twice",
			text:     "Tuca\nCotA\nBrobnar, Dis, dis\n",
			problems: []Issue{is("K2", "", `K2: "Tuca" lists the house dis twice; an Archon deck has three different houses. Check the "Houses:" line.`)}},
		{name: "a pod of 11 cards",
			text:     strings.Replace(archonText(t, "Tuca", "CotA", []string{"Brobnar", "Dis", "Logos"}, nil), "1 Tuca Dis card 12\n", "", 1),
			problems: []Issue{is("K2", "", `K2: the Dis pod of "Tuca" lists 11 cards; an Archon deck is complete and unmodified, 12 cards in each house. Check the list against the deck list card.`)}},
		{name: "the token creature is in no pod",
			text: archonText(t, "Tuca", "WoE", []string{"Brobnar", "Dis", "Logos"}, map[string]string{"Token": "1 Grumpus\n"})},
	}
	for _, format := range []Format{FormatArchonStandard, FormatArchonSealed, FormatAllianceStandard, FormatAllianceSealed} {
		for _, tt := range tests {
			t.Run(string(format)+"/"+tt.name, func(t *testing.T) {
				l := mustParseArchon(t, tt.text)
				checkReport(t, Validate(format, l, CardList{}), tt.problems, tt.warnings)
			})
		}
	}
}

// Rule K4: the Alliance Restricted List of document 000, reproduced
// exactly, row by row, as the document prints it.
func TestAllianceRestrictedList(t *testing.T) {
	const document = `Dark Æmber Vault MM 1 per deck
Ghostform WC Any number
Lateral Shift WC Any number
Library Access CotA 1 per deck
Library Card MM, DT Any number
Martian Generosity AoA Any number
Restringuntus CotA, AoA 1 per deck
Sci. Officer Morpheus WC Any number
Timetraveller CotA, AoA Any number
United Action WC, DT Any number`
	var rows []string
	for _, r := range AllianceRestrictedList() {
		rows = append(rows, r.Name+" "+strings.Join(r.Sets, ", ")+" "+r.Allowed())
	}
	if got := strings.Join(rows, "\n"); got != document {
		t.Errorf("the list differs from document 000:\n%s\nwant\n%s", got, document)
	}
	if RestrictedListUpdated != "01 November 2022" {
		t.Errorf("RestrictedListUpdated = %q", RestrictedListUpdated)
	}
	l := AllianceRestrictedList()
	l[0].Name, l[4].Sets[0] = "changed", "changed"
	if again := AllianceRestrictedList(); again[0].Name != "Dark Æmber Vault" || again[4].Sets[0] != "MM" {
		t.Error("AllianceRestrictedList returns shared state")
	}
}

// allianceDecks are the Archon decks of the Alliance tests.
func allianceDecks(t *testing.T) map[string]List {
	return map[string]List{
		"Alpha": archonList(t, "Alpha", "CotA", []string{"Brobnar", "Dis", "Logos"}, map[string]string{
			"Dis": "1 Restringuntus\n", "Logos": "2 Library Access\n"}),
		"Beta": archonList(t, "Beta", "Call of the Archons", []string{"Logos", "Mars", "Sanctum"}, map[string]string{
			"Logos": "1 library access\n", "Mars": "3 Martian Generosity\n"}),
		"Gamma":   archonList(t, "Gamma", "MM", []string{"Dis", "Saurian", "Untamed"}, nil),
		"Tide 1":  archonList(t, "Tide 1", "DT", []string{"Dis", "Logos", "Unfathomable"}, nil),
		"Tide 2":  archonList(t, "Tide 2", "Dark Tidings", []string{"Brobnar", "Sanctum", "Shadows"}, nil),
		"Winds 1": archonList(t, "Winds 1", "WoE", []string{"Brobnar", "Ekwidon", "Mars"}, map[string]string{"Token": "1 Grumpus\n"}),
		"Winds 2": archonList(t, "Winds 2", "WoE", []string{"Dis", "Logos", "Sanctum"}, map[string]string{"Token": "1 Cadet\n"}),
		"Winds 3": archonList(t, "Winds 3", "WoE", []string{"Shadows", "Untamed", "Geistoid"}, map[string]string{"Token": "1 Berserker\n"}),
		"Bare":    mustParse(t, "Deck: Bare\nSet: CotA\nHouses: Shadows, Untamed, Sanctum\n"),
	}
}

func pods(spec ...string) []Pod {
	var out []Pod
	for _, s := range spec {
		house, deck, _ := strings.Cut(s, "@")
		out = append(out, Pod{House: house, Deck: deck})
	}
	return out
}

// Rules K3 and K4: Alliance Standard decks.
func TestAllianceStandard(t *testing.T) {
	all := allianceDecks(t)
	decks := func(names ...string) []List {
		var out []List
		for _, n := range names {
			out = append(out, all[n])
		}
		return out
	}
	tests := []struct {
		name     string
		reg      Alliance
		decks    []List
		cards    CardList
		problems []Issue
		warnings []Issue
	}{
		{name: "three houses from two decks of one set",
			reg: Alliance{Pods: pods("Brobnar@Alpha", "Mars@Beta", "Sanctum@Beta")}, decks: decks("Alpha", "Beta")},
		{name: "K4: one restricted card in an allowed number",
			reg: Alliance{Pods: pods("Dis@Alpha", "Brobnar@Alpha", "Sanctum@Beta")}, decks: decks("Alpha", "Beta")},
		{name: "K4: a restricted card allowed in any number, with one limited to 1",
			reg: Alliance{Pods: pods("Dis@Alpha", "Mars@Beta", "Sanctum@Beta")}, decks: decks("Alpha", "Beta"),
			problems: []Issue{is("K4", "", `K4: the Alliance has 2 cards from the Alliance Restricted List ("Restringuntus" in the Dis pod of "Alpha"; "Martian Generosity" in the Mars pod of "Beta"); it may include only one of them by name. Swap pods so that only one remains.`)}},
		{name: "K4: any number of a card listed as such",
			reg: Alliance{Pods: pods("Brobnar@Alpha", "Mars@Beta", "Sanctum@Beta")}, decks: decks("Alpha", "Beta")},
		{name: "K4: an unmodified Archon deck is exempt",
			reg: Alliance{Pods: pods("Brobnar@Alpha", "Dis@Alpha", "Logos@Alpha")}, decks: decks("Alpha")},
		{name: "K4: two restricted cards",
			reg: Alliance{Pods: pods("Dis@Alpha", "Logos@Beta", "Sanctum@Beta")}, decks: decks("Alpha", "Beta"),
			problems: []Issue{is("K4", "", `K4: the Alliance has 2 cards from the Alliance Restricted List ("Restringuntus" in the Dis pod of "Alpha"; "library access" in the Logos pod of "Beta"); it may include only one of them by name. Swap pods so that only one remains.`)}},
		{name: "K4: a restricted card over its quantity",
			reg: Alliance{Pods: pods("Logos@Alpha", "Sanctum@Beta", "Brobnar@Alpha")}, decks: decks("Alpha", "Beta"),
			problems: []Issue{is("K4", "Library Access", `K4: "Library Access" appears 2 times; the Alliance Restricted List allows 1 per deck. Choose pods with fewer copies.`)}},
		{name: "K4: pods whose cards are not listed",
			reg: Alliance{Pods: pods("Shadows@Bare", "Logos@Alpha", "Mars@Beta")}, decks: decks("Alpha", "Beta", "Bare"),
			problems: []Issue{is("K4", "", `K4: the Alliance has 2 cards from the Alliance Restricted List ("Library Access" in the Logos pod of "Alpha"; "Martian Generosity" in the Mars pod of "Beta"); it may include only one of them by name. Swap pods so that only one remains.`),
				is("K4", "Library Access", `K4: "Library Access" appears 2 times; the Alliance Restricted List allows 1 per deck. Choose pods with fewer copies.`)},
			warnings: []Issue{is("K4", "", `K4: cannot check the Alliance Restricted List for the Shadows pod of "Bare": its cards are not listed; paste the deck list with its cards under house titles, or check by hand.`)}},
		{name: "K4: houses from the card list when the list has no house titles",
			reg:   Alliance{Pods: pods("Shadows@Plain", "Logos@Alpha", "Mars@Beta")},
			decks: append(decks("Alpha", "Beta"), mustParse(t, "Deck: Plain\nSet: CotA\nHouses: Shadows, Untamed, Sanctum\n1 Timetraveller\n1 Sneak\n")),
			cards: NewCardList(Card{Name: "Timetraveller", House: "Shadows"}, Card{Name: "Sneak", House: "Untamed"}),
			problems: []Issue{is("K2", "", `K2: "Plain" lists 2 cards; an Archon deck is complete and unmodified: 36 cards, 12 in each of its three houses. Check the list against the deck list card.`),
				is("K4", "", `K4: the Alliance has 3 cards from the Alliance Restricted List ("Timetraveller" in the Shadows pod of "Plain"; "Library Access" in the Logos pod of "Alpha"; "Martian Generosity" in the Mars pod of "Beta"); it may include only one of them by name. Swap pods so that only one remains.`),
				is("K4", "Library Access", `K4: "Library Access" appears 2 times; the Alliance Restricted List allows 1 per deck. Choose pods with fewer copies.`)}},
		{name: "K3: the same house twice",
			reg: Alliance{Pods: pods("Brobnar@Alpha", "brobnar@Alpha", "Sanctum@Beta")}, decks: decks("Alpha", "Beta"),
			problems: []Issue{is("K3", "", "K3: two pods are Brobnar; each pod of an Alliance must be of a different house. Choose another house for one of them.")}},
		{name: "K3: two pods",
			reg: Alliance{Pods: pods("Brobnar@Alpha", "Sanctum@Beta")}, decks: decks("Alpha", "Beta"),
			problems: []Issue{is("K3", "", "K3: the Alliance has 2 pods; it needs three house pods, each of a different house.")}},
		{name: "K3: a pod from a deck not registered",
			reg: Alliance{Pods: pods("Brobnar@Alpha", "Sanctum@Beta", "Dis@Omega")}, decks: decks("Alpha", "Beta"),
			problems: []Issue{is("K3", "", `K3: the Dis pod comes from "Omega", which is not among the registered deck lists; register that deck's list too.`)}},
		{name: "K3: a house the deck does not have",
			reg: Alliance{Pods: pods("Brobnar@Alpha", "Mars@Alpha", "Sanctum@Beta")}, decks: decks("Alpha", "Beta"),
			problems: []Issue{is("K3", "", `K3: "Alpha" has no Mars pod; its houses are Brobnar, Dis and Logos. Choose one of those.`)}},
		{name: "K3: decks of different sets",
			reg: Alliance{Pods: pods("Brobnar@Alpha", "Saurian@Gamma", "Sanctum@Beta")}, decks: decks("Alpha", "Beta", "Gamma"),
			problems: []Issue{is("K3", "", "K3: the pods come from decks of different sets (Call of the Archons and Mass Mutation); an Alliance uses decks of one set only.")}},
		{name: "K3: Dark Tidings with the Tide card",
			reg: Alliance{Pods: pods("Dis@Tide 1", "Logos@Tide 1", "Shadows@Tide 2"), Tide: true}, decks: decks("Tide 1", "Tide 2")},
		{name: "K3: Dark Tidings without the Tide card",
			reg: Alliance{Pods: pods("Dis@Tide 1", "Logos@Tide 1", "Shadows@Tide 2")}, decks: decks("Tide 1", "Tide 2"),
			problems: []Issue{is("K3", "", "K3: a Dark Tidings Alliance deck must include the Tide reference card; add it to the registration.")}},
		{name: "K3: the Tide card with another set",
			reg: Alliance{Pods: pods("Brobnar@Alpha", "Mars@Beta", "Sanctum@Beta"), Tide: true}, decks: decks("Alpha", "Beta"),
			problems: []Issue{is("K3", "", "K3: the Tide reference card is only for Dark Tidings decks, and this Alliance is Call of the Archons; take it out.")}},
		{name: "K3: Winds of Exchange with one token from the decks used",
			reg: Alliance{Pods: pods("Brobnar@Winds 1", "Dis@Winds 2", "Logos@Winds 2"), Tokens: []string{"cadet"}}, decks: decks("Winds 1", "Winds 2")},
		{name: "K3: Winds of Exchange without a token",
			reg: Alliance{Pods: pods("Brobnar@Winds 1", "Dis@Winds 2", "Logos@Winds 2")}, decks: decks("Winds 1", "Winds 2"),
			problems: []Issue{is("K3", "", "K3: a Winds of Exchange Alliance deck needs exactly one token creature reference card; register the one chosen from the decks used.")}},
		{name: "K3: Winds of Exchange with two tokens",
			reg: Alliance{Pods: pods("Brobnar@Winds 1", "Dis@Winds 2", "Logos@Winds 2"), Tokens: []string{"Grumpus", "Cadet"}}, decks: decks("Winds 1", "Winds 2"),
			problems: []Issue{is("K3", "", `K3: the Alliance registers 2 token creatures ("Grumpus" and "Cadet"); a Winds of Exchange deck uses exactly one. Keep one.`)}},
		{name: "K3: a token from a deck not used",
			reg: Alliance{Pods: pods("Brobnar@Winds 1", "Dis@Winds 2", "Logos@Winds 2"), Tokens: []string{"Berserker"}}, decks: decks("Winds 1", "Winds 2", "Winds 3"),
			problems: []Issue{is("K3", "Berserker", `K3: the token creature "Berserker" is not one of the decks' ("Winds 1" and "Winds 2"); choose "Grumpus" or "Cadet".`)}},
		{name: "K3: a token where the decks name none",
			reg:   Alliance{Pods: pods("Brobnar@W", "Dis@W", "Logos@W2"), Tokens: []string{"Grumpus"}},
			decks: []List{mustParse(t, "Deck: W\nSet: WoE\nHouses: Brobnar, Dis, Mars\n"), mustParse(t, "Deck: W2\nSet: WoE\nHouses: Logos, Mars, Sanctum\n")},
			warnings: []Issue{is("K3", "Grumpus", `K3: cannot check that the token creature "Grumpus" comes from "W" and "W2": their deck lists name no token creature; add a "Token:" line to each, or check by hand.`),
				is("K4", "", `K4: cannot check the Alliance Restricted List for the Brobnar pod of "W": its cards are not listed; paste the deck list with its cards under house titles, or check by hand.`),
				is("K4", "", `K4: cannot check the Alliance Restricted List for the Dis pod of "W": its cards are not listed; paste the deck list with its cards under house titles, or check by hand.`),
				is("K4", "", `K4: cannot check the Alliance Restricted List for the Logos pod of "W2": its cards are not listed; paste the deck list with its cards under house titles, or check by hand.`)}},
		{name: "K3: a token with another set",
			reg: Alliance{Pods: pods("Brobnar@Alpha", "Mars@Beta", "Sanctum@Beta"), Tokens: []string{"Grumpus"}}, decks: decks("Alpha", "Beta"),
			problems: []Issue{is("K3", "Grumpus", `K3: token creature reference cards are only used with Winds of Exchange decks, and this Alliance is Call of the Archons; take out "Grumpus".`)}},
		{name: "K2: each deck's identity is checked",
			reg: Alliance{Pods: pods("Brobnar@Alpha", "Mars@Beta", "Sanctum@Beta")}, decks: append(decks("Alpha", "Beta"), mustParse(t, "Houses: Dis\n")),
			problems: []Issue{
				is("K2", "", "K2: deck 3 has no name; write the deck's name, as on its Archon card, on the first line."),
				is("K2", "", `K2: deck 3 has no set; write it on a "Set:" line, e.g. "Set: Call of the Archons".`),
				is("K2", "", `K2: deck 3 lists 1 house (Dis); an Archon deck has three. Write all three on a "Houses:" line, e.g. "Houses: Brobnar, Dis, Logos".`)}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			checkReport(t, ValidateAlliance(FormatAllianceStandard, tt.reg, tt.decks, tt.cards), tt.problems, tt.warnings)
		})
	}
}

// Rule K5: Alliance Sealed, and calibration between rounds.
func TestAllianceSealed(t *testing.T) {
	all := allianceDecks(t)
	ab := []List{all["Alpha"], all["Beta"]}
	winds := []List{all["Winds 1"], all["Winds 2"], all["Winds 3"]}

	// Rule K5: the restricted list does not apply to Alliance Sealed.
	got := ValidateAlliance(FormatAllianceSealed, Alliance{Pods: pods("Dis@Alpha", "Logos@Alpha", "Mars@Beta")}, ab, CardList{})
	checkReport(t, got, nil, nil)

	// Rule K5: two or three sealed decks.
	got = ValidateAlliance(FormatAllianceSealed, Alliance{Pods: pods("Brobnar@Alpha", "Dis@Alpha", "Logos@Alpha")}, ab[:1], CardList{})
	checkReport(t, got, []Issue{is("K5", "", "K5: Alliance Sealed uses two or three sealed decks per player, and 1 is registered; register every sealed deck the player opened.")}, nil)

	// Rule K5: the token at deck construction comes from the decks used...
	reg := Alliance{Pods: pods("Brobnar@Winds 1", "Dis@Winds 2", "Logos@Winds 2"), Tokens: []string{"Berserker"}}
	got = ValidateAlliance(FormatAllianceSealed, reg, winds, CardList{})
	checkReport(t, got, []Issue{is("K3", "Berserker", `K3: the token creature "Berserker" is not one of the decks' ("Winds 1" and "Winds 2"); choose "Grumpus" or "Cadet".`)}, nil)
	// ...while calibration may swap it for any unused one of the opened decks.
	checkReport(t, Calibrate(winds, reg, CardList{}), nil, nil)

	tests := []struct {
		name     string
		sealed   []List
		next     Alliance
		problems []Issue
	}{
		{name: "swapping a pod for an unused one", sealed: ab,
			next: Alliance{Pods: pods("Brobnar@Alpha", "Dis@Alpha", "Sanctum@Beta")}},
		{name: "playing one sealed deck unmodified", sealed: ab,
			next: Alliance{Pods: pods("Logos@Beta", "Mars@Beta", "Sanctum@Beta")}},
		{name: "the same house twice after a swap", sealed: ab,
			next:     Alliance{Pods: pods("Logos@Alpha", "Logos@Beta", "Sanctum@Beta")},
			problems: []Issue{is("K5", "", "K5: two pods are Logos; each pod of an Alliance must be of a different house. Choose another house for one of them.")}},
		{name: "a pod from a deck the player did not open", sealed: ab,
			next:     Alliance{Pods: pods("Brobnar@Alpha", "Dis@Gamma", "Sanctum@Beta")},
			problems: []Issue{is("K5", "", `K5: the Dis pod comes from "Gamma", which is not among the player's sealed decks; register that deck's list too.`)}},
		{name: "four pods", sealed: ab,
			next:     Alliance{Pods: pods("Brobnar@Alpha", "Dis@Alpha", "Sanctum@Beta", "Mars@Beta")},
			problems: []Issue{is("K5", "", "K5: the Alliance has 4 pods; it needs three house pods, each of a different house.")}},
		{name: "sealed decks of different sets", sealed: []List{all["Alpha"], all["Gamma"]},
			next:     Alliance{Pods: pods("Brobnar@Alpha", "Dis@Alpha", "Saurian@Gamma")},
			problems: []Issue{is("K5", "", "K5: the sealed decks are of different sets (Call of the Archons and Mass Mutation); an Alliance uses decks of one set only.")}},
		{name: "four sealed decks", sealed: []List{all["Alpha"], all["Beta"], all["Alpha"], all["Beta"]},
			next:     Alliance{Pods: pods("Brobnar@Alpha", "Dis@Alpha", "Sanctum@Beta")},
			problems: []Issue{is("K5", "", "K5: Alliance Sealed uses two or three sealed decks per player, and 4 are registered; register every sealed deck the player opened.")}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			checkReport(t, Calibrate(tt.sealed, tt.next, CardList{}), tt.problems, nil)
		})
	}
}

func TestValidateAllianceOtherFormat(t *testing.T) {
	got := ValidateAlliance(FormatHeresy, Alliance{}, nil, CardList{})
	checkReport(t, got, []Issue{is("", "", `The deck rules "heresy" have no Alliance decks; an Alliance is checked with Alliance Standard or Alliance Sealed.`)}, nil)
}

func TestSetName(t *testing.T) {
	for in, want := range map[string]string{"dt": "Dark Tidings", "WINDS OF EXCHANGE": "Winds of Exchange", "cota": "Call of the Archons", "  Grim  Reminders ": "Grim Reminders"} {
		if got := SetName(in); got != want {
			t.Errorf("SetName(%q) = %q, want %q", in, got, want)
		}
	}
}

// Rule K2, 000 "Archon Standard": "The Archon deck must be complete and
// unmodified." An Archon deck is 36 cards, 12 of each of its 3 houses ("each
// Archon deck always consists of three house pods of three different
// houses"; "A house pod is the group of 12 cards dedicated to a single
// house"). A 35-card list, or 11 in one house, is not the deck on the deck
// list card: it is a problem, not a warning, in every KeyForge format, for
// no format lets an Archon deck be changed (an Alliance takes whole pods,
// and a single Archon deck brought to an Alliance event is "unmodified").
func TestK2AnArchonDeckIsCompleteAndUnmodified(t *testing.T) {
	full := archonText(t, "Tuca", "CotA", []string{"Brobnar", "Dis", "Logos"}, nil)
	// The same deck without house titles: 36 lines of one card each.
	var flat strings.Builder
	flat.WriteString("Deck: Tuca\nSet: CotA\nHouses: Brobnar, Dis, Logos\n")
	for i := 1; i <= 36; i++ {
		fmt.Fprintf(&flat, "1 Tuca card %d\n", i)
	}
	tests := []struct {
		name, text    string
		problem, more string
	}{
		{name: "36 cards, 12 a house", text: full},
		{name: "36 cards without house titles", text: flat.String()},
		{name: "35 cards, 11 in Dis", text: strings.Replace(full, "1 Tuca Dis card 12\n", "", 1),
			problem: `K2: the Dis pod of "Tuca" lists 11 cards; an Archon deck is complete and unmodified, 12 cards in each house. Check the list against the deck list card.`},
		{name: "13 in Dis, 11 in Logos", text: strings.Replace(strings.Replace(full, "1 Tuca Logos card 12\n", "", 1), "1 Tuca Dis card 12\n", "2 Tuca Dis card 12\n", 1),
			problem: `K2: the Dis pod of "Tuca" lists 13 cards; an Archon deck is complete and unmodified, 12 cards in each house. Check the list against the deck list card.`,
			more:    `K2: the Logos pod of "Tuca" lists 11 cards; an Archon deck is complete and unmodified, 12 cards in each house. Check the list against the deck list card.`},
		{name: "35 cards without house titles", text: strings.Replace(flat.String(), "1 Tuca card 36\n", "", 1),
			problem: `K2: "Tuca" lists 35 cards; an Archon deck is complete and unmodified: 36 cards, 12 in each of its three houses. Check the list against the deck list card.`},
		{name: "a 37th card outside the houses", text: full + "Extra:\n1 Anger\n",
			problem: `K2: "Tuca" lists 37 cards; an Archon deck is complete and unmodified: 36 cards, 12 in each of its three houses. Check the list against the deck list card.`},
	}
	for _, format := range []Format{FormatArchonStandard, FormatArchonSealed, FormatAllianceStandard, FormatAllianceSealed} {
		for _, tt := range tests {
			t.Run(string(format)+"/"+tt.name, func(t *testing.T) {
				l := mustParseArchon(t, tt.text)
				rep := Validate(format, l, CardList{})
				var want []Issue
				if tt.problem != "" {
					want = []Issue{is("K2", "", tt.problem)}
				}
				if tt.more != "" {
					want = append(want, is("K2", "", tt.more))
				}
				checkReport(t, rep, want, nil)
				if rep.Legal() != (tt.problem == "") {
					t.Errorf("Legal() = %v", rep.Legal())
				}
			})
		}
	}
}
