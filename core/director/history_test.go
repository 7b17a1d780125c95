package director_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/core/rules"
	"tablekeeper/core/standings"
	"tablekeeper/core/storage"
	"tablekeeper/core/store"
	"tablekeeper/internal/testdb"
)

// eventOn creates an event of game and format on day.
func eventOn(t *testing.T, d *director.Director, name, game, format string, day time.Time) event.Event {
	t.Helper()
	e, err := d.Events.CreateEvent(context.Background(), director.NewEvent{Name: name, Game: game, Format: format, Date: day})
	must(t, err)
	return e
}

// enter registers directory players in an event.
func enter(t *testing.T, d *director.Director, id event.EventID, players ...event.Player) []event.Entry {
	t.Helper()
	var out []event.Entry
	for _, p := range players {
		en, err := d.Registration.Register(context.Background(), id, p.ID)
		must(t, err)
		out = append(out, en)
	}
	return out
}

// playPastRound pairs and publishes the next round and gives every table a
// result from rng (seat 1 wins, seat 2 wins, or a drawn game).
func playPastRound(t *testing.T, d *director.Director, id event.EventID, rng *rand.Rand) event.Round {
	t.Helper()
	ctx := context.Background()
	r := mustPair(t, ctx, d, id)
	e := mustCall(t, d.Events.Event, id)
	// One game settles a match of any length: a win either way, or a
	// drawn game where the game's rules have draws.
	choices := []event.Result{win(1, 0), win(0, 1), {Seats: []event.SeatResult{{}, {}}, GamesDrawn: 1}}
	if ok, _ := rules.MatchDraws(e, r); !ok {
		choices = choices[:2]
	}
	for _, tb := range r.Tables {
		if tb.Bye || len(tb.Seats) != 2 {
			continue
		}
		res := choices[rng.IntN(len(choices))]
		must(t, d.Rounds.RecordResult(ctx, id, r.Number, tb.Number, res))
	}
	return r
}

// day is a date in the autumn of 2026.
func day(month time.Month, d int) time.Time { return time.Date(2026, month, d, 0, 0, 0, 0, time.UTC) }

// checkLine compares a history line with the event's own standings as
// the board (the pages' read) publishes them.
func checkLine(t *testing.T, d *director.Director, got director.PastEvent, entry event.EntryID) {
	t.Helper()
	b, err := d.Views.Board(context.Background(), got.Event)
	must(t, err)
	e := b.Event()
	if got.Name != e.Name || !got.Date.Equal(e.Date) || got.Kind.String() != rules.DescribeText(e.Game, e.Format).String() || got.Finished != (e.State == event.StateFinished) {
		t.Errorf("%s: head %+v, event %+v", e.Name, got, e)
	}
	if got.Round != b.Basis.Round {
		t.Errorf("%s: round %d, the standings are after round %d", e.Name, got.Round, b.Basis.Round)
	}
	i := slices.IndexFunc(b.Standings, func(s standingsLine) bool { return s.EntryID == entry })
	if i < 0 {
		t.Fatalf("%s: entry %d not in the standings", e.Name, entry)
	}
	s := b.Standings[i]
	if got.Rank != s.Rank || got.Of != len(b.Standings) || got.Points != s.Points || got.Status != s.Status ||
		got.Record.String() != rules.Record(s.Wins, s.Losses, s.Draws).String() {
		t.Errorf("%s: line %+v, standings %d of %d, %d points, %s, %s", e.Name, got, s.Rank, len(b.Standings), s.Points,
			rules.Record(s.Wins, s.Losses, s.Draws), s.Status)
	}
	en := b.Entries[slices.IndexFunc(b.Entries, func(x event.Entry) bool { return x.ID == entry })]
	if got.Left() && got.DroppedAfter != en.DroppedAfter {
		t.Errorf("%s: dropped after %d, entry says %d", e.Name, got.DroppedAfter, en.DroppedAfter)
	}
}

