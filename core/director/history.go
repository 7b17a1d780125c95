package director

import (
	"cmp"
	"context"
	"slices"
	"sync"
	"time"

	"tablekeeper/core/event"
	"tablekeeper/core/i18n"
	"tablekeeper/core/rules"
)

// This file is a player's history at this store (issue 22): the other
// events of this database the directory's same player played in, each
// with her record and rank as that event's standings published them. A
// past event's standings do not change while the current event runs, so
// they are worked out once and kept until the director says that event
// changed: a room of phones opening the page costs two small lookups
// each, not fifty events' standings each.

// PastEvent is one of a player's events at this store as her page lists
// it. It holds the event's public facts and her own line of its
// standings, nothing of other players and nothing private of hers (no
// member number, no contact): what the event's standings page already
// shows anyone on the store's network.
type PastEvent struct {
	Event event.EventID
	Name  string
	Date  time.Time
	// Kind is the game and format as the desk names them ("KeyForge ·
	// Archon"): rules.DescribeText, said in the reader's language.
	Kind i18n.Text
	// Teams: the event was played in teams; Rank and Of count teams and
	// the record is her team's.
	Teams bool
	// Finished: the event is over and its standings final. Otherwise it
	// is still running and Round is its latest published round.
	Finished bool
	Round    int
	// Rank is her place (or her team's) in the standings after the
	// published rounds; Of is the number of lines they have.
	Rank, Of int
	// Points are her match points after deductions.
	Points int
	// Wins, Losses and Draws are her record, which Record says as every
	// standings surface does (rules.Record).
	Wins, Losses, Draws int
	Record              i18n.Text
	// Status is how she left the event: active (she played to the end,
	// or is still playing), dropped or disqualified, after round
	// DroppedAfter.
	Status       event.EntryStatus
	DroppedAfter int
}

// Left reports whether she dropped or was disqualified.
func (p PastEvent) Left() bool { return p.Status != event.EntryActive }

// Histories keeps the standings lines of the events players look back
// on, one event at a time, and forgets an event's lines when the
// director says it changed. It is safe for concurrent use; Close stops
// it listening.
type Histories struct {
	d      *Director
	cancel func()

	mu sync.Mutex
	// clock counts the changes heard; changed holds, per event, the clock
	// at its latest change, and all the clock at the latest change that
	// named no one event (it may have touched any). A computation that
	// started at clock c is kept only if nothing it read changed after c.
	clock   uint64
	changed map[event.EventID]uint64
	all     uint64
	lines   map[event.EventID]map[event.EntryID]PastEvent
	// flights are the computations under way, so that a room of phones
	// asking at once for the same event waits for one.
	flights map[event.EventID]*historyFlight

	// answers keeps each entry's whole history. Only another event's
	// change, or a change of the entry's own event's registrations,
	// can change it: tonight's results do not, so the phones of a
	// running event reopening their page ask the database nothing.
	// lastEvent is the event changed last, at lastAt; otherAt is the
	// latest change of an event other than lastEvent; registered holds
	// per event the clock at its latest change of registrations.
	answers         map[event.EntryID]historyAnswer
	lastEvent       event.EventID
	lastAt, otherAt uint64
	registered      map[event.EventID]uint64
}

// historyAnswer is an entry's history, asked through its event at clock
// start.
type historyAnswer struct {
	event event.EventID
	start uint64
	past  []PastEvent
}

type historyFlight struct {
	done  chan struct{}
	start uint64 // the clock when its request's snapshot began
	lines map[event.EntryID]PastEvent
	err   error
}

// Histories returns a new keeper of players' histories on this director;
// Close it when done.
func (d *History) Histories() *Histories {
	h := &Histories{d: d.dir, changed: map[event.EventID]uint64{}, lines: map[event.EventID]map[event.EntryID]PastEvent{},
		flights: map[event.EventID]*historyFlight{}, answers: map[event.EntryID]historyAnswer{}, registered: map[event.EventID]uint64{}}
	h.cancel = d.dir.Subscribe(h.forget)
	return h
}

// Close stops listening to the director.
func (h *Histories) Close() { h.cancel() }

// historyDeaf are the changes no history hears: a standings line holds
// no clock, deck, phone report, league or name from the directory (a
// point deduction in the judge log, though, moves standings).
const historyDeaf = ChangeClock | ChangeDecks | ChangePhoneReports | ChangeLeague | ChangeDirectory

