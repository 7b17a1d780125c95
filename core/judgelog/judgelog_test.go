package judgelog

import (
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"tablekeeper/core/event"
)

var t0 = time.Date(2025, 3, 1, 10, 0, 0, 0, time.UTC)

const ev event.EventID = 1

// pen builds penalty entry id for a player at round 1, table 1, by judge 1.
func pen(id event.JudgeLogID, entry event.EntryID, infraction, penalty string) event.JudgeLogEntry {
	return event.JudgeLogEntry{ID: id, EventID: ev, At: t0.Add(time.Duration(id) * time.Minute),
		Round: 1, Table: 1, JudgeID: 1, EntryID: entry, Kind: event.LogPenalty,
		Infraction: infraction, Penalty: penalty}
}

// ruling builds a ruling entry at round 1, table 1, by judge 1.
func ruling(id event.JudgeLogID, entry event.EntryID) event.JudgeLogEntry {
	return event.JudgeLogEntry{ID: id, EventID: ev, At: t0.Add(time.Duration(id) * time.Minute),
		Round: 1, Table: 1, JudgeID: 1, EntryID: entry, Kind: event.LogRuling, Description: "timing"}
}

// fix returns e as correction id of entry corrects.
func fix(id, corrects event.JudgeLogID, e event.JudgeLogEntry) event.JudgeLogEntry {
	e.ID, e.Corrects, e.At = id, corrects, t0.Add(time.Duration(id)*time.Minute)
	return e
}

// void returns correction id withdrawing entry corrects.
func void(id, corrects event.JudgeLogID) event.JudgeLogEntry {
	return event.JudgeLogEntry{ID: id, EventID: ev, At: t0.Add(time.Duration(id) * time.Minute),
		JudgeID: 1, Kind: event.LogPenalty, Penalty: Void, Corrects: corrects, Description: "wrong player"}
}

func ids(log []event.JudgeLogEntry) []event.JudgeLogID {
	out := []event.JudgeLogID{}
	for _, e := range log {
		out = append(out, e.ID)
	}
	return out
}

// Rule G4: the log is append-only; Effective reads the entries in force.
func TestEffectiveResolvesCorrections(t *testing.T) {
	a := pen(1, 7, "slow play", FormalWarning)
	cases := []struct {
		name string
		log  []event.JudgeLogEntry
		want []event.JudgeLogID
	}{
		{"a log without corrections is all in force", []event.JudgeLogEntry{a, ruling(2, 0)}, []event.JudgeLogID{1, 2}},
		{"a correction replaces its entry in the entry's place",
			[]event.JudgeLogEntry{a, ruling(2, 0), fix(3, 1, pen(0, 7, "slow play", GameLoss))}, []event.JudgeLogID{3, 2}},
		{"a chain A ← B ← C resolves to C",
			[]event.JudgeLogEntry{a, fix(2, 1, a), fix(3, 2, a)}, []event.JudgeLogID{3}},
		{"a void correction withdraws the entry", []event.JudgeLogEntry{a, void(2, 1)}, []event.JudgeLogID{}},
		{"a void at the end of a chain withdraws it", []event.JudgeLogEntry{a, fix(2, 1, a), void(3, 2)}, []event.JudgeLogID{}},
		{"correcting a void restores the entry", []event.JudgeLogEntry{a, void(2, 1), fix(3, 2, a)}, []event.JudgeLogID{3}},
		{"of two corrections of one entry the later wins", []event.JudgeLogEntry{a, fix(2, 1, a), fix(3, 1, a)}, []event.JudgeLogID{3}},
		{"a correction of an unknown entry stands alone", []event.JudgeLogEntry{fix(2, 99, a)}, []event.JudgeLogID{2}},
		{"a void of an unknown entry is never in force", []event.JudgeLogEntry{void(2, 99)}, []event.JudgeLogID{}},
		{"a correction naming a later entry cannot loop",
			[]event.JudgeLogEntry{fix(2, 3, a), fix(3, 2, a)}, []event.JudgeLogID{3}},
	}
	for _, c := range cases {
		if got := ids(Effective(c.log)); !slices.Equal(got, c.want) {
			t.Errorf("%s: in force %v, want %v", c.name, got, c.want)
		}
	}
}

