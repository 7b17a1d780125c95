package rules

import (
	"tablekeeper/core/event"
	"tablekeeper/core/i18n"
)

// MatchDraws says whether a two-player match of event e in round r may end
// drawn and, when it may not, the sentence that says why. The result form
// leaves draws out of its hint where they cannot happen, and the director
// refuses a drawn result at entry with this sentence, instead of the round
// looking complete until the next pairing fails.
//
//   - Rule K7/K8: KeyForge has no draw. Going to time, the tie-breaker
//     sequence always names a winner, down to the first player.
//   - An elimination, loss or playoff round needs a winner to go on (X2,
//     K6, H6): its bracket cannot advance a draw.
func MatchDraws(e event.Event, r event.Round) (ok bool, why i18n.Text) {
	if e.Settings.Structure == event.StructureKeyForge {
		return false, i18n.F("KeyForge has no draws: at time the tie-breaker sequence (K7, K8) always names a winner, down to the first player. Enter the winner, or use Time called… for the tie-breakers.")
	}
	switch r.Stage {
	case event.StageElimination, event.StagePlayoff:
		return false, i18n.F("an elimination match cannot end drawn: its winner goes on. Enter the winner (ask the players, or use the game's procedure at time).")
	}
	return true, i18n.Text{}
}
