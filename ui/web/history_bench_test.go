package web

import (
	"context"
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/core/rules"
	"tablekeeper/core/storage"
	"tablekeeper/internal/testdb"
	"tablekeeper/ui/web/internal/webtest"
)

// A store's year of weekly events: the players' histories under the
// load of a regional's phones. Run with
//
//	go test ./ui/web -run '^$' -bench 'HistoryJSON' -benchtime 3000x
//	go test ./ui/web -run '^$' -bench 'HistoryCold' -benchtime 5x
//
// (one iteration of HistoryCold is a whole wave of 300 requests).

// historyRegulars and historyWeeks size the directory and its past.
const (
	historyRegulars = 300
	historyWeeks    = 50
)

// historyStore is a database of historyRegulars players over historyWeeks
// weekly Altered events of 40 to 80 of them (four Swiss rounds, a few
// drops; the last two weeks still running, their round 4 half
// reported), and tonight's event with every regular registered. The past
// is written straight through the store, one transaction a week, so that
// building it takes a second, not the minutes the director's one write
// per result would.
func historyStore(b testing.TB) (*director.Director, event.Event, []event.Entry) {
	b.Helper()
	db := webtest.ShmDB(b, "history")
	now := time.Date(2026, 11, 27, 18, 0, 0, 0, time.UTC)
	d := testdb.Director(db, func() time.Time { return now }, 1, 2)
	ctx := context.Background()
	var players []event.Player
	err := db.Write(ctx, func(tx storage.Tx) error {
		for i, n := range webtest.Names(historyRegulars) {
			p := event.Player{Name: n, MemberNo: fmt.Sprint(50000 + i), CreatedAt: now}
			if err := tx.CreatePlayer(&p); err != nil {
				return err
			}
			players = append(players, p)
		}
		return nil
	})
	if err != nil {
		b.Fatal(err)
	}
	_, format, err := rules.Lookup("altered", "standard-bo3")
	if err != nil {
		b.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(50, 300))
	first := now.AddDate(0, 0, -7*historyWeeks)
	for w := range historyWeeks {
		running := w >= historyWeeks-2
		err := db.Write(ctx, func(tx storage.Tx) error {
			return writeWeek(tx, rng, players, event.Event{Name: fmt.Sprintf("Weekly #%d", w+1), Game: "altered", Format: format.Key,
				Date: first.AddDate(0, 0, 7*w), Settings: format.Defaults, CreatedAt: now}, running)
		})
		if err != nil {
			b.Fatal(err)
		}
	}
	tonight, err := d.Events.CreateEvent(ctx, director.NewEvent{Name: "Regional Championship", Game: "altered", Format: "standard-bo3", Date: now})
	if err != nil {
		b.Fatal(err)
	}
	var entries []event.Entry
	for _, p := range players {
		en, err := d.Registration.Register(ctx, tonight.ID, p.ID)
		if err != nil {
			b.Fatal(err)
		}
		entries = append(entries, en)
	}
	return d, tonight, entries
}

