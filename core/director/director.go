// Package director holds the operations a screen or a headless command
// calls: create an event, register and check in players, drop and
// re-instate them, pair the next round, record and correct results, finish
// the event, read standings.
//
// Each operation checks the request against the event's rules, asks the
// pure engines (pairing, standings) what follows, and saves the outcome in
// one store transaction, logging what changed in the event's activity log.
// The director holds no state of its own beyond its random source: screens
// re-read what they show after every call.
package director

import (
	"context"
	"errors"
	"io"
	"math/rand/v2"
	"strings"
	"sync"
	"time"

	"tablekeeper/core/event"
	"tablekeeper/core/i18n"
	"tablekeeper/core/rules"
	"tablekeeper/core/standings"
)

// Director runs events on a store.
type Director struct {
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
	d := &Director{now: now, seed: seeds}
	d.store = notifyingStore{Store: store, subs: &d.changes}
	return d
}

func (d *Director) nextSeed() int64 {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.seed.Int64()
}

// NewEvent is what an organizer fills in to create an event.
type NewEvent struct {
	Name   string
	Game   string
	Format string
	Date   time.Time
	// Settings overrides the format's defaults when not nil.
	Settings *event.Settings
}

// CreateEvent creates an event in registration, with the format's default
// settings unless others are given.
func (d *Director) CreateEvent(ctx context.Context, req NewEvent) (event.Event, error) {
	_, f, err := rules.Lookup(req.Game, req.Format)
	if err != nil {
		return event.Event{}, err
	}
	e := event.Event{
		Name:      strings.TrimSpace(req.Name),
		Game:      req.Game,
		Format:    f.Key,
		Date:      req.Date,
		State:     event.StateRegistration,
		Settings:  f.Defaults,
		CreatedAt: d.now(),
	}
	if req.Settings != nil {
		e.Settings = *req.Settings
	}
	if e.Settings.TieSeed == 0 {
		e.Settings.TieSeed = uint64(d.nextSeed()) // #nosec G115 -- the seed's bits are kept as they are; any uint64 is a seed
	}
	if err := standings.ValidTiebreakers(e.Settings.Tiebreakers); err != nil {
		return event.Event{}, err
	}
	if err := checkDeckSettings(e.Settings); err != nil {
		return event.Event{}, err
	}
	if err := rules.CheckSettings(e.Game, e.Format, e.Settings); err != nil {
		return event.Event{}, err
	}
	if e.Date.IsZero() {
		e.Date = d.now()
	}
	e.Date = event.Day(e.Date)
	if err := e.Validate(); err != nil {
		return event.Event{}, err
	}
	err = d.store.Write(ctx, func(tx Tx) error {
		if err := tx.CreateEvent(&e); err != nil {
			return err
		}
		if err := d.log(tx, e.ID, 0, i18n.F("event created: %s (%s)", e.Name, rules.DescribeText(e.Game, e.Format))); err != nil {
			return err
		}
		if p := rules.DeckPolicyFor(e.Game, e.Settings); p.Negatable && p.Locks() {
			return d.log(tx, e.ID, 0, p.Announced())
		}
		return nil
	})
	return e, err
}

// UpdateSettings changes an event's settings; only before round 1.
func (d *Director) UpdateSettings(ctx context.Context, id event.EventID, s event.Settings) error {
	if err := s.Validate(); err != nil {
		return err
	}
	if err := standings.ValidTiebreakers(s.Tiebreakers); err != nil {
		return err
	}
	if err := checkDeckSettings(s); err != nil {
		return err
	}
	return d.store.Write(ctx, func(tx Tx) error {
		e, err := tx.Event(id)
		if err != nil {
			return err
		}
		if e.State != event.StateRegistration {
			return event.Statef("the settings of %s are fixed once round 1 is paired", e.Name)
		}
		if err := rules.CheckSettings(e.Game, e.Format, s); err != nil {
			return err
		}
		if s.TieSeed == 0 {
			s.TieSeed = e.Settings.TieSeed
		}
		was := rules.DeckPolicyFor(e.Game, e.Settings)
		e.Settings = s
		if err := tx.UpdateEvent(e); err != nil {
			return err
		}
		if err := d.log(tx, id, 0, i18n.F("settings changed")); err != nil {
			return err
		}
		// The judges' choice on Revelations' deck tuning is announced in
		// advance (H7, 5.3.2): the log keeps when it was made.
		if now := rules.DeckPolicyFor(e.Game, s); now.Negatable && now != was {
			return d.log(tx, id, 0, now.Announced())
		}
		return nil
	})
}

