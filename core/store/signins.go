package store

import (
	"database/sql"
	"errors"
	"fmt"
	"time"

	"tablekeeper/core/event"
	"tablekeeper/core/storage"
)

// This file keeps the store network's staff sign-ins (migration 9): the
// sign-in log and the devices signed in.

const signInColumns = `id, at, kind, outcome, device, address, count, devices`

func scanSignIn(s scanner) (storage.SignInLine, error) {
	var l storage.SignInLine
	err := s.Scan(&l.ID, timeCol{&l.At}, &l.Kind, &l.Outcome, &l.Device, &l.Address, &l.Count, &l.Devices)
	return l, err
}

// AddSignIn appends a line to the sign-in log and sets l.ID.
func (t *Tx) AddSignIn(l *storage.SignInLine) error {
	count, devices := max(l.Count, 0), max(l.Devices, 0)
	res, err := t.exec(`INSERT INTO signin_log (at, kind, outcome, device, address, count, devices) VALUES (?, ?, ?, ?, ?, ?, ?)`,
		millis(l.At), l.Kind, l.Outcome, l.Device, l.Address, count, devices)
	if constraint(err) != 0 {
		err = event.Invalidf("a sign-in line needs a time, a kind and an outcome it knows (%q, %q)", l.Kind, l.Outcome)
	}
	if err != nil {
		return fmt.Errorf("store: add to the sign-in log: %w", err)
	}
	l.ID, l.Count, l.Devices = lastID(res), count, devices
	return nil
}

// SignInLog lists the newest limit lines of the log, newest first.
func (t *Tx) SignInLog(limit int) ([]storage.SignInLine, error) {
	out, err := queryAll(t, scanSignIn, `SELECT `+signInColumns+` FROM signin_log ORDER BY id DESC LIMIT ?`, limit)
	if err != nil {
		return nil, fmt.Errorf("store: sign-in log: %w", err)
	}
	return out, nil
}

// TrimSignIns deletes the log's lines but the newest keep.
func (t *Tx) TrimSignIns(keep int) error {
	if _, err := t.exec(`DELETE FROM signin_log WHERE id <= (SELECT id FROM signin_log ORDER BY id DESC LIMIT 1 OFFSET ?)`, keep); err != nil {
		return fmt.Errorf("store: trim the sign-in log: %w", err)
	}
	return nil
}

const staffSessionColumns = `id, token_hash, kind, event_id, entry_id, name, device, address, started, last_seen, expires, ended_at, why`

func scanStaffSession(s scanner) (storage.StaffSession, error) {
	var x storage.StaffSession
	err := s.Scan(&x.ID, &x.TokenHash, &x.Kind, &x.Event, &x.Entry, &x.Name, &x.Device, &x.Address,
		timeCol{&x.Started}, timeCol{&x.LastSeen}, timeCol{&x.Expires}, timeCol{&x.Ended}, &x.Why)
	return x, err
}

