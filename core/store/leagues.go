package store

import (
	"database/sql"
	"errors"
	"fmt"

	"tablekeeper/core/event"
	"tablekeeper/core/storage"
)

func noLeague(id event.LeagueID) error {
	return event.NotFoundf("there is no league with ID %d", id)
}

// CreateLeague saves a new league and sets l.ID.
func (t *Tx) CreateLeague(l *event.League) error {
	t.changed(0, storage.ChangeLeague)
	if err := l.Validate(); err != nil {
		return fmt.Errorf("store: create league: %w", err)
	}
	res, err := t.exec(`INSERT INTO leagues (name, kind, finals, tie_seed, created_at) VALUES (?, ?, ?, ?, ?)`,
		l.Name, l.Kind, l.Finals, seedColumn(l.TieSeed), millis(l.CreatedAt))
	if err != nil {
		return fmt.Errorf("store: create league: %w", err)
	}
	l.ID = event.LeagueID(lastID(res))
	return nil
}

// seedColumn stores a tie seed, a uint64, in SQLite's signed 64-bit
// integer bit for bit; seedValue reads it back. Both are the identity on
// the 64 bits, so every seed round-trips.
func seedColumn(seed uint64) int64 {
	return int64(seed) // #nosec G115 -- a bit-for-bit reinterpretation, undone by seedValue
}

// seedValue reads back a tie seed stored by seedColumn.
func seedValue(col int64) uint64 {
	return uint64(col) // #nosec G115 -- a bit-for-bit reinterpretation of seedColumn's
}

const leagueColumns = `id, name, kind, finals, tie_seed, created_at`

func scanLeague(s scanner) (event.League, error) {
	var l event.League
	var seed int64
	err := s.Scan(&l.ID, &l.Name, &l.Kind, &l.Finals, &seed, timeCol{&l.CreatedAt})
	l.TieSeed = seedValue(seed)
	return l, err
}

// League returns one league.
func (t *Tx) League(id event.LeagueID) (event.League, error) {
	l, err := scanLeague(t.queryRow(`SELECT `+leagueColumns+` FROM leagues WHERE id = ?`, id))
	if errors.Is(err, sql.ErrNoRows) {
		err = noLeague(id)
	}
	if err != nil {
		return l, fmt.Errorf("store: league %d: %w", id, err)
	}
	return l, nil
}

// Leagues lists every league, the newest first.
func (t *Tx) Leagues() ([]event.League, error) {
	ls, err := queryAll(t, scanLeague, `SELECT `+leagueColumns+` FROM leagues ORDER BY created_at DESC, id DESC`)
	if err != nil {
		return nil, fmt.Errorf("store: leagues: %w", err)
	}
	return ls, nil
}

// AddLeagueEvent places an event in a league's week. An event already in
// a league (this one or another) is event.ErrConflict; an unknown league
// or event event.ErrNotFound. The week's range is the director's to check.
func (t *Tx) AddLeagueEvent(le event.LeagueEvent) error {
	t.changed(le.EventID, storage.ChangeLeague)
	if err := t.addLeagueEvent(le); err != nil {
		return fmt.Errorf("store: add event %d to league %d: %w", le.EventID, le.LeagueID, err)
	}
	return nil
}

func (t *Tx) addLeagueEvent(le event.LeagueEvent) error {
	name, err := t.eventName(le.EventID)
	if err != nil {
		return err
	}
	if _, err := t.League(le.LeagueID); err != nil {
		return err
	}
	if le.Week < 1 {
		return event.Invalidf("week %d is not a league week", le.Week)
	}
	_, err = t.exec(`INSERT INTO league_events (event_id, league_id, week) VALUES (?, ?, ?)`, le.EventID, le.LeagueID, le.Week)
	if isUnique(err) {
		var other string
		if t.queryRow(`SELECT l.name FROM league_events le JOIN leagues l ON l.id = le.league_id WHERE le.event_id = ?`,
			le.EventID).Scan(&other) != nil {
			other = "a league"
		}
		return event.Conflictf("%s is already in %s; an event belongs to one league", name, other)
	}
	return err
}

// LeagueEvents lists a league's events by week, then in the order they
// were added.
func (t *Tx) LeagueEvents(id event.LeagueID) ([]event.LeagueEvent, error) {
	out, err := queryAll(t, func(s scanner) (event.LeagueEvent, error) {
		var le event.LeagueEvent
		err := s.Scan(&le.LeagueID, &le.EventID, &le.Week)
		return le, err
	}, `SELECT league_id, event_id, week FROM league_events WHERE league_id = ? ORDER BY week, rowid`, id)
	if err != nil {
		return nil, fmt.Errorf("store: events of league %d: %w", id, err)
	}
	return out, nil
}

// EventLeague returns the league an event belongs to with its week;
// event.ErrNotFound when it belongs to none.
func (t *Tx) EventLeague(id event.EventID) (event.LeagueEvent, error) {
	var le event.LeagueEvent
	err := t.queryRow(`SELECT league_id, event_id, week FROM league_events WHERE event_id = ?`, id).
		Scan(&le.LeagueID, &le.EventID, &le.Week)
	if errors.Is(err, sql.ErrNoRows) {
		err = event.NotFoundf("event %d is in no league", id)
	}
	if err != nil {
		return le, fmt.Errorf("store: league of event %d: %w", id, err)
	}
	return le, nil
}
