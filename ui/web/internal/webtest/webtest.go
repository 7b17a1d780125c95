// Package webtest is the fixture the store network's tests share: the
// package's own (ui/web) and its browser tests (ui/web/browser/...). It holds
// what needs no server, a director over a fresh database on a clock that
// stands still, with the events, rounds and players the tests build; each
// package puts its server on top.
package webtest

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/core/store"
	"tablekeeper/internal/testdb"
)

// Start is when a test's clock starts: a Friday evening.
var Start = time.Date(2026, 11, 20, 18, 0, 0, 0, time.UTC)

// Floor is a real director over a temporary database, on a clock that
// stands still until moved.
type Floor struct {
	T     testing.TB
	D     *director.Director
	DB    *store.DB
	Clock *testdb.Clock
}

// NewFloor opens a fresh database for t (closed when t ends) and a
// director over it, its clock at Start.
func NewFloor(t testing.TB) *Floor {
	t.Helper()
	db := testdb.Open(t)
	c := testdb.NewClock(Start)
	return &Floor{T: t, D: testdb.Director(db, c.Now, 1, 2), DB: db, Clock: c}
}

// ShmDB opens a new database named name for the benchmarks (closed
// when tb ends), on /dev/shm when there is one, so that building a large
// event does not wait on the disk.
func ShmDB(tb testing.TB, name string) *store.DB {
	tb.Helper()
	dir := tb.TempDir()
	if fi, err := os.Stat("/dev/shm"); err == nil && fi.IsDir() {
		if d, err := os.MkdirTemp("/dev/shm", "tk-"+name+"-"); err == nil {
			dir = d
			tb.Cleanup(func() { _ = os.RemoveAll(d) }) // a benchmark's scratch folder
		}
	}
	db, err := store.Open(filepath.Join(dir, name+".db"))
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { _ = db.Close() }) // a benchmark's scratch database
	return db
}

// Event creates an event of a format with players registered.
func (f *Floor) Event(game, format string, names ...string) (event.Event, []event.Entry) {
	f.T.Helper()
	ctx := context.Background()
	e, err := f.D.Events.CreateEvent(ctx, director.NewEvent{Name: "Friday Night", Game: game, Format: format})
	if err != nil {
		f.T.Fatal(err)
	}
	var out []event.Entry
	for _, n := range names {
		en, err := f.D.Registration.RegisterNew(ctx, e.ID, director.NewPlayer{Name: n})
		if err != nil {
			f.T.Fatal(err)
		}
		out = append(out, en)
	}
	return e, out
}

// PlayerCodeOf draws (or reads) an entry's player code, as the kiosk does
// when she checks in.
func (f *Floor) PlayerCodeOf(entry event.EntryID) string {
	f.T.Helper()
	code, err := f.D.Phones.PlayerCode(context.Background(), entry)
	if err != nil {
		f.T.Fatal(err)
	}
	return code
}

// ChangeSettings changes event e's settings as change says and saves
// them; e holds them after.
func (f *Floor) ChangeSettings(e *event.Event, change func(s *event.Settings)) {
	f.T.Helper()
	change(&e.Settings)
	if err := f.D.Events.UpdateSettings(context.Background(), e.ID, e.Settings); err != nil {
		f.T.Fatal(err)
	}
}

// Publish pairs and publishes the next round.
func (f *Floor) Publish(id event.EventID) event.Round {
	f.T.Helper()
	ctx := context.Background()
	r, err := f.D.Rounds.PairNextRound(ctx, id)
	if err != nil {
		f.T.Fatal(err)
	}
	if err := f.D.Drafts.PublishRound(ctx, id, r.Number); err != nil {
		f.T.Fatal(err)
	}
	return r
}

// Itoa64 is n in decimal.
func Itoa64(n int64) string { return strconv.FormatInt(n, 10) }

// The players of the test events: real-looking names, accents and scripts
// included, as a store's regulars are.
var (
	testFirst = []string{"Ada", "Bram", "Chiara", "Dmitri", "Émile", "Fatima", "Gus", "Hana", "Ines", "Jonas", "Kenji", "Léa",
		"Mateo", "Nadia", "Oskar", "Priya", "Quentin", "Rosa", "Sven", "Tomás", "Uma", "Viktor", "Wen", "Yusuf", "Zoë"}
	testLast = []string{"Lovelace", "Berg", "Rossi", "Ivanov", "Zola", "Haddad", "Moss", "Sato", "Ferreira", "Nilsson", "Tanaka",
		"Dubois", "García", "Kowalski", "Ødegård", "Patel", "Roux", "Schmidt", "Øster", "Reyes", "Okafor", "Novák", "Li", "Demir", "Weiß"}
)

