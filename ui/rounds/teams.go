package rounds

import (
	"fmt"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
)

// A team event (Altered 2v2, A6) shows its tables as two-player matches
// between teams: team A (seats 1 and 3) v team B (seats 2 and 4), with the
// teams' points, and takes results exactly as two-player ones ("2-1" is
// team A's games – team B's). A team's bye, a bye table for each player,
// is one row. A click on a team in a draft picks the team for a swap.

// Teams reports whether a round is of a team event.
func Teams(sh director.Sheet) bool { return sh.Event.Settings.Teams() }

// TeamLabel names a team at a table: "Les Zoëlles (Ada & Bob)", or just
// "Ada & Bob" when the team is named after its players.
func TeamLabel(t director.SheetTeam) string {
	members := t.MemberNames()
	if t.Name == members || members == "" {
		return t.Name
	}
	return fmt.Sprintf("%s (%s)", t.Name, members)
}

// teamSides returns the two sides of a team table as the row shows them:
// each team as one "player" (the team's first member, named by the
// team's label, with the team's points). ok is false for a bye or a table
// that is not a team table.
func teamSides(t director.SheetTable) (sides [2]director.SheetPlayer, ok bool) {
	if t.Bye || len(t.Teams) != 2 {
		return sides, false
	}
	for k, tm := range t.Teams {
		sides[k] = director.SheetPlayer{Entry: tm.Entry, Name: TeamLabel(tm), Points: tm.Points}
	}
	return sides, true
}

// teamByes counts the teams with a bye in a team event's round (each has a
// bye row per player).
func teamByes(sh director.Sheet) int {
	seen := map[event.TeamID]bool{}
	for _, t := range sh.Tables {
		if t.Bye && len(t.Teams) == 1 {
			seen[t.Teams[0].ID] = true
		}
	}
	return len(seen)
}
