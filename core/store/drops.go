package store

import (
	"database/sql"
	"errors"
	"fmt"
	"time"

	"tablekeeper/core/event"
	"tablekeeper/core/storage"
)

// This file keeps the players' requests, from their phones, to drop after
// the current round (migration 016).

// AddDropRequest saves a drop request and sets r.ID. The entry must be of
// the event; an entry that already has an open request is
// event.ErrConflict (one open request per player, whatever the phone).
func (t *Tx) AddDropRequest(r *event.DropRequest) error {
	t.changed(r.EventID, storage.ChangeRegistration)
	if r.At.IsZero() {
		return fmt.Errorf("store: save drop request: %w", event.Invalid("a drop request needs the time it was made"))
	}
	state := r.State
	if state == "" {
		state = event.DropOpen
	}
	var closed any
	if state != event.DropOpen {
		closed = millis(r.ClosedAt)
	}
	res, err := t.exec(`INSERT INTO drop_requests (event_id, entry_id, round, device, at, state, closed_at)
		SELECT event_id, id, ?, ?, ?, ?, ? FROM entries WHERE id = ? AND event_id = ?`,
		r.Round, r.Device, millis(r.At), string(state), closed, r.EntryID, r.EventID)
	err = updated(res, err, func() error { return event.NotFoundf("event %d has no entry %d", r.EventID, r.EntryID) })
	err = refused(err, event.Conflictf("this player has already asked to drop"),
		event.Invalidf("a drop request needs a round of 0 or more, a known state and, once closed, the time"))
	if err != nil {
		return fmt.Errorf("store: save drop request of entry %d: %w", r.EntryID, err)
	}
	r.ID, r.State = event.DropRequestID(lastID(res)), state
	return nil
}

const dropRequestColumns = `id, event_id, entry_id, round, device, at, state, closed_at`

func scanDropRequest(s scanner) (event.DropRequest, error) {
	var r event.DropRequest
	err := s.Scan(&r.ID, &r.EventID, &r.EntryID, &r.Round, &r.Device, timeCol{&r.At}, &r.State, timeCol{&r.ClosedAt})
	return r, err
}

// DropRequest returns one drop request, open or closed.
func (t *Tx) DropRequest(id event.DropRequestID) (event.DropRequest, error) {
	r, err := scanDropRequest(t.queryRow(`SELECT `+dropRequestColumns+` FROM drop_requests WHERE id = ?`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return r, event.NotFoundf("there is no drop request %d", id)
	}
	if err != nil {
		return r, fmt.Errorf("store: drop request %d: %w", id, err)
	}
	return r, nil
}

// OpenDropRequests lists an event's open drop requests in the order they
// came.
func (t *Tx) OpenDropRequests(id event.EventID) ([]event.DropRequest, error) {
	out, err := queryAll(t, scanDropRequest, `SELECT `+dropRequestColumns+` FROM drop_requests
		WHERE event_id = ? AND state = 'open' ORDER BY id`, id)
	if err != nil {
		return nil, fmt.Errorf("store: drop requests of event %d: %w", id, err)
	}
	return out, nil
}

// LastDropRequest returns an entry's latest drop request, whatever its
// state; event.ErrNotFound when she never asked.
func (t *Tx) LastDropRequest(entry event.EntryID) (event.DropRequest, error) {
	r, err := scanDropRequest(t.queryRow(`SELECT `+dropRequestColumns+` FROM drop_requests
		WHERE entry_id = ? ORDER BY id DESC LIMIT 1`, entry))
	if errors.Is(err, sql.ErrNoRows) {
		return r, event.NotFoundf("entry %d has not asked to drop", entry)
	}
	if err != nil {
		return r, fmt.Errorf("store: drop requests of entry %d: %w", entry, err)
	}
	return r, nil
}

// CloseDropRequest closes an open drop request of event id at the given
// time as accepted, refused or withdrawn. A request of another event is
// not found; one already closed is event.ErrState.
func (t *Tx) CloseDropRequest(id event.EventID, req event.DropRequestID, state event.DropState, at time.Time) error {
	t.changed(id, storage.ChangeRegistration)
	switch {
	case at.IsZero():
		return fmt.Errorf("store: close drop request %d: %w", req, event.Invalid("closing a drop request needs the time"))
	case state != event.DropAccepted && state != event.DropRefused && state != event.DropWithdrawn:
		return fmt.Errorf("store: close drop request %d: %w", req, event.Invalidf("a drop request closes as accepted, refused or withdrawn, not %q", state))
	}
	res, err := t.exec(`UPDATE drop_requests SET state = ?, closed_at = ?
		WHERE id = ? AND event_id = ? AND state = 'open'`, string(state), millis(at), req, id)
	err = updated(res, err, func() error {
		r, err := t.DropRequest(req)
		switch {
		case err != nil:
			return err
		case r.EventID != id:
			return event.NotFoundf("there is no drop request %d in this event", req)
		}
		return event.Statef("that drop request was already dealt with")
	})
	if err != nil {
		return fmt.Errorf("store: close drop request %d: %w", req, err)
	}
	return nil
}
