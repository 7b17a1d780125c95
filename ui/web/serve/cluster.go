package serve

import (
	"context"
	"flag"
	"fmt"
	"io"
	"net"
	"sync/atomic"
	"time"

	"tablekeeper/core/director"
	"tablekeeper/core/storage"
	"tablekeeper/core/store"
	"tablekeeper/internal/cli"
	"tablekeeper/internal/cluster"
	"tablekeeper/ui/web"
)

// clusterFlags are serve's flags for running an event on two or three
// laptops (docs/cluster.md).
type clusterFlags struct {
	addr, join, code *string
}

func (c *clusterFlags) define(fs *flag.FlagSet) {
	c.addr = fs.String("cluster-addr", "", "IP:PORT the other laptops of the event reach this one at")
	c.join = fs.String("join", "", "IP:PORT of a laptop of the event to join (its --cluster-addr)")
	c.code = fs.String("join-code", "", "the event's join code (the host prints it as \"join code:\")")
}

// check refuses flags that do not go together; addr is serve's --addr.
func (c *clusterFlags) check(addr string) error {
	switch {
	case *c.addr == "" && (*c.join != "" || *c.code != ""):
		return cli.Usagef("--join and --join-code go with --cluster-addr (this laptop's own IP:PORT for the other laptops)")
	case *c.join != "" && *c.code == "":
		return cli.Usagef("--join needs --join-code: the host prints it as \"join code:\"")
	case *c.addr == "":
		return nil
	}
	host, _, err := net.SplitHostPort(*c.addr)
	if err != nil {
		return cli.Usagef("--cluster-addr %q is not IP:PORT (e.g. 192.168.1.20:8081)", *c.addr)
	}
	if ip := net.ParseIP(host); ip == nil || ip.IsUnspecified() {
		return cli.Usagef("--cluster-addr %q needs this laptop's own IP address (such as 192.168.1.20:8081), which the other laptops dial", *c.addr)
	}
	if _, port, _ := net.SplitHostPort(addr); port == "0" {
		return cli.Usagef("--addr needs a port of its own with --cluster-addr (such as :8080): the other laptops give it to phones")
	}
	if *c.join != "" {
		if _, _, err := net.SplitHostPort(*c.join); err != nil {
			return cli.Usagef("--join %q is not IP:PORT: give the --cluster-addr of a laptop of the event", *c.join)
		}
	}
	return nil
}

// directorFor builds serve's director: over the database alone, or,
// with --cluster-addr, over this laptop's part of a cluster (whose log
// tells the director of every write, the leader's own too).
//
// Once live is set (serve has printed its first lines), a change of host
// is said on out.
func directorFor(ctx context.Context, st *store.DB, cf clusterFlags, addr string, live *atomic.Bool, out, logs io.Writer) (*director.Director, *cluster.Node, error) {
	if *cf.addr == "" {
		return cli.NewDirector(st), nil, nil
	}
	if st.ReadOnly() {
		return nil, nil, fmt.Errorf("%s cannot be written, and a laptop of a cluster writes every change of the event: copy it somewhere you can write", st.Path())
	}
	var dp atomic.Pointer[director.Director]
	node, err := cluster.Open(ctx, cluster.Config{
		DB: st, Addr: *cf.addr, BaseURL: baseURL(addr, *cf.addr), Join: *cf.join, JoinCode: *cf.code,
		Applied: func(u storage.Unit) {
			if d := dp.Load(); d != nil {
				d.Applied(u)
			}
		},
		Restored: func() {
			if d := dp.Load(); d != nil {
				_ = d.Replaced(context.Background())
			}
		},
		Logf: func(format string, a ...any) { fmt.Fprintf(logs, format+"\n", a...) },
		Leading: func(leads bool) {
			if live.Load() {
				printLeading(out, leads)
			}
		},
		Split: func(sp cluster.Split) { printSplit(out, sp) },
	})
	if err != nil {
		return nil, nil, err
	}
	d := cli.NewDirectorOn(node.Store())
	dp.Store(d)
	if err := node.WaitLeader(ctx, 15*time.Second); err != nil {
		_ = node.Close()
		return nil, nil, err
	}
	return d, node, nil
}

// baseURL is the store network address this laptop gives the others: the
// --addr's IP when it names one, else the --cluster-addr's, with the
// --addr's port.
func baseURL(addr, clusterAddr string) string {
	host, port, _ := net.SplitHostPort(addr)
	if ip := net.ParseIP(host); ip == nil || ip.IsUnspecified() {
		host, _, _ = net.SplitHostPort(clusterAddr)
	}
	return "http://" + net.JoinHostPort(host, port) + "/"
}

