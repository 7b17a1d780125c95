package store

import (
	"database/sql"
	"errors"
	"fmt"
	"sort"

	"tablekeeper/core/event"
	"tablekeeper/core/storage"
)

// This file keeps what the store network needs: table codes and player
// codes (the reports phones send are in report.go).

// SaveTableCodes saves the codes of round number round's tables, by table
// number, replacing codes those tables had. Every table named must be a
// numbered table of the round, and a code is used once in an event: a
// code already given to another table is event.ErrConflict.
func (t *Tx) SaveTableCodes(id event.EventID, round int, codes map[int]string) error {
	t.changed(id, storage.ChangeRound)
	if err := t.atomic(func() error { return t.saveTableCodes(id, round, codes) }); err != nil {
		return fmt.Errorf("store: save table codes of round %d of event %d: %w", round, id, err)
	}
	return nil
}

func (t *Tx) saveTableCodes(id event.EventID, round int, codes map[int]string) error {
	numbers := make([]int, 0, len(codes))
	for n := range codes {
		numbers = append(numbers, n)
	}
	sort.Ints(numbers)
	for _, n := range numbers {
		var table int64
		err := t.queryRow(`SELECT t.id FROM tables t JOIN rounds r ON r.id = t.round_id
			WHERE r.event_id = ? AND r.number = ? AND t.number = ? AND t.number <> 0`, id, round, n).Scan(&table)
		if errors.Is(err, sql.ErrNoRows) {
			return event.NotFoundf("round %d has no table %d", round, n)
		}
		if err != nil {
			return err
		}
		_, err = t.exec(`INSERT INTO table_codes (table_id, event_id, code) VALUES (?, ?, ?)
			ON CONFLICT (table_id) DO UPDATE SET code = excluded.code`, table, id, codes[n])
		err = refused(err, event.Conflictf("the code of table %d is already used in this event", n),
			event.Invalidf("the code of table %d must be 6 characters", n))
		if err != nil {
			return err
		}
	}
	return nil
}

// TableCodes returns the codes of round number round's tables, by table
// number; empty when the round has none (a draft, or a round published
// before codes existed).
func (t *Tx) TableCodes(id event.EventID, round int) (map[int]string, error) {
	out, err := queryMap[int, string](t, `SELECT t.number, c.code FROM table_codes c JOIN tables t ON t.id = c.table_id
		JOIN rounds r ON r.id = t.round_id WHERE r.event_id = ? AND r.number = ?`, id, round)
	if err != nil {
		return nil, fmt.Errorf("store: table codes of round %d of event %d: %w", round, id, err)
	}
	return out, nil
}

// UsedTableCodes returns every code an event's tables have had.
func (t *Tx) UsedTableCodes(id event.EventID) (map[string]bool, error) {
	out, err := queryMap[string, bool](t, `SELECT code, TRUE FROM table_codes WHERE event_id = ?`, id)
	if err != nil {
		return nil, fmt.Errorf("store: table codes of event %d: %w", id, err)
	}
	return out, nil
}

// SavePlayerCode gives an entry of event id its own code. A code another
// entry of the event has, or an entry that already has one, is
// event.ErrConflict: a player's code never changes under her.
func (t *Tx) SavePlayerCode(id event.EventID, entry event.EntryID, code string) error {
	res, err := t.exec(`INSERT INTO player_codes (entry_id, event_id, code)
		SELECT id, event_id, ? FROM entries WHERE id = ? AND event_id = ?`, code, entry, id)
	err = updated(res, err, func() error { return event.NotFoundf("event %d has no entry %d", id, entry) })
	err = refused(err, event.Conflictf("that player code is already used in this event, or the player has one"),
		event.Invalidf("a player code must be 6 characters"))
	if err != nil {
		return fmt.Errorf("store: save the player code of entry %d: %w", entry, err)
	}
	return nil
}

// PlayerCodes returns the codes of event id's entries that have one.
func (t *Tx) PlayerCodes(id event.EventID) (map[event.EntryID]string, error) {
	out, err := queryMap[event.EntryID, string](t, `SELECT entry_id, code FROM player_codes WHERE event_id = ?`, id)
	if err != nil {
		return nil, fmt.Errorf("store: player codes of event %d: %w", id, err)
	}
	return out, nil
}
