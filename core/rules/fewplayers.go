package rules

import (
	"tablekeeper/core/event"
	"tablekeeper/core/i18n"
)

// FewPlayers returns what the organizer must be told when event e has
// players taking part (from one up) and its game's rules recognise only
// events of more; the zero Text when there is nothing to tell.
//
// Shadowfist (S1): the SWS rules say, 4.0 a, "All Secret War Society
// tournaments must have at least three players participating in the
// event", and the leagues that follow them, 6.0 d and g, "As with normal
// tournaments, … must have at least three players per week to be
// official". The document's consequence of fewer than three is that the
// event is not an official SWS tournament, not that two players may not
// play: so Tablekeeper pairs it (a store may run a casual game of two)
// and says so, at pairing and on the event's status, rather than refuse.
func FewPlayers(e event.Event, players int) i18n.Text {
	g := gameOf(e.Game)
	if g.fewest == 0 || players < 1 || players >= g.fewest {
		return i18n.Text{}
	}
	return i18n.FN("Only %d players take part: SWS rule 4.0 a says every Secret War Society tournament must have at least %d players, so this event is not an official SWS tournament. It can still be played; register at least %d players to make it official.",
		players, players, g.fewest, g.fewest)
}
