package director

import (
	"context"
	"strings"
	"time"

	"tablekeeper/core/event"
	"tablekeeper/core/i18n"
	"tablekeeper/core/rules"
	"tablekeeper/core/standings"
)

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
func (d *Events) CreateEvent(ctx context.Context, req NewEvent) (event.Event, error) {
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
func (d *Events) UpdateSettings(ctx context.Context, id event.EventID, s event.Settings) error {
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
func (d *Events) Event(ctx context.Context, id event.EventID) (event.Event, error) {
	return readBy(ctx, d.store, id, Tx.Event)
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
func (d *Events) Events(ctx context.Context) ([]EventSummary, error) {
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
func (d *Events) FinishEvent(ctx context.Context, id event.EventID) error {
	return d.store.Write(ctx, func(tx Tx) error {
		e, err := unfinished(tx, id, i18n.K("%s is already finished"))
		if err != nil {
			return err
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
func (d *Events) Log(ctx context.Context, id event.EventID) ([]event.LogEntry, error) {
	return readBy(ctx, d.store, id, Tx.Log)
}

// unfinished reads event id inside tx, refusing it once it is finished
// with finished, a sentence that takes the event's name ("%s is
// finished"): the check of every write that a finished event takes no
// more of.
func unfinished(tx Tx, id event.EventID, finished string) (event.Event, error) {
	e, err := tx.Event(id)
	if err != nil {
		return e, err
	}
	if e.State == event.StateFinished {
		return e, event.Statef(finished, e.Name)
	}
	return e, nil
}
