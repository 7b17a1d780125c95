package store

import (
	"fmt"

	"tablekeeper/core/event"
	"tablekeeper/core/i18n"
	"tablekeeper/core/storage"
)

// MovePlayer gives every entry and judge seat of directory player from to
// player to, then removes from from the directory. The two must not both
// be entered in one event (the caller checks and says so): the entries'
// UNIQUE (event_id, player_id) refuses it otherwise.
func (t *Tx) MovePlayer(from, to event.PlayerID) error {
	t.changed(0, storage.ChangeDirectory)
	if from == to {
		return fmt.Errorf("store: move player %d: %w", from, event.Invalid("a player cannot be merged into herself"))
	}
	for _, id := range []event.PlayerID{from, to} {
		if _, err := t.Player(id); err != nil {
			return fmt.Errorf("store: move player %d: %w", from, err)
		}
	}
	for _, q := range []string{
		`UPDATE entries SET player_id = ? WHERE player_id = ?`,
		`UPDATE judges SET player_id = ? WHERE player_id = ?`,
	} {
		if _, err := t.exec(q, to, from); err != nil {
			return fmt.Errorf("store: move player %d: %w", from, err)
		}
	}
	if _, err := t.exec(`DELETE FROM players WHERE id = ?`, from); err != nil {
		return fmt.Errorf("store: move player %d: %w", from, err)
	}
	return nil
}

// AppendDirectoryLog adds a line to the directory's log and sets l.ID.
// The log is append-only.
func (t *Tx) AppendDirectoryLog(l *event.DirectoryLogEntry) error {
	t.changed(0, storage.ChangeDirectory)
	res, err := t.exec(`INSERT INTO directory_log (at, player_id, message) VALUES (?, ?, ?)`,
		millis(l.At), l.Player, i18n.Encode(l.Message))
	if err != nil {
		return fmt.Errorf("store: append to the directory log: %w", err)
	}
	l.ID = lastID(res)
	return nil
}

// DirectoryLog returns the directory log's lines about player id, oldest
// first.
func (t *Tx) DirectoryLog(id event.PlayerID) ([]event.DirectoryLogEntry, error) {
	lines, err := queryAll(t, func(r scanner) (event.DirectoryLogEntry, error) {
		var l event.DirectoryLogEntry
		err := r.Scan(&l.ID, timeCol{&l.At}, &l.Player, messageCol{&l.Message})
		return l, err
	}, `SELECT id, at, player_id, message FROM directory_log WHERE player_id = ? ORDER BY id`, id)
	if err != nil {
		return nil, fmt.Errorf("store: directory log of player %d: %w", id, err)
	}
	return lines, nil
}
