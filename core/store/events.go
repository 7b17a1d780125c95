package store

import (
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"tablekeeper/core/event"
	"tablekeeper/core/storage"
)

const eventColumns = `id, name, game, format, date, state, settings, created_at`

func scanEvent(s scanner) (event.Event, error) {
	var e event.Event
	var settings string
	err := s.Scan(&e.ID, &e.Name, &e.Game, &e.Format, timeCol{&e.Date}, &e.State, &settings, timeCol{&e.CreatedAt})
	if err != nil {
		return e, err
	}
	if err := json.Unmarshal([]byte(settings), &e.Settings); err != nil {
		return e, fmt.Errorf("settings of event %d: %w", e.ID, err)
	}
	return e, nil
}

func noEvent(id event.EventID) error {
	return event.NotFoundf("there is no event with ID %d", id)
}

// eventName returns the name of event id, or an ErrNotFound error.
func (t *Tx) eventName(id event.EventID) (string, error) {
	var name string
	err := t.queryRow(`SELECT name FROM events WHERE id = ?`, id).Scan(&name)
	if errors.Is(err, sql.ErrNoRows) {
		return "", noEvent(id)
	}
	return name, err
}

// CreateEvent saves a new event and sets e.ID.
func (t *Tx) CreateEvent(e *event.Event) error {
	// Recorded once the event has its ID.
	defer func() { t.changed(e.ID, storage.ChangeEvent) }()
	if err := e.Validate(); err != nil {
		return fmt.Errorf("store: create event: %w", err)
	}
	settings, err := json.Marshal(e.Settings)
	if err != nil {
		return fmt.Errorf("store: create event: %w", err)
	}
	res, err := t.exec(`INSERT INTO events (name, game, format, date, state, settings, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?)`,
		e.Name, e.Game, e.Format, millis(e.Date), e.State, string(settings), millis(e.CreatedAt))
	if err != nil {
		return fmt.Errorf("store: create event: %w", err)
	}
	e.ID = event.EventID(lastID(res))
	return nil
}

// UpdateEvent saves the event's name, date, state and settings; its game,
// format and creation time stay as created.
func (t *Tx) UpdateEvent(e event.Event) error {
	t.changed(e.ID, storage.ChangeEvent)
	if err := e.Validate(); err != nil {
		return fmt.Errorf("store: update event %d: %w", e.ID, err)
	}
	settings, err := json.Marshal(e.Settings)
	if err != nil {
		return fmt.Errorf("store: update event %d: %w", e.ID, err)
	}
	res, err := t.exec(`UPDATE events SET name = ?, date = ?, state = ?, settings = ? WHERE id = ?`,
		e.Name, millis(e.Date), e.State, string(settings), e.ID)
	if err := updated(res, err, func() error { return noEvent(e.ID) }); err != nil {
		return fmt.Errorf("store: update event %d: %w", e.ID, err)
	}
	return nil
}

// Event returns the event with that ID.
func (t *Tx) Event(id event.EventID) (event.Event, error) {
	t.saw(id)
	e, err := scanEvent(t.queryRow(`SELECT `+eventColumns+` FROM events WHERE id = ?`, id))
	if errors.Is(err, sql.ErrNoRows) {
		err = noEvent(id)
	}
	if err != nil {
		return event.Event{}, fmt.Errorf("store: event %d: %w", id, err)
	}
	return e, nil
}

// Events lists every event, the newest date first (the newest created
// first on the same date).
func (t *Tx) Events() ([]event.Event, error) {
	events, err := queryAll(t, scanEvent,
		`SELECT `+eventColumns+` FROM events ORDER BY date DESC, id DESC`)
	if err != nil {
		return nil, fmt.Errorf("store: events: %w", err)
	}
	return events, nil
}

const entryColumns = `e.id, e.event_id, e.player_id, p.name, p.member_no, e.team_id, e.checked_in,
	e.status, e.dropped_after, e.joined_round, e.seed, e.fixed_table, e.registered_at, e.namesake
	FROM entries e JOIN players p ON p.id = e.player_id`

func scanEntry(s scanner) (event.Entry, error) {
	var e event.Entry
	err := s.Scan(&e.ID, &e.EventID, &e.PlayerID, &e.Name, textCol{&e.MemberNo}, idCol[event.TeamID]{&e.TeamID},
		&e.CheckedIn, &e.Status, &e.DroppedAfter, &e.JoinedRound, &e.Seed, &e.FixedTable, timeCol{&e.RegisteredAt}, &e.Namesake)
	return e, err
}

