package event

import (
	"errors"
	"fmt"
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
// the sentinels so callers can still test it with errors.Is.
type Error struct {
	Kind    error
	Message string
}

func (e *Error) Error() string { return e.Message }

// Unwrap returns the sentinel.
func (e *Error) Unwrap() error { return e.Kind }

// Invalid returns an ErrInvalid error with the given message.
func Invalid(msg string) error { return &Error{Kind: ErrInvalid, Message: msg} }

// Invalidf is Invalid with formatting.
func Invalidf(format string, args ...any) error {
	return &Error{Kind: ErrInvalid, Message: fmt.Sprintf(format, args...)}
}

// Statef returns an ErrState error: the action does not fit the event's state.
func Statef(format string, args ...any) error {
	return &Error{Kind: ErrState, Message: fmt.Sprintf(format, args...)}
}

// Conflictf returns an ErrConflict error.
func Conflictf(format string, args ...any) error {
	return &Error{Kind: ErrConflict, Message: fmt.Sprintf(format, args...)}
}

// NotFoundf returns an ErrNotFound error.
func NotFoundf(format string, args ...any) error {
	return &Error{Kind: ErrNotFound, Message: fmt.Sprintf(format, args...)}
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