// season is Ada's autumn at the store, her namesake's, and tonight.
type season struct {
	ada, twin            event.Player
	sept, oct, nov, now  event.Event
	sAda, nAda, tonight0 event.Entry
	octAda, octTwin      event.Entry
	tonightTwin          event.Entry
}

// adaSeason plays three events Ada was in across two games (September
// finished, October dropped after round 1, November still running with
// round 3 a draft), one she only registered for, and one of her
// namesake's; tonight both are entered and play a round.
func adaSeason(t *testing.T, d *director.Director) season {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(22, 5))
	add := func(name, member, email string) event.Player {
		p, err := d.Registration.AddPlayer(ctx, director.NewPlayer{Name: name, MemberNo: member, Email: email})
		must(t, err)
		return p
	}
	var s season
	s.ada = add("Ada Lovelace", "A-1815", "ada@example.org")
	s.twin = add("Ada Lovelace", "A-9999", "other.ada@example.org")
	others := []event.Player{add("Bram Berg", "B-1", "bram@example.org"), add("Chiara Rossi", "", ""), add("Dmitri Ivanov", "", ""),
		add("Elif Şahin", "", ""), add("Farah Haddad", "", "")}

	s.sept = eventOn(t, d, "Altered September", "altered", "standard-bo3", day(time.September, 12))
	s.sAda = enter(t, d, s.sept.ID, append([]event.Player{s.ada}, others[:3]...)...)[0]
	for range 3 {
		playPastRound(t, d, s.sept.ID, rng)
	}
	must(t, d.Events.FinishEvent(ctx, s.sept.ID))

	s.oct = eventOn(t, d, "Swiss October", "generic", "swiss", day(time.October, 3))
	oEntries := enter(t, d, s.oct.ID, append([]event.Player{s.ada, s.twin}, others...)...)
	s.octAda, s.octTwin = oEntries[0], oEntries[1]
	playPastRound(t, d, s.oct.ID, rng)
	must(t, d.Registration.Drop(ctx, s.octAda.ID))
	playPastRound(t, d, s.oct.ID, rng)
	must(t, d.Events.FinishEvent(ctx, s.oct.ID))

	s.nov = eventOn(t, d, "Altered November", "altered", "standard-bo1", day(time.November, 7))
	s.nAda = enter(t, d, s.nov.ID, append([]event.Player{s.ada}, others[1:]...)...)[0]
	playPastRound(t, d, s.nov.ID, rng)
	playPastRound(t, d, s.nov.ID, rng)
	_, err := d.Rounds.PairNextRound(ctx, s.nov.ID)
	must(t, err)

	dec := eventOn(t, d, "Registered only", "altered", "standard-bo3", day(time.December, 1))
	enter(t, d, dec.ID, s.ada, others[0])
	twinOnly := eventOn(t, d, "Twin's KeyForge", "keyforge", "archon-standard", day(time.October, 20))
	enter(t, d, twinOnly.ID, append([]event.Player{s.twin}, others[:3]...)...)
	playPastRound(t, d, twinOnly.ID, rng)

	s.now = eventOn(t, d, "Tonight", "altered", "standard-bo3", day(time.November, 27))
	tonight := enter(t, d, s.now.ID, s.ada, s.twin)
	s.tonight0, s.tonightTwin = tonight[0], tonight[1]
	playPastRound(t, d, s.now.ID, rng) // tonight is not history, played or not
	return s
}

