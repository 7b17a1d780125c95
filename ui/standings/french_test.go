package standings

import (
	"strings"
	"testing"

	"tablekeeper/core/standings"
	"tablekeeper/ui/internal/tr"
	"tablekeeper/ui/internal/uitest"
)

// Chosen French (in a process of its own: Fyne's lang keeps the language
// it loaded), the Standings tab writes percentages with a decimal comma
// and marks a player who dropped in French.
func TestTheStandingsSpeakFrench(t *testing.T) {
	if !uitest.InFrench(t) {
		return
	}
	if got := Percent(2.0 / 3); got != "66,67" {
		t.Errorf("Percent = %q, want 66,67", got)
	}
	if got := tr.L("(dropped)"); got != "(a abandonné)" {
		t.Errorf("a drop reads %q", got)
	}
	if got := tr.Text(standings.DrawNote()); !strings.HasPrefix(got, "* À égalité de points et sur tous les départages : leur ordre a été tiré au sort") {
		t.Errorf("the note on drawn ties reads %q", got)
	}
}
