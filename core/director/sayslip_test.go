package director_test

import (
	"context"
	"errors"
	"testing"

	"tablekeeper/core/event"
	"tablekeeper/core/i18n"
)

// A station's typed result is said as it would be saved, the winner first
// with her name, and nothing is written.
func TestSaySlipNamesTheWinnerFirst(t *testing.T) {
	d, _ := newDirector(t)
	ctx := context.Background()
	e := mustEvent(t, d, "standard-bo3")
	en := register(t, d, e.ID, "Ada", "Bob")
	r := mustPair(t, ctx, d, e.ID)
	second := map[event.EntryID]string{en[0].ID: "Ada", en[1].ID: "Bob"}[r.Tables[0].Seats[1].EntryID]
	said, err := d.Stations.SaySlip(ctx, e.ID, 1, r.Tables[0].Number, "0-2")
	if err != nil || said.In(i18n.English) != second+" won 2–0" {
		t.Fatalf("SaySlip(0-2) = %q, %v; want %q", said.In(i18n.English), err, second+" won 2–0")
	}
	if _, err := d.Stations.SaySlip(ctx, e.ID, 1, r.Tables[0].Number, "banana"); !errors.Is(err, event.ErrInvalid) {
		t.Errorf("SaySlip(banana) = %v; want ErrInvalid", err)
	}
	sheet, _ := d.Rounds.RoundSheet(ctx, e.ID, 1)
	if sheet.Tables[0].Result != nil {
		t.Error("SaySlip saved a result")
	}
}