// A regular's history: three earlier events across two games (one she
// dropped from, one still running), newest first, each as its
// standings say; an event she only registered for is not one; tonight's
// is not history; her namesake's events never mix in; nothing private
// is returned.
func TestHistoryListsHerEarlierEventsFromTheDirectory(t *testing.T) {
	ctx := context.Background()
	d, _ := newDirector(t)
	s := adaSeason(t, d)
	h := histories(t, d)
	got, err := h.Of(ctx, s.now.ID, s.tonight0.ID)
	must(t, err)
	var names []string
	for _, p := range got {
		names = append(names, p.Name)
	}
	if want := []string{"Altered November", "Swiss October", "Altered September"}; !slices.Equal(names, want) {
		t.Fatalf("Ada's history %q, want %q", names, want)
	}
	checkLine(t, d, got[0], s.nAda.ID)
	checkLine(t, d, got[1], s.octAda.ID)
	checkLine(t, d, got[2], s.sAda.ID)
	if got[0].Finished || got[0].Round != 2 || got[0].Left() {
		t.Errorf("November is running after round 2: %+v", got[0])
	}
	if !got[1].Left() || got[1].Status != event.EntryDropped || got[1].DroppedAfter != 1 || got[1].Wins+got[1].Losses+got[1].Draws != 1 {
		t.Errorf("October: she dropped after round 1: %+v", got[1])
	}
	if !got[2].Finished || got[2].Of != 4 || got[2].Wins+got[2].Losses+got[2].Draws != 3 {
		t.Errorf("September: three rounds of four players, finished: %+v", got[2])
	}
	if got[0].Kind.String() == got[1].Kind.String() || !strings.HasPrefix(got[0].Kind.String(), "Altered · ") {
		t.Errorf("two games, as the desk names them: %q and %q", got[0].Kind, got[1].Kind)
	}

	// Nothing private of hers, nothing of anyone else.
	raw, err := json.Marshal(got)
	must(t, err)
	for _, secret := range []string{s.ada.MemberNo, s.ada.Email, s.twin.MemberNo, "Bram", "Chiara", "Dmitri", "Elif", "Farah", "Twin"} {
		if strings.Contains(string(raw), secret) {
			t.Errorf("her history holds %q: %s", secret, raw)
		}
	}

	// Her namesake's history is his own: October and his KeyForge night.
	his, err := h.Of(ctx, s.now.ID, s.tonightTwin.ID)
	must(t, err)
	if len(his) != 2 || his[0].Name != "Twin's KeyForge" || his[1].Name != "Swiss October" {
		t.Fatalf("the namesake's history %+v", his)
	}
	checkLine(t, d, his[1], s.octTwin.ID)
}

// A history is asked through the entry's own event; a player whose first
// event this is has none.
func TestHistoryOfAnEntryNotThereOrNew(t *testing.T) {
	ctx := context.Background()
	d, _ := newDirector(t)
	s := adaSeason(t, d)
	h := histories(t, d)
	for _, bad := range [][2]int64{{int64(s.sept.ID), int64(s.tonight0.ID)}, {int64(s.now.ID), 99999}} {
		if _, err := h.Of(ctx, event.EventID(bad[0]), event.EntryID(bad[1])); !errors.Is(err, event.ErrNotFound) {
			t.Errorf("history of entry %d through event %d: %v", bad[1], bad[0], err)
		}
	}
	first := register(t, d, s.now.ID, "Gwen Newcomer")[0]
	if none, err := h.Of(ctx, s.now.ID, first.ID); err != nil || len(none) != 0 {
		t.Errorf("a player whose first event this is: %+v %v", none, err)
	}
}

// standingsLine is a line of the standings.
type standingsLine = standings.Standing

// countingStore counts the rounds read, to see which events a history
// works out again.
type countingStore struct {
	*store.DB
	reads  atomic.Int64 // read transactions
	rounds atomic.Int64
	// slow, when set, makes each read of rounds take that long: a big
	// event's standings, so that phones asking at once overlap.
	slow time.Duration
}

func (c *countingStore) Read(ctx context.Context, fn func(storage.Tx) error) error {
	c.reads.Add(1)
	return c.DB.Read(ctx, func(tx storage.Tx) error { return fn(countingTx{tx, c}) })
}

type countingTx struct {
	storage.Tx
	c *countingStore
}

func (t countingTx) Rounds(id event.EventID) ([]event.Round, error) {
	t.c.rounds.Add(1)
	time.Sleep(t.c.slow)
	return t.Tx.Rounds(id)
}

