package i18n

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
)

// A Text the store keeps (a log line, a table's Why, a round's name) is
// saved as data, its key and its values, and said when it is read, in the
// reader's language: the store never keeps a sentence in one language that
// would have to be read back into its parts.
//
// Its JSON is {"k": key, "a": [values], "n": count}: a value is a JSON
// number (an integer), a string (a name, a code, an organizer's words) or
// an object (a Text inside the sentence, such as a round's name inside a
// log line), so every value comes back with the type it was built with.

// wireText is a Text's JSON.
type wireText struct {
	Key   string            `json:"k"`
	Args  []json.RawMessage `json:"a,omitempty"`
	Count *int              `json:"n,omitempty"`
}

// plainKey is the key of an organizer's own words: the words are its one
// value, said as they are in every language.
const plainKey = "%s"

// Plain keeps words that are not Tablekeeper's (an organizer's reason, a
// line written before Tablekeeper kept its lines as data) to be said as
// they are, in every language.
func Plain(words string) Text {
	if words == "" {
		return Text{}
	}
	return Text{Format: plainKey, Args: []any{words}}
}

// IsPlain reports whether the text is words kept as they are (Plain).
func (t Text) IsPlain() bool {
	return t.Format == plainKey && len(t.Args) == 1 && t.Count == nil
}

// MarshalJSON writes the text as its key and values. A value that is
// neither a number, a string nor a Text (a programming error: the core
// builds its stored texts from these) is written as its English words, so
// a write never fails on it.
func (t Text) MarshalJSON() ([]byte, error) {
	w := wireText{Key: t.Format, Count: t.Count}
	for _, a := range t.Args {
		b, err := marshalArg(a)
		if err != nil {
			return nil, err
		}
		w.Args = append(w.Args, b)
	}
	return json.Marshal(w)
}

func marshalArg(a any) ([]byte, error) {
	switch v := a.(type) {
	case Text:
		return v.MarshalJSON()
	case *Text:
		return v.MarshalJSON()
	case string, int, int8, int16, int32, int64, uint, uint8, uint16, uint32:
		return json.Marshal(v)
	case uint64:
		if v > math.MaxInt64 {
			return json.Marshal(fmt.Sprint(v))
		}
		return json.Marshal(v)
	case Localizer:
		return json.Marshal(v.In(English))
	case fmt.Stringer:
		return json.Marshal(v.String())
	case error:
		return json.Marshal(v.Error())
	}
	return json.Marshal(fmt.Sprint(a))
}

// UnmarshalJSON reads a text written by MarshalJSON. A JSON string is read
// as Plain words (a file exported before texts were kept as data).
func (t *Text) UnmarshalJSON(data []byte) error {
	data = bytes.TrimSpace(data)
	if len(data) > 0 && data[0] == '"' {
		var s string
		if err := json.Unmarshal(data, &s); err != nil {
			return err
		}
		*t = Plain(s)
		return nil
	}
	if bytes.Equal(data, []byte("null")) {
		*t = Text{}
		return nil
	}
	var w wireText
	if err := json.Unmarshal(data, &w); err != nil {
		return err
	}
	out := Text{Format: w.Key, Count: w.Count}
	for i, raw := range w.Args {
		v, err := unmarshalArg(raw)
		if err != nil {
			return fmt.Errorf("value %d of %q: %w", i+1, w.Key, err)
		}
		out.Args = append(out.Args, v)
	}
	*t = out
	return nil
}

func unmarshalArg(raw json.RawMessage) (any, error) {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 {
		return nil, fmt.Errorf("empty value")
	}
	switch raw[0] {
	case '"':
		var s string
		err := json.Unmarshal(raw, &s)
		return s, err
	case '{':
		var t Text
		err := t.UnmarshalJSON(raw)
		return t, err
	}
	var n int64
	if err := json.Unmarshal(raw, &n); err != nil {
		return nil, fmt.Errorf("%s is neither a whole number, a string nor a text", raw)
	}
	return int(n), nil
}

// Encode returns the text as the store keeps it: its JSON, or "" for no
// text.
func Encode(t Text) string {
	if t.IsZero() {
		return ""
	}
	b, err := t.MarshalJSON()
	if err != nil { // unreachable: every value marshals
		return ""
	}
	return string(b)
}

// Decode reads a text the store keeps (Encode). Anything else (which the
// store no longer holds once migrated) is kept as Plain words rather than
// lost.
func Decode(stored string) Text {
	if stored == "" {
		return Text{}
	}
	var t Text
	if stored[0] != '{' || t.UnmarshalJSON([]byte(stored)) != nil {
		return Plain(stored)
	}
	return t
}
