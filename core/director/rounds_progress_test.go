package director_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/internal/testdb"
)

// progressLine is what a header shows of Progress, for comparing.
func progressLine(p director.Progress) string {
	return fmt.Sprintf("%s ready=%v done=%v early=%v extra=%v %q", p.Label(), p.Ready, p.Done, p.FinishEarly, p.ExtraRound, p.Waiting())
}

// finishTables records a result on every table of round r still out: seat 1
// wins 2-0 (1-0 in a best of one).
func finishTables(t *testing.T, d *director.Director, id event.EventID, r event.Round) {
	t.Helper()
	sh, err := d.Rounds.RoundSheet(context.Background(), id, r.Number)
	must(t, err)
	games := (max(sh.Round.BestOf, sh.Event.Settings.GamesPerMatch) + 1) / 2
	for _, tb := range sh.Tables {
		if tb.Bye || tb.Result != nil {
			continue
		}
		must(t, d.Rounds.RecordResult(context.Background(), id, r.Number, tb.Number, win(games, 0)))
	}
}

// Labels say the truth: a 3-round Swiss offers Pair round 2 and 3, then
// Finish (never "Pair round 4" during round 3), Finish only once the last
// result is in, and an extra round apart from it.
func TestProgressOfAThreeRoundSwissSaysWhatComesNext(t *testing.T) {
	ctx, d, e := openEvent(t, "generic", "swiss", nil)
	register(t, d, e.ID, "Ada", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal")
	if got, want := progressLine(mustCall(t, d.Rounds.Progress, e.ID)), `Pair round 1 ready=true done=false early=false extra=false ""`; got != want {
		t.Errorf("before round 1: %s, want %s", got, want)
	}
	for n := 1; n <= 3; n++ {
		r := mustCall(t, d.Rounds.PairNextRound, e.ID)
		if got, want := progressLine(mustCall(t, d.Rounds.Progress, e.ID)), fmt.Sprintf(`Publish round %d ready=true done=false early=false extra=false ""`, n); got != want {
			t.Errorf("round %d draft: %s, want %s", n, got, want)
		}
		must(t, d.Drafts.PublishRound(ctx, e.ID, n))
		next := fmt.Sprintf(`Pair round %d ready=false done=false early=true extra=false "Waiting for 4 results of round %d"`, n+1, n)
		if n == 3 {
			next = `Finish event ready=false done=true early=false extra=true "Waiting for 4 results of round 3"`
		}
		if got := progressLine(mustCall(t, d.Rounds.Progress, e.ID)); got != next {
			t.Errorf("round %d published: %s, want %s", n, got, next)
		}
		finishTables(t, d, e.ID, r)
	}
	p := mustCall(t, d.Rounds.Progress, e.ID)
	if got, want := progressLine(p), `Finish event ready=true done=true early=false extra=true ""`; got != want {
		t.Errorf("after round 3: %s, want %s", got, want)
	}
	if p.Planned != 3 || p.Swiss != 3 || p.Cut != 0 {
		t.Errorf("planned %d, swiss %d, cut %d", p.Planned, p.Swiss, p.Cut)
	}
	must(t, d.Events.FinishEvent(ctx, e.ID))
	if p := mustCall(t, d.Rounds.Progress, e.ID); p.Next != director.StepNone || !p.Finished {
		t.Errorf("finished: %+v", p)
	}
}

// A bracket is done when the planner has no round left: a four-player
// single elimination's final offers only Finish (greyed until its result
// is in), never a round 3; during the semi-finals Finish is early.
func TestProgressOfABracketIsDoneAfterTheFinal(t *testing.T) {
	ctx, d, e := openEvent(t, "generic", "single-elimination", nil)
	register(t, d, e.ID, "Ada", "Bob", "Cy", "Dee")
	for n := 1; n <= 2; n++ {
		r := mustPair(t, ctx, d, e.ID)
		want := `Pair round 2 ready=false done=false early=true extra=false "Waiting for 2 results of round 1"`
		if n == 2 {
			want = `Finish event ready=false done=true early=false extra=false "Waiting for 1 result of round 2"`
		}
		if got := progressLine(mustCall(t, d.Rounds.Progress, e.ID)); got != want {
			t.Errorf("round %d under way: %s, want %s", n, got, want)
		}
		finishTables(t, d, e.ID, r)
	}
	if got, want := progressLine(mustCall(t, d.Rounds.Progress, e.ID)), `Finish event ready=true done=true early=false extra=false ""`; got != want {
		t.Errorf("after the final: %s, want %s", got, want)
	}
}

// A Swiss with a top cut starts the cut after its planned rounds, and is
// done after the cut's final.
func TestProgressOfASwissWithATopCut(t *testing.T) {
	ctx, d, e := openEvent(t, "generic", "swiss-top8", nil)
	names := make([]string, 16)
	for i := range names {
		names[i] = fmt.Sprintf("Player %02d", i+1)
	}
	register(t, d, e.ID, names...)
	for guard := 0; guard < 20; guard++ {
		p := mustCall(t, d.Rounds.Progress, e.ID)
		if p.Done {
			if p.Cut != 3 || p.Label().String() != "Finish event" || p.ExtraRound {
				t.Errorf("done after %d Swiss and %d cut rounds: %s", p.Swiss, p.Cut, progressLine(p))
			}
			return
		}
		wantCut := p.Swiss >= p.Planned && p.Cut == 0
		if (p.Next == director.StepStartCut) != wantCut || wantCut && p.Label().String() != "Start top 8" {
			t.Fatalf("after %d Swiss rounds of %d: %s", p.Swiss, p.Planned, progressLine(p))
		}
		r := mustPair(t, ctx, d, e.ID)
		finishTables(t, d, e.ID, r)
	}
	t.Fatal("the event never came to its end")
}

// WouldEnd answers, without saving anything, whether results entered in
// the latest round would end the structure: a bracket's final ends it only
// once it has its winner; a semi-final never does. A round that is not the
// latest, a draft, a missing round and a result the table refuses are
// refused with a sentence.
func TestWouldEndTellsTheLastRoundWithoutSavingAnything(t *testing.T) {
	ctx, d, e := openEvent(t, "generic", "single-elimination", nil)
	register(t, d, e.ID, "Ada", "Bob", "Cy", "Dee")
	r1 := mustCall(t, d.Rounds.PairNextRound, e.ID)
	if _, err := d.Rounds.WouldEnd(ctx, e.ID, 1, nil); !errors.Is(err, event.ErrState) || !strings.Contains(err.Error(), "round 1 is a draft") {
		t.Errorf("a draft: %v", err)
	}
	must(t, d.Drafts.PublishRound(ctx, e.ID, 1))
	semis := map[int]event.Result{1: win(2, 0), 2: win(0, 2)}
	if last, err := d.Rounds.WouldEnd(ctx, e.ID, 1, semis); err != nil || last {
		t.Errorf("the semi-finals: last %v, %v", last, err)
	}
	if _, err := d.Rounds.WouldEnd(ctx, e.ID, 1, map[int]event.Result{1: win(3, 0)}); !errors.Is(err, event.ErrInvalid) || !strings.Contains(err.Error(), "table 1") {
		t.Errorf("3-0 in a best of three: %v", err)
	}
	finishTables(t, d, e.ID, r1)
	r2 := mustCall(t, d.Rounds.PairNextRound, e.ID)
	must(t, d.Drafts.PublishRound(ctx, e.ID, r2.Number))
	for _, c := range []struct {
		number int
		kind   error
		want   string
	}{
		{1, event.ErrState, "round 1 is not the latest round; only round 2 can end the event"},
		{3, event.ErrNotFound, "there is no round 3 (2 paired)"},
		{0, event.ErrNotFound, "there is no round 0 (2 paired)"},
	} {
		if _, err := d.Rounds.WouldEnd(ctx, e.ID, c.number, nil); !errors.Is(err, c.kind) || event.Message(err) != c.want {
			t.Errorf("round %d: %v, want %q", c.number, err, c.want)
		}
	}
	if last, err := d.Rounds.WouldEnd(ctx, e.ID, 2, nil); err != nil || last {
		t.Errorf("the final without its result: last %v, %v", last, err)
	}
	if last, err := d.Rounds.WouldEnd(ctx, e.ID, 2, map[int]event.Result{1: win(2, 1)}); err != nil || !last {
		t.Errorf("the final with its winner: last %v, %v", last, err)
	}
	p := mustCall(t, d.Rounds.Progress, e.ID)
	if p.Missing != 1 || p.Ready {
		t.Errorf("WouldEnd saved something: %d results missing, ready %v", p.Missing, p.Ready)
	}
}

// A double-elimination grand final with a bracket reset (Double) may be
// the last round or not: when the unbeaten finalist loses it, it is
// replayed. While its result is out, Progress says the results decide
// (Open): the button offers the replay greyed, nothing offers finishing
// early, and the status line offers nothing yet; once the unbeaten
// finalist wins, only finishing is offered.
func TestProgressOfAGrandFinalThatMayBeReplayedIsOpen(t *testing.T) {
	ctx, d, e := openEvent(t, "generic", "double-elimination", func(s *event.Settings) { s.Double = true })
	register(t, d, e.ID, "Ada", "Bob", "Cy", "Dee")
	open := 0
	for guard := 0; guard < 12; guard++ {
		p := mustCall(t, d.Rounds.Progress, e.ID)
		if p.Done && p.Missing == 0 {
			if p.Label().String() != "Finish event" || p.Status().String() != "round complete: finish the event" || !p.Other().IsZero() {
				t.Errorf("the end: %s, status %q, other %q", progressLine(p), p.Status(), p.Other())
			}
			if open != 1 {
				t.Errorf("%d rounds were open; want the grand final only", open)
			}
			return
		}
		r := mustPair(t, ctx, d, e.ID)
		p = mustCall(t, d.Rounds.Progress, e.ID)
		if p.Open {
			open++
			want := fmt.Sprintf(`Pair round %d ready=false done=false early=false extra=false "Waiting for 1 result of round %d"`, r.Number+1, r.Number)
			if got := progressLine(p); got != want || !p.Other().IsZero() || !p.Status().IsZero() {
				t.Errorf("the open round %d: %s, other %q, status %q; want %s", r.Number, got, p.Other(), p.Status(), want)
			}
		}
		// Seat 1 is the better seed, in the grand final the unbeaten
		// finalist: it wins every match.
		finishTables(t, d, e.ID, r)
	}
	t.Fatal("the event never came to its end")
}

// Rule S1 (SWS 4.0 a): "All Secret War Society tournaments must have at
// least three players participating in the event." A two-player
// Shadowfist event still pairs (it is not official, it is not forbidden:
// rules.FewPlayers), and its Progress and its line in Events (the check
// command's) say so; a third player (a late entry) silences it.
func TestTwoPlayerShadowfistEventPairsAndSaysItIsNotOfficial(t *testing.T) {
	ctx, d, e := openEvent(t, "shadowfist", "big-man", nil)
	register(t, d, e.ID, "Ada", "Bob")
	p := mustCall(t, d.Rounds.Progress, e.ID)
	if got := p.FewPlayers.String(); !strings.Contains(got, "not an official SWS tournament") || !strings.HasPrefix(got, "Only 2 players") {
		t.Errorf("Progress before round 1 says %q", got)
	}
	if _, err := pairPublished(ctx, d, e.ID); err != nil {
		t.Fatalf("a two-player Shadowfist event must still pair: %v", err)
	}
	events, err := d.Events.Events(ctx)
	must(t, err)
	if len(events) != 1 || !strings.Contains(events[0].FewPlayers.String(), "at least 3 players") {
		t.Errorf("Events says %+v", events)
	}
	register(t, d, e.ID, "Cy")
	if p, _ = d.Rounds.Progress(ctx, e.ID); !p.FewPlayers.IsZero() {
		t.Errorf("three players, Progress still says %q", p.FewPlayers)
	}
}

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
	step := testdb.Stepping(friday)
	d := testdb.Director(testdb.Open(b), step, 1, 2)
	e, err := d.Events.CreateEvent(ctx, director.NewEvent{Name: "Regional", Game: game, Format: format})
	must(b, err)
	for i := range 1000 {
		if _, err := d.Registration.RegisterNew(ctx, e.ID, director.NewPlayer{Name: fmt.Sprintf("Player %04d", i+1)}); err != nil {
			b.Fatal(err)
		}
	}
	return d, e
}
