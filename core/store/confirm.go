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

// This file keeps the results players report from their own phones in an
// event whose results both players confirm (migration 15).

// SavePlayerReport saves r as its player's open report of its table,
// replacing the one she sent before (the row keeps its id), and sets
// r.ID. A report of a table whose reports are closed (settled) is
// event.ErrState; its round and table must be a numbered table of the
// event.
func (t *Tx) SavePlayerReport(r *event.PlayerReport) error {
	t.changed(r.EventID, storage.ChangePlayerReports)
	if err := t.atomic(func() error { return t.savePlayerReport(r) }); err != nil {
		return fmt.Errorf("store: save the report of player %d at table %d: %w", r.Entry, r.Table, err)
	}
	return t.tellReportPlayers(r.EventID, r.ID)
}

func (t *Tx) savePlayerReport(r *event.PlayerReport) error {
	var table int64
	err := t.queryRow(`SELECT t.id FROM tables t JOIN rounds r ON r.id = t.round_id
		WHERE r.event_id = ? AND r.number = ? AND t.number = ? AND t.number <> 0`, r.EventID, r.Round, r.Table).Scan(&table)
	if errors.Is(err, sql.ErrNoRows) {
		return event.NotFoundf("round %d has no table %d", r.Round, r.Table)
	}
	if err != nil {
		return err
	}
	parsed, err := json.Marshal(r.Parsed)
	if err != nil {
		return err
	}
	if r.At.IsZero() {
		return event.Invalid("a player's report needs the time it was sent")
	}
	// Her earlier report is replaced while it is open; a closed one
	// (the table was settled) stays as it was.
	res, err := t.exec(`INSERT INTO player_reports (event_id, table_id, entry_id, round, table_no, text, parsed, device, at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (table_id, entry_id) DO UPDATE SET text = excluded.text, parsed = excluded.parsed,
			device = excluded.device, at = excluded.at WHERE closed_at IS NULL`,
		r.EventID, table, r.Entry, r.Round, r.Table, r.Text, string(parsed), r.Device, millis(r.At))
	if constraint(err) != 0 {
		return event.NotFoundf("event %d has no player %d", r.EventID, r.Entry)
	}
	err = updated(res, err, func() error { return event.Statef("table %d already has its result", r.Table) })
	if err != nil {
		return err
	}
	if err := t.queryRow(`SELECT id FROM player_reports WHERE table_id = ? AND entry_id = ?`, table, r.Entry).Scan(&r.ID); err != nil {
		return err
	}
	r.ClosedAt, r.Accepted = time.Time{}, false
	return nil
}

// SeatedAt returns the number of the numbered table entry sits at in round
// number round of event id; 0 when she sits at none (a bye, not paired).
func (t *Tx) SeatedAt(id event.EventID, round int, entry event.EntryID) (int, error) {
	var n int
	err := t.queryRow(`SELECT t.number FROM seats s JOIN tables t ON t.id = s.table_id JOIN rounds r ON r.id = s.round_id
		WHERE r.event_id = ? AND r.number = ? AND s.entry_id = ? AND t.bye = 0 AND t.number <> 0`, id, round, entry).Scan(&n)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, nil
	}
	if err != nil {
		return 0, fmt.Errorf("store: the table of entry %d in round %d: %w", entry, round, err)
	}
	return n, nil
}

const playerReportColumns = `id, event_id, entry_id, round, table_no, text, parsed, device, at, closed_at, accepted`

func scanPlayerReport(s scanner) (event.PlayerReport, error) {
	var r event.PlayerReport
	var parsed string
	err := s.Scan(&r.ID, &r.EventID, &r.Entry, &r.Round, &r.Table, &r.Text, &parsed, &r.Device,
		timeCol{&r.At}, timeCol{&r.ClosedAt}, &r.Accepted)
	if err != nil {
		return r, err
	}
	if err := json.Unmarshal([]byte(parsed), &r.Parsed); err != nil {
		return r, fmt.Errorf("player report %d: %w", r.ID, err)
	}
	return r, nil
}

// PlayerReport returns one player report, open or closed.
func (t *Tx) PlayerReport(id event.PlayerReportID) (event.PlayerReport, error) {
	r, err := scanPlayerReport(t.queryRow(`SELECT `+playerReportColumns+` FROM player_reports WHERE id = ?`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return r, event.NotFoundf("there is no player report %d", id)
	}
	if err != nil {
		return r, fmt.Errorf("store: player report %d: %w", id, err)
	}
	return r, nil
}

// OpenPlayerReports lists an event's open player reports by round, then
// table, then in the order they were first sent.
func (t *Tx) OpenPlayerReports(id event.EventID) ([]event.PlayerReport, error) {
	out, err := queryAll(t, scanPlayerReport, `SELECT `+playerReportColumns+` FROM player_reports
		WHERE event_id = ? AND closed_at IS NULL ORDER BY round, table_no, id`, id)
	if err != nil {
		return nil, fmt.Errorf("store: player reports of event %d: %w", id, err)
	}
	return out, nil
}

// ClosePlayerReport closes an open player report of event id at the given
// time, accepted or not. A report of another event is not found; one
// already closed is event.ErrState.
func (t *Tx) ClosePlayerReport(id event.EventID, report event.PlayerReportID, at time.Time, accepted bool) error {
	t.changed(id, storage.ChangePlayerReports)
	if at.IsZero() {
		return fmt.Errorf("store: close player report %d: %w", report, event.Invalid("closing a player's report needs the time"))
	}
	res, err := t.exec(`UPDATE player_reports SET closed_at = ?, accepted = ?
		WHERE id = ? AND event_id = ? AND closed_at IS NULL`, millis(at), accepted, report, id)
	err = updated(res, err, func() error {
		r, err := t.PlayerReport(report)
		switch {
		case err != nil:
			return err
		case r.EventID != id:
			return event.NotFoundf("there is no player report %d in this event", report)
		}
		return event.Statef("that player's report was already dealt with")
	})
	if err != nil {
		return fmt.Errorf("store: close player report %d: %w", report, err)
	}
	return t.tellReportPlayers(id, report)
}
