package store

import (
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"

	"tablekeeper/core/event"
	"tablekeeper/core/storage"
)

// SaveDraftSeating saves an event's draft pods (A5, H7, S14), replacing
// any earlier draw. Pods keep their numbers and seats their order; a
// player seated twice is event.ErrConflict, a player of another event
// event.ErrInvalid, an unknown event or entry event.ErrNotFound.
func (t *Tx) SaveDraftSeating(id event.EventID, s event.DraftSeating) error {
	t.changed(id, storage.ChangeRegistration)
	if err := t.atomic(func() error { return t.saveDraftSeating(id, s) }); err != nil {
		return fmt.Errorf("store: save draft pods of event %d: %w", id, err)
	}
	return nil
}

func (t *Tx) saveDraftSeating(id event.EventID, s event.DraftSeating) error {
	eventName, err := t.eventName(id)
	if err != nil {
		return err
	}
	if err := checkDraftSeating(s); err != nil {
		return err
	}
	passes, err := json.Marshal(s.Passes)
	if err != nil {
		return err
	}
	if _, err := t.exec(`DELETE FROM draft_seatings WHERE event_id = ?`, id); err != nil {
		return err
	}
	if _, err := t.exec(`INSERT INTO draft_seatings (event_id, seed, passes, drawn_at) VALUES (?, ?, ?, ?)`,
		id, s.Seed, string(passes), millis(s.DrawnAt)); err != nil {
		return err
	}
	ins, err := t.prepare(`INSERT INTO draft_pods (event_id, pod, seat, entry_id) VALUES (?, ?, ?, ?)`)
	if err != nil {
		return err
	}
	defer ins.Close()
	for _, p := range s.Pods {
		for i, entry := range p.Seats {
			_, err := ins.exec(id, p.Number, i+1, entry)
			if isUnique(err) {
				return event.Conflictf("%s is seated twice in the draft", t.entryName(entry))
			}
			if isForeignKey(err) {
				return noEntry(entry)
			}
			if err != nil {
				return err
			}
		}
	}
	// As for rounds, a foreign key cannot say "an entry of this event".
	var stranger int64
	err = t.queryRow(`SELECT d.entry_id FROM draft_pods d JOIN entries e ON e.id = d.entry_id
		WHERE d.event_id = ? AND e.event_id <> d.event_id LIMIT 1`, id).Scan(&stranger)
	if err == nil {
		return event.Invalidf("%s is not registered in %s", t.entryName(event.EntryID(stranger)), eventName)
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return err
	}
	return nil
}

// checkDraftSeating reports whether a seating can be saved: pods numbered
// once each from 1, none empty, and packs passing left or right.
func checkDraftSeating(s event.DraftSeating) error {
	numbers := make(map[int]bool, len(s.Pods))
	for _, p := range s.Pods {
		if p.Number < 1 || numbers[p.Number] {
			return event.Invalidf("draft pod number %d is not a new number from 1", p.Number)
		}
		numbers[p.Number] = true
		if len(p.Seats) == 0 {
			return event.Invalidf("draft pod %d has no seats", p.Number)
		}
	}
	for i, d := range s.Passes {
		if d != event.PassLeft && d != event.PassRight {
			return event.Invalidf("pack %d passes %q; a pack passes left or right", i+1, d)
		}
	}
	return nil
}

// DraftSeating returns an event's saved draft pods, pods by number and
// seats in order; event.ErrNotFound when none have been drawn.
func (t *Tx) DraftSeating(id event.EventID) (event.DraftSeating, error) {
	s, err := t.draftSeating(id)
	if err != nil {
		return s, fmt.Errorf("store: draft pods of event %d: %w", id, err)
	}
	return s, nil
}

func (t *Tx) draftSeating(id event.EventID) (event.DraftSeating, error) {
	var s event.DraftSeating
	var passes string
	err := t.queryRow(`SELECT seed, passes, drawn_at FROM draft_seatings WHERE event_id = ?`, id).
		Scan(&s.Seed, &passes, timeCol{&s.DrawnAt})
	if errors.Is(err, sql.ErrNoRows) {
		name, err := t.eventName(id)
		if err != nil {
			return s, err
		}
		return s, event.NotFoundf("no draft pods have been drawn for %s", name)
	}
	if err != nil {
		return s, err
	}
	if err := json.Unmarshal([]byte(passes), &s.Passes); err != nil {
		return s, fmt.Errorf("passes: %w", err)
	}
	err = t.each(`SELECT pod, entry_id FROM draft_pods WHERE event_id = ? ORDER BY pod, seat`, []any{id},
		func(r *sql.Rows) error {
			var pod int
			var entry event.EntryID
			if err := r.Scan(&pod, &entry); err != nil {
				return err
			}
			if n := len(s.Pods); n == 0 || s.Pods[n-1].Number != pod {
				s.Pods = append(s.Pods, event.DraftPod{Number: pod})
			}
			last := &s.Pods[len(s.Pods)-1]
			last.Seats = append(last.Seats, entry)
			return nil
		})
	return s, err
}
