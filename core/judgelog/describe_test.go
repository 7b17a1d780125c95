package judgelog

import (
	"testing"
	"time"

	"tablekeeper/core/event"
)

// Rule G4: every log line says when, where, who, what and which judge.
func TestDescribe(t *testing.T) {
	names := Names{Entries: map[event.EntryID]string{7: "Zoë"}, Judges: map[event.JudgeID]string{1: "Ana"}}
	warning := pen(14, 7, "slow play", FormalWarning)
	warning.Round, warning.Table = 3, 12
	points := fix(15, 14, deduction(0, 7, 2))
	deck := event.JudgeLogEntry{Round: 0, JudgeID: 1, EntryID: 7, Kind: event.LogDeckCheck, Outcome: "failed", Penalty: GameLoss}
	r := ruling(16, 0)
	r.Description, r.Extension = "Æmber capture timing", 4*time.Minute
	appeal := event.JudgeLogEntry{Round: 2, JudgeID: 2, EntryID: 8, Kind: event.LogAppeal, Outcome: "upheld"}
	ext := event.JudgeLogEntry{Round: 2, Table: 4, Kind: event.LogExtension, Extension: 90 * time.Second}
	cases := []struct {
		e    event.JudgeLogEntry
		want string
	}{
		{warning, "Round 3, table 12: Zoë — slow play, formal warning (judge Ana)"},
		{points, "Round 1, table 1: correction of log entry 14: Zoë — stalling, point deduction of 2 points (judge Ana)"},
		{void(17, 14), "Before round 1: log entry 14 withdrawn: wrong player (judge Ana)"},
		{deck, "Before round 1: Zoë — deck check: failed, game loss (judge Ana)"},
		{r, "Round 1, table 1: ruling: Æmber capture timing, +4 min (judge Ana)"},
		{appeal, "Round 2: appeal by player #8: upheld (judge #2)"},
		{ext, "Round 2, table 4: time extended by 1m30s"},
	}
	for _, c := range cases {
		if got := Describe(c.e, names); got != c.want {
			t.Errorf("got  %q\nwant %q", got, c.want)
		}
	}
}
