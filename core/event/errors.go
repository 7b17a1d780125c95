package event

import (
	"errors"

	"tablekeeper/core/i18n"
)

// Sentinel errors. Every package wraps them with what it was doing, and the
// screens turn them into one sentence for the organizer.
var (
	// ErrNotFound: the player, event, round or table asked for does not exist.
	ErrNotFound = errors.New("not found")
	// ErrConflict: the change clashes with something already saved (a
	// member number already in use, a player registered twice).
	ErrConflict = errors.New("conflict")
	// ErrInvalid: the input is wrong; the error's text says how.
	ErrInvalid = errors.New("invalid")
	// ErrState: the operation does not fit where the event is (pairing a
	// round while the last one still lacks results, registering after the
	// event finished).
	ErrState = errors.New("not possible now")
)

// Error is an error with a message meant for the organizer, wrapping one of
// the sentinels so callers can still test it with errors.Is. Its sentence
// is kept as a key and values (Text), so each front-end says it in its
// reader's language (i18n.Error); Message is the English.
type Error struct {
	Kind    error
	Message string
	Text    i18n.Text
}

func (e *Error) Error() string { return e.Message }

// In says the error's sentence in l.
func (e *Error) In(l i18n.Lang) string {
	if e.Text.IsZero() {
		return i18n.T(l, e.Message)
	}
	return e.Text.In(l)
}

// newError keeps format and args as the sentence of an error of kind.
func newError(kind error, format string, args []any) error {
	t := i18n.F(format, args...)
	return &Error{Kind: kind, Message: t.String(), Text: t}
}

// Unwrap returns the sentinel.
func (e *Error) Unwrap() error { return e.Kind }

// Invalid returns an ErrInvalid error with the given message.
func Invalid(msg string) error { return newError(ErrInvalid, msg, nil) }

// Invalidf is Invalid with formatting.
func Invalidf(format string, args ...any) error {
	return newError(ErrInvalid, format, args)
}

// Statef returns an ErrState error: the action does not fit the event's state.
func Statef(format string, args ...any) error {
	return newError(ErrState, format, args)
}

// Conflictf returns an ErrConflict error.
func Conflictf(format string, args ...any) error {
	return newError(ErrConflict, format, args)
}

// NotFoundf returns an ErrNotFound error.
func NotFoundf(format string, args ...any) error {
	return newError(ErrNotFound, format, args)
}

// Message returns the sentence to show a person for err: the message of the
// innermost *Error if there is one, else the error's text.
func Message(err error) string {
	if err == nil {
		return ""
	}
	var e *Error
	if errors.As(err, &e) {
		return e.Message
	}
	return err.Error()
}
