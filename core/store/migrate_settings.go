package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"

	"tablekeeper/core/event"
)

// rewriteSettings is migration 7's step: every event's settings, stored
// as the flat JSON object of schemas 1 to 6, are read through
// event.Settings (which reads that shape) and written back in the shape
// of groups per game and structure, so that the database holds only the
// new shape. Settings that cannot be read stop the migration, naming the
// event: the database then stays at version 6, as it was.
func rewriteSettings(ctx context.Context, tx *sql.Tx) error {
	type stored struct {
		id       int64
		settings string
	}
	all, err := migrationRows(ctx, tx, `SELECT id, settings FROM events ORDER BY id`,
		func(rows *sql.Rows, s *stored) error { return rows.Scan(&s.id, &s.settings) })
	if err != nil {
		return err
	}
	for _, s := range all {
		var set event.Settings
		if err := json.Unmarshal([]byte(s.settings), &set); err != nil {
			return fmt.Errorf("settings of event %d: %w", s.id, err)
		}
		b, err := json.Marshal(set)
		if err != nil {
			return fmt.Errorf("settings of event %d: %w", s.id, err)
		}
		if _, err := tx.ExecContext(ctx, `UPDATE events SET settings = ? WHERE id = ?`, string(b), s.id); err != nil {
			return fmt.Errorf("settings of event %d: %w", s.id, err)
		}
	}
	return nil
}
