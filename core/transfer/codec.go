package transfer

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"tablekeeper/core/event"
)

// MaxSize bounds the file Decode reads: an event of thousands of players
// with years of log is a few megabytes; anything far larger is not an event
// file.
const MaxSize = 256 << 20

// Encode writes doc as indented JSON (two spaces, a final newline), with
// Format and Version set to this package's. It does not validate: call
// Validate first when doc comes from elsewhere.
func Encode(w io.Writer, doc Document) error {
	doc.Format, doc.Version = FormatName, Version
	b, err := json.MarshalIndent(doc, "", "  ")
	if err != nil {
		return fmt.Errorf("transfer: encode: %w", err)
	}
	b = append(b, '\n')
	_, err = w.Write(b)
	return err
}

// Decode reads an event file and validates it. Whatever is wrong (not
// JSON, another program's JSON, a newer version, a field Tablekeeper does
// not know or a missing one, a reference to something the file does not
// hold, an impossible result) comes back as one event.ErrInvalid sentence
// naming it.
func Decode(r io.Reader) (Document, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxSize+1))
	if err != nil {
		return Document{}, fmt.Errorf("transfer: read: %w", err)
	}
	if len(data) > MaxSize {
		return Document{}, event.Invalidf("the file is larger than %d MB; it is not a Tablekeeper event file", MaxSize>>20)
	}
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf")) // a BOM an editor may add
	if err := checkHeader(data); err != nil {
		return Document{}, err
	}
	var doc Document
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&doc); err != nil {
		return Document{}, decodeError(err)
	}
	if err := checkRequired(data); err != nil {
		return Document{}, err
	}
	if err := checkSettings(data); err != nil {
		return Document{}, err
	}
	if err := doc.Validate(); err != nil {
		return Document{}, err
	}
	return doc, nil
}

// checkHeader tells a Tablekeeper event file of a version this package
// reads from anything else.
func checkHeader(data []byte) error {
	var v any
	if err := json.Unmarshal(data, &v); err != nil {
		var syn *json.SyntaxError
		if errors.As(err, &syn) {
			return event.Invalidf("the file is not JSON (%s at byte %d); choose a file exported by Tablekeeper (export --report event-json)", err, syn.Offset)
		}
		return event.Invalidf("the file is not JSON (%s); choose a file exported by Tablekeeper (export --report event-json)", err)
	}
	obj, ok := v.(map[string]any)
	if !ok {
		return event.Invalid("the file is JSON but not a Tablekeeper event: it is not an object with \"format\": \"tablekeeper-event\"")
	}
	format, ok := obj["format"].(string)
	switch {
	case !ok:
		return event.Invalid("the file is JSON but not a Tablekeeper event: it has no \"format\": \"tablekeeper-event\" (another program's file?)")
	case format != FormatName:
		return event.Invalidf("the file is JSON but not a Tablekeeper event: its format is %q, not %q", short(format), FormatName)
	}
	version, ok := obj["version"].(float64)
	switch {
	case !ok || version != float64(int(version)) || version < 1:
		return event.Invalid("the event file has no valid \"version\" (a whole number from 1); it was not written by Tablekeeper")
	case version > Version:
		return event.Invalidf("the event file is version %d, written by a newer Tablekeeper; this one reads version %d: update Tablekeeper to open it", int(version), Version)
	}
	return nil
}

// required lists the fields a file must carry even where their zero value
// is possible, so that a file cut short or hand-made without them is
// refused rather than read as zeros.
var required = map[string][]string{
	"":      {"event", "players", "entries"},
	"event": {"name", "game", "format", "date", "state", "settings"},
}

// checkRequired reports the first required field the file lacks.
func checkRequired(data []byte) error {
	var top map[string]json.RawMessage
	if err := json.Unmarshal(data, &top); err != nil {
		return event.Invalidf("the file is not a JSON object (%s)", err)
	}
	for _, f := range required[""] {
		if _, ok := top[f]; !ok {
			return event.Invalidf("the event file has no %q field; it is incomplete", f)
		}
	}
	var ev map[string]json.RawMessage
	if err := json.Unmarshal(top["event"], &ev); err != nil {
		return event.Invalid("the event file's \"event\" is not an object")
	}
	for _, f := range required["event"] {
		if _, ok := ev[f]; !ok {
			return event.Invalidf("the event file's event has no %q field; it is incomplete", f)
		}
	}
	return nil
}

// checkSettings reads the event's settings again, refusing a key
// Tablekeeper does not know: event.Settings reads its own JSON (either
// shape, see Version), so the decoder's check for unknown fields does not
// reach inside it.
func checkSettings(data []byte) error {
	var top struct {
		Event struct {
			Settings json.RawMessage `json:"settings"`
		} `json:"event"`
	}
	if err := json.Unmarshal(data, &top); err != nil {
		return decodeError(err)
	}
	if _, err := event.DecodeSettingsStrict(top.Event.Settings); err != nil {
		return decodeError(err)
	}
	return nil
}

// decodeError turns a decoding error into one sentence naming the field.
func decodeError(err error) error {
	var typ *json.UnmarshalTypeError
	if errors.As(err, &typ) {
		field := typ.Field
		if field == "" {
			field = "a value"
		}
		return event.Invalidf("the event file's field %s holds %s where %s belongs", field, typ.Value, typeName(typ.Type.String()))
	}
	msg := err.Error()
	if f, ok := strings.CutPrefix(msg, "json: unknown field "); ok {
		return event.Invalidf("the event file has a field Tablekeeper does not know, %s; it may come from another program", f)
	}
	return event.Invalidf("the event file cannot be read: %s", strings.TrimPrefix(msg, "json: "))
}

func typeName(t string) string {
	switch {
	case strings.HasPrefix(t, "int"), strings.HasPrefix(t, "uint"):
		return "a whole number"
	case t == "string", strings.HasPrefix(t, "event."):
		return "text"
	case t == "bool":
		return "true or false"
	case strings.HasPrefix(t, "[]"):
		return "a list"
	case t == "time.Time":
		return "a time"
	}
	return "an object"
}

func short(s string) string {
	r := []rune(s)
	if len(r) > 40 {
		return string(r[:40]) + "…"
	}
	return s
}
