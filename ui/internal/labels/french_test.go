package labels

import (
	"testing"

	"tablekeeper/core/event"
	"tablekeeper/core/i18n"
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

// A round name stored in English reads in French.
func TestAStoredRoundNameReadsInFrench(t *testing.T) {
	got := RoundNameText(event.Round{Number: 5, Name: "top 8: semi-final"}).In(i18n.French)
	if want := "Ronde 5 · top 8\u00a0: demi-finale"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}
