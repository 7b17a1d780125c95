package judgelog

import (
	"slices"
	"strings"
	"tablekeeper/core/i18n"
	"testing"

	"tablekeeper/core/event"
)

// appendSuggested logs the suggested penalty as the next entry.
func appendSuggested(log []event.JudgeLogEntry, s Suggestion, entry event.EntryID) []event.JudgeLogEntry {
	e := pen(event.JudgeLogID(len(log)+1), entry, s.Infraction.Name, s.Penalty)
	if s.Penalty == PointDeduction {
		e.Points = 1
	}
	return append(log, e)
}

// Rule S9: stalling is warned, then points are deducted, then the player is
// disqualified (004 5.1d); the last step repeats.
func TestSuggestStallingLadderStepByStep(t *testing.T) {
	const zoe event.EntryID = 7
	want := []struct {
		penalty  string
		sentence string
	}{
		{FormalWarning, "First stalling penalty for Zoë: formal warning (S9)."},
		{PointDeduction, "Second stalling penalty for Zoë: point deduction (S9)."},
		{Disqualification, "Third stalling penalty for Zoë: disqualification (S9)."},
		{Disqualification, "Fourth stalling penalty for Zoë: disqualification (S9)."},
	}
	var log []event.JudgeLogEntry
	for i, w := range want {
		s := Suggest("shadowfist", log, zoe, "stalling")
		if s.Offence != i+1 || s.Penalty != w.penalty || s.Marshal {
			t.Fatalf("offence %d: got %+v, want %s", i+1, s, w.penalty)
		}
		if got := s.Sentence("Zoë"); got != w.sentence {
			t.Errorf("offence %d: sentence %q, want %q", i+1, got, w.sentence)
		}
		log = appendSuggested(log, s, zoe)
	}
}

// Rule S9: only the player's own stalling penalties in force count.
func TestSuggestCountsOnlyThisPlayersSameInfractionInForce(t *testing.T) {
	const zoe, ana event.EntryID = 7, 8
	log := []event.JudgeLogEntry{
		pen(1, ana, "stalling", FormalWarning),                // another player
		pen(2, zoe, "marked cards or sleeves", FormalWarning), // another infraction
		pen(3, zoe, "Stalling", FormalWarning),                // counts, whatever the case
		pen(4, zoe, "stalling", PointDeduction),               // withdrawn below
		void(5, 4),
		ruling(6, zoe), // no penalty
	}
	s := Suggest("shadowfist", log, zoe, "stalling")
	if s.Offence != 2 || s.Penalty != PointDeduction {
		t.Errorf("got offence %d %q, want the second offence and a point deduction", s.Offence, s.Penalty)
	}
}

// Rule S9: a play-to-win breach costs points (or an extra loss in an
// elimination event), then disqualification (004 4.2a).
func TestSuggestPlayToWinLadder(t *testing.T) {
	const zoe event.EntryID = 7
	s := Suggest("shadowfist", nil, zoe, "play-to-win")
	if s.Penalty != PointDeduction || s.Alternative != ExtraLoss {
		t.Fatalf("first breach: got %q or %q, want a point deduction or an extra loss", s.Penalty, s.Alternative)
	}
	if got, want := s.Sentence("Zoë"), "First play-to-win breach penalty for Zoë: point deduction, or an extra loss in an elimination event (S9)."; got != want {
		t.Errorf("sentence %q, want %q", got, want)
	}
	log := []event.JudgeLogEntry{pen(1, zoe, "play-to-win breach", ExtraLoss)}
	s = Suggest("shadowfist", log, zoe, "play-to-win breach")
	if s.Penalty != Disqualification || s.Alternative != "" {
		t.Errorf("second breach: got %q (alternative %q), want disqualification alone", s.Penalty, s.Alternative)
	}
}

// Rule K10: a second formal warning in the same tournament, whatever the
// infraction, calls for the marshal, up to ejection.
func TestSuggestFlagsSecondFormalWarningForTheMarshal(t *testing.T) {
	const zoe event.EntryID = 7
	log := []event.JudgeLogEntry{pen(1, zoe, "tardiness (5 minutes or more)", FormalWarning)}
	first := Suggest("keyforge", nil, zoe, "slow-play")
	if first.Penalty != FormalWarning || first.Marshal {
		t.Fatalf("first formal warning: got %+v, want no flag", first)
	}
	second := Suggest("keyforge", log, zoe, "slow-play")
	if second.Penalty != FormalWarning || !second.Marshal || second.FormalWarnings != 1 {
		t.Fatalf("second formal warning: got %+v, want the marshal flag", second)
	}
	want := "First intentional slow play penalty for Zoë: formal warning (K10). With two formal warnings in this tournament, the marshal decides a further penalty, up to ejection (K10)."
	if got := second.Sentence("Zoë"); got != want {
		t.Errorf("sentence %q, want %q", got, want)
	}
	// An informal warning after one formal warning raises no flag.
	if s := Suggest("keyforge", log, zoe, "gameplay error"); s.Penalty != InformalWarning || s.Marshal {
		t.Errorf("informal warning after one formal: got %+v", s)
	}
	// K10 is KeyForge's: Shadowfist's stalling warnings raise no flag.
	if s := Suggest("shadowfist", log, zoe, "stalling"); s.Marshal {
		t.Errorf("a Shadowfist warning was flagged for a marshal: %+v", s)
	}
}

