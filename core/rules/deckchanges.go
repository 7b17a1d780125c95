package rules

import (
	"tablekeeper/core/event"
	"tablekeeper/core/i18n"
)

// DeckChange is what may happen to a registered deck once round 1 is
// paired.
type DeckChange int

const (
	// DecksLock: decks lock when round 1 is paired (a late entry's at
	// once); a change needs the head judge.
	DecksLock DeckChange = iota
	// DecksOpen: decks stay open and may change between rounds (Altered's
	// limited decks, A2; Heresy Revelations' deck tuning, H7).
	DecksOpen
	// DecksCalibrate: decks lock, but between rounds a player may swap
	// pods for unused pods of her sealed decks (KeyForge Alliance Sealed,
	// K5).
	DecksCalibrate
)

// DeckPolicy is a format's rule on changing a deck after round 1 is
// paired, and the rule ID of docs/RULES.md that says so ("" where no
// document does: the software locks decks, as stores do).
type DeckPolicy struct {
	Change DeckChange
	Rule   string
	// Negatable says the judges may take the change back before the event
	// (Heresy's tuning, 5.3.2: the setting HeresySettings.NoTuning).
	Negatable bool
}

// DeckPolicyFor returns the deck-change rule of an event of game with
// settings s. Each game's part is in its own file (deckPolicy); a game
// without one locks decks when round 1 is paired.
func DeckPolicyFor(game string, s event.Settings) DeckPolicy {
	for _, g := range Catalogue() {
		if g.Key == game && g.deckPolicy != nil {
			return g.deckPolicy(s)
		}
	}
	return DeckPolicy{Change: DecksLock}
}

// Locks reports whether decks lock when round 1 is paired.
func (p DeckPolicy) Locks() bool { return p.Change != DecksOpen }

// Refusal is the error a change to player's locked deck meets, citing the
// rule that locks it.
func (p DeckPolicy) Refusal(player string) error {
	if p.Rule == "" {
		return event.Statef("%s's deck locked when round 1 was paired; a change needs the head judge", player)
	}
	return event.Statef("%s's deck locked when round 1 was paired; a change needs the head judge (%s)", player, p.Rule)
}

// Said says the policy to the staff, once round 1 is paired.
func (p DeckPolicy) Said() i18n.Text {
	switch {
	case p.Change == DecksOpen:
		return i18n.F("Decks stay open: a player may change her deck between rounds at the desk (%s).", p.Rule)
	case p.Change == DecksCalibrate:
		return i18n.F("Decks locked when round 1 was paired; between rounds a player may swap pods at the desk (%s).", p.Rule)
	case p.Rule == "":
		return i18n.F("Decks locked when round 1 was paired; a change needs the head judge.")
	}
	return i18n.F("Decks locked when round 1 was paired (%s); a change needs the head judge.", p.Rule)
}

// Announced says, for the activity log, the judges' choice on a rule they
// may negate before the event (Negatable): Revelations' deck tuning (H7,
// 5.3.2).
func (p DeckPolicy) Announced() i18n.Text {
	if p.Locks() {
		return i18n.F("the judges negated deck tuning between matches: decks lock when round 1 is paired (%s, 5.3.2)", p.Rule)
	}
	return i18n.F("decks may be tuned between matches (%s, 5.3.2)", p.Rule)
}
