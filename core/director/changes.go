package director

import (
	"context"
	"sync"
	"time"

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

// notifyingStore is the director's store: each Write records what its
// transaction changed and, once committed, tells the subscribers.
type notifyingStore struct {
	Store
	subs *subscribers
}

func (n notifyingStore) Write(ctx context.Context, fn func(Tx) error) error {
	rec := &recorder{}
	err := n.Store.Write(ctx, func(tx Tx) error {
		rec.reset(tx)
		return fn(rec)
	})
	if err == nil {
		n.subs.publish(rec.changes())
	}
	return err
}

// recorder is a Tx that notes what its writes change: the kind from the
// method, the event from the rows that name one (and, for rows that do
// not, from the events the transaction read or logged to).
type recorder struct {
	Tx
	what   map[event.EventID]ChangeKind
	loose  ChangeKind // changes of rows that name no event
	events []event.EventID
	// players are the players told of a change of their reports, by
	// event (tellPlayers).
	players map[event.EventID][]event.EntryID
}

func (r *recorder) reset(tx Tx) {
	r.Tx, r.what, r.loose, r.events, r.players = tx, map[event.EventID]ChangeKind{}, 0, nil, nil
}

// tellPlayers names the players a change of their own reports concerns
// (see Change.Players).
func (r *recorder) tellPlayers(id event.EventID, entries []event.EntryID) {
	if r.players == nil {
		r.players = map[event.EventID][]event.EntryID{}
	}
	r.players[id] = append(r.players[id], entries...)
}

func (r *recorder) mark(id event.EventID, k ChangeKind) {
	if id == 0 {
		r.loose |= k
		return
	}
	r.what[id] |= k
}

func (r *recorder) saw(id event.EventID) {
	for _, e := range r.events {
		if e == id {
			return
		}
	}
	r.events = append(r.events, id)
}

// changes lists what the transaction changed, one Change per event; the
// changes of rows that name no event go to the events it read, or to
// event 0 when it read none.
func (r *recorder) changes() []Change {
	if r.loose != 0 {
		targets := r.events
		if len(targets) == 0 {
			targets = []event.EventID{0}
		}
		for _, id := range targets {
			r.what[id] |= r.loose
		}
	}
	out := make([]Change, 0, len(r.what))
	for _, id := range r.events {
		if k, ok := r.what[id]; ok {
			out = append(out, Change{Event: id, What: k, Players: r.players[id]})
			delete(r.what, id)
		}
	}
	for id, k := range r.what {
		out = append(out, Change{Event: id, What: k, Players: r.players[id]})
	}
	return out
}

// Reads that name the event the transaction works on.

func (r *recorder) Event(id event.EventID) (event.Event, error) {
	r.saw(id)
	return r.Tx.Event(id)
}

func (r *recorder) Entries(id event.EventID) ([]event.Entry, error) {
	r.saw(id)
	return r.Tx.Entries(id)
}

// Writes.

func (r *recorder) CreatePlayer(p *event.Player) error {
	r.mark(0, ChangeDirectory)
	return r.Tx.CreatePlayer(p)
}

func (r *recorder) UpdatePlayer(p event.Player) error {
	r.mark(0, ChangeDirectory)
	return r.Tx.UpdatePlayer(p)
}

func (r *recorder) MovePlayer(from, to event.PlayerID) error {
	r.mark(0, ChangeDirectory)
	return r.Tx.MovePlayer(from, to)
}

func (r *recorder) AppendDirectoryLog(l *event.DirectoryLogEntry) error {
	r.mark(0, ChangeDirectory)
	return r.Tx.AppendDirectoryLog(l)
}

func (r *recorder) SetAppSetting(key, value string) error {
	r.mark(0, ChangeDirectory)
	return r.Tx.SetAppSetting(key, value)
}

func (r *recorder) CreateEvent(e *event.Event) error {
	err := r.Tx.CreateEvent(e)
	r.mark(e.ID, ChangeEvent)
	return err
}

func (r *recorder) UpdateEvent(e event.Event) error {
	r.mark(e.ID, ChangeEvent)
	return r.Tx.UpdateEvent(e)
}

func (r *recorder) CreateEntry(e *event.Entry) error {
	r.mark(e.EventID, ChangeRegistration)
	return r.Tx.CreateEntry(e)
}

func (r *recorder) UpdateEntry(e event.Entry) error {
	r.mark(e.EventID, ChangeRegistration)
	return r.Tx.UpdateEntry(e)
}

func (r *recorder) CreateTeam(tm *event.Team) error {
	r.mark(tm.EventID, ChangeRegistration)
	return r.Tx.CreateTeam(tm)
}

func (r *recorder) DeleteTeam(id event.TeamID) error {
	r.mark(0, ChangeRegistration)
	return r.Tx.DeleteTeam(id)
}

func (r *recorder) SaveDraftSeating(id event.EventID, s event.DraftSeating) error {
	r.mark(id, ChangeRegistration)
	return r.Tx.SaveDraftSeating(id, s)
}

func (r *recorder) CreateRound(rd *event.Round) error {
	r.mark(rd.EventID, ChangeRound)
	return r.Tx.CreateRound(rd)
}

func (r *recorder) ReplaceTables(round event.RoundID, tables []event.Table) error {
	r.mark(0, ChangeRound)
	return r.Tx.ReplaceTables(round, tables)
}

func (r *recorder) PublishRound(round event.RoundID, at time.Time) error {
	r.mark(0, ChangeRound)
	return r.Tx.PublishRound(round, at)
}

func (r *recorder) DeleteRound(id event.RoundID) error {
	r.mark(0, ChangeRound)
	return r.Tx.DeleteRound(id)
}

func (r *recorder) SetResult(table event.TableID, res *event.Result) error {
	r.mark(0, ChangeResult)
	return r.Tx.SetResult(table, res)
}

func (r *recorder) SetClock(round event.RoundID, c event.Clock) error {
	r.mark(0, ChangeClock)
	return r.Tx.SetClock(round, c)
}

func (r *recorder) SetExtension(table event.TableID, d time.Duration) error {
	r.mark(0, ChangeClock)
	return r.Tx.SetExtension(table, d)
}

func (r *recorder) SetAnnounced(round event.RoundID, record string) error {
	r.mark(0, ChangeClock)
	return r.Tx.SetAnnounced(round, record)
}

func (r *recorder) CreateJudge(j *event.Judge) error {
	r.mark(j.EventID, ChangeJudgeLog)
	return r.Tx.CreateJudge(j)
}

func (r *recorder) AppendJudgeLog(e *event.JudgeLogEntry) error {
	r.mark(e.EventID, ChangeJudgeLog)
	return r.Tx.AppendJudgeLog(e)
}

func (r *recorder) SaveDeck(dk *event.Deck) error {
	r.mark(0, ChangeDecks)
	return r.Tx.SaveDeck(dk)
}

func (r *recorder) LockDecks(id event.EventID, at time.Time) error {
	r.mark(id, ChangeDecks)
	return r.Tx.LockDecks(id, at)
}

func (r *recorder) SetDeckRegistrationClosed(id event.EventID, at time.Time) error {
	r.mark(id, ChangeDecks)
	return r.Tx.SetDeckRegistrationClosed(id, at)
}

func (r *recorder) CreateLeague(l *event.League) error {
	r.mark(0, ChangeLeague)
	return r.Tx.CreateLeague(l)
}

func (r *recorder) AddLeagueEvent(le event.LeagueEvent) error {
	r.mark(le.EventID, ChangeLeague)
	return r.Tx.AddLeagueEvent(le)
}

func (r *recorder) SaveTableCodes(id event.EventID, round int, codes map[int]string) error {
	r.mark(id, ChangeRound)
	return r.Tx.SaveTableCodes(id, round, codes)
}

// SaveReport and CloseReport tell of a report by table code as
// ChangePhoneReports and of a player's own as ChangePlayerReports.
func (r *recorder) SaveReport(p *event.Report) error {
	r.mark(p.EventID, reportChange(*p))
	return r.Tx.SaveReport(p)
}

func (r *recorder) CloseReport(id event.EventID, p event.Report, at time.Time, accepted bool) error {
	r.mark(id, reportChange(p))
	return r.Tx.CloseReport(id, p, at, accepted)
}

// reportChange is the change a report's write makes.
func reportChange(p event.Report) ChangeKind {
	if p.ByPlayer() {
		return ChangePlayerReports
	}
	return ChangePhoneReports
}

// AppendLog names the event a write was about, for the changes of rows
// that name none (a result, a clock).
func (r *recorder) AppendLog(l *event.LogEntry) error {
	if l.EventID != 0 {
		r.saw(l.EventID)
	}
	return r.Tx.AppendLog(l)
}
