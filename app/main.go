// Command tablekeeper runs trading-card-game tournaments at a store: the
// desktop app by default, or one of the headless commands (sim, export,
// check, games…) that use the same director the screens use.
//
// This is the composition root: the only package that knows every other
// one. It parses the command line, opens the database, builds the director
// with the real clock and a seeded random source, and starts the GUI or
// hands a command to the package that runs it beside what it drives
// (console for the headless ones, ui/web/serve for the store network's),
// turning its outcome into an exit code with internal/cli.
package main

import (
	"fmt"
	"io"
	"os"

	"tablekeeper/app/running"
	"tablekeeper/console"
	"tablekeeper/core/i18n"
	"tablekeeper/core/store"
	"tablekeeper/internal/cli"
	_ "tablekeeper/ui/quietlocale" // before Fyne reads the locale
	"tablekeeper/ui/web/serve"
)

// AppID is the application's ID. It must equal Details.ID in FyneApp.toml
// (a test checks it): Fyne keys preferences and storage by it, and the
// packaging tool signs the installer with it.
const AppID = "org.tablekeeper.desktop"

func main() {
	if len(os.Args) > 1 {
		// A command or a flag: its lines go to the console it was typed in.
		attachConsole()
	}
	// Tells the Windows installer Tablekeeper runs; without the mark only
	// its check is lost, so a failure does not stop the program.
	_ = running.Mark()
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// command is one headless command: its name, what help says of it, and
// the function that parses its arguments and runs it.
type command struct {
	name    string
	summary string
	usage   string
	run     func(args []string, stdout, stderr io.Writer) error
}

func commands() []command {
	return []command{
		{"sim", "play a whole event with seeded random results", "sim --db PATH --game G --format F --players N [--rounds R] [--seed S] [--open-round]", console.Sim},
		{"export", "write a report of an event to a file (PDF or CSV), the whole event as an event file (JSON), or a Pokémon TOM file (.tdf; an event imported from TOM keeps its sanction number, place, organizer, divisions, mode, stage and birth dates)", console.ExportUsage(), console.Export},
		{"import", "register the players of a CSV file (name, member number, email) in an event, or import an event file or a Pokémon TOM file (.tdf) as new events", console.ImportUsage, console.Import},
		{"serve", "serve the store network (pairings, clock, standings and self-reporting on phones) without a window; prints the judges' PIN, the kiosk code and the scorekeeper code; --console reads the network commands on standard input", serve.Usage, runServe},
		{"network", "the store network's staff without a window: the judges' PIN, the tablet kiosk code and the scorekeeper code, judges, signed-in phones, tablets and stations, the sign-in log and alert", serve.NetworkUsage, serve.Network},
		{"backup", "copy a database consistently, even while the app is using it", "backup --db PATH --out FILE", console.Backup},
		{"check", "check a database file and summarise what it holds", "check --db PATH", console.Check},
		{"schedule", "print a fixed multiplayer schedule with the fewest repeat meetings (S12)", "schedule --players N [--table 3|4|5] [--rounds R] [--seed S]", console.Schedule},
		{"league", "create a league (S13), add weekly events to it, print its standings and finals", console.LeagueUsage, console.League},
		{"games", "list the games and formats this build supports", "games", console.Games},
		{"bench", "time the Swiss pairing on a simulated event in memory (JSON lines)", "bench swiss --n N [--rounds R] [--seed S]", console.Bench},
		{"version", "print the version, the build date and the commit", "version", runVersion},
		{"help", "show this help", "help", nil},
	}
}

// run dispatches the command line and returns the process exit code: 0 on
// success, 1 when the command failed, 2 for bad arguments.
func run(args []string, stdout, stderr io.Writer) int {
	// A translation file being tried (i18n.FilesEnv) that does not read
	// is named, not silently left out.
	if err := i18n.LoadError(); err != nil {
		fmt.Fprintf(stderr, "tablekeeper: %v; that language is left out\n", err)
	}
	if len(args) == 1 && (args[0] == "--version" || args[0] == "-version") {
		args = []string{"version"}
	}
	if len(args) > 0 && len(args[0]) > 0 && args[0][0] != '-' {
		for _, c := range commands() {
			if c.name != args[0] {
				continue
			}
			if c.run == nil {
				printHelp(stdout)
				return 0
			}
			return exitCode(c.run(args[1:], stdout, stderr), c, stderr)
		}
		fmt.Fprintf(stderr, "tablekeeper: unknown command %q; run 'tablekeeper help' for the list\n", args[0])
		return 2
	}
	return exitCode(runGUI(args, stderr), command{name: "", usage: "[--db PATH] [--demo]"}, stderr)
}

func exitCode(err error, c command, stderr io.Writer) int {
	return cli.Exit(err, c.name, c.usage, stderr)
}

func printHelp(w io.Writer) {
	fmt.Fprint(w, `Tablekeeper runs trading-card-game tournaments at a store.

Usage:
  tablekeeper [--db PATH] [--demo]   start the desktop app
  tablekeeper --version              print the version (as tablekeeper version)
`)
	for _, c := range commands() {
		fmt.Fprintf(w, "  tablekeeper %s\n      %s\n", c.usage, c.summary)
	}
	def, err := store.DefaultPath()
	if err == nil {
		fmt.Fprintf(w, "\nThe app's database is %s unless --db names another file.\n", def)
	}
}
