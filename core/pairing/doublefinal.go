package pairing

import (
	"fmt"
	"math/rand/v2"
	"tablekeeper/core/i18n"

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
	return lossRound(st, active, lossCut{
		size: size,
		rule: "S10 e",
		table: func(need, left int) i18n.Text {
			return i18n.F("cut round (S10 e): 1 v 1 losses; %d of the %d players left go out to leave %d for the final table", need, left, size)
		},
		wait: func(need int) i18n.Text {
			return i18n.FN("waits (cut round): %d table(s) of 1-loss players cut the field to the final %d", need, need, size)
		},
		name: i18n.F("cut to the final %d", size),
	}, rng)
}
