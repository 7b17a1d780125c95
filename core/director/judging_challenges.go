package director

import (
	"context"
	"fmt"
	"strings"

	"tablekeeper/core/event"
	"tablekeeper/core/i18n"
)

// ErrNoRoundsToPair is returned by PairNextRound for an event of open
// challenges (S10, Who Wants Some?): its games are recorded one by one
// with RecordChallenge. It wraps event.ErrState.
var ErrNoRoundsToPair error = event.Statef("Who Wants Some? has no rounds to pair: record each challenge game as it is played")

// ChallengeWhy is the Why of a challenge game's table.
func ChallengeWhy() i18n.Text { return i18n.F("challenge game") }

// RecordChallenge records one game of an open-challenge event (S10, Who
// Wants Some?) as it was played: 2 to 5 active players of the event,
// seated in the order given, and the winner among them. The game is saved
// as a new published round of one table with its result (the winner in
// place 1, worth Points.Win), in one transaction, and logged. The first
// game starts the event. A mistake is corrected like any result
// (RecordResult on the game's round, table 1).
func (d *Judging) RecordChallenge(ctx context.Context, id event.EventID, players []event.EntryID, winner event.EntryID) (event.Round, error) {
	var r event.Round
	err := d.store.Write(ctx, func(tx Tx) error {
		e, err := tx.Event(id)
		if err != nil {
			return err
		}
		if e.Settings.Structure != event.StructureChallenges {
			return event.Statef("%s is not an event of open challenges; pair its rounds instead", e.Name)
		}
		if e.State == event.StateFinished {
			return event.Statef("%s is finished; its results are final", e.Name)
		}
		names, err := challengers(tx, id, players, winner)
		if err != nil {
			return err
		}
		number, err := tx.RoundCount(id)
		if err != nil {
			return err
		}
		number++
		now := d.now()
		tb := event.Table{Number: 1, Why: ChallengeWhy()}
		res := event.Result{RecordedAt: now}
		var losers []string
		for _, p := range players {
			tb.Seats = append(tb.Seats, event.Seat{EntryID: p})
			sr := event.SeatResult{}
			if p == winner {
				sr.Place = 1
			} else {
				losers = append(losers, names[p])
			}
			res.Seats = append(res.Seats, sr)
		}
		tb.Result = &res
		r = event.Round{
			EventID:     id,
			Number:      number,
			Stage:       event.StageSwiss,
			Name:        i18n.F("challenge game %d", number),
			PublishedAt: now,
			PairedAt:    now,
			Tables:      []event.Table{tb},
		}
		if err := tx.CreateRound(&r); err != nil {
			return err
		}
		// A challenge game is published as it is recorded: its table
		// gets its code like any published table.
		if err := d.assignTableCodes(tx, id, r); err != nil {
			return err
		}
		if e.State == event.StateRegistration {
			e.State = event.StateRunning
			if err := tx.UpdateEvent(e); err != nil {
				return err
			}
		}
		return d.log(tx, id, number, i18n.F("challenge game %d: %s won against %s", number, names[winner], nameList(losers)))
	})
	return r, err
}

// challengers checks the players of a challenge game and returns their
// names: 2 to 5 different active entries of the event, the winner among
// them.
func challengers(tx Tx, id event.EventID, players []event.EntryID, winner event.EntryID) (map[event.EntryID]string, error) {
	if len(players) < 2 || len(players) > event.MaxSeats {
		return nil, event.Invalidf("a challenge game has 2 to %d players, not %d", event.MaxSeats, len(players))
	}
	names := make(map[event.EntryID]string, len(players))
	var out []string
	for _, p := range players {
		if _, twice := names[p]; twice {
			return nil, event.Invalid("a player can take only one seat in a game")
		}
		en, err := tx.Entry(p)
		if err != nil {
			return nil, err
		}
		if en.EventID != id {
			return nil, event.Invalidf("%s is not registered in this event", en.Name)
		}
		if !en.Active() {
			out = append(out, en.Name)
		}
		names[p] = en.Name
	}
	if len(out) > 0 {
		return nil, event.Invalidf("dropped or disqualified, so no longer in the event: %s", strings.Join(out, ", "))
	}
	if _, ok := names[winner]; !ok {
		return nil, event.Invalid("choose the winner among the game's players")
	}
	return names, nil
}

// RoundNameText says a round's stored name in the reader's language: a
// challenge game's "challenge game 3" (stored in English, as the round's
// name) through its key with the number; "final table" through its key;
// any other name (a structure's own, an organizer's) as it is stored.
func RoundNameText(name string) i18n.Text {
	var n int
	if k, err := fmt.Sscanf(name, "challenge game %d", &n); err == nil && k == 1 && fmt.Sprintf("challenge game %d", n) == name {
		return i18n.F("challenge game %d", n)
	}
	if name == "final table" {
		return i18n.F("final table")
	}
	return i18n.Text{Format: name}
}
