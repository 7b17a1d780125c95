package main

import (
	"fmt"
	"io"
	"strings"

	"tablekeeper/core/deck"
	"tablekeeper/core/rules"
)

func runGames(args []string, stdout, _ io.Writer) error {
	if len(args) > 0 {
		return usagef("games takes no arguments")
	}
	for _, g := range rules.Catalogue() {
		fmt.Fprintf(stdout, "%s (--game %s)\n", g.Name, g.Key)
		for _, f := range g.Formats {
			s := f.Defaults
			rounds := "rounds by player count"
			if s.Rounds > 0 {
				rounds = fmt.Sprintf("%d rounds", s.Rounds)
			}
			fmt.Fprintf(stdout, "  --format %-14s %s: %s\n", f.Key, f.Name, f.Summary)
			fmt.Fprintf(stdout, "  %-23s best of %d, %d-minute rounds, %s, points %d/%d/%d, rules %s\n",
				"", s.GamesPerMatch, s.RoundMinutes, rounds, s.Points.Win, s.Points.Draw, s.Points.Loss, strings.Join(f.Rules, " "))
			tables := "two-player matches"
			if s.TableSize > 2 {
				tables = fmt.Sprintf("tables of %d", s.TableSize)
			}
			decks := "decks not checked"
			if s.DeckRules != "" {
				decks = "decks: " + deck.Format(s.DeckRules).Name()
			}
			fmt.Fprintf(stdout, "  %-23s %s, %s, tiebreakers %s, %s\n", "", s.Structure, tables, strings.Join(s.Tiebreakers, " "), decks)
		}
	}
	return nil
}
