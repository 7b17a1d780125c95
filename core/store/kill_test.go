//go:build unix

package store

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"tablekeeper/core/i18n"
	"testing"
	"time"

	"tablekeeper/core/event"
	"tablekeeper/core/storage"
)

// killChildEnv names the database a TestKillChild process writes to.
const killChildEnv = "TK_KILL_CHILD_DB"

// killTables is the number of tables the child records results for.
const killTables = 16

// TestKillChild is the child process of TestKillMidWrite, which runs this
// test binary again with killChildEnv set. Run alone it does nothing.
//
// The child records results for ever, one transaction each, until it is
// killed: commit i gives table i mod killTables the points i (so points only
// grow at every table) and games won i mod 3, and appends the log line
// "table T points i" in the same transaction. After each commit returns it
// prints "committed T i".
func TestKillChild(t *testing.T) {
	childMain(killChildEnv, "kill child", runKillChild)
}

func runKillChild(ctx context.Context, db *DB) error {
	eventID, err := childEvent(ctx, db, killSetup)
	if err != nil {
		return err
	}
	var tables []event.Table
	next := 0
	err = db.Read(ctx, func(tx storage.Tx) error {
		rounds, err := tx.Rounds(eventID)
		if err != nil {
			return err
		}
		tables = rounds[0].Tables
		for _, tb := range tables {
			if tb.Result != nil && tb.Result.Seats[0].Points >= next {
				next = tb.Result.Seats[0].Points + 1
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	deadline := time.Now().Add(time.Minute) // in case nobody kills us
	for i := next; time.Now().Before(deadline); i++ {
		tb := tables[i%killTables]
		err := db.Write(ctx, func(tx storage.Tx) error {
			err := tx.SetResult(tb.ID, &event.Result{
				Seats:      []event.SeatResult{{GamesWon: i % 3, Points: i}, {GamesWon: (i + 1) % 3, Points: i}},
				RecordedAt: t0.Add(time.Duration(i) * time.Millisecond),
			})
			if err != nil {
				return err
			}
			return tx.AppendLog(&event.LogEntry{EventID: eventID, Round: 1, Message: i18n.Plain(fmt.Sprintf("table %d points %d", tb.ID, i))})
		})
		if err != nil {
			return err
		}
		if _, err := fmt.Fprintf(os.Stdout, "committed %d %d\n", tb.ID, i); err != nil {
			return err
		}
	}
	return nil
}

// killSetup saves the child's event: 2×killTables players and round 1.
func killSetup(tx *Tx) (event.EventID, error) {
	e := event.Event{Name: "Kill test", Game: "keyforge", Format: "archon", State: event.StateRunning, Settings: swissSettings()}
	if err := tx.CreateEvent(&e); err != nil {
		return 0, err
	}
	r := event.Round{EventID: e.ID, Number: 1, Stage: event.StageSwiss}
	var seats []event.Seat
	for i := range 2 * killTables {
		p := event.Player{Name: fmt.Sprintf("Zoë %d", i)}
		if err := tx.CreatePlayer(&p); err != nil {
			return 0, err
		}
		en := event.Entry{EventID: e.ID, PlayerID: p.ID, Status: event.EntryActive, JoinedRound: 1}
		if err := tx.CreateEntry(&en); err != nil {
			return 0, err
		}
		seats = append(seats, event.Seat{EntryID: en.ID})
	}
	for i := range killTables {
		r.Tables = append(r.Tables, event.Table{Number: i + 1, Seats: seats[2*i : 2*i+2]})
	}
	return e.ID, tx.CreateRound(&r)
}

// TestKillMidWrite kills a process that is recording results, at random
// moments, 25 times, and checks after each kill that the database reopens
// sound and holds every result the process reported committed: exactly
// those, or those and the one it committed but was killed before reporting.
func TestKillMidWrite(t *testing.T) {
	path := filepath.Join(t.TempDir(), "kill.db")
	rng := rand.New(rand.NewPCG(20250314, 1))
	// known[table] is the points the database must hold at the table;
	// top is the last commit known (-1: none), so the child's next
	// commit is top+1.
	known := map[event.TableID]int{}
	top := -1
	start := time.Now()
	reported, unreported := 0, 0
	const kills = 25
	for k := range kills {
		commits := rng.IntN(40) // 0: kill it while it starts up
		delay := time.Duration(rng.IntN(51)) * time.Millisecond
		lines, err := runAndKill(t, path, commits, delay)
		if err != nil {
			t.Fatalf("kill %d: %v", k+1, err)
		}
		for _, l := range lines {
			if l.points != top+1 {
				t.Fatalf("kill %d: the child reported commit %d after %d", k+1, l.points, top)
			}
			known[l.table], top = l.points, l.points
			reported++
		}

		got, extra := verifyAfterKill(t, path, known, top)
		if extra {
			unreported++
			top++
		}
		known = got
	}
	t.Logf("%d kills, %d commits reported, %d more found committed but unreported, in %v",
		kills, reported, unreported, time.Since(start).Round(time.Millisecond))
	if reported < kills {
		t.Errorf("only %d commits reported in %d runs: the test did not exercise much", reported, kills)
	}
}

type commitLine struct {
	table  event.TableID
	points int
}

// runAndKill starts a child on path, waits for it to report commits
// commits, waits delay more and kills it with SIGKILL. It returns every
// commit the child reported before it died.
func runAndKill(t *testing.T, path string, commits int, delay time.Duration) ([]commitLine, error) {
	return runAndKillChild("TestKillChild", killChildEnv, path, commits, 20*time.Second, delay, func(line string) (commitLine, bool) {
		var l commitLine
		_, err := fmt.Sscanf(line, "committed %d %d", &l.table, &l.points)
		return l, err == nil
	})
}

// verifyAfterKill opens the database as the app would after a crash and
// checks it against what the child reported: every table holds the points
// known, except that the commit after top may be there too (the child was
// killed between committing and reporting). It returns the points found at
// each table and whether that extra commit was found.
func verifyAfterKill(t *testing.T, path string, known map[event.TableID]int, top int) (map[event.TableID]int, bool) {
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

	found := map[event.TableID]int{}
	var log []event.LogEntry
	read(t, db, func(tx *Tx) error {
		events, err := tx.Events()
		if err != nil || len(events) == 0 {
			return err // killed before the setup committed
		}
		rounds, err := tx.Rounds(events[0].ID)
		if err != nil {
			return err
		}
		for _, tb := range rounds[0].Tables {
			if r := tb.Result; r != nil {
				p := r.Seats[0].Points
				if r.Seats[0].GamesWon != p%3 || r.Seats[1].GamesWon != (p+1)%3 || r.Seats[1].Points != p {
					t.Errorf("table %d holds a result no commit wrote: %+v", tb.ID, r.Seats)
				}
				found[tb.ID] = p
			}
		}
		log, err = tx.Log(events[0].ID)
		return err
	})

	extra := false
	for table, p := range found {
		want, ok := known[table]
		switch {
		case ok && p == want:
		case p == top+1 && !extra:
			extra = true
		default:
			t.Fatalf("table %d holds points %d; the child reported %d (known: %v) and its last commit was %d",
				table, p, want, ok, top)
		}
	}
	for table, want := range known {
		if _, ok := found[table]; !ok {
			t.Fatalf("table %d lost its result (points %d)", table, want)
		}
	}
	// The log line went in with each result: one line per commit, in
	// order, none lost and none twice.
	last := top
	if extra {
		last++
	}
	if len(log) != last+1 {
		t.Fatalf("%d log lines for commits 0 to %d", len(log), last)
	}
	for i, l := range log {
		if !strings.HasSuffix(l.Message.String(), fmt.Sprintf(" points %d", i)) {
			t.Fatalf("log line %d is %q", i, l.Message)
		}
	}
	return found, extra
}