// AddStaffSession saves an open session and sets s.ID.
func (t *Tx) AddStaffSession(s *storage.StaffSession) error {
	res, err := t.exec(`INSERT INTO staff_sessions (token_hash, kind, event_id, entry_id, name, device, address, started, last_seen, expires)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, s.TokenHash, s.Kind, s.Event, s.Entry, s.Name, s.Device, s.Address,
		millis(s.Started), millis(s.LastSeen), millis(s.Expires))
	err = refused(err, event.Conflictf("that session token is already used"),
		event.Invalidf("a session needs a token, a kind (judge, kiosk, scorekeeper or player) and its times"))
	if err != nil {
		return fmt.Errorf("store: save a signed-in device: %w", err)
	}
	s.ID = lastID(res)
	return nil
}

// StaffSessionByToken returns the session whose token hashes to hash.
func (t *Tx) StaffSessionByToken(hash string) (storage.StaffSession, error) {
	x, err := scanStaffSession(t.queryRow(`SELECT `+staffSessionColumns+` FROM staff_sessions WHERE token_hash = ?`, hash))
	if errors.Is(err, sql.ErrNoRows) {
		return x, event.NotFoundf("no device is signed in with that session")
	}
	if err != nil {
		return x, fmt.Errorf("store: signed-in device: %w", err)
	}
	return x, nil
}

// OpenStaffSessions lists the open sessions, oldest first.
func (t *Tx) OpenStaffSessions() ([]storage.StaffSession, error) {
	out, err := queryAll(t, scanStaffSession, `SELECT `+staffSessionColumns+` FROM staff_sessions WHERE ended_at IS NULL ORDER BY id`)
	if err != nil {
		return nil, fmt.Errorf("store: signed-in devices: %w", err)
	}
	return out, nil
}

// TouchStaffSession sets an open session's last request time and
// address.
func (t *Tx) TouchStaffSession(id int64, at time.Time, address string) error {
	if _, err := t.exec(`UPDATE staff_sessions SET last_seen = ?, address = ? WHERE id = ? AND ended_at IS NULL`, millis(at), address, id); err != nil {
		return fmt.Errorf("store: signed-in device %d: %w", id, err)
	}
	return nil
}

// EndStaffSessions ends the open sessions of kind ("" every kind), or
// the one session id when id is not 0, and returns how many it ended.
func (t *Tx) EndStaffSessions(kind string, id int64, at time.Time, why string) (int, error) {
	res, err := t.exec(`UPDATE staff_sessions SET ended_at = ?, why = ?
		WHERE ended_at IS NULL AND (? = 0 OR id = ?) AND (? = '' OR kind = ?)`, millis(at), why, id, id, kind, kind)
	if err != nil {
		return 0, fmt.Errorf("store: sign devices out: %w", err)
	}
	n, _ := res.RowsAffected()
	return int(n), nil
}

// PruneStaffSessions deletes the sessions that ended or expired before
// a time.
func (t *Tx) PruneStaffSessions(before time.Time) error {
	ms := before.UnixMilli()
	if _, err := t.exec(`DELETE FROM staff_sessions WHERE ended_at < ? OR expires < ?`, ms, ms); err != nil {
		return fmt.Errorf("store: forget old sessions: %w", err)
	}
	return nil
}

// SetStaffJudge keeps the judge a judge's phone (session id) acts as in
// event e (migration 17), in place of the one it chose there before. A
// judge who is not one of e's is ErrNotFound.
func (t *Tx) SetStaffJudge(session int64, e event.EventID, j event.JudgeID) error {
	_, err := t.exec(`INSERT INTO staff_session_judges (session_id, event_id, judge_id) VALUES (?, ?, ?)
		ON CONFLICT (session_id, event_id) DO UPDATE SET judge_id = excluded.judge_id`, session, int64(e), int64(j))
	if isForeignKey(err) {
		return event.NotFoundf("no judge %d in event %d", j, e)
	}
	if err != nil {
		return fmt.Errorf("store: judge of signed-in device %d: %w", session, err)
	}
	return nil
}

// StaffJudges returns the judge a judge's phone (session id) acts as, in
// each event where it chose one.
func (t *Tx) StaffJudges(session int64) (map[event.EventID]event.JudgeID, error) {
	rows, err := t.query(`SELECT event_id, judge_id FROM staff_session_judges WHERE session_id = ?`, session)
	if err != nil {
		return nil, fmt.Errorf("store: judges of signed-in device %d: %w", session, err)
	}
	defer rows.Close()
	out := map[event.EventID]event.JudgeID{}
	for rows.Next() {
		var e, j int64
		if err := rows.Scan(&e, &j); err != nil {
			return nil, fmt.Errorf("store: judges of signed-in device %d: %w", session, err)
		}
		out[event.EventID(e)] = event.JudgeID(j)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: judges of signed-in device %d: %w", session, err)
	}
	return out, nil
}
