// Package cli holds what tablekeeper's commands share, whichever area runs
// them (console, ui/web/serve): usage errors, flag parsing, the exit code
// and message of a command's outcome, and opening the database a command
// names with the director the app builds on it.
package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"time"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/core/storage"
	"tablekeeper/core/store"
)

// UsageError is a mistake in a command's arguments.
type UsageError struct{ Msg string }

func (e UsageError) Error() string { return e.Msg }

// Usagef returns a UsageError with a formatted message.
func Usagef(format string, args ...any) error { return UsageError{fmt.Sprintf(format, args...)} }

// Exit prints the outcome of the command name (usage is its usage line)
// on stderr and returns the process exit code: 0 on success, 1 when the
// command failed, 2 for bad arguments.
func Exit(err error, name, usage string, stderr io.Writer) int {
	if err == nil {
		return 0
	}
	prog := "tablekeeper"
	if name != "" {
		prog += " " + name
	}
	var u UsageError
	if errors.As(err, &u) {
		fmt.Fprintf(stderr, "%s: %s (usage: tablekeeper %s)\n", prog, u.Msg, usage)
		return 2
	}
	fmt.Fprintf(stderr, "%s: %s\n", prog, event.Message(err))
	return 1
}

// Parse parses a command's flags and refuses arguments left over: each
// mistake is a usage error.
func Parse(fs *flag.FlagSet, args []string) error {
	fs.SetOutput(io.Discard)
	if err := fs.Parse(args); err != nil {
		return Usagef("%v", err)
	}
	if fs.NArg() > 0 {
		return Usagef("unexpected argument %q", fs.Arg(0))
	}
	return nil
}

// NewDirector builds the director the app and the commands share: the real
// clock, and round seeds drawn from a source seeded by the time (each seed
// is saved with its round, so pairings stay reproducible).
func NewDirector(st *store.DB) *director.Director { return NewDirectorOn(st) }

// NewDirectorOn is NewDirector over any store (a cluster's, whose writes
// go through the leader's log).
func NewDirectorOn(st storage.Store) *director.Director {
	// #nosec G404 -- a round's seed drives only the pairing's random choices
	// and is no secret: it is saved with its round, so the round can be
	// paired again the same way; table codes and the judge PIN come from
	// crypto/rand.
	return director.New(st, time.Now, rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 0)))
}

// WithDB opens the database --db names with open, runs fn on it and its
// director, and closes it. open is store.OpenExisting for a command that
// changes the database (never creating one by accident) and
// store.OpenExistingShared for one that only reads (check, export, backup,
// league standings), which works while a Tablekeeper window has the file
// open.
func WithDB(path string, open func(string) (*store.DB, error), fn func(*store.DB, *director.Director) error) error {
	if path == "" {
		return Usagef("--db is required")
	}
	st, err := open(path)
	if err != nil {
		return err
	}
	defer st.Close()
	return fn(st, NewDirector(st))
}
