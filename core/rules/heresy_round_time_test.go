package rules

import "testing"

// Rule H4 (document 002, 3.2.4): "It is recommended that each round have a
// 75 minute time limit, though other or no time limits are allowed at the
// option of the judges." Reascension, and Revelations, which "is run
// identically to a Reascension Tournament" (5.2.1), start from 75-minute
// rounds, which the organizer may change before round 1. (What happens at
// time, the current player finishing the turn, is the at-time
// instruction's part; Armageddon has its own time rules, H6.)
func TestH4HeresyRoundsDefaultToSeventyFiveMinutes(t *testing.T) {
	for _, key := range []string{"reascension", "revelations"} {
		f := mustFormat(t, "heresy", key)
		if f.Defaults.RoundMinutes != 75 {
			t.Errorf("heresy %s: rounds of %d minutes, want the 75 of 3.2.4", key, f.Defaults.RoundMinutes)
		}
	}
}
