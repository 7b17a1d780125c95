package director

import (
	"context"
	"errors"
	"io"
	"math/rand/v2"
	"sync"
	"time"

	"tablekeeper/core/event"
	"tablekeeper/core/i18n"
)

// core is what every service of the director shares: the store, the
// clock, the seed and code sources, the subscribers, the snapshot hook and
// the in-memory guards; its unexported methods are the helpers several
// services use. It has no exported method, so nothing of it shows through
// the services that embed it.
type core struct {
	store Store
	now   func() time.Time

	mu   sync.Mutex // guards seed
	seed *rand.Rand

	// snapshot, when set, keeps a copy of the database each time a round
	// is published (SetSnapshot).
	snapshot Snapshot

	// changes are told what each committed write changed (Subscribe).
	changes subscribers

	codeMu sync.Mutex // guards codes
	// codes is where table codes and the judge PIN are drawn from; nil
	// is crypto/rand (SetCodeSource).
	codes io.Reader

	// dir is the director whose services this core serves, for the
	// calls from one service to a sibling (d.dir.Rounds.PairNextRound).
	dir *Director
}

// Snapshot keeps a copy of the database after round number of event e was
// published; the app writes it to a backups folder beside the database.
type Snapshot func(ctx context.Context, e event.Event, round int) error

// SetSnapshot has the director call snap after each published round. A
// failed snapshot does not undo the publication: it is written in the
// event's log, so the organizer can see it and back up by hand.
func (d *Director) SetSnapshot(snap Snapshot) { d.snapshot = snap }

// New returns a director saving to store, reading the time from now and
// drawing each round's seed from seeds (the seed is saved with the round,
// so any pairing can be reproduced).
func New(store Store, now func() time.Time, seeds *rand.Rand) *Director {
	d := newDirector(&core{now: now, seed: seeds})
	d.store = notifyingStore{Store: store, subs: &d.changes}
	return d
}

func (d *core) nextSeed() int64 {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.seed.Int64()
}

// log appends a line to the event's activity log, kept as its key and
// values so that each reader (the desk's Journal, a report, an export)
// says it in their own language.
func (d *core) log(tx Tx, id event.EventID, round int, msg i18n.Text) error {
	return tx.AppendLog(&event.LogEntry{EventID: id, At: d.now(), Round: round, Message: msg})
}

// errorText is an error's sentence kept to say in a reader's language (an
// event.Error's Text), or its words as they are for an error of the
// system (a full disk, a missing folder), which has no translation.
func errorText(err error) i18n.Text {
	var e *event.Error
	if errors.As(err, &e) && !e.Text.IsZero() {
		return e.Text
	}
	return i18n.Plain(err.Error())
}

// SetCodeSource has the director draw table codes and the judge PIN from
// r instead of crypto/rand, so that tests see the same codes every run;
// nil goes back to crypto/rand. Real use keeps crypto/rand: a code must
// not be guessable.
func (d *Director) SetCodeSource(r io.Reader) {
	d.codeMu.Lock()
	defer d.codeMu.Unlock()
	d.codes = r
}

// InSnapshot runs fn with a director whose every read is made in one read
// transaction: a report (or any view that asks several questions) sees
// one consistent moment, however many director reads it makes. Writes
// through that director are refused.
func (d *Director) InSnapshot(ctx context.Context, fn func(*Director) error) error {
	return d.store.Read(ctx, func(tx Tx) error {
		return fn(newDirector(&core{store: snapshotStore{tx: tx}, now: d.now}))
	})
}

// snapshotStore serves every read from one open read transaction.
type snapshotStore struct{ tx Tx }

func (s snapshotStore) Read(_ context.Context, fn func(Tx) error) error { return fn(s.tx) }

func (s snapshotStore) Write(context.Context, func(Tx) error) error {
	return event.Statef("a report reads a snapshot of the event and cannot change it")
}
