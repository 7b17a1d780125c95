package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"tablekeeper/core/event"
	"tablekeeper/reports/printing"
)

// runExport writes a report of an event to a file. The write goes to a
// temporary file renamed into place, so a failed export never leaves half a
// file where the old one was, and it never replaces a database.
func runExport(args []string, stdout, _ io.Writer) error {
	fs := flag.NewFlagSet("export", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	dbPath := fs.String("db", "", "database file")
	id := fs.Int64("event", 0, "event ID")
	report := fs.String("report", "", "report: "+strings.Join(printing.Keys(), ", ")+", "+eventJSONReport+" or "+tdfReport)
	round := fs.Int("round", 0, "round number (default: the latest)")
	out := fs.String("out", "", "output file")
	paper := fs.String("paper", "A4", "paper size: A4 or Letter")
	if err := fs.Parse(args); err != nil {
		return usagef("%v", err)
	}
	known := slices.Contains(printing.Keys(), *report) || *report == eventJSONReport || *report == tdfReport
	switch {
	case fs.NArg() > 0:
		return usagef("unexpected argument %q", fs.Arg(0))
	case *id <= 0:
		return usagef("--event is required (an event ID; 'tablekeeper check --db PATH' lists them)")
	case !known:
		return usagef("--report must be one of %s, %s or %s, not %q", strings.Join(printing.Keys(), ", "), eventJSONReport, tdfReport, *report)
	case *out == "":
		return usagef("--out is required")
	case *paper != "A4" && *paper != "Letter":
		return usagef("--paper must be A4 or Letter")
	case *round < 0:
		return usagef("--round must be a round number")
	}
	st, err := openReadOnly(*dbPath)
	if err != nil {
		return err
	}
	defer st.Close()
	p := printer{d: newDirector(st), db: st.Path()}
	if *report == eventJSONReport {
		return exportEventJSON(context.Background(), p, event.EventID(*id), *out, stdout)
	}
	if *report == tdfReport {
		return exportTDF(context.Background(), p, event.EventID(*id), *out, stdout)
	}
	summary, err := p.WriteFile(context.Background(), *report, event.EventID(*id), *round, *paper, *out)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "wrote %s: %s\n", *out, summary)
	return nil
}

// runImport registers the players of a CSV file in an event and lists the
// rows it could not take; it fails (exit 1) when it took none of them.
func runImport(args []string, stdout, _ io.Writer) error {
	fs := flag.NewFlagSet("import", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	dbPath := fs.String("db", "", "database file")
	id := fs.Int64("event", 0, "event ID")
	file := fs.String("players", "", "CSV file of players")
	eventJSON := fs.String("event-json", "", "event file to import as a new event (export --report event-json)")
	tdfFile := fs.String("tdf", "", "Pokémon TOM file (.tdf) to import as new generic Swiss events")
	pods := fs.String("pods", "separate", "with --tdf: separate (one event per age division) or one (all divisions in one event)")
	if err := fs.Parse(args); err != nil {
		return usagef("%v", err)
	}
	switch {
	case *eventJSON != "" && (*id != 0 || *file != ""):
		return usagef("--event-json imports a whole event as a new one; it takes no --event or --players")
	case *tdfFile != "" && (*id != 0 || *file != "" || *eventJSON != ""):
		return usagef("--tdf imports a TOM file as new events; it takes no --event, --players or --event-json")
	case *tdfFile != "" && fs.NArg() == 0:
		return importTDF(context.Background(), *dbPath, *tdfFile, *pods, stdout)
	case *eventJSON != "" && fs.NArg() == 0:
		return importEventJSON(context.Background(), *dbPath, *eventJSON, stdout)
	case fs.NArg() > 0:
		return usagef("unexpected argument %q", fs.Arg(0))
	case *id <= 0:
		return usagef("--event is required (an event ID; 'tablekeeper check --db PATH' lists them), or --event-json FILE to import a whole event")
	case *file == "":
		return usagef("--players is required: a CSV file with a name column, and member number and email if you have them")
	}
	f, err := os.Open(*file)
	if err != nil {
		return fmt.Errorf("cannot read %s: %w", *file, err)
	}
	defer f.Close()
	st, err := openExisting(*dbPath)
	if err != nil {
		return err
	}
	defer st.Close()
	rep, problems, err := printer{d: newDirector(st), db: st.Path()}.importPlayers(context.Background(), event.EventID(*id), f)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "registered %d player(s) from %s (%d new to the directory)\n", rep.Registered, *file, rep.NewPlayers)
	if n := len(rep.Already); n > 0 {
		fmt.Fprintf(stdout, "already registered: %d player(s), left as they were (%s)\n", n, nameList(rep.Already, 10))
	}
	for _, p := range problems {
		fmt.Fprintf(stdout, "  not taken: %s\n", p)
	}
	if rep.Registered == 0 && len(rep.Already) == 0 && len(problems) > 0 {
		return fmt.Errorf("no player could be registered from %s (%d problem(s) above)", *file, len(problems))
	}
	return nil
}
