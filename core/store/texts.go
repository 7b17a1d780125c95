package store

import (
	"fmt"

	"tablekeeper/core/i18n"
)

// messageCol scans a stored message (a log line, a table's Why, a round's
// name: i18n.Encode's JSON of a key and its values) into an i18n.Text, so
// each reader says it in their own language. The store keeps no sentence
// in one language since migration 10 converted the English of older
// versions.
type messageCol struct{ t *i18n.Text }

func (c messageCol) Scan(v any) error {
	switch v := v.(type) {
	case nil:
		*c.t = i18n.Text{}
	case string:
		*c.t = i18n.Decode(v)
	case []byte:
		*c.t = i18n.Decode(string(v))
	default:
		return fmt.Errorf("message column holds %T, not text", v)
	}
	return nil
}
