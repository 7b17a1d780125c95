package ui

import (
	"context"
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"

	"tablekeeper/core/director"
	"tablekeeper/ui/internal/uitest"
)

// Raffle… in the event's header draws among the players present as many
// winners as typed and says them; a count that is no number, or more
// winners than players left, is refused with a sentence and draws
// nothing.
func TestTheRaffleDialogDrawsAndSaysTheWinners(t *testing.T) {
	d := uitest.Director(t)
	e := uitest.Event(t, d, "Friday Raffle")
	ctx := context.Background()
	for i, n := range []string{"Ada Lovelace", "Bram Berg", "Zoë Lefèvre"} {
		en, err := d.Registration.RegisterNew(ctx, e.ID, director.NewPlayer{Name: n})
		if err != nil {
			t.Fatal(err)
		}
		if i < 2 {
			if err := d.Registration.CheckIn(ctx, en.ID, true); err != nil {
				t.Fatal(err)
			}
		}
	}
	s, w := newWindow(t, ServicesOf(d), Options{OpenEvent: e.ID})
	test.Tap(s.view.raffleButton)
	r := s.view.raffle
	test.Type(r.count, "two")
	test.Tap(r.draw)
	if top := w.Canvas().Overlays().Top(); top == nil || !uitest.HasText(top, `"two" is not a number of winners: type one, such as 1 or 3`) {
		t.Fatalf("a count that is no number: %v", uitest.Texts(top))
	}
	test.Tap(uitest.Button(t, w.Canvas().Overlays().Top(), "OK", 0))

	r.count.SetText("3")
	test.Tap(r.draw)
	if top := w.Canvas().Overlays().Top(); top == nil || !strings.Contains(strings.Join(uitest.Texts(top), "\n"), "2 players present who have not won a raffle yet") {
		t.Fatalf("three among two: %v", uitest.Texts(top))
	}
	test.Tap(uitest.Button(t, w.Canvas().Overlays().Top(), "OK", 0))

	r.count.SetText("2")
	test.Tap(r.draw)
	said := strings.Join(uitest.Texts(w.Canvas().Overlays().Top()), "\n")
	if !strings.Contains(said, "Ada Lovelace") || !strings.Contains(said, "Bram Berg") || strings.Contains(said, "Zoë") || !strings.Contains(said, "drawn among 2 players present") {
		t.Errorf("the winners said: %q", said)
	}
}
