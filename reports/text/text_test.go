package text

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/core/league"
	"tablekeeper/core/rules"
	"tablekeeper/core/storage"
)

// Every game and format of the catalogue gets its name line and two lines
// of defaults.
func TestGamesListsEveryFormatWithItsDefaults(t *testing.T) {
	var b bytes.Buffer
	Games(&b, rules.Catalogue())
	out := b.String()
	formats := 0
	for _, g := range rules.Catalogue() {
		if !strings.Contains(out, g.Name+" (--game "+g.Key+")\n") {
			t.Errorf("no line for %s", g.Key)
		}
		formats += len(g.Formats)
	}
	if n := strings.Count(out, "\n  --format "); n != formats {
		t.Errorf("%d format lines, want %d", n, formats)
	}
	if lines := strings.Count(out, "\n"); lines != len(rules.Catalogue())+3*formats {
		t.Errorf("%d lines, want a game line and three a format", lines)
	}
	for _, want := range []string{
		"  --format swiss          Swiss (best of three): ",
		"                          best of 3, 50-minute rounds, rounds by player count, points 3/1/0, rules X1\n",
		"                          swiss, two-player matches, tiebreakers omw gw ogw, decks not checked\n",
		"tables of 4",
		"decks: Altered constructed",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("lacks %q", want)
		}
	}
}

// Rule S13: the league's weeks, a week that does not count, the table with
// its finalists and draws, and the finals as they would be.
func TestLeagueWritesWeeksStandingsAndFinals(t *testing.T) {
	stand := func(rank int, name string, mp, gp, four, counted, played, weeks int) director.LeagueStanding {
		return director.LeagueStanding{Name: name, Standing: league.Standing{Rank: rank, MatchPoints: mp, GamePoints: gp,
			FourPlayerWins: four, Counted: counted, Played: played, Weeks: weeks}}
	}
	table := director.LeagueTable{
		League: event.League{ID: 3, Name: "Autumn", Kind: event.LeagueLackey},
		Events: []director.LeagueWeekEvent{
			{Week: 1, Event: event.Event{ID: 4, Name: "Week one"}},
			{Week: 2, Event: event.Event{ID: 5, Name: "Week two"}},
		},
		Weeks: []league.WeekSummary{{Number: 1, Players: 4, Official: true}, {Number: 2, Players: 2}},
		Standings: []director.LeagueStanding{
			stand(1, "Ada", 8, 20, 2, 2, 3, 1),
			stand(2, "Zoë Ødegård", 4, 16, 1, 2, 3, 1),
		},
		Finals: director.LeagueFinals{Tables: []director.LeagueFinalsTable{
			{Name: "Final", Players: []director.LeaguePlayer{{Name: "Ada"}}, Also: "the winner of each semi-final"},
			{Name: "Semi-final table 1", Players: []director.LeaguePlayer{{Name: "Zoë Ødegård"}, {Name: "Bob"}}},
		}},
	}
	table.Standings[1].ByDraw = true
	var b bytes.Buffer
	League(&b, table)
	want := `Autumn (Lackey League, league 3)
week  1: Week one (event 4)
week  2: Week two (event 5)
week 2 had 2 players; a week needs 3 to be official, so it does not count
rank  player       match pts  game pts  4-player wins  results counted  weeks  
1     Ada          8          20        2              2 of 3           1      
2     Zoë Ødegård  4          16        1              2 of 3           1        (tie broken by random draw)
finals, if the league ended now:
  Final: Ada, and the winner of each semi-final
  Semi-final table 1: Zoë Ødegård, Bob
`
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}

	table.Finals = director.LeagueFinals{Complete: true, Tables: table.Finals.Tables[:1]}
	table.Standings[0].Finalist, table.Standings[0].FinalsMatchPoints, table.Standings[0].FinalsGamePoints = true, 4, 12
	b.Reset()
	League(&b, table)
	if !strings.Contains(b.String(), "  finals 4/12\n") || !strings.Contains(b.String(), "\nfinals:\n  Final: Ada, and the winner") {
		t.Errorf("a finalist and complete finals:\n%s", b.String())
	}

	for _, c := range []struct {
		kind event.LeagueKind
		want string
	}{
		{event.LeagueLackey, "finals: fewer than ten players, so the organizer arranges the finals (S13)\n"},
		{event.LeagueProvingGround, "finals: none; week 13 is an ordinary week\n"},
	} {
		table.League.Kind = c.kind
		table.Finals = director.LeagueFinals{Discretion: true}
		b.Reset()
		League(&b, table)
		if !strings.HasSuffix(b.String(), c.want) {
			t.Errorf("%s at the organizer's discretion:\n%s", c.kind, b.String())
		}
	}

	b.Reset()
	League(&b, director.LeagueTable{League: event.League{ID: 1, Name: "Spring", Kind: event.LeagueProvingGround}})
	if b.String() != "Spring (Proving Ground, league 1)\nno events yet: add each week's event with 'tablekeeper league add'\n" {
		t.Errorf("a league without events:\n%s", b.String())
	}
}

