// Package work runs director calls off the UI thread and brings their
// results back onto it, and turns errors into the one sentence the organizer
// reads. Every screen goes through it, so the threading rule (widgets change
// only inside fyne.Do) and the wording of errors live in one place.
package work

import (
	"context"
	"strings"
	"unicode"
	"unicode/utf8"

	"fyne.io/fyne/v2"

	"tablekeeper/ui/internal/tr"
)

// Runner runs a job's work and then its apply step. The application uses
// Async; tests use Sync so that every call has finished when a tap returns.
type Runner interface {
	// Go runs work, then apply on the UI thread.
	Go(work func(), apply func())
}

// Async runs work in a new goroutine and apply through fyne.Do.
type Async struct{}

// Go implements Runner.
func (Async) Go(work func(), apply func()) {
	go func() {
		work()
		fyne.Do(apply)
	}()
}

// Sync runs work and apply at once on the calling goroutine, for tests
// driven by the headless test driver.
type Sync struct{}

// Go implements Runner.
func (Sync) Go(work func(), apply func()) {
	work()
	apply()
}

// Call runs call through r and hands its result to done on the UI thread.
func Call[T any](r Runner, call func(context.Context) (T, error), done func(T, error)) {
	var (
		v   T
		err error
	)
	r.Go(func() { v, err = call(context.Background()) }, func() { done(v, err) })
}

// Do is Call for operations that return only an error.
func Do(r Runner, call func(context.Context) error, done func(error)) {
	var err error
	r.Go(func() { err = call(context.Background()) }, func() { done(err) })
}

// Sentence returns what to tell the organizer about err: the director's
// message (event.Message) starting with a capital letter. It is the only
// place the screens turn an error into text.
func Sentence(err error) string {
	msg := strings.TrimSpace(tr.Err(err))
	if msg == "" {
		return ""
	}
	r, n := utf8.DecodeRuneInString(msg)
	return string(unicode.ToUpper(r)) + msg[n:]
}

// Alert shows an error to the organizer. The window shell provides one that
// opens a dialog; screens with a status line show errors there instead.
type Alert func(error)