// A past event's standings are worked out once, whatever the number of
// phones asking, and again only after the director says it changed;
// tonight's results do not make anyone's history be worked out again.
func TestHistoryKeepsPastStandingsUntilTheirEventChanges(t *testing.T) {
	ctx := context.Background()
	d, cs := countingDirector(t)
	rng := rand.New(rand.NewPCG(7, 7))
	regulars := addRegulars(t, d, 6)
	past := eventOn(t, d, "Past", "altered", "standard-bo3", day(time.October, 1))
	enter(t, d, past.ID, regulars...)
	playPastRound(t, d, past.ID, rng)
	running := eventOn(t, d, "Running", "altered", "standard-bo3", day(time.October, 8))
	runEntries := enter(t, d, running.ID, regulars...)
	r1 := playPastRound(t, d, running.ID, rng)
	now := eventOn(t, d, "Tonight", "altered", "standard-bo3", day(time.November, 27))
	tonight := enter(t, d, now.ID, regulars...)
	playPastRound(t, d, now.ID, rng)

	h := histories(t, d)
	reads := func() int64 { return cs.rounds.Swap(0) }
	for _, en := range tonight {
		if got, err := h.Of(ctx, now.ID, en.ID); err != nil || len(got) != 2 {
			t.Fatalf("history of %d: %+v %v", en.ID, got, err)
		}
	}
	if n := reads(); n != 2 {
		t.Errorf("six players' histories read %d events' rounds, want 2 (each past event once)", n)
	}
	// Tonight's rounds and results change nothing of the past: her
	// answer is kept whole, the database is not asked.
	r2, err := pairPublished(ctx, d, now.ID)
	must(t, err)
	must(t, d.Rounds.RecordResult(ctx, now.ID, r2.Number, r2.Tables[0].Number, win(1, 0)))
	cs.reads.Store(0)
	if _, err := h.Of(ctx, now.ID, tonight[0].ID); err != nil {
		t.Fatal(err)
	}
	if n, tx := reads(), cs.reads.Load(); n != 0 || tx != 0 {
		t.Errorf("after tonight's round and result, %d events read again in %d transactions", n, tx)
	}
	// A registration tonight reads her entries again (she might be the
	// one whose entry changed), not the past events' standings.
	enter(t, d, now.ID, event.Player{ID: mustPlayer(t, d, "Late Comer")})
	cs.reads.Store(0)
	if _, err := h.Of(ctx, now.ID, tonight[0].ID); err != nil {
		t.Fatal(err)
	}
	if n, tx := reads(), cs.reads.Load(); n != 0 || tx != 1 {
		t.Errorf("after a registration tonight, %d events read again in %d transactions, want 0 in 1", n, tx)
	}
	// A correction in the running event is seen at once, and only that
	// event is read again.
	var tb event.Table
	for _, x := range r1.Tables {
		if !x.Bye && slices.Contains(x.Entries(), runEntries[0].ID) {
			tb = x
		}
	}
	before, _ := h.Of(ctx, now.ID, tonight[0].ID)
	mine := slices.IndexFunc(before, func(p director.PastEvent) bool { return p.Event == running.ID })
	seat := slices.Index(tb.Entries(), runEntries[0].ID)
	res := win(0, 1)
	if seat == 1 {
		res = win(1, 0)
	}
	must(t, d.Rounds.RecordResult(ctx, running.ID, 1, tb.Number, res))
	after, err := h.Of(ctx, now.ID, tonight[0].ID)
	must(t, err)
	if a := after[mine]; a.Wins != 0 || a.Losses != 1 || a.Record.String() != rules.Record(0, 1, 0).String() {
		t.Errorf("after her loss was recorded, November reads %+v (before %+v)", a, before[mine])
	}
	if n := reads(); n != 1 {
		t.Errorf("a change of one past event read %d events again, want 1", n)
	}
}

