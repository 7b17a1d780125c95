package rules

import (
	"testing"

	"tablekeeper/core/i18n"
)

// A game and format are described in French when asked, in English by
// Describe; an unknown pair is described by its keys in any language.
func TestFormatsAreDescribedInFrench(t *testing.T) {
	if got, want := DescribeText("generic", "swiss-bo1").In(i18n.French), "Tout jeu de cartes · Rondes suisses (en une manche)"; got != want {
		t.Errorf("French description %q, want %q", got, want)
	}
	if got, want := Describe("generic", "swiss-bo1"), "Any card game · Swiss (best of one)"; got != want {
		t.Errorf("English description %q, want %q", got, want)
	}
	if got, want := DescribeText("chess", "blitz").In(i18n.French), "chess · blitz"; got != want {
		t.Errorf("unknown pair %q, want %q", got, want)
	}
	title, meaning := TiebreakerName(TieOpponentsMatchWin)
	if got := i18n.T(i18n.French, title) + " " + i18n.T(i18n.French, meaning); got != "OMW\u202f% pourcentage de victoires des adversaires" {
		t.Errorf("French tiebreaker %q", got)
	}
}
