package judgelog

import "tablekeeper/core/rules"

// Infraction is one entry of a game's list of infractions, with the penalty
// ladder the software suggests (rules.Infraction). Each game's list is its
// ruleset's, in its own file of core/rules.
type Infraction = rules.Infraction

// Step is one step of a penalty ladder (rules.Step).
type Step = rules.Step

// Infractions returns the infractions of a game, in the order of its rules
// document, as its ruleset lists them (rules.Infractions). The result is a
// fresh copy.
func Infractions(game string) []Infraction { return rules.Infractions(game) }

// Lookup finds an infraction of a game by key or by name, ignoring case and
// surrounding spaces (rules.LookupInfraction).
func Lookup(game, infraction string) (Infraction, bool) {
	return rules.LookupInfraction(game, infraction)
}
