package store

import (
	"context"
	"database/sql"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strconv"
	"strings"
)

// migrationFiles are the schema changes, one file per version:
// migrations/NNN_what.sql, numbered from 001 without gaps. A released
// migration never changes; a new schema is a new file. A version may add
// a Go step (migrationStep), run in the same transaction after its SQL.
//
//go:embed migrations/*.sql
var migrationFiles embed.FS

// migration is one schema version's SQL, and the Go step of the versions
// that have one.
type migration struct {
	version int
	name    string
	sql     string
	// step, when set, runs after the SQL in the same transaction: a change
	// SQL cannot say well (migration 7 rewrites each event's settings
	// JSON, see rewriteSettings).
	step func(ctx context.Context, tx *sql.Tx) error
}

// migrationStep returns the Go step of a schema version, or nil. A step
// belongs to its version's .sql file, which says what the step does.
func migrationStep(version int) func(context.Context, *sql.Tx) error {
	switch version {
	case 7:
		return rewriteSettings
	case 11:
		return refoldPlayerNames
	case 12:
		return convertMessages
	}
	return nil
}

// loadMigrations reads the NNN_name.sql files of fsys's migrations folder
// in version order and checks that they are numbered 1, 2, 3, ….
func loadMigrations(fsys fs.FS) ([]migration, error) {
	names, err := fs.Glob(fsys, "migrations/*.sql")
	if err != nil {
		return nil, err
	}
	var migs []migration
	for _, name := range names {
		base := path.Base(name)
		num, _, ok := strings.Cut(base, "_")
		v, err := strconv.Atoi(num)
		if !ok || err != nil || v < 1 {
			return nil, fmt.Errorf("migration %s: the name must start with its version, like 001_init.sql", base)
		}
		text, err := fs.ReadFile(fsys, name)
		if err != nil {
			return nil, err
		}
		migs = append(migs, migration{version: v, name: base, sql: string(text), step: migrationStep(v)})
	}
	sort.Slice(migs, func(i, j int) bool { return migs[i].version < migs[j].version })
	for i, m := range migs {
		if m.version != i+1 {
			return nil, fmt.Errorf("migration %s: expected version %d", m.name, i+1)
		}
	}
	return migs, nil
}

// migrate brings the database up to the last of migs, each migration in one
// transaction together with its user_version (and, for the first, the
// application_id): a migration that fails leaves the database as it was.
func migrate(ctx context.Context, w *sql.DB, path string, migs []migration) error {
	// A database already up to date needs no write lock: reading the
	// version first lets check, export and start-up open it while another
	// process is writing (the probe has checked the header).
	var version int
	if err := w.QueryRowContext(ctx, "PRAGMA user_version").Scan(&version); err == nil && version == len(migs) {
		return nil
	}
	for _, m := range migs {
		if err := applyMigration(ctx, w, path, len(migs), m); err != nil {
			return err
		}
	}
	return nil
}

func applyMigration(ctx context.Context, w *sql.DB, path string, known int, m migration) error {
	tx, err := w.BeginTx(ctx, nil) // BEGIN IMMEDIATE: holds the write lock
	if err != nil {
		return fmt.Errorf("migration %s: %w", m.name, err)
	}
	defer tx.Rollback()

	// Read the header again under the write lock: another process may
	// have migrated (or another program written) since the probe.
	var h header
	if err := tx.QueryRowContext(ctx, headerQuery).Scan(&h.appID, &h.version, &h.objects); err != nil {
		return fmt.Errorf("migration %s: %w", m.name, err)
	}
	if err := h.check(path, known); err != nil {
		return err
	}
	if h.version >= m.version {
		return nil
	}
	if h.version != m.version-1 {
		return fmt.Errorf("migration %s: the database is at version %d", m.name, h.version)
	}
	if _, err := tx.ExecContext(ctx, m.sql); err != nil {
		return fmt.Errorf("migration %s: %w", m.name, err)
	}
	if m.step != nil {
		if err := m.step(ctx, tx); err != nil {
			return fmt.Errorf("migration %s: %w", m.name, err)
		}
	}
	// PRAGMA takes no bound parameters; the values are our own integers.
	if _, err := tx.ExecContext(ctx, fmt.Sprintf("PRAGMA user_version = %d", m.version)); err != nil {
		return fmt.Errorf("migration %s: %w", m.name, err)
	}
	if h.appID != ApplicationID {
		if _, err := tx.ExecContext(ctx, fmt.Sprintf("PRAGMA application_id = %d", ApplicationID)); err != nil {
			return fmt.Errorf("migration %s: %w", m.name, err)
		}
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("migration %s: %w", m.name, err)
	}
	return nil
}

// migrationRows reads every row of query, each into a T by scan, and
// closes the rows before the migration writes (queryAll for a Tx).
func migrationRows[T any](ctx context.Context, tx *sql.Tx, query string, scan func(*sql.Rows, *T) error) ([]T, error) {
	rows, err := tx.QueryContext(ctx, query)
	if err != nil {
		return nil, err
	}
	var all []T
	for rows.Next() {
		var v T
		if err := scan(rows, &v); err != nil {
			return nil, errors.Join(err, rows.Close())
		}
		all = append(all, v)
	}
	if err := rows.Close(); err != nil {
		return nil, err
	}
	return all, rows.Err()
}