func noEntry(id event.EntryID) error {
	return event.NotFoundf("there is no entry with ID %d", id)
}

func checkStatus(s event.EntryStatus) error {
	switch s {
	case event.EntryActive, event.EntryDropped, event.EntryDisqualified:
		return nil
	}
	return event.Invalidf("unknown entry status %q", s)
}

// CreateEntry registers a player in an event and sets e.ID; Name and
// MemberNo are ignored (they are the directory's). Registering a player
// twice in one event is an event.ErrConflict; a team must be one of the
// event's teams.
func (t *Tx) CreateEntry(e *event.Entry) error {
	t.changed(e.EventID, storage.ChangeRegistration)
	if err := t.createEntry(e); err != nil {
		return fmt.Errorf("store: create entry: %w", err)
	}
	return nil
}

func (t *Tx) createEntry(e *event.Entry) error {
	if err := checkStatus(e.Status); err != nil {
		return err
	}
	eventName, err := t.eventName(e.EventID)
	if err != nil {
		return err
	}
	var playerName string
	err = t.queryRow(`SELECT name FROM players WHERE id = ?`, e.PlayerID).Scan(&playerName)
	if errors.Is(err, sql.ErrNoRows) {
		return noPlayer(e.PlayerID)
	}
	if err != nil {
		return err
	}
	res, err := t.exec(`INSERT INTO entries (event_id, player_id, team_id, checked_in, status,
			dropped_after, joined_round, seed, fixed_table, registered_at, namesake)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		e.EventID, e.PlayerID, optID(e.TeamID), e.CheckedIn, e.Status,
		e.DroppedAfter, e.JoinedRound, e.Seed, e.FixedTable, millis(e.RegisteredAt), e.Namesake)
	switch {
	case isUnique(err):
		return event.Conflictf("%s is already registered in %s", playerName, eventName)
	case isForeignKey(err): // event and player exist: the team is wrong
		return event.NotFoundf("team %d is not a team of %s", e.TeamID, eventName)
	case err != nil:
		return err
	}
	e.ID = event.EntryID(lastID(res))
	return nil
}

// UpdateEntry saves check-in, status, dropped-after round, team, seed,
// joined round, fixed table and the namesake mark.
func (t *Tx) UpdateEntry(e event.Entry) error {
	t.changed(e.EventID, storage.ChangeRegistration)
	if err := checkStatus(e.Status); err != nil {
		return fmt.Errorf("store: update entry %d: %w", e.ID, err)
	}
	if e.FixedTable < 0 {
		return fmt.Errorf("store: update entry %d: %w", e.ID, event.Invalidf("table %d does not exist", e.FixedTable))
	}
	res, err := t.exec(`UPDATE entries SET checked_in = ?, status = ?, dropped_after = ?, team_id = ?,
			seed = ?, joined_round = ?, fixed_table = ?, namesake = ?
		WHERE id = ?`,
		e.CheckedIn, e.Status, e.DroppedAfter, optID(e.TeamID), e.Seed, e.JoinedRound, e.FixedTable, e.Namesake, e.ID)
	if isForeignKey(err) {
		err = event.NotFoundf("team %d is not a team of this entry's event", e.TeamID)
	}
	if err := updated(res, err, func() error { return noEntry(e.ID) }); err != nil {
		return fmt.Errorf("store: update entry %d: %w", e.ID, err)
	}
	return nil
}

// Entry returns the entry with that ID, with the directory's name and
// member number.
func (t *Tx) Entry(id event.EntryID) (event.Entry, error) {
	e, err := scanEntry(t.queryRow(`SELECT `+entryColumns+` WHERE e.id = ?`, id))
	if errors.Is(err, sql.ErrNoRows) {
		err = noEntry(id)
	}
	if err != nil {
		return event.Entry{}, fmt.Errorf("store: entry %d: %w", id, err)
	}
	return e, nil
}

// Entries lists an event's entries with the directory's names, in
// registration order. An event without entries (or no such event) has none.
func (t *Tx) Entries(id event.EventID) ([]event.Entry, error) {
	t.saw(id)
	entries, err := queryAll(t, scanEntry,
		`SELECT `+entryColumns+` WHERE e.event_id = ? ORDER BY e.id`, id)
	if err != nil {
		return nil, fmt.Errorf("store: entries of event %d: %w", id, err)
	}
	return entries, nil
}

// PlayerEntries lists a player's entries in every event, the oldest
// entry first: what the player's history at this store is made of. The
// index on entries (player_id) keeps it one short lookup however large
// the directory grows.
func (t *Tx) PlayerEntries(id event.PlayerID) ([]event.Entry, error) {
	entries, err := queryAll(t, scanEntry,
		`SELECT `+entryColumns+` WHERE e.player_id = ? ORDER BY e.id`, id)
	if err != nil {
		return nil, fmt.Errorf("store: entries of player %d: %w", id, err)
	}
	return entries, nil
}

// CreateTeam saves a new team of an event and sets tm.ID. Two teams of one
// event cannot share a name. Members are not saved here: an entry joins a
// team through UpdateEntry.
func (t *Tx) CreateTeam(tm *event.Team) error {
	t.changed(tm.EventID, storage.ChangeRegistration)
	if err := tm.Validate(); err != nil {
		return fmt.Errorf("store: create team: %w", err)
	}
	eventName, err := t.eventName(tm.EventID)
	if err != nil {
		return fmt.Errorf("store: create team: %w", err)
	}
	res, err := t.exec(`INSERT INTO teams (event_id, name) VALUES (?, ?)`, tm.EventID, tm.Name)
	if isUnique(err) {
		err = event.Conflictf("%s already has a team named %s", eventName, tm.Name)
	}
	if err != nil {
		return fmt.Errorf("store: create team: %w", err)
	}
	tm.ID = event.TeamID(lastID(res))
	return nil
}

func noTeam(id event.TeamID) error {
	return event.NotFoundf("there is no team with ID %d", id)
}

// Team returns the team with that ID, with its members.
func (t *Tx) Team(id event.TeamID) (event.Team, error) {
	tm, err := scanTeam(t.queryRow(`SELECT id, event_id, name FROM teams WHERE id = ?`, id))
	if errors.Is(err, sql.ErrNoRows) {
		err = noTeam(id)
	}
	one := []event.Team{tm}
	if err == nil {
		err = t.teamMembers(tm.EventID, one)
	}
	if err != nil {
		return event.Team{}, fmt.Errorf("store: team %d: %w", id, err)
	}
	return one[0], nil
}

// Teams lists an event's teams in the order they were created, each with
// its members in registration order.
func (t *Tx) Teams(id event.EventID) ([]event.Team, error) {
	teams, err := queryAll(t, scanTeam,
		`SELECT id, event_id, name FROM teams WHERE event_id = ? ORDER BY id`, id)
	if err == nil {
		err = t.teamMembers(id, teams)
	}
	if err != nil {
		return nil, fmt.Errorf("store: teams of event %d: %w", id, err)
	}
	return teams, nil
}

// teamMembers fills the Members of teams, teams of event id.
func (t *Tx) teamMembers(id event.EventID, teams []event.Team) error {
	if len(teams) == 0 {
		return nil
	}
	at := make(map[event.TeamID]int, len(teams))
	for i, tm := range teams {
		at[tm.ID] = i
	}
	rows, err := t.query(`SELECT id, team_id FROM entries WHERE event_id = ? AND team_id IS NOT NULL ORDER BY id`, id)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var entry event.EntryID
		var team event.TeamID
		if err := rows.Scan(&entry, &team); err != nil {
			return err
		}
		if i, ok := at[team]; ok {
			teams[i].Members = append(teams[i].Members, entry)
		}
	}
	return rows.Err()
}

// DeleteTeam removes a team; its members stay registered, without a team.
func (t *Tx) DeleteTeam(id event.TeamID) error {
	t.changed(0, storage.ChangeRegistration)
	err := t.atomic(func() error {
		if _, err := t.exec(`UPDATE entries SET team_id = NULL WHERE team_id = ?`, id); err != nil {
			return err
		}
		res, err := t.exec(`DELETE FROM teams WHERE id = ?`, id)
		return updated(res, err, func() error { return noTeam(id) })
	})
	if err != nil {
		return fmt.Errorf("store: delete team %d: %w", id, err)
	}
	return nil
}

// SaveDeck saves the deck of d.EntryID, replacing the one saved before (an
// entry has one deck), and sets d.ID.
func (t *Tx) SaveDeck(d *event.Deck) error {
	t.changed(0, storage.ChangeDecks)
	ok, err := t.exists(`SELECT 1 FROM entries WHERE id = ?`, d.EntryID)
	if err == nil && !ok {
		err = noEntry(d.EntryID)
	}
	if err != nil {
		return fmt.Errorf("store: save deck: %w", err)
	}
	var id int64
	err = t.execReturning(`INSERT INTO decks (entry_id, name, list, locked_at, updated_at) VALUES (?, ?, ?, ?, ?)
		ON CONFLICT (entry_id) DO UPDATE SET name = excluded.name, list = excluded.list,
			locked_at = excluded.locked_at, updated_at = excluded.updated_at
		RETURNING id`,
		[]any{d.EntryID, d.Name, d.List, millis(d.LockedAt), millis(d.UpdatedAt)}, &id)
	if err != nil {
		return fmt.Errorf("store: save deck: %w", err)
	}
	d.ID = event.DeckID(id)
	return nil
}

// Deck returns the deck registered for an entry.
func (t *Tx) Deck(entry event.EntryID) (event.Deck, error) {
	var d event.Deck
	err := t.queryRow(`SELECT id, entry_id, name, list, locked_at, updated_at FROM decks WHERE entry_id = ?`, entry).
		Scan(&d.ID, &d.EntryID, &d.Name, &d.List, timeCol{&d.LockedAt}, timeCol{&d.UpdatedAt})
	if errors.Is(err, sql.ErrNoRows) {
		err = event.NotFoundf("entry %d has no deck registered", entry)
	}
	if err != nil {
		return event.Deck{}, fmt.Errorf("store: deck of entry %d: %w", entry, err)
	}
	return d, nil
}

func scanTeam(r scanner) (event.Team, error) {
	var tm event.Team
	err := r.Scan(&tm.ID, &tm.EventID, &tm.Name)
	return tm, err
}

// Decks returns the decks registered for an event's entries, in
// registration order.
func (t *Tx) Decks(id event.EventID) ([]event.Deck, error) {
	out, err := queryAll(t, func(r scanner) (event.Deck, error) {
		var d event.Deck
		err := r.Scan(&d.ID, &d.EntryID, &d.Name, &d.List, timeCol{&d.LockedAt}, timeCol{&d.UpdatedAt})
		return d, err
	}, `SELECT d.id, d.entry_id, d.name, d.list, d.locked_at, d.updated_at
		FROM decks d JOIN entries e ON e.id = d.entry_id WHERE e.event_id = ? ORDER BY e.id`, id)
	if err != nil {
		return nil, fmt.Errorf("store: decks of event %d: %w", id, err)
	}
	return out, nil
}

// LockDecks locks every unlocked deck of an event at the given time
// (round 1 starts: S2, A2, K5).
func (t *Tx) LockDecks(id event.EventID, at time.Time) error {
	t.changed(id, storage.ChangeDecks)
	if _, err := t.exec(`UPDATE decks SET locked_at = ? WHERE locked_at IS NULL
		AND entry_id IN (SELECT id FROM entries WHERE event_id = ?)`, millis(at), id); err != nil {
		return fmt.Errorf("store: lock decks of event %d: %w", id, err)
	}
	return nil
}

// DeckRegistrationClosed returns when the organizer closed deck
// registration from players' phones for event id; zero when it is open.
func (t *Tx) DeckRegistrationClosed(id event.EventID) (time.Time, error) {
	var at time.Time
	err := t.queryRow(`SELECT closed_at FROM deck_registration_closed WHERE event_id = ?`, id).Scan(timeCol{&at})
	if errors.Is(err, sql.ErrNoRows) {
		return time.Time{}, nil
	}
	if err != nil {
		return time.Time{}, fmt.Errorf("store: deck registration of event %d: %w", id, err)
	}
	return at, nil
}

// SetDeckRegistrationClosed closes deck registration from phones for
// event id at at (closing again keeps the first time), or reopens it
// when at is zero.
func (t *Tx) SetDeckRegistrationClosed(id event.EventID, at time.Time) error {
	t.changed(id, storage.ChangeDecks)
	var err error
	if at.IsZero() {
		_, err = t.exec(`DELETE FROM deck_registration_closed WHERE event_id = ?`, id)
	} else {
		_, err = t.exec(`INSERT INTO deck_registration_closed (event_id, closed_at) VALUES (?, ?)
			ON CONFLICT (event_id) DO NOTHING`, id, millis(at))
	}
	if isForeignKey(err) {
		err = noEvent(id)
	}
	if err != nil {
		return fmt.Errorf("store: close deck registration of event %d: %w", id, err)
	}
	return nil
}
