package store

import (
	"fmt"

	"tablekeeper/core/event"
)

// tellReportPlayers names, in the transaction's notices, the players of
// the table a player's report is about: a change of their own reports is
// told to their phones alone (storage.Change.Players).
func (t *Tx) tellReportPlayers(id event.EventID, report event.ReportID) error {
	entries, err := queryAll(t, func(s scanner) (event.EntryID, error) {
		var e event.EntryID
		err := s.Scan(&e)
		return e, err
	}, `SELECT s.entry_id FROM seats s JOIN reports p ON p.table_id = s.table_id
		WHERE p.id = ? ORDER BY s.position`, report)
	if err != nil {
		return fmt.Errorf("store: the players of player report %d: %w", report, err)
	}
	t.changes.Tell(id, entries)
	return nil
}
