package director

import (
	"context"
	"tablekeeper/core/i18n"

	"tablekeeper/core/event"
)

// draft loads the latest round of an event for an edit: it must be a
// draft (not yet published) and the event not finished.
func (d *core) draft(tx Tx, id event.EventID, number int) (event.Event, []event.Round, error) {
	e, err := unfinished(tx, id, i18n.K("%s is finished"))
	if err != nil {
		return e, nil, err
	}
	rounds, err := tx.Rounds(id)
	if err != nil {
		return e, nil, err
	}
	if number < 1 || number > len(rounds) {
		return e, nil, event.NotFoundf("there is no round %d (%d paired)", number, len(rounds))
	}
	if number != len(rounds) {
		return e, nil, event.Statef("round %d is over; only the latest round's pairings can change", number)
	}
	if rounds[number-1].Published() {
		return e, nil, event.Statef("round %d is published; pairings can change only before they are published", number)
	}
	return e, rounds, nil
}

// PublishRound publishes a draft round's pairings: from then on results can
// be entered, and the pairings no longer change. Each table gets its code
// for reporting from a phone (TableCodes) in the same transaction.
func (d *Drafts) PublishRound(ctx context.Context, id event.EventID, number int) error {
	var e event.Event
	err := d.store.Write(ctx, func(tx Tx) error {
		var rounds []event.Round
		var err error
		e, rounds, err = d.draft(tx, id, number)
		if err != nil {
			return err
		}
		if err := tx.PublishRound(rounds[number-1].ID, d.now()); err != nil {
			return err
		}
		if err := d.assignTableCodes(tx, id, rounds[number-1]); err != nil {
			return err
		}
		return d.log(tx, id, number, i18n.F("round %d published", number))
	})
	if err != nil || d.snapshot == nil {
		return err
	}
	if err := d.snapshot(ctx, e, number); err != nil {
		return d.store.Write(ctx, func(tx Tx) error {
			return d.log(tx, id, number, i18n.F("the automatic backup after round %d could not be written: %s", number, errorText(err)))
		})
	}
	return nil
}

// RepairRound pairs the latest round again, with a new seed, before it is
// published: after late check-ins, drops or a pairing the organizer does
// not want.
func (d *Drafts) RepairRound(ctx context.Context, id event.EventID) (event.Round, error) {
	var r event.Round
	err := d.store.Write(ctx, func(tx Tx) error {
		rounds, err := tx.Rounds(id)
		if err != nil {
			return err
		}
		e, rounds, err := d.draft(tx, id, len(rounds))
		if err != nil {
			return err
		}
		last := rounds[len(rounds)-1]
		if err := tx.DeleteRound(last.ID); err != nil {
			return err
		}
		if err := d.log(tx, id, last.Number, i18n.F("round %d pairings withdrawn to pair again", last.Number)); err != nil {
			return err
		}
		r, err = d.pairRound(tx, e, rounds[:len(rounds)-1])
		return err
	})
	return r, err
}

// WithdrawRound removes the latest round while it is a draft (paired by
// mistake, or an extra round nobody wants). Withdrawing round 1 takes the
// event back to registration: settings and check-in open again.
func (d *Drafts) WithdrawRound(ctx context.Context, id event.EventID) error {
	return d.store.Write(ctx, func(tx Tx) error {
		paired, err := tx.RoundCount(id)
		if err != nil {
			return err
		}
		e, rounds, err := d.draft(tx, id, paired)
		if err != nil {
			return err
		}
		last := rounds[paired-1]
		if err := tx.DeleteRound(last.ID); err != nil {
			return err
		}
		if paired == 1 {
			e.State = event.StateRegistration
			if err := tx.UpdateEvent(e); err != nil {
				return err
			}
		}
		return d.log(tx, id, paired, i18n.F("round %d withdrawn before it was published", paired))
	})
}

