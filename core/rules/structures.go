package rules

import (
	"strings"

	"tablekeeper/core/event"
	"tablekeeper/core/i18n"
	"tablekeeper/core/pairing"
)

// This file says what a structure is to the organizer: its name, which of
// its settings the event form offers and with which choices, and how it
// plays in one line. The desk's forms and the pages render what is said
// here: a front-end never compares a structure itself (the lint test in
// core/frontends_test.go holds that).

// structureNames are the i18n keys of the structures' names.
var structureNames = map[event.Structure]string{
	event.StructureSwiss:             i18n.K("Swiss"),
	event.StructureSingleElimination: i18n.K("Single elimination"),
	event.StructureDoubleElimination: i18n.K("Double elimination"),
	event.StructureRoundRobin:        i18n.K("Round robin"),
	event.StructureKeyForge:          i18n.K("KeyForge elimination"),
	event.StructureArmageddon:        i18n.K("Armageddon elimination"),
	event.StructureSchedule:          i18n.K("Fixed schedule"),
	event.StructureChallenges:        i18n.K("Open challenges"),
	event.StructureDoubleFinal:       i18n.K("Double elimination + final"),
}

// StructureName names a structure as an organizer says it: "Swiss",
// "Single elimination", "KeyForge elimination".
func StructureName(s event.Structure) i18n.Text {
	if key, ok := structureNames[s]; ok {
		return i18n.F(key)
	}
	// An unknown structure is its own name, in every language.
	name := string(s)
	if name != "" {
		name = strings.ToUpper(name[:1]) + name[1:]
	}
	return i18n.Text{Format: strings.ReplaceAll(name, "%", "%%")}
}

// StructureOfText names the structure of settings s with the option that
// changes its shape: "Double round robin", "Swiss with a top 8".
func StructureOfText(s event.Settings) i18n.Text {
	switch {
	case s.Structure == event.StructureSwiss && s.Playoff.TopCut > 0:
		return i18n.F("Swiss with a top %d", s.Playoff.TopCut)
	case s.Structure == event.StructureRoundRobin && s.Double:
		return i18n.F("Double round robin")
	case s.Structure == event.StructureArmageddon && s.Double:
		return i18n.F("Armageddon double elimination")
	}
	return StructureName(s.Structure)
}

// OpenChallenges reports whether an event of settings s records its games
// one by one as they are played (open challenges) instead of pairing
// rounds: each game is a round of its own.
func OpenChallenges(s event.Settings) bool { return s.Structure == event.StructureChallenges }

// SwissRounds reports whether s plays Swiss rounds, numbered against a
// planned count ("Round 2 of 4") and followed by any top cut.
func SwissRounds(s event.Settings) bool { return s.Structure == event.StructureSwiss }

// SetsRoundCount reports whether the organizer sets the number of rounds
// of s (Swiss, a fixed schedule); the other structures end when their
// bracket or their schedule does.
func SetsRoundCount(s event.Settings) bool {
	return s.Structure == event.StructureSwiss || s.Structure == event.StructureSchedule
}

// StructureOptions are the settings of a structure the event form offers,
// and their choices. A false field is a row the form hides.
type StructureOptions struct {
	// TopCut: Swiss of two-player tables may cut to a single-elimination
	// top; TopCuts are the sizes offered, 0 for none.
	TopCut  bool
	TopCuts []int
	// Playoff: the playoff's match length and round time (a top cut
	// chosen, KeyForge's playoff); PlayoffBestOf are the lengths offered,
	// 0 for the rounds' own.
	Playoff       bool
	PlayoffBestOf []int
	// ThirdPlace: a match for third place (a top cut, an elimination).
	ThirdPlace bool
	// Double is the structure's "double" (a grand-final reset, a double
	// round robin, a double-elimination Armageddon): its row's label and
	// its check's text, zero when the structure has none.
	DoubleLabel, DoubleText i18n.Text
	// LateEntries: a late entry may take a loss for each round missed.
	LateEntries bool
	// FinalTable: multiplayer Swiss and double elimination + final end at
	// a final table; FinalTables are the sizes offered, 0 for none.
	FinalTable  bool
	FinalTables []int
	// Secondary: a secondary table for the next players (a final table
	// chosen).
	Secondary bool
}

