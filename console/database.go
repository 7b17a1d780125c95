package console

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"strings"
	"time"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/core/store"
	"tablekeeper/core/tdf"
	"tablekeeper/internal/cli"
	"tablekeeper/reports/printing"
	"tablekeeper/reports/text"
)

// Check runs SQLite's integrity checks on a database and summarises what
// it holds, events listed with their IDs (which export takes).
func Check(args []string, stdout, _ io.Writer) error {
	fs := flag.NewFlagSet("check", flag.ContinueOnError)
	db := fs.String("db", "", "database file")
	if err := cli.Parse(fs, args); err != nil {
		return err
	}
	return cli.WithDB(*db, store.OpenExistingShared, func(st *store.DB, d *director.Director) error {
		ctx := context.Background()
		sum, err := st.Check(ctx)
		if err != nil {
			return err
		}
		var events []director.EventSummary
		if sum.OK() {
			if events, err = d.Events.Events(ctx); err != nil {
				return err
			}
		}
		text.Check(stdout, sum, events)
		if !sum.OK() {
			return errors.New("the database has problems (listed above); keep a copy of the file before changing it")
		}
		return nil
	})
}

// Backup copies a database with SQLite's online backup (store.Backup):
// a consistent copy, even while the app writes. It never replaces a file.
func Backup(args []string, stdout, _ io.Writer) error {
	fs := flag.NewFlagSet("backup", flag.ContinueOnError)
	dbPath := fs.String("db", "", "database file")
	out := fs.String("out", "", "backup file to write")
	if err := cli.Parse(fs, args); err != nil {
		return err
	}
	if *out == "" {
		return cli.Usagef("--out is required: the new backup file, such as friday-backup.db")
	}
	return cli.WithDB(*dbPath, store.OpenExistingShared, func(st *store.DB, _ *director.Director) error {
		if err := st.Backup(context.Background(), *out); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "backed up %s to %s; to restore, start Tablekeeper with --db %s (or copy it over the database while the app is closed)\n", st.Path(), *out, shellQuote(*out, runtime.GOOS))
		return nil
	})
}

