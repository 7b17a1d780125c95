package deck

import "testing"

// alteredCards is a card list for the Altered tests: two Heroes, cards of
// four factions at every rarity, and "Twin", printed common and rare.
func alteredCards() CardList {
	cs := []Card{
		{Name: "Akesha & Taru", Faction: "Axiom", Type: "Hero"},
		{Name: "Sierra & Oddball", Faction: "Bravos", Type: "Hero"},
		{Name: "Twin", Faction: "Axiom", Rarity: Common, Type: "Character"},
		{Name: "Twin", Faction: "Axiom", Rarity: Rare, Type: "Character"},
		{Name: "Mana Convergence", Type: "Spell"},
	}
	cs = append(cs, versions("Axiom Common", 20, Card{Faction: "Axiom", Rarity: Common, Type: "Character"})...)
	cs = append(cs, versions("Axiom Rare", 10, Card{Faction: "Axiom", Rarity: Rare, Type: "Spell"})...)
	cs = append(cs, versions("Axiom Unique", 5, Card{Faction: "Axiom", Rarity: Unique, Type: "Character"})...)
	cs = append(cs, versions("Lyra Common", 10, Card{Faction: "Lyra", Rarity: Common, Type: "Character"})...)
	cs = append(cs, versions("Muna Common", 10, Card{Faction: "Muna", Rarity: Common, Type: "Character"})...)
	cs = append(cs, versions("Bravos Common", 10, Card{Faction: "Bravos", Rarity: Common, Type: "Permanent"})...)
	return NewCardList(cs...)
}

const akesha = "Hero: Akesha & Taru\n"

