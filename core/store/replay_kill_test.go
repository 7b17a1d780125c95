//go:build unix

package store

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"
	"time"

	"tablekeeper/core/event"
	"tablekeeper/core/i18n"
	"tablekeeper/core/storage"
)

// applyKillEnv names the database a TestApplyKillChild process applies
// units to.
const applyKillEnv = "TK_APPLY_KILL_CHILD_DB"

// applyKillPlayers is how many players each unit of the child saves.
const applyKillPlayers = 25

// TestApplyKillChild is the child process of TestAKilledApplyLeavesAllOrNothing.
// Run alone it does nothing. It captures and applies units for ever, unit
// i saving the log line "unit i" and applyKillPlayers players "unit i
// player k", and prints "applied i" once ApplyUnit returned.
func TestApplyKillChild(t *testing.T) {
	childMain(applyKillEnv, "apply kill child", runApplyKillChild)
}

func runApplyKillChild(ctx context.Context, db *DB) error {
	// The first start saves the event, before any unit.
	id, err := childEvent(ctx, db, func(tx *Tx) (event.EventID, error) {
		e := event.Event{Name: "Apply kill test", Game: "keyforge", Format: "archon", State: event.StateRunning, Settings: swissSettings()}
		err := tx.CreateEvent(&e)
		return e.ID, err
	})
	if err != nil {
		return err
	}
	last, _, err := db.AppliedIndex(ctx)
	if err != nil {
		return err
	}
	deadline := time.Now().Add(time.Minute) // in case nobody kills us
	for i := last + 1; time.Now().Before(deadline); i++ {
		u, err := db.Capture(ctx, func(tx storage.Tx) error {
			if err := tx.AppendLog(&event.LogEntry{EventID: id, Message: i18n.Plain(fmt.Sprintf("unit %d", i))}); err != nil {
				return err
			}
			for k := range applyKillPlayers {
				if err := tx.CreatePlayer(&event.Player{Name: fmt.Sprintf("unit %d player %d", i, k)}); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			return err
		}
		if _, err := db.ApplyUnit(ctx, i, 1, u); err != nil {
			return err
		}
		if _, err := fmt.Fprintf(os.Stdout, "applied %d\n", i); err != nil {
			return err
		}
	}
	return nil
}

// TestAKilledApplyLeavesAllOrNothing kills a process that is applying
// units, at random moments, and checks after each kill that the database
// holds, for its applied index N, exactly units 1 to N, whole: the unit
// and its index or neither. N is at least the last unit the child
// reported applied, and at most one more.
func TestAKilledApplyLeavesAllOrNothing(t *testing.T) {
	path := filepath.Join(t.TempDir(), "apply.db")
	rng := rand.New(rand.NewPCG(20261202, 29))
	kills := 12
	if testing.Short() {
		kills = 4
	}
	var reported uint64
	between := 0
	for k := range kills {
		units := rng.IntN(25)
		delay := time.Duration(rng.IntN(15)) * time.Millisecond
		last, err := runAndKillApply(path, units, delay)
		if err != nil {
			t.Fatalf("kill %d: %v", k+1, err)
		}
		if last > 0 {
			reported = last
		}
		n := verifyApplied(t, path)
		switch {
		case n == reported:
		case n == reported+1:
			between++
		default:
			t.Fatalf("kill %d: applied index %d, the child reported %d", k+1, n, reported)
		}
		reported = n
	}
	t.Logf("%d kills, %d units applied, %d of them applied but unreported", kills, reported, between)
	if reported < uint64(kills) {
		t.Errorf("only %d units in %d runs: the test did not exercise much", reported, kills)
	}
}

// runAndKillApply starts a child on path, waits for it to report units
// units, waits delay more and kills it. It returns the last unit it
// reported (0 for none).
func runAndKillApply(path string, units int, delay time.Duration) (uint64, error) {
	applied, err := runAndKillChild("TestApplyKillChild", applyKillEnv, path, units, 30*time.Second, delay, func(line string) (uint64, bool) {
		var i uint64
		_, err := fmt.Sscanf(line, "applied %d", &i)
		return i, err == nil
	})
	if err != nil || len(applied) == 0 {
		return 0, err
	}
	return applied[len(applied)-1], nil
}

// verifyApplied reopens the database after a kill and checks that it
// holds units 1 to its applied index N, each whole, and nothing of unit
// N+1. It returns N.
func verifyApplied(t *testing.T, path string) uint64 {
	t.Helper()
	db, err := Open(path)
	if err != nil {
		t.Fatalf("reopening after the kill: %v", err)
	}
	defer db.Close()
	s, err := db.Check(context.Background())
	if err != nil || !s.OK() {
		t.Fatalf("the database after the kill: %v %q", err, s.Problems)
	}
	n, _, err := db.AppliedIndex(context.Background())
	must(t, err)
	var lines, players int
	must(t, db.reader.QueryRow(`SELECT count(*) FROM players WHERE name LIKE 'unit %'`).Scan(&players))
	must(t, db.reader.QueryRow(`SELECT count(*) FROM event_log`).Scan(&lines))
	if uint64(lines) != n || uint64(players) != n*applyKillPlayers { // #nosec G115 -- counts
		t.Fatalf("applied index %d, with %d log lines and %d players (want %d each unit)", n, lines, players, applyKillPlayers)
	}
	return n
}
