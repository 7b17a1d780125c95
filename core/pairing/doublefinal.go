package pairing

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"

	"tablekeeper/core/event"
)

// DoubleFinalOptions are the inputs of DoubleFinal besides the rounds.
type DoubleFinalOptions struct {
	// FinalTable is the number of players the loss rounds are played down
	// to (S10 e: "usually three or four"; the director decides, 3 to 5).
	FinalTable int
	// BestOf is the number of games of a match (for LossRecord.LostGames).
	BestOf int
	// Withdrawn are the entries dropped or disqualified; never paired.
	Withdrawn []event.EntryID
}

// DoubleFinal pairs the loss rounds of Shadowfist's Double Elimination +
// Final (S10 e): "players are eliminated from the tournament after their
// second loss until a number of players remain to make a final round".
// played are the loss rounds so far (the final table is the director's).
//
// While more than FinalTable players are still in (fewer than two losses,
// not withdrawn) the answer is the next loss round, paired as KeyForge
// pairs its loss rounds (see KeyForge): players shuffled and paired
// within their loss group, 0-loss with 0-loss and 1-loss with 1-loss,
// avoiding rematches where a pairing without one exists; an odd player
// count gives a bye (a free round, no loss) to a 1-loss player without a
// bye where there is one; an odd unbeaten group pairs one player down.
//
// The rule does not say what happens when a round would leave fewer than
// FinalTable players. As KeyForge does for its eight, a round that could
// do so is a cut round: of the R players left, exactly R−FinalTable tables
// of two 1-loss players are paired (each puts exactly one player out) and
// the others wait, so exactly FinalTable players reach the final table.
//
// Once at most FinalTable players are still in, Done is true and Next is
// empty: the final table is due. Records are every entrant's loss record.
func DoubleFinal(entrants []event.EntryID, played []event.Round, opt DoubleFinalOptions, rng *rand.Rand) (Progress, error) {
	if err := elCheckEntrants(entrants); err != nil {
		return Progress{}, err
	}
	if opt.FinalTable < 1 {
		return Progress{}, event.Invalidf("double elimination + final needs a final table size, not %d", opt.FinalTable)
	}
	st, err := lrReplay(entrants, played, elSet(opt.Withdrawn), 2, opt.BestOf)
	if err != nil {
		return Progress{}, fmt.Errorf("double elimination loss rounds: %w", err)
	}
	active := st.active()
	if len(active) <= opt.FinalTable {
		return Progress{Done: true, Records: st.records()}, nil
	}
	return Progress{Next: dfLossRound(st, active, opt.FinalTable, rng), Records: st.records()}, nil
}

// dfLossRound pairs the next loss round (see DoubleFinal).
func dfLossRound(st *lrStage, active []LossRecord, size int, rng *rand.Rand) NextRound {
	round := st.rounds + 1
	nr := NextRound{Name: fmt.Sprintf("loss round %d", round), Stage: event.StageElimination}
	var g0, g1 []LossRecord
	for _, r := range active {
		if r.Losses == 0 {
			g0 = append(g0, r)
		} else {
			g1 = append(g1, r)
		}
	}
	rng.Shuffle(len(g0), func(i, j int) { g0[i], g0[j] = g0[j], g0[i] })
	rng.Shuffle(len(g1), func(i, j int) { g1[i], g1[j] = g1[j], g1[i] })

	var bye Pass
	p0, p1 := kfIDs(g0), kfIDs(g1)
	if len(active)%2 == 1 {
		bye = kfBye(g0, g1, rng)
		bye.Why = strings.Replace(bye.Why, "(K6)", "(S10 e)", 1)
		p0 = slices.DeleteFunc(p0, func(id event.EntryID) bool { return id == bye.Entry })
		p1 = slices.DeleteFunc(p1, func(id event.EntryID) bool { return id == bye.Entry })
	}
	pairs, _ := lrPairGroups(p0, p1, st.met)
	losses := map[event.EntryID]int{}
	for _, r := range active {
		losses[r.Entry] = r.Losses
	}
	risky := 0
	for _, pr := range pairs {
		if losses[pr[0]]+losses[pr[1]] > 0 {
			risky++
		}
	}
	if len(active)-risky >= size {
		for _, pr := range pairs {
			a, b := losses[pr[0]], losses[pr[1]]
			why := fmt.Sprintf("loss round %d: %d v %d losses", round, a, b)
			if a != b {
				why = fmt.Sprintf("loss round %d: pair-down, %d v %d losses (odd number of unbeaten players)", round, a, b)
			}
			nr.Tables = append(nr.Tables, Table{Seats: []event.EntryID{pr[0], pr[1]}, Why: why + kfRematch(st.met, pr)})
		}
		if bye.Entry != 0 {
			nr.Passes = append(nr.Passes, bye)
		}
		return nr
	}

	need := len(active) - size
	cut := kfCutPairs(kfIDs(g1), need, st.met)
	seated := map[event.EntryID]bool{}
	for _, pr := range cut {
		seated[pr[0]], seated[pr[1]] = true, true
		nr.Tables = append(nr.Tables, Table{Seats: []event.EntryID{pr[0], pr[1]},
			Why: fmt.Sprintf("cut round (S10 e): 1 v 1 losses; %d of the %d players left go out to leave %d for the final table", need, len(active), size) + kfRematch(st.met, pr)})
	}
	nr.Name = fmt.Sprintf("loss round %d (cut to the final %d)", round, size)
	for _, r := range active {
		if !seated[r.Entry] {
			nr.Passes = append(nr.Passes, Pass{Entry: r.Entry, Kind: PassWait,
				Why: fmt.Sprintf("waits (cut round): %d table(s) of 1-loss players cut the field to the final %d", need, size)})
		}
	}
	return nr
}
