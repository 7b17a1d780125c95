package director_test

import (
	"context"
	"testing"

	"tablekeeper/core/event"
)

// S6 time-out (004 §5.2 b): in a two-player Shadowfist match a win on
// time-out scores 2 match points, not 4; a win in play 4; a tie on
// time-out 1 each. Each two-player Shadowfist format, its own defaults.
func TestS6TimeOutWinScoresTwoAtATwoSeatTable(t *testing.T) {
	ctx := context.Background()
	for _, format := range []string{"big-man", "final-brawl-de-final"} {
		t.Run(format, func(t *testing.T) {
			d, _ := newDirector(t)
			e := eventOf(t, d, "shadowfist", format, nil)
			register(t, d, e.ID, "Ada Lovelace", "Bob Stone", "Cy Young", "Dee Hall", "Eve Adams", "Finn Cole")
			r, err := pairPublished(ctx, d, e.ID)
			if err != nil {
				t.Fatal(err)
			}
			var two []event.Table
			for _, tb := range r.Tables {
				if len(tb.Seats) == 2 {
					two = append(two, tb)
				}
			}
			if len(two) < 3 {
				t.Fatalf("round 1 has %d two-player tables", len(two))
			}
			timeWin := event.Result{Seats: []event.SeatResult{{GamesWon: 1}, {}}, TimeOut: true}
			playWin := event.Result{Seats: []event.SeatResult{{}, {GamesWon: 1}}}
			results := []event.Result{timeWin, playWin, timeWin}
			tie := event.Result{Seats: []event.SeatResult{{}, {}}, GamesDrawn: 1, TimeOut: true}
			if format == "big-man" {
				results[2] = tie // a Swiss may end tied on time
			}
			for i, tb := range two[:3] {
				if err := d.RecordResult(ctx, e.ID, r.Number, tb.Number, results[i]); err != nil {
					t.Fatal(err)
				}
			}
			table, err := d.Standings(ctx, e.ID)
			if err != nil {
				t.Fatal(err)
			}
			points := map[event.EntryID]int{}
			for _, s := range table {
				points[s.EntryID] = s.Points
			}
			want := map[event.EntryID]int{
				two[0].Seats[0].EntryID: 2, two[0].Seats[1].EntryID: 0,
				two[1].Seats[0].EntryID: 0, two[1].Seats[1].EntryID: 4,
				two[2].Seats[0].EntryID: 2, two[2].Seats[1].EntryID: 0,
			}
			if format == "big-man" {
				want[two[2].Seats[0].EntryID], want[two[2].Seats[1].EntryID] = 1, 1
			}
			for id, w := range want {
				if points[id] != w {
					t.Errorf("entry %d has %d match points, want %d (all: %v)", id, points[id], w, points)
				}
			}
		})
	}
}
