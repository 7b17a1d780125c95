// Package text writes the plain-text tables the headless commands print:
// the games and formats (Games), a league's standings and finals (League),
// a fixed multiplayer schedule (Schedule) and what a database check found
// (Check). Like the printed reports it takes what its caller read from the
// director or the store and only lays it out; the lines are the commands'
// output, kept the same byte for byte from one version to the next.
package text

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"tablekeeper/core/deck"
	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/core/pairing"
	"tablekeeper/core/rules"
	"tablekeeper/core/storage"
)

// Games lists the games and their formats with each format's defaults:
// games per match, round time, rounds, points, rules, structure, tables,
// tiebreakers and deck checks.
func Games(w io.Writer, games []rules.Game) {
	for _, g := range games {
		fmt.Fprintf(w, "%s (--game %s)\n", g.Name, g.Key)
		for _, f := range g.Formats {
			s := f.Defaults
			rounds := "rounds by player count"
			if s.Rounds > 0 {
				rounds = fmt.Sprintf("%d rounds", s.Rounds)
			}
			fmt.Fprintf(w, "  --format %-14s %s: %s\n", f.Key, f.Name, f.Summary)
			fmt.Fprintf(w, "  %-23s best of %d, %d-minute rounds, %s, points %d/%d/%d, rules %s\n",
				"", s.GamesPerMatch, s.RoundMinutes, rounds, s.Points.Win, s.Points.Draw, s.Points.Loss, strings.Join(f.Rules, " "))
			tables := "two-player matches"
			if s.TableSize > 2 {
				tables = fmt.Sprintf("tables of %d", s.TableSize)
			}
			decks := "decks not checked"
			if s.DeckRules != "" {
				decks = "decks: " + deck.Format(s.DeckRules).Name()
			}
			fmt.Fprintf(w, "  %-23s %s, %s, tiebreakers %s, %s\n", "", s.Structure, tables, strings.Join(s.Tiebreakers, " "), decks)
		}
	}
}

// League writes a league's events by week, the weeks that do not count,
// the running standings and the finals (rule S13).
func League(w io.Writer, t director.LeagueTable) {
	l := t.League
	fmt.Fprintf(w, "%s (%s, league %d)\n", l.Name, l.Kind.Title(), l.ID)
	if len(t.Events) == 0 {
		fmt.Fprintln(w, "no events yet: add each week's event with 'tablekeeper league add'")
		return
	}
	for _, e := range t.Events {
		fmt.Fprintf(w, "week %2d: %s (event %d)\n", e.Week, e.Event.Name, e.Event.ID)
	}
	for _, wk := range t.Weeks {
		if !wk.Official {
			fmt.Fprintf(w, "week %d had %d players; a week needs %d to be official, so it does not count\n", wk.Number, wk.Players, event.MinLeagueWeekPlayers)
		}
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "rank\tplayer\tmatch pts\tgame pts\t4-player wins\tresults counted\tweeks\t")
	for _, s := range t.Standings {
		note := ""
		if s.Finalist {
			note = fmt.Sprintf("  finals %d/%d", s.FinalsMatchPoints, s.FinalsGamePoints)
		}
		if s.ByDraw {
			note += "  (tie broken by random draw)"
		}
		fmt.Fprintf(tw, "%d\t%s\t%d\t%d\t%d\t%d of %d\t%d\t%s\n", s.Rank, s.Name, s.MatchPoints, s.GamePoints,
			s.FourPlayerWins, s.Counted, s.Played, s.Weeks, note)
	}
	_ = tw.Flush() // the terminal's write errors are not reported here, as with every line above
	finals(w, l, t.Finals)
}

// finals writes a league's finals tables, or why it has none.
func finals(w io.Writer, l event.League, f director.LeagueFinals) {
	switch {
	case l.Kind == event.LeagueLackey && f.Discretion:
		fmt.Fprintf(w, "finals: fewer than ten players, so the organizer arranges the finals (S13)\n")
		return
	case f.Discretion:
		fmt.Fprintf(w, "finals: none; week 13 is an ordinary week\n")
		return
	}
	if !f.Complete {
		fmt.Fprintln(w, "finals, if the league ended now:")
	} else {
		fmt.Fprintln(w, "finals:")
	}
	for _, tb := range f.Tables {
		var names []string
		for _, p := range tb.Players {
			names = append(names, p.Name)
		}
		line := strings.Join(names, ", ")
		if tb.Also != "" {
			line += ", and " + tb.Also
		}
		fmt.Fprintf(w, "  %s: %s\n", tb.Name, line)
	}
}

// Schedule writes a fixed multiplayer schedule (rule S12) of n players at
// tables of k: a line per round, players as letters as in the Shadowfist
// appendix (numbers beyond 26 players), then how well it avoids repeat
// meetings.
func Schedule(w io.Writer, n, k int, sched [][][]int) {
	name := func(p int) string {
		if n <= 26 {
			return string(rune('A' + p)) // #nosec G115 -- p < n <= 26 here, so a letter A to Z
		}
		return fmt.Sprint(p + 1)
	}
	fmt.Fprintf(w, "%d players at tables of %d, %d rounds\n", n, k, len(sched))
	for i, round := range sched {
		var tables []string
		for _, t := range round {
			var seats []string
			for _, p := range t {
				seats = append(seats, name(p))
			}
			tables = append(tables, strings.Join(seats, " "))
		}
		fmt.Fprintf(w, "round %2d: %s\n", i+1, strings.Join(tables, " | "))
	}
	q := pairing.MeasureSchedule(n, sched)
	fmt.Fprintf(w, "no pair meets twice in the first %d rounds (at most %d possible); %d repeat meetings in all, no pair more than %s\n",
		q.RoundsWithoutRepeat, pairing.ScheduleBound(n, k), q.RepeatMeetings, times(q.MostMeetings))
}

// times says a count of meetings in words: once, twice, 3 times.
func times(n int) string {
	switch n {
	case 1:
		return "once"
	case 2:
		return "twice"
	}
	return fmt.Sprintf("%d times", n)
}

// Check writes what a database check found: the file and its schema, how
// much it holds, then its problems, or "integrity: ok" and the events with
// their IDs (which export takes).
func Check(w io.Writer, sum storage.Summary, events []director.EventSummary) {
	fmt.Fprintf(w, "%s: Tablekeeper database, schema version %d\n", sum.Path, sum.SchemaVersion)
	fmt.Fprintf(w, "  %d players in the directory, %d events, %d entries\n", sum.Players, sum.Events, sum.Entries)
	fmt.Fprintf(w, "  %d rounds, %d tables, %d results, %d judge log entries\n", sum.Rounds, sum.Tables, sum.Results, sum.JudgeLogEntries)
	if !sum.OK() {
		fmt.Fprintf(w, "  integrity: %d problem(s)\n", len(sum.Problems))
		for _, p := range sum.Problems {
			fmt.Fprintf(w, "    %s\n", p)
		}
		return
	}
	fmt.Fprintln(w, "  integrity: ok")
	for _, e := range events {
		fmt.Fprintf(w, "  event %d: %s (%s), %s, %s, %d players, %d rounds\n",
			e.ID, e.Name, rules.Describe(e.Game, e.Format), e.Date.Format("2006-01-02"), e.State, e.Players, e.Round)
		if !e.FewPlayers.IsZero() {
			fmt.Fprintf(w, "    note: %s\n", e.FewPlayers)
		}
	}
}