// Names returns n distinct player names, Ada Lovelace first.
func Names(n int) []string {
	out := make([]string, 0, n)
	for i := 0; len(out) < n; i++ {
		name := testFirst[i%len(testFirst)] + " " + testLast[(i/len(testFirst)+i)%len(testLast)]
		if k := i / (len(testFirst) * len(testLast)); k > 0 {
			name += " " + strconv.Itoa(k+1)
		}
		out = append(out, name)
	}
	return out
}

// OpenRound builds an Altered best-of-three event of n players with
// round 1 published and its clock started: the floor as players see it.
func (f *Floor) OpenRound(n int) (event.Event, []event.Entry, event.Round) {
	f.T.Helper()
	e, es := f.Event("altered", "standard-bo3", Names(n)...)
	r := f.Publish(e.ID)
	if _, err := f.D.Clocks.StartClock(context.Background(), e.ID, r.Number); err != nil {
		f.T.Fatal(err)
	}
	f.Clock.Add(7*time.Minute + 23*time.Second)
	return e, es, r
}

// SeatTable returns the table an entry sits at in a round.
func SeatTable(r event.Round, entry event.EntryID) event.Table {
	for _, t := range r.Tables {
		for _, s := range t.Seats {
			if s.EntryID == entry {
				return t
			}
		}
	}
	return event.Table{}
}

// PlayRound records a result at every table of round n still out: seat 1
// wins 2–1 at odd tables, seat 2 wins 2–0 at even ones.
func (f *Floor) PlayRound(id event.EventID, r event.Round) {
	f.T.Helper()
	for _, t := range r.Tables {
		if t.Bye || t.Result != nil {
			continue
		}
		res := event.Result{Seats: []event.SeatResult{{GamesWon: 2}, {GamesWon: 1}}}
		if t.Number%2 == 0 {
			res = event.Result{Seats: []event.SeatResult{{GamesWon: 0}, {GamesWon: 2}}}
		}
		if err := f.D.Rounds.RecordResult(context.Background(), id, r.Number, t.Number, res); err != nil {
			f.T.Fatal(err)
		}
	}
}

// EntryName is the name of entry id among es.
func EntryName(t testing.TB, es []event.Entry, id event.EntryID) string {
	t.Helper()
	for _, en := range es {
		if en.ID == id {
			return en.Name
		}
	}
	t.Fatalf("no entry %d", id)
	return ""
}

// Regional creates the benchmarks' regional championship (Altered,
// best of 3) with n players imported in one go.
func Regional(tb testing.TB, d *director.Director, n int) event.Event {
	tb.Helper()
	ctx := context.Background()
	e, err := d.Events.CreateEvent(ctx, director.NewEvent{Name: "Regional Championship", Game: "altered", Format: "standard-bo3"})
	if err != nil {
		tb.Fatal(err)
	}
	var rows []director.NewPlayer
	for _, name := range Names(n) {
		rows = append(rows, director.NewPlayer{Name: name})
	}
	if _, err := d.Transfer.ImportPlayers(ctx, e.ID, rows); err != nil {
		tb.Fatal(err)
	}
	return e
}

// PlayOut publishes and plays every round left of event id until it is
// done (PlayRound's results).
func (f *Floor) PlayOut(id event.EventID) {
	f.T.Helper()
	for {
		p, err := f.D.Rounds.Progress(context.Background(), id)
		if err != nil {
			f.T.Fatal(err)
		}
		if p.Done {
			return
		}
		f.PlayRound(id, f.Publish(id))
	}
}

// TopCut plays a Swiss event with a top 8 of n players through its
// Swiss rounds and into its top cut, leaving the quarter-finals played
// and the semi-finals published.
func (f *Floor) TopCut(n int) event.Event {
	f.T.Helper()
	e, _ := f.Event("generic", "swiss-top8", Names(n)...)
	for {
		p, err := f.D.Rounds.Progress(context.Background(), e.ID)
		if err != nil {
			f.T.Fatal(err)
		}
		if p.Done {
			f.T.Fatalf("the event ended before its top cut: %+v", p)
		}
		r := f.Publish(e.ID)
		if p.Cut == 1 {
			return e
		}
		f.PlayRound(e.ID, r)
	}
}
