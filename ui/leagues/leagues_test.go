package leagues

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/ui/internal/uitest"
	"tablekeeper/ui/internal/work"
)

// depsOf is what the shell hands the screen: the director's services.
func depsOf(d *director.Director) Deps { return Deps{Leagues: d.Leagues, Events: d.Events} }

// winRound pairs and publishes a round of a Shadowfist event and records
// winner as each table's winner (10 game points) where seated, else the
// first seat; everyone else scores 2.
func winRound(t *testing.T, d *director.Director, id event.EventID, winner event.EntryID) {
	t.Helper()
	r := uitest.Pair(t, d, id)
	for _, tb := range r.Tables {
		res := event.Result{}
		w := 0
		for i, s := range tb.Seats {
			if s.EntryID == winner {
				w = i
			}
		}
		for i := range tb.Seats {
			st := event.SeatResult{Points: 2}
			if i == w {
				st.Place, st.Points = 1, 10
			}
			res.Seats = append(res.Seats, st)
		}
		if err := d.Rounds.RecordResult(t.Context(), id, r.Number, tb.Number, res); err != nil {
			t.Fatal(err)
		}
	}
}

// The organizer creates a Lackey League, adds a week's Shadowfist event
// with its week number, and reads the standings: Ada won the one table of
// four, so she leads with 4 match points and 10 game points and a
// four-player win; the other three are level and placed by the league's
// random draw; with four players the finals are the organizer's
// (S13, Appendix III g).
func TestCreateAddAndReadALeague(t *testing.T) {
	test.NewTempApp(t)
	d := uitest.Director(t)
	e := uitest.EventOf(t, d, "Week one", "shadowfist", "final-brawl")
	entries := uitest.Players(t, d, e.ID, "Ada", "Bob", "Cat", "Dan")
	winRound(t, d, e.ID, entries[0].ID)
	uitest.EventOf(t, d, "Altered night", "altered", "standard-bo1")

	var errs uitest.Errors
	s := New(depsOf(d), work.Sync{}, errs.Alert)
	w := test.NewTempWindow(t, s.Content())
	w.Resize(fyne.NewSize(1000, 700))
	s.Reload()
	if len(s.event.Options) != 1 {
		t.Fatalf("events offered %q: only Shadowfist multiplayer events can be league weeks", s.event.Options)
	}
	test.Type(s.name, "Autumn Lackey")
	test.Tap(s.create)
	errs.None(t)
	if s.league.Selected != "Autumn Lackey · Lackey League" {
		t.Fatalf("league shown %q", s.league.Selected)
	}
	s.event.SetSelectedIndex(0)
	test.Type(s.week, "1")
	test.Tap(s.add)
	errs.None(t)
	for _, want := range []string{
		"Lackey League: 8 weeks. week 1: Week one.",
		"Ada", "10", "1 of 1", "2 (draw)",
		"Finals: with fewer than ten players the organizer arranges the finals (S13).",
	} {
		if !uitest.HasText(s.Content(), want) {
			t.Errorf("%q not shown: %q", want, uitest.Texts(s.Content()))
		}
	}
	table, _ := d.Leagues.LeagueStandings(t.Context(), s.selected)
	if len(table.Standings) != 4 || table.Standings[0].Name != "Ada" || table.Standings[0].FourPlayerWins != 1 {
		t.Errorf("standings %+v", table.Standings)
	}

	// Adding the same event again is refused in one sentence.
	s.event.SetSelectedIndex(0)
	test.Type(s.week, "2")
	test.Tap(s.add)
	if len(errs) != 1 || event.Message(errs[0]) != "Week one is already in Autumn Lackey; an event belongs to one league" {
		t.Errorf("errors %v", errs)
	}
}

// A Proving Ground takes a finals-week size; a Lackey League does not.
func TestProvingGroundFinalsSize(t *testing.T) {
	test.NewTempApp(t)
	d := uitest.Director(t)
	var errs uitest.Errors
	s := New(depsOf(d), work.Sync{}, errs.Alert)
	test.NewTempWindow(t, s.Content())
	s.Reload()
	if !s.finals.Disabled() {
		t.Error("a Lackey League offers a finals size")
	}
	s.kind.SetSelected(event.LeagueProvingGround.Title())
	test.Type(s.name, "Thursdays")
	test.Type(s.finals, "4")
	test.Tap(s.create)
	errs.None(t)
	ls, _ := d.Leagues.Leagues(t.Context())
	if len(ls) != 1 || ls[0].Kind != event.LeagueProvingGround || ls[0].Finals != 4 {
		t.Fatalf("leagues %+v", ls)
	}
	if !uitest.HasText(s.Content(), "Proving Ground: 13 weeks. No events yet: add each week's event above.") {
		t.Errorf("texts %q", uitest.Texts(s.Content()))
	}
}