// printLeading says, once serve is running, that this laptop became the
// host or stopped being it (a line on stdout, for a store running it
// headless).
func printLeading(w io.Writer, leads bool) {
	if leads {
		fmt.Fprintln(w, "this laptop is the host now: it takes the results and every other change")
		return
	}
	fmt.Fprintln(w, "this laptop is no longer the host: it is a standby until the laptops choose one")
}

// printSplit says that another laptop hosts the event on its own.
func printSplit(w io.Writer, sp cluster.Split) {
	fmt.Fprintf(w, "two hosts: the laptop at %s carried on alone too, and each holds results the other does not (nothing is merged); keep one, stop the other, enter its results on the one kept, and start it again on a new database to join as a standby\n", sp.Addr)
}

// printStandby says whose standby this laptop is.
func printStandby(w io.Writer, node *cluster.Node) {
	st := node.Status()
	leader := st.Leader
	if leader == "" {
		leader = "the host"
	}
	fmt.Fprintf(w, "standby of %s: this laptop holds the event and serves its pages; results and other changes are made on the host, and it takes over if the host is lost\n", leader)
}

var _ web.Cluster = (*cluster.Node)(nil)

// consoleActions are the console's actions beyond the network's: a
// laptop of a cluster's (cluster, takeover), by their first word.
type consoleActions map[string]func(ctx context.Context, args []string, w io.Writer) error

// clusterHelp lists the cluster's console actions.
const clusterHelp = `cluster                        (serve --cluster-addr only)
    print the laptops of the event: the host, each standby, in step or how far behind
join-code [--renew]            (serve --cluster-addr only)
    print the join code a standby laptop joins with; --renew draws a new
    one on the host (the laptops keep their places; a laptop away for
    more than a minute is started again with --join-code and the new one)
takeover                       (serve --cluster-addr only)
    make this laptop the host alone, when the host has been silent for 5 s
    and this laptop cannot reach a majority (two laptops, one lost); the
    other laptop, when it comes back, rejoins as a standby
`

// clusterActions are the console's actions of a laptop of a cluster
// (none without one).
func clusterActions(node *cluster.Node) consoleActions {
	if node == nil {
		return nil
	}
	return consoleActions{
		"cluster": func(_ context.Context, args []string, w io.Writer) error {
			if len(args) > 0 {
				return cli.Usagef("cluster takes no arguments")
			}
			printCluster(w, node.Status())
			return nil
		},
		"join-code": func(ctx context.Context, args []string, w io.Writer) error {
			switch {
			case len(args) == 0:
				fmt.Fprintf(w, "join code: %s\n", cluster.FormatJoinCode(node.JoinCode()))
				return nil
			case len(args) > 1 || args[0] != "--renew":
				return cli.Usagef("join-code takes only --renew")
			}
			code, err := node.RenewJoinCode(ctx)
			if err != nil {
				return err
			}
			fmt.Fprintf(w, "join code: %s (the old one is refused a minute from now, once every laptop has this one)\n", cluster.FormatJoinCode(code))
			return nil
		},
		"takeover": func(ctx context.Context, args []string, w io.Writer) error {
			if len(args) > 0 {
				return cli.Usagef("takeover takes no arguments")
			}
			if err := node.Takeover(ctx); err != nil {
				return err
			}
			fmt.Fprintf(w, "this laptop is the host now, alone; the other laptop rejoins as its standby when it comes back (join code: %s)\n", cluster.FormatJoinCode(node.JoinCode()))
			return nil
		},
	}
}

// printCluster prints a cluster's laptops, one a line.
func printCluster(w io.Writer, st cluster.Status) {
	if st.Split != nil {
		printSplit(w, *st.Split)
	}
	if st.Leader == "" {
		fmt.Fprintln(w, "no host now: the laptops are choosing one (or, with two laptops, the other is lost: type takeover to carry on here)")
	}
	for _, m := range st.Members {
		state := "in step"
		switch {
		case m.Role == "leader":
			state = "host"
		case !m.InStep && m.BehindMs > 0:
			state = fmt.Sprintf("%.1f s behind", float64(m.BehindMs)/1000)
		case !m.InStep:
			state = "not heard from"
		}
		self := ""
		if m.URL == st.Self {
			self = " (this laptop)"
		}
		fmt.Fprintf(w, "%-8s %s%s: %s\n", m.Role, m.URL, self, state)
	}
}
