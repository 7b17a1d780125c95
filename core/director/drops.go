package director

// Drops from the phone (issue 22): a player signed in on her phone with
// her player code asks to drop after the current round. Her session names
// her entry; nothing in the request does, so a phone can only ask for the
// player it signed in as. The request waits on the Round tab until the
// organizer accepts it (Drop, effective after the current round: she
// keeps the match she is in and its result, and the next pairing leaves
// her out) or refuses it; an event set to apply phones' drops without
// approval drops her at once the same way. Pairing never reads the
// requests: an open request changes nothing until the organizer acts, and
// the desk asks OpenDropRequests before it pairs.

import (
	"context"
	"time"

	"tablekeeper/core/event"
	"tablekeeper/core/i18n"
)

// DropRequest is a player's request to drop, as the desk lists it.
type DropRequest struct {
	event.DropRequest
	// Name is the player's name.
	Name string
}

// dropSource is how the log names a phone a player wrote from.
func dropSource(device string) i18n.Text {
	return i18n.F("player's phone, device %s", device)
}

// RequestDrop records, for the player signed in on the phone (ps), her
// request to drop after the current round, and returns it. When she
// already has an open request it is returned as it is (a second tap, a
// second phone). An event whose phones' drops apply without approval drops
// her at once (see Drop) and keeps the request as accepted. A finished
// event, and a player who already left it, are refused with a sentence.
// Each request is logged with the phone's device.
func (d *Drops) RequestDrop(ctx context.Context, ps PlayerSession) (event.DropRequest, error) {
	device, err := checkDevice(ps.Device)
	if err != nil {
		return event.DropRequest{}, err
	}
	var out event.DropRequest
	err = d.store.Write(ctx, func(tx Tx) error {
		e, en, rounds, err := playerEntry(tx, ps)
		if err != nil {
			return err
		}
		if err := canDrop(e, en); err != nil {
			return err
		}
		last, err := tx.LastDropRequest(en.ID)
		if err == nil && last.Open() {
			out = last
			return nil
		}
		if err != nil && !isNotFound(err) {
			return err
		}
		now := d.now()
		out = event.DropRequest{EventID: e.ID, EntryID: en.ID, Round: rounds, Device: device, At: now, State: event.DropOpen}
		if !e.Settings.PhoneDropsWithoutApproval {
			if err := tx.AddDropRequest(&out); err != nil {
				return err
			}
			return d.log(tx, e.ID, rounds, i18n.F("%s asked to drop %s: waiting for the organizer (%s)", en.Name, afterRound(rounds), dropSource(device)))
		}
		if err := d.dropEntry(tx, e, &en, rounds); err != nil {
			return err
		}
		if err := tx.UpdateEntry(en); err != nil {
			return err
		}
		out.State, out.ClosedAt = event.DropAccepted, now
		if err := tx.AddDropRequest(&out); err != nil {
			return err
		}
		return d.log(tx, e.ID, rounds, i18n.F("%s dropped %s from a phone, without approval as the event is set (%s)", en.Name, afterRound(rounds), dropSource(device)))
	})
	return out, err
}

// afterRound says when a drop takes effect: "after round 3", or "before
// round 1".
func afterRound(rounds int) i18n.Text {
	if rounds == 0 {
		return i18n.F("before round 1")
	}
	return i18n.F("after round %d", rounds)
}

// playerEntry reads the entry a player's session is for, with its event
// and the rounds paired, inside tx.
func playerEntry(tx Tx, ps PlayerSession) (event.Event, event.Entry, int, error) {
	en, err := tx.Entry(ps.Entry)
	if isNotFound(err) || err == nil && en.EventID != ps.Event {
		return event.Event{}, event.Entry{}, 0, event.NotFoundf("you are no longer registered in this event; see the organizer")
	}
	if err != nil {
		return event.Event{}, event.Entry{}, 0, err
	}
	e, err := tx.Event(en.EventID)
	if err != nil {
		return event.Event{}, event.Entry{}, 0, err
	}
	rounds, err := tx.RoundCount(e.ID)
	return e, en, rounds, err
}

