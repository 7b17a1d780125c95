package deck

import "testing"

func shadowfistCards() CardList {
	cs := versions("Dragon", 10, Card{Type: "Character", Designators: []string{"Dragon", "Martial Artist"}})
	cs = append(cs, versions("Hacker", 10, Card{Type: "Character", Designators: []string{"Hacker"}})...)
	cs = append(cs, versions("Site", 5, Card{Type: "Feng Shui Site"})...)
	cs = append(cs, Card{Name: "Dim Mak", Type: "Event"})
	cs = append(cs, Card{Name: "Everyday Hero", Type: "Character", NoMax: true, Designators: []string{"Dragon"}})
	return NewCardList(cs...)
}

// Rules S2 and S3: Shadowfist deck construction (004, 3.0 a and 6.1).
func TestShadowfist(t *testing.T) {
	full := shadowfistCards()
	tests := []validateCase{
		{name: "S2: five of a title, any size, no card list needed",
			format: FormatShadowfist, text: "5 Dim Mak\n1 Swordsman\n"},
		{name: "S2: six of a title",
			format: FormatShadowfist, text: "4 Dim Mak\n2 dim mak\n", cards: full,
			problems: []Issue{is("S2", "Dim Mak", `S2: "Dim Mak" has 6 copies; a deck may have at most 5 of a title unless the card says No Max. Remove 1.`)}},
		{name: "S2: six of a known card without No Max",
			format: FormatShadowfist, text: "6 Site 1\n", cards: full,
			problems: []Issue{is("S2", "Site 1", `S2: "Site 1" has 6 copies; a deck may have at most 5 of a title unless the card says No Max. Remove 1.`)}},
		{name: "S2: No Max from the card list",
			format: FormatShadowfist, text: "12 Everyday Hero\n", cards: full},
		{name: "S2: No Max from the list's section",
			format: FormatShadowfist, text: "No Max:\n12 Friends of the Dragon\n"},
		// 3.0 a: "No more than 5 of any card of the same title (except for
		// cards with No Max). Any player with more than 5 of a particular
		// card is disqualified." Copies are counted by title, card list or
		// not: six of a title nobody shows to be No Max is refused.
		{name: "S2: six of a card the card list does not have",
			format: FormatShadowfist, text: "6 Friends of the Dragon\n", cards: full,
			problems: []Issue{is("S2", "Friends of the Dragon", `S2: "Friends of the Dragon" has 6 copies; a deck may have at most 5 of a title, and a player with more is disqualified (3.0 a). Remove 1, or, if the card says No Max, list it under a "No Max:" line.`)}},
		{name: "S2: six of a title without a card list, counted by title",
			format: FormatShadowfist, text: "4 Dim Mak\n2 DIM MAK\n1 Swordsman\n",
			problems: []Issue{is("S2", "Dim Mak", `S2: "Dim Mak" has 6 copies; a deck may have at most 5 of a title, and a player with more is disqualified (3.0 a). Remove 1, or, if the card says No Max, list it under a "No Max:" line.`)}},
		{name: "S2: twelve No Max cards without a card list, under a No Max line",
			format: FormatShadowfist, text: "No Max:\n12 Everyday Hero\n"},
		{name: "S3: One Hundred Names, one of each",
			format: FormatShadowfistHundredNames, text: "Dim Mak\nSwordsman\n1 Site 1\n"},
		{name: "S3: One Hundred Names allows no second copy, not even No Max",
			format: FormatShadowfistHundredNames, text: "1 Dim Mak\n2 Everyday Hero\n", cards: full,
			problems: []Issue{is("S3", "Everyday Hero", `S3: "Everyday Hero" has 2 copies; a One Hundred Names deck may hold only one of each card, No Max cards and Feng Shui Sites included. Remove 1.`)}},
		{name: "S3: Ritual with chosen letters, articles counted, punctuation and numbers skipped",
			format: FormatShadowfistRitual, text: "Letters: T D B\n3 The Dragon\n2 Dim Mak\n1 \"Big\" Bruiser\n5 10,000 Bullets\n1 ...Tiger\n"},
		{name: "S3: Ritual, a card outside the chosen letters",
			format: FormatShadowfistRitual, text: "Letters: T, D, S\n3 The Dragon\n2 Dim Mak\n1 Swordsman\n2 10,000 Bullets\n",
			problems: []Issue{is("S3", "10,000 Bullets", `S3: "10,000 Bullets" starts with B, which is not one of your letters (T, D and S); replace the card or change your letters.`)}},
		{name: "S3: Ritual without chosen letters, three used",
			format: FormatShadowfistRitual, text: "3 The Dragon\n2 Dim Mak\n1 Swordsman\n2 Thunder Gladiator\n"},
		{name: "S3: Ritual without chosen letters, five used",
			format: FormatShadowfistRitual, text: "5 The Dragon\n4 Thunder Gladiator\n3 Dim Mak\n2 Swordsman\n1 Queen of the Ice Pagoda\n2 Ashes\n",
			problems: []Issue{is("S3", "", `S3: the titles start with 5 letters: T (9 cards), D (3 cards), A (2 cards), S (2 cards) and Q (1 card); Ritual of the Unnameable allows three. Replace the cards starting with S and Q: "Swordsman" and "Queen of the Ice Pagoda", or write your three letters on a "Letters:" line.`)}},
		{name: "S3: Ritual with four chosen letters",
			format: FormatShadowfistRitual, text: "Letters: A B C D\n1 Ashes\n1 Bullets\n1 Chi\n",
			problems: []Issue{is("S3", "", `S3: the list chooses 4 letters (A, B, C and D); Ritual of the Unnameable allows three. Keep three on the "Letters:" line.`)}},
		{name: "S3: Ritual keeps the five-copy limit",
			format: FormatShadowfistRitual, text: "Letters: D\n6 Dim Mak\n", cards: full,
			problems: []Issue{is("S2", "Dim Mak", `S2: "Dim Mak" has 6 copies; a deck may have at most 5 of a title unless the card says No Max. Remove 1.`)}},
		{name: "S3: Comrades in Arms, 23 Dragons counting a No Max card",
			format: FormatShadowfistComrades, text: cards("Dragon", 4, 4) + "7 Everyday Hero\n" + cards("Hacker", 2, 5) + cards("Site", 5, 3), cards: full},
		{name: "S3: Comrades in Arms, 22 share a designator",
			format: FormatShadowfistComrades, text: cards("Dragon", 4, 4) + "6 Everyday Hero\n" + cards("Hacker", 4, 5), cards: full,
			problems: []Issue{is("S3", "", "S3: at most 22 cards share a designator (Dragon); a Comrades in Arms deck needs at least 23 that share one. Add 1 more Dragon card.")}},
		{name: "S3: Comrades in Arms, unknown cards could make up the difference",
			format: FormatShadowfistComrades, text: cards("Dragon", 4, 5) + "2 Stranger\n1 Other Stranger\n", cards: full,
			warnings: []Issue{
				is("S3", "Stranger", `S3: cannot check the designators of "Stranger": it is not in the card list; import a card list that has it, or check by hand.`),
				is("S3", "Other Stranger", `S3: cannot check the designators of "Other Stranger": it is not in the card list; import a card list that has it, or check by hand.`),
			}},
		{name: "S3: Comrades in Arms, unknown cards too few to matter",
			format: FormatShadowfistComrades, text: cards("Dragon", 4, 4) + "2 Stranger\n", cards: full,
			problems: []Issue{is("S3", "", "S3: at most 16 cards share a designator (Dragon); a Comrades in Arms deck needs at least 23 that share one. Add 7 more Dragon cards.")}},
		{name: "S3: Comrades in Arms, no designators at all",
			format: FormatShadowfistComrades, text: cards("Site", 5, 5), cards: full,
			problems: []Issue{is("S3", "", "S3: no card has a designator; a Comrades in Arms deck needs at least 23 cards that share one.")}},
		{name: "S3: Comrades in Arms without a card list",
			format: FormatShadowfistComrades, text: cards("Dragon", 5, 5),
			warnings: []Issue{is("S3", "", "S3: cannot check the designators of 5 cards: no card list is loaded; import one, or check the deck by hand.")}},
	}
	checkValidate(t, "", tests)
}

// Rule S3: the letter a title starts with, for Ritual of the Unnameable.
func TestInitial(t *testing.T) {
	for title, want := range map[string]rune{
		"The Dragon":       'T',
		"A Fistful of Yen": 'A',
		"10,000 Bullets":   'B',
		"\"Big\" Bruiser":  'B',
		"Æmber Thief":      'A',
		"Éclair":           'E',
		"zoë":              'Z',
		"...":              0,
	} {
		if got := initial(title); got != want {
			t.Errorf("initial(%q) = %q, want %q", title, got, want)
		}
	}
}
