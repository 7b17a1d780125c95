// Package judgelog is the pure logic of an event's judge log (G4): the
// catalogue of infractions and penalties of each game, the log in force once
// corrections are applied, the checks a new entry must pass, penalty
// escalation (K10, S9), what the penalties in force do to the event (losses,
// drops, point deductions, time extensions) and which judge rules at a table
// (S11).
//
// The judge log is append-only: a correction is a new entry whose Corrects
// names the entry it replaces, and a correction whose Penalty is Void
// withdraws the entry altogether. Nothing here saves or changes anything: the
// director appends entries through core/store and applies the Effects this
// package computes. Times come in the entries; the package reads no clock.
package judgelog

import (
	"strings"
	"time"

	"tablekeeper/core/event"
	"tablekeeper/core/rules"
)

// Penalties, as stored in event.JudgeLogEntry.Penalty: core/rules'
// vocabulary (rules.InformalWarning …), named here for the log's readers.
const (
	InformalWarning  = rules.InformalWarning
	FormalWarning    = rules.FormalWarning
	GameLoss         = rules.GameLoss
	MatchLoss        = rules.MatchLoss
	ExtraLoss        = rules.ExtraLoss
	PointDeduction   = rules.PointDeduction
	Disqualification = rules.Disqualification
	Ejection         = rules.Ejection
	Void             = rules.Void
)

// Penalties lists the penalties, lightest first, for choosers and checks.
func Penalties() []string { return rules.Penalties() }

// Limits on what one entry may hold.
const (
	// MaxDeduction is the most points one point deduction may take.
	MaxDeduction = 100
	// MaxExtension is the longest time one entry may add to a table.
	MaxExtension = 24 * time.Hour
	// MaxText is the longest description or outcome, in characters.
	MaxText = 2000
	// MaxInfraction is the longest infraction wording, in characters.
	MaxInfraction = 200
)

// chain is one entry of the log with its corrections: root is the entry
// first logged, current the latest correction (or root itself).
type chain struct {
	root    event.JudgeLogEntry
	current event.JudgeLogEntry
}

func (c chain) inForce() bool { return c.current.Penalty != Void }

// resolve groups the log, taken in the order it was appended, into
// correction chains, in the order their first entries were logged. A
// correction joins the chain of the entry it names; when two corrections
// name the same entry the later one wins. A correction naming no earlier
// entry of the log starts a chain of its own (so a log handed in out of
// order can never loop). The map gives the chain of each entry ID.
func resolve(log []event.JudgeLogEntry) ([]chain, map[event.JudgeLogID]int) {
	var chains []chain
	at := make(map[event.JudgeLogID]int)
	for _, e := range log {
		if i, ok := at[e.Corrects]; ok && e.Corrects != 0 {
			chains[i].current = e
			if e.ID != 0 {
				at[e.ID] = i
			}
			continue
		}
		chains = append(chains, chain{root: e, current: e})
		if e.ID != 0 {
			at[e.ID] = len(chains) - 1
		}
	}
	return chains, at
}

// chains returns the correction chains of the log (see resolve).
func chains(log []event.JudgeLogEntry) []chain {
	cs, _ := resolve(log)
	return cs
}

// Effective returns the entries in force, given the whole log in the order it
// was appended (as core/store returns it): each entry replaced by its latest
// correction (a chain A ← B ← C gives C), entries withdrawn by a Void
// correction left out. Each entry in force keeps the place of the entry it
// replaces, so the result stays in the order things happened.
func Effective(log []event.JudgeLogEntry) []event.JudgeLogEntry {
	var out []event.JudgeLogEntry
	for _, c := range chains(log) {
		if c.inForce() {
			out = append(out, c.current)
		}
	}
	return out
}

// Check reports whether e may be appended to log, the event's judge log so
// far, with a sentence for the organizer when it may not. A correction
// (Corrects set) must name the entry in force of its chain, in the same
// event; a Void correction needs only a judge, a time and a reason. Any
// other entry needs its event, kind, time and judge (G4); a penalty needs a
// known penalty, the player it is given to and the infraction; a point
// deduction its points; a game or match loss its round and table.
func Check(log []event.JudgeLogEntry, e event.JudgeLogEntry) error {
	if err := checkBasics(e); err != nil {
		return err
	}
	if e.Corrects != 0 {
		if err := checkCorrection(log, e); err != nil {
			return err
		}
	}
	if e.Penalty == Void {
		if e.Corrects == 0 {
			return event.Invalid("“void” withdraws an earlier entry: say which entry it corrects")
		}
		if strings.TrimSpace(e.Description) == "" {
			return event.Invalid("say why the entry is withdrawn")
		}
		return nil
	}
	if err := checkFields(e); err != nil {
		return err
	}
	if err := checkPenalty(e); err != nil {
		return err
	}
	return checkHistory(log, e)
}

// checkBasics checks what every entry needs, a Void correction included.
func checkBasics(e event.JudgeLogEntry) error {
	switch {
	case e.EventID == 0:
		return event.Invalid("a judge log entry needs its event")
	case e.At.IsZero():
		return event.Invalid("a judge log entry needs the time it happened (G4)")
	case e.JudgeID == 0:
		return event.Invalid("say which judge (or the organizer) made this entry (G4)")
	case e.Round < 0 || e.Table < 0:
		return event.Invalid("round and table numbers cannot be negative")
	case e.Table > 0 && e.Round == 0:
		return event.Invalidf("table %d needs its round", e.Table)
	case len([]rune(e.Description)) > MaxText || len([]rune(e.Outcome)) > MaxText:
		return event.Invalidf("a description or outcome is at most %d characters", MaxText)
	case e.ID != 0 && e.ID == e.Corrects:
		return event.Invalid("an entry cannot correct itself")
	}
	switch e.Kind {
	case event.LogPenalty, event.LogDeckCheck, event.LogRuling, event.LogAppeal, event.LogExtension:
		return nil
	default:
		return event.Invalidf("unknown kind of judge log entry %q: penalty, deck-check, ruling, appeal or extension", e.Kind)
	}
}