// canDrop says, with a sentence for the player, why she cannot ask to
// drop: the event is over, or she is no longer in it.
func canDrop(e event.Event, en event.Entry) error {
	switch {
	case e.State == event.StateFinished:
		return event.Statef("%s is over: there is nothing left to drop from", e.Name)
	case en.Status == event.EntryDropped && en.DroppedAfter == 0:
		return event.Statef("you have already left %s, before round 1", e.Name)
	case en.Status == event.EntryDropped:
		return event.Statef("you have already left %s, after round %d", e.Name, en.DroppedAfter)
	case !en.Active():
		return event.Statef("you are no longer playing in %s; see the organizer", e.Name)
	}
	return nil
}

// WithdrawDrop withdraws the open request to drop of the player signed in
// on the phone (ps): she stays in the event. Without an open request it is
// refused with a sentence. Logged with the phone's device.
func (d *Drops) WithdrawDrop(ctx context.Context, ps PlayerSession) error {
	device, err := checkDevice(ps.Device)
	if err != nil {
		return err
	}
	return d.store.Write(ctx, func(tx Tx) error {
		e, en, rounds, err := playerEntry(tx, ps)
		if err != nil {
			return err
		}
		if e.State == event.StateFinished {
			return event.Statef("%s is over: there is nothing left to drop from", e.Name)
		}
		last, err := tx.LastDropRequest(en.ID)
		if isNotFound(err) || err == nil && !last.Open() {
			return event.Statef("you have no request to drop waiting for the organizer")
		}
		if err != nil {
			return err
		}
		if err := tx.CloseDropRequest(e.ID, last.ID, event.DropWithdrawn, d.now()); err != nil {
			return err
		}
		return d.log(tx, e.ID, rounds, i18n.F("%s withdrew the request to drop (%s)", en.Name, dropSource(device)))
	})
}

// AcceptDrop accepts an open drop request of event id: the player is
// dropped as Drop does, after the current round (she keeps the match she
// is in and its result; the next pairing leaves her out), in one write.
func (d *Drops) AcceptDrop(ctx context.Context, id event.EventID, req event.DropRequestID) error {
	return d.store.Write(ctx, func(tx Tx) error {
		_, err := d.closeDrop(tx, id, req, event.DropAccepted)
		return err
	})
}

// RefuseDrop refuses an open drop request of event id: the player stays
// in the event, and her phone tells her to see the organizer.
func (d *Drops) RefuseDrop(ctx context.Context, id event.EventID, req event.DropRequestID) error {
	return d.store.Write(ctx, func(tx Tx) error {
		_, err := d.closeDrop(tx, id, req, event.DropRefused)
		return err
	})
}

// AcceptAllDrops accepts every open drop request of event id in one
// write (the desk's "accept all and pair") and returns the names of the
// players dropped.
func (d *Drops) AcceptAllDrops(ctx context.Context, id event.EventID) ([]string, error) {
	var names []string
	err := d.store.Write(ctx, func(tx Tx) error {
		names = nil
		open, err := tx.OpenDropRequests(id)
		if err != nil {
			return err
		}
		for _, q := range open {
			name, err := d.closeDrop(tx, id, q.ID, event.DropAccepted)
			if err != nil {
				return err
			}
			names = append(names, name)
		}
		return nil
	})
	return names, err
}

// closeDrop accepts or refuses an open request inside tx, logs it, and
// returns the player's name. Accepting drops her (dropEntry closes the
// request); a player who already left (the desk dropped her meanwhile)
// only has her request closed.
func (d *core) closeDrop(tx Tx, id event.EventID, req event.DropRequestID, state event.DropState) (string, error) {
	q, err := tx.DropRequest(req)
	if isNotFound(err) || err == nil && q.EventID != id {
		return "", event.NotFoundf("that drop request is not one of this event")
	}
	if err != nil {
		return "", err
	}
	if !q.Open() {
		return "", event.Statef("that drop request was already dealt with")
	}
	e, en, rounds, err := playerEntry(tx, PlayerSession{Event: id, Entry: q.EntryID})
	if err != nil {
		return "", err
	}
	if e.State == event.StateFinished {
		return "", event.Statef("%s is finished; its entries can no longer change", e.Name)
	}
	if state == event.DropAccepted && en.Active() {
		if err := d.dropEntry(tx, e, &en, rounds); err != nil {
			return "", err
		}
		if err := tx.UpdateEntry(en); err != nil {
			return "", err
		}
		return en.Name, d.log(tx, id, rounds, i18n.F("request to drop of %s accepted", en.Name))
	}
	if err := tx.CloseDropRequest(id, q.ID, state, d.now()); err != nil {
		return "", err
	}
	if state == event.DropAccepted {
		return en.Name, d.log(tx, id, rounds, i18n.F("request to drop of %s accepted", en.Name))
	}
	return en.Name, d.log(tx, id, rounds, i18n.F("request to drop of %s refused: kept in the event", en.Name))
}

