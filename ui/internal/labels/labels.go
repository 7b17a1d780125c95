// Package labels holds the words the screens use for the domain's keys: a
// structure's name, a tiebreaker's column title and description, a round's
// name as the round selector and the header show it. One place, so the
// Round tab, the header, the settings and the standings say the same thing.
package labels

import (
	"unicode"
	"unicode/utf8"

	"tablekeeper/core/event"
	"tablekeeper/core/i18n"
	"tablekeeper/core/rules"
	"tablekeeper/ui/internal/screen"
)

// Structure names a structure as an organizer says it: "Swiss", "Single
// elimination", "KeyForge elimination", in the screens' language.
func Structure(s event.Structure) string { return screen.Text(StructureText(s)) }

// StructureText is Structure kept to be said in a reader's language (a
// web page's, a report's): core's name for it (rules.StructureName).
func StructureText(s event.Structure) i18n.Text { return rules.StructureName(s) }

// StructureOf names the structure of settings s, with the option that
// changes its shape: "Double round robin", "Swiss with a top 8".
func StructureOf(s event.Settings) string { return screen.Text(StructureOfText(s)) }

// StructureOfText is StructureOf kept to be said in a reader's language
// (rules.StructureOfText).
func StructureOfText(s event.Settings) i18n.Text { return rules.StructureOfText(s) }

// Tiebreaker returns a tiebreaker key's column title ("OMW%") and what it
// means ("opponents' match-win %"), in the screens' language. An unknown
// key is its own title.
func Tiebreaker(key string) (title, meaning string) {
	title, meaning = rules.TiebreakerName(key)
	if meaning == "" {
		return title, ""
	}
	l := screen.Lang()
	return i18n.T(l, title), i18n.T(l, meaning)
}

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
// name: "Round 3", "Round 5 · top 8: quarter-final", in the screens'
// language.
func RoundName(r event.Round) string { return screen.Text(RoundNameText(r)) }

// OwnName reports whether the round has a name of its own, other than
// its number ("round 3" says nothing "Round 3" does not).
func OwnName(r event.Round) bool {
	if r.Name.IsZero() {
		return false
	}
	return r.Name.Format != "round %d" || len(r.Name.Args) != 1 || r.Name.Args[0] != any(r.Number)
}

// RoundNameText is RoundName kept to be said in a reader's language (a
// web page's, a report's).
func RoundNameText(r event.Round) i18n.Text {
	if OwnName(r) {
		return i18n.F("Round %d · %s", r.Number, r.Name)
	}
	return i18n.F("Round %d", r.Number)
}

// Round is a round as the round selector shows it: its RoundName, with
// " · draft" while its pairings are not published.
func Round(r event.Round) string {
	if !r.Published() {
		return i18n.T(screen.Lang(), "%s · draft", RoundNameText(r))
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

// State names an event's state as the event list shows it: "registration",
// "running", "finished".
func State(s event.State) string {
	switch s {
	case event.StateRegistration:
		return i18n.T(screen.Lang(), "registration")
	case event.StateRunning:
		return i18n.T(screen.Lang(), "running")
	case event.StateFinished:
		return i18n.T(screen.Lang(), "finished")
	}
	return string(s)
}
