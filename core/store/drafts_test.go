package store

import (
	"context"
	"database/sql"
	"errors"
	"path/filepath"
	"tablekeeper/core/i18n"
	"testing"

	"tablekeeper/core/event"
)

func TestReplaceTablesKeepsTheRoundChecked(t *testing.T) {
	db, f, r := openRound(t, 7)
	e := func(i int) event.Seat { return event.Seat{EntryID: f.entries[i].ID} }

	// The organizer swaps players 0 and 2 between tables 1 and 2.
	edited := []event.Table{
		{Number: 1, Seats: []event.Seat{e(3), e(2), e(5), e(1)}, Why: i18n.F("changed by the organizer")},
		{Number: 2, Seats: []event.Seat{e(0), e(4)}, Why: i18n.F("changed by the organizer")},
		{Number: 0, Bye: true, Seats: []event.Seat{e(6)}, Why: i18n.F("bye"),
			Result: &event.Result{Seats: []event.SeatResult{{GamesWon: 1}}, RecordedAt: t0}},
	}
	write(t, db, func(tx *Tx) error { return tx.ReplaceTables(r.ID, edited) })
	for _, tb := range edited {
		if tb.ID == 0 || tb.RoundID != r.ID {
			t.Fatalf("table %d not given its IDs: %+v", tb.Number, tb)
		}
	}
	read(t, db, func(tx *Tx) error {
		rounds, err := tx.Rounds(f.event.ID)
		must(t, err)
		equal(t, "tables after the swap", rounds[0].Tables, edited)
		return nil
	})

	// A player seated twice is refused and nothing changes.
	twice := []event.Table{{Number: 1, Seats: []event.Seat{e(0), e(0)}}}
	err := writeErr(db, func(tx *Tx) error { return tx.ReplaceTables(r.ID, twice) })
	if !errors.Is(err, event.ErrConflict) {
		t.Fatalf("seated twice: %v", err)
	}
	read(t, db, func(tx *Tx) error {
		rounds, err := tx.Rounds(f.event.ID)
		equal(t, "tables after a refused edit", rounds[0].Tables, edited)
		return err
	})
	if err := writeErr(db, func(tx *Tx) error { return tx.ReplaceTables(9999, edited) }); !errors.Is(err, event.ErrNotFound) {
		t.Errorf("unknown round: %v", err)
	}
}

func TestPublishAndFixedTableRoundTrip(t *testing.T) {
	db, f := openFixture(t, 4)
	r := event.Round{EventID: f.event.ID, Number: 1, Stage: event.StagePlayoff, Name: i18n.F("semi-final"), BestOf: 3, PairedAt: t0,
		Tables: []event.Table{{Number: 1, Seats: []event.Seat{{EntryID: f.entries[0].ID}, {EntryID: f.entries[1].ID}}}}}
	write(t, db, func(tx *Tx) error { return tx.CreateRound(&r) })
	read(t, db, func(tx *Tx) error {
		rounds, err := tx.Rounds(f.event.ID)
		if rounds[0].Published() || rounds[0].Name.String() != "semi-final" || rounds[0].BestOf != 3 {
			t.Errorf("draft round %+v", rounds[0])
		}
		return err
	})
	write(t, db, func(tx *Tx) error { return tx.PublishRound(r.ID, t0.Add(1e9)) })
	en := f.entries[2]
	en.FixedTable = 12
	write(t, db, func(tx *Tx) error { return tx.UpdateEntry(en) })
	read(t, db, func(tx *Tx) error {
		rounds, err := tx.Rounds(f.event.ID)
		must(t, err)
		if !rounds[0].PublishedAt.Equal(t0.Add(1e9)) {
			t.Errorf("published at %v", rounds[0].PublishedAt)
		}
		got, err := tx.Entry(en.ID)
		if got.FixedTable != 12 {
			t.Errorf("fixed table %d", got.FixedTable)
		}
		return err
	})
}

// A database written by the first version upgrades on open: its rounds,
// paired before drafts existed, count as published.
func TestUpgradeFromVersionOne(t *testing.T) {
	path := filepath.Join(t.TempDir(), "v1.db")
	migs, err := loadMigrations(migrationFiles)
	must(t, err)
	raw, err := sql.Open("sqlite3", path+"?_foreign_keys=on")
	must(t, err)
	must(t, migrate(context.Background(), raw, path, migs[:1]))
	for _, q := range []string{
		`INSERT INTO events (id, name, game, format, state, settings, date) VALUES (1, 'Old', 'generic', 'swiss', 'running', '{"structure":"swiss","tableSize":2,"gamesPerMatch":3}', 0)`,
		`INSERT INTO rounds (id, event_id, number, stage, seed, paired_at) VALUES (1, 1, 1, 'swiss', 7, 1700000000000)`,
	} {
		if _, err := raw.Exec(q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	must(t, raw.Close())

	db, err := Open(path)
	must(t, err)
	defer db.Close()
	read(t, db, func(tx *Tx) error {
		rounds, err := tx.Rounds(1)
		must(t, err)
		if len(rounds) != 1 || !rounds[0].Published() || rounds[0].PublishedAt.UnixMilli() != 1700000000000 {
			t.Errorf("upgraded round %+v", rounds)
		}
		return nil
	})
}
