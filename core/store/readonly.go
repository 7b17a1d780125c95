package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/url"
	"os"

	"tablekeeper/core/event"
)

// ErrReadOnly marks a write refused because the database was opened read
// only (the file cannot be written: a read-only file, a backup on a
// locked medium). Its sentence says how to make changes.
var ErrReadOnly = errors.New("database is read-only")

// Writable reports whether the file at path can be written by this user:
// false for a file without its owner's write permission (Windows' read-
// only attribute shows as such) or one that cannot be opened for writing.
// A file that does not exist is writable: it will be created.
func Writable(path string) bool {
	info, err := os.Stat(path)
	if err != nil {
		return errors.Is(err, os.ErrNotExist)
	}
	if info.Mode().Perm()&0o200 == 0 {
		return false
	}
	f, err := os.OpenFile(path, os.O_RDWR, 0) // #nosec G304 -- the database path the user gave, opened to test access
	if err != nil {
		return false
	}
	return f.Close() == nil
}

// OpenReadOnly opens an existing database that must not or cannot be
// changed: every read works; every write is refused with a sentence
// saying so (ErrReadOnly), and nothing is written beside the file (no
// lock, no -wal or -shm files). A database that a newer build would need
// to migrate first is refused, since migrating writes.
func OpenReadOnly(path string) (*DB, error) {
	migs, err := loadMigrations(migrationFiles)
	if err != nil {
		return nil, fmt.Errorf("store: open: %w", err)
	}
	abs, err := resolvePath(path, false)
	if err != nil {
		return nil, err
	}
	if _, err := os.Stat(abs); err != nil {
		return nil, fmt.Errorf("store: open %s: %w", abs, err)
	}
	if err := probe(context.Background(), abs, len(migs)); err != nil {
		return nil, fmt.Errorf("store: open: %w", err)
	}
	params := url.Values{"mode": {"ro"}, "_query_only": {"1"}, "_foreign_keys": {"1"},
		"_busy_timeout": {fmt.Sprint(busyTimeoutMS)}}
	if _, err := os.Stat(abs + "-wal"); err != nil {
		// No WAL: the main file is the whole database, and immutable
		// keeps SQLite from creating -shm beside a file it cannot write.
		params.Set("immutable", "1")
	}
	reader, err := sql.Open(driverName, fileURI(abs, params))
	if err != nil {
		return nil, fmt.Errorf("store: open %s: %w", abs, err)
	}
	var version int
	if err := reader.QueryRow("PRAGMA user_version").Scan(&version); err != nil {
		return nil, errors.Join(fmt.Errorf("store: open %s: %w", abs, err), reader.Close())
	}
	if version < len(migs) {
		_ = reader.Close() // read-only, nothing to lose; the refusal below is the news
		return nil, event.Statef("%s was saved by an older Tablekeeper and must be updated, which cannot be done to a read-only file; copy it somewhere you can write and open the copy", abs)
	}
	return &DB{path: abs, reader: reader}, nil
}

// ReadOnly reports whether the database was opened with OpenReadOnly.
func (db *DB) ReadOnly() bool { return db.writer == nil }

// readOnlyError is the refusal of a write to a read-only database.
func (db *DB) readOnlyError() error {
	return fmt.Errorf("%w: %w", ErrReadOnly, event.Statef(
		"%s is read-only, so nothing can be changed in it; to make changes, copy it somewhere you can write and open the copy", db.path))
}
