package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	sqlite3 "github.com/mattn/go-sqlite3"
)

// Backup writes a consistent copy of the database to dest with SQLite's
// online backup: every committed change is in it, those still in the -wal
// file included, even while other connections write. The copy is written
// beside dest and renamed into place once whole, readable by its user only
// (it holds e-mails). An existing dest is refused: a backup never replaces
// a file.
func (db *DB) Backup(ctx context.Context, dest string) error {
	abs, err := filepath.Abs(dest)
	if err != nil {
		return fmt.Errorf("store: backup: %w", err)
	}
	if _, err := os.Lstat(abs); err == nil {
		return fmt.Errorf("store: backup: %w", errExists(abs))
	} else if !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("store: backup to %s: %w", abs, err)
	}
	tmp, err := os.CreateTemp(filepath.Dir(abs), ".tablekeeper-backup-*.db")
	if err != nil {
		return fmt.Errorf("store: backup to %s: %w", abs, err)
	}
	tmpPath := tmp.Name()
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("store: backup to %s: %w", abs, err)
	}
	defer os.Remove(tmpPath)
	if err := os.Chmod(tmpPath, 0o600); err != nil {
		return fmt.Errorf("store: backup: %w", err)
	}
	if err := copyDatabase(ctx, db.reader, tmpPath); err != nil {
		return fmt.Errorf("store: backup to %s: %w", abs, err)
	}
	if _, err := os.Lstat(abs); err == nil {
		return fmt.Errorf("store: backup: %w", errExists(abs))
	}
	if err := os.Rename(tmpPath, abs); err != nil {
		return fmt.Errorf("store: backup to %s: %w", abs, err)
	}
	return nil
}

func errExists(path string) error {
	return fmt.Errorf("%s already exists; a backup never replaces a file: choose a new name", path)
}

// copyDatabase copies the database behind src into the empty file at
// dest, in one step of SQLite's backup API (a consistent snapshot).
func copyDatabase(ctx context.Context, src *sql.DB, dest string) error {
	out, err := sql.Open(driverName, fileURI(dest, nil))
	if err != nil {
		return err
	}
	defer out.Close()
	return backupInto(ctx, out, src)
}

// backupInto copies the database behind src over the one behind dest's
// (one) connection, in one step of SQLite's backup API.
func backupInto(ctx context.Context, dest, src *sql.DB) error {
	dc, err := dest.Conn(ctx)
	if err != nil {
		return err
	}
	defer dc.Close()
	sc, err := src.Conn(ctx)
	if err != nil {
		return err
	}
	defer sc.Close()
	return dc.Raw(func(d any) error {
		return sc.Raw(func(s any) error {
			dconn, ok1 := d.(*sqlite3.SQLiteConn)
			sconn, ok2 := s.(*sqlite3.SQLiteConn)
			if !ok1 || !ok2 {
				return errors.New("not a SQLite connection")
			}
			b, err := dconn.Backup("main", sconn, "main")
			if err != nil {
				return err
			}
			if _, err := b.Step(-1); err != nil {
				return errors.Join(err, b.Finish())
			}
			return b.Finish()
		})
	})
}
