package ui

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"tablekeeper/core/event"
	"tablekeeper/ui/internal/uitest"
)

// Before a top cut whose line runs through players equal on points and
// every tiebreaker, the desk's pair button asks first: it names the
// players in the drawn order and who makes the cut; "Not now" pairs
// nothing, "Pair in this order" pairs the cut with those players (issue
// 20 item 1).
func TestTheCutAsksWhenADrawDecidesWhoMakesIt(t *testing.T) {
	ctx := context.Background()
	d := uitest.Director(t)
	e := uitest.EventOf(t, d, "Regional", "generic", "swiss-top8")
	var names []string
	for i := 1; i <= 10; i++ {
		names = append(names, fmt.Sprintf("TC Player %02d", i))
	}
	uitest.Players(t, d, e.ID, names...)
	// Every match drawn: all ten stay equal on everything, so the draw
	// alone puts eight in the cut and two out.
	drawn := event.Result{Seats: []event.SeatResult{{GamesWon: 0}, {GamesWon: 0}}, GamesDrawn: 1}
	for range 10 {
		if ties, err := d.CutTies(ctx, e.ID); err != nil || len(ties) > 0 {
			break
		}
		r := uitest.Pair(t, d, e.ID)
		for _, tb := range r.Tables {
			if err := d.RecordResult(ctx, e.ID, r.Number, tb.Number, drawn); err != nil {
				t.Fatal(err)
			}
		}
	}
	ties, err := d.CutTies(ctx, e.ID)
	if err != nil || len(ties) != 1 || len(ties[0].Players) != 10 || !ties[0].Straddles() {
		t.Fatalf("the case is wrong: ties %+v, %v", ties, err)
	}
	swiss, _ := d.Rounds(ctx, e.ID)

	s, w := newWindow(t, d, Options{OpenEvent: e.ID})
	c := w.Canvas()
	tapPair := func() {
		t.Helper()
		s.view.confirm = nil
		s.view.pairButton.OnTapped()
		if s.view.confirm == nil {
			t.Fatal("no question before pairing the cut")
		}
	}
	tapPair()
	order, in := ties[0].Names()
	for _, want := range []string{
		"The cut takes 8 players. Some of them are equal on points and every tiebreaker",
		"Places 1 to 10, in the drawn order: " + strings.Join(order, ", ") + ".",
		"In the cut: " + strings.Join(in, ", ") + ". Not in the cut: " + strings.Join(order[8:], ", ") + ".",
		"Pair in this order? The draw is written in the event's log.",
	} {
		if !uitest.HasText(c.Overlays().Top(), want) && !strings.Contains(strings.Join(uitest.Texts(c.Overlays().Top()), "\n"), want) {
			t.Errorf("the question does not say %q: %q", want, uitest.Texts(c.Overlays().Top()))
		}
	}
	s.view.confirm.Dismiss()
	if rounds, _ := d.Rounds(ctx, e.ID); len(rounds) != len(swiss) {
		t.Fatalf("Not now still paired: %d rounds", len(rounds))
	}
	tapPair()
	s.view.confirm.Confirm()
	rounds, _ := d.Rounds(ctx, e.ID)
	if len(rounds) != len(swiss)+1 {
		t.Fatalf("confirming did not pair the cut: %d rounds", len(rounds))
	}
	seated := map[event.EntryID]bool{}
	for _, tb := range rounds[len(rounds)-1].Tables {
		for _, st := range tb.Seats {
			seated[st.EntryID] = true
		}
	}
	for _, p := range ties[0].Players {
		if seated[p.Entry] != p.In {
			t.Errorf("%s: in the cut %v, seated %v", p.Name, p.In, seated[p.Entry])
		}
	}
}
