package serve

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"os"
	"os/signal"
	"strings"
	"sync/atomic"
	"syscall"
	"time"

	"tablekeeper/core/director"
	"tablekeeper/core/store"
	"tablekeeper/internal/cli"
	"tablekeeper/internal/cluster"
	"tablekeeper/ui/web"
	"tablekeeper/ui/web/floods"
)

// Usage is the serve command's usage line.
const Usage = "serve --db PATH [--addr HOST:PORT] [--console] [--cluster-addr IP:PORT [--join IP:PORT --join-code CODE]]"

// defaultServeAddr is where serve listens without --addr: every
// interface, so phones on the store's Wi-Fi reach it.
const defaultServeAddr = ":8080"

// Run is the serve command: it runs the store network without a window
// until SIGINT or SIGTERM, the same pages, API and live updates the GUI's
// switch serves. paper says the computer's paper, which the QR poster
// prints on; it is asked once the database is open.
func Run(paper func() string, args []string, stdout, stderr io.Writer) error {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	return serve(ctx, paper, args, os.Stdin, stdout, stderr)
}

// Config is the store network of d, on database st (read-only when st
// is: its pages read, its writes are refused), its logs to logs (what a
// person need not read), its address kept in address (nil: nowhere), its
// wrong codes and PINs counted in a flood watch of its own, its QR poster
// printed on paper.
func Config(d *director.Director, st *store.DB, logs io.Writer, address *web.Address, paper string) web.Config {
	return web.Config{Director: d, Floods: floods.New(d.Network, time.Now), Database: st.Path(), ReadOnly: st.ReadOnly(), Address: address, Paper: paper,
		Logf: func(format string, a ...any) { fmt.Fprintf(logs, format+"\n", a...) }}
}

// serve is Run until ctx ends. Its first line on stdout is
// "serving http://HOST:PORT/", a LAN address when it listens on every
// interface; the other addresses follow, then the judges' PIN and the
// tablet kiosk code (drawn on a fresh database), so a store running it
// headless can read them out. With --console it reads the network
// actions (network.go) from stdin while it serves: opt-in, since a
// server started in the background of a shell would be stopped by the
// terminal the moment it read.
func serve(ctx context.Context, paper func() string, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	dbPath := fs.String("db", "", "database file")
	addr := fs.String("addr", defaultServeAddr, "HOST:PORT to listen on")
	withConsole := fs.Bool("console", false, "read network commands (pins, judges, devices…) from standard input")
	var cf clusterFlags
	cf.define(fs)
	if err := fs.Parse(args); err != nil {
		return cli.Usagef("%v", err)
	}
	switch {
	case fs.NArg() > 0:
		return cli.Usagef("unexpected argument %q", fs.Arg(0))
	case *dbPath == "":
		return cli.Usagef("--db is required")
	}
	if _, _, err := net.SplitHostPort(*addr); err != nil {
		return cli.Usagef("--addr %q is not HOST:PORT (e.g. :8080, 0.0.0.0:8080 or 192.168.1.20:8080)", *addr)
	}
	if err := cf.check(*addr); err != nil {
		return err
	}
	st, err := openServed(*dbPath, *cf.join != "")
	if err != nil {
		return err
	}
	defer st.Close()
	var live atomic.Bool
	d, node, err := directorFor(ctx, st, cf, *addr, &live, stdout, stderr)
	if err != nil {
		return err
	}
	if node != nil {
		defer node.Close()
	}
	var secrets []string
	if !st.ReadOnly() && (node == nil || node.Leader()) {
		// The secrets are drawn before the network answers, so that a
		// Ctrl-C right after the first line never cuts a write short.
		if secrets, err = serveSecrets(ctx, d); err != nil {
			return err
		}
	}
	cfg := Config(d, st, stderr, nil, paper())
	if node != nil {
		cfg.Cluster = node
	}
	r, err := web.Start(cfg, *addr)
	var listen *web.ListenError
	if errors.As(err, &listen) {
		return fmt.Errorf("cannot listen on %s (%v); is another program using the port? Choose another with --addr", *addr, listen.Err)
	} else if err != nil {
		return err
	}
	if node != nil {
		node.SetWeb(r.Handler())
	}
	urls := r.URLs()
	fmt.Fprintf(stdout, "serving %s\n", urls[0])
	if len(urls) > 1 {
		fmt.Fprintf(stdout, "also at %s\n", strings.Join(urls[1:], " "))
	}
	switch {
	case node != nil && !node.Leader():
		printStandby(stdout, node)
	case st.ReadOnly():
		fmt.Fprintf(stdout, "%s cannot be written, so the network serves the read pages only (events, pairings, standings, the projector) and refuses every result, sign-in and other change; to take them, copy the file somewhere you can write and serve the copy\n", st.Path())
	default:
		printSecrets(stdout, urls[0], secrets[0], secrets[1])
		fmt.Fprintf(stdout, "scorekeeper code: %s (a scorekeeper station opens %sscorekeeper and types it with its operator's name)\n", director.FormatSecret(secrets[2]), urls[0])
		if node != nil {
			fmt.Fprintf(stdout, "join code: %s (a standby laptop joins with --join %s --join-code and this code)\n", cluster.FormatJoinCode(node.JoinCode()), node.Addr())
		}
	}
	live.Store(true)
	if *withConsole {
		go console(ctx, d, r, clusterActions(node), stdin, stdout)
	}
	return r.Run(ctx)
}

// openServed opens the database serve serves: as its one writer, as the
// window does (one process writes the database, every other station
// joins through this network), or read-only when the file cannot be
// written, as the window opens such a file. A laptop that joins a
// cluster (create) may start on a new file: the event comes to it.
func openServed(path string, create bool) (*store.DB, error) {
	_, err := os.Stat(path)
	switch {
	case err == nil && !store.Writable(path):
		return store.OpenReadOnly(path)
	case create && errors.Is(err, os.ErrNotExist):
		return store.Open(path)
	}
	return store.OpenExisting(path)
}

// serveSecrets returns the judges' PIN, the tablet kiosk code and the
// scorekeeper code, drawing them on a fresh database.
func serveSecrets(ctx context.Context, d *director.Director) ([]string, error) {
	pin, code, err := drawSecrets(ctx, d)
	if err != nil {
		return nil, err
	}
	score, err := d.Stations.ScorekeeperCode(ctx)
	if err != nil {
		return nil, err
	}
	return []string{pin, code, score}, nil
}

// drawSecrets returns the judges' PIN and the tablet kiosk code, drawing
// them on a fresh database.
func drawSecrets(ctx context.Context, d *director.Director) (pin, code string, err error) {
	if pin, err = d.Phones.JudgePIN(ctx); err != nil {
		return "", "", err
	}
	if code, err = d.Phones.KioskCode(ctx); err != nil {
		return "", "", err
	}
	return pin, code, nil
}

// printSecrets prints the judges' PIN and the tablet kiosk code with
// where each is typed.
func printSecrets(w io.Writer, url, pin, code string) {
	fmt.Fprintf(w, "judges' PIN: %s (judges open %sjudge)\n", director.FormatSecret(pin), url)
	fmt.Fprintf(w, "kiosk code: %s (a tablet opens an event's page, adds /kiosk, and unlocks with it)\n", director.FormatSecret(code))
}
