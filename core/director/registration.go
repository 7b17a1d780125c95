package director

import (
	"context"
	"strings"
	"tablekeeper/core/i18n"
	"time"

	"tablekeeper/core/event"
)

// FindPlayers searches the player directory by part of a name or member
// number; an empty query lists it by name.
func (d *Registration) FindPlayers(ctx context.Context, query string, limit int) ([]event.Player, error) {
	return readIn(ctx, d.store, func(tx Tx) ([]event.Player, error) { return tx.FindPlayers(strings.TrimSpace(query), limit) })
}

// NewPlayer is a person to add to the directory.
type NewPlayer struct {
	Name     string
	MemberNo string
	Email    string
}

func (p NewPlayer) player(d *Director) event.Player {
	return event.Player{
		Name:      strings.Join(strings.Fields(p.Name), " "),
		MemberNo:  strings.TrimSpace(p.MemberNo),
		Email:     strings.TrimSpace(p.Email),
		CreatedAt: d.now(),
	}
}

// AddPlayer adds a person to the directory without registering them.
func (d *Registration) AddPlayer(ctx context.Context, np NewPlayer) (event.Player, error) {
	p := np.player(d.dir)
	if err := p.Validate(); err != nil {
		return event.Player{}, err
	}
	err := d.store.Write(ctx, func(tx Tx) error { return tx.CreatePlayer(&p) })
	return p, err
}

// Register enters a player from the directory in an event. After round 1
// the player is a late entry, paired from the next round on.
func (d *Registration) Register(ctx context.Context, id event.EventID, player event.PlayerID) (event.Entry, error) {
	var en event.Entry
	err := d.store.Write(ctx, func(tx Tx) (err error) {
		p, err := tx.Player(player)
		if err != nil {
			return err
		}
		en, err = d.register(tx, id, p)
		return err
	})
	return en, err
}

// RegisterNew enters a new player in an event, adding them to the
// directory. A member number already in the directory registers that
// player when the name matches, and is refused when it does not.
func (d *Registration) RegisterNew(ctx context.Context, id event.EventID, np NewPlayer) (event.Entry, error) {
	p := np.player(d.dir)
	if err := p.Validate(); err != nil {
		return event.Entry{}, err
	}
	var en event.Entry
	err := d.store.Write(ctx, func(tx Tx) error {
		if p.MemberNo != "" {
			known, err := tx.PlayerByMemberNo(p.MemberNo)
			switch {
			case err == nil && event.SameName(known.Name, p.Name):
				p = known
			case err == nil:
				return event.Conflictf("member number %s belongs to %s; pick %s from the directory or check the number", p.MemberNo, known.Name, known.Name)
			case !isNotFound(err):
				return err
			}
		}
		if p.ID == 0 {
			if err := tx.CreatePlayer(&p); err != nil {
				return err
			}
		}
		var err error
		en, err = d.register(tx, id, p)
		return err
	})
	return en, err
}

func (d *core) register(tx Tx, id event.EventID, p event.Player) (event.Entry, error) {
	_, err := unfinished(tx, id, i18n.K("%s is finished; it takes no more players"))
	if err != nil {
		return event.Entry{}, err
	}
	rounds, err := tx.RoundCount(id)
	if err != nil {
		return event.Entry{}, err
	}
	en := newEntry(id, p.ID, rounds, d.now())
	if err := tx.CreateEntry(&en); err != nil {
		return event.Entry{}, err
	}
	en.Name, en.MemberNo = p.Name, p.MemberNo
	if rounds > 0 {
		return en, d.log(tx, id, rounds, i18n.F("late entry: %s, paired from round %d", p.Name, en.JoinedRound))
	}
	return en, d.log(tx, id, 0, i18n.F("registered: %s", p.Name))
}

// Entries lists an event's entries in registration order.
func (d *Registration) Entries(ctx context.Context, id event.EventID) ([]event.Entry, error) {
	return readBy(ctx, d.store, id, Tx.Entries)
}

