package store

import (
	"database/sql"
	"errors"
	"fmt"

	"tablekeeper/core/event"
)

// This file keeps what results both players confirm (migration 15) need
// beside the reports (report.go): the table a player sits at.

// SeatedAt returns the number of the numbered table entry sits at in round
// number round of event id; 0 when she sits at none (a bye, not paired).
func (t *Tx) SeatedAt(id event.EventID, round int, entry event.EntryID) (int, error) {
	var n int
	err := t.queryRow(`SELECT t.number FROM seats s JOIN tables t ON t.id = s.table_id JOIN rounds r ON r.id = s.round_id
		WHERE r.event_id = ? AND r.number = ? AND s.entry_id = ? AND t.bye = 0 AND t.number <> 0`, id, round, entry).Scan(&n)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, nil
	}
	if err != nil {
		return 0, fmt.Errorf("store: the table of entry %d in round %d: %w", entry, round, err)
	}
	return n, nil
}
