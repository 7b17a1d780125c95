package judgelog

import (
	"slices"
	"time"

	"tablekeeper/core/event"
)

// Effects is what the judge log in force does to the event, as plain data
// the director applies. Each item names the log entry it comes from by the
// first entry of its correction chain, so a correction that changes only the
// wording of an entry changes no effect.
type Effects struct {
	// Losses are the game and match losses in force, in log order.
	Losses []Loss
	// Removals are the disqualifications and ejections in force, in log
	// order.
	Removals []Removal
	// ExtraLosses counts, per player, the extra losses (SWS 4.2a) to add to
	// the player's record in an elimination event.
	ExtraLosses map[event.EntryID]int
	// Deductions sums, per player, the points taken by point deductions.
	Deductions map[event.EntryID]int
	// Extensions sums the time added per round and table (Table 0: the
	// whole round) by rulings, deck checks, appeals and extensions (S11).
	Extensions map[TableRef]time.Duration
}

// TableRef names a table by round and table number.
type TableRef struct {
	Round, Table int
}

// Loss is a game or match loss given to a player at a table.
type Loss struct {
	// Entry is the player who loses.
	Entry event.EntryID
	Round int
	Table int
	// Match is true for a match loss, false for a game loss.
	Match bool
	// Log is the first entry of the penalty's correction chain.
	Log event.JudgeLogID
}

// Removal is a player disqualified from the tournament or ejected from the
// event.
type Removal struct {
	// Entry is the player removed.
	Entry event.EntryID
	// Round and Table are where the penalty was given: if that table was
	// in the middle of its match, the opponent wins the match (K10).
	Round int
	Table int
	// Ejected is true for an ejection, false for a disqualification.
	Ejected bool
	// Log is the first entry of the penalty's correction chain.
	Log event.JudgeLogID
}

// EffectsOf returns the effects of the judge log in force (see Effective):
// undoing a penalty is a correction, and the effects of the corrected log no
// longer hold it.
func EffectsOf(log []event.JudgeLogEntry) Effects {
	fx := newEffects()
	for _, c := range chains(log) {
		if !c.inForce() {
			continue
		}
		e := c.current
		if e.Extension > 0 && e.Round > 0 {
			fx.Extensions[TableRef{Round: e.Round, Table: e.Table}] += e.Extension
		}
		if e.EntryID == 0 {
			continue
		}
		switch e.Penalty {
		case GameLoss, MatchLoss:
			fx.Losses = append(fx.Losses, Loss{Entry: e.EntryID, Round: e.Round, Table: e.Table,
				Match: e.Penalty == MatchLoss, Log: c.root.ID})
		case Disqualification, Ejection:
			fx.Removals = append(fx.Removals, Removal{Entry: e.EntryID, Round: e.Round, Table: e.Table,
				Ejected: e.Penalty == Ejection, Log: c.root.ID})
		case ExtraLoss:
			fx.ExtraLosses[e.EntryID]++
		case PointDeduction:
			if e.Points > 0 {
				fx.Deductions[e.EntryID] += e.Points
			}
		}
	}
	return fx
}

// Deductions sums the points taken from each player by the point deductions
// in force, for standings to subtract from the score they rank by first.
func Deductions(log []event.JudgeLogEntry) map[event.EntryID]int {
	return EffectsOf(log).Deductions
}

func newEffects() Effects {
	return Effects{
		ExtraLosses: make(map[event.EntryID]int),
		Deductions:  make(map[event.EntryID]int),
		Extensions:  make(map[TableRef]time.Duration),
	}
}

// Diff returns what after adds to before and what it withdraws: the effects
// the director applies, and those it undoes, when an entry is appended.
// Counts and sums are compared per player or table: added holds the
// increases, withdrawn the decreases, both as positive amounts.
func Diff(before, after Effects) (added, withdrawn Effects) {
	added, withdrawn = newEffects(), newEffects()
	added.Losses, withdrawn.Losses = listDiff(before.Losses, after.Losses)
	added.Removals, withdrawn.Removals = listDiff(before.Removals, after.Removals)
	mapDiff(before.ExtraLosses, after.ExtraLosses, added.ExtraLosses, withdrawn.ExtraLosses)
	mapDiff(before.Deductions, after.Deductions, added.Deductions, withdrawn.Deductions)
	mapDiff(before.Extensions, after.Extensions, added.Extensions, withdrawn.Extensions)
	return added, withdrawn
}

func listDiff[T comparable](before, after []T) (added, withdrawn []T) {
	for _, x := range after {
		if !slices.Contains(before, x) {
			added = append(added, x)
		}
	}
	for _, x := range before {
		if !slices.Contains(after, x) {
			withdrawn = append(withdrawn, x)
		}
	}
	return added, withdrawn
}

func mapDiff[K comparable, V int | time.Duration](before, after, added, withdrawn map[K]V) {
	for k, v := range after {
		if d := v - before[k]; d > 0 {
			added[k] = d
		}
	}
	for k, v := range before {
		if d := v - after[k]; d > 0 {
			withdrawn[k] = d
		}
	}
}

// Forfeit returns the result to record at the table where a player was
// disqualified or ejected in the middle of a match: "his or her opponent
// receives a win for that match" (K10), by the games a best of bestOf needs
// to none. t is the table numbered r.Table in round r.Round, as it stands
// now. It reports false when t is another table, already has a result, is
// a bye, or does not seat the player at one of exactly two seats: a
// multiplayer or team table has no single opponent, and the director's
// policy decides.
func Forfeit(r Removal, t event.Table, bestOf int) (event.Result, bool) {
	if t.Result != nil || t.Bye || len(t.Seats) != 2 || r.Table == 0 || t.Number != r.Table {
		return event.Result{}, false
	}
	i := slices.IndexFunc(t.Seats, func(s event.Seat) bool { return s.EntryID == r.Entry })
	if i < 0 {
		return event.Result{}, false
	}
	res := event.Result{Seats: make([]event.SeatResult, 2)}
	res.Seats[1-i].GamesWon = max(bestOf, 1)/2 + 1
	return res, true
}
