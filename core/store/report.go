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

// This file keeps the one report lifecycle (migration 19): every result a
// phone proposes for a table, typed with the table's code or sent by a
// player from her own phone, is a row of reports, saved, read and closed
// here.

// SaveReport saves an open report and sets r.ID. Its round and table must
// be a numbered table of the event. A report typed with the table's code
// (r.Entry 0) is a new row. A player's own report replaces the one she
// sent before while it is open (the row keeps its id); it needs the time
// it was sent, and one of a table whose reports are closed (settled) is
// event.ErrState.
func (t *Tx) SaveReport(r *event.Report) error {
	t.changed(r.EventID, reportChange(*r))
	if !r.ByPlayer() {
		if err := t.addReport(r); err != nil {
			return fmt.Errorf("store: save phone report of table %d: %w", r.Table, err)
		}
		return nil
	}
	if err := t.atomic(func() error { return t.savePlayerReport(r) }); err != nil {
		return fmt.Errorf("store: save the report of player %d at table %d: %w", r.Entry, r.Table, err)
	}
	return t.tellReportPlayers(r.EventID, r.ID)
}

// reportChange is the change a report's write makes: one typed with the
// table's code changes the desk's phone reports, a player's own the
// players' reports (told to the players of her table, tellReportPlayers).
func reportChange(r event.Report) storage.ChangeKind {
	if r.ByPlayer() {
		return storage.ChangePlayerReports
	}
	return storage.ChangePhoneReports
}

// reportTable returns the row id of the numbered table a report names,
// and its result as JSON.
func (t *Tx) reportTable(r *event.Report) (table int64, parsed string, err error) {
	err = t.queryRow(`SELECT t.id FROM tables t JOIN rounds r ON r.id = t.round_id
		WHERE r.event_id = ? AND r.number = ? AND t.number = ? AND t.number <> 0`, r.EventID, r.Round, r.Table).Scan(&table)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, "", event.NotFoundf("round %d has no table %d", r.Round, r.Table)
	}
	if err != nil {
		return 0, "", err
	}
	b, err := json.Marshal(r.Parsed)
	return table, string(b), err
}

func (t *Tx) addReport(r *event.Report) error {
	table, parsed, err := t.reportTable(r)
	if err != nil {
		return err
	}
	res, err := t.exec(`INSERT INTO reports (event_id, table_id, round, table_no, text, parsed, device, conflict, at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		r.EventID, table, r.Round, r.Table, r.Text, parsed, r.Device, r.Conflict, millis(r.At))
	if err != nil {
		return err
	}
	r.ID = event.ReportID(lastID(res))
	r.ClosedAt, r.Accepted = time.Time{}, false
	return nil
}

func (t *Tx) savePlayerReport(r *event.Report) error {
	table, parsed, err := t.reportTable(r)
	if err != nil {
		return err
	}
	if r.At.IsZero() {
		return event.Invalid("a player's report needs the time it was sent")
	}
	// Her earlier report is replaced while it is open; a closed one
	// (the table was settled) stays as it was.
	res, err := t.exec(`INSERT INTO reports (event_id, table_id, entry_id, round, table_no, text, parsed, device, at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (table_id, entry_id) DO UPDATE SET text = excluded.text, parsed = excluded.parsed,
			device = excluded.device, at = excluded.at WHERE closed_at IS NULL`,
		r.EventID, table, r.Entry, r.Round, r.Table, r.Text, parsed, r.Device, millis(r.At))
	if constraint(err) != 0 {
		return event.NotFoundf("event %d has no player %d", r.EventID, r.Entry)
	}
	err = updated(res, err, func() error { return event.Statef("table %d already has its result", r.Table) })
	if err != nil {
		return err
	}
	if err := t.queryRow(`SELECT id FROM reports WHERE table_id = ? AND entry_id = ?`, table, r.Entry).Scan(&r.ID); err != nil {
		return err
	}
	r.Conflict, r.ClosedAt, r.Accepted = false, time.Time{}, false
	return nil
}

const reportColumns = `id, event_id, coalesce(entry_id, 0), round, table_no, text, parsed, device, conflict, at, closed_at, accepted`

func scanReport(s scanner) (event.Report, error) {
	var r event.Report
	var parsed string
	err := s.Scan(&r.ID, &r.EventID, &r.Entry, &r.Round, &r.Table, &r.Text, &parsed, &r.Device, &r.Conflict,
		timeCol{&r.At}, timeCol{&r.ClosedAt}, &r.Accepted)
	if err != nil {
		return r, err
	}
	if err := json.Unmarshal([]byte(parsed), &r.Parsed); err != nil {
		return r, fmt.Errorf("report %d: %w", r.ID, err)
	}
	return r, nil
}

// Report returns one report, open or closed, of either kind.
func (t *Tx) Report(id event.ReportID) (event.Report, error) {
	r, err := scanReport(t.queryRow(`SELECT `+reportColumns+` FROM reports WHERE id = ?`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return r, event.NotFoundf("there is no phone report %d", id)
	}
	if err != nil {
		return r, fmt.Errorf("store: report %d: %w", id, err)
	}
	return r, nil
}

// OpenReports lists an event's open reports of both kinds by round, then
// table, then in the order they were first sent.
func (t *Tx) OpenReports(id event.EventID) ([]event.Report, error) {
	out, err := queryAll(t, scanReport, `SELECT `+reportColumns+` FROM reports
		WHERE event_id = ? AND closed_at IS NULL ORDER BY round, table_no, id`, id)
	if err != nil {
		return nil, fmt.Errorf("store: reports of event %d: %w", id, err)
	}
	return out, nil
}

// CloseReport closes the open report r.ID of event id at the given time,
// accepted or not; r.Entry says its kind (for the change it makes). A
// report of another event is not found; one already closed is
// event.ErrState.
func (t *Tx) CloseReport(id event.EventID, r event.Report, at time.Time, accepted bool) error {
	t.changed(id, reportChange(r))
	switch {
	case at.IsZero() && r.ByPlayer():
		return fmt.Errorf("store: close player report %d: %w", r.ID, event.Invalid("closing a player's report needs the time"))
	case at.IsZero():
		return fmt.Errorf("store: close phone report %d: %w", r.ID, event.Invalid("closing a phone report needs the time"))
	}
	res, err := t.exec(`UPDATE reports SET closed_at = ?, accepted = ?
		WHERE id = ? AND event_id = ? AND closed_at IS NULL`, millis(at), accepted, r.ID, id)
	err = updated(res, err, func() error {
		got, err := t.Report(r.ID)
		switch {
		case err != nil:
			return err
		case got.EventID != id && r.ByPlayer():
			return event.NotFoundf("there is no player report %d in this event", r.ID)
		case got.EventID != id:
			return event.NotFoundf("there is no phone report %d in this event", r.ID)
		case r.ByPlayer():
			return event.Statef("that player's report was already dealt with")
		}
		return event.Statef("that phone report was already dealt with")
	})
	if err != nil {
		return fmt.Errorf("store: close report %d: %w", r.ID, err)
	}
	if r.ByPlayer() {
		return t.tellReportPlayers(id, r.ID)
	}
	return nil
}
