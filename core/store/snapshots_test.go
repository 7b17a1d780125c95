package store

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"tablekeeper/core/event"
)

// Backup: each published round leaves a snapshot in the backups folder
// beside the database, named by event and round, that opens as the
// database; the newest 20 per event are kept, and another event's
// snapshots are left alone.
func TestRoundSnapshotsKeepTheNewestTwentyOfEachEvent(t *testing.T) {
	ctx := context.Background()
	db := openTemp(t)
	must(t, writeErr(db, func(tx *Tx) error {
		return tx.CreatePlayer(&event.Player{Name: "Ada", CreatedAt: t0})
	}))
	clock := time.Date(2026, 11, 25, 19, 0, 0, 0, time.UTC)
	hook := db.RoundSnapshots(func() time.Time { clock = clock.Add(time.Second); return clock })
	friday := event.Event{ID: 1, Name: "Friday: Swiss"}
	must(t, hook(ctx, friday, 1))
	dir := filepath.Join(filepath.Dir(db.Path()), "backups")
	snaps, _ := filepath.Glob(filepath.Join(dir, "*.db"))
	if len(snaps) != 1 || filepath.Base(snaps[0]) != "Friday- Swiss - event 1 - round 01 - 2026-11-25 190001.000.db" {
		t.Fatalf("snapshots after round 1: %q", snaps)
	}
	copyDB, err := OpenReadOnly(snaps[0])
	must(t, err)
	sum, err := copyDB.Check(ctx)
	copyDB.Close()
	if err != nil || !sum.OK() || sum.Players != 1 {
		t.Errorf("the snapshot: %+v %v", sum, err)
	}

	must(t, hook(ctx, event.Event{ID: 2, Name: "Saturday"}, 1))
	for i := range 25 {
		must(t, hook(ctx, friday, 2+i))
	}
	fridays, _ := filepath.Glob(filepath.Join(dir, "* - event 1 - *.db"))
	if len(fridays) != KeepSnapshots {
		t.Fatalf("%d snapshots of event 1 kept, want %d", len(fridays), KeepSnapshots)
	}
	all := strings.Join(fridays, "\n")
	if !strings.Contains(all, "round 26") || strings.Contains(all, "round 01") || strings.Contains(all, "round 06") || !strings.Contains(all, "round 07") {
		t.Errorf("kept the wrong snapshots: %q", fridays)
	}
	if saturday, _ := filepath.Glob(filepath.Join(dir, "Saturday - event 2 - round 01 - *.db")); len(saturday) != 1 {
		t.Errorf("event 2's snapshot: %q", saturday)
	}
}

func TestSafeFileNameReplacesWhatNoSystemAllows(t *testing.T) {
	if got := safeFileName("a/b\\c:d*e?f\"g<h>i|j\tk Zoë"); got != "a-b-c-d-e-f-g-h-i-j-k Zoë" {
		t.Errorf("got %q", got)
	}
}
