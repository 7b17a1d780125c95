package director_test

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
)

// outcome is a player's place (1 for the winner, 0 otherwise) and game
// points at a table.
type outcome struct{ place, gp int }

// playRound pairs and publishes the next round of e and records each
// table's result from the players' names; a table where nobody has place 1
// is won by the player with the most game points.
func playRound(t *testing.T, d *director.Director, id event.EventID, by map[string]outcome) {
	t.Helper()
	ctx := context.Background()
	r := mustPair(t, ctx, d, id)
	entries := mustCall(t, d.Registration.Entries, id)
	name := map[event.EntryID]string{}
	for _, en := range entries {
		name[en.ID] = en.Name
	}
	for _, tb := range r.Tables {
		var res event.Result
		won, best := false, 0
		for i, s := range tb.Seats {
			o := by[name[s.EntryID]]
			res.Seats = append(res.Seats, event.SeatResult{Place: o.place, Points: o.gp})
			won = won || o.place == 1
			if o.gp > res.Seats[best].Points {
				best = i
			}
		}
		if !won {
			res.Seats[best].Place = 1
		}
		must(t, d.Rounds.RecordResult(ctx, id, r.Number, tb.Number, res))
	}
}

// Rule S13, Lackey League, through the director: two weekly Shadowfist
// events. Week 1 (four players, three rounds at one table of four):
//
//	round 1: Ada wins; game points Ada 10, Bob 6, Cat 4, Dan 2
//	round 2: Bob wins; Bob 9, Ada 5, Cat 3, Dan 1
//	round 3: Ada wins; Ada 8, Bob 7, Cat 2, Dan 0
//
// Only the two best results of a week count: Ada 4+4 match points, 10+8
// game points, two four-player wins; Bob 4, 9+7; Cat 0, 4+3; Dan 0, 2+1.
// Week 2 (Bob, Cat, Dan at one table of three): Cat wins; Cat 6, Bob 5,
// Dan 4. Running totals: Ada 8/18, Bob 4/21, Cat 4/13, Dan 0/7. With four
// players the finals are the organizer's to arrange.
func TestLackeyLeagueOverTwoWeeks(t *testing.T) {
	ctx := context.Background()
	d, _ := newDirector(t)
	threeRounds := func(s *event.Settings) { s.Rounds = 3 }
	week1 := eventOf(t, d, "shadowfist", "final-brawl", threeRounds)
	entries := register(t, d, week1.ID, "Ada", "Bob", "Cat", "Dan")
	playRound(t, d, week1.ID, map[string]outcome{"Ada": {1, 10}, "Bob": {0, 6}, "Cat": {0, 4}, "Dan": {0, 2}})
	playRound(t, d, week1.ID, map[string]outcome{"Bob": {1, 9}, "Ada": {0, 5}, "Cat": {0, 3}, "Dan": {0, 1}})
	playRound(t, d, week1.ID, map[string]outcome{"Ada": {1, 8}, "Bob": {0, 7}, "Cat": {0, 2}, "Dan": {0, 0}})

	week2 := eventOf(t, d, "shadowfist", "final-brawl", nil)
	for _, en := range entries[1:] {
		if _, err := d.Registration.Register(ctx, week2.ID, en.PlayerID); err != nil {
			t.Fatal(err)
		}
	}
	playRound(t, d, week2.ID, map[string]outcome{"Cat": {1, 6}, "Bob": {0, 5}, "Dan": {0, 4}})

	l, err := d.Leagues.CreateLeague(ctx, director.NewLeague{Name: "  Lackey Autumn ", Kind: event.LeagueLackey})
	must(t, err)
	if l.Name != "Lackey Autumn" || l.TieSeed == 0 {
		t.Errorf("league %+v", l)
	}
	for w, e := range []event.Event{week1, week2} {
		must(t, d.Leagues.AddEventToLeague(ctx, l.ID, e.ID, w+1))
	}
	table := mustCall(t, d.Leagues.LeagueStandings, l.ID)
	var got []string
	for _, s := range table.Standings {
		got = append(got, fmt.Sprintf("%d %s %d/%d fpw %d counted %d of %d", s.Rank, s.Name, s.MatchPoints, s.GamePoints, s.FourPlayerWins, s.Counted, s.Played))
	}
	want := []string{
		"1 Ada 8/18 fpw 2 counted 2 of 3",
		"2 Bob 4/21 fpw 1 counted 3 of 4",
		"3 Cat 4/13 fpw 0 counted 3 of 4",
		"4 Dan 0/7 fpw 0 counted 3 of 4",
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("standings\n got %q\nwant %q", got, want)
	}
	if len(table.Events) != 2 || table.Events[1].Week != 2 || len(table.Weeks) != 2 || !table.Weeks[1].Official {
		t.Errorf("events %+v weeks %+v", table.Events, table.Weeks)
	}
	finals := mustCall(t, d.Leagues.LeagueFinals, l.ID)
	if !finals.Discretion || finals.Complete || finals.Tables != nil {
		t.Errorf("finals of four players: %+v", finals)
	}
	leagues, err := d.Leagues.Leagues(ctx)
	if err != nil || len(leagues) != 1 || leagues[0] != l {
		t.Errorf("leagues %+v, %v", leagues, err)
	}
}