// settleDropRequest closes, as accepted, the open request to drop of an
// entry the desk is dropping (inside tx).
func (d *core) settleDropRequest(tx Tx, id event.EventID, entry event.EntryID) error {
	last, err := tx.LastDropRequest(entry)
	if isNotFound(err) || err == nil && !last.Open() {
		return nil
	}
	if err != nil {
		return err
	}
	return tx.CloseDropRequest(id, last.ID, event.DropAccepted, d.now())
}

// OpenDropRequests lists event id's open drop requests in the order they
// came, with the players' names: the Round tab's list, and what the desk
// asks before it pairs the next round.
func (d *Drops) OpenDropRequests(ctx context.Context, id event.EventID) ([]DropRequest, error) {
	return readIn(ctx, d.store, func(tx Tx) ([]DropRequest, error) { return openDropRequests(tx, id) })
}

// openDropRequests reads OpenDropRequests inside a read.
func openDropRequests(tx Tx, id event.EventID) ([]DropRequest, error) {
	open, err := tx.OpenDropRequests(id)
	if err != nil || len(open) == 0 {
		return nil, err
	}
	entries, err := tx.Entries(id)
	if err != nil {
		return nil, err
	}
	return namedDrops(open, entries), nil
}

// namedDrops gives each open request its player's name from the event's
// entries (read once by the caller's view).
func namedDrops(open []event.DropRequest, entries []event.Entry) []DropRequest {
	if len(open) == 0 {
		return nil
	}
	names := make(map[event.EntryID]string, len(entries))
	for _, en := range entries {
		names[en.ID] = en.Name
	}
	out := make([]DropRequest, len(open))
	for i, q := range open {
		out[i] = DropRequest{DropRequest: q, Name: names[q.EntryID]}
	}
	return out
}

// DropView is where a player stands with dropping, as her phone shows it.
type DropView string

// The views of a player's drop.
const (
	// DropCanAsk: she plays on and may ask to drop.
	DropCanAsk DropView = "can-ask"
	// DropWaiting: her request waits for the organizer.
	DropWaiting DropView = "waiting"
	// DropKeptIn: the organizer refused her last request (she may ask
	// again, or see the desk).
	DropKeptIn DropView = "kept-in"
	// DropDone: she has left the event (DroppedAfter says when).
	DropDone DropView = "dropped"
	// DropClosed: the event is over, or she is no longer playing for
	// another reason: nothing to ask.
	DropClosed DropView = "closed"
)

// PlayerDrop is a player's drop as her phone shows it.
type PlayerDrop struct {
	View DropView
	// Round is, while waiting, the round she asked to drop after (0:
	// before round 1); Asked when.
	Round int
	Asked time.Time
	// DroppedAfter is, once dropped, the last round she played (0:
	// before round 1).
	DroppedAfter int
	// Rounds is the rounds paired: a request now drops her after it.
	Rounds int
}

// DropOf reads where the player signed in on the phone (ps) stands with
// dropping, in one read.
func (d *Drops) DropOf(ctx context.Context, ps PlayerSession) (PlayerDrop, error) {
	var out PlayerDrop
	err := d.store.Read(ctx, func(tx Tx) error {
		e, en, rounds, err := playerEntry(tx, ps)
		if err != nil {
			return err
		}
		out = PlayerDrop{View: DropCanAsk, Rounds: rounds}
		switch {
		case en.Status == event.EntryDropped:
			out.View, out.DroppedAfter = DropDone, en.DroppedAfter
			return nil
		case e.State == event.StateFinished || !en.Active():
			out.View = DropClosed
			return nil
		}
		last, err := tx.LastDropRequest(en.ID)
		if isNotFound(err) {
			return nil
		}
		if err != nil {
			return err
		}
		switch last.State {
		case event.DropOpen:
			out.View, out.Round, out.Asked = DropWaiting, last.Round, last.At
		case event.DropRefused:
			out.View = DropKeptIn
		}
		return nil
	})
	return out, err
}