// forget drops what a change made stale.
func (h *Histories) forget(ch Change) {
	if ch.What&^historyDeaf == 0 {
		return
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	h.clock++
	if ch.Event != h.lastEvent {
		h.lastEvent, h.otherAt = ch.Event, h.lastAt
	}
	h.lastAt = h.clock
	// A change of no one event (0) may be any event's: it is "another
	// event" to every answer, and its registrations too.
	mine := ch.What.Has(ChangeRegistration|ChangeDirectory) || ch.Event == 0
	if mine {
		h.registered[ch.Event] = h.clock
	}
	for k, a := range h.answers {
		if a.event != ch.Event || mine {
			delete(h.answers, k)
		}
	}
	if ch.Event == 0 {
		h.all = h.clock
		clear(h.lines)
		return
	}
	h.changed[ch.Event] = h.clock
	delete(h.lines, ch.Event)
}

// answerFresh reports whether an answer for an entry of event id, asked
// at clock start, still holds: no other event changed since, nor id's
// registrations. h.mu is held.
func (h *Histories) answerFresh(id event.EventID, start uint64) bool {
	other := h.lastAt
	if h.lastEvent == id {
		other = h.otherAt
	}
	return other <= start && h.registered[id] <= start && h.registered[0] <= start
}

// Of returns the history of entry (of event id): the other events of
// this database her directory player played in, newest first (by date,
// then the latest made). An event counts once she sat in one of its
// published rounds (a bye and a late entry's losses count); one still
// running counts with the rounds published so far. A namesake (another
// directory player of the same name) never mixes in: entries are
// followed by directory player, not by name.
func (h *Histories) Of(ctx context.Context, id event.EventID, entry event.EntryID) ([]PastEvent, error) {
	h.mu.Lock()
	start := h.clock
	if a, ok := h.answers[entry]; ok && a.event == id && h.answerFresh(id, a.start) {
		h.mu.Unlock()
		return slices.Clone(a.past), nil
	}
	h.mu.Unlock()
	var out []PastEvent
	err := h.d.store.Read(ctx, func(tx Tx) error {
		out = nil
		e, err := tx.Event(id)
		if err != nil {
			return err
		}
		en, err := tx.Entry(entry)
		if err != nil || en.EventID != id {
			return event.NotFoundf("%s has no player %d; find yourself by name again", e.Name, entry)
		}
		mine, err := tx.PlayerEntries(en.PlayerID)
		if err != nil {
			return err
		}
		for _, m := range mine {
			if m.EventID == id {
				continue
			}
			lines, err := h.event(ctx, tx, m.EventID, start)
			if err != nil {
				return err
			}
			if l, ok := lines[m.ID]; ok {
				out = append(out, l)
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	slices.SortFunc(out, func(a, b PastEvent) int {
		return cmp.Or(b.Date.Compare(a.Date), cmp.Compare(b.Event, a.Event))
	})
	h.mu.Lock()
	if h.answerFresh(id, start) {
		h.answers[entry] = historyAnswer{event: id, start: start, past: slices.Clone(out)}
	}
	h.mu.Unlock()
	return out, nil
}

// event returns event id's lines, kept or worked out in tx (whose
// snapshot began at clock start), joining a computation of another
// request when one is under way.
func (h *Histories) event(ctx context.Context, tx Tx, id event.EventID, start uint64) (map[event.EntryID]PastEvent, error) {
	h.mu.Lock()
	if l, ok := h.lines[id]; ok {
		h.mu.Unlock()
		return l, nil
	}
	// A computation under way is joined when nothing changed the event
	// since its request's snapshot began: its answer is as new as ours.
	if f, ok := h.flights[id]; ok && h.fresh(id, f.start) {
		h.mu.Unlock()
		select {
		case <-f.done:
			if f.err == nil {
				return f.lines, nil
			}
			// Its request may have given up: work it out here.
			return pastLines(tx, id)
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
	f := &historyFlight{done: make(chan struct{}), start: start}
	h.flights[id] = f
	h.mu.Unlock()
	f.lines, f.err = pastLines(tx, id)
	h.mu.Lock()
	if h.flights[id] == f {
		delete(h.flights, id)
	}
	// Kept only when no change to the event (or to no one event) came
	// after this request's snapshot began: the next request reads again.
	if f.err == nil && h.fresh(id, start) {
		h.lines[id] = f.lines
	}
	h.mu.Unlock()
	close(f.done)
	return f.lines, f.err
}

// fresh reports whether a read of event id whose snapshot began at clock
// start saw its latest state: no change to it, or to no one event, came
// after. h.mu is held.
func (h *Histories) fresh(id event.EventID, start uint64) bool {
	return h.changed[id] <= start && h.all <= start
}

// pastLines works out every entry's line of event id from its standings
// after the published rounds, as its standings page shows them: only the
// entries who played at least once.
func pastLines(tx Tx, id event.EventID) (map[event.EntryID]PastEvent, error) {
	e, entries, rounds, err := eventWithRounds(tx, id)
	if err != nil {
		return nil, err
	}
	head := PastEvent{Event: e.ID, Name: e.Name, Date: e.Date, Kind: rules.DescribeText(e.Game, e.Format),
		Teams: e.Settings.Teams(), Finished: e.State == event.StateFinished, Round: basisOf(e, rounds).Round}
	dropped := make(map[event.EntryID]int, len(entries))
	for _, en := range entries {
		dropped[en.ID] = en.DroppedAfter
	}
	st := finalStandings(e, entries, rounds)
	out := make(map[event.EntryID]PastEvent, len(st))
	for _, s := range st {
		if s.Matches == 0 {
			continue
		}
		l := head
		l.Rank, l.Of, l.Points = s.Rank, len(st), s.Points
		l.Wins, l.Losses, l.Draws = s.Wins, s.Losses, s.Draws
		l.Status = s.Status
		if l.Left() {
			l.DroppedAfter = dropped[s.EntryID]
		}
		out[s.EntryID] = l
	}
	if head.Teams {
		ts, err := teamStandings(tx, e, entries, rounds)
		if err != nil {
			return nil, err
		}
		for _, t := range ts {
			for _, m := range t.Members {
				if l, ok := out[m.ID]; ok {
					l.Rank, l.Of, l.Points = t.Rank, len(ts), t.Points
					l.Wins, l.Losses, l.Draws = t.Wins, t.Losses, t.Draws
					out[m.ID] = l
				}
			}
		}
	}
	for k, l := range out {
		l.Record = rules.Record(l.Wins, l.Losses, l.Draws)
		out[k] = l
	}
	return out, nil
}
