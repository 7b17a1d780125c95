package labels

import (
	"tablekeeper/core/i18n"
	"testing"
	"time"

	"tablekeeper/core/event"
	"tablekeeper/core/standings"
)

func TestRoundNamesTheRoundAndMarksADraft(t *testing.T) {
	published := time.Date(2025, 6, 14, 19, 0, 0, 0, time.UTC)
	cases := []struct {
		round event.Round
		want  string
	}{
		{event.Round{Number: 3, PublishedAt: published}, "Round 3"},
		{event.Round{Number: 5, Name: i18n.F("top %d: %s", 8, i18n.F("quarter-final")), PublishedAt: published}, "Round 5 · top 8: quarter-final"},
		{event.Round{Number: 3, Name: i18n.F("loss round %d", 3), PublishedAt: published}, "Round 3 · loss round 3"},
		{event.Round{Number: 4, Name: i18n.F("round %d", 4), PublishedAt: published}, "Round 4"},
		{event.Round{Number: 2, Name: i18n.F("final")}, "Round 2 · final · draft"},
		{event.Round{Number: 1}, "Round 1 · draft"},
	}
	for _, c := range cases {
		if got := Round(c.round); got != c.want {
			t.Errorf("Round(%+v) = %q, want %q", c.round, got, c.want)
		}
	}
}

func TestBestOfPrefersTheRounds(t *testing.T) {
	s := event.Settings{GamesPerMatch: 1}
	if BestOf(event.Round{BestOf: 3}, s) != 3 || BestOf(event.Round{}, s) != 1 {
		t.Error("BestOf does not prefer the round's match length")
	}
}

func TestEveryStructureAndTiebreakerHasWords(t *testing.T) {
	for _, st := range event.Structures() {
		if got := Structure(st); got == "" || got == string(st) {
			t.Errorf("Structure(%q) = %q", st, got)
		}
	}
	for _, k := range standings.TiebreakerKeys() {
		if title, meaning := Tiebreaker(k); title == k || meaning == "" {
			t.Errorf("Tiebreaker(%q) = %q, %q", k, title, meaning)
		}
	}
	if got := StructureOf(event.Settings{Structure: event.StructureSwiss, Playoff: event.PlayoffSettings{TopCut: 8}}); got != "Swiss with a top 8" {
		t.Errorf("StructureOf = %q", got)
	}
}
