package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/core/rules"
	"tablekeeper/reports"
)

// runExport writes a report of an event to a file. The write goes to a
// temporary file renamed into place, so a failed export never leaves half a
// PDF where the old one was.
func runExport(args []string, stdout, _ io.Writer) error {
	fs := flag.NewFlagSet("export", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	dbPath := fs.String("db", "", "database file")
	id := fs.Int64("event", 0, "event ID")
	report := fs.String("report", "", "report: pairings")
	round := fs.Int("round", 0, "round number (default: the latest)")
	out := fs.String("out", "", "output file")
	paper := fs.String("paper", "A4", "paper size: A4 or Letter")
	if err := fs.Parse(args); err != nil {
		return usagef("%v", err)
	}
	switch {
	case fs.NArg() > 0:
		return usagef("unexpected argument %q", fs.Arg(0))
	case *id <= 0:
		return usagef("--event is required (an event ID; 'tablekeeper check --db PATH' lists them)")
	case *report != "pairings":
		return usagef("--report must be pairings (this build's only report), not %q", *report)
	case *out == "":
		return usagef("--out is required")
	case *paper != "A4" && *paper != "Letter":
		return usagef("--paper must be A4 or Letter")
	}
	st, err := openExisting(*dbPath)
	if err != nil {
		return err
	}
	defer st.Close()
	ctx := context.Background()
	d := newDirector(st)
	n := *round
	if n == 0 {
		rounds, err := d.Rounds(ctx, event.EventID(*id))
		if err != nil {
			return err
		}
		if len(rounds) == 0 {
			if _, err := d.Event(ctx, event.EventID(*id)); err != nil {
				return err
			}
			return fmt.Errorf("event %d has no rounds paired yet", *id)
		}
		n = len(rounds)
	}
	sheet, err := d.RoundSheet(ctx, event.EventID(*id), n)
	if err != nil {
		return err
	}
	err = writeAtomically(*out, func(w io.Writer) error {
		return reports.WritePairings(w, pairingsReport(sheet), reports.Options{Paper: *paper})
	})
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "wrote %s: round %d pairings of %s, %d tables\n", *out, n, sheet.Event.Name, len(sheet.Tables))
	return nil
}

// pairingsReport turns a round sheet into the pairings report's model.
func pairingsReport(sh director.Sheet) reports.Pairings {
	p := reports.Pairings{
		EventName: sh.Event.Name,
		Game:      rules.Describe(sh.Event.Game, sh.Event.Format),
		Round:     sh.Round.Number,
		Date:      sh.Event.Date,
	}
	for _, t := range sh.Tables {
		pt := reports.PairingsTable{Number: t.Number, Bye: t.Bye}
		for i, pl := range t.Players {
			name := pl.Name
			if len(t.Teams) > 0 {
				// A team table seats its teams alternately (A1, B1, A2,
				// B2): each player is named with their team.
				name += " (" + t.Teams[i%len(t.Teams)].Name + ")"
			}
			pt.Seats = append(pt.Seats, reports.PairingsSeat{Name: name, Points: pl.Points})
		}
		p.Tables = append(p.Tables, pt)
	}
	return p
}

// writeAtomically writes a file through a temporary file in the same folder.
func writeAtomically(path string, write func(io.Writer) error) error {
	f, err := os.CreateTemp(filepath.Dir(path), ".tablekeeper-*.tmp")
	if err != nil {
		return fmt.Errorf("cannot write to %s: %w", filepath.Dir(path), err)
	}
	defer os.Remove(f.Name())
	if err := write(f); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	return os.Rename(f.Name(), path)
}