// Rule S12: a schedule prints a line per round with players as letters,
// then its repeat meetings; beyond 26 players, as numbers.
func TestScheduleWritesRoundsAndRepeats(t *testing.T) {
	var b bytes.Buffer
	Schedule(&b, 6, 3, [][][]int{{{0, 1, 2}, {3, 4, 5}}, {{0, 3, 4}, {1, 2, 5}}})
	want := `6 players at tables of 3, 2 rounds
round  1: A B C | D E F
round  2: A D E | B C F
no pair meets twice in the first 1 rounds (at most 2 possible); 2 repeat meetings in all, no pair more than twice
`
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}
	var seats []int
	for p := range 27 {
		seats = append(seats, p)
	}
	var tables [][]int
	for i := 0; i < 27; i += 3 {
		tables = append(tables, seats[i:i+3])
	}
	b.Reset()
	Schedule(&b, 27, 3, [][][]int{tables})
	if !strings.Contains(b.String(), "round  1: 1 2 3 | 4 5 6 |") || !strings.Contains(b.String(), "25 26 27\n") ||
		!strings.Contains(b.String(), "0 repeat meetings in all, no pair more than once") {
		t.Errorf("27 players:\n%s", b.String())
	}
}

// A sound database lists its events; one with problems lists them instead.
func TestCheckWritesTheSummaryThenEventsOrProblems(t *testing.T) {
	sum := storage.Summary{Path: "/srv/tk.db", SchemaVersion: 9, Players: 12, Events: 1, Entries: 8, Rounds: 3, Tables: 12, Results: 11, JudgeLogEntries: 2}
	events := []director.EventSummary{{Event: event.Event{ID: 1, Name: "Friday", Game: "generic", Format: "swiss",
		Date: time.Date(2026, 11, 20, 0, 0, 0, 0, time.UTC), State: event.StateRunning}, Players: 8, Round: 3}}
	var b bytes.Buffer
	Check(&b, sum, events)
	want := `/srv/tk.db: Tablekeeper database, schema version 9
  12 players in the directory, 1 events, 8 entries
  3 rounds, 12 tables, 11 results, 2 judge log entries
  integrity: ok
  event 1: Friday (` + rules.Describe("generic", "swiss") + `), 2026-11-20, ` + string(event.StateRunning) + `, 8 players, 3 rounds
`
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}
	sum.Problems = []string{"row 4 missing from index x", "FOREIGN KEY: entries row 9"}
	b.Reset()
	Check(&b, sum, events)
	if !strings.HasSuffix(b.String(), "  integrity: 2 problem(s)\n    row 4 missing from index x\n    FOREIGN KEY: entries row 9\n") || strings.Contains(b.String(), "event 1") {
		t.Errorf("with problems:\n%s", b.String())
	}
}

// Rule S1 (SWS 4.0 a: "must have at least three players participating"):
// the check command's line of a two-player Shadowfist event is followed by
// the note that it is not an official SWS tournament.
func TestCheckNotesAShadowfistEventOfTwo(t *testing.T) {
	e := event.Event{ID: 2, Name: "Duel", Game: "shadowfist", Format: "big-man", Date: time.Date(2026, 11, 20, 0, 0, 0, 0, time.UTC), State: event.StateRunning}
	events := []director.EventSummary{{Event: e, Players: 2, Round: 1, FewPlayers: rules.FewPlayers(e, 2)}}
	var b bytes.Buffer
	Check(&b, storage.Summary{Path: "/srv/tk.db"}, events)
	if !strings.Contains(b.String(), "2 players, 1 rounds\n    note: Only 2 players take part: SWS rule 4.0 a says every Secret War Society tournament must have at least 3 players, so this event is not an official SWS tournament.") {
		t.Errorf("got\n%s", b.String())
	}
}
