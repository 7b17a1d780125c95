package storage

import (
	"cmp"
	"context"
	"errors"
	"slices"

	"tablekeeper/core/event"
)

// ChangeKind says what part of an event a committed write changed; a
// Change may carry several.
type ChangeKind uint16

// The kinds of change.
const (
	// ChangeEvent: the event itself (created, settings, state, finished).
	ChangeEvent ChangeKind = 1 << iota
	// ChangeRegistration: entries, check-in, drops, teams, draft pods.
	ChangeRegistration
	// ChangeRound: a round paired, swapped, published or withdrawn.
	ChangeRound
	// ChangeResult: a table's result.
	ChangeResult
	// ChangeClock: a round's clock, a table's extension, an announcement.
	ChangeClock
	// ChangeJudgeLog: judges and the judge log.
	ChangeJudgeLog
	// ChangeDecks: registered decks and their lock.
	ChangeDecks
	// ChangeDirectory: the player directory and database-wide settings.
	ChangeDirectory
	// ChangeLeague: leagues and their weeks.
	ChangeLeague
	// ChangePhoneReports: phone reports waiting for the organizer (a
	// report queued for approval or to check, one accepted or rejected).
	ChangePhoneReports
	// ChangePlayerReports: a player's own report of her table's result
	// (an event whose results both players confirm) was sent or closed.
	// Change.Players names the players of the tables concerned: only
	// their phones need to hear of it.
	ChangePlayerReports
	// ChangeRaffle: a raffle was drawn (the TV shows its winners).
	ChangeRaffle
)

// Has reports whether k includes any of the kinds in x.
func (k ChangeKind) Has(x ChangeKind) bool { return k&x != 0 }

// Change is what one committed write changed, whoever made it (this
// window, a kiosk, a judge, a command in the same process).
type Change struct {
	// Event is the event changed; 0 for a change of no one event (the
	// directory, a league) or one whose event the write did not name.
	Event event.EventID
	What  ChangeKind
	// Players are, for ChangePlayerReports, the players of the tables
	// whose players' reports changed, so that a front-end tells their
	// phones alone.
	Players []event.EntryID
}

// Unit is one write transaction, handed over whole by the commit
// (OnCommit): what its writes changed, one Change per event. OnCommit
// never hands over a unit of a transaction that was rolled back.
//
// It is also the unit a standby replays. A unit captured to be applied,
// here and on other databases (the store's Capture, which rolls the
// transaction back, and ApplyUnit, which commits it), also carries the transaction's writing statements, in order,
// with their arguments, so that running them in one transaction there
// gives the same rows; its request id, so that a retried write is
// recorded once; and the time it was captured. Stmts is nil in the units
// OnCommit hands over.
type Unit struct {
	Changes []Change
	// Stmts are the statements of the transaction that write (every one
	// that is not a plain read, savepoints included), in the order they
	// ran; a statement that failed, and so changed nothing, is left out.
	Stmts []Stmt
	// Request is the id of the request the write answers (WithRequest),
	// "" for none.
	Request string
	// At is when the unit was captured, in unix milliseconds, by the
	// clock of the database that ran it: for how far behind a standby
	// is, never written into a row.
	At int64
}

// ChangeSet collects, inside one write transaction, what its writes
// change. Each write of the store marks its kind and the event its rows
// name (Mark, event 0 for rows that name none: a result, a clock, the
// directory); the reads and log lines that name the event the transaction
// works on are noted (Saw), and the changes of rows that name no event
// go to those events. The zero ChangeSet is empty and ready.
type ChangeSet struct {
	what   map[event.EventID]ChangeKind
	loose  ChangeKind // changes of rows that name no event
	events []event.EventID
	// players are the players told of a change of their reports, by
	// event (Tell).
	players map[event.EventID][]event.EntryID
}

// Mark notes a change of kind k to event id's rows (0: rows that name no
// event).
func (c *ChangeSet) Mark(id event.EventID, k ChangeKind) {
	if id == 0 {
		c.loose |= k
		return
	}
	if c.what == nil {
		c.what = map[event.EventID]ChangeKind{}
	}
	c.what[id] |= k
}

// Saw notes that the transaction works on event id (it read the event or
// its entries, or logged to it).
func (c *ChangeSet) Saw(id event.EventID) {
	for _, e := range c.events {
		if e == id {
			return
		}
	}
	c.events = append(c.events, id)
}

// Tell names players of event id whose own reports changed (see
// Change.Players); each is named once.
func (c *ChangeSet) Tell(id event.EventID, entries []event.EntryID) {
	if c.players == nil {
		c.players = map[event.EventID][]event.EntryID{}
	}
	for _, e := range entries {
		if !contains(c.players[id], e) {
			c.players[id] = append(c.players[id], e)
		}
	}
}

func contains(ids []event.EntryID, id event.EntryID) bool {
	for _, x := range ids {
		if x == id {
			return true
		}
	}
	return false
}

// Unit lists what the transaction changed, one Change per event: the
// events it worked on first, in the order it named them, then the others
// by event ID, event 0 last.
// The changes of rows that name no event go to the events it worked on,
// or to event 0 when it named none.
func (c *ChangeSet) Unit() Unit {
	what := make(map[event.EventID]ChangeKind, len(c.what)+1)
	for id, k := range c.what {
		what[id] = k
	}
	if c.loose != 0 {
		targets := c.events
		if len(targets) == 0 {
			targets = []event.EventID{0}
		}
		for _, id := range targets {
			what[id] |= c.loose
		}
	}
	out := make([]Change, 0, len(what))
	for _, id := range c.events {
		if k, ok := what[id]; ok {
			out = append(out, Change{Event: id, What: k, Players: c.players[id]})
			delete(what, id)
		}
	}
	// The others by event ID, event 0 (rows that name no event) last: a
	// unit reads the same on every run.
	others := make([]event.EventID, 0, len(what))
	for id := range what {
		others = append(others, id)
	}
	slices.SortFunc(others, func(a, b event.EventID) int {
		if (a == 0) != (b == 0) {
			return cmp.Compare(b, a) // 0 after any event
		}
		return cmp.Compare(a, b)
	})
	for _, id := range others {
		out = append(out, Change{Event: id, What: what[id], Players: c.players[id]})
	}
	return Unit{Changes: out}
}

// commitKey carries the function OnCommit hands committed units to.
type commitKey struct{}

// OnCommit returns a context for Store.Write under which the store hands
// fn the transaction's Unit once it has committed (never after a rollback
// or a failed commit), on the writer's goroutine, before Write returns.
// Stores that wrap a Store pass the context on, so the hook reaches the
// one that commits.
func OnCommit(ctx context.Context, fn func(Unit)) context.Context {
	return context.WithValue(ctx, commitKey{}, fn)
}

// Committed hands u to the function OnCommit put in ctx, if any: the
// store calls it right after a write transaction committed.
func Committed(ctx context.Context, u Unit) {
	if fn, ok := ctx.Value(commitKey{}).(func(Unit)); ok {
		fn(u)
	}
}

// ErrStandby is beneath a write refused because this laptop is a standby
// of a cluster: the leader takes writes (internal/cluster). A write that
// only keeps a note of a read (a session's last request) may skip it.
var ErrStandby = errors.New("this laptop is a standby")
