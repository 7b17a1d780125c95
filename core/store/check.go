package store

import (
	"context"
	"errors"
	"fmt"

	"tablekeeper/core/storage"
)

// Summary is what Check found: how much the database holds and whether
// SQLite finds it sound (storage.Summary).
type Summary = storage.Summary

// Check runs SQLite's integrity and foreign key checks over the whole file
// and counts what it holds, for the "check" command and a support report.
// Problems found are in the Summary, not the error: the error is for a check
// that could not run.
func (db *DB) Check(ctx context.Context) (Summary, error) {
	s := Summary{Path: db.path}
	// One snapshot for the counts and the checks.
	tx, err := db.reader.BeginTx(ctx, nil)
	if err != nil {
		return s, fmt.Errorf("store: check: %w", err)
	}
	defer tx.Rollback()
	err = tx.QueryRowContext(ctx, `SELECT
		(SELECT user_version FROM pragma_user_version),
		(SELECT count(*) FROM players),
		(SELECT count(*) FROM events),
		(SELECT count(*) FROM entries),
		(SELECT count(*) FROM rounds),
		(SELECT count(*) FROM tables),
		(SELECT count(*) FROM results),
		(SELECT count(*) FROM judge_log)`).
		Scan(&s.SchemaVersion, &s.Players, &s.Events, &s.Entries, &s.Rounds, &s.Tables, &s.Results, &s.JudgeLogEntries)
	if err != nil {
		return s, fmt.Errorf("store: check: %w", err)
	}

	rows, err := tx.QueryContext(ctx, `PRAGMA integrity_check`)
	if err != nil {
		return s, fmt.Errorf("store: check: %w", err)
	}
	for rows.Next() {
		var line string
		if err := rows.Scan(&line); err != nil {
			return s, errors.Join(fmt.Errorf("store: check: %w", err), rows.Close())
		}
		if line != "ok" {
			s.Problems = append(s.Problems, line)
		}
	}
	if err := errors.Join(rows.Err(), rows.Close()); err != nil {
		return s, fmt.Errorf("store: check: %w", err)
	}

	rows, err = tx.QueryContext(ctx, `PRAGMA foreign_key_check`)
	if err != nil {
		return s, fmt.Errorf("store: check: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var table, parent string
		var rowid *int64
		var fk int
		if err := rows.Scan(&table, &rowid, &parent, &fk); err != nil {
			return s, fmt.Errorf("store: check: %w", err)
		}
		where := "a row without rowid"
		if rowid != nil {
			where = fmt.Sprintf("row %d", *rowid)
		}
		s.Problems = append(s.Problems, fmt.Sprintf("%s %s refers to a missing row of %s", table, where, parent))
	}
	if err := rows.Err(); err != nil {
		return s, fmt.Errorf("store: check: %w", err)
	}
	return s, nil
}
