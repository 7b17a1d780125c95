package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	iofs "io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	fyneapp "fyne.io/fyne/v2/app"

	"tablekeeper/assets"
	"tablekeeper/core/event"
	"tablekeeper/core/sim"
	"tablekeeper/core/store"
	"tablekeeper/reports/printing"
	"tablekeeper/ui"
	"tablekeeper/ui/startup"
)

// runGUI starts the desktop app on the database given by --db (the user's
// app-data folder by default). --demo opens a sample event in round 3, in a
// scratch database unless --db is given.
func runGUI(args []string, stderr io.Writer) error {
	fs := flag.NewFlagSet("tablekeeper", flag.ContinueOnError)
	dbPath := fs.String("db", "", "database file")
	demo := fs.Bool("demo", false, "open a sample event of 24 players in round 3")
	if err := parse(fs, args); err != nil {
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
	ui.SeedPreferences(AppID)
	a := fyneapp.NewWithID(AppID)
	a.SetIcon(fyne.NewStaticResource("icon.png", assets.IconPNG))
	screenLang := ui.SetupLanguage(a)
	var opened *store.DB
	defer func() {
		if opened != nil {
			opened.Close()
		}
	}()
	openMain := func() error {
		st, readOnly, err := openForGUI(path)
		if err != nil {
			return err
		}
		opened = st
		d := newDirector(st)
		if readOnly == "" {
			d.SetSnapshot(st.RoundSnapshots(time.Now))
		}
		about := currentVersion()
		about.Database = st.Path()
		address := &networkAddress{}
		opt := ui.Options{Printer: printer{Printer: printing.Printer{D: d, DB: st.Path(), Store: st, Lang: screenLang}, network: address},
			ReadOnly: readOnly, About: about, Network: storeNetwork{d: d, db: st.Path(), logs: stderr, address: address}}
		if *demo {
			id, err := sim.Demo(context.Background(), d, 2026)
			if err != nil {
				return fmt.Errorf("demo event: %w", err)
			}
			opt.OpenEvent = id
			fmt.Fprintf(stderr, "tablekeeper: demo event in %s\n", path)
		}
		w := ui.Create(a, d, opt)
		w.Show()
		ui.RestorePosition(a, w)
		return nil
	}
	if *dbPath != "" && !*demo {
		if _, err := os.Stat(path); errors.Is(err, iofs.ErrNotExist) {
			// A mistyped --db must not quietly make folders and a new
			// database: ask.
			startup.Offer(a, startup.Missing(path), openMain)
			a.Run()
			return nil
		}
	}
	if err := openMain(); err != nil {
		startup.Offer(a, startup.ForError(path, err), nil)
		a.Run()
		return err
	}
	a.Run()
	return nil
}

// openForGUI opens the app's database: as its one writer, or, when the
// file cannot be written (a read-only file, a backup on a locked medium),
// read-only, with the sentence the window's banner shows.
func openForGUI(path string) (st *store.DB, readOnly string, err error) {
	if store.Writable(path) {
		st, err = store.Open(path)
		return st, "", err
	}
	if st, err = store.OpenReadOnly(path); err != nil {
		return nil, "", err
	}
	return st, fmt.Sprintf("%s cannot be written, so you can look and print but not change anything. To make changes, copy the file somewhere you can write and open the copy.", path), nil
}

// printer is the Print menu's printer: reports/printing's, with its list
// of reports in the window's terms, and while the Store network switch is
// on, the network's address and the QR code of the event's page on the
// slips and the pairings sheet.
type printer struct {
	printing.Printer
	network *networkAddress
}

// Write writes a report (see printing.Printer.Write).
func (p printer) Write(ctx context.Context, key string, id event.EventID, round int, paper string, w io.Writer) (string, error) {
	return p.reports(id).Write(ctx, key, id, round, paper, w)
}

// WriteFile writes a report or file to path (see printing.Printer.WriteFile).
func (p printer) WriteFile(ctx context.Context, key string, id event.EventID, round int, paper, path string) (string, error) {
	return p.reports(id).WriteFile(ctx, key, id, round, paper, path)
}

// reports is the report builder for event id, with the network's address
// while it is on.
func (p printer) reports(id event.EventID) printing.Printer {
	out := p.Printer
	if base := p.network.get(); base != "" {
		out.Address = base
		out.QR = strings.TrimSuffix(base, "/") + "/events/" + strconv.FormatInt(int64(id), 10)
	}
	return out
}

// Reports lists the reports for the Print menu.
func (p printer) Reports() []ui.Report {
	var out []ui.Report
	for _, k := range printing.Kinds() {
		out = append(out, ui.Report(k))
	}
	return out
}
