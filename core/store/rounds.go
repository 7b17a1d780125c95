package store

import (
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"tablekeeper/core/i18n"
	"time"

	"tablekeeper/core/event"
	"tablekeeper/core/storage"
)

func noRound(id event.RoundID) error {
	return event.NotFoundf("there is no round with ID %d", id)
}

func noTable(id event.TableID) error {
	return event.NotFoundf("there is no table with ID %d (was its round paired again?)", id)
}

// checkSeats reports whether a table's seats, and its result if any, can be
// saved.
func checkSeats(tb event.Table) error {
	if len(tb.Seats) < 1 || len(tb.Seats) > event.MaxSeats {
		return event.Invalidf("table %d has %d seats; a table has 1 to %d", tb.Number, len(tb.Seats), event.MaxSeats)
	}
	return checkResult(tb.Number, len(tb.Seats), tb.Result)
}

func checkResult(number, seats int, r *event.Result) error {
	if r != nil && len(r.Seats) != seats {
		return event.Invalidf("table %d has %d seats but its result has %d", number, seats, len(r.Seats))
	}
	return nil
}

// CreateRound saves a round with its tables, seats and any results already
// on its tables (byes), and sets the IDs of the round and its tables (and
// the tables' RoundID). A round number used twice in an event, a table
// number used twice in a round and a player seated twice in a round are
// event.ErrConflict; a table needs 1 to 5 seats, and a result one SeatResult
// per seat.
func (t *Tx) CreateRound(r *event.Round) error {
	t.changed(r.EventID, storage.ChangeRound)
	if err := t.atomic(func() error { return t.createRound(r) }); err != nil {
		return fmt.Errorf("store: create round %d: %w", r.Number, err)
	}
	return nil
}