// Rule G4: Check accepts the entries a judge may log and turns down the
// others with a sentence.
func TestCheckAcceptsGoodEntries(t *testing.T) {
	a := pen(1, 7, "slow play", FormalWarning)
	log := []event.JudgeLogEntry{a, fix(2, 1, a), ruling(3, 0), void(4, 3)}
	deduction := pen(0, 7, "stalling", PointDeduction)
	deduction.Points = 2
	deckCheck := event.JudgeLogEntry{EventID: ev, At: t0, JudgeID: 1, EntryID: 8, Kind: event.LogDeckCheck, Outcome: "legal"}
	extension := event.JudgeLogEntry{EventID: ev, At: t0, Round: 2, Table: 4, JudgeID: 1, Kind: event.LogExtension, Extension: 3 * time.Minute}
	dq := pen(0, 7, "cheating", Disqualification)
	good := map[string]event.JudgeLogEntry{
		"a formal warning":                          pen(0, 8, "slow play", FormalWarning),
		"a point deduction of 2":                    deduction,
		"a deck check before round 1":               deckCheck,
		"a time extension":                          extension,
		"a correction of the latest of a chain":     fix(0, 2, pen(0, 7, "slow play", GameLoss)),
		"a void of the latest of a chain":           void(0, 2),
		"a correction restoring a withdrawn ruling": fix(0, 4, ruling(0, 0)),
		"a disqualification":                        dq,
	}
	for name, e := range good {
		if err := Check(log, e); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
	// Correcting a disqualification (here its table) is not a second one.
	withDQ := append(slices.Clone(log), fix(5, 0, dq))
	moved := fix(0, 5, dq)
	moved.Table = 3
	if err := Check(withDQ, moved); err != nil {
		t.Errorf("correcting a disqualification: %v", err)
	}
}

func TestCheckTurnsDownBadEntries(t *testing.T) {
	a := pen(1, 7, "slow play", FormalWarning)
	other := pen(2, 9, "slow play", FormalWarning)
	other.EventID = 2
	log := []event.JudgeLogEntry{a, fix(3, 1, a), void(4, 3), other, fix(5, 0, pen(0, 7, "cheating", Disqualification))}
	with := func(f func(*event.JudgeLogEntry)) event.JudgeLogEntry {
		e := pen(0, 8, "slow play", FormalWarning)
		f(&e)
		return e
	}
	cases := []struct {
		name string
		e    event.JudgeLogEntry
		want string
	}{
		{"a correction of an unknown entry", fix(0, 99, a), "no entry 99"},
		{"a correction of another event's entry", fix(0, 2, a), "another event"},
		{"a correction of an entry already corrected", fix(0, 1, a), "correct entry 4 instead"},
		{"a void of a void", void(0, 4), "nothing left to withdraw"},
		{"a void that corrects nothing", void(0, 0), "say which entry"},
		{"a void without a reason", with(func(e *event.JudgeLogEntry) { *e = void(0, 5); e.Description = " " }), "say why"},
		{"a point deduction of no points", with(func(e *event.JudgeLogEntry) { e.Penalty = PointDeduction }), "number of points"},
		{"a point deduction too large", with(func(e *event.JudgeLogEntry) { e.Penalty, e.Points = PointDeduction, 500 }), "at most 100"},
		{"points on a warning", with(func(e *event.JudgeLogEntry) { e.Points = 2 }), "only a point deduction"},
		{"an unknown penalty", with(func(e *event.JudgeLogEntry) { e.Penalty = "yellow card" }), "unknown penalty"},
		{"a penalty without a player", with(func(e *event.JudgeLogEntry) { e.EntryID = 0 }), "the player it is given to"},
		{"a penalty without an infraction", with(func(e *event.JudgeLogEntry) { e.Infraction = "" }), "say what the player did"},
		{"a penalty entry without a penalty", with(func(e *event.JudgeLogEntry) { e.Penalty = "" }), "needs its penalty"},
		{"a penalty on a ruling", with(func(e *event.JudgeLogEntry) { e.Kind = event.LogRuling }), "carries no penalty"},
		{"a game loss without a table", with(func(e *event.JudgeLogEntry) { e.Penalty, e.Table = GameLoss, 0 }), "round and table"},
		{"an entry without a judge", with(func(e *event.JudgeLogEntry) { e.JudgeID = 0 }), "which judge"},
		{"an entry without a time", with(func(e *event.JudgeLogEntry) { e.At = time.Time{} }), "time it happened"},
		{"an entry without an event", with(func(e *event.JudgeLogEntry) { e.EventID = 0 }), "its event"},
		{"an unknown kind", with(func(e *event.JudgeLogEntry) { e.Kind = "note" }), "unknown kind"},
		{"a table without a round", with(func(e *event.JudgeLogEntry) { e.Round = 0 }), "needs its round"},
		{"a negative extension", with(func(e *event.JudgeLogEntry) { e.Extension = -time.Minute }), "cannot be negative"},
		{"an extension of no time", with(func(e *event.JudgeLogEntry) { e.Kind, e.Penalty = event.LogExtension, "" }), "needs its length"},
		{"a deck check of nobody", with(func(e *event.JudgeLogEntry) { e.Kind, e.Penalty, e.EntryID = event.LogDeckCheck, "", 0 }), "whose deck"},
		{"a second disqualification", with(func(e *event.JudgeLogEntry) { e.EntryID, e.Penalty = 7, Disqualification }), "already has a disqualification"},
		{"an entry correcting itself", with(func(e *event.JudgeLogEntry) { e.ID, e.Corrects = 6, 6 }), "cannot correct itself"},
	}
	for _, c := range cases {
		err := Check(log, c.e)
		if !errors.Is(err, event.ErrInvalid) || !strings.Contains(event.Message(err), c.want) {
			t.Errorf("%s: got %v, want an invalid error mentioning %q", c.name, err, c.want)
		}
	}
}