// Property, over seeded random seasons: every event a regular played in
// (and only those) is in her history, newest first, each line as that
// event's published standings have it; other players' events never.
func TestHistoryMatchesEachEventsStandingsOverSeeds(t *testing.T) {
	ctx := context.Background()
	formats := [][2]string{{"altered", "standard-bo3"}, {"altered", "standard-bo1"}, {"generic", "swiss"}, {"keyforge", "archon-standard"}}
	for seed := uint64(1); seed <= 6; seed++ {
		t.Run(fmt.Sprint("seed", seed), func(t *testing.T) {
			d, _ := newDirector(t)
			rng := rand.New(rand.NewPCG(seed, 22))
			var pool []event.Player
			for i := range 10 {
				// Every other regular shares a name with another.
				p, err := d.Registration.AddPlayer(ctx, director.NewPlayer{Name: fmt.Sprintf("Regular %d", i/2), MemberNo: fmt.Sprint(1000 + i)})
				must(t, err)
				pool = append(pool, p)
			}
			played := map[event.PlayerID][]event.EventID{}
			entryOf := map[[2]int64]event.EntryID{}
			for k := range 2 + rng.IntN(5) {
				f := formats[rng.IntN(len(formats))]
				e := eventOn(t, d, fmt.Sprintf("Event %d", k), f[0], f[1], day(time.September, 1+rng.IntN(60)))
				var who []event.Player
				for _, i := range rng.Perm(len(pool))[:3+rng.IntN(len(pool)-2)] {
					who = append(who, pool[i])
				}
				entries := enter(t, d, e.ID, who...)
				for i, en := range entries {
					entryOf[[2]int64{int64(e.ID), int64(who[i].ID)}] = en.ID
				}
				rounds := 0
				for range rng.IntN(4) {
					if p, err := d.Rounds.Progress(ctx, e.ID); err != nil || p.Done {
						break // a small event's structure may be complete already
					}
					playPastRound(t, d, e.ID, rng)
					rounds++
					if rng.IntN(3) == 0 {
						_ = d.Registration.Drop(ctx, entries[rng.IntN(len(entries))].ID) // a second drop of the same entry is refused: fine
					}
				}
				if rounds > 0 {
					for _, p := range who {
						played[p.ID] = append(played[p.ID], e.ID)
					}
					if rng.IntN(2) == 0 {
						must(t, d.Events.FinishEvent(ctx, e.ID))
					}
				}
			}
			now := eventOn(t, d, "Tonight", "altered", "standard-bo3", day(time.December, 1))
			tonight := enter(t, d, now.ID, pool...)
			h := histories(t, d)
			for i, p := range pool {
				got, err := h.Of(ctx, now.ID, tonight[i].ID)
				must(t, err)
				var ids []event.EventID
				for k, l := range got {
					ids = append(ids, l.Event)
					checkLine(t, d, l, entryOf[[2]int64{int64(l.Event), int64(p.ID)}])
					if k > 0 && (l.Date.After(got[k-1].Date) || l.Date.Equal(got[k-1].Date) && l.Event > got[k-1].Event) {
						t.Errorf("%s: %s listed after %s", p.Name, l.Name, got[k-1].Name)
					}
				}
				slices.Sort(ids)
				want := slices.Clone(played[p.ID])
				slices.Sort(want)
				if !slices.Equal(ids, want) {
					t.Errorf("player %d (%s): events %v, played %v", p.ID, p.Name, ids, want)
				}
			}
		})
	}
}