// SwapPlayers exchanges the seats of two players in a draft round (either
// may have the bye). It is how an organizer pairs by hand: any pairing can
// be reached by swaps. The change is logged. In a team event it swaps the
// two players' teams, member for member.
func (d *Drafts) SwapPlayers(ctx context.Context, id event.EventID, number int, a, b event.EntryID) error {
	if a == b {
		return event.Invalid("choose two different players to swap")
	}
	return d.store.Write(ctx, func(tx Tx) error {
		e, rounds, err := d.draft(tx, id, number)
		if err != nil {
			return err
		}
		r := rounds[number-1]
		if e.Settings.Teams() {
			return d.swapTeams(tx, e, r, a, b)
		}
		ta, sa, tb, sb := -1, -1, -1, -1
		for i, t := range r.Tables {
			for j, s := range t.Seats {
				switch s.EntryID {
				case a:
					ta, sa = i, j
				case b:
					tb, sb = i, j
				}
			}
		}
		entries, err := tx.Entries(id)
		if err != nil {
			return err
		}
		names := nameIndex(entries)
		if ta < 0 || tb < 0 {
			missing := a
			if ta >= 0 {
				missing = b
			}
			return event.NotFoundf("%s has no seat in round %d", nameOr(names, missing), number)
		}
		if ta == tb {
			return event.Invalidf("%s and %s sit at the same table already", names[a], names[b])
		}
		r.Tables[ta].Seats[sa].EntryID, r.Tables[tb].Seats[sb].EntryID = b, a
		for _, i := range []int{ta, tb} {
			r.Tables[i].Why = addReason(r.Tables[i].Why, i18n.F("changed by the organizer"))
		}
		if err := tx.ReplaceTables(r.ID, r.Tables); err != nil {
			return err
		}
		return d.log(tx, id, number, i18n.F("round %d: %s and %s swapped seats", number, names[a], names[b]))
	})
}

func nameOr(names map[event.EntryID]string, id event.EntryID) string {
	if n, ok := names[id]; ok {
		return n
	}
	return "that player"
}

// FixTable gives a player a fixed table (accessibility: a table near the
// door, one that takes a wheelchair); 0 removes it. Later rounds seat the
// player's match at that table; a draft round is renumbered at once.
func (d *Drafts) FixTable(ctx context.Context, entry event.EntryID, table int) error {
	if err := checkFixedTable(table); err != nil {
		return err
	}
	return d.changeEntry(ctx, entry, func(tx Tx, e event.Event, en *event.Entry, paired int) error {
		return d.fixTable(tx, e, en, paired, table)
	})
}

// checkFixedTable reports whether table can be fixed: 1 to 9999, or 0
// for none.
func checkFixedTable(table int) error {
	if table < 0 || table > 9999 {
		return event.Invalidf("table %d does not exist; use 1 to 9999, or 0 for none", table)
	}
	return nil
}

// fixTable gives en the fixed table inside the write tx (see FixTable);
// the caller saves en.
func (d *core) fixTable(tx Tx, e event.Event, en *event.Entry, paired, table int) error {
	entries, err := tx.Entries(e.ID)
	if err != nil {
		return err
	}
	for i, other := range entries {
		if table > 0 && other.ID != en.ID && other.FixedTable == table && other.Active() {
			return event.Conflictf("table %d is already fixed for %s", table, other.Name)
		}
		if other.ID == en.ID {
			entries[i].FixedTable = table
		}
	}
	en.FixedTable = table
	if paired > 0 {
		last, err := tx.RoundHead(e.ID, paired)
		if err != nil {
			return err
		}
		if !last.Published() {
			rounds, err := tx.Rounds(e.ID)
			if err != nil {
				return err
			}
			r := rounds[paired-1]
			numberTables(r.Tables, entries)
			if r.Stage == event.StageSwiss {
				sortByNumber(r.Tables)
			}
			if err := tx.ReplaceTables(r.ID, r.Tables); err != nil {
				return err
			}
		}
	}
	if table == 0 {
		return d.log(tx, e.ID, paired, i18n.F("fixed table removed for %s", en.Name))
	}
	return d.log(tx, e.ID, paired, i18n.F("table %d fixed for %s", table, en.Name))
}
