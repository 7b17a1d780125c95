package pairing

import "tablekeeper/core/i18n"

// phrases are the formats of the reasons (Table.Why, Pass.Why) and round
// names this package builds in English, which the store keeps as built:
// i18n.Resay reads them back to say them in a reader's language. Each is
// the exact fmt format of its build site.
var _ = []string{
	// Swiss (swiss.go).
	i18n.Phrase("round 1 by seeding: seed %d v seed %d"),
	i18n.Phrase("same points (%d)"),
	i18n.Phrase("pair-down: %d v %d points"),
	i18n.Phrase("rematch: no pairing without one exists"),
	i18n.Phrase("bye: lowest-ranked player without a bye"),
	i18n.Phrase("bye: every player has had one; lowest-ranked player with the fewest"),
	// Pods (pods.go).
	i18n.Phrase("pod of %d drawn at random"),
	i18n.Phrase("pod of %d on %d points"),
	i18n.Phrase("pod of %d on %d–%d points"),
	i18n.Phrase("%s (rule H2: tables of four take the top scores)"),
	i18n.Phrase("seat order drawn"),
	i18n.Phrase("%d players meet again"),
	i18n.Phrase("%d players meet again (%d pairs)"),
	// Round robin (roundrobin.go).
	i18n.Phrase("round robin (S10): Berger table %d of round %d, seed %d v seed %d"),
	i18n.Phrase("%s, seats swapped (second cycle)"),
	i18n.Phrase("bye: odd number of players, each has one bye per cycle (round robin)"),
	i18n.Phrase("walkover (K10): the scheduled opponent, entry %d, was dropped or disqualified"),
	i18n.Phrase("round %d of %d"),
	// Elimination brackets (elim.go).
	i18n.Phrase("walkover (K10): %s, entry %d was dropped or disqualified"),
	i18n.Phrase("%s: seed %d v seed %d"),
	i18n.Phrase("%s: draw %d v draw %d"),
	i18n.Phrase("bye: %s, seed %d has no opponent"),
	i18n.Phrase("bye: %s, draw %d has no opponent"),
	i18n.Phrase("third-place match"),
	i18n.Phrase("grand final"),
	i18n.Phrase("grand final reset"),
	i18n.Phrase("losers final"),
	i18n.Phrase("losers round %d"),
	i18n.Phrase("losers round %d %s"),
	i18n.Phrase("winners final"),
	i18n.Phrase("winners round %d"),
	i18n.Phrase("winners round %d %s"),
	i18n.Phrase("final"),
	i18n.Phrase("semi-final"),
	i18n.Phrase("semi-final %s"),
	i18n.Phrase("quarter-final"),
	i18n.Phrase("quarter-final %s"),
	i18n.Phrase("round %d"),
	i18n.Phrase("round %d %s"),
	// Loss rounds: KeyForge's cut (keyforge.go), Armageddon (armageddon.go).
	i18n.Phrase("playoff %s (best of three, K6)"),
	i18n.Phrase("cut round (K6): 1 v 1 losses; %d of the %d players left go out to leave eight for the playoff"),
	i18n.Phrase("waits (K6 cut round): %d table(s) of 1-loss players cut the field to eight"),
	i18n.Phrase("loss round %d"),
	i18n.Phrase("loss round %d (%s)"),
	i18n.Phrase("cut to eight"),
	i18n.Phrase("cut to the final %d"),
	i18n.Phrase("loss round %d: %d v %d losses"),
	i18n.Phrase("loss round %d: pair-down, %d v %d losses (odd number of unbeaten players)"),
	i18n.Phrase("rematch, no pairing without one was found"),
	i18n.Phrase("round %d: seed %d v seed %d"),
	i18n.Phrase("round %d, unbeaten: seed %d v seed %d"),
	i18n.Phrase("round %d, one loss each: seed %d v seed %d"),
	i18n.Phrase("round %d, pair-down, unbeaten v one loss: seed %d v seed %d"),
	// Fixed schedules (schedule.go).
	i18n.Phrase("fixed schedule (S12), round %d of %d"),
	i18n.Phrase("fixed schedule (S12), round %d of %d: no opponents met before"),
}
