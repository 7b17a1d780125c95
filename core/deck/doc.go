// Package deck reads decklists and checks them against each format's deck
// rules, with messages a player at the self-service kiosk understands: what
// is wrong, which card, how to fix it, and the rule ID of
// docs/RULES.md ("A1: "Sierra & Oddball" has 4 copies; …").
//
// It is pure: no files, no clock, no randomness, no state between calls.
//
// # Reading
//
// Parse reads the decklist forms players and deckbuilding sites use ("3
// Card", "3x Card", "Card x3", section titles, comments); ParseArchon reads
// a KeyForge Archon deck list, whose first lines are the deck's name, set
// and houses. Lines that cannot be read come back as LineErrors with the
// line number and how to write it; the rest is still read.
//
// ReadCardList reads the card data an organizer imports as CSV. Validate
// checks one list against a Format; ValidateAlliance and Calibrate check
// KeyForge Alliance decks built from pods of several Archon decks.
//
// # Where each fact comes from
//
// A rule often needs a fact the card's name does not tell. Each comes from
// the first of these sources that has it:
//
//   - Count and name: the decklist.
//   - Hero (Altered): a section titled "Hero" ("Hero:" or "Hero: Card"), or
//     type "hero" in the card list. A card neither marks counts as another
//     card; when no card is marked at all, A1 warns instead of failing.
//   - Rarity (Altered): a tag on the line ("3 Card (R)"), else the card list.
//     Lines with different tags stay apart, since a name is printed at
//     several rarities, and count together for the three-of-a-name limit.
//   - Faction (Altered): the card list only; a blank faction is unknown.
//     "Neutral" counts towards no faction in a limited deck (A2) but is not
//     the Hero's faction in a constructed one (A1, 1.1.4.d).
//   - Location (Heresy H1): a section titled "Locations", the 14 Ultracommon
//     locations named in document 002, else type "location" in the card
//     list.
//   - Apocalypse (Heresy H6): a section titled "Apocalypse", else the card
//     list's type.
//   - No Max (Shadowfist S2): a section titled "No Max", else the card list.
//   - Designators (Shadowfist S3, Comrades in Arms): the card list only.
//   - Ritual letters (Shadowfist S3): the list's "Letters: A B T" line.
//   - Deck name, set, houses (KeyForge K2): the list's first lines or its
//     "Deck:", "Set:" and "Houses:" lines.
//   - House (KeyForge pods): the house title the card is listed under, else
//     the card list.
//   - Token creature (KeyForge K3): a "Token:" section in the deck list, or
//     type "token creature" in the card list; the Tide card and the chosen
//     token of an Alliance are part of its registration (Alliance).
//
// When a rule needs a fact no source gives (no card list, a card missing
// from it, versions that disagree) the report carries a warning saying so
// ("cannot check the rarity of "X": it is not in the card list; …"). A
// fact is only asked for when it could change the outcome: a Heresy card's
// type matters only past four copies, rarities only when the unknown cards
// could break a rarity limit.
//
// Names compare without case, marks or extra spaces everywhere: "Æmber" =
// "AEmber", "Zoë" = "Zoe".
package deck
