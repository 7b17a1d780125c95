package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/core/store"
)

// runBackup copies a database with SQLite's online backup: a consistent
// copy that includes the changes still in the -wal file, which copying the
// .db file alone misses while the app runs. It never replaces a file.
func runBackup(args []string, stdout, _ io.Writer) error {
	fs := flag.NewFlagSet("backup", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	dbPath := fs.String("db", "", "database file")
	out := fs.String("out", "", "backup file to write")
	if err := fs.Parse(args); err != nil {
		return usagef("%v", err)
	}
	switch {
	case fs.NArg() > 0:
		return usagef("unexpected argument %q", fs.Arg(0))
	case *out == "":
		return usagef("--out is required: the new backup file, such as friday-backup.db")
	}
	st, err := openReadOnly(*dbPath)
	if err != nil {
		return err
	}
	defer st.Close()
	if err := st.Backup(context.Background(), *out); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "backed up %s to %s; to restore, start Tablekeeper with --db %s (or copy it over the database while the app is closed)\n", st.Path(), *out, *out)
	return nil
}

// keepSnapshots is how many automatic snapshots are kept per event.
const keepSnapshots = 20

// roundSnapshots returns the director's snapshot hook: after each
// published round, a backup of st in the backups folder beside the
// database, named by event and round ("Friday Swiss - event 3 - round 02 -
// 2026-11-25 193000.db"); the newest 20 of each event are kept.
func roundSnapshots(st *store.DB, now func() time.Time) director.Snapshot {
	return func(ctx context.Context, e event.Event, round int) error {
		dir := filepath.Join(filepath.Dir(st.Path()), "backups")
		if err := os.MkdirAll(dir, 0o700); err != nil {
			return err
		}
		prefix := fmt.Sprintf("%s - event %d - ", safeFileName(e.Name), e.ID)
		name := fmt.Sprintf("%sround %02d - %s.db", prefix, round, now().Format("2006-01-02 150405.000"))
		if err := st.Backup(ctx, filepath.Join(dir, name)); err != nil {
			return err
		}
		return pruneSnapshots(dir, e.ID)
	}
}

// pruneSnapshots removes all but the newest keepSnapshots of an event's
// snapshots in dir.
func pruneSnapshots(dir string, id event.EventID) error {
	all, err := filepath.Glob(filepath.Join(dir, fmt.Sprintf("* - event %d - round *.db", id)))
	if err != nil || len(all) <= keepSnapshots {
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
	for _, s := range snaps[min(keepSnapshots, len(snaps)):] {
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
