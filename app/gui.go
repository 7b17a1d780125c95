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
	"time"

	"fyne.io/fyne/v2"
	fyneapp "fyne.io/fyne/v2/app"

	"tablekeeper/assets"
	"tablekeeper/core/store"
	"tablekeeper/ui"
	"tablekeeper/ui/startup"
)

// runGUI starts the desktop app on the database given by --db (the user's
// app-data folder by default). --demo opens a sample event in round 3, in a
// scratch database unless --db is given.
func runGUI(args []string, stderr io.Writer) error {
	fs := flag.NewFlagSet("tablekeeper", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	dbPath := fs.String("db", "", "database file")
	demo := fs.Bool("demo", false, "open a sample event of 24 players in round 3")
	if err := fs.Parse(args); err != nil {
		return usagef("%v", err)
	}
	if fs.NArg() > 0 {
		return usagef("unexpected argument %q", fs.Arg(0))
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
	seedPreferences(AppID)
	a := fyneapp.NewWithID(AppID)
	a.SetIcon(fyne.NewStaticResource("icon.png", assets.IconPNG))
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
			d.SetSnapshot(roundSnapshots(st, time.Now))
		}
		about := currentVersion()
		about.Database = st.Path()
		address := &networkAddress{}
		opt := ui.Options{Printer: printer{d: d, db: st.Path(), st: st, network: address}, ReadOnly: readOnly, About: about,
			Network: storeNetwork{d: d, db: st.Path(), logs: stderr, address: address}}
		if *demo {
			id, err := seedDemo(context.Background(), d, 2026)
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
			showProblem(a, missingProblem(path), openMain)
			a.Run()
			return nil
		}
	}
	if err := openMain(); err != nil {
		showProblem(a, startupProblem(path, err), nil)
		a.Run()
		return err
	}
	a.Run()
	return nil
}

// showProblem shows the start-up window for p; create, when given, is what
// its Create button does (a failure replaces the window's text with why).
func showProblem(a fyne.App, p startup.Problem, create func() error) {
	var w fyne.Window
	if create != nil {
		p.Create = func() {
			if err := create(); err != nil {
				w.SetContent(startup.Content(startupProblem("", err), w, a.Quit))
				return
			}
			w.Close()
		}
	}
	w = startup.Show(a, p)
	w.Show()
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

// seedPreferences writes an empty preferences file where the toolkit keeps
// it (<user config dir>/fyne/<app ID>/preferences.json) when there is none
// yet. On a first start the toolkit writes that file while its own watcher
// reads it half-written and prints "Preferences load error: EOF"; with the
// file there, it starts quietly. Failing is harmless: the toolkit creates
// the file as before.
func seedPreferences(appID string) {
	dir, err := os.UserConfigDir()
	if err != nil {
		return
	}
	path := filepath.Join(dir, "fyne", appID, "preferences.json")
	if info, err := os.Stat(path); err == nil && info.Size() > 0 {
		return
	}
	if os.MkdirAll(filepath.Dir(path), 0o700) != nil {
		return
	}
	_ = os.WriteFile(path, []byte("{}\n"), 0o600)
}
