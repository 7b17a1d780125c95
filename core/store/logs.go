package store

import (
	"fmt"

	"tablekeeper/core/event"
	"tablekeeper/core/i18n"
	"tablekeeper/core/storage"
)

// AppendLog adds a line to the event's activity log and sets l.ID. The log
// is append-only: there is no way to change or remove a line.
func (t *Tx) AppendLog(l *event.LogEntry) error {
	// A line names the event a write was about, for the changes of rows
	// that name none (a result, a clock); the log itself is no change
	// anyone watches live.
	if l.EventID != 0 {
		t.saw(l.EventID)
	}
	res, err := t.exec(`INSERT INTO event_log (event_id, at, round, message) VALUES (?, ?, ?, ?)`,
		l.EventID, millis(l.At), l.Round, i18n.Encode(l.Message))
	if isForeignKey(err) {
		err = noEvent(l.EventID)
	}
	if err != nil {
		return fmt.Errorf("store: append to log of event %d: %w", l.EventID, err)
	}
	l.ID = event.LogID(lastID(res))
	return nil
}

// Log returns the event's activity log, oldest first (in the order the
// lines were appended).
func (t *Tx) Log(id event.EventID) ([]event.LogEntry, error) {
	lines, err := queryAll(t, scanLogEntry,
		`SELECT id, event_id, at, round, message FROM event_log
		WHERE event_id = ? ORDER BY id`, id)
	if err != nil {
		return nil, fmt.Errorf("store: log of event %d: %w", id, err)
	}
	return lines, nil
}

// CreateJudge saves a judge (or organizer) serving at an event and sets
// j.ID. A judge who also plays links the player's directory ID.
func (t *Tx) CreateJudge(j *event.Judge) error {
	t.changed(j.EventID, storage.ChangeJudgeLog)
	if err := t.createJudge(j); err != nil {
		return fmt.Errorf("store: create judge: %w", err)
	}
	return nil
}

func (t *Tx) createJudge(j *event.Judge) error {
	if _, err := t.eventName(j.EventID); err != nil {
		return err
	}
	res, err := t.exec(`INSERT INTO judges (event_id, name, role, sort_order, player_id) VALUES (?, ?, ?, ?, ?)`,
		j.EventID, j.Name, j.Role, j.Order, optID(j.PlayerID))
	if isForeignKey(err) { // the event exists: the player does not
		return noPlayer(j.PlayerID)
	}
	if err != nil {
		return err
	}
	j.ID = event.JudgeID(lastID(res))
	return nil
}

// Judges lists the judges of an event in multi-judge order (head judge
// first), then in the order they were added.
func (t *Tx) Judges(id event.EventID) ([]event.Judge, error) {
	judges, err := queryAll(t, scanJudge,
		`SELECT id, event_id, name, role, sort_order, player_id FROM judges
		WHERE event_id = ? ORDER BY sort_order, id`, id)
	if err != nil {
		return nil, fmt.Errorf("store: judges of event %d: %w", id, err)
	}
	return judges, nil
}

// AppendJudgeLog adds an entry to the event's judge log and sets e.ID. The
// judge log is append-only: a correction is a new entry whose Corrects names
// an earlier entry of the same event; nothing changes or removes an entry.
// The judge and the entry (player) it names, when set, must be the event's.
func (t *Tx) AppendJudgeLog(e *event.JudgeLogEntry) error {
	t.changed(e.EventID, storage.ChangeJudgeLog)
	if err := t.appendJudgeLog(e); err != nil {
		return fmt.Errorf("store: append to judge log of event %d: %w", e.EventID, err)
	}
	return nil
}

func (t *Tx) appendJudgeLog(e *event.JudgeLogEntry) error {
	eventName, err := t.eventName(e.EventID)
	if err != nil {
		return err
	}
	refs := []struct {
		id    int64
		query string
		what  i18n.Text
	}{
		{int64(e.JudgeID), `SELECT 1 FROM judges WHERE id = ? AND event_id = ?`, i18n.F("judge")},
		{int64(e.EntryID), `SELECT 1 FROM entries WHERE id = ? AND event_id = ?`, i18n.F("entry")},
		{int64(e.Corrects), `SELECT 1 FROM judge_log WHERE id = ? AND event_id = ?`, i18n.F("judge log entry")},
	}
	for _, ref := range refs {
		if ref.id == 0 {
			continue
		}
		ok, err := t.exists(ref.query, ref.id, e.EventID)
		if err != nil {
			return err
		}
		if !ok {
			return event.NotFoundf("%s has no %s with ID %d", eventName, ref.what, ref.id)
		}
	}
	if e.Points < 0 {
		return event.Invalidf("a point deduction takes away a positive number of points, not %d", e.Points)
	}
	res, err := t.exec(`INSERT INTO judge_log (event_id, at, round, table_no, judge_id, entry_id, kind,
			infraction, penalty, description, extension_ms, points, outcome, corrects, source)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		e.EventID, millis(e.At), e.Round, e.Table, optID(e.JudgeID), optID(e.EntryID), e.Kind,
		e.Infraction, e.Penalty, e.Description, durMillis(e.Extension), e.Points, e.Outcome, optID(e.Corrects), e.Source)
	if err != nil {
		return err
	}
	e.ID = event.JudgeLogID(lastID(res))
	return nil
}

// JudgeLog returns the event's judge log, oldest first (in the order the
// entries were appended), corrections included.
func (t *Tx) JudgeLog(id event.EventID) ([]event.JudgeLogEntry, error) {
	log, err := queryAll(t, scanJudgeLogEntry,
		`SELECT id, event_id, at, round, table_no, judge_id, entry_id, kind,
			infraction, penalty, description, extension_ms, points, outcome, corrects, source
		FROM judge_log WHERE event_id = ? ORDER BY id`, id)
	if err != nil {
		return nil, fmt.Errorf("store: judge log of event %d: %w", id, err)
	}
	return log, nil
}

func scanLogEntry(r scanner) (event.LogEntry, error) {
	var l event.LogEntry
	err := r.Scan(&l.ID, &l.EventID, timeCol{&l.At}, &l.Round, messageCol{&l.Message})
	return l, err
}

func scanJudge(r scanner) (event.Judge, error) {
	var j event.Judge
	err := r.Scan(&j.ID, &j.EventID, &j.Name, &j.Role, &j.Order, idCol[event.PlayerID]{&j.PlayerID})
	return j, err
}

func scanJudgeLogEntry(r scanner) (event.JudgeLogEntry, error) {
	var e event.JudgeLogEntry
	err := r.Scan(&e.ID, &e.EventID, timeCol{&e.At}, &e.Round, &e.Table,
		idCol[event.JudgeID]{&e.JudgeID}, idCol[event.EntryID]{&e.EntryID}, &e.Kind,
		&e.Infraction, &e.Penalty, &e.Description, durCol{&e.Extension}, &e.Points, &e.Outcome, idCol[event.JudgeLogID]{&e.Corrects}, &e.Source)
	return e, err
}
