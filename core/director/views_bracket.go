package director

import (
	"context"
	"math/rand/v2"

	"tablekeeper/core/event"
	"tablekeeper/core/pairing"
)

// BracketView is an event's elimination bracket as its published rounds
// played it, for the wall chart: the bracket engine's own data, so that
// every match sits where the structure puts it (a double elimination's
// losers bracket and grand final, a KeyForge playoff after its loss
// rounds), never where a round's table order would put it.
type BracketView struct {
	Event event.Event
	// Bracket is the whole bracket, every match with its place, entrants,
	// status and the round and table it was played at; nil when the event
	// has no bracket to chart (see Charted).
	Bracket *pairing.Bracket
	// Rounds are the event's published rounds, to read the results of
	// the matches played.
	Rounds []event.Round
	// Charted says the structure has a bracket chart at all: false for
	// structures paired round by round (Swiss without a top cut, round
	// robin, loss rounds of Armageddon or of a double elimination + final,
	// fixed schedules), whatever has been played.
	Charted bool
}

// Bracket reads the bracket of event id as its published rounds played
// it. A draft round is left out, as on every report, and a bracket that
// is drawn (the KeyForge playoff) is only shown once its first round is
// published: the draw is read from that round, never made here.
func (d *Views) Bracket(ctx context.Context, id event.EventID) (BracketView, error) {
	var v BracketView
	err := readWithRounds(ctx, d.store, id, func(tx Tx, e event.Event, entries []event.Entry, rounds []event.Round) (err error) {
		v.Event, v.Rounds = e, publishedRounds(rounds)
		v.Charted, v.Bracket, err = bracketOf(e, entries, v.Rounds)
		return err
	})
	return v, err
}

// bracketOf replays the bracket of an event over its published rounds:
// whether the structure has a chart, and the bracket once a round of it
// is published.
func bracketOf(e event.Event, entries []event.Entry, published []event.Round) (bool, *pairing.Bracket, error) {
	s := e.Settings
	entrants := seededEntries(entries)
	gone := withdrawn(entries)
	// The last published round may be in progress: the chart shows its
	// matches without a winner.
	single := pairing.BracketOptions{ThirdPlace: s.Playoff.ThirdPlace, Withdrawn: gone, Unfinished: true}
	var prog pairing.Progress
	var err error
	switch s.Structure {
	case event.StructureSwiss:
		cut := stageRounds(published, event.StageElimination)
		if s.Playoff.TopCut == 0 {
			return false, nil, nil
		}
		if len(cut) == 0 {
			return true, nil, nil
		}
		prog, err = pairing.SingleElimination(entrants, cut, single)
	case event.StructureSingleElimination, event.StructureDoubleElimination:
		if len(published) == 0 {
			return true, nil, nil
		}
		if s.Structure == event.StructureSingleElimination {
			prog, err = pairing.SingleElimination(entrants, published, single)
		} else {
			prog, err = pairing.DoubleElimination(entrants, published, pairing.BracketOptions{Reset: s.Double, Withdrawn: gone, Unfinished: true})
		}
	case event.StructureKeyForge:
		if len(stageRounds(published, event.StagePlayoff)) == 0 {
			return true, nil, nil
		}
		// The playoff's draw is read back from its first round: the
		// source is never drawn from once the playoff has begun.
		prog, err = pairing.KeyForge(entrants, published, pairing.KeyForgeOptions{Withdrawn: gone, Unfinished: true}, rand.New(rand.NewPCG(0, 0))) // #nosec G404 -- the source is never drawn from once the playoff has begun
	default:
		return false, nil, nil
	}
	if err != nil {
		return true, nil, err
	}
	return true, prog.Bracket, nil
}
