package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"

	"tablekeeper/core/rules"
)

// runCheck runs SQLite's integrity checks on a database and summarises what
// it holds, events listed with their IDs (which export takes).
func runCheck(args []string, stdout, _ io.Writer) error {
	fs := flag.NewFlagSet("check", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	db := fs.String("db", "", "database file")
	if err := fs.Parse(args); err != nil {
		return usagef("%v", err)
	}
	if fs.NArg() > 0 {
		return usagef("unexpected argument %q", fs.Arg(0))
	}
	st, err := openReadOnly(*db)
	if err != nil {
		return err
	}
	defer st.Close()
	ctx := context.Background()
	sum, err := st.Check(ctx)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "%s: Tablekeeper database, schema version %d\n", sum.Path, sum.SchemaVersion)
	fmt.Fprintf(stdout, "  %d players in the directory, %d events, %d entries\n", sum.Players, sum.Events, sum.Entries)
	fmt.Fprintf(stdout, "  %d rounds, %d tables, %d results, %d judge log entries\n", sum.Rounds, sum.Tables, sum.Results, sum.JudgeLogEntries)
	if !sum.OK() {
		fmt.Fprintf(stdout, "  integrity: %d problem(s)\n", len(sum.Problems))
		for _, p := range sum.Problems {
			fmt.Fprintf(stdout, "    %s\n", p)
		}
		return errors.New("the database has problems (listed above); keep a copy of the file before changing it")
	}
	fmt.Fprintln(stdout, "  integrity: ok")
	events, err := newDirector(st).Events(ctx)
	if err != nil {
		return err
	}
	for _, e := range events {
		fmt.Fprintf(stdout, "  event %d: %s (%s), %s, %s, %d players, %d rounds\n",
			e.ID, e.Name, rules.Describe(e.Game, e.Format), e.Date.Format("2006-01-02"), e.State, e.Players, e.Round)
	}
	return nil
}
