package serve

import (
	"bytes"

	"tablekeeper/internal/cli"
)

// a4 is the paper the tests' networks print their posters on.
func a4() string { return "A4" }

// runCmd runs the serve or the network command as tablekeeper does (its
// first argument names it) and returns its exit code and what it printed.
func runCmd(args ...string) (code int, stdout, stderr string) {
	var o, e bytes.Buffer
	var err error
	usage := ""
	switch args[0] {
	case "serve":
		err, usage = Run(a4, args[1:], &o, &e), Usage
	case "network":
		err, usage = Network(args[1:], &o, &e), NetworkUsage
	default:
		panic("runCmd runs serve or network, not " + args[0])
	}
	return cli.Exit(err, args[0], usage, &e), o.String(), e.String()
}
