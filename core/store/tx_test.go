package store

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"tablekeeper/core/i18n"
	"testing"

	"tablekeeper/core/event"
	"tablekeeper/core/storage"
)

func playerCount(t *testing.T, db *DB) int {
	t.Helper()
	var n int
	read(t, db, func(tx *Tx) error {
		ps, err := tx.FindPlayers("", 0)
		n = len(ps)
		return err
	})
	return n
}

func TestAFailedWriteLeavesNothingBehind(t *testing.T) {
	db, f := openFixture(t, 9)
	before := playerCount(t, db)
	oops := errors.New("the director changed its mind")
	err := writeErr(db, func(tx *Tx) error {
		must(t, tx.CreatePlayer(&event.Player{Name: "Ghost", MemberNo: "666"}))
		r := sampleRound(f)
		must(t, tx.CreateRound(&r))
		must(t, tx.AppendLog(&event.LogEntry{EventID: f.event.ID, Message: i18n.F("round %d published", 1)}))
		return oops
	})
	if err != oops {
		t.Fatalf("Write returned %v, want fn's error as is", err)
	}
	if n := playerCount(t, db); n != before {
		t.Errorf("%d players after the rollback, want %d", n, before)
	}
	read(t, db, func(tx *Tx) error {
		rounds, err := tx.Rounds(f.event.ID)
		must(t, err)
		log, err := tx.Log(f.event.ID)
		if len(rounds) != 0 || len(log) != 0 {
			t.Errorf("%d rounds and %d log lines after the rollback", len(rounds), len(log))
		}
		return err
	})
}

func TestAPanicInAWriteRollsBackAndGoesOn(t *testing.T) {
	db := openTemp(t)
	func() {
		defer func() {
			if r := recover(); r != "boom" {
				t.Errorf("recovered %v, want the panic to go on", r)
			}
		}()
		_ = db.Write(context.Background(), func(tx storage.Tx) error {
			must(t, tx.CreatePlayer(&event.Player{Name: "Ghost"}))
			panic("boom")
		})
	}()
	if n := playerCount(t, db); n != 0 {
		t.Errorf("%d players after the panic", n)
	}
	// The writer is free again.
	write(t, db, func(tx *Tx) error { return tx.CreatePlayer(&event.Player{Name: "Ada"}) })
}

func TestReadsCannotWrite(t *testing.T) {
	db := openTemp(t)
	err := db.Read(context.Background(), func(tx storage.Tx) error {
		return tx.CreatePlayer(&event.Player{Name: "Sneaky"})
	})
	if err == nil {
		t.Fatal("a Read wrote")
	}
	if n := playerCount(t, db); n != 0 {
		t.Errorf("%d players", n)
	}
}

func TestACancelledContextStopsAWrite(t *testing.T) {
	db := openTemp(t)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	err := db.Write(ctx, func(tx storage.Tx) error {
		t.Error("fn ran with a cancelled context")
		return nil
	})
	if !errors.Is(err, context.Canceled) {
		t.Errorf("Write = %v, want context.Canceled", err)
	}
}

func TestConcurrentWritesAndReads(t *testing.T) {
	db := openTemp(t)
	const writers, each = 8, 20
	var wg sync.WaitGroup
	errs := make(chan error, writers*each*2)
	for w := range writers {
		wg.Add(2)
		go func() {
			defer wg.Done()
			for i := range each {
				errs <- db.Write(context.Background(), func(tx storage.Tx) error {
					return tx.CreatePlayer(&event.Player{Name: fmt.Sprintf("P%d-%d", w, i), MemberNo: fmt.Sprintf("%d-%d", w, i)})
				})
			}
		}()
		go func() {
			defer wg.Done()
			for range each {
				errs <- db.Read(context.Background(), func(tx storage.Tx) error {
					// Two reads in one snapshot agree.
					a, err := tx.FindPlayers("", 0)
					if err != nil {
						return err
					}
					b, err := tx.FindPlayers("", 0)
					if err == nil && len(a) != len(b) {
						err = fmt.Errorf("one snapshot saw %d then %d players", len(a), len(b))
					}
					return err
				})
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Error(err)
		}
	}
	if n := playerCount(t, db); n != writers*each {
		t.Errorf("%d players, want %d", n, writers*each)
	}
}

func TestCheck(t *testing.T) {
	db, f := openFixture(t, 9)
	r := sampleRound(f)
	write(t, db, func(tx *Tx) error {
		must(t, tx.CreateRound(&r))
		return tx.AppendJudgeLog(&event.JudgeLogEntry{EventID: f.event.ID, Kind: event.LogDeckCheck})
	})
	s, err := db.Check(context.Background())
	must(t, err)
	want := Summary{Path: db.Path(), SchemaVersion: latestVersion(t), Players: 9, Events: 1, Entries: 9, Rounds: 1, Tables: 3,
		Results: 2, JudgeLogEntries: 1}
	equal(t, "summary", s, want)
	if !s.OK() {
		t.Errorf("problems: %v", s.Problems)
	}
}

func TestCheckReportsBrokenReferences(t *testing.T) {
	db, f := openFixture(t, 2)
	// Break a reference behind the foreign keys' back, as a bad
	// hand-edit would.
	conn, err := db.writer.Conn(context.Background())
	must(t, err)
	_, err = conn.ExecContext(context.Background(), `PRAGMA foreign_keys = OFF`)
	must(t, err)
	_, err = conn.ExecContext(context.Background(), `DELETE FROM players WHERE id = ?`, f.players[0].ID)
	must(t, err)
	_, err = conn.ExecContext(context.Background(), `PRAGMA foreign_keys = ON`)
	must(t, err)
	must(t, conn.Close())

	s, err := db.Check(context.Background())
	must(t, err)
	if s.OK() || len(s.Problems) != 1 {
		t.Errorf("problems %q, want one broken reference", s.Problems)
	}
}
