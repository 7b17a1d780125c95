package judgelog

import (
	"strings"
	"testing"

	"tablekeeper/core/event"
	"tablekeeper/core/i18n"
)

// A log line, a suggestion and a flag are said in French when asked; what
// the judge typed stays as typed, and English stays the stored value.
func TestTheJudgeLogIsSaidInFrench(t *testing.T) {
	n := Names{Entries: map[event.EntryID]string{7: "Zoë"}, Judges: map[event.JudgeID]string{2: "Ana"}}
	e := event.JudgeLogEntry{Kind: event.LogPenalty, Round: 3, Table: 12, EntryID: 7, JudgeID: 2,
		Infraction: "slow play", Penalty: FormalWarning}
	if got, want := DescribeIn(i18n.French, e, n), "Ronde 3, table 12\u00a0: Zoë — jeu lent, avertissement officiel (juge Ana)"; got != want {
		t.Errorf("French line %q, want %q", got, want)
	}
	if got, want := Describe(e, n), "Round 3, table 12: Zoë — slow play, formal warning (judge Ana)"; got != want {
		t.Errorf("English line %q, want %q", got, want)
	}
	e.Infraction, e.Penalty, e.Points = "my own words", PointDeduction, 1
	if got, want := DescribeIn(i18n.French, e, n), "Ronde 3, table 12\u00a0: Zoë — my own words, retrait de 1 point (juge Ana)"; got != want {
		t.Errorf("French line %q, want %q", got, want)
	}
	sg := Suggest("shadowfist", nil, 7, "stalling")
	if got, want := sg.SentenceIn(i18n.French, "Zoë"), "Première pénalité de Zoë pour obstruction\u00a0: avertissement officiel (S9)."; got != want {
		t.Errorf("French suggestion %q, want %q", got, want)
	}
	f := Flag{Entry: 7, Warnings: []event.JudgeLogID{1, 2}}
	if got := f.SentenceIn(i18n.French, "Zoë"); !strings.HasPrefix(got, "Zoë a deux avertissements officiels") {
		t.Errorf("French flag %q", got)
	}
	if got := PenaltyName(i18n.French, "not a penalty"); got != "not a penalty" {
		t.Errorf("an unknown penalty is said %q, want it as stored", got)
	}
}
