package rules

import (
	"strings"
	"testing"

	"tablekeeper/core/event"

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

// The result forms' hints and the at-time refusals are said in French.
func TestResultFormsAreSaidInFrench(t *testing.T) {
	if got := ResultHint(3, false).In(i18n.French); !strings.HasPrefix(got, "Au meilleur des 3. Résultat\u00a0: parties du joueur 1 – parties du joueur 2") || !strings.Contains(got, "p. ex. 2-1, 2-0, 0-2") {
		t.Errorf("French hint %q", got)
	}
	// The French hint offers the letter a French scorekeeper types for a
	// drawn game, which ParseResult reads, and no English word.
	if got := ResultHint(1, true).In(i18n.French); !strings.Contains(got, "n (ou nul) = une partie nulle") || strings.Contains(got, "draw") {
		t.Errorf("French hint with draws %q", got)
	}
	if got := TeamResultSyntax(1, true).In(i18n.French); !strings.Contains(got, "l’équipe A") {
		t.Errorf("French team syntax %q", got)
	}
	f := MultiFormFor(event.Settings{Scoring: event.ScoringHeresy, Heresy: event.HeresySettings{WinScore: 14, TauGoal: 9, TimeOutBonus: 2}})
	if got := f.LineHint(3).In(i18n.French); !strings.Contains(got, "les tau stocké de chaque place") {
		t.Errorf("French line hint %q", got)
	}
	_, err := f.ParseLine("2-1", 3)
	if got := i18n.Error(i18n.French, err); err == nil || strings.Contains(got, "Type the winner") {
		t.Errorf("French line error %q", got)
	}
	_, err = AtTimeFor(event.Event{Game: "generic", Settings: event.Settings{TableSize: 2}}, 3, 2, 1)
	if got := i18n.Error(i18n.French, err); !strings.HasPrefix(got, "ce jeu n’a pas besoin de formulaire au temps") {
		t.Errorf("French at-time refusal %q", got)
	}
}

// A multiplayer result line names each seat, its score and mark, in the
// reader's language; a seat with no name given is called by its number,
// and a name is never read as a format.
func TestMultiResultLineIsSaidInEachLanguage(t *testing.T) {
	heresy := MultiFormFor(event.Settings{Scoring: event.ScoringHeresy})
	r := event.Result{Seats: []event.SeatResult{{Points: 14, Place: 1}, {Points: 5}, {Points: 7}}}
	line := MultiResultLine(heresy, r, []string{"Ada", "Bob %d"})
	if got, want := line.In(i18n.English), "Ada 14 (won) · Bob %d 5 · seat 3 7"; got != want {
		t.Errorf("English line %q, want %q", got, want)
	}
	if got, want := line.In(i18n.French), "Ada 14 (gagné) · Bob %d 5 · place 3 7"; got != want {
		t.Errorf("French line %q, want %q", got, want)
	}
	placement := MultiFormFor(event.Settings{})
	r = event.Result{TimeOut: true, Seats: []event.SeatResult{{Place: 1}, {}, {Place: 1}}}
	line = MultiResultLine(placement, r, []string{"Ada", "Bob", "Cy"})
	if got, want := line.In(i18n.English), "Ada (lead) · Bob · Cy (lead) · time-out"; got != want {
		t.Errorf("English line %q, want %q", got, want)
	}
	if got, want := line.In(i18n.French), "Ada (en tête) · Bob · Cy (en tête) · au temps"; got != want {
		t.Errorf("French line %q, want %q", got, want)
	}
	if got := MultiResultLine(placement, event.Result{}, nil).In(i18n.English); got != "" {
		t.Errorf("a result with no seats says %q", got)
	}
}
