package store

import (
	"context"
	"database/sql"
	"path/filepath"
	"testing"
)

// Every connection the package opens, the writer's, the readers', a
// read-only database's and a backup's, syncs with F_FULLFSYNC on macOS
// (the pragmas read back on; elsewhere SQLite accepts and ignores them).
func TestEveryConnectionSyncsToTheDisk(t *testing.T) {
	ctx := context.Background()
	db := openTemp(t)
	copyPath := filepath.Join(t.TempDir(), "copy.db")
	must(t, db.Backup(ctx, copyPath))
	ro, err := OpenReadOnly(copyPath)
	must(t, err)
	defer ro.Close()
	for name, pool := range map[string]*sql.DB{"writer": db.writer, "reader": db.reader, "read-only": ro.reader} {
		for _, pragma := range []string{"fullfsync", "checkpoint_fullfsync"} {
			var on int
			if err := pool.QueryRowContext(ctx, "PRAGMA "+pragma).Scan(&on); err != nil || on != 1 {
				t.Errorf("%s: %s is %d (%v), want on", name, pragma, on, err)
			}
		}
	}
}
