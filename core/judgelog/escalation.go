package judgelog

import (
	"fmt"
	"slices"
	"strings"

	"tablekeeper/core/event"
	"tablekeeper/core/i18n"
	"tablekeeper/core/rules"
)

// Suggestion is the penalty the catalogue suggests for a player's next
// offence, from the player's history in force. The judge decides; the
// suggestion is shown next to the penalty chooser.
type Suggestion struct {
	// Infraction is the catalogue's infraction; for one the game does not
	// list, Key and Ladder are empty and Name is the judge's wording.
	Infraction Infraction
	// Offence counts this offence: 1 for the player's first penalty for
	// this infraction, 2 for the second, …
	Offence int
	// Penalty is the suggested penalty, "" when the catalogue has none (an
	// unlisted infraction, or one the document corrects without penalty).
	Penalty string
	// Alternative is the ladder step's other penalty ("" for none).
	Alternative string
	// FormalWarnings counts the formal warnings in force for the player,
	// whatever the infraction.
	FormalWarnings int
	// Marshal is K10's flag: in KeyForge, a second formal warning in the
	// same tournament calls for a penalty up to ejection at the marshal's
	// discretion. Set when the suggestion would be that second (or a
	// later) formal warning, or the player already has two.
	Marshal bool
}

// Suggest returns the suggested penalty for the player of entry committing
// infraction (a catalogue key or name, or the judge's own wording), from the
// player's penalties in force in log: the n-th penalty for the same
// infraction takes the n-th step of its ladder, the last step repeating.
// Corrected entries count as corrected; withdrawn ones do not count.
func Suggest(game string, log []event.JudgeLogEntry, entry event.EntryID, infraction string) Suggestion {
	list := rules.Infractions(game)
	inf, listed := rules.FindInfraction(list, infraction)
	if !listed {
		inf = Infraction{Name: strings.TrimSpace(infraction)}
	}
	s := Suggestion{Infraction: inf, Offence: 1}
	for _, e := range Effective(log) {
		if e.EntryID != entry || e.Penalty == "" {
			continue
		}
		if e.Penalty == FormalWarning {
			s.FormalWarnings++
		}
		if sameInfraction(list, e.Infraction, inf) {
			s.Offence++
		}
	}
	if n := len(inf.Ladder); n > 0 {
		step := inf.Ladder[min(s.Offence, n)-1]
		s.Penalty, s.Alternative = step.Penalty, step.Alternative
	}
	s.Marshal = marshalGame(game) &&
		(s.FormalWarnings >= 2 || s.FormalWarnings == 1 && s.Penalty == FormalWarning)
	return s
}

// sameInfraction reports whether a logged infraction is inf: the same
// entry of the game's list, or the same wording when inf is not listed.
func sameInfraction(list []Infraction, logged string, inf Infraction) bool {
	if inf.Key != "" {
		other, ok := rules.FindInfraction(list, logged)
		return ok && other.Key == inf.Key
	}
	return inf.Name != "" && strings.EqualFold(strings.TrimSpace(logged), inf.Name)
}

// marshalGame reports whether K10's two-formal-warnings flag applies.
func marshalGame(game string) bool { return rules.Marshal(game) }

// Sentence explains the suggestion for the named player in English
// (SentenceIn says it in another language), for instance "Second stalling
// penalty for Zoë: point deduction (S9)."
func (s Suggestion) Sentence(player string) string { return s.SentenceIn(i18n.English, player) }

// SentenceIn is Sentence said in l.
func (s Suggestion) SentenceIn(l i18n.Lang, player string) string {
	if player == "" {
		player = i18n.T(l, "this player")
	}
	name := InfractionName(l, s.Infraction.Name)
	if s.Infraction.Name == "" {
		name = i18n.T(l, "unnamed infraction")
	}
	rule := i18n.T(l, s.Infraction.Rule)
	var b strings.Builder
	b.WriteString(capitalize(i18n.T(l, "%s %s penalty for %s", ordinal(l, s.Offence), name, player)))
	switch {
	case s.Infraction.Key == "":
		b.WriteString(i18n.T(l, ": not in this game's list, the judge chooses"))
	case s.Penalty == "":
		b.WriteString(i18n.T(l, ": %s (%s)", s.Infraction.InNote(l), rule))
	case s.Alternative != "":
		b.WriteString(i18n.T(l, ": %s, or %s in an elimination event (%s)", PenaltyName(l, s.Penalty), withArticle(l, s.Alternative), rule))
	default:
		b.WriteString(i18n.T(l, ": %s (%s)", PenaltyName(l, s.Penalty), rule))
	}
	if s.Marshal {
		b.WriteString(i18n.T(l, ". With %s formal warnings in this tournament, the marshal decides a further penalty, up to ejection (K10)",
			count(l, s.warningsAfter())))
	}
	b.WriteString(".")
	return b.String()
}

