package pairing

import (
	"fmt"

	"tablekeeper/core/event"
)

// DoubleElimination is a double-elimination bracket (S10): nobody is out
// before losing two matches. The entrants, given in seed order, fill a
// winners bracket of the next power of two with the standard seeding of
// SingleElimination (top seeds get the byes). Each winners-bracket loser
// drops into the losers bracket: the losers of winners round 1 meet each
// other in losers round 1; the losers of winners round j (j ≥ 2) meet the
// survivors of the losers bracket in losers round 2j−2, placed in reverse
// order when j is even and with the two halves swapped when j is odd, so
// that players who met in the winners bracket do not meet again at once.
// An empty slot (from a bye) gives the other player a bye in the losers
// bracket too.
//
// The champions of both sides meet in the grand final, the winners-bracket
// champion in seat 1. With opt.Reset, when the losers-bracket champion
// wins it a second final is played (a reset), so the winners-bracket
// champion is also out only after two losses; without it the grand final
// decides.
//
// Schedule: winners round j is played in stage round j, losers round m in
// stage round m+1, the grand final in round 2k and the reset in 2k+1 for a
// bracket of 2^k. Stage rounds with only byes are skipped.
//
// Rounds played, results, draws (an error), and drops and disqualifications
// (K10: the opponent advances, reported as a PassWalkover) are handled as in
// SingleElimination. Placements: the champion, the final's loser, then the
// losers of each losers-bracket round, later rounds first, sharing a place
// within a round (1, 2, 3, 4, 5, 5, 7, 7, … for eight).
func DoubleElimination(seeds []event.EntryID, played []event.Round, opt BracketOptions) (Progress, error) {
	if err := elCheckEntrants(seeds); err != nil {
		return Progress{}, err
	}
	return elDouble(seeds, opt.Reset, "seed").play(played, elSet(opt.Withdrawn), opt.Unfinished, "double elimination")
}

// elDouble builds a double-elimination bracket, match by match in the order
// of play, so that every match comes after the matches that feed it.
func elDouble(seeds []event.EntryID, reset bool, label string) *elBracket {
	e := elNewBracket(DoubleBracket, seeds, label)
	k, size := e.k, e.b.Size
	order := elSeedOrder(size)
	w := make([][]int, k+1)
	l := make([][]int, max(2*k-1, 1))
	for p := 1; p <= 2*k+1; p++ {
		if j := p; j <= k {
			n := size >> j
			w[j] = make([]int, n)
			for i := range n {
				m := BracketMatch{Key: fmt.Sprintf("W%d-%d", j, i+1), Side: SideWinners, Round: j, Index: i, Play: p}
				if j == 1 {
					w[j][i] = e.add(m, elSrc{kind: elFromSeed, seed: order[2*i]}, elSrc{kind: elFromSeed, seed: order[2*i+1]})
				} else {
					w[j][i] = e.add(m, elSrc{kind: elFromWinner, match: w[j-1][2*i]}, elSrc{kind: elFromWinner, match: w[j-1][2*i+1]})
				}
			}
		}
		if m := p - 1; m >= 1 && m <= 2*k-2 {
			n := size >> ((m+1)/2 + 1)
			l[m] = make([]int, n)
			for i := range n {
				bm := BracketMatch{Key: fmt.Sprintf("L%d-%d", m, i+1), Side: SideLosers, Round: m, Index: i, Play: p}
				switch {
				case m == 1:
					l[m][i] = e.add(bm, elSrc{kind: elFromLoser, match: w[1][2*i]}, elSrc{kind: elFromLoser, match: w[1][2*i+1]})
				case m%2 == 1:
					l[m][i] = e.add(bm, elSrc{kind: elFromWinner, match: l[m-1][2*i]}, elSrc{kind: elFromWinner, match: l[m-1][2*i+1]})
				default:
					j := m/2 + 1
					l[m][i] = e.add(bm, elSrc{kind: elFromWinner, match: l[m-1][i]}, elSrc{kind: elFromLoser, match: w[j][elDropSlot(i, n, j)]})
				}
			}
		}
		if p == 2*k {
			m := BracketMatch{Key: "GF", Side: SideFinal, Round: 1, Play: p}
			if k == 1 {
				e.final = e.add(m, elSrc{kind: elFromWinner, match: w[1][0]}, elSrc{kind: elFromLoser, match: w[1][0]})
			} else {
				e.final = e.add(m, elSrc{kind: elFromWinner, match: w[k][0]}, elSrc{kind: elFromWinner, match: l[2*k-2][0]})
			}
		}
		if p == 2*k+1 && reset {
			e.reset = e.add(BracketMatch{Key: "GF2", Side: SideReset, Round: 2, Play: p}, elSrc{}, elSrc{})
			e.b.Matches[e.reset].From = [2]string{"grand final, seat 1", "grand final, seat 2"}
		}
	}
	return e
}

// elDropSlot returns which match of winners round j sends its loser to
// match i of the n matches of losers round 2j−2: reversed when j is even,
// halves swapped when j is odd. Both maps are their own inverse.
func elDropSlot(i, n, j int) int {
	if j%2 == 0 {
		return n - 1 - i
	}
	return (i + n/2) % n
}
