package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"time"

	"fyne.io/fyne/v2"
	fyneapp "fyne.io/fyne/v2/app"
	"fyne.io/fyne/v2/lang"

	"tablekeeper/assets"
	"tablekeeper/core/director"
	"tablekeeper/core/sim"
	"tablekeeper/core/store"
	"tablekeeper/internal/cli"
	"tablekeeper/internal/cluster"
	"tablekeeper/reports"
	"tablekeeper/reports/printing"
	"tablekeeper/ui"
	"tablekeeper/ui/startup"
	"tablekeeper/ui/web"
	"tablekeeper/ui/web/floods"
	"tablekeeper/ui/web/serve"
)

// runGUI starts the desktop app on the database given by --db (the user's
// app-data folder by default). --demo opens a sample event in round 3, in a
// scratch database unless --db is given.
func runGUI(args []string, stderr io.Writer) error {
	fs := flag.NewFlagSet("tablekeeper", flag.ContinueOnError)
	dbPath := fs.String("db", "", "database file")
	demo := fs.Bool("demo", false, "open a sample event of 24 players in round 3")
	if err := cli.Parse(fs, args); err != nil {
		return err
	}
	path := *dbPath
	switch {
	case path == "" && *demo:
		dir, err := os.MkdirTemp("", "tablekeeper-demo-")
		if err != nil {
			return err
		}
		defer os.RemoveAll(dir)
		path = filepath.Join(dir, "demo.db")
	case path == "":
		def, err := store.DefaultPath()
		if err != nil {
			return fmt.Errorf("cannot find the app-data folder (%v); start with --db PATH", err)
		}
		path = def
	}
	if err := checkDisplay(runtime.GOOS, os.Getenv); err != nil {
		return err
	}
	ui.SeedPreferences(AppID)
	a := fyneapp.NewWithID(AppID)
	a.SetIcon(fyne.NewStaticResource("icon.png", assets.IconPNG))
	screenLang := ui.SetupLanguage(a)
	var opened *store.DB
	var laptops *cluster.Window
	defer func() {
		if opened == nil {
			return
		}
		_ = laptops.Close()
		// The window is gone by now: a database that does not close
		// cleanly is said on stderr, where the app's other failures go.
		if err := opened.Close(); err != nil {
			fmt.Fprintf(stderr, "tablekeeper: closing %s: %v\n", path, err)
		}
	}()
	openMain := func() error {
		st, readOnly, err := startup.Open(path, func(p string) bool { return cluster.WindowSaved(p) != "" })
		if err != nil {
			return err
		}
		opened = st
		laptops = cluster.NewWindow(st, func(format string, a ...any) { fmt.Fprintf(stderr, format+"\n", a...) })
		d := cli.NewDirectorOn(laptops.Store())
		laptops.Tell(d.Applied, func() { _ = d.Replaced(context.Background()) })
		if readOnly == "" {
			d.SetSnapshot(st.RoundSnapshots(time.Now))
		}
		about := currentVersion()
		about.Database = st.Path()
		address := &web.Address{}
		cfg := networkConfig(d, st, stderr, address)
		if readOnly == "" {
			cfg.Cluster = laptops
		}
		opt := ui.Options{Printer: printer{printing.Printer{D: printing.ServicesOf(d), DB: st.Path(), Store: st, Network: address.Get, Lang: screenLang}},
			ReadOnly: readOnly, About: about, Network: storeNetwork{cfg: cfg, laptops: laptops}}
		if readOnly == "" {
			opt.Standbys = standbys{laptops}
		}
		if *demo {
			id, err := sim.Demo(context.Background(), d, 2026)
			if err != nil {
				return fmt.Errorf("demo event: %w", err)
			}
			opt.OpenEvent = id
			fmt.Fprintf(stderr, "tablekeeper: demo event in %s\n", path)
		}
		w := ui.Create(a, ui.ServicesOf(d), opt)
		w.Show()
		ui.RestorePosition(a, w)
		return nil
	}
	return startup.Run(a, path, *dbPath != "" && !*demo, openMain)
}

// printer is the Print menu's printer: reports/printing's, with its list
// of reports in the window's terms.
type printer struct{ printing.Printer }

// Reports lists the reports for the Print menu.
func (p printer) Reports() []ui.Report {
	var out []ui.Report
	for _, k := range printing.Kinds() {
		out = append(out, ui.Report(k))
	}
	return out
}

// storeNetwork is the window's Store network switch: ui/web's server in
// this process, on the window's director, so change notifications reach
// the phones and what the phones do reaches the window; it also answers
// the writes the other laptops of a cluster forward here (laptops'
// SetWeb).
type storeNetwork struct {
	cfg     web.Config
	laptops *cluster.Window
}

// Start listens on addr and serves the store network until Stop.
func (n storeNetwork) Start(addr string) (ui.NetworkServer, error) {
	r, err := web.Start(n.cfg, addr)
	if err != nil {
		return nil, err
	}
	n.laptops.SetWeb(r.Handler())
	return r, nil
}

// Alert is the alert of guesses of the network's flood watch, which the
// server counts in while it runs.
func (n storeNetwork) Alert(ctx context.Context) (floods.Alert, error) {
	return n.cfg.Floods.Alert(ctx)
}

// systemPaper is the computer's paper, which the QR poster prints on:
// the locale's of LC_ALL, LC_PAPER or LANG where one is set (Unix), else
// the system's own locale's (Windows and macOS set none of them, and a
// store in the US or Canada wants Letter there too), as the Print menu
// chooses before the organizer picks a paper.
func systemPaper(getenv func(string) string, system func() string) string {
	if l := reports.PaperLocale(getenv); l != "" {
		return reports.PaperForLocale(l)
	}
	return reports.PaperForLocale(system())
}

// systemLocale is the system's locale as Fyne reads it (Windows' user
// locale, macOS' preferences), "en-US" or "fr-CA".
func systemLocale() string { return string(lang.SystemLocale()) }

// networkConfig is the store network of d (serve.Config), its QR poster
// printed on the computer's paper.
func networkConfig(d *director.Director, st *store.DB, logs io.Writer, address *web.Address) web.Config {
	return serve.Config(d, st, logs, address, systemPaper(os.Getenv, systemLocale))
}

// runServe is the serve command (ui/web/serve) on the computer's paper.
func runServe(args []string, stdout, stderr io.Writer) error {
	return serve.Run(func() string { return systemPaper(os.Getenv, systemLocale) }, args, stdout, stderr)
}
