package kiosk

import (
	"tablekeeper/core/i18n"
	"testing"
	"time"

	"tablekeeper/core/director"
	"tablekeeper/ui/internal/tr"
	"tablekeeper/ui/internal/uitest"
)

// Chosen French, the kiosk speaks to the players in French: their seat,
// their opponents, the round and its clock, a name already taken.
func TestTheKioskSpeaksFrench(t *testing.T) {
	if !uitest.InFrench(t) {
		return
	}
	seat := director.KioskSeat{Seat: 2, Opponents: []string{"Ana Ortiz", "Bob Stone", "Cleo Wu"}}
	if got := seatLine(seat); got != "Place 2 · contre Ana Ortiz, Bob Stone et Cleo Wu" {
		t.Errorf("seat line %q", got)
	}
	v := director.KioskTables{Round: 5, RoundName: i18n.F("top %d: %s", 8, i18n.F("final"))}
	if got := roundName(v); got != "ronde 5 (top 8\u00a0: finale)" {
		t.Errorf("round %q", got)
	}
	if got := tr.Text(director.SameNameText("chris lee", []director.KioskMatch{{Name: "Chris Lee", EntryID: 3}})); got != "Un joueur nommé «\u00a0chris lee\u00a0» est déjà inscrit à ce tournoi. Si c’est vous, choisissez votre nom." {
		t.Errorf("same name %q", got)
	}
	if got := timeLeft(v, director.KioskSeat{Reported: true}, time.Time{}); got != "votre résultat est enregistré" {
		t.Errorf("time left %q", got)
	}
}