// CheckIn marks a registered player present (or, with false, not present).
func (d *Registration) CheckIn(ctx context.Context, entry event.EntryID, present bool) error {
	return d.changeEntry(ctx, entry, func(tx Tx, e event.Event, en *event.Entry, rounds int) error {
		if en.CheckedIn == present {
			return nil
		}
		en.CheckedIn = present
		if present {
			return d.log(tx, e.ID, rounds, i18n.F("checked in: %s", en.Name))
		}
		return d.log(tx, e.ID, rounds, i18n.F("check-in undone: %s", en.Name))
	})
}

// Drop withdraws a player: they keep their results and are never paired
// again. A player dropped during a round still plays (or concedes) that
// round's match.
func (d *Registration) Drop(ctx context.Context, entry event.EntryID) error {
	return d.changeEntry(ctx, entry, d.dropEntry)
}

// dropEntry drops en inside the write tx (see Drop) and closes the
// player's open request to drop, if she sent one from her phone: the desk
// has done what she asked. The caller saves en.
func (d *core) dropEntry(tx Tx, e event.Event, en *event.Entry, rounds int) error {
	if !en.Active() {
		return event.Statef("%s has already left the event", en.Name)
	}
	if err := d.settleDropRequest(tx, e.ID, en.ID); err != nil {
		return err
	}
	en.Status, en.DroppedAfter = event.EntryDropped, rounds
	if e.Settings.Teams() && en.TeamID != 0 {
		tm, err := tx.Team(en.TeamID)
		if err != nil {
			return err
		}
		// A team plays while all its members do.
		if rounds == 0 {
			return d.log(tx, e.ID, rounds, i18n.F("dropped: %s, before round 1; team %s cannot play: dissolve it and make a new one", en.Name, tm.Name))
		}
		return d.log(tx, e.ID, rounds, i18n.F("dropped: %s, after round %d; team %s is no longer paired", en.Name, rounds, tm.Name))
	}
	if rounds == 0 {
		return d.log(tx, e.ID, rounds, i18n.F("dropped: %s, before round 1", en.Name))
	}
	return d.log(tx, e.ID, rounds, i18n.F("dropped: %s, after round %d", en.Name, rounds))
}

// Reinstate undoes a mistaken drop: the player is paired again from the
// next round.
func (d *Registration) Reinstate(ctx context.Context, entry event.EntryID) error {
	return d.changeEntry(ctx, entry, func(tx Tx, e event.Event, en *event.Entry, rounds int) error {
		if en.Status != event.EntryDropped {
			return event.Statef("%s is not dropped", en.Name)
		}
		en.Status, en.DroppedAfter = event.EntryActive, 0
		return d.log(tx, e.ID, rounds, i18n.F("re-instated: %s", en.Name))
	})
}

// entryAndEvent reads entry id and its event inside tx.
func entryAndEvent(tx Tx, id event.EntryID) (event.Entry, event.Event, error) {
	en, err := tx.Entry(id)
	if err != nil {
		return en, event.Event{}, err
	}
	e, err := tx.Event(en.EventID)
	return en, e, err
}

// changeEntry loads an entry with its event in one write transaction, lets
// change alter it, and saves it. Finished events are read-only.
func (d *core) changeEntry(ctx context.Context, id event.EntryID, change func(Tx, event.Event, *event.Entry, int) error) error {
	return d.store.Write(ctx, func(tx Tx) error {
		en, e, err := entryAndEvent(tx, id)
		if err != nil {
			return err
		}
		if e.State == event.StateFinished {
			return event.Statef("%s is finished; its entries can no longer change", e.Name)
		}
		rounds, err := tx.RoundCount(e.ID)
		if err != nil {
			return err
		}
		before := en
		if err := change(tx, e, &en, rounds); err != nil {
			return err
		}
		if en == before {
			return nil
		}
		return tx.UpdateEntry(en)
	})
}

