package store_test

import "fmt"

// legacyStandingLine is one standing as testdata/schema6-standings.txt
// holds it: everything the standings compute, the percentages to nine
// places.
func legacyStandingLine(rank int, name, status string, points, matches, wins, losses, draws, byes,
	gamesWon, gamesLost, gamesDrawn, gamePoints, buchholz, h2h int, mw, gw, omw, ogw, oomw float64) string {
	return fmt.Sprintf("%d %q %s pts %d m %d %d-%d-%d byes %d games %d-%d-%d gp %d buchholz %d h2h %d mw %.9f gw %.9f omw %.9f ogw %.9f oomw %.9f",
		rank, name, status, points, matches, wins, losses, draws, byes, gamesWon, gamesLost, gamesDrawn, gamePoints, buchholz, h2h, mw, gw, omw, ogw, oomw)
}

// legacyProgressLine is an event's progress as
// testdata/schema6-standings.txt holds it.
func legacyProgressLine(rounds, swiss, cut, planned, next, nextRound int, ready, done bool, label string) string {
	return fmt.Sprintf("progress: %d rounds (%d Swiss, %d after), %d planned; next %d round %d ready %v done %v: %s",
		rounds, swiss, cut, planned, next, nextRound, ready, done, label)
}
