package director

import (
	"context"
	"encoding/json"
	"tablekeeper/core/i18n"
	"time"

	"tablekeeper/core/clock"
	"tablekeeper/core/event"
)

// ClockWarning is the warning before the end of a round (S5: the head judge
// warns 10 minutes before time); every format uses it.
const ClockWarning = 10 * time.Minute

// RoundClock is what a clock screen shows of a round: its saved clock and
// the extensions of the tables still playing.
type RoundClock struct {
	EventName string
	Round     int
	// Name is the round's own name ("top 8", "final table"), if any.
	Name       i18n.Text
	Clock      event.Clock
	Extensions clock.Extensions
}

// Reading is the clock read at now.
func (c RoundClock) Reading(now time.Time) clock.Reading { return clock.Read(c.Clock, now) }

// RoundClockOf returns the clock of round number of an event.
func (d *Clocks) RoundClockOf(ctx context.Context, id event.EventID, number int) (RoundClock, error) {
	return readIn(ctx, d.store, func(tx Tx) (RoundClock, error) { return roundClockIn(tx, id, number) })
}

// roundClockIn reads round number's clock inside tx.
func roundClockIn(tx Tx, id event.EventID, number int) (RoundClock, error) {
	e, err := tx.Event(id)
	if err != nil {
		return RoundClock{}, err
	}
	r, err := roundOf(tx, e, number)
	if err != nil {
		return RoundClock{}, err
	}
	return RoundClock{EventName: e.Name, Round: r.Number, Name: r.Name, Clock: r.Clock, Extensions: clock.ExtensionsOf(r.Tables)}, nil
}

// ClockBarView is what the clock bar reads of a round at each poll: its
// clock and, when asked, its pairings, both of one moment.
type ClockBarView struct {
	Clock RoundClock
	// Sheet is the round's pairings when they were asked for (HasSheet).
	Sheet    Sheet
	HasSheet bool
}

// ClockBar reads round number's clock and, with sheet, its pairings, in
// one read: the bar's poll sees the clock and the pairings of one moment
// and holds the database once. (Its announcements are a write of their
// own: Announcements.)
func (d *Clocks) ClockBar(ctx context.Context, id event.EventID, number int, sheet bool) (ClockBarView, error) {
	var out ClockBarView
	err := d.store.Read(ctx, func(tx Tx) error {
		var err error
		if out.Clock, err = roundClockIn(tx, id, number); err != nil || !sheet {
			return err
		}
		out.Sheet, err = roundSheet(tx, id, number)
		out.HasSheet = err == nil
		return err
	})
	return out, err
}

// roundOf returns round number of e with its tables.
func roundOf(tx Tx, e event.Event, number int) (event.Round, error) {
	rounds, err := tx.Rounds(e.ID)
	if err == nil {
		err = pairedRound(e, number, len(rounds))
	}
	if err != nil {
		return event.Round{}, err
	}
	return rounds[number-1], nil
}

// pairedRound refuses round number of e unless it is one of the paired
// rounds, 1 to paired.
func pairedRound(e event.Event, number, paired int) error {
	if number < 1 || number > paired {
		return event.NotFoundf("%s has no round %d (%d paired)", e.Name, number, paired)
	}
	return nil
}

// StartClock starts the clock of a published round.
func (d *Clocks) StartClock(ctx context.Context, id event.EventID, number int) (event.Clock, error) {
	return d.changeClock(ctx, id, number, i18n.F("clock started"), func(c event.Clock, now time.Time) (event.Clock, error) {
		return clock.Start(c, now)
	})
}

// PauseClock pauses a running round clock.
func (d *Clocks) PauseClock(ctx context.Context, id event.EventID, number int) (event.Clock, error) {
	return d.changeClock(ctx, id, number, i18n.F("clock paused"), func(c event.Clock, now time.Time) (event.Clock, error) {
		return clock.Pause(c, now)
	})
}

