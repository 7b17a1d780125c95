package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
)

const leagueUsage = "league create --db PATH --name N --kind lackey|proving-ground [--finals N] | league add --db PATH --league ID --event ID --week W | league standings --db PATH --league ID"

// runLeague manages leagues (rule S13) from the command line: create one,
// put an event in one of its weeks, print its running standings with the
// finals tables where the rules seat them.
func runLeague(args []string, stdout, _ io.Writer) error {
	if len(args) == 0 {
		return usagef("say create, add or standings")
	}
	switch args[0] {
	case "create":
		return leagueCreate(args[1:], stdout)
	case "add":
		return leagueAdd(args[1:], stdout)
	case "standings":
		return leagueStandings(args[1:], stdout)
	}
	return usagef("unknown league action %q; say create, add or standings", args[0])
}

// leagueFlags parses a league action's flags; --db is always required.
func leagueFlags(name string, args []string, define func(fs *flag.FlagSet)) (string, error) {
	fs := flag.NewFlagSet("league "+name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	db := fs.String("db", "", "database file")
	define(fs)
	if err := fs.Parse(args); err != nil {
		return "", usagef("%v", err)
	}
	if fs.NArg() > 0 {
		return "", usagef("unexpected argument %q", fs.Arg(0))
	}
	if *db == "" {
		return "", usagef("--db is required")
	}
	return *db, nil
}

func leagueCreate(args []string, stdout io.Writer) error {
	var name, kind string
	var finals int
	db, err := leagueFlags("create", args, func(fs *flag.FlagSet) {
		fs.StringVar(&name, "name", "", "league name")
		fs.StringVar(&kind, "kind", "", "lackey or proving-ground")
		fs.IntVar(&finals, "finals", 0, "Proving Ground: players in the week-13 finals week (0: none)")
	})
	if err != nil {
		return err
	}
	switch {
	case strings.TrimSpace(name) == "":
		return usagef("--name is required")
	case kind != string(event.LeagueLackey) && kind != string(event.LeagueProvingGround):
		return usagef("--kind must be lackey or proving-ground")
	case finals != 0 && kind == string(event.LeagueLackey):
		return usagef("--finals is for a proving-ground league; a Lackey League's finals are fixed")
	}
	st, err := openExisting(db)
	if err != nil {
		return err
	}
	defer st.Close()
	l, err := newDirector(st).CreateLeague(context.Background(), director.NewLeague{Name: name, Kind: event.LeagueKind(kind), Finals: finals})
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "league %d: %s (%s, %d weeks)\n", l.ID, l.Name, l.Kind.Title(), l.Kind.Weeks())
	return nil
}

func leagueAdd(args []string, stdout io.Writer) error {
	var id, ev int64
	var week int
	db, err := leagueFlags("add", args, func(fs *flag.FlagSet) {
		fs.Int64Var(&id, "league", 0, "league ID")
		fs.Int64Var(&ev, "event", 0, "event ID")
		fs.IntVar(&week, "week", 0, "week number")
	})
	if err != nil {
		return err
	}
	switch {
	case id < 1:
		return usagef("--league is required")
	case ev < 1:
		return usagef("--event is required")
	case week < 1:
		return usagef("--week is required (from 1)")
	}
	st, err := openExisting(db)
	if err != nil {
		return err
	}
	defer st.Close()
	if err := newDirector(st).AddEventToLeague(context.Background(), event.LeagueID(id), event.EventID(ev), week); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "event %d is week %d of league %d\n", ev, week, id)
	return nil
}

func leagueStandings(args []string, stdout io.Writer) error {
	var id int64
	db, err := leagueFlags("standings", args, func(fs *flag.FlagSet) {
		fs.Int64Var(&id, "league", 0, "league ID")
	})
	if err != nil {
		return err
	}
	if id < 1 {
		return usagef("--league is required")
	}
	st, err := openReadOnly(db)
	if err != nil {
		return err
	}
	defer st.Close()
	table, err := newDirector(st).LeagueStandings(context.Background(), event.LeagueID(id))
	if err != nil {
		return err
	}
	printLeague(stdout, table)
	return nil
}

// printLeague writes a league's events, weeks, standings and finals.
func printLeague(w io.Writer, t director.LeagueTable) {
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
	tw.Flush()
	printFinals(w, l, t.Finals)
}

func printFinals(w io.Writer, l event.League, f director.LeagueFinals) {
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