// warningsAfter counts the formal warnings the player would have once the
// suggested penalty is given.
func (s Suggestion) warningsAfter() int {
	if s.Penalty == FormalWarning {
		return s.FormalWarnings + 1
	}
	return s.FormalWarnings
}

// Flag is K10's call for the marshal: a player with two or more formal
// warnings in force in the same KeyForge tournament and no decision logged
// since the latest.
type Flag struct {
	// Entry is the flagged player.
	Entry event.EntryID
	// Warnings are the player's formal warnings in force (the first
	// entries of their correction chains), oldest first.
	Warnings []event.JudgeLogID
}

// MarshalFlags returns the open K10 flags of a KeyForge event, in the order
// of each player's latest formal warning; none for other games. A flag stays
// open until an entry in force logged after the latest formal warning
// records a decision for the player: a penalty heavier than a warning, or a
// ruling or appeal naming the player (the marshal deciding no further
// penalty).
func MarshalFlags(game string, log []event.JudgeLogEntry) []Flag {
	if !marshalGame(game) {
		return nil
	}
	type state struct {
		warnings     []event.JudgeLogID
		lastWarning  int
		lastDecision int
	}
	players := make(map[event.EntryID]*state)
	var order []event.EntryID
	for i, c := range chains(log) {
		e := c.current
		if !c.inForce() || e.EntryID == 0 {
			continue
		}
		p := players[e.EntryID]
		if p == nil {
			p = &state{lastWarning: -1, lastDecision: -1}
			players[e.EntryID] = p
			order = append(order, e.EntryID)
		}
		switch {
		case e.Penalty == FormalWarning:
			p.warnings = append(p.warnings, c.root.ID)
			p.lastWarning = i
		case e.Penalty != "" && e.Penalty != InformalWarning,
			e.Kind == event.LogRuling || e.Kind == event.LogAppeal:
			p.lastDecision = i
		}
	}
	var flags []Flag
	for _, id := range order {
		p := players[id]
		if len(p.warnings) >= 2 && p.lastDecision < p.lastWarning {
			flags = append(flags, Flag{Entry: id, Warnings: p.warnings})
		}
	}
	slices.SortStableFunc(flags, func(a, b Flag) int {
		return players[a.Entry].lastWarning - players[b.Entry].lastWarning
	})
	return flags
}

// Sentence says why the player is flagged, in English (SentenceIn says
// it in another language), for instance "Zoë has 2 formal warnings in this
// tournament: the marshal decides a penalty, up to ejection (K10)."
func (f Flag) Sentence(player string) string { return f.SentenceIn(i18n.English, player) }

// SentenceIn is Sentence said in l.
func (f Flag) SentenceIn(l i18n.Lang, player string) string {
	if player == "" {
		player = i18n.T(l, "This player")
	}
	return i18n.T(l, "%s has %s formal warnings in this tournament: the marshal decides a penalty, up to ejection (K10).",
		player, count(l, len(f.Warnings)))
}

// ordinals are the ordinal words, said before "penalty".
var ordinals = []string{i18n.K("first"), i18n.K("second"), i18n.K("third"), i18n.K("fourth"), i18n.K("fifth"),
	i18n.K("sixth"), i18n.K("seventh"), i18n.K("eighth"), i18n.K("ninth"), i18n.K("tenth")}

func ordinal(l i18n.Lang, n int) string {
	if n >= 1 && n <= len(ordinals) {
		return i18n.T(l, ordinals[n-1])
	}
	if n%100 < 11 || n%100 > 13 {
		switch n % 10 {
		case 1:
			return i18n.T(l, "%dst", n)
		case 2:
			return i18n.T(l, "%dnd", n)
		case 3:
			return i18n.T(l, "%drd", n)
		}
	}
	return i18n.T(l, "%dth", n)
}

// counts are the numbers said in words.
// Their keys name the number, not the word: go-i18n, which reads the
// translation files for Fyne, refuses a whole file holding a key "one" or
// "two" (its plural forms), so English says them through en.json too.
var counts = []string{i18n.K("count 0 in words"), i18n.K("count 1 in words"), i18n.K("count 2 in words"),
	i18n.K("count 3 in words"), i18n.K("count 4 in words"), i18n.K("count 5 in words"), i18n.K("count 6 in words"),
	i18n.K("count 7 in words"), i18n.K("count 8 in words"), i18n.K("count 9 in words"), i18n.K("count 10 in words")}

func count(l i18n.Lang, n int) string {
	if n >= 0 && n < len(counts) {
		return i18n.T(l, counts[n])
	}
	return fmt.Sprint(n)
}

func capitalize(s string) string {
	for i, r := range s {
		return strings.ToUpper(string(r)) + s[i+len(string(r)):]
	}
	return s
}

func withArticle(l i18n.Lang, penalty string) string {
	if penalty != "" && strings.ContainsRune("aeiou", rune(penalty[0])) {
		return i18n.T(l, "an %s", PenaltyName(l, penalty))
	}
	return i18n.T(l, "a %s", PenaltyName(l, penalty))
}
