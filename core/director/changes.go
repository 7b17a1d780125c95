package director

import (
	"context"
	"sync"

	"tablekeeper/core/event"
	"tablekeeper/core/storage"
)

// ChangeKind says what part of an event a committed write changed; a
// Change may carry several. The store's writes record them
// (storage.ChangeKind).
type ChangeKind = storage.ChangeKind

// The kinds of change; see storage.ChangeEvent and the others.
const (
	ChangeEvent         = storage.ChangeEvent
	ChangeRegistration  = storage.ChangeRegistration
	ChangeRound         = storage.ChangeRound
	ChangeResult        = storage.ChangeResult
	ChangeClock         = storage.ChangeClock
	ChangeJudgeLog      = storage.ChangeJudgeLog
	ChangeDecks         = storage.ChangeDecks
	ChangeDirectory     = storage.ChangeDirectory
	ChangeLeague        = storage.ChangeLeague
	ChangePhoneReports  = storage.ChangePhoneReports
	ChangePlayerReports = storage.ChangePlayerReports
	ChangeRaffle        = storage.ChangeRaffle
)

// Change is what one committed write changed, whoever made it (this
// window, a kiosk, a judge, a command in the same process); see
// storage.Change.
type Change = storage.Change

// Subscribe has fn called after every committed write with what it
// changed, one call per event changed, on the writer's goroutine (a
// front-end hands the call over to its own thread). cancel stops the calls.
func (d *Director) Subscribe(fn func(Change)) (cancel func()) {
	return d.changes.add(fn)
}

// subscribers holds the functions Subscribe registered.
type subscribers struct {
	mu   sync.Mutex
	next int
	fns  map[int]func(Change)
}

func (s *subscribers) add(fn func(Change)) func() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.fns == nil {
		s.fns = map[int]func(Change){}
	}
	id := s.next
	s.next++
	s.fns[id] = fn
	return func() {
		s.mu.Lock()
		defer s.mu.Unlock()
		delete(s.fns, id)
	}
}

func (s *subscribers) publish(changes []Change) {
	s.mu.Lock()
	fns := make([]func(Change), 0, len(s.fns))
	for _, fn := range s.fns {
		fns = append(fns, fn)
	}
	s.mu.Unlock()
	for _, c := range changes {
		for _, fn := range fns {
			fn(c)
		}
	}
}

// notifyingStore is the director's store: once a Write committed, it
// tells the subscribers what the transaction's writes recorded they
// changed (the storage.Unit the commit hands over, see storage.OnCommit).
type notifyingStore struct {
	Store
	subs *subscribers
}

func (n notifyingStore) Write(ctx context.Context, fn func(Tx) error) error {
	var unit storage.Unit
	err := n.Store.Write(storage.OnCommit(ctx, func(u storage.Unit) { unit = u }), fn)
	if err == nil {
		n.subs.publish(unit.Changes)
	}
	return err
}

// Applied tells the subscribers of a write this director did not make
// through its store: a unit of a cluster's log applied to this laptop's
// database (every laptop's writes reach its front-ends this way, the
// leader's own too, since a cluster's store commits in the log's apply
// and not in Write).
func (d *Director) Applied(u storage.Unit) {
	d.changes.publish(u.Changes)
}

// everything is every kind of change.
const everything = ChangeEvent | ChangeRegistration | ChangeRound | ChangeResult | ChangeClock |
	ChangeJudgeLog | ChangeDecks | ChangeDirectory | ChangeLeague | ChangePhoneReports | ChangePlayerReports | ChangeRaffle

// Replaced tells the subscribers that everything may have changed: the
// database was replaced whole (a standby given the leader's snapshot).
func (d *Director) Replaced(ctx context.Context) error {
	var events []event.Event
	if err := d.store.Read(ctx, func(tx Tx) error {
		var err error
		events, err = tx.Events()
		return err
	}); err != nil {
		return err
	}
	changes := []Change{{What: ChangeDirectory | ChangeLeague}}
	for _, e := range events {
		changes = append(changes, Change{Event: e.ID, What: everything})
	}
	d.changes.publish(changes)
	return nil
}
