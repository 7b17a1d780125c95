package rules

import (
	"errors"
	"strings"

	"tablekeeper/core/event"
	"tablekeeper/core/i18n"
)

// AtTime is the procedure a table follows when time is called and its game
// is not over: the form a judge fills in so the rules decide the result.
type AtTime int

// The procedures.
const (
	// AtTimeNone: no form; the result is entered as usual, at time.
	AtTimeNone AtTime = iota
	// AtTimeKeyForgeGame decides one KeyForge game by K7.
	AtTimeKeyForgeGame
	// AtTimeKeyForgeMatch decides a KeyForge best of three by K8.
	AtTimeKeyForgeMatch
	// AtTimeShadowfist places a Shadowfist table by S8.
	AtTimeShadowfist
	// AtTimeOwn is the procedure of a game that gives its own form
	// (Game.WithAtTime).
	AtTimeOwn
)

// atTimeNames are the procedures' headings, as i18n keys.
var atTimeNames = [...]string{
	AtTimeNone:          i18n.K("no form"),
	AtTimeKeyForgeGame:  i18n.K("KeyForge game at time (K7)"),
	AtTimeKeyForgeMatch: i18n.K("KeyForge best of three at time (K8)"),
	AtTimeShadowfist:    i18n.K("Shadowfist time-out (S8)"),
	AtTimeOwn:           i18n.K("the game's own form at time"),
}

// String names the procedure as its form's heading does.
func (a AtTime) String() string {
	if a < 0 || int(a) >= len(atTimeNames) {
		a = AtTimeNone
	}
	return atTimeNames[a]
}

// ErrNoAtTimeForm marks a table that needs no going-to-time form (a
// Heresy table, a two-player game of another kind, a bye). The error that
// wraps it says in a sentence what to do instead.
var ErrNoAtTimeForm = errors.New("no going-to-time form is needed")

// atTimeRule is a game's part of AtTimeFor: the procedure for a table of
// seats players of a round played as best of bestOf.
type atTimeRule func(s event.Settings, bestOf, seats, table int) (AtTime, error)

// noForm returns the sentence of a table that needs no form.
func noForm(sentence i18n.Text) (AtTime, error) {
	return AtTimeNone, errors.Join(event.Statef("%s", sentence), ErrNoAtTimeForm)
}

// AtTimeFor returns the procedure table number table, seating seats
// players, of event e follows at time, in a round played as best of
// bestOf; or an error: wrapping ErrNoAtTimeForm with what to do instead
// when the game needs no form, or saying why the table cannot be decided.
func AtTimeFor(e event.Event, bestOf, seats, table int) (AtTime, error) {
	switch {
	case seats < 2:
		return noForm(i18n.F("a bye has no game to decide at time"))
	case e.Settings.Teams():
		return noForm(i18n.F("a team match at time is entered as usual: each team's games won, with Time-out ticked"))
	}
	if rule := atTimeRuleOf(e.Game); rule != nil {
		return rule(e.Settings, bestOf, seats, table)
	}
	return noForm(i18n.F("this game needs no form at time: enter the games won with Time-out ticked (level games are a draw)"))
}

// HasAtTimeForm reports whether event e's game has a going-to-time form
// for some of its tables, so a round screen offers "Time called…".
func HasAtTimeForm(e event.Event) bool {
	g := gameOf(e.Game)
	return g.atTime != nil && g.atTimeForm
}

// atTimeRuleOf returns the at-time rule of a game, nil for none.
func atTimeRuleOf(game string) atTimeRule { return gameOf(game).atTime }

// gameOf returns the catalogue's game with key, or a zero Game.
func gameOf(key string) Game {
	for _, g := range Catalogue() {
		if strings.EqualFold(g.Key, key) {
			return g
		}
	}
	return Game{}
}