// In a team event her line is her team's: its rank among the teams, its
// record.
func TestHistoryOfATeamEventIsHerTeamsLine(t *testing.T) {
	ctx, d, e, _, _ := openTeams(t, 8)
	es, err := d.Registration.Entries(ctx, e.ID) // with their teams
	must(t, err)
	rng := rand.New(rand.NewPCG(3, 4))
	for range 2 {
		r, err := pairPublished(ctx, d, e.ID)
		must(t, err)
		for _, tb := range r.Tables {
			if !tb.Bye {
				must(t, d.Rounds.RecordResult(ctx, e.ID, r.Number, tb.Number, [...]event.Result{win(1, 0), win(0, 1)}[rng.IntN(2)]))
			}
		}
	}
	now := eventOn(t, d, "Tonight", "altered", "standard-bo3", day(time.November, 27))
	h := histories(t, d)
	ts := mustCall(t, d.Teams.TeamStandings, e.ID)
	for _, en := range es {
		mine := enter(t, d, now.ID, event.Player{ID: en.PlayerID})[0]
		got, err := h.Of(ctx, now.ID, mine.ID)
		must(t, err)
		k := slices.IndexFunc(ts, func(x director.TeamStanding) bool { return x.Team.ID == en.TeamID })
		if len(got) != 1 || k < 0 {
			t.Fatalf("%s: history %+v, team %d", en.Name, got, k)
		}
		tm := ts[k]
		if g := got[0]; !g.Teams || g.Rank != tm.Rank || g.Of != len(ts) || g.Record.String() != rules.Record(tm.Wins, tm.Losses, tm.Draws).String() {
			t.Errorf("%s: line %+v, team %s %d of %d, %d–%d–%d", en.Name, g, tm.Team.Name, tm.Rank, len(ts), tm.Wins, tm.Losses, tm.Draws)
		}
	}
}

// A room of phones asking at once, before anything is kept, works out
// each past event once: the others wait for that one computation.
func TestHistoryOfManyPhonesAtOnceWorksOutEachEventOnce(t *testing.T) {
	ctx := context.Background()
	d, cs := countingDirector(t)
	rng := rand.New(rand.NewPCG(8, 8))
	regulars := addRegulars(t, d, 8)
	for k := range 3 {
		e := eventOn(t, d, fmt.Sprintf("Week %d", k), "altered", "standard-bo3", day(time.October, 1+7*k))
		enter(t, d, e.ID, regulars...)
		playPastRound(t, d, e.ID, rng)
	}
	now := eventOn(t, d, "Tonight", "altered", "standard-bo3", day(time.November, 27))
	tonight := enter(t, d, now.ID, regulars...)
	cs.rounds.Store(0)
	cs.slow = 50 * time.Millisecond

	h := histories(t, d)
	errs := make(chan error, 80)
	start := make(chan struct{})
	for i := range cap(errs) {
		go func() {
			<-start
			got, err := h.Of(ctx, now.ID, tonight[i%len(tonight)].ID)
			if err == nil && len(got) != 3 {
				err = fmt.Errorf("%d events, want 3", len(got))
			}
			errs <- err
		}()
	}
	close(start)
	for range cap(errs) {
		must(t, <-errs)
	}
	if n := cs.rounds.Load(); n != 3 {
		t.Errorf("80 phones at once read %d events' rounds, want 3 (each past event once)", n)
	}
}

// mustPlayer adds a player to the directory.
func mustPlayer(t *testing.T, d *director.Director, name string) event.PlayerID {
	t.Helper()
	p, err := d.Registration.AddPlayer(context.Background(), director.NewPlayer{Name: name})
	must(t, err)
	return p.ID
}

// countingDirector is a director (as newDirector makes one) on a store
// that counts its reads.
func countingDirector(t *testing.T) (*director.Director, *countingStore) {
	t.Helper()
	cs := &countingStore{DB: testdb.Open(t)}
	step := testdb.Stepping(friday)
	return testdb.Director(cs, step, 1, 2), cs
}

// histories is d's Histories, closed when the test ends.
func histories(t *testing.T, d *director.Director) *director.Histories {
	t.Helper()
	h := d.History.Histories()
	t.Cleanup(h.Close)
	return h
}

// addRegulars adds n players to the directory, "Regular 0" on.
func addRegulars(t *testing.T, d *director.Director, n int) []event.Player {
	t.Helper()
	var regulars []event.Player
	for i := range n {
		p, err := d.Registration.AddPlayer(context.Background(), director.NewPlayer{Name: fmt.Sprintf("Regular %d", i)})
		must(t, err)
		regulars = append(regulars, p)
	}
	return regulars
}
