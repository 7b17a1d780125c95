package director

import (
	"context"
	"math/rand/v2"
	"slices"
	"strings"

	"tablekeeper/core/event"
	"tablekeeper/core/i18n"
)

// MaxRaffleWinners is the most winners one raffle draws.
const MaxRaffleWinners = 50

// RaffleDraw is a raffle just drawn, with its winners' names in the order
// drawn.
type RaffleDraw struct {
	event.Raffle
	Names []string
}

// Raffle draws count winners at random among the players of event id's
// pool (issue 30): those checked in and still in (RafflePresent), or every
// player still in (RaffleStillIn), leaving out those an earlier raffle of
// the event drew, so nobody wins twice. The draw is seeded (the seed is
// kept with it and in the event's log, so it can be said again) and the
// TV shows its winners.
func (d *Registration) Raffle(ctx context.Context, id event.EventID, pool event.RafflePool, count int) (RaffleDraw, error) {
	if pool != event.RafflePresent && pool != event.RaffleStillIn {
		return RaffleDraw{}, event.Invalidf("draw among the players present or the players still in, not %q", pool)
	}
	if count < 1 || count > MaxRaffleWinners {
		return RaffleDraw{}, event.Invalidf("a raffle draws 1 to %d winners, not %d", MaxRaffleWinners, count)
	}
	var out RaffleDraw
	err := d.store.Write(ctx, func(tx Tx) error {
		e, err := tx.Event(id)
		if err != nil {
			return err
		}
		entries, err := tx.Entries(id)
		if err != nil {
			return err
		}
		earlier, err := tx.Raffles(id)
		if err != nil {
			return err
		}
		drawn := rafflePool(entries, earlier, pool)
		if len(drawn) < count {
			return raffleTooFew(e, len(drawn), pool)
		}
		seed := uint64(d.nextSeed())        // #nosec G115 -- the seed's bits are kept as they are; any uint64 is a seed
		r := rand.New(rand.NewPCG(seed, 0)) // #nosec G404 -- a raffle's fair draw, said again from its seed; no secret
		out = RaffleDraw{Raffle: event.Raffle{EventID: id, At: d.now(), Pool: pool, Seed: seed, Among: len(drawn)}}
		for _, i := range r.Perm(len(drawn))[:count] {
			out.Winners = append(out.Winners, drawn[i].ID)
			out.Names = append(out.Names, drawn[i].Name)
		}
		if err := tx.AddRaffle(&out.Raffle); err != nil {
			return err
		}
		msg := i18n.FN("raffle among the %d players present (seed %d): %s", out.Among, out.Among, seed, strings.Join(out.Names, ", "))
		if pool == event.RaffleStillIn {
			msg = i18n.FN("raffle among the %d players still in (seed %d): %s", out.Among, out.Among, seed, strings.Join(out.Names, ", "))
		}
		return d.log(tx, id, 0, msg)
	})
	return out, err
}

// rafflePool is who a raffle of pool draws among, in entry order: the
// players of the pool no earlier raffle drew.
func rafflePool(entries []event.Entry, earlier []event.Raffle, pool event.RafflePool) []event.Entry {
	won := map[event.EntryID]bool{}
	for _, r := range earlier {
		for _, w := range r.Winners {
			won[w] = true
		}
	}
	out := make([]event.Entry, 0, len(entries))
	for _, en := range entries {
		if en.Active() && (pool == event.RaffleStillIn || en.CheckedIn) && !won[en.ID] {
			out = append(out, en)
		}
	}
	slices.SortFunc(out, func(a, b event.Entry) int { return int(a.ID - b.ID) })
	return out
}

// raffleTooFew says why a raffle cannot draw the winners asked among the
// n players its pool has left.
func raffleTooFew(e event.Event, n int, pool event.RafflePool) error {
	var t i18n.Text
	switch {
	case n == 0 && pool == event.RafflePresent:
		t = i18n.F("%s has no player present who has not won a raffle yet: check players in, or draw among the players still in", e.Name)
	case n == 0:
		t = i18n.F("%s has no player still in who has not won a raffle yet", e.Name)
	case pool == event.RafflePresent:
		t = i18n.FN("%s has %d players present who have not won a raffle yet: draw %d at most, or among the players still in", n, e.Name, n, n)
	default:
		t = i18n.FN("%s has %d players still in who have not won a raffle yet: draw %d at most", n, e.Name, n, n)
	}
	return keyedError(event.ErrState, t)
}

// RaffleAmong says whom a raffle was drawn among ("drawn among 24 players
// present"), as the desk and the TV say it.
func RaffleAmong(r event.Raffle) i18n.Text {
	if r.Pool == event.RaffleStillIn {
		return i18n.FN("drawn among %d players still in", r.Among, r.Among)
	}
	return i18n.FN("drawn among %d players present", r.Among, r.Among)
}

// LatestRaffle is the board's event's last raffle, false when none was
// drawn.
func (b Board) LatestRaffle() (event.Raffle, bool) {
	if len(b.Raffles) == 0 {
		return event.Raffle{}, false
	}
	return b.Raffles[len(b.Raffles)-1], true
}

// RaffleWinners are the names of r's winners, in the order drawn.
func (b Board) RaffleWinners(r event.Raffle) []string {
	names := make(map[event.EntryID]string, len(b.Entries))
	for _, en := range b.Entries {
		names[en.ID] = en.Name
	}
	out := make([]string, 0, len(r.Winners))
	for _, w := range r.Winners {
		out = append(out, names[w])
	}
	return out
}
