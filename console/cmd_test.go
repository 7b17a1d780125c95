package console

import (
	"bytes"
	"io"

	"tablekeeper/internal/cli"
)

// runCmd runs the league, export or import command as tablekeeper does
// (its first argument names it) and returns its exit code and what it
// printed.
func runCmd(args ...string) (code int, stdout, stderr string) {
	var o, e bytes.Buffer
	var run func(args []string, stdout, stderr io.Writer) error
	usage := ""
	switch args[0] {
	case "league":
		run, usage = League, LeagueUsage
	case "export":
		run, usage = Export, ExportUsage()
	case "import":
		run, usage = Import, ImportUsage
	default:
		panic("runCmd runs league, export or import, not " + args[0])
	}
	return cli.Exit(run(args[1:], &o, &e), args[0], usage, &e), o.String(), e.String()
}
