package printing

import (
	"bytes"
	"strings"
	"testing"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
)

// Before round 1, Seatings prints the player meeting: every player still
// in by name with her table and seat, the non-Latin names too; an event
// with nobody to seat says so. Once round 1 is paired it prints round 1.
func TestSeatingsPrintThePlayerMeetingBeforeRoundOne(t *testing.T) {
	ctx, d := pdfDirector(t)
	e, err := d.Events.CreateEvent(ctx, director.NewEvent{Name: "Friday Æmber", Game: "keyforge", Format: "archon-standard", Date: pdfTime})
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if _, err := (Printer{D: ServicesOf(d)}).Write(ctx, "seatings", e.ID, 0, "A4", &buf); err == nil || !strings.Contains(event.Message(err), "no players to seat") || buf.Len() != 0 {
		t.Errorf("no players: %v (%d bytes)", err, buf.Len())
	}
	for _, n := range []string{"Zoë Lefèvre", "김민준", "Ada Lovelace"} {
		if _, err := d.Registration.RegisterNew(ctx, e.ID, director.NewPlayer{Name: n}); err != nil {
			t.Fatal(err)
		}
	}
	text, said := writeText(t, d, e.ID, "seatings")
	for _, want := range []string{"Player meeting: seats by name", "Ada Lovelace", "Zoë Lefèvre", "김민준"} {
		if !strings.Contains(text, want) {
			t.Errorf("the meeting lacks %q:\n%s", want, text)
		}
	}
	if said != "player meeting of Friday Æmber, 3 players" {
		t.Errorf("said %q", said)
	}
	if strings.Index(text, "Ada Lovelace") > strings.Index(text, "Zoë Lefèvre") {
		t.Errorf("not by name:\n%s", text)
	}
	if _, err := d.Rounds.PairNextRound(ctx, e.ID); err != nil {
		t.Fatal(err)
	}
	if text, _ := writeText(t, d, e.ID, "seatings"); strings.Contains(text, "Player meeting") || !strings.Contains(text, "Round 1 seating") {
		t.Errorf("after pairing:\n%s", text)
	}
}
