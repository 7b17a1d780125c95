package director_test

import (
	"testing"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
)

// The player meeting seats every player still in by name, accents and
// capitals aside, two a table in a duel and the table size of a
// multiplayer format; a dropped player has no seat. The TV shows it only
// when the event asks for it, and only until round 1 is paired.
func TestThePlayerMeetingSeatsEveryoneStillInByName(t *testing.T) {
	ctx, d, e := openEvent(t, "generic", "swiss", func(s *event.Settings) { s.Meeting = true })
	es := register(t, d, e.ID, "zoë Lefèvre", "Émile Zola", "Bram Berg", "ada Lovelace", "李小龍")
	must(t, d.Registration.Drop(ctx, es[2].ID))
	b, err := d.Views.Board(ctx, e.ID)
	must(t, err)
	got := b.Meeting()
	want := []director.MeetingSeat{{Entry: es[3].ID, Name: "ada Lovelace", Table: 1, Seat: 1}, {Entry: es[1].ID, Name: "Émile Zola", Table: 1, Seat: 2},
		{Entry: es[0].ID, Name: "zoë Lefèvre", Table: 2, Seat: 1}, {Entry: es[4].ID, Name: "李小龍", Table: 2, Seat: 2}}
	if len(got) != len(want) {
		t.Fatalf("meeting %+v, want %+v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("seat %d: %+v, want %+v", i, got[i], want[i])
		}
	}
	if !b.ShowsMeeting() {
		t.Error("the TV does not show the meeting the event asks for")
	}

	multi := e
	multi.Settings.TableSize = 4
	seats := director.MeetingSeats(multi, b.Entries)
	if seats[3].Table != 1 || seats[3].Seat != 4 {
		t.Errorf("four a table: %+v", seats)
	}

	register(t, d, e.ID, "Chiara Rossi")
	if _, err := d.Rounds.PairNextRound(ctx, e.ID); err != nil {
		t.Fatal(err)
	}
	if b, _ := d.Views.Board(ctx, e.ID); b.ShowsMeeting() {
		t.Error("the TV shows the meeting once round 1 is paired")
	}
	plain := eventOf(t, d, "generic", "swiss", nil)
	if b, _ := d.Views.Board(ctx, plain.ID); b.ShowsMeeting() {
		t.Error("the TV shows a meeting the event did not ask for")
	}
}