// Rule A1: the constructed deck rules of 001/003, 1.1.4.
func TestAlteredConstructed(t *testing.T) {
	full := alteredCards()
	tests := []validateCase{
		{name: "a Hero and 39 cards of its faction is legal",
			text: akesha + cards("Axiom Common", 13, 3), cards: full},
		{name: "15 rare and 3 unique cards are allowed",
			text: akesha + cards("Axiom Rare", 5, 3) + cards("Axiom Unique", 3, 1) + cards("Axiom Common", 7, 3), cards: full},
		{name: "a Hero known from the card list alone",
			text: "1 Akesha & Taru\n" + cards("Axiom Common", 13, 3), cards: full},
		{name: "no Hero",
			text: cards("Axiom Common", 13, 3), cards: full,
			problems: []Issue{is("A1", "", `A1: the deck has no Hero; a constructed deck needs exactly one. Add your Hero under a "Hero:" line.`)}},
		{name: "no Hero marked and no card list",
			text: cards("Axiom Common", 13, 3),
			warnings: []Issue{
				is("A1", "", `A1: no card is marked as the Hero; put your Hero under a "Hero:" line (or import a card list) so the deck can be checked.`),
				is("A1", "", "A1: cannot check the rarity of 13 cards: no card list is loaded; import one, or check the deck by hand."),
			}},
		{name: "two Heroes",
			text: "Hero:\n1 Akesha & Taru\n1 Sierra & Oddball\nCharacters:\n" + cards("Axiom Common", 13, 3), cards: full,
			problems: []Issue{is("A1", "", `A1: the deck has 2 Heroes ("Akesha & Taru" and "Sierra & Oddball"); a constructed deck needs exactly one. Keep one and remove the others.`)}},
		{name: "two copies of the Hero",
			text: "Hero: 2 Akesha & Taru\n" + cards("Axiom Common", 13, 3), cards: full,
			problems: []Issue{is("A1", "Akesha & Taru", `A1: the deck has 2 copies of the Hero "Akesha & Taru"; a constructed deck needs exactly one. Remove 1.`)}},
		{name: "38 other cards",
			text: akesha + cards("Axiom Common", 12, 3) + "2 Axiom Common 13\n", cards: full,
			problems: []Issue{is("A1", "", "A1: the deck has 38 cards besides the Hero; a constructed deck needs at least 39. Add 1.")}},
		{name: "a card of another faction",
			text: akesha + cards("Axiom Common", 12, 3) + "3 Lyra Common 1\n", cards: full,
			problems: []Issue{is("A1", "Lyra Common 1", `A1: "Lyra Common 1" is Lyra but your Hero "Akesha & Taru" is Axiom; a constructed deck may only hold cards of its Hero's faction. Replace it with an Axiom card.`)}},
		{name: "four of a name over two rarities",
			text: akesha + cards("Axiom Common", 13, 3) + "2 Twin (C)\n2 twin (R)\n", cards: full,
			problems: []Issue{is("A1", "Twin", `A1: "Twin" has 4 copies; a constructed deck may have at most 3 of the same name, whatever their rarity. Remove 1.`)}},
		{name: "16 rare cards",
			text: akesha + cards("Axiom Rare", 5, 3) + "1 Axiom Rare 6\n" + cards("Axiom Common", 8, 3), cards: full,
			problems: []Issue{is("A1", "", "A1: the deck has 16 rare cards; a constructed deck may have at most 15. Remove 1 rare card.")}},
		{name: "4 unique cards",
			text: akesha + cards("Axiom Unique", 4, 1) + cards("Axiom Common", 13, 3), cards: full,
			problems: []Issue{is("A1", "", "A1: the deck has 4 unique cards; a constructed deck may have at most 3. Remove 1 unique card.")}},
		{name: "a rarity tag counts where the card list is silent",
			text: akesha + cards("Axiom Common", 12, 3) + "2 Stranger (U)\n2 Other Stranger (U)\n", cards: full,
			problems: []Issue{is("A1", "", "A1: the deck has 4 unique cards; a constructed deck may have at most 3. Remove 1 unique card.")},
			warnings: []Issue{
				is("A1", "Stranger", `A1: cannot check the faction of "Stranger": it is not in the card list; import a card list that has it, or check by hand.`),
				is("A1", "Other Stranger", `A1: cannot check the faction of "Other Stranger": it is not in the card list; import a card list that has it, or check by hand.`),
			}},
		{name: "an unknown card's rarity is not asked for when it cannot break a limit",
			text: akesha + cards("Axiom Common", 12, 3) + "3 Stranger\n", cards: full,
			warnings: []Issue{is("A1", "Stranger", `A1: cannot check the faction of "Stranger": it is not in the card list; import a card list that has it, or check by hand.`)}},
		{name: "an unknown card that could be a fourth unique",
			text: akesha + cards("Axiom Unique", 3, 1) + "1 Stranger\n" + cards("Axiom Common", 12, 3), cards: full,
			warnings: []Issue{is("A1", "Stranger", `A1: cannot check the faction and rarity of "Stranger": it is not in the card list; import a card list that has it, or check by hand.`)}},
		{name: "a name printed at two rarities needs its tag",
			text: akesha + cards("Axiom Unique", 3, 1) + "3 Twin\n" + cards("Axiom Common", 12, 3), cards: full,
			warnings: []Issue{is("A1", "Twin", `A1: cannot check the rarity of "Twin": the card list has versions of it with different rarities; write the rarity you play after the name, e.g. "Twin (R)".`)}},
		{name: "a tag the card list does not know",
			text: akesha + "3 Axiom Common 1 (R)\n" + cards("Axiom Common", 13, 3)[len("3 Axiom Common 1\n"):] + "3 Axiom Common 14\n", cards: full,
			warnings: []Issue{is("A1", "Axiom Common 1", `A1: cannot check the faction of "Axiom Common 1": it is not in the card list as a rare card; import a card list that has it, or check by hand.`)}},
		{name: "the Hero's faction unknown",
			text: "Hero: Nobody\n" + cards("Axiom Common", 13, 3), cards: full,
			warnings: []Issue{is("A1", "Nobody", `A1: cannot check the faction of "Nobody": it is not in the card list; import a card list that has it, or check by hand.`)}},
		{name: "without a card list, one warning for all cards",
			text:     akesha + cards("Axiom Common", 13, 3),
			warnings: []Issue{is("A1", "", "A1: cannot check the faction and rarity of 14 cards: no card list is loaded; import one, or check the deck by hand.")}},
	}
	checkValidate(t, FormatAlteredConstructed, tests)
}