// ResumeClock resumes a paused round clock.
func (d *Clocks) ResumeClock(ctx context.Context, id event.EventID, number int) (event.Clock, error) {
	return d.changeClock(ctx, id, number, i18n.F("clock resumed"), func(c event.Clock, now time.Time) (event.Clock, error) {
		return clock.Resume(c, now)
	})
}

// AddRoundTime adds time to the whole round (negative takes it away, down
// to none left).
func (d *Clocks) AddRoundTime(ctx context.Context, id event.EventID, number int, add time.Duration) (event.Clock, error) {
	what := i18n.F("%s added to the round", clock.Format(add))
	if add < 0 {
		what = i18n.F("%s taken from the round", clock.Format(-add))
	}
	return d.changeClock(ctx, id, number, what, func(c event.Clock, now time.Time) (event.Clock, error) {
		return clock.Add(c, add, now)
	})
}

// SetRoundTime sets a round's time before its clock starts; 0 makes the
// round untimed (S5: a single final table need not be timed).
func (d *Clocks) SetRoundTime(ctx context.Context, id event.EventID, number int, length time.Duration) (event.Clock, error) {
	what := i18n.F("round time set to %s", clock.Format(length))
	if length == 0 {
		what = i18n.F("round untimed")
	}
	return d.changeClock(ctx, id, number, what, func(c event.Clock, _ time.Time) (event.Clock, error) {
		return clock.SetDuration(c, length)
	})
}

// ResetClock stops a round clock and sets it back to its full time.
func (d *Clocks) ResetClock(ctx context.Context, id event.EventID, number int) (event.Clock, error) {
	return d.changeClock(ctx, id, number, i18n.F("clock reset"), func(c event.Clock, _ time.Time) (event.Clock, error) {
		return clock.Reset(c), nil
	})
}

// changeClock applies one clock transition to a published round and saves
// and logs it in one transaction.
func (d *core) changeClock(ctx context.Context, id event.EventID, number int, what i18n.Text,
	change func(event.Clock, time.Time) (event.Clock, error)) (event.Clock, error) {
	var out event.Clock
	err := d.store.Write(ctx, func(tx Tx) error {
		_, err := unfinished(tx, id, i18n.K("%s is finished"))
		if err != nil {
			return err
		}
		r, err := tx.RoundHead(id, number)
		if err != nil {
			return err
		}
		if !r.Published() {
			return event.Statef("round %d is a draft; publish its pairings before starting its clock", number)
		}
		now := d.now()
		if out, err = change(r.Clock, now); err != nil {
			return err
		}
		if err := tx.SetClock(r.ID, out); err != nil {
			return err
		}
		return d.log(tx, id, number, i18n.F("round %d: %s (%s)", number, what, clock.Read(out, now).Text()))
	})
	return out, err
}

// Announcements returns what a round's clock announces now (the warning,
// time, each extended table's end), each once: the record of what was
// announced is saved in the same transaction, so a restart repeats none.
// Call it from a timer; it writes only when something is due.
func (d *Clocks) Announcements(ctx context.Context, id event.EventID, number int) ([]clock.Announcement, error) {
	var due []clock.Announcement
	err := d.store.Write(ctx, func(tx Tx) error {
		e, err := tx.Event(id)
		if err != nil {
			return err
		}
		r, err := roundOf(tx, e, number)
		if err != nil {
			return err
		}
		saved, err := tx.Announced(r.ID)
		if err != nil {
			return err
		}
		var done clock.Announced
		if saved != "" {
			if err := json.Unmarshal([]byte(saved), &done); err != nil {
				done = clock.Announced{} // a damaged record announces again rather than never
			}
		}
		var record clock.Announced
		due, record = clock.Due(r.Clock, ClockWarning, clock.ExtensionsOf(r.Tables), done, d.now())
		if len(due) == 0 {
			return nil
		}
		b, err := json.Marshal(record)
		if err != nil {
			return err
		}
		if err := tx.SetAnnounced(r.ID, string(b)); err != nil {
			return err
		}
		for _, a := range due {
			if err := d.log(tx, id, number, i18n.F("round %d: %s", number, a.Text())); err != nil {
				return err
			}
		}
		return nil
	})
	return due, err
}