// Event returns one event.
func (d *Director) Event(ctx context.Context, id event.EventID) (event.Event, error) {
	var e event.Event
	err := d.store.Read(ctx, func(tx Tx) (err error) {
		e, err = tx.Event(id)
		return err
	})
	return e, err
}

// EventSummary is an event with the counts an event list shows.
type EventSummary struct {
	event.Event
	Players int // entries still playing
	Round   int // the last round paired (0 before round 1)
	// FewPlayers says the event has fewer players taking part (playing,
	// or dropped after playing) than its game's rules recognise
	// (rules.FewPlayers, S1); zero when it has enough.
	FewPlayers i18n.Text
}

// Events lists every event, newest first, with player counts and the
// current round.
func (d *Director) Events(ctx context.Context) ([]EventSummary, error) {
	var out []EventSummary
	err := d.store.Read(ctx, func(tx Tx) error {
		es, err := tx.Events()
		if err != nil {
			return err
		}
		for _, e := range es {
			entries, err := tx.Entries(e.ID)
			if err != nil {
				return err
			}
			rounds, err := tx.RoundCount(e.ID)
			if err != nil {
				return err
			}
			s := EventSummary{Event: e, Round: rounds}
			taking := 0
			for _, en := range entries {
				if en.Active() {
					s.Players++
				}
				if en.Active() || en.DroppedAfter > 0 {
					taking++
				}
			}
			s.FewPlayers = rules.FewPlayers(e, taking)
			out = append(out, s)
		}
		return nil
	})
	return out, err
}

// FinishEvent closes an event: no more rounds, results or registrations.
// Every paired round must have all its results.
func (d *Director) FinishEvent(ctx context.Context, id event.EventID) error {
	return d.store.Write(ctx, func(tx Tx) error {
		e, err := tx.Event(id)
		if err != nil {
			return err
		}
		if e.State == event.StateFinished {
			return event.Statef("%s is already finished", e.Name)
		}
		rounds, err := tx.Rounds(id)
		if err != nil {
			return err
		}
		if len(rounds) == 0 {
			return event.Statef("%s has no rounds yet; pair and play at least one round before finishing it", e.Name)
		}
		if last := rounds[len(rounds)-1]; !last.Published() {
			return event.Statef("round %d is a draft; publish it and enter its results, or withdraw it, before finishing the event", last.Number)
		} else if !last.Complete() {
			return event.Statef("round %[1]d still lacks %[2]s; enter them before finishing the event", last.Number, results(last.Missing()))
		}
		e.State = event.StateFinished
		if err := tx.UpdateEvent(e); err != nil {
			return err
		}
		return d.log(tx, id, len(rounds), i18n.F("event finished"))
	})
}

// Log returns the event's activity log, oldest first.
func (d *Director) Log(ctx context.Context, id event.EventID) ([]event.LogEntry, error) {
	var out []event.LogEntry
	err := d.store.Read(ctx, func(tx Tx) (err error) {
		out, err = tx.Log(id)
		return err
	})
	return out, err
}

// log appends a line to the event's activity log, kept as its key and
// values so that each reader (the desk's Journal, a report, an export)
// says it in their own language.
func (d *Director) log(tx Tx, id event.EventID, round int, msg i18n.Text) error {
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
