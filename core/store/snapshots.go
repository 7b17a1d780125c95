package store

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"tablekeeper/core/event"
)

// KeepSnapshots is how many automatic snapshots are kept per event.
const KeepSnapshots = 20

// RoundSnapshots returns the hook the director calls after each published
// round (director.SetSnapshot): a backup of db in the backups folder
// beside the database, named by event and round ("Friday Swiss - event 3 -
// round 02 - 2026-11-25 193000.000.db") at the time now gives; the newest
// KeepSnapshots of each event are kept.
func (db *DB) RoundSnapshots(now func() time.Time) func(ctx context.Context, e event.Event, round int) error {
	return func(ctx context.Context, e event.Event, round int) error {
		dir := filepath.Join(filepath.Dir(db.Path()), "backups")
		if err := os.MkdirAll(dir, 0o700); err != nil {
			return err
		}
		prefix := fmt.Sprintf("%s - event %d - ", safeFileName(e.Name), e.ID)
		name := fmt.Sprintf("%sround %02d - %s.db", prefix, round, now().Format("2006-01-02 150405.000"))
		if err := db.Backup(ctx, filepath.Join(dir, name)); err != nil {
			return err
		}
		return pruneSnapshots(dir, e.ID)
	}
}

// pruneSnapshots removes all but the newest KeepSnapshots of an event's
// snapshots in dir.
func pruneSnapshots(dir string, id event.EventID) error {
	all, err := filepath.Glob(filepath.Join(dir, fmt.Sprintf("* - event %d - round *.db", id)))
	if err != nil || len(all) <= KeepSnapshots {
		return err
	}
	type snap struct {
		path string
		mod  time.Time
	}
	snaps := make([]snap, 0, len(all))
	for _, p := range all {
		if info, err := os.Stat(p); err == nil {
			snaps = append(snaps, snap{p, info.ModTime()})
		}
	}
	sort.Slice(snaps, func(i, j int) bool {
		if !snaps[i].mod.Equal(snaps[j].mod) {
			return snaps[i].mod.After(snaps[j].mod)
		}
		return snaps[i].path > snaps[j].path
	})
	var errs []error
	for _, s := range snaps[min(KeepSnapshots, len(snaps)):] {
		errs = append(errs, os.Remove(s.path))
	}
	return errors.Join(errs...)
}

// safeFileName replaces the characters no file name may hold on some
// system.
func safeFileName(s string) string {
	return strings.Map(func(c rune) rune {
		if strings.ContainsRune(`/\:*?"<>|`, c) || c < 32 {
			return '-'
		}
		return c
	}, s)
}
