package director_test

import (
	"context"
	"errors"
	"strings"
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
			r := mustPair(t, ctx, d, e.ID)
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
			if format == "big-man" {
				// A game of Who's the Big Man Now? is scored as a
				// Shadowfist table of two (S10: game points rank equal
				// match points): places, not games won. A Swiss may end
				// tied on time.
				results = []event.Result{
					{Seats: []event.SeatResult{{Place: 1, Points: 6}, {Points: 4}}, TimeOut: true},
					{Seats: []event.SeatResult{{Points: 2}, {Place: 1, Points: 10}}},
					{Seats: []event.SeatResult{{Place: 1, Points: 4}, {Place: 1, Points: 4}}, TimeOut: true},
				}
			}
			for i, tb := range two[:3] {
				must(t, d.Rounds.RecordResult(ctx, e.ID, r.Number, tb.Number, results[i]))
			}
			table := mustCall(t, d.Rounds.Standings, e.ID)
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

// Rule S10, SWS 6.2 a: "Swiss. Players play in all rounds of the
// tournament until the end of the time block. The winner and subsequent
// places come from the rankings of match points, with game points breaking
// ties." In Who's the Big Man Now? each game records the seats' game points
// (S7: sites seized, burned, played), and players equal on match points
// rank by them, not by their opponents' win rate.
func TestS10BigManTiesAreBrokenByGamePoints(t *testing.T) {
	ctx, d, e := openEvent(t, "shadowfist", "big-man", nil)
	register(t, d, e.ID, "Ada Lovelace", "Bob Stone", "Cy Young", "Dee Hall")
	r := mustPair(t, ctx, d, e.ID)
	if len(r.Tables) != 2 {
		t.Fatalf("round 1 tables %+v", r.Tables)
	}
	// Table 1: seat 2 wins with 5 sites seized (20 game points), seat 1
	// played 3 sites (6). Table 2: seat 1 wins with 13 game points, seat 2
	// has 9.
	seized := func(n int) event.GameDetail { return event.GameDetail{Stats: map[string]int{"seized": n}} }
	played := func(n int) event.GameDetail { return event.GameDetail{Stats: map[string]int{"played": n}} }
	results := []event.Result{
		{Seats: []event.SeatResult{{Games: []event.GameDetail{played(3)}}, {Place: 1, Games: []event.GameDetail{seized(5)}}}},
		{Seats: []event.SeatResult{{Place: 1, Points: 13}, {Points: 9}}},
	}
	for i, tb := range r.Tables {
		must(t, d.Rounds.RecordResult(ctx, e.ID, 1, tb.Number, results[i]))
	}
	table := mustCall(t, d.Rounds.Standings, e.ID)
	want := []struct {
		id             event.EntryID
		rank, pts, gps int
	}{
		{r.Tables[0].Seats[1].EntryID, 1, 4, 20},
		{r.Tables[1].Seats[0].EntryID, 2, 4, 13},
		{r.Tables[1].Seats[1].EntryID, 3, 0, 9},
		{r.Tables[0].Seats[0].EntryID, 4, 0, 6},
	}
	for i, w := range want {
		s := table[i]
		if s.EntryID != w.id || s.Rank != w.rank || s.Points != w.pts || s.GamePoints != w.gps {
			t.Errorf("place %d: %s rank %d, %d match points, %d game points; want entry %d rank %d, %d, %d",
				i+1, s.Name, s.Rank, s.Points, s.GamePoints, w.id, w.rank, w.pts, w.gps)
		}
	}
	if got := e.Settings.Tiebreakers; len(got) != 1 || got[0] != "gp" {
		t.Errorf("tiebreakers %v, want game points alone", got)
	}
	other := eventOf(t, d, "shadowfist", "big-man", nil)
	s := other.Settings
	s.Playoff.TopCut = 4
	if err := d.Events.UpdateSettings(ctx, other.ID, s); !errors.Is(err, event.ErrInvalid) || !strings.Contains(err.Error(), "6.2 a") {
		t.Errorf("a top cut: %v; the places come from match points, then game points", err)
	}
}
