package clock

import (
	"tablekeeper/core/director"
)

// Pairing is one player's line of the projector's pairings: the player,
// where they sit and against whom (director.NamePairing, which the store
// network's projector page shows too).
type Pairing = director.NamePairing

// Pairings lists every player of a round's sheet by name, alphabetically
// ignoring case and accents (director.Sheet.ByName). A draft round lists
// nobody (its pairings may still change).
func Pairings(sh director.Sheet) []Pairing { return sh.ByName() }