// SetSeed gives a player a seed (1 is the top seed; 0 removes it) before
// round 1. A Swiss event whose players have seeds pairs round 1 by seed,
// top half against bottom half; a bracket seeds by them.
func (d *Registration) SetSeed(ctx context.Context, entry event.EntryID, seed int) error {
	if err := checkSeed(seed); err != nil {
		return err
	}
	return d.changeEntry(ctx, entry, func(tx Tx, e event.Event, en *event.Entry, paired int) error {
		return d.setSeed(tx, e, en, paired, seed)
	})
}

// SetTableAndSeed gives a player a fixed table and a seed at once, as the
// Registration tab's dialog asks for both (see FixTable and SetSeed): in
// one write, so that either both change or neither does, and only what
// differs from the entry's own is changed and logged.
func (d *Registration) SetTableAndSeed(ctx context.Context, entry event.EntryID, table, seed int) error {
	if err := checkFixedTable(table); err != nil {
		return err
	}
	if err := checkSeed(seed); err != nil {
		return err
	}
	return d.changeEntry(ctx, entry, func(tx Tx, e event.Event, en *event.Entry, paired int) error {
		if table != en.FixedTable {
			if err := d.fixTable(tx, e, en, paired, table); err != nil {
				return err
			}
		}
		if seed != en.Seed {
			return d.setSeed(tx, e, en, paired, seed)
		}
		return nil
	})
}

// checkSeed reports whether seed is one: 1 or more, or 0 for none.
func checkSeed(seed int) error {
	if seed < 0 || seed > 100000 {
		return event.Invalidf("a seed is 1 or more, or 0 for none; not %d", seed)
	}
	return nil
}

// setSeed gives en the seed inside the write tx (see SetSeed); the caller
// saves en.
func (d *core) setSeed(tx Tx, e event.Event, en *event.Entry, paired, seed int) error {
	if paired > 0 {
		return event.Statef("seeds are fixed once round 1 is paired")
	}
	if seed > 0 {
		entries, err := tx.Entries(e.ID)
		if err != nil {
			return err
		}
		for _, other := range entries {
			if other.ID != en.ID && other.Seed == seed {
				return event.Conflictf("seed %d already belongs to %s", seed, other.Name)
			}
		}
	}
	en.Seed = seed
	if seed == 0 {
		return d.log(tx, e.ID, 0, i18n.F("seed removed for %s", en.Name))
	}
	return d.log(tx, e.ID, 0, i18n.F("seed %d for %s", seed, en.Name))
}

// DropAbsent drops, before round 1, every active player who has not
// checked in while others have (check-in is in use), and returns their
// names: the organizer's "drop them" for the players round 1 waits for.
func (d *Registration) DropAbsent(ctx context.Context, id event.EventID) ([]string, error) {
	var out []string
	err := d.store.Write(ctx, func(tx Tx) error {
		e, err := tx.Event(id)
		if err != nil {
			return err
		}
		if n, err := tx.RoundCount(id); err != nil || n > 0 {
			if err == nil {
				err = event.Statef("round 1 of %s is paired; drop players one by one", e.Name)
			}
			return err
		}
		entries, err := tx.Entries(id)
		if err != nil {
			return err
		}
		inUse := false
		for _, en := range entries {
			inUse = inUse || en.Active() && en.CheckedIn
		}
		if !inUse {
			return nil
		}
		for _, en := range entries {
			if !en.Active() || en.CheckedIn {
				continue
			}
			en.Status = event.EntryDropped
			if err := tx.UpdateEntry(en); err != nil {
				return err
			}
			out = append(out, en.Name)
		}
		if len(out) == 0 {
			return nil
		}
		return d.log(tx, id, 0, i18n.F("dropped for not checking in: %s", strings.Join(out, ", ")))
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// newEntry is player p's active entry in event id, registered at now
// after rounds were paired: she joins the next round, and a late entry
// (rounds > 0) registers at the desk in person, so is checked in.
func newEntry(id event.EventID, p event.PlayerID, rounds int, now time.Time) event.Entry {
	return event.Entry{
		EventID:      id,
		PlayerID:     p,
		Status:       event.EntryActive,
		JoinedRound:  rounds + 1,
		RegisteredAt: now,
		CheckedIn:    rounds > 0,
	}
}
