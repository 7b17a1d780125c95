package rules

import (
	"errors"
	"strconv"
	"strings"
	"testing"

	"tablekeeper/core/event"
	"tablekeeper/core/i18n"
)

// The at-time procedure is the game's: K7 for a KeyForge game, K8 for its
// best-of-three playoff, S8 for any Shadowfist table, none for Heresy (H5
// is entered in the result panel) and the other games. Each format's own
// defaults.
func TestAtTimeForFollowsEachGamesRules(t *testing.T) {
	eventOf := func(game, format string) event.Event {
		f := mustFormat(t, game, format)
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

// Rule H4 (document 002, 3.2.4): "Should the time limit conclude before
// the game ends, the current player finishes his turn, and then the game
// is scored as detailed below." The instruction a judge reads for a
// Reascension or Revelations table says, in English and in French, that
// the turn is finished first and the game scored after, and the result
// panel's rule line and hint say it too. An Armageddon match (H6, 4.2.5):
// "the player with the highest Tau stored at the conclusion of the
// current turn is declared the winner"; "If it is a tie, play continues
// until one player is ahead at the end of a turn or activates a gateway."
func TestHeresyAtTimeFinishesTheTurnBeforeScoring(t *testing.T) {
	eventOf := func(format string) event.Event {
		f := mustFormat(t, "heresy", format)
		return event.Event{Game: "heresy", Format: format, Settings: f.Defaults}
	}
	says := func(err error, lang i18n.Lang, parts ...string) {
		t.Helper()
		got := i18n.Error(lang, err)
		at := 0
		for _, p := range parts {
			i := strings.Index(got[at:], p)
			if i < 0 {
				t.Errorf("%s instruction %q does not say %q after the words before it", lang, got, p)
				return
			}
			at += i + len(p)
		}
	}
	for _, format := range []string{"reascension", "revelations"} {
		e := eventOf(format)
		_, err := AtTimeFor(e, 1, 4, 3)
		if !errors.Is(err, ErrNoAtTimeForm) {
			t.Fatalf("%s: %v, want no form", format, err)
		}
		goal := strconv.Itoa(e.Settings.Heresy.TauGoal)
		says(err, i18n.English, "the current player finishes the turn", "then the game is scored", "at most "+goal+") plus 2", "Once that turn is over")
		says(err, i18n.French, "le joueur actif finit son tour", "puis on compte les points de la partie", "au plus "+goal+") plus 2", "Une fois ce tour fini")
		f := MultiFormFor(e.Settings)
		for _, text := range []i18n.Text{f.RuleLine(4), f.Hint()} {
			if en, fr := text.In(i18n.English), text.In(i18n.French); !strings.Contains(en, "the current player finishes the turn, then nobody wins") ||
				!strings.Contains(fr, "le joueur actif finit son tour, puis personne ne gagne") {
				t.Errorf("%s result panel says %q / %q, without the turn finished first", format, en, fr)
			}
		}
	}
	_, err := AtTimeFor(eventOf("armageddon"), 3, 2, 1)
	if !errors.Is(err, ErrNoAtTimeForm) {
		t.Fatalf("armageddon: %v, want no form", err)
	}
	says(err, i18n.English, "the current turn is played to its end", "more Tau stored then wins the game in progress", "ahead at the end of a turn or activates a gateway", "Time-out ticked")
	says(err, i18n.French, "le tour en cours est joué jusqu’au bout", "le plus de Tau stocké gagne la partie en cours", "active un portail", "Fin du temps")
}
