package console

import (
	"context"
	"errors"
	"flag"
	"io"
	"os"
	"time"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/core/pairbench"
	"tablekeeper/core/pairing"
	"tablekeeper/core/rules"
	"tablekeeper/core/sim"
	"tablekeeper/core/store"
	"tablekeeper/internal/cli"
	"tablekeeper/reports/text"
)

// Sim plays a simulated event (core/sim) in the database --db names,
// created if missing. One seed drives the director's round seeds, the
// names and the results, so the same seed prints the same lines.
func Sim(args []string, stdout, _ io.Writer) error {
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
	if err := cli.Parse(fs, args); err != nil {
		return err
	}
	if *dbPath == "" {
		return cli.Usagef("--db is required")
	}
	if err := p.Validate(); err != nil {
		return cli.Usagef("%s", event.Message(err))
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

// Bench times an engine on a simulated event held in memory
// (core/pairbench) and prints JSON lines for the side-by-side harness
// of .ci/bench.
func Bench(args []string, stdout, _ io.Writer) error {
	if len(args) == 0 || len(args[0]) > 0 && args[0][0] == '-' {
		return cli.Usagef("name the engine to time: swiss")
	}
	if args[0] != "swiss" {
		return cli.Usagef("unknown engine %q; the bench times: swiss", args[0])
	}
	fs := flag.NewFlagSet("bench swiss", flag.ContinueOnError)
	n := fs.Int("n", 0, "number of players")
	rounds := fs.Int("rounds", 0, "rounds to pair (default min(10, ceil(log2 N)+1))")
	seed := fs.Uint64("seed", 1, "seed of the pairings and the results")
	if err := cli.Parse(fs, args[1:]); err != nil {
		return err
	}
	if err := pairbench.Validate(*n, *rounds, *seed); err != nil {
		return cli.Usagef("%s", event.Message(err))
	}
	return pairbench.Swiss(stdout, *n, *rounds, *seed)
}

// Schedule prints a fixed multiplayer schedule (rule S12) for an
// organizer who wants the whole event's seating before it starts.
func Schedule(args []string, stdout, _ io.Writer) error {
	fs := flag.NewFlagSet("schedule", flag.ContinueOnError)
	players := fs.Int("players", 0, "number of players")
	table := fs.Int("table", 4, "table size, 3 to 5")
	rounds := fs.Int("rounds", 0, "rounds (default: as many as run without a repeat meeting, at least 3)")
	seed := fs.Uint64("seed", 1, "random seed")
	if err := cli.Parse(fs, args); err != nil {
		return err
	}
	if err := pairing.ValidateSchedule(*players, *table, *rounds); err != nil {
		return cli.Usagef("%s", event.Message(err))
	}
	sched, err := pairing.SeededSchedule(*players, *table, *rounds, *seed)
	if err != nil {
		return err
	}
	text.Schedule(stdout, *players, *table, sched)
	return nil
}

// Games lists the games and formats this build supports.
func Games(args []string, stdout, _ io.Writer) error {
	if len(args) > 0 {
		return cli.Usagef("games takes no arguments")
	}
	text.Games(stdout, rules.Catalogue())
	return nil
}
