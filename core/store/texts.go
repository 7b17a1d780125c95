package store

import (
	"sync"

	"tablekeeper/core/i18n"
)

// messageCol scans a stored message (a log line, a table's Why, a round's
// name: i18n.Encode's JSON of a key and its values) into an i18n.Text, so
// each reader says it in their own language. The store keeps no sentence
// in one language since migration 12 converted the English of older
// versions.
type messageCol struct{ t *i18n.Text }

func (c messageCol) Scan(v any) error {
	return scanText(v, c.t, decodeMessage, "message column holds %T, not text")
}

// decoded remembers the messages read lately: a round of a regional holds
// hundreds of tables whose reasons are a few messages ("same points (6)"),
// read again at every change, and decoding JSON costs microseconds each.
// The texts are shared, so nothing may change a read text's Args in place
// (the code builds new texts instead).
var decoded = struct {
	sync.Mutex
	m map[string]i18n.Text
}{m: map[string]i18n.Text{}}

// decodedMax bounds the memory the remembered messages take; past it the
// store forgets them all and starts again.
const decodedMax = 4096

func decodeMessage(stored string) i18n.Text {
	decoded.Lock()
	t, ok := decoded.m[stored]
	decoded.Unlock()
	if ok {
		return t
	}
	t = i18n.Decode(stored)
	decoded.Lock()
	if len(decoded.m) >= decodedMax {
		clear(decoded.m)
	}
	decoded.m[stored] = t
	decoded.Unlock()
	return t
}