// Rule S13, Appendix III d, e: with ten players the top two go to the
// final; of the rest, ranks 1, 3, 5, 7 play semi-final table 1 and ranks
// 2, 4, 6, 8 table 2. One round in week 8 of ten players (tables of 4, 3
// and 3): each table's best scorer wins, everyone's game points distinct.
func TestLackeyLeagueFinalsThroughTheDirector(t *testing.T) {
	ctx, d, e := openEvent(t, "shadowfist", "final-brawl", nil)
	players := names(10)
	register(t, d, e.ID, players...)
	by := map[string]outcome{}
	for i, n := range players {
		by[n] = outcome{gp: 30 - i}
	}
	playRound(t, d, e.ID, by)
	l, err := d.Leagues.CreateLeague(ctx, director.NewLeague{Name: "Online", Kind: event.LeagueLackey})
	must(t, err)
	must(t, d.Leagues.AddEventToLeague(ctx, l.ID, e.ID, 8))
	table := mustCall(t, d.Leagues.LeagueStandings, l.ID)
	rank := func(i int) string { return table.Standings[i-1].Name }
	want := [][]string{
		{rank(1), rank(2)},
		{rank(3), rank(5), rank(7), rank(9)},
		{rank(4), rank(6), rank(8), rank(10)},
	}
	f := table.Finals
	if !f.Complete || f.Discretion || len(f.Tables) != 3 {
		t.Fatalf("finals %+v", f)
	}
	for i, tb := range f.Tables {
		var got []string
		for _, p := range tb.Players {
			got = append(got, p.Name)
		}
		if fmt.Sprint(got) != fmt.Sprint(want[i]) {
			t.Errorf("%s: %v, want %v", tb.Name, got, want[i])
		}
	}
	if rank(1) != "Player 01" || rank(10) != "Player 10" {
		t.Errorf("standings by game points: %v first, %v last", rank(1), rank(10))
	}
}

func TestLeagueRefusals(t *testing.T) {
	ctx := context.Background()
	d, _ := newDirector(t)
	sf := eventOf(t, d, "shadowfist", "final-brawl", nil)
	altered := mustEvent(t, d, "standard-bo1")
	l, err := d.Leagues.CreateLeague(ctx, director.NewLeague{Name: "Online", Kind: event.LeagueLackey})
	must(t, err)
	other, err := d.Leagues.CreateLeague(ctx, director.NewLeague{Name: "Thursdays", Kind: event.LeagueProvingGround, Finals: 4})
	must(t, err)
	must(t, d.Leagues.AddEventToLeague(ctx, l.ID, sf.ID, 1))
	for _, c := range []struct {
		name   string
		league event.LeagueID
		ev     event.EventID
		week   int
		kind   error
	}{
		{"a ninth Lackey week", l.ID, sf.ID, 9, event.ErrInvalid},
		{"an Altered event", other.ID, altered.ID, 1, event.ErrInvalid},
		{"an event already in a league", other.ID, sf.ID, 2, event.ErrConflict},
		{"an unknown league", 99, sf.ID, 1, event.ErrNotFound},
	} {
		err := d.Leagues.AddEventToLeague(ctx, c.league, c.ev, c.week)
		if !errors.Is(err, c.kind) {
			t.Errorf("%s: %v", c.name, err)
		} else {
			t.Logf("%s: %s", c.name, event.Message(err))
		}
	}
	for _, nl := range []director.NewLeague{
		{Name: " ", Kind: event.LeagueLackey},
		{Name: "X", Kind: "weekly"},
		{Name: "X", Kind: event.LeagueLackey, Finals: 4},
		{Name: "X", Kind: event.LeagueProvingGround, Finals: 1},
	} {
		if _, err := d.Leagues.CreateLeague(ctx, nl); !errors.Is(err, event.ErrInvalid) {
			t.Errorf("%+v: %v", nl, err)
		}
	}
	if _, err := d.Leagues.LeagueStandings(ctx, 99); !errors.Is(err, event.ErrNotFound) {
		t.Errorf("league 99: %v", err)
	}
}
