package store

import (
	"context"
	"database/sql"

	"tablekeeper/core/event"
)

// refoldPlayerNames is migration 11's step: it recomputes every player's
// name_fold with event.FoldName, the fold every search and sort uses, so a
// directory written by an older version is searched like a new one.
func refoldPlayerNames(ctx context.Context, tx *sql.Tx) error {
	type player struct {
		id         int64
		name, fold string
	}
	all, err := migrationRows(ctx, tx, `SELECT id, name, name_fold FROM players ORDER BY id`,
		func(rows *sql.Rows, p *player) error { return rows.Scan(&p.id, &p.name, &p.fold) })
	if err != nil {
		return err
	}
	for _, p := range all {
		if f := event.FoldName(p.name); f != p.fold {
			if _, err := tx.ExecContext(ctx, `UPDATE players SET name_fold = ? WHERE id = ?`, f, p.id); err != nil {
				return err
			}
		}
	}
	return nil
}