// StructureOptionsFor returns the options the event form offers for
// settings s, the top cut and final table as chosen so far.
func StructureOptionsFor(s event.Settings) StructureOptions {
	st := s.Structure
	multi := s.TableSize > 2
	// A top cut is a bracket of matches: not for events whose every table
	// is scored as a game (MultiplayerResult: multiplayer tables, Who's
	// the Big Man Now?).
	matches := st == event.StructureSwiss && !MultiplayerResult(s, s.TableSize)
	cut := matches && s.Playoff.TopCut > 0
	finalOf := st == event.StructureSwiss && multi || st == event.StructureDoubleFinal
	o := StructureOptions{
		TopCut:        matches,
		TopCuts:       []int{0, 4, 8, 16, 32},
		Playoff:       cut || st == event.StructureKeyForge,
		PlayoffBestOf: []int{0, 1, 3, 5},
		ThirdPlace:    cut || st == event.StructureSingleElimination || st == event.StructureDoubleElimination,
		LateEntries:   st == event.StructureSwiss,
		FinalTable:    finalOf,
		FinalTables:   []int{0, 3, 4, 5},
		Secondary:     finalOf && s.FinalTable.Size > 0,
	}
	switch st {
	case event.StructureDoubleElimination:
		o.DoubleLabel, o.DoubleText = i18n.F("Grand final"), i18n.F("Reset: a second final if the winners' finalist loses")
	case event.StructureRoundRobin:
		o.DoubleLabel, o.DoubleText = i18n.F("Schedule"), i18n.F("Double round robin (everyone meets twice)")
	case event.StructureArmageddon:
		o.DoubleLabel, o.DoubleText = i18n.F("Elimination"), i18n.F("Double elimination (out at two losses)")
	}
	return o
}

// DescribeStructure says how the structure of s plays, in the parts of a
// one-line summary: "Best of 3", "50-minute rounds", "recommended number
// of rounds", "then a top 8", "3/1/0 points for a win/draw/loss"; for
// KeyForge "Single games in 45-minute rounds, out at two losses", "then a
// playoff of 8 (best of 3, 120-minute rounds)".
func DescribeStructure(s event.Settings) []i18n.Text {
	points := i18n.F("%d/%d/%d points for a win/draw/loss", s.Points.Win, s.Points.Draw, s.Points.Loss)
	switch s.Structure {
	case event.StructureSwiss:
		rounds := i18n.F("recommended number of rounds")
		if s.Rounds > 0 {
			rounds = i18n.FN("%d rounds", s.Rounds, s.Rounds)
		}
		parts := []i18n.Text{bestOf(s.GamesPerMatch), minuteRounds(s.RoundMinutes), rounds}
		if s.Playoff.TopCut > 0 {
			parts = append(parts, i18n.Text{Format: "%s%s", Args: []any{i18n.F("then a top %d", s.Playoff.TopCut), playoffText(s)}})
		}
		return append(parts, points)
	case event.StructureKeyForge:
		return []i18n.Text{i18n.F("Single games in %d-minute rounds, out at two losses", s.RoundMinutes),
			i18n.Text{Format: "%s%s", Args: []any{i18n.F("then a playoff of %d", pairing.KeyForgePlayoffSize), playoffText(s)}}}
	case event.StructureDoubleFinal:
		return []i18n.Text{i18n.F("%s in %d-minute rounds, out at two losses", bestOf(s.GamesPerMatch), s.RoundMinutes),
			i18n.F("then a final table of %d", s.FinalTable.Size)}
	case event.StructureChallenges:
		return []i18n.Text{i18n.F("Open challenges: untimed games of 2 to 5 players, recorded as they are played"),
			i18n.FN("%d points for a game won", s.Points.Win, s.Points.Win)}
	case event.StructureRoundRobin:
		return []i18n.Text{StructureOfText(s), bestOf(s.GamesPerMatch), minuteRounds(s.RoundMinutes), points}
	}
	parts := []i18n.Text{StructureOfText(s), bestOf(s.GamesPerMatch), minuteRounds(s.RoundMinutes)}
	if s.Playoff.ThirdPlace {
		parts = append(parts, i18n.F("third-place match"))
	}
	return parts
}

// playoffText is " (best of 3, 120-minute rounds)" for a playoff that
// differs from the rounds, or nothing.
func playoffText(s event.Settings) i18n.Text {
	var p []any
	if s.Playoff.BestOf > 0 && s.Playoff.BestOf != s.GamesPerMatch {
		p = append(p, i18n.F("best of %d", s.Playoff.BestOf))
	}
	if s.Playoff.Minutes > 0 && s.Playoff.Minutes != s.RoundMinutes {
		p = append(p, minuteRounds(s.Playoff.Minutes))
	}
	if len(p) == 0 {
		return i18n.Text{Format: ""}
	}
	return i18n.F(" (%s)", joinWith(p, ", "))
}

// bestOf is "Best of 3".
func bestOf(n int) i18n.Text { return i18n.FN("Best of %d", n, n) }

// minuteRounds is "50-minute rounds".
func minuteRounds(minutes int) i18n.Text { return i18n.F("%d-minute rounds", minutes) }