// shellQuote writes path so that it can be pasted into the shell of
// system goos as one argument: as it is when it holds only letters,
// digits and - _ . / : (and \ on Windows), which no shell reads; else in
// double quotes on Windows (cmd and PowerShell; no Windows path holds a
// double quote), in single quotes elsewhere (sh; a single quote inside
// closes the quotes, is escaped with a backslash, and reopens them).
func shellQuote(path, goos string) string {
	safe := "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./:"
	if goos == "windows" {
		safe += `\`
	}
	switch {
	case path != "" && strings.Trim(path, safe) == "":
		return path
	case goos == "windows":
		return `"` + path + `"`
	}
	return "'" + strings.ReplaceAll(path, "'", `'\''`) + "'"
}

// ExportUsage is the export command's usage line.
func ExportUsage() string {
	return "export --db PATH --event ID --report KIND [--round N] --out FILE [--paper A4|Letter] | export --db PATH --event ID --tdf FILE.tdf; KIND: " + strings.Join(printing.ExportKeys(), ", ")
}

// ImportUsage is the import command's usage line.
const ImportUsage = "import --db PATH --event ID --players FILE.csv | import --db PATH --event-json FILE | import --db PATH --tdf FILE.tdf [--pods separate|one]"

// Export writes a report of an event, or the event file or TOM file,
// to a file (printing.Printer.WriteFile): whole or not at all, never over
// a database.
func Export(args []string, stdout, _ io.Writer) error {
	fs := flag.NewFlagSet("export", flag.ContinueOnError)
	dbPath := fs.String("db", "", "database file")
	id := fs.Int64("event", 0, "event ID")
	report := fs.String("report", "", "report: "+strings.Join(printing.ExportKeys(), ", "))
	round := fs.Int("round", 0, "round number (default: the latest)")
	out := fs.String("out", "", "output file")
	paper := fs.String("paper", "A4", "paper size: A4 or Letter")
	tdfOut := fs.String("tdf", "", "Pokémon TOM file (.tdf) to write: the same as --report tdf --out FILE")
	if err := cli.Parse(fs, args); err != nil {
		return err
	}
	if *tdfOut != "" {
		// --tdf FILE mirrors import --tdf FILE: the TOM file, both ways.
		if (*report != "" && *report != printing.TOMFileKey) || (*out != "" && *out != *tdfOut) {
			return cli.Usagef("--tdf FILE writes the TOM file; it takes no other --report or --out")
		}
		*report, *out = printing.TOMFileKey, *tdfOut
	}
	if err := printing.ValidateExport(*id, *report, *out, *paper, *round); err != nil {
		return cli.Usagef("%s", event.Message(err))
	}
	return cli.WithDB(*dbPath, store.OpenExistingShared, func(st *store.DB, d *director.Director) error {
		summary, err := printing.Printer{D: printing.ServicesOf(d), DB: st.Path()}.WriteFile(context.Background(), *report, event.EventID(*id), *round, *paper, *out)
		if err == nil {
			fmt.Fprintf(stdout, "wrote %s: %s\n", *out, summary)
		}
		return err
	})
}

// Import registers the players of a CSV file in an event and lists the
// rows it could not take (failing when it took none of them), or imports
// an event file or a TOM file as new events.
func Import(args []string, stdout, _ io.Writer) error {
	fs := flag.NewFlagSet("import", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	dbPath := fs.String("db", "", "database file")
	id := fs.Int64("event", 0, "event ID")
	file := fs.String("players", "", "CSV file of players")
	eventJSON := fs.String("event-json", "", "event file to import as a new event (export --report event-json)")
	tdfFile := fs.String("tdf", "", "Pokémon TOM file (.tdf) to import as new generic Swiss events")
	pods := fs.String("pods", "separate", "with --tdf: separate (one event per age division) or one (all divisions in one event)")
	if err := fs.Parse(args); err != nil {
		return cli.Usagef("%v", err)
	}
	switch {
	case *eventJSON != "" && (*id != 0 || *file != ""):
		return cli.Usagef("--event-json imports a whole event as a new one; it takes no --event or --players")
	case *tdfFile != "" && (*id != 0 || *file != "" || *eventJSON != ""):
		return cli.Usagef("--tdf imports a TOM file as new events; it takes no --event, --players or --event-json")
	case fs.NArg() > 0:
		return cli.Usagef("unexpected argument %q", fs.Arg(0))
	case *tdfFile != "" || *eventJSON != "":
		key, file := printing.EventFileKey, *eventJSON
		if *tdfFile != "" {
			key, file = printing.TOMFileKey, *tdfFile
		}
		ims, err := printing.ReadEventFile(key, file, tdf.ImportOptions{Pods: tdf.PodMode(*pods), Location: time.Local, Now: time.Now()})
		if err != nil {
			return err
		}
		// An event moves to a new computer: the database is created when
		// there is no file at --db yet.
		open := store.OpenExisting
		if _, err := os.Stat(*dbPath); errors.Is(err, os.ErrNotExist) {
			open = store.Open
		}
		return cli.WithDB(*dbPath, open, func(st *store.DB, d *director.Director) error {
			return printing.Printer{D: printing.ServicesOf(d), DB: st.Path()}.ImportEvents(context.Background(), file, ims, stdout)
		})
	case *id <= 0:
		return cli.Usagef("--event is required (an event ID; 'tablekeeper check --db PATH' lists them), or --event-json FILE to import a whole event")
	case *file == "":
		return cli.Usagef("--players is required: a CSV file with a name column, and member number and email if you have them")
	}
	f, err := os.Open(*file)
	if err != nil {
		return fmt.Errorf("cannot read %s: %w", *file, err)
	}
	defer f.Close()
	return cli.WithDB(*dbPath, store.OpenExisting, func(st *store.DB, d *director.Director) error {
		return printing.Printer{D: printing.ServicesOf(d), DB: st.Path()}.ImportPlayersFrom(context.Background(), event.EventID(*id), f, *file, stdout)
	})
}

// LeagueUsage is the league command's usage line.
const LeagueUsage = "league create --db PATH --name N --kind lackey|proving-ground [--finals N] | league add --db PATH --league ID --event ID --week W | league standings --db PATH --league ID"

// League manages leagues (rule S13): create one, put an event in one of
// its weeks, print its running standings with the finals tables where the
// rules seat them.
func League(args []string, stdout, _ io.Writer) error {
	if len(args) == 0 {
		return cli.Usagef("say create, add or standings")
	}
	var name, kind string
	var id, ev int64
	var finals, week int
	define, ok := map[string]func(fs *flag.FlagSet){
		"create": func(fs *flag.FlagSet) {
			fs.StringVar(&name, "name", "", "league name")
			fs.StringVar(&kind, "kind", "", "lackey or proving-ground")
			fs.IntVar(&finals, "finals", 0, "Proving Ground: players in the week-13 finals week (0: none)")
		},
		"add": func(fs *flag.FlagSet) {
			fs.Int64Var(&id, "league", 0, "league ID")
			fs.Int64Var(&ev, "event", 0, "event ID")
			fs.IntVar(&week, "week", 0, "week number")
		},
		"standings": func(fs *flag.FlagSet) { fs.Int64Var(&id, "league", 0, "league ID") },
	}[args[0]]
	if !ok {
		return cli.Usagef("unknown league action %q; say create, add or standings", args[0])
	}
	fs := flag.NewFlagSet("league "+args[0], flag.ContinueOnError)
	db := fs.String("db", "", "database file")
	define(fs)
	if err := cli.Parse(fs, args[1:]); err != nil {
		return err
	}
	if *db == "" {
		return cli.Usagef("--db is required")
	}
	ctx := context.Background()
	switch {
	case args[0] == "create" && strings.TrimSpace(name) == "":
		return cli.Usagef("--name is required")
	case args[0] == "create" && kind != string(event.LeagueLackey) && kind != string(event.LeagueProvingGround):
		return cli.Usagef("--kind must be lackey or proving-ground")
	case args[0] == "create" && finals != 0 && kind == string(event.LeagueLackey):
		return cli.Usagef("--finals is for a proving-ground league; a Lackey League's finals are fixed")
	case args[0] == "create":
		return cli.WithDB(*db, store.OpenExisting, func(_ *store.DB, d *director.Director) error {
			l, err := d.Leagues.CreateLeague(ctx, director.NewLeague{Name: name, Kind: event.LeagueKind(kind), Finals: finals})
			if err == nil {
				fmt.Fprintf(stdout, "league %d: %s (%s, %d weeks)\n", l.ID, l.Name, l.Kind.Title(), l.Kind.Weeks())
			}
			return err
		})
	case id < 1:
		return cli.Usagef("--league is required")
	case args[0] == "standings":
		return cli.WithDB(*db, store.OpenExistingShared, func(_ *store.DB, d *director.Director) error {
			table, err := d.Leagues.LeagueStandings(ctx, event.LeagueID(id))
			if err == nil {
				text.League(stdout, table)
			}
			return err
		})
	case ev < 1:
		return cli.Usagef("--event is required")
	case week < 1:
		return cli.Usagef("--week is required (from 1)")
	}
	return cli.WithDB(*db, store.OpenExisting, func(_ *store.DB, d *director.Director) error {
		err := d.Leagues.AddEventToLeague(ctx, event.LeagueID(id), event.EventID(ev), week)
		if err == nil {
			fmt.Fprintf(stdout, "event %d is week %d of league %d\n", ev, week, id)
		}
		return err
	})
}