// writeWeek writes one weekly event: 40 to 80 regulars, four rounds of
// random pairings and results, a drop now and then; a running event's
// last round has half its tables still out.
func writeWeek(tx storage.Tx, rng *rand.Rand, players []event.Player, e event.Event, running bool) error {
	e.State = event.StateFinished
	if running {
		e.State = event.StateRunning
	}
	if err := tx.CreateEvent(&e); err != nil {
		return err
	}
	var entries []event.Entry
	for _, i := range rng.Perm(len(players))[:40+rng.IntN(41)] {
		en := event.Entry{EventID: e.ID, PlayerID: players[i].ID, Status: event.EntryActive, CheckedIn: true, JoinedRound: 1, RegisteredAt: e.Date}
		if err := tx.CreateEntry(&en); err != nil {
			return err
		}
		entries = append(entries, en)
	}
	results := []event.Result{webtest.OneGame(true), webtest.OneGame(false),
		{Seats: []event.SeatResult{{GamesWon: 2}, {GamesWon: 1}}}, {Seats: []event.SeatResult{{GamesWon: 0}, {GamesWon: 2}}}}
	for n := 1; n <= 4; n++ {
		var active []event.EntryID
		for _, en := range entries {
			if en.Active() {
				active = append(active, en.ID)
			}
		}
		rng.Shuffle(len(active), func(i, j int) { active[i], active[j] = active[j], active[i] })
		r := event.Round{EventID: e.ID, Number: n, Stage: event.StageSwiss, PairedAt: e.Date, PublishedAt: e.Date}
		for i := 0; i+1 < len(active); i += 2 {
			t := event.Table{Number: i/2 + 1, Seats: []event.Seat{{EntryID: active[i]}, {EntryID: active[i+1]}}}
			if !running || n < 4 || i%4 == 0 {
				res := results[rng.IntN(len(results))]
				t.Result = &res
			}
			r.Tables = append(r.Tables, t)
		}
		if len(active)%2 == 1 {
			r.Tables = append(r.Tables, event.Table{Bye: true, Seats: []event.Seat{{EntryID: active[len(active)-1]}},
				Result: &event.Result{Seats: []event.SeatResult{{GamesWon: 2}}}})
		}
		if err := tx.CreateRound(&r); err != nil {
			return err
		}
		if n < 4 && rng.IntN(2) == 0 {
			k := rng.IntN(len(entries))
			if entries[k].Active() {
				entries[k].Status, entries[k].DroppedAfter = event.EntryDropped, n
				if err := tx.UpdateEntry(entries[k]); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// historyGet asks srv for an entry's history, in French, and returns
// the body's size.
func historyGet(srv *Server, id event.EventID, entry event.EntryID) (int, error) {
	req := httptest.NewRequest("GET", fmt.Sprintf("/api/events/%d/players/%d/history", id, entry), nil)
	req.Header.Set("Accept-Language", "fr")
	w := httptest.NewRecorder()
	srv.ServeHTTP(w, req)
	if w.Code != http.StatusOK {
		return 0, fmt.Errorf("history of %d: %d %s", entry, w.Code, w.Body)
	}
	return w.Body.Len(), nil
}

// historyAll asks every entry's history once.
func historyAll(b *testing.B, srv *Server, id event.EventID, entries []event.Entry) {
	for _, en := range entries {
		if _, err := historyGet(srv, id, en.ID); err != nil {
			b.Fatal(err)
		}
	}
}

// historyServer is a server over historyStore's director (closed when b
// ends) with every past event worked out once, tonight's event and its
// entries.
func historyServer(b *testing.B) (*Server, event.Event, []event.Entry) {
	d, tonight, entries := historyStore(b)
	srv, err := New(Config{Director: d})
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { srv.Close() })
	historyAll(b, srv, tonight.ID, entries)
	return srv, tonight, entries
}

// BenchmarkHistoryJSON is one phone opening its Me view: the history of
// one of tonight's 300 regulars (each in some 10 of the 50 past events),
// the past events' standings already kept. It reports the body's size.
func BenchmarkHistoryJSON(b *testing.B) {
	srv, tonight, entries := historyServer(b)
	bytes := 0
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		n, err := historyGet(srv, tonight.ID, entries[i%len(entries)].ID)
		if err != nil {
			b.Fatal(err)
		}
		bytes += n
	}
	b.ReportMetric(float64(bytes)/float64(b.N), "B/resp")
}

// BenchmarkHistoryJSONParallel is BenchmarkHistoryJSON with the phones
// asking at once, on every core.
func BenchmarkHistoryJSONParallel(b *testing.B) {
	srv, tonight, entries := historyServer(b)
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		i := rand.IntN(len(entries))
		for pb.Next() {
			if _, err := historyGet(srv, tonight.ID, entries[i%len(entries)].ID); err != nil {
				b.Error(err)
				return
			}
			i++
		}
	})
}

// BenchmarkHistoryCold is the first wave after the server starts: every
// regular's history asked once, so each of the 50 past events' standings
// is worked out (once) along the way. One iteration is the whole wave.
func BenchmarkHistoryCold(b *testing.B) {
	d, tonight, entries := historyStore(b)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		srv, err := New(Config{Director: d})
		if err != nil {
			b.Fatal(err)
		}
		historyAll(b, srv, tonight.ID, entries)
		srv.Close()
	}
}
