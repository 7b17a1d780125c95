package store

import (
	"encoding/json"
	"fmt"

	"tablekeeper/core/event"
	"tablekeeper/core/storage"
)

// AddRaffle saves a raffle drawn and sets r.ID.
func (t *Tx) AddRaffle(r *event.Raffle) error {
	t.changed(r.EventID, storage.ChangeRaffle)
	winners, err := json.Marshal(r.Winners)
	if err != nil {
		return fmt.Errorf("store: raffle of event %d: %w", r.EventID, err)
	}
	res, err := t.exec(`INSERT INTO raffles (event_id, at, pool, seed, among, winners) VALUES (?, ?, ?, ?, ?, ?)`,
		r.EventID, millis(r.At), string(r.Pool), int64(r.Seed), r.Among, string(winners)) // #nosec G115 -- the seed's bits are kept as they are
	if isForeignKey(err) {
		err = noEvent(r.EventID)
	}
	if err != nil {
		return fmt.Errorf("store: raffle of event %d: %w", r.EventID, err)
	}
	r.ID = event.RaffleID(lastID(res))
	return nil
}

// Raffles returns the event's raffles, oldest first.
func (t *Tx) Raffles(id event.EventID) ([]event.Raffle, error) {
	out, err := queryAll(t, scanRaffle, `SELECT id, event_id, at, pool, seed, among, winners FROM raffles WHERE event_id = ? ORDER BY id`, id)
	if err != nil {
		return nil, fmt.Errorf("store: raffles of event %d: %w", id, err)
	}
	return out, nil
}

func scanRaffle(r scanner) (event.Raffle, error) {
	var (
		ra      event.Raffle
		seed    int64
		winners string
	)
	if err := r.Scan(&ra.ID, &ra.EventID, timeCol{&ra.At}, &ra.Pool, &seed, &ra.Among, &winners); err != nil {
		return ra, err
	}
	ra.Seed = uint64(seed) // #nosec G115 -- the seed's bits, as saved
	return ra, json.Unmarshal([]byte(winners), &ra.Winners)
}
