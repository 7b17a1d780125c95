package event

import (
	"testing"

	"tablekeeper/core/i18n"
)

// A name refused by CheckName says what kind of name it is in the
// reader's language, not an English word glued into a French sentence.
func TestARefusedNameIsSaidInFrench(t *testing.T) {
	err := (Team{Name: "--"}).Validate()
	if err == nil {
		t.Fatal("a team name without a letter was accepted")
	}
	want := "le nom (équipe) \"--\" n’a ni lettre ni chiffre\u00a0: saisissez le nom (équipe)"
	if got := i18n.Error(i18n.French, err); got != want {
		t.Errorf("French %q, want %q", got, want)
	}
	if got, want := err.Error(), `the team name "--" has no letter or digit: type the team's name`; got != want {
		t.Errorf("English %q, want %q", got, want)
	}
}