// Rules A2 and A4: the limited deck rules of 001/003, 1.1.5, and the
// Sealed and Booster Draft game modes' 30 cards.
func TestAlteredLimited(t *testing.T) {
	full := alteredCards()
	tests := []validateCase{
		{name: "a Hero, 29 cards of 3 factions, no name or rarity limits",
			text: akesha + cards("Axiom Rare", 3, 6) + cards("Lyra Common", 1, 5) + "6 Mana Convergence\n", cards: full},
		{name: "30 cards and no Hero",
			text: cards("Lyra Common", 5, 6), cards: full},
		{name: "a Hero and 28 cards",
			text: akesha + cards("Axiom Common", 4, 7), cards: full,
			problems: []Issue{is("A2", "", "A2: the deck has 28 cards besides the Hero; a limited deck needs at least 29. Add 1 (any number of Mana Convergence may be added).")}},
		{name: "29 cards and no Hero",
			text: cards("Axiom Common", 1, 29), cards: full,
			problems: []Issue{is("A4", "", "A4: the deck has 29 cards and no Hero; a limited deck needs 30 cards in all. Add 1 card (Mana Convergence will do) or a Hero.")}},
		{name: "25 cards and no Hero",
			text: cards("Axiom Common", 5, 5), cards: full,
			problems: []Issue{is("A2", "", "A2: the deck has 25 cards; a limited deck needs at least 29 besides a Hero, and 30 in all without one. Add 5 (Mana Convergence will do).")}},
		{name: "two Heroes",
			text: "Heroes\n1 Akesha & Taru\n1 Sierra & Oddball\nDeck\n" + cards("Axiom Common", 6, 5), cards: full,
			problems: []Issue{is("A2", "", `A2: the deck has 2 Heroes ("Akesha & Taru" and "Sierra & Oddball"); a limited deck may have at most one. Remove 1.`)}},
		{name: "four factions: the smallest that is not the Hero's goes",
			text: "Hero: Sierra & Oddball\n" + cards("Axiom Common", 2, 5) + cards("Lyra Common", 2, 5) + cards("Muna Common", 2, 5) + "12 Mana Convergence\n", cards: full,
			problems: []Issue{is("A2", "", `A2: the deck has cards of 4 factions (Bravos, Axiom, Lyra and Muna); a limited deck may use at most 3, the Hero's included. Remove or replace the Muna cards: "Muna Common 1" and "Muna Common 2".`)}},
		{name: "four factions: the one with the fewest cards goes",
			text: "Hero: Sierra & Oddball\n" + cards("Muna Common", 2, 5) + cards("Axiom Common", 2, 5) + cards("Lyra Common", 1, 3) + "12 Mana Convergence\n", cards: full,
			problems: []Issue{is("A2", "", `A2: the deck has cards of 4 factions (Bravos, Muna, Axiom and Lyra); a limited deck may use at most 3, the Hero's included. Remove or replace the Lyra cards: "Lyra Common 1".`)}},
		{name: "five factions: two go",
			text:     "Hero: Sierra & Oddball\n" + cards("Muna Common", 2, 5) + cards("Axiom Common", 2, 5) + cards("Lyra Common", 1, 3) + "2 Ordis Rare (R)\n12 Mana Convergence\n",
			cards:    NewCardList(append(full.Cards(), Card{Name: "Ordis Rare", Faction: "Ordis", Rarity: Rare})...),
			problems: []Issue{is("A2", "", `A2: the deck has cards of 5 factions (Bravos, Muna, Axiom, Lyra and Ordis); a limited deck may use at most 3, the Hero's included. Remove or replace the Ordis and Lyra cards: "Ordis Rare" and "Lyra Common 1".`)}},
		{name: "an unknown card that could be a fourth faction",
			text: akesha + cards("Axiom Common", 2, 9) + "5 Lyra Common 1\n5 Muna Common 1\n1 Stranger\n", cards: full,
			warnings: []Issue{is("A2", "Stranger", `A2: cannot check the faction of "Stranger": it is not in the card list; import a card list that has it, or check by hand.`)}},
		{name: "an unknown card that cannot be a fourth faction",
			text: akesha + cards("Axiom Common", 2, 9) + "5 Lyra Common 1\n6 Stranger\n", cards: full},
		{name: "without a card list, one warning",
			text:     akesha + cards("Card", 10, 3),
			warnings: []Issue{is("A2", "", "A2: cannot check the faction of 11 cards: no card list is loaded; import one, or check the deck by hand.")}},
	}
	checkValidate(t, FormatAlteredLimited, tests)
}
