package rules

import (
	"strings"

	"tablekeeper/core/i18n"
)

// This file is the judge log's vocabulary: the penalties a judge gives and
// an infraction with its penalty ladder. Each game's list of infractions
// lives in the game's own file (keyforgeInfractions …) and is read through
// Infractions; core/judgelog keeps the log and the escalation along a
// ladder.

// Penalties, as stored in event.JudgeLogEntry.Penalty. The wording is the
// rules documents' (000 "Penalties", 004 sections 4.2 and 5.1, 002 2.3.5);
// a game's list of infractions (Infractions) says which ones its ladders
// use; core/judgelog keeps the log of them.
const (
	// InformalWarning is a friendly reminder for a minor infraction (000).
	InformalWarning = "informal warning"
	// FormalWarning is a logged warning (000). Two in the same KeyForge
	// tournament flag the player for the marshal (K10). SWS's "warning"
	// (S9) is logged as a formal warning too.
	FormalWarning = "formal warning"
	// GameLoss is an automatic game loss in the player's current match
	// (000 "Automatic Game Loss").
	GameLoss = "game loss"
	// MatchLoss is the loss of the player's whole match at a table.
	MatchLoss = "match loss"
	// ExtraLoss is SWS's "additional loss (in an elimination tournament)"
	// for a play-to-win breach (004 4.2a, S9): a loss added to the player's
	// record, counted toward elimination, that no opponent wins.
	ExtraLoss = "extra loss"
	// PointDeduction takes JudgeLogEntry.Points away from the player's
	// score (S9; 004 2.2c, 3.0e, 4.2a, 5.1d; Heresy 2.3.5 "penalizing the
	// player in some manner").
	PointDeduction = "point deduction"
	// Disqualification eliminates the player from the tournament; if the
	// player was in the middle of a match, the opponent wins it (K10).
	Disqualification = "disqualification"
	// Ejection removes the person from the event and its premises (000
	// "Ejection from the Event"); for the tournament it works as a
	// disqualification.
	Ejection = "ejection"
	// Void is not a penalty: a correction whose Penalty is Void withdraws
	// the entry it corrects (a penalty given by mistake, a ruling logged at
	// the wrong table). A later correction of the Void entry restores an
	// entry in its place.
	Void = "void"
)

// Penalties lists the penalties, lightest first, for choosers and checks.
func Penalties() []string {
	return []string{InformalWarning, FormalWarning, GameLoss, MatchLoss, ExtraLoss,
		PointDeduction, Disqualification, Ejection}
}

// Infraction is one entry of a game's list of infractions, with the penalty
// ladder the software suggests. The judge always decides: a ladder is a
// suggestion shown next to the player's history, never applied by itself.
type Infraction struct {
	// Key identifies the infraction within its game ("stalling").
	Key string
	// Name is the infraction in the rules document's wording, lower case
	// so it reads inside a sentence; it is what a penalty entry stores in
	// JudgeLogEntry.Infraction.
	Name string
	// Category groups a game's infractions where its document does
	// (KeyForge: "rules infraction" or "unsporting conduct").
	Category string
	// Rule is the docs/RULES.md ID, or the document and section where
	// docs/RULES.md has none ("SWS 3.0e", "Heresy 2.3.5").
	Rule string
	// Ladder gives the suggested penalty for the first offence, the second,
	// and so on; the last step repeats. Empty when the document asks for
	// no penalty (Note says what to do instead).
	Ladder []Step
	// Note is the document's guidance in a few words, shown with the
	// suggestion.
	Note string
}

// Step is one step of a penalty ladder.
type Step struct {
	// Penalty is the suggested penalty.
	Penalty string
	// Alternative is another penalty the document allows at this step in
	// another kind of event (SWS 4.2a: a point deduction in a scored
	// tournament, an extra loss in an elimination one); "" for none.
	Alternative string
}

// Infractions returns the infractions of a game, in the order of its rules
// document. Altered's documents (001, 003) have no penalty rules, so Altered
// and the generic game share a list drawn from common tournament practice;
// an unknown game gets that list too. The result is a fresh copy.
func Infractions(game string) []Infraction {
	if list := gameOf(game).infractions; list != nil {
		return list()
	}
	return commonInfractions()
}

// LookupInfraction finds an infraction of a game by key or by name,
// ignoring case and surrounding spaces.
func LookupInfraction(game, infraction string) (Infraction, bool) {
	return FindInfraction(Infractions(game), infraction)
}

// FindInfraction finds an infraction in list, a game's Infractions, by key
// or by name, ignoring case and surrounding spaces: LookupInfraction for a
// caller that looks up many in the same game's list.
func FindInfraction(list []Infraction, infraction string) (Infraction, bool) {
	s := strings.TrimSpace(infraction)
	if s == "" {
		return Infraction{}, false
	}
	for _, inf := range list {
		if strings.EqualFold(inf.Key, s) || strings.EqualFold(inf.Name, s) {
			return inf, true
		}
	}
	return Infraction{}, false
}

// ladder builds a ladder of plain steps.
func ladder(penalties ...string) []Step {
	steps := make([]Step, len(penalties))
	for i, p := range penalties {
		steps[i] = Step{Penalty: p}
	}
	return steps
}

// InName is the infraction's name in l.
func (inf Infraction) InName(l i18n.Lang) string { return i18n.T(l, inf.Name) }

// InNote is the infraction's note in l.
func (inf Infraction) InNote(l i18n.Lang) string { return i18n.T(l, inf.Note) }

// InCategory is the infraction's category in l ("" for none).
func (inf Infraction) InCategory(l i18n.Lang) string {
	if inf.Category == "" {
		return ""
	}
	return i18n.T(l, inf.Category)
}
