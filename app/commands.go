package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"time"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/core/pairing"
	"tablekeeper/core/pairbench"
	"tablekeeper/core/rules"
	"tablekeeper/core/sim"
	"tablekeeper/core/store"
	"tablekeeper/reports/text"
	"tablekeeper/ui"
)

// Version and Build are Tablekeeper's version: Details.Version and
// Details.Build in FyneApp.toml, which the packaging tool stamps into the
// installers (a test keeps them equal).
const (
	Version = "0.1.0"
	Build   = 1
)

// buildDate is the day the binary was built, when the build sets it
// (go build -ldflags "-X main.buildDate=2026-05-01"); otherwise the date
// of the commit it was built from stands in.
var buildDate string

// currentVersion is what --version prints and the About window shows.
func currentVersion() ui.AboutInfo {
	return ui.AboutInfo{Version: Version, Build: Build, Date: buildDate}.WithBuildInfo(debug.ReadBuildInfo())
}

// runVersion prints the version, the build date and the commit.
func runVersion(args []string, stdout, _ io.Writer) error {
	if len(args) > 0 {
		return usagef("version takes no arguments")
	}
	a := currentVersion()
	fmt.Fprintf(stdout, "Tablekeeper %s\nbuilt: %s\ncommit: %s\n", a.VersionLine(), a.DateLine(), a.CommitLine())
	return nil
}

// runSim plays a simulated event (core/sim) in the database --db names,
// created if missing. One seed drives the director's round seeds, the
// names and the results, so the same seed prints the same lines.
func runSim(args []string, stdout, _ io.Writer) error {
	fs := flag.NewFlagSet("sim", flag.ContinueOnError)
	dbPath := fs.String("db", "", "database file (created if missing)")
	var p sim.Plan
	game, format := rules.DefaultFormat()
	fs.StringVar(&p.Game, "game", game, "game key (see 'tablekeeper games')")
	fs.StringVar(&p.Format, "format", format, "format key (see 'tablekeeper games')")
	fs.IntVar(&p.Players, "players", 0, "number of players")
	fs.IntVar(&p.Rounds, "rounds", 0, "rounds to play (default: the format's, or by player count)")
	fs.BoolVar(&p.OpenRound, "open-round", false, "leave the last round published with no results, the event unfinished")
	seed := fs.Uint64("seed", 1, "random seed")
	if err := parse(fs, args); err != nil {
		return err
	}
	if *dbPath == "" {
		return usagef("--db is required")
	}
	if err := p.Validate(); err != nil {
		return usagef("%s", event.Message(err))
	}
	// Created when missing; a file that is there must be a database: an
	// empty one (a failed copy) is refused rather than filled.
	open := store.OpenExisting
	if _, err := os.Stat(*dbPath); errors.Is(err, os.ErrNotExist) {
		open = store.Open
	}
	st, err := open(*dbPath)
	if err != nil {
		return err
	}
	defer st.Close()
	d := director.New(st, time.Now, sim.Source(*seed))
	_, err = sim.New(d, stdout, *seed).Play(context.Background(), p)
	return err
}

// runBench times an engine on a simulated event held in memory
// (core/pairbench) and prints JSON lines for the side-by-side harness
// of .ci/bench.
func runBench(args []string, stdout, _ io.Writer) error {
	if len(args) == 0 || len(args[0]) > 0 && args[0][0] == '-' {
		return usagef("name the engine to time: swiss")
	}
	if args[0] != "swiss" {
		return usagef("unknown engine %q; the bench times: swiss", args[0])
	}
	fs := flag.NewFlagSet("bench swiss", flag.ContinueOnError)
	n := fs.Int("n", 0, "number of players")
	rounds := fs.Int("rounds", 0, "rounds to pair (default min(10, ceil(log2 N)+1))")
	seed := fs.Uint64("seed", 1, "seed of the pairings and the results")
	if err := parse(fs, args[1:]); err != nil {
		return err
	}
	if err := pairbench.Validate(*n, *rounds, *seed); err != nil {
		return usagef("%s", event.Message(err))
	}
	return pairbench.Swiss(stdout, *n, *rounds, *seed)
}

// runSchedule prints a fixed multiplayer schedule (rule S12) for an
// organizer who wants the whole event's seating before it starts.
func runSchedule(args []string, stdout, _ io.Writer) error {
	fs := flag.NewFlagSet("schedule", flag.ContinueOnError)
	players := fs.Int("players", 0, "number of players")
	table := fs.Int("table", 4, "table size, 3 to 5")
	rounds := fs.Int("rounds", 0, "rounds (default: as many as run without a repeat meeting, at least 3)")
	seed := fs.Uint64("seed", 1, "random seed")
	if err := parse(fs, args); err != nil {
		return err
	}
	if err := pairing.ValidateSchedule(*players, *table, *rounds); err != nil {
		return usagef("%s", event.Message(err))
	}
	sched, err := pairing.SeededSchedule(*players, *table, *rounds, *seed)
	if err != nil {
		return err
	}
	text.Schedule(stdout, *players, *table, sched)
	return nil
}

func runGames(args []string, stdout, _ io.Writer) error {
	if len(args) > 0 {
		return usagef("games takes no arguments")
	}
	text.Games(stdout, rules.Catalogue())
	return nil
}