// checkCorrection checks that e corrects the entry in force of a chain of the
// same event.
func checkCorrection(log []event.JudgeLogEntry, e event.JudgeLogEntry) error {
	found := false
	for _, x := range log {
		if x.ID != e.Corrects {
			continue
		}
		found = true
		if x.EventID != e.EventID {
			return event.Invalidf("log entry %d belongs to another event", e.Corrects)
		}
	}
	if !found {
		return event.Invalidf("the judge log has no entry %d to correct", e.Corrects)
	}
	cs, at := resolve(sameEvent(log, e.EventID))
	c := cs[at[e.Corrects]]
	if c.current.ID != e.Corrects {
		return event.Invalidf("log entry %d was already corrected by entry %d: correct entry %d instead",
			e.Corrects, c.current.ID, c.current.ID)
	}
	if e.Penalty == Void && c.current.Penalty == Void {
		return event.Invalidf("log entry %d already withdraws an entry: there is nothing left to withdraw", e.Corrects)
	}
	return nil
}

func sameEvent(log []event.JudgeLogEntry, id event.EventID) []event.JudgeLogEntry {
	var out []event.JudgeLogEntry
	for _, e := range log {
		if e.EventID == id {
			out = append(out, e)
		}
	}
	return out
}

// checkFields checks the fields of an entry that is not Void.
func checkFields(e event.JudgeLogEntry) error {
	switch {
	case e.Extension < 0:
		return event.Invalid("a time extension cannot be negative")
	case e.Extension > MaxExtension:
		return event.Invalidf("one entry adds at most %s to a table", MaxExtension)
	case e.Kind == event.LogExtension && e.Extension == 0:
		return event.Invalid("a time extension needs its length")
	case e.Kind == event.LogExtension && e.Round == 0:
		return event.Invalid("a time extension needs the round (and the table, unless it is for the whole round)")
	case e.Kind == event.LogDeckCheck && e.EntryID == 0:
		return event.Invalid("a deck check needs the player whose deck was checked")
	case e.Kind == event.LogAppeal && e.EntryID == 0:
		return event.Invalid("an appeal needs the player who appealed")
	case len([]rune(e.Infraction)) > MaxInfraction:
		return event.Invalidf("an infraction is at most %d characters: put the details in the description", MaxInfraction)
	case e.Points < 0:
		return event.Invalid("points cannot be negative: a point deduction takes the number of points given")
	}
	return nil
}

// checkPenalty checks the penalty of an entry that is not Void.
func checkPenalty(e event.JudgeLogEntry) error {
	if e.Penalty == "" {
		if e.Kind == event.LogPenalty {
			return event.Invalidf("a penalty entry needs its penalty: one of %s", strings.Join(Penalties(), ", "))
		}
		if e.Points != 0 {
			return event.Invalid("only a point deduction takes points")
		}
		return nil
	}
	if !known(e.Penalty) {
		return event.Invalidf("unknown penalty %q: use one of %s", e.Penalty, strings.Join(Penalties(), ", "))
	}
	switch {
	case e.Kind != event.LogPenalty && e.Kind != event.LogDeckCheck:
		return event.Invalidf("a %s entry carries no penalty: log the penalty as an entry of its own", kindText(e.Kind))
	case e.EntryID == 0:
		return event.Invalidf("a %s needs the player it is given to", penaltyText(e.Penalty))
	case e.Kind == event.LogPenalty && strings.TrimSpace(e.Infraction) == "":
		return event.Invalidf("a %s needs the infraction: say what the player did", penaltyText(e.Penalty))
	}
	return checkPenaltyScope(e)
}

// checkPenaltyScope checks the points of a point deduction and the table of a
// game or match loss.
func checkPenaltyScope(e event.JudgeLogEntry) error {
	switch {
	case e.Penalty == PointDeduction && e.Points == 0:
		return event.Invalid("a point deduction needs the number of points it takes (more than 0)")
	case e.Penalty == PointDeduction && e.Points > MaxDeduction:
		return event.Invalidf("a point deduction takes at most %d points, not %d", MaxDeduction, e.Points)
	case e.Penalty != PointDeduction && e.Points != 0:
		return event.Invalidf("only a point deduction takes points, not a %s", penaltyText(e.Penalty))
	case (e.Penalty == GameLoss || e.Penalty == MatchLoss) && (e.Round == 0 || e.Table == 0):
		return event.Invalidf("a %s needs the round and table of the match it applies to", penaltyText(e.Penalty))
	}
	return nil
}

// checkHistory checks e against the entries in force: a player is
// disqualified, or ejected, once.
func checkHistory(log []event.JudgeLogEntry, e event.JudgeLogEntry) error {
	if e.Penalty != Disqualification && e.Penalty != Ejection {
		return nil
	}
	for _, c := range chains(sameEvent(log, e.EventID)) {
		cur := c.current
		if !c.inForce() || (e.Corrects != 0 && cur.ID == e.Corrects) {
			continue
		}
		if cur.EntryID == e.EntryID && cur.Penalty == e.Penalty {
			return event.Invalidf("this player already has a %s in force (log entry %d): correct that entry instead", penaltyText(e.Penalty), cur.ID)
		}
	}
	return nil
}

func known(p string) bool {
	for _, q := range Penalties() {
		if p == q {
			return true
		}
	}
	return false
}
