package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
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
	rows, err := tx.QueryContext(ctx, `SELECT id, settings FROM events ORDER BY id`)
	if err != nil {
		return err
	}
	var all []stored
	for rows.Next() {
		var s stored
		if err := rows.Scan(&s.id, &s.settings); err != nil {
			return errors.Join(err, rows.Close())
		}
		all = append(all, s)
	}
	if err := rows.Close(); err != nil {
		return err
	}
	if err := rows.Err(); err != nil {
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
