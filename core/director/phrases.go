package director

import "tablekeeper/core/i18n"

// phrases are the formats of the reasons (Table.Why) and round names this
// package builds in English and stores as built: i18n.Resay reads them
// back to say them in a reader's language. Each is the exact fmt format of
// its build site.
var _ = []string{
	// Final tables (structures.go).
	i18n.Phrase("final table"),
	i18n.Phrase("final table: the top %d by match points, then game points; seat order drawn"),
	i18n.Phrase("secondary table: places %d to %d; seat order drawn"),
	i18n.Phrase("final table (S10 e): the %d players left after the loss rounds; seat order drawn"),
	i18n.Phrase("secondary table: places %d to %d, the next by fewest losses then most games won; seat order drawn"),
	i18n.Phrase("top %d: %s"),
	// Fixed schedules and fixed tables (structures.go).
	i18n.Phrase("schedule round %d of %d"),
	i18n.Phrase("fixed schedule: table of %d"),
	i18n.Phrase("fixed schedule: table of %d, %d seat(s) left empty by a drop"),
	i18n.Phrase("bye: the rest of the scheduled table dropped"),
	i18n.Phrase("fixed table for %s"),
	i18n.Phrase("changed by the organizer"),
	// Draft pods (draftpods.go).
	i18n.Phrase("round 1: both drafted in pod %d (A5)"),
	i18n.Phrase("the odd player of pod %d"),
	i18n.Phrase("joined after the draft pods were drawn"),
	i18n.Phrase("round 1: %s and %s"),
	i18n.Phrase("round 1: %s"),
	i18n.Phrase("the bye is drawn among the players left over"),
	// Challenge games (challenges.go).
	i18n.Phrase("challenge game"),
	i18n.Phrase("challenge game %d"),
}
