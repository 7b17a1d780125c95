// Package work runs director calls off the UI thread and brings their
// results back onto it, and turns errors into the one sentence the organizer
// reads. Every screen goes through it, so the threading rule (widgets change
// only inside fyne.Do) and the wording of errors live in one place.
package work

import (
	"context"
	"strings"
	"time"
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

// Reads runs a screen's reads one at a time: a read asked for while one
// is running waits and runs once that one is applied, and of several asked
// for meanwhile only the last runs. Changes can come faster than a
// 1,024-player event is read (a check-in a second, results from phones);
// without it every change started its own read, and the reads and their
// apply steps piled up on the UI thread. Use it from the UI thread only.
type Reads struct {
	busy bool
	next func() (func(), func())
}

// Go runs work and then apply through r, after the read running, if any.
func (q *Reads) Go(r Runner, work func(), apply func()) {
	q.Start(r, func() (func(), func()) { return work, apply })
}

// Start is Go for a read that decides what to read when it starts, not
// when it is asked for: start runs on the UI thread just before the work.
func (q *Reads) Start(r Runner, start func() (work func(), apply func())) {
	if q.busy {
		q.next = start
		return
	}
	q.busy = true
	work, apply := start()
	r.Go(work, func() {
		apply()
		q.busy = false
		if n := q.next; n != nil {
			q.next = nil
			q.Start(r, n)
		}
	})
}

// Busy reports whether a read is running.
func (q *Reads) Busy() bool { return q.busy }

// Read is Call through q.
func Read[T any](q *Reads, r Runner, call func(context.Context) (T, error), done func(T, error)) {
	var (
		v   T
		err error
	)
	q.Go(r, func() { v, err = call(context.Background()) }, func() { done(v, err) })
}

// Shown is the done of a screen's read for one event: an error is
// alerted, a result that comes once the screen has moved on (current
// false: another event is shown) is dropped, and the rest is shown.
func Shown[T any](alert Alert, current func() bool, show func(T)) func(T, error) {
	return func(v T, err error) {
		if err != nil {
			alert(err)
			return
		}
		if !current() {
			return
		}
		show(v)
	}
}

// Sentence returns what to tell the organizer about err: the director's
// message, said in the screens' language (tr.Err), starting with a
// capital letter. It is the only place the screens turn an error into
// text.
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

// Every calls f on the UI thread every period until stop is closed, from a
// goroutine of its own; a tick that reaches the UI thread after stop is
// closed is dropped.
func Every(stop <-chan struct{}, period time.Duration, f func()) {
	go func() {
		t := time.NewTicker(period)
		defer t.Stop()
		for {
			select {
			case <-stop:
				return
			case <-t.C:
				fyne.Do(func() {
					select {
					case <-stop:
					default:
						f()
					}
				})
			}
		}
	}()
}
