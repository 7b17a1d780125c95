package store

import (
	"fmt"

	"tablekeeper/core/event"
)

// maxOriginBytes bounds what an origin may hold: a TOM file of a
// thousand players' elements is far smaller.
const maxOriginBytes = 16 << 20

// SaveOrigin keeps what the file event id was imported from held that the
// event does not (kind "tom": a Pokémon TOM file's data, see core/tdf),
// replacing an earlier one of the same kind. data must be JSON; empty
// data removes the row.
func (t *Tx) SaveOrigin(id event.EventID, kind, data string) error {
	err := t.atomic(func() error {
		if _, err := t.eventName(id); err != nil {
			return err
		}
		if kind == "" {
			return event.Invalid("an event's origin needs a kind, such as tom")
		}
		if len(data) > maxOriginBytes {
			return event.Invalidf("the %s data of the event is larger than %d MB", kind, maxOriginBytes>>20)
		}
		if _, err := t.exec(`DELETE FROM event_origins WHERE event_id = ? AND kind = ?`, id, kind); err != nil {
			return err
		}
		if data == "" {
			return nil
		}
		_, err := t.exec(`INSERT INTO event_origins (event_id, kind, data) VALUES (?, ?, ?)`, id, kind, data)
		return err
	})
	if err != nil {
		return fmt.Errorf("store: save the %s origin of event %d: %w", kind, id, err)
	}
	return nil
}

// Origins returns what SaveOrigin kept for event id, by kind; empty for
// an event not imported from such a file.
func (t *Tx) Origins(id event.EventID) (map[string]string, error) {
	rows, err := t.query(`SELECT kind, data FROM event_origins WHERE event_id = ? ORDER BY kind`, id)
	if err != nil {
		return nil, fmt.Errorf("store: read the origins of event %d: %w", id, err)
	}
	defer rows.Close()
	out := map[string]string{}
	for rows.Next() {
		var kind, data string
		if err := rows.Scan(&kind, &data); err != nil {
			return nil, fmt.Errorf("store: read the origins of event %d: %w", id, err)
		}
		out[kind] = data
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: read the origins of event %d: %w", id, err)
	}
	return out, nil
}
