// Package labels holds the words the screens use for the domain's keys: a
// structure's name, a tiebreaker's column title and description, a round's
// name as the round selector and the header show it. One place, so the
// Round tab, the header, the settings and the standings say the same thing.
package labels

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"tablekeeper/core/event"
	"tablekeeper/core/rules"
)

// Structure names a structure as an organizer says it: "Swiss", "Single
// elimination", "KeyForge elimination".
func Structure(s event.Structure) string {
	switch s {
	case event.StructureSwiss:
		return "Swiss"
	case event.StructureSingleElimination:
		return "Single elimination"
	case event.StructureDoubleElimination:
		return "Double elimination"
	case event.StructureRoundRobin:
		return "Round robin"
	case event.StructureKeyForge:
		return "KeyForge elimination"
	case event.StructureArmageddon:
		return "Armageddon elimination"
	case event.StructureSchedule:
		return "Fixed schedule"
	case event.StructureChallenges:
		return "Open challenges"
	case event.StructureDoubleFinal:
		return "Double elimination + final"
	}
	return Capital(string(s))
}

// StructureOf names the structure of settings s, with the option that
// changes its shape: "Double round robin", "Swiss with a top 8".
func StructureOf(s event.Settings) string {
	switch {
	case s.Structure == event.StructureSwiss && s.Playoff.TopCut > 0:
		return fmt.Sprintf("Swiss with a top %d", s.Playoff.TopCut)
	case s.Structure == event.StructureRoundRobin && s.Double:
		return "Double round robin"
	case s.Structure == event.StructureArmageddon && s.Double:
		return "Armageddon double elimination"
	}
	return Structure(s.Structure)
}

// Tiebreaker returns a tiebreaker key's column title ("OMW%") and what it
// means ("opponents' match-win %"). An unknown key is its own title.
func Tiebreaker(key string) (title, meaning string) { return rules.TiebreakerName(key) }

// TiebreakerLine is a tiebreaker as a list shows it: "OMW% — opponents'
// match-win %".
func TiebreakerLine(key string) string {
	title, meaning := Tiebreaker(key)
	if meaning == "" {
		return title
	}
	return title + " — " + meaning
}

// RoundName is a round's number and, where the structure names it, its
// name: "Round 3", "Round 5 · top 8: quarter-final".
func RoundName(r event.Round) string {
	s := fmt.Sprintf("Round %d", r.Number)
	if r.Name != "" && !strings.EqualFold(r.Name, fmt.Sprintf("round %d", r.Number)) {
		s += " · " + r.Name
	}
	return s
}

// Round is a round as the round selector shows it: its RoundName, with
// " · draft" while its pairings are not published.
func Round(r event.Round) string {
	if !r.Published() {
		return RoundName(r) + " · draft"
	}
	return RoundName(r)
}

// BestOf is the games per match of round r of an event with settings s.
func BestOf(r event.Round, s event.Settings) int {
	return r.GamesPerMatch(s)
}

// Capital returns s with its first letter in upper case.
func Capital(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if n == 0 {
		return s
	}
	return string(unicode.ToUpper(r)) + s[n:]
}
