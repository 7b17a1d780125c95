package labels

import (
	"testing"

	"tablekeeper/core/event"
	"tablekeeper/core/i18n"
	"tablekeeper/core/rules"
	"tablekeeper/ui/internal/screen"
)

// A web page or a report says the round and the structure in its own
// reader's language, whatever the screens' language.
func TestRoundsAndStructuresSayThemselvesInFrench(t *testing.T) {
	if got := RoundNameText(event.Round{Number: 3}).In(i18n.French); got != "Ronde 3" {
		t.Errorf("round 3 = %q", got)
	}
	s := event.Settings{Structure: event.StructureSwiss}
	s.Playoff.TopCut = 8
	if got := StructureOfText(s).In(i18n.French); got != "Rondes suisses avec un top 8" {
		t.Errorf("Swiss top 8 = %q", got)
	}
	if got := StructureText(event.StructureSingleElimination).In(i18n.French); got != "Élimination directe" {
		t.Errorf("single elimination = %q", got)
	}
	if got := StructureText("mystery").In(i18n.French); got != "Mystery" {
		t.Errorf("an unknown structure = %q, want its own name", got)
	}
}

// A stored round name (a key and its values) reads in French.
func TestAStoredRoundNameReadsInFrench(t *testing.T) {
	got := RoundNameText(event.Round{Number: 5, Name: i18n.F("top %d: %s", 8, i18n.F("semi-final"))}).In(i18n.French)
	if want := "Ronde 5 · top 8\u00a0: demi-finale"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

// The screens say a tiebreaker's title and meaning in their language; an
// unknown key stays as it is.
func TestTiebreakersAreSaidInTheScreensLanguage(t *testing.T) {
	defer screen.Set(screen.Lang())
	screen.Set(i18n.French)
	title, meaning := Tiebreaker(rules.TieOpponentsMatchWin)
	if title != i18n.T(i18n.French, "OMW%") || meaning != "pourcentage de victoires des adversaires" {
		t.Errorf("OMW in French = %q, %q", title, meaning)
	}
	if title, meaning := Tiebreaker("mystery"); title != "mystery" || meaning != "" {
		t.Errorf("an unknown tiebreaker = %q, %q", title, meaning)
	}
	screen.Set(i18n.English)
	if title, meaning := Tiebreaker(rules.TieOpponentsMatchWin); title != "OMW%" || meaning != "opponents' match-win %" {
		t.Errorf("OMW in English = %q, %q", title, meaning)
	}
}
