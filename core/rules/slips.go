package rules

import (
	"strconv"

	"tablekeeper/core/event"
)

// SlipKind chooses what a match slip asks the players to write, by game.
type SlipKind int

// The kinds of match slip.
const (
	// SlipGeneric is for any two-player match: games won by each player
	// and drawn games. At a table of three or more it asks for each
	// player's placement instead.
	SlipGeneric SlipKind = iota
	// SlipKeyForge is for a KeyForge match of one game or best of three
	// (Slips.Games): per game and player the keys forged, Æmber left and
	// chains, and the game's winner (rule K8); then the match winner, who
	// reports the result, signs (K9). Two players only.
	SlipKeyForge
	// SlipHeresy is for a Heresy: Kingdom Come game: each player's Tau
	// stored and placement, and whether time was called (H4, H5).
	SlipHeresy
	// SlipShadowfist is for a Shadowfist game: each player's Feng Shui
	// sites seized, burned and played, for the game points (S7), and
	// placement, and whether time was called (S8).
	SlipShadowfist
)

// String returns the kind's name, as in the golden files.
func (k SlipKind) String() string {
	switch k {
	case SlipGeneric:
		return "generic"
	case SlipKeyForge:
		return "KeyForge"
	case SlipHeresy:
		return "Heresy"
	case SlipShadowfist:
		return "Shadowfist"
	}
	return "SlipKind(" + strconv.Itoa(int(k)) + ")"
}

// SlipFor returns the kind of match slip an event's tables need: the
// game's own (KeyForge's keys, Æmber and chains; Heresy's Tau; Shadowfist's
// sites at a multiplayer table), else the generic games-won slip.
func SlipFor(e event.Event) SlipKind {
	if k := gameOf(e.Game).slip; k != nil {
		return k(e.Settings)
	}
	return SlipGeneric
}
