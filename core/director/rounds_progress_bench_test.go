package director_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"testing"
	"time"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/core/store"
)

// BenchmarkProgressWhileAnEliminationRoundIsOut reads Progress, as the
// header and the Round tab do after every result, during the first loss
// round of a 1,000-player KeyForge elimination: 500 tables, most or a few
// of them still out. A round that large is never a structure's last, so
// the planner is not asked about its completions (ends); asking it cost
// 8 planner calls of ~17 ms each on the 2-core laptop. Run with:
// go test ./core/director -run '^$' -bench ProgressWhile -benchtime 20x
func BenchmarkProgressWhileAnEliminationRoundIsOut(b *testing.B) {
	ctx := context.Background()
	d, e := regionalOf(b, "keyforge", "archon-standard")
	r, err := pairPublished(ctx, d, e.ID)
	must(b, err)
	progress := func(b *testing.B, missing int) {
		for b.Loop() {
			p, err := d.Rounds.Progress(ctx, e.ID)
			if err != nil || p.Missing != missing {
				b.Fatalf("%d missing, want %d: %v", p.Missing, missing, err)
			}
		}
	}
	b.Run("500 tables out", func(b *testing.B) { progress(b, len(r.Tables)) })
	for i, tb := range r.Tables[:len(r.Tables)-3] {
		must(b, d.Rounds.RecordResult(ctx, e.ID, 1, tb.Number, event.Result{Seats: []event.SeatResult{{GamesWon: i % 2}, {GamesWon: 1 - i%2}}}))
	}
	b.Run("3 tables out", func(b *testing.B) { progress(b, 3) })
}

// BenchmarkRoundViewOfARegional reads the Round tab's view (the rounds,
// the sheet shown, the progress the status line ends with), as it is read
// after every result, in round 3 of a 1,000-player Swiss. Run with:
// go test ./core/director -run '^$' -bench RoundViewOfARegional -benchtime 20x
func BenchmarkRoundViewOfARegional(b *testing.B) {
	ctx := context.Background()
	d, e := regionalOf(b, "generic", "swiss")
	for n := 1; n <= 3; n++ {
		r, err := pairPublished(ctx, d, e.ID)
		must(b, err)
		for i, tb := range r.Tables {
			if n == 3 && i >= len(r.Tables)/2 {
				break
			}
			must(b, d.Rounds.RecordResult(ctx, e.ID, n, tb.Number, event.Result{Seats: []event.SeatResult{{GamesWon: 2}, {GamesWon: i % 2}}}))
		}
	}
	for b.Loop() {
		v, err := d.Views.RoundView(ctx, e.ID, 0, 3)
		if err != nil || len(v.Sheet.Tables) != 500 {
			b.Fatalf("%d tables: %v", len(v.Sheet.Tables), err)
		}
	}
}

// regionalOf opens a director on a new database in b's folder and
// registers 1,000 players in an event of game and format.
func regionalOf(b *testing.B, game, format string) (*director.Director, event.Event) {
	b.Helper()
	ctx := context.Background()
	db, err := store.Open(filepath.Join(b.TempDir(), "b.db"))
	must(b, err)
	b.Cleanup(func() { db.Close() })
	clock := time.Date(2026, 11, 20, 18, 0, 0, 0, time.UTC)
	d := director.New(db, func() time.Time { clock = clock.Add(time.Second); return clock }, rand.New(rand.NewPCG(1, 2)))
	e, err := d.Events.CreateEvent(ctx, director.NewEvent{Name: "Regional", Game: game, Format: format})
	must(b, err)
	for i := range 1000 {
		if _, err := d.Registration.RegisterNew(ctx, e.ID, director.NewPlayer{Name: fmt.Sprintf("Player %04d", i+1)}); err != nil {
			b.Fatal(err)
		}
	}
	return d, e
}