func TestSuggestWithoutALadder(t *testing.T) {
	const zoe event.EntryID = 7
	// Heresy 2.3.5 (002; no docs/RULES.md ID): a violation that can be
	// corrected is corrected, without penalty.
	s := Suggest("heresy", nil, zoe, "unintentional violation")
	if s.Penalty != "" || !strings.Contains(s.Sentence("Zoë"), "no penalty (Heresy 2.3.5)") {
		t.Errorf("unintentional violation: got %q, %q", s.Penalty, s.Sentence("Zoë"))
	}
	// An infraction the game does not list is counted by its wording.
	log := []event.JudgeLogEntry{pen(1, zoe, "dice on the table", InformalWarning)}
	s = Suggest("altered", log, zoe, "Dice on the table")
	if s.Penalty != "" || s.Offence != 2 || s.Sentence("") != "Second Dice on the table penalty for this player: not in this game's list, the judge chooses." {
		t.Errorf("unlisted infraction: got %+v, %q", s, s.Sentence(""))
	}
}

// Rule K10: MarshalFlags lists the players with two formal warnings in
// force and no decision since.
func TestMarshalFlags(t *testing.T) {
	const zoe, ana event.EntryID = 7, 8
	w1, w2 := pen(1, zoe, "slow play", FormalWarning), pen(2, zoe, "tardiness", FormalWarning)
	cases := []struct {
		name string
		game string
		log  []event.JudgeLogEntry
		want []Flag
	}{
		{"one formal warning is no flag", "keyforge", []event.JudgeLogEntry{w1, pen(2, zoe, "x", InformalWarning)}, nil},
		{"two formal warnings flag the player", "keyforge", []event.JudgeLogEntry{w1, pen(2, ana, "x", FormalWarning), w2},
			[]Flag{{Entry: zoe, Warnings: []event.JudgeLogID{1, 2}}}},
		{"a disqualification after them closes the flag", "keyforge",
			[]event.JudgeLogEntry{w1, w2, pen(3, zoe, "x", Disqualification)}, nil},
		{"a ruling for the player closes the flag", "keyforge", []event.JudgeLogEntry{w1, w2, ruling(3, zoe)}, nil},
		{"a third warning after the decision flags again", "keyforge",
			[]event.JudgeLogEntry{w1, w2, ruling(3, zoe), pen(4, zoe, "x", FormalWarning)},
			[]Flag{{Entry: zoe, Warnings: []event.JudgeLogID{1, 2, 4}}}},
		{"a withdrawn warning does not count", "keyforge", []event.JudgeLogEntry{w1, w2, void(3, 2)}, nil},
		{"a warning corrected to a game loss does not count", "keyforge",
			[]event.JudgeLogEntry{w1, w2, fix(3, 1, pen(0, zoe, "slow play", GameLoss))}, nil},
		{"flags come in the order of the latest warning", "keyforge",
			[]event.JudgeLogEntry{w1, pen(2, ana, "x", FormalWarning), pen(3, ana, "x", FormalWarning), pen(4, zoe, "x", FormalWarning)},
			[]Flag{{Entry: ana, Warnings: []event.JudgeLogID{2, 3}}, {Entry: zoe, Warnings: []event.JudgeLogID{1, 4}}}},
		{"other games have no marshal flag", "shadowfist", []event.JudgeLogEntry{w1, w2}, nil},
	}
	for _, c := range cases {
		got := MarshalFlags(c.game, c.log)
		if !slices.EqualFunc(got, c.want, func(a, b Flag) bool { return a.Entry == b.Entry && slices.Equal(a.Warnings, b.Warnings) }) {
			t.Errorf("%s: got %+v, want %+v", c.name, got, c.want)
		}
	}
	f := Flag{Entry: zoe, Warnings: []event.JudgeLogID{1, 2}}
	if got, want := f.Sentence("Zoë"), "Zoë has two formal warnings in this tournament: the marshal decides a penalty, up to ejection (K10)."; got != want {
		t.Errorf("sentence %q, want %q", got, want)
	}
}

func TestOrdinals(t *testing.T) {
	for n, want := range map[int]string{1: "first", 10: "tenth", 11: "11th", 12: "12th", 13: "13th", 21: "21st", 22: "22nd", 23: "23rd", 111: "111th"} {
		if got := ordinal(i18n.English, n); got != want {
			t.Errorf("ordinal(%d) = %q, want %q", n, got, want)
		}
	}
}
