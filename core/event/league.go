package event

import (
	"strings"
	"time"
)

// LeagueID identifies a league.
type LeagueID int64

// LeagueKind names the kind of league, as Shadowfist's Appendices II and
// III describe them (docs/RULES.md S13).
type LeagueKind string

// League kinds.
const (
	// LeagueProvingGround: 13 weekly events for one playgroup, at least
	// three players a week, with an optional finals week (week 13) for the
	// top players of the first 12.
	LeagueProvingGround LeagueKind = "proving-ground"
	// LeagueLackey: 8 weeks of online play in which each player's two best
	// results of a week count, followed by a final.
	LeagueLackey LeagueKind = "lackey"
)

// LeagueKinds lists the kinds, for validation and settings screens.
func LeagueKinds() []LeagueKind { return []LeagueKind{LeagueLackey, LeagueProvingGround} }

// Weeks returns how many weeks a league of this kind runs: 13 for a
// Proving Ground, 8 for a Lackey League; 0 for an unknown kind.
func (k LeagueKind) Weeks() int {
	switch k {
	case LeagueProvingGround:
		return 13
	case LeagueLackey:
		return 8
	}
	return 0
}

// MinLeagueWeekPlayers is the fewest players a league week needs to be
// official (S13, as for a tournament: S1).
const MinLeagueWeekPlayers = 3

// League is a series of weekly events whose results add up to one set of
// standings. Its players are the directory's, so a league follows people
// from one week's event to the next.
type League struct {
	ID   LeagueID
	Name string
	Kind LeagueKind
	// Finals is, in a Proving Ground, how many of the top players of
	// weeks 1 to 12 play week 13 as a finals week; 0 when week 13 is an
	// ordinary week. The document leaves the number to the organizer. A
	// Lackey League's finals are fixed by its rules, so there it is 0.
	Finals int
	// TieSeed seeds the random draw that breaks the last ties (S13); the
	// director sets it when the league is created, so the order never
	// changes.
	TieSeed   uint64
	CreatedAt time.Time
}

// MaxLeagueFinals bounds a Proving Ground's finals week: more than two
// tables of five is not a finals week.
const MaxLeagueFinals = 10

// Validate reports whether the league can be saved.
func (l League) Validate() error {
	if strings.TrimSpace(l.Name) == "" {
		return Invalid("a league needs a name")
	}
	if len([]rune(l.Name)) > MaxNameLength {
		return Invalidf("the league name is longer than %d characters", MaxNameLength)
	}
	switch l.Kind {
	case LeagueProvingGround:
		if l.Finals < 0 || l.Finals == 1 || l.Finals > MaxLeagueFinals {
			return Invalidf("a Proving Ground finals week is for 2 to %d players (or 0 for none), not %d", MaxLeagueFinals, l.Finals)
		}
	case LeagueLackey:
		if l.Finals != 0 {
			return Invalid("a Lackey League's finals are set by its rules; they take no size")
		}
	default:
		return Invalidf("unknown league kind %q; a league is %q or %q", l.Kind, LeagueLackey, LeagueProvingGround)
	}
	return nil
}

// LeagueEvent places one event in a league's week. An event belongs to at
// most one league; a week may hold several events.
type LeagueEvent struct {
	LeagueID LeagueID
	EventID  EventID
	Week     int
}

// Title is the kind as a person reads it: "Lackey League", "Proving
// Ground".
func (k LeagueKind) Title() string {
	switch k {
	case LeagueProvingGround:
		return "Proving Ground"
	case LeagueLackey:
		return "Lackey League"
	}
	return string(k)
}

// ValidWeek reports whether week is a week of a league of kind k.
func (k LeagueKind) ValidWeek(week int) error {
	if week < 1 || week > k.Weeks() {
		return Invalidf("week %d is not a week of a %s (weeks 1 to %d)", week, k.Title(), k.Weeks())
	}
	return nil
}
