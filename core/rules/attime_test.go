package rules

import (
	"errors"
	"testing"

	"tablekeeper/core/event"
)

// The at-time procedure is the game's: K7 for a KeyForge game, K8 for its
// best-of-three playoff, S8 for any Shadowfist table, none for Heresy (H5
// is entered in the result panel) and the other games. Each format's own
// defaults.
func TestAtTimeForFollowsEachGamesRules(t *testing.T) {
	eventOf := func(game, format string) event.Event {
		_, f, err := Lookup(game, format)
		if err != nil {
			t.Fatal(err)
		}
		return event.Event{Game: game, Format: format, Settings: f.Defaults}
	}
	for _, c := range []struct {
		game, format  string
		bestOf, seats int
		want          AtTime
		noForm, bad   bool
	}{
		{"keyforge", "archon-standard", 1, 2, AtTimeKeyForgeGame, false, false},
		{"keyforge", "archon-standard", 3, 2, AtTimeKeyForgeMatch, false, false},
		{"keyforge", "archon-standard", 5, 2, AtTimeNone, true, false},
		{"keyforge", "archon-standard", 1, 1, AtTimeNone, true, false},
		{"shadowfist", "final-brawl", 1, 4, AtTimeShadowfist, false, false},
		{"shadowfist", "final-brawl", 1, 6, AtTimeNone, false, true},
		{"heresy", "reascension", 1, 4, AtTimeNone, true, false},
		{"generic", "swiss", 3, 2, AtTimeNone, true, false},
	} {
		got, err := AtTimeFor(eventOf(c.game, c.format), c.bestOf, c.seats, 7)
		switch {
		case c.noForm && !errors.Is(err, ErrNoAtTimeForm):
			t.Errorf("%s best of %d, %d seats: %v, want no form with a sentence", c.game, c.bestOf, c.seats, err)
		case c.bad && (err == nil || errors.Is(err, ErrNoAtTimeForm)):
			t.Errorf("%s %d seats: %v, want a refusal", c.game, c.seats, err)
		case !c.noForm && !c.bad && (err != nil || got != c.want):
			t.Errorf("%s best of %d, %d seats: %v %v, want %v", c.game, c.bestOf, c.seats, got, err, c.want)
		}
	}
	for game, want := range map[string]bool{"keyforge": true, "shadowfist": true, "heresy": false, "generic": false, "altered": false} {
		if got := HasAtTimeForm(event.Event{Game: game}); got != want {
			t.Errorf("HasAtTimeForm(%s) = %v", game, got)
		}
	}
}
