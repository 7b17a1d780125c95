package deck

import "testing"

func heresyCards() CardList {
	cs := versions("Card", 20, Card{Type: "Character"})
	cs = append(cs, Card{Name: "Holy Ground", Type: "Location"}, Card{Name: "Last Trumpet", Type: "Apocalypse"})
	return NewCardList(cs...)
}

// Rules H1, H6 and H7: Heresy decks (002, 2.2.1, 4.3.1, 5.3.1).
func TestHeresy(t *testing.T) {
	full := heresyCards()
	tests := []validateCase{
		{name: "H1: 60 cards, four of each, needs no card list",
			format: FormatHeresy, text: cards("Card", 15, 4)},
		{name: "H1: 59 cards",
			format: FormatHeresy, text: cards("Card", 14, 4) + "3 Card 15\n",
			problems: []Issue{is("H1", "", "H1: the deck has 59 cards; a Heresy deck needs at least 60. Add 1.")}},
		{name: "H1: five of a character",
			format: FormatHeresy, text: cards("Card", 14, 4) + "5 Card 15\n", cards: full,
			problems: []Issue{is("H1", "Card 15", `H1: "Card 15" has 5 copies; a Heresy deck may have at most 4 of a card, locations excepted. Remove 1.`)}},
		{name: "H1: five over two lines",
			format: FormatHeresy, text: cards("Card", 14, 4) + "3 Card 15\n2 card 15\n", cards: full,
			problems: []Issue{is("H1", "Card 15", `H1: "Card 15" has 5 copies; a Heresy deck may have at most 4 of a card, locations excepted. Remove 1.`)}},
		{name: "H1: an Ultracommon location is a location without a card list",
			format: FormatHeresy, text: cards("Card", 13, 4) + "8 Free City\n"},
		{name: "H1: a location marked by its section",
			format: FormatHeresy, text: cards("Card", 13, 4) + "Locations:\n8 Shrine\n"},
		{name: "H1: a location known from the card list",
			format: FormatHeresy, text: cards("Card", 13, 4) + "8 Holy Ground\n", cards: full},
		{name: "H1: a section of characters is no location",
			format: FormatHeresy, text: cards("Card", 13, 4) + "Characters:\n8 Shrine\n",
			problems: []Issue{is("H1", "Shrine", `H1: "Shrine" has 8 copies; a Heresy deck may have at most 4 of a card, locations excepted. Remove 4.`)}},
		{name: "H1: an unknown card with five copies",
			format: FormatHeresy, text: cards("Card", 14, 4) + "5 Mystery\n",
			warnings: []Issue{is("H1", "Mystery", `H1: cannot check the type of "Mystery": no card list is loaded; list it under a "Locations:" line if it is a location (only locations may have more than 4 copies), or import a card list that has it.`)}},
		{name: "H6: an Apocalypse card in Armageddon",
			format: FormatHeresyArmageddon, text: cards("Card", 14, 4) + "1 Last Trumpet\n3 Card 15\n", cards: full,
			problems: []Issue{is("H6", "Last Trumpet", `H6: "Last Trumpet" is an Apocalypse card, and Apocalypse cards are banned in Armageddon tournaments. Remove it.`)}},
		{name: "H6: an Apocalypse section",
			format: FormatHeresyArmageddon, text: cards("Card", 15, 4) + "Apocalypse: Doom\n", cards: full,
			problems: []Issue{is("H6", "Doom", `H6: "Doom" is an Apocalypse card, and Apocalypse cards are banned in Armageddon tournaments. Remove it.`)}},
		{name: "H6: Armageddon decks follow H1 too",
			format: FormatHeresyArmageddon, text: cards("Card", 14, 4) + "5 Card 15\n", cards: full,
			problems: []Issue{is("H1", "Card 15", `H1: "Card 15" has 5 copies; a Heresy deck may have at most 4 of a card, locations excepted. Remove 1.`)}},
		{name: "H6: without a card list the Apocalypse check is a warning",
			format: FormatHeresyArmageddon, text: cards("Card", 15, 4),
			warnings: []Issue{is("H6", "", "H6: cannot check the type of 15 cards: no card list is loaded; import one, or check the deck by hand.")}},
		{name: "H7: 50 cards, ten of a card",
			format: FormatHeresyRevelations, text: cards("Card", 5, 10)},
		{name: "H7: 49 cards",
			format: FormatHeresyRevelations, text: cards("Card", 7, 7),
			problems: []Issue{is("H7", "", "H7: the deck has 49 cards; a Revelations deck needs at least 50. Add 1; any number of Ultracommon locations may be added.")}},
		{name: "H1 is not H7: 50 cards fail Reascension",
			format: FormatHeresy, text: cards("Card", 5, 10), cards: full,
			problems: []Issue{
				is("H1", "", "H1: the deck has 50 cards; a Heresy deck needs at least 60. Add 10."),
				is("H1", "Card 1", `H1: "Card 1" has 10 copies; a Heresy deck may have at most 4 of a card, locations excepted. Remove 6.`),
				is("H1", "Card 2", `H1: "Card 2" has 10 copies; a Heresy deck may have at most 4 of a card, locations excepted. Remove 6.`),
				is("H1", "Card 3", `H1: "Card 3" has 10 copies; a Heresy deck may have at most 4 of a card, locations excepted. Remove 6.`),
				is("H1", "Card 4", `H1: "Card 4" has 10 copies; a Heresy deck may have at most 4 of a card, locations excepted. Remove 6.`),
				is("H1", "Card 5", `H1: "Card 5" has 10 copies; a Heresy deck may have at most 4 of a card, locations excepted. Remove 6.`),
			}},
	}
	checkValidate(t, "", tests)
}

func TestUltracommonLocations(t *testing.T) {
	l := UltracommonLocations()
	if len(l) != 14 || l[0] != "Congo Depth Preserve" || l[13] != "Urban Sprawl" {
		t.Errorf("UltracommonLocations() = %q", l)
	}
	l[0] = "changed"
	if UltracommonLocations()[0] != "Congo Depth Preserve" {
		t.Error("UltracommonLocations returns shared state")
	}
}
