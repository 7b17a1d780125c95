package main

import (
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"

	"tablekeeper/core/pairing"
)

// runSchedule prints a fixed multiplayer schedule (rule S12): every
// round's tables for n players at tables of k, with the fewest repeat
// meetings, for an organizer who wants the whole event's seating before it
// starts. Players are letters, as in the Shadowfist appendix, up to 26;
// numbers beyond.
func runSchedule(args []string, stdout, _ io.Writer) error {
	fs := flag.NewFlagSet("schedule", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	players := fs.Int("players", 0, "number of players")
	table := fs.Int("table", 4, "table size, 3 to 5")
	rounds := fs.Int("rounds", 0, "rounds (default: as many as run without a repeat meeting, at least 3)")
	seed := fs.Uint64("seed", 1, "random seed")
	if err := fs.Parse(args); err != nil {
		return usagef("%v", err)
	}
	switch {
	case fs.NArg() > 0:
		return usagef("unexpected argument %q", fs.Arg(0))
	case *players < 3 || *players > 1000:
		return usagef("--players must be between 3 and 1000")
	case *table < pairing.ScheduleMinTable || *table > pairing.ScheduleMaxTable:
		return usagef("--table must be %d to %d", pairing.ScheduleMinTable, pairing.ScheduleMaxTable)
	case *rounds < 0 || *rounds > 64:
		return usagef("--rounds must be between 1 and 64")
	}
	n, k := *players, *table
	r := *rounds
	if r == 0 {
		best, err := pairing.MaxRoundsWithoutRepeat(n, k, rand.New(rand.NewPCG(*seed, 0)))
		if err != nil {
			return err
		}
		r = max(best, 3)
	}
	sched, err := pairing.Schedule(n, k, r, rand.New(rand.NewPCG(*seed, 0)))
	if err != nil {
		return err
	}
	name := func(p int) string {
		if n <= 26 {
			return string(rune('A' + p))
		}
		return fmt.Sprint(p + 1)
	}
	fmt.Fprintf(stdout, "%d players at tables of %d, %d rounds\n", n, k, r)
	for i, round := range sched {
		var tables []string
		for _, t := range round {
			var seats []string
			for _, p := range t {
				seats = append(seats, name(p))
			}
			tables = append(tables, strings.Join(seats, " "))
		}
		fmt.Fprintf(stdout, "round %2d: %s\n", i+1, strings.Join(tables, " | "))
	}
	q := pairing.MeasureSchedule(n, sched)
	fmt.Fprintf(stdout, "no pair meets twice in the first %d rounds (at most %d possible); %d repeat meetings in all, no pair more than %s\n",
		q.RoundsWithoutRepeat, pairing.ScheduleBound(n, k), q.RepeatMeetings, times(q.MostMeetings))
	return nil
}

func times(n int) string {
	switch n {
	case 1:
		return "once"
	case 2:
		return "twice"
	}
	return fmt.Sprintf("%d times", n)
}