func (t *Tx) createRound(r *event.Round) error {
	for _, tb := range r.Tables {
		if err := checkSeats(tb); err != nil {
			return err
		}
	}
	eventName, err := t.eventName(r.EventID)
	if err != nil {
		return err
	}
	c := r.Clock
	res, err := t.exec(`INSERT INTO rounds (event_id, number, stage, name, best_of, seed, paired_at, published_at,
			clock_duration_ms, clock_started_at, clock_paused_at, clock_paused_ms, clock_added_ms)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		r.EventID, r.Number, r.Stage, i18n.Encode(r.Name), r.BestOf, r.Seed, millis(r.PairedAt), millis(r.PublishedAt),
		durMillis(c.Duration), millis(c.StartedAt), millis(c.PausedAt), durMillis(c.Paused), durMillis(c.Added))
	if isUnique(err) {
		return event.Conflictf("round %d of %s is already paired", r.Number, eventName)
	}
	if err != nil {
		return err
	}
	roundID := event.RoundID(lastID(res))
	tableIDs, err := t.insertTables(roundID, r.EventID, r.Number, eventName, r.Tables)
	if err != nil {
		return err
	}
	// Only now that everything is saved do the caller's values change.
	r.ID = roundID
	for i := range r.Tables {
		r.Tables[i].ID, r.Tables[i].RoundID = tableIDs[i], roundID
	}
	return nil
}

// entryName names an entry for a message, falling back to its ID.
func (t *Tx) entryName(id event.EntryID) string {
	var name string
	err := t.queryRow(`SELECT p.name FROM entries e JOIN players p ON p.id = e.player_id WHERE e.id = ?`, id).Scan(&name)
	if err != nil {
		return fmt.Sprintf("entry %d", id)
	}
	return name
}

// resultStmts insert a result and its seats.
type resultStmts struct {
	result, seat *capStmt
}

func (t *Tx) prepareResults() (*resultStmts, error) {
	result, err := t.prepare(`INSERT INTO results (table_id, games_drawn, time_out, recorded_at, by_players)
		VALUES (?, ?, ?, ?, ?)`)
	if err != nil {
		return nil, err
	}
	seat, err := t.prepare(`INSERT INTO seat_results (table_id, position, games_won, points, place, games)
		VALUES (?, ?, ?, ?, ?, ?)`)
	if err != nil {
		return nil, errors.Join(err, result.Close())
	}
	return &resultStmts{result: result, seat: seat}, nil
}

func (s *resultStmts) close() error {
	return errors.Join(s.result.Close(), s.seat.Close())
}

func (s *resultStmts) insert(t *Tx, table event.TableID, r *event.Result) error {
	if _, err := s.result.exec(table, r.GamesDrawn, r.TimeOut, millis(r.RecordedAt), r.ByPlayers); err != nil {
		return err
	}
	for i, sr := range r.Seats {
		var games any // NULL for a nil slice, so nil and empty both come back as saved
		if sr.Games != nil {
			b, err := json.Marshal(sr.Games)
			if err != nil {
				return err
			}
			games = string(b)
		}
		if _, err := s.seat.exec(table, i+1, sr.GamesWon, sr.Points, sr.Place, games); err != nil {
			return err
		}
	}
	return nil
}

// insertTables saves tables with their seats and results in a round and
// returns their IDs.
func (t *Tx) insertTables(roundID event.RoundID, eventID event.EventID, number int, eventName string, tables []event.Table) ([]event.TableID, error) {
	insTable, err := t.prepare(`INSERT INTO tables (round_id, number, bye, why, extension_ms)
		VALUES (?, ?, ?, ?, ?)`)
	if err != nil {
		return nil, err
	}
	defer insTable.Close()
	insSeat, err := t.prepare(`INSERT INTO seats (table_id, position, round_id, entry_id)
		VALUES (?, ?, ?, ?)`)
	if err != nil {
		return nil, err
	}
	defer insSeat.Close()
	results, err := t.prepareResults()
	if err != nil {
		return nil, err
	}
	defer results.close()

	tableIDs := make([]event.TableID, len(tables))
	for i, tb := range tables {
		res, err := insTable.exec(roundID, tb.Number, tb.Bye, i18n.Encode(tb.Why), durMillis(tb.Extension))
		if isUnique(err) {
			return nil, event.Conflictf("table %d appears twice in round %d", tb.Number, number)
		}
		if err != nil {
			return nil, err
		}
		tableID := event.TableID(lastID(res))
		for pos, s := range tb.Seats {
			_, err := insSeat.exec(tableID, pos+1, roundID, s.EntryID)
			if isUnique(err) {
				return nil, event.Conflictf("%s is seated twice in round %d", t.entryName(s.EntryID), number)
			}
			if isForeignKey(err) {
				return nil, noEntry(s.EntryID)
			}
			if err != nil {
				return nil, err
			}
		}
		if tb.Result != nil {
			if err := results.insert(t, tableID, tb.Result); err != nil {
				return nil, err
			}
		}
		tableIDs[i] = tableID
	}

	// A foreign key cannot say "an entry of this round's event": check
	// once for the whole round.
	var stranger int64
	err = t.queryRow(`SELECT s.entry_id FROM seats s JOIN entries e ON e.id = s.entry_id
		WHERE s.round_id = ? AND e.event_id <> ? LIMIT 1`, roundID, eventID).Scan(&stranger)
	if err == nil {
		return nil, event.Invalidf("%s is not registered in %s", t.entryName(event.EntryID(stranger)), eventName)
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return nil, err
	}
	return tableIDs, nil
}

// ReplaceTables swaps a round's tables for new ones (a draft edited by the
// organizer: swapped players, a fixed table), with the same checks as
// CreateRound, and sets the new tables' IDs. Results on the old tables are
// deleted with them; the new tables' own results (byes) are saved.
func (t *Tx) ReplaceTables(round event.RoundID, tables []event.Table) error {
	t.changed(0, storage.ChangeRound)
	err := t.atomic(func() error {
		var eventID event.EventID
		var number int
		err := t.queryRow(`SELECT event_id, number FROM rounds WHERE id = ?`, round).Scan(&eventID, &number)
		if errors.Is(err, sql.ErrNoRows) {
			return noRound(round)
		}
		if err != nil {
			return err
		}
		for _, tb := range tables {
			if err := checkSeats(tb); err != nil {
				return err
			}
		}
		eventName, err := t.eventName(eventID)
		if err != nil {
			return err
		}
		if _, err := t.exec(`DELETE FROM tables WHERE round_id = ?`, round); err != nil {
			return err
		}
		ids, err := t.insertTables(round, eventID, number, eventName, tables)
		if err != nil {
			return err
		}
		for i := range tables {
			tables[i].ID, tables[i].RoundID = ids[i], round
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("store: replace tables of round %d: %w", round, err)
	}
	return nil
}

// PublishRound marks a round's pairings published at the given time.
func (t *Tx) PublishRound(round event.RoundID, at time.Time) error {
	t.changed(0, storage.ChangeRound)
	res, err := t.exec(`UPDATE rounds SET published_at = ? WHERE id = ?`, millis(at), round)
	if err := updated(res, err, func() error { return noRound(round) }); err != nil {
		return fmt.Errorf("store: publish round %d: %w", round, err)
	}
	return nil
}

// DeleteRound removes a round with its tables, seats and results.
func (t *Tx) DeleteRound(id event.RoundID) error {
	t.changed(0, storage.ChangeRound)
	res, err := t.exec(`DELETE FROM rounds WHERE id = ?`, id)
	if err := updated(res, err, func() error { return noRound(id) }); err != nil {
		return fmt.Errorf("store: delete round %d: %w", id, err)
	}
	return nil
}

// SetResult saves (or with nil, clears) the result of a table. The result
// needs one SeatResult per seat of the table.
func (t *Tx) SetResult(table event.TableID, r *event.Result) error {
	t.changed(0, storage.ChangeResult)
	if err := t.atomic(func() error { return t.setResult(table, r) }); err != nil {
		return fmt.Errorf("store: record result of table %d: %w", table, err)
	}
	return nil
}

func (t *Tx) setResult(table event.TableID, r *event.Result) error {
	var number, seats int
	err := t.queryRow(`SELECT number, (SELECT count(*) FROM seats WHERE table_id = t.id) FROM tables t WHERE id = ?`, table).
		Scan(&number, &seats)
	if errors.Is(err, sql.ErrNoRows) {
		return noTable(table)
	}
	if err != nil {
		return err
	}
	if err := checkResult(number, seats, r); err != nil {
		return err
	}
	if _, err := t.exec(`DELETE FROM results WHERE table_id = ?`, table); err != nil {
		return err
	}
	if r == nil {
		return nil
	}
	stmts, err := t.prepareResults()
	if err != nil {
		return err
	}
	defer stmts.close()
	return stmts.insert(t, table, r)
}

// SetClock saves the state of a round's clock.
func (t *Tx) SetClock(round event.RoundID, c event.Clock) error {
	t.changed(0, storage.ChangeClock)
	res, err := t.exec(`UPDATE rounds SET clock_duration_ms = ?, clock_started_at = ?, clock_paused_at = ?,
			clock_paused_ms = ?, clock_added_ms = ?
		WHERE id = ?`,
		durMillis(c.Duration), millis(c.StartedAt), millis(c.PausedAt), durMillis(c.Paused), durMillis(c.Added), round)
	if err := updated(res, err, func() error { return noRound(round) }); err != nil {
		return fmt.Errorf("store: set clock of round %d: %w", round, err)
	}
	return nil
}

// SetExtension saves the time added to one table on top of the round clock
// (it replaces, not adds to, the extension saved before).
func (t *Tx) SetExtension(table event.TableID, d time.Duration) error {
	t.changed(0, storage.ChangeClock)
	res, err := t.exec(`UPDATE tables SET extension_ms = ? WHERE id = ?`, durMillis(d), table)
	if err := updated(res, err, func() error { return noTable(table) }); err != nil {
		return fmt.Errorf("store: set extension of table %d: %w", table, err)
	}
	return nil
}

// Rounds lists an event's rounds by number, each with its tables in the
// order CreateRound was given them (table order), seats in seat order and
// results. It reads the whole event in three queries, however many tables
// it has, each walking the indexes in the order the rounds are built.
func (t *Tx) Rounds(id event.EventID) ([]event.Round, error) {
	rounds, err := t.rounds(id, 0, 0)
	if err != nil {
		return nil, fmt.Errorf("store: rounds of event %d: %w", id, err)
	}
	return rounds, nil
}

// RoundHead returns round number of an event without its tables.
func (t *Tx) RoundHead(id event.EventID, number int) (event.Round, error) {
	r, err := scanRound(t.queryRow(`SELECT id, event_id, number, stage, name, best_of, seed, paired_at, published_at,
			clock_duration_ms, clock_started_at, clock_paused_at, clock_paused_ms, clock_added_ms
		FROM rounds WHERE event_id = ? AND number = ?`, id, number))
	if errors.Is(err, sql.ErrNoRows) {
		return event.Round{}, event.NotFoundf("there is no round %d", number)
	}
	if err != nil {
		return event.Round{}, fmt.Errorf("store: round %d of event %d: %w", number, id, err)
	}
	return r, nil
}

// RoundCount returns how many rounds an event has paired.
func (t *Tx) RoundCount(id event.EventID) (int, error) {
	var n int
	if err := t.queryRow(`SELECT count(*) FROM rounds WHERE event_id = ?`, id).Scan(&n); err != nil {
		return 0, fmt.Errorf("store: count rounds of event %d: %w", id, err)
	}
	return n, nil
}

// Table returns table number of round of an event, with its seats and
// result, reading that table alone. Byes have no number and are not found.
func (t *Tx) Table(id event.EventID, round, number int) (event.Table, error) {
	if round < 1 || number < 1 {
		return event.Table{}, event.NotFoundf("round %d has no table %d", round, number)
	}
	rounds, err := t.rounds(id, round, number)
	if err != nil {
		return event.Table{}, fmt.Errorf("store: table %d of round %d of event %d: %w", number, round, id, err)
	}
	if len(rounds) == 0 || len(rounds[0].Tables) == 0 {
		return event.Table{}, event.NotFoundf("round %d has no table %d", round, number)
	}
	return rounds[0].Tables[0], nil
}

// rounds reads an event's rounds, or with number > 0 that round alone, or
// with table > 0 too, only that table of it.
func (t *Tx) rounds(id event.EventID, number, table int) ([]event.Round, error) {
	rounds, err := queryAll(t, scanRound,
		`SELECT id, event_id, number, stage, name, best_of, seed, paired_at, published_at,
			clock_duration_ms, clock_started_at, clock_paused_at, clock_paused_ms, clock_added_ms
		FROM rounds WHERE event_id = ?1 AND (?2 = 0 OR number = ?2) ORDER BY number`, id, number)
	if err != nil || len(rounds) == 0 {
		return rounds, err
	}

	// Tables come in the rounds' order, so a cursor finds each one's
	// round.
	ri := 0
	err = t.each(`SELECT t.id, t.round_id, t.number, t.bye, t.why, t.extension_ms,
			x.table_id, x.games_drawn, x.time_out, x.recorded_at, x.by_players
		FROM rounds r JOIN tables t ON t.round_id = r.id LEFT JOIN results x ON x.table_id = t.id
		WHERE r.event_id = ?1 AND (?2 = 0 OR r.number = ?2) AND (?3 = 0 OR t.number = ?3)
		ORDER BY r.number, t.id`, []any{id, number, table},
		func(r *sql.Rows) error {
			var tb event.Table
			var resultOf sql.NullInt64
			var res event.Result
			err := r.Scan(&tb.ID, &tb.RoundID, &tb.Number, &tb.Bye, messageCol{&tb.Why}, durCol{&tb.Extension},
				&resultOf, nullInt{&res.GamesDrawn}, nullBool{&res.TimeOut}, timeCol{&res.RecordedAt}, nullBool{&res.ByPlayers})
			if err != nil {
				return err
			}
			for ri < len(rounds) && rounds[ri].ID != tb.RoundID {
				ri++
			}
			if ri == len(rounds) {
				return fmt.Errorf("table %d out of order", tb.ID)
			}
			if resultOf.Valid {
				tb.Result = &res
			}
			rounds[ri].Tables = append(rounds[ri].Tables, tb)
			return nil
		})
	if err != nil {
		return nil, err
	}

	// Seats come in the tables' order, with their part of the result.
	ri, ti := 0, -1
	err = t.each(`SELECT s.table_id, s.entry_id, x.position, x.games_won, x.points, x.place, x.games
		FROM rounds r JOIN tables t ON t.round_id = r.id JOIN seats s ON s.table_id = t.id
			LEFT JOIN seat_results x ON x.table_id = s.table_id AND x.position = s.position
		WHERE r.event_id = ?1 AND (?2 = 0 OR r.number = ?2) AND (?3 = 0 OR t.number = ?3)
		ORDER BY r.number, t.id, s.position`, []any{id, number, table},
		func(r *sql.Rows) error {
			var tableID event.TableID
			var seat event.Seat
			var resultAt sql.NullInt64
			var sr event.SeatResult
			var games sql.NullString
			err := r.Scan(&tableID, &seat.EntryID, &resultAt,
				nullInt{&sr.GamesWon}, nullInt{&sr.Points}, nullInt{&sr.Place}, &games)
			if err != nil {
				return err
			}
			for ri < len(rounds) && (ti < 0 || rounds[ri].Tables[ti].ID != tableID) {
				if ti+1 < len(rounds[ri].Tables) {
					ti++
				} else {
					ri, ti = ri+1, -1
				}
			}
			if ri == len(rounds) {
				return fmt.Errorf("seat of table %d out of order", tableID)
			}
			tb := &rounds[ri].Tables[ti]
			tb.Seats = append(tb.Seats, seat)
			if !resultAt.Valid {
				return nil
			}
			if tb.Result == nil {
				return fmt.Errorf("seat result of table %d without its result", tableID)
			}
			if games.Valid {
				if err := json.Unmarshal([]byte(games.String), &sr.Games); err != nil {
					return fmt.Errorf("games of table %d: %w", tableID, err)
				}
			}
			tb.Result.Seats = append(tb.Result.Seats, sr)
			return nil
		})
	if err != nil {
		return nil, err
	}
	return rounds, nil
}

// each runs fn on every row of a query.
func (t *Tx) each(query string, args []any, fn func(*sql.Rows) error) error {
	rows, err := t.query(query, args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		if err := fn(rows); err != nil {
			return err
		}
	}
	return rows.Err()
}

func scanRound(r scanner) (event.Round, error) {
	var rd event.Round
	c := &rd.Clock
	err := r.Scan(&rd.ID, &rd.EventID, &rd.Number, &rd.Stage, messageCol{&rd.Name}, &rd.BestOf, &rd.Seed, timeCol{&rd.PairedAt}, timeCol{&rd.PublishedAt},
		durCol{&c.Duration}, timeCol{&c.StartedAt}, timeCol{&c.PausedAt}, durCol{&c.Paused}, durCol{&c.Added})
	return rd, err
}

// SetAnnounced saves what a round's clock has announced (core/clock's
// record, as JSON).
func (t *Tx) SetAnnounced(round event.RoundID, record string) error {
	t.changed(0, storage.ChangeClock)
	res, err := t.exec(`UPDATE rounds SET clock_announced = ? WHERE id = ?`, record, round)
	if err := updated(res, err, func() error { return noRound(round) }); err != nil {
		return fmt.Errorf("store: set announcements of round %d: %w", round, err)
	}
	return nil
}

// Announced returns what a round's clock has announced, "" before
// anything was.
func (t *Tx) Announced(round event.RoundID) (string, error) {
	var s string
	err := t.queryRow(`SELECT clock_announced FROM rounds WHERE id = ?`, round).Scan(&s)
	if errors.Is(err, sql.ErrNoRows) {
		return "", fmt.Errorf("store: announcements of round %d: %w", round, noRound(round))
	}
	return s, err
}
