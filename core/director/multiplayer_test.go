package director_test

import (
	"context"
	"errors"
	"math/rand/v2"
	"sort"
	"strings"
	"testing"
	"time"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/core/scoring"
)

func tauSeat(place, tau int) event.SeatResult {
	return event.SeatResult{Place: place, Games: []event.GameDetail{{Stats: map[string]int{scoring.TauStat: tau}}}}
}

// placed is a result of seats players: seat i scores step*i points and
// seat winner wins.
func placed(seats, step, winner int) event.Result {
	res := event.Result{}
	for i := range seats {
		st := event.SeatResult{Points: step * i}
		if i == winner {
			st.Place = 1
		}
		res.Seats = append(res.Seats, st)
	}
	return res
}

// Rules H2, H3, H5: a Reascension event of 13 seats three tables of three
// and one of four each round (the four on top), plays 4 rounds, and scores
// a win 14 and the others their Tau.
func TestHeresyReascensionEvent(t *testing.T) {
	ctx, d, e := openEvent(t, "heresy", "reascension", nil)
	register(t, d, e.ID, names(13)...)
	rng := rand.New(rand.NewPCG(5, 5))
	total := 0
	for n := 1; n <= 4; n++ {
		r := mustPair(t, ctx, d, e.ID)
		seatedOnce(t, r)
		var sizes []int
		for _, tb := range r.Tables {
			sizes = append(sizes, len(tb.Seats))
		}
		if !sort.SliceIsSorted(sizes, func(i, j int) bool { return sizes[i] > sizes[j] }) || len(sizes) != 4 || sizes[0] != 4 || sizes[3] != 3 {
			t.Fatalf("round %d table sizes %v, want 4,3,3,3 (H2)", n, sizes)
		}
		for _, tb := range r.Tables {
			res := event.Result{}
			winner := rng.IntN(len(tb.Seats))
			for i := range tb.Seats {
				place := 0
				if i == winner {
					place = 1
				}
				res.Seats = append(res.Seats, tauSeat(place, 3+i))
			}
			must(t, d.Rounds.RecordResult(ctx, e.ID, n, tb.Number, res))
			for i := range tb.Seats {
				if i == winner {
					total += 14
				} else {
					total += 3 + i
				}
			}
		}
	}
	if _, err := d.Rounds.PairNextRound(ctx, e.ID); err != nil {
		t.Logf("a fifth round is still allowed as an extra: %v", err)
	}
	table := mustCall(t, d.Rounds.Standings, e.ID)
	sum := 0
	for _, s := range table {
		sum += s.Points
	}
	if sum != total {
		t.Errorf("standings total %d, results gave %d", sum, total)
	}
}

func TestMultiplayerResultsAreChecked(t *testing.T) {
	ctx, d, e := openEvent(t, "heresy", "reascension", nil)
	register(t, d, e.ID, names(6)...)
	r := mustPair(t, ctx, d, e.ID)
	tb := r.Tables[0]
	for _, c := range []struct {
		res  event.Result
		want string
	}{
		{event.Result{Seats: []event.SeatResult{tauSeat(1, 9), tauSeat(1, 2), tauSeat(0, 1)}}, "exactly one winner"},
		{event.Result{TimeOut: true, Seats: []event.SeatResult{tauSeat(1, 9), tauSeat(0, 2), tauSeat(0, 1)}}, "nobody wins"},
		{event.Result{Seats: []event.SeatResult{tauSeat(1, 9), tauSeat(0, 2)}}, "seats 3 players"},
	} {
		err := d.Rounds.RecordResult(ctx, e.ID, 1, tb.Number, c.res)
		if !errors.Is(err, event.ErrInvalid) || !strings.Contains(event.Message(err), c.want) {
			t.Errorf("got %v, want %q", err, c.want)
		}
	}
	ok := event.Result{TimeOut: true, Seats: []event.SeatResult{tauSeat(0, 12), tauSeat(0, 2), tauSeat(0, 1)}}
	must(t, d.Rounds.RecordResult(ctx, e.ID, 1, tb.Number, ok))
	rounds, _ := d.Rounds.Rounds(ctx, e.ID)
	got, _ := rounds[0].TableNumbered(tb.Number)
	// H5 at time: Tau (at most the goal 9) plus 2.
	if p := got.Result.Seats; p[0].Points != 11 || p[1].Points != 4 || p[2].Points != 3 {
		t.Errorf("time-out scores %+v", p)
	}
	log, _ := d.Events.Log(ctx, e.ID)
	if last := log[len(log)-1].Message; !strings.Contains(last.String(), "time-out") {
		t.Errorf("log %q", last)
	}
	// A game that went to time with nobody winning is a draw for all.
	table, _ := d.Rounds.Standings(ctx, e.ID)
	for _, s := range table {
		for _, seat := range tb.Seats {
			if s.EntryID == seat.EntryID && (s.Draws != 1 || s.Losses != 0) {
				t.Errorf("%s after a time-out: %d-%d-%d", s.Name, s.Wins, s.Losses, s.Draws)
			}
		}
	}
}

// Rule S4: Shadowfist seats tables of 4, 3 where the count needs it; S6,
// S10: ranked by match points, then game points.
func TestShadowfistFinalBrawlEvent(t *testing.T) {
	ctx, d, e := openEvent(t, "shadowfist", "final-brawl", nil)
	register(t, d, e.ID, names(10)...)
	r := mustPair(t, ctx, d, e.ID)
	var sizes []int
	for _, tb := range r.Tables {
		sizes = append(sizes, len(tb.Seats))
	}
	if len(sizes) != 3 || sizes[0] != 4 || sizes[1] != 3 || sizes[2] != 3 {
		t.Fatalf("table sizes %v, want 4,3,3", sizes)
	}
	for _, tb := range r.Tables {
		res := placed(len(tb.Seats), 3, 0)
		must(t, d.Rounds.RecordResult(ctx, e.ID, 1, tb.Number, res))
	}
	table, _ := d.Rounds.Standings(ctx, e.ID)
	for i := 1; i < len(table); i++ {
		a, b := table[i-1], table[i]
		if a.Points < b.Points || a.Points == b.Points && a.GamePoints < b.GamePoints {
			t.Fatalf("standings out of order at %d: %+v then %+v", i, a, b)
		}
	}
	if table[0].Points != 4 || table[3].Points != 0 {
		t.Errorf("winners have 4 match points: %v", table)
	}
}

// Rule S10, Swiss + Final: after the Swiss rounds the top 4 play a final
// table (a secondary table seats the next 4); the final's placement
// decides the top ranks, then the points scored there.
func TestShadowfistSwissPlusFinal(t *testing.T) {
	ctx, d, e := openEvent(t, "shadowfist", "final-brawl-final", func(s *event.Settings) {
		s.Rounds = 2
		s.FinalTable.Secondary = true
	})
	register(t, d, e.ID, names(11)...)
	play := func(r event.Round, winnerSeat int) {
		t.Helper()
		for _, tb := range r.Tables {
			res := placed(len(tb.Seats), 2, winnerSeat%len(tb.Seats))
			must(t, d.Rounds.RecordResult(ctx, e.ID, r.Number, tb.Number, res))
		}
	}
	for n := 1; n <= 2; n++ {
		r := mustPair(t, ctx, d, e.ID)
		play(r, n)
	}
	swiss, _ := d.Rounds.Standings(ctx, e.ID)
	final := mustPair(t, ctx, d, e.ID)
	if final.Stage != event.StageFinal || len(final.Tables) != 2 || len(final.Tables[0].Seats) != 4 || len(final.Tables[1].Seats) != 4 {
		t.Fatalf("final round %+v", final)
	}
	top := map[event.EntryID]bool{}
	for _, s := range swiss[:4] {
		top[s.EntryID] = true
	}
	for _, s := range final.Tables[0].Seats {
		if !top[s.EntryID] {
			t.Fatalf("final table seats %d, not in the Swiss top 4", s.EntryID)
		}
	}
	play(final, 2)
	if _, err := d.Rounds.PairNextRound(ctx, e.ID); !errors.Is(err, director.ErrStructureComplete) {
		t.Fatalf("after the final: %v", err)
	}
	table, _ := d.Rounds.Standings(ctx, e.ID)
	winner := final.Tables[0].Seats[2].EntryID
	if table[0].EntryID != winner || table[0].Rank != 1 {
		t.Errorf("the final's winner is not first: %+v", table[0])
	}
	// The rest of the final table by the points they scored there (seat 4
	// scored 6, seat 2 scored 2, seat 1 scored 0).
	for i, seat := range []int{3, 1, 0} {
		if table[1+i].EntryID != final.Tables[0].Seats[seat].EntryID || table[1+i].Rank != 2+i {
			t.Errorf("place %d: %+v", 2+i, table[1+i])
		}
	}
	if table[4].EntryID != final.Tables[1].Seats[2].EntryID || table[4].Rank != 5 {
		t.Errorf("the secondary table's winner is not 5th: %+v", table[4])
	}
	// Rules S10, X2: "only the players of the top final round may place in
	// the top ranks"; the players at neither table keep their Swiss
	// order and points, placed after the eight seated at the two tables.
	for i := 8; i < len(table); i++ {
		if table[i].EntryID != swiss[i].EntryID || table[i].Rank < 9 || table[i].GamePoints != swiss[i].GamePoints {
			t.Errorf("place %d: %+v, at the cut %+v", i+1, table[i], swiss[i])
		}
	}
	must(t, d.Events.FinishEvent(ctx, e.ID))
}

// Rule S12: a fixed schedule seats 16 players at tables of 4 with no pair
// meeting twice over its 4 rounds; a player who drops leaves an empty
// seat and the table plays short.
func TestFixedScheduleEvent(t *testing.T) {
	ctx, d, e := openEvent(t, "shadowfist", "final-brawl-schedule", nil)
	es := register(t, d, e.ID, names(16)...)
	met := map[[2]event.EntryID]int{}
	dropped := es[5].ID
	for n := 1; n <= 4; n++ {
		r, err := pairPublished(ctx, d, e.ID)
		if err != nil {
			t.Fatalf("round %d: %v", n, err)
		}
		seatedOnce(t, r)
		for _, tb := range r.Tables {
			for i, a := range tb.Seats {
				if a.EntryID == dropped && n > 2 {
					t.Fatalf("round %d seats a dropped player", n)
				}
				for _, b := range tb.Seats[i+1:] {
					met[[2]event.EntryID{min(a.EntryID, b.EntryID), max(a.EntryID, b.EntryID)}]++
				}
			}
			res := placed(len(tb.Seats), 1, 0)
			if tb.Bye {
				continue
			}
			if err := d.Rounds.RecordResult(ctx, e.ID, n, tb.Number, res); err != nil {
				t.Fatalf("round %d table %d (%d seats): %v", n, tb.Number, len(tb.Seats), err)
			}
		}
		if n == 1 {
			if len(r.Tables) != 4 || !strings.Contains(r.Name.String(), "schedule round 1 of 4") {
				t.Fatalf("round 1: %q %+v", r.Name, r.Tables)
			}
		}
		if n == 2 {
			must(t, d.Registration.Drop(ctx, dropped))
		}
		if n == 3 {
			short := 0
			for _, tb := range r.Tables {
				if len(tb.Seats) == 3 && strings.Contains(tb.Why.String(), "left empty by a drop") {
					short++
				}
			}
			if short != 1 {
				t.Errorf("round 3 after a drop: %+v", r.Tables)
			}
		}
	}
	for k, v := range met {
		if v > 1 {
			t.Errorf("%v met %d times", k, v)
		}
	}
	if _, err := d.Rounds.PairNextRound(ctx, e.ID); !errors.Is(err, director.ErrStructureComplete) {
		t.Errorf("after the schedule: %v", err)
	}
}

// Rule S10 e, Double Elimination + Final: 12 players play two-player loss
// rounds, paired within their loss group, out at two losses, until four
// remain; the four play a Shadowfist final table (scored by core/scoring
// in an event of two-player tables) whose placement decides the top ranks,
// and a secondary table seats the next four.
func TestShadowfistDoubleEliminationFinal(t *testing.T) {
	ctx, d, e := openEvent(t, "shadowfist", "final-brawl-de-final", func(s *event.Settings) { s.FinalTable.Secondary = true })
	if e.Settings.Structure != event.StructureDoubleFinal || e.Settings.TableSize != 2 || e.Settings.FinalTable.Size != 4 {
		t.Fatalf("settings %+v", e.Settings)
	}
	register(t, d, e.ID, names(12)...)
	losses := map[event.EntryID]int{}
	var final event.Round
	for n := 1; ; n++ {
		if n > 20 {
			t.Fatal("the loss rounds never reach the final table")
		}
		r, err := pairPublished(ctx, d, e.ID)
		if err != nil {
			t.Fatalf("round %d: %v", n, err)
		}
		seatedOnce(t, r)
		if r.Stage == event.StageFinal {
			final = r
			break
		}
		for _, tb := range r.Tables {
			if !tb.Bye {
				playLossTable(t, d, e.ID, n, tb, losses)
			}
		}
	}
	in := 0
	for _, l := range losses {
		if l < 2 {
			in++
		}
	}
	in += 12 - len(losses)
	if in != 4 || len(final.Tables) != 2 || len(final.Tables[0].Seats) != 4 || len(final.Tables[1].Seats) != 4 {
		t.Fatalf("%d still in; final round %+v", in, final)
	}
	for _, st := range final.Tables[0].Seats {
		if losses[st.EntryID] >= 2 {
			t.Fatalf("the final table seats %d, out at two losses", st.EntryID)
		}
	}
	// A two-player result is refused at the final table: it is scored as
	// a Shadowfist multiplayer table.
	if err := d.Rounds.RecordResult(ctx, e.ID, final.Number, final.Tables[0].Number, event.Result{Seats: []event.SeatResult{{GamesWon: 1}, {}}}); err == nil {
		t.Fatal("a two-seat result at a four-seat final table was accepted")
	}
	playTheDoubleFinal(t, d, e.ID, final)
	must(t, d.Events.FinishEvent(ctx, e.ID))
}

// playLossTable checks a table of loss round n pairs two players still in
// (equal losses, or a pair-down said), and records a win of the lower
// entry id, counting the loser's loss.
func playLossTable(t *testing.T, d *director.Director, id event.EventID, n int, tb event.Table, losses map[event.EntryID]int) {
	t.Helper()
	a, b := tb.Seats[0].EntryID, tb.Seats[1].EntryID
	if losses[a] >= 2 || losses[b] >= 2 {
		t.Fatalf("round %d pairs a player out at two losses", n)
	}
	if losses[a] != losses[b] && !strings.Contains(tb.Why.String(), "pair-down") {
		t.Errorf("round %d table %d pairs %d v %d losses: %s", n, tb.Number, losses[a], losses[b], tb.Why)
	}
	// The lower entry id wins.
	w := 0
	if b < a {
		w = 1
	}
	res := event.Result{Seats: []event.SeatResult{{}, {}}}
	res.Seats[w].GamesWon = 1
	must(t, d.Rounds.RecordResult(context.Background(), id, n, tb.Number, res))
	losses[tb.Seats[1-w].EntryID]++
}

// playTheDoubleFinal scores both final tables (seat 3 first, then 4, 2,
// 1), checks nothing is left to pair, and that the standings rank the
// final tables' players in that order, the twelve players ranked.
func playTheDoubleFinal(t *testing.T, d *director.Director, eid event.EventID, final event.Round) {
	t.Helper()
	ctx := context.Background()
	for _, tb := range final.Tables {
		res := placed(len(tb.Seats), 2, 2)
		must(t, d.Rounds.RecordResult(ctx, eid, final.Number, tb.Number, res))
	}
	if _, err := d.Rounds.PairNextRound(ctx, eid); !errors.Is(err, director.ErrStructureComplete) {
		t.Fatalf("after the final: %v", err)
	}
	table := mustCall(t, d.Rounds.Standings, eid)
	want := []event.EntryID{}
	for _, tb := range final.Tables {
		for _, seat := range []int{2, 3, 1, 0} {
			want = append(want, tb.Seats[seat].EntryID)
		}
	}
	for i, id := range want {
		if table[i].EntryID != id || table[i].Rank != i+1 {
			t.Errorf("place %d: %+v, want entry %d", i+1, table[i], id)
		}
	}
	if len(table) != 12 || table[11].Rank != 12 {
		t.Errorf("standings %d long, last rank %d", len(table), table[len(table)-1].Rank)
	}
}

// S10 e needs a final table of 3 to 5.
func TestDoubleFinalNeedsFinalTable(t *testing.T) {
	s := event.Settings{Structure: event.StructureDoubleFinal, TableSize: 2, GamesPerMatch: 1, Scoring: event.ScoringShadowfist}
	if err := s.Validate(); err == nil {
		t.Error("no final table accepted")
	}
	s.FinalTable.Size = 4
	if err := s.Validate(); err != nil {
		t.Error(err)
	}
	s.TableSize = 4
	if err := s.Validate(); err == nil {
		t.Error("multiplayer loss rounds accepted")
	}
}

// Rule S4: with tables of five allowed, a table of five plays 110 minutes
// against the round's 85: its extension is the difference.
func TestATableOfFivePlaysLonger(t *testing.T) {
	d, _ := newDirector(t)
	e := eventOf(t, d, "shadowfist", "final-brawl", func(s *event.Settings) { s.MaxTableSize = 5 })
	register(t, d, e.ID, names(5)...)
	r, err := d.Rounds.PairNextRound(context.Background(), e.ID)
	must(t, err)
	fives := 0
	for _, tb := range r.Tables {
		want := time.Duration(0)
		if len(tb.Seats) == 5 {
			fives++
			want = 25 * time.Minute
		}
		if tb.Extension != want {
			t.Errorf("table %d of %d: extension %v, want %v", tb.Number, len(tb.Seats), tb.Extension, want)
		}
	}
	if fives != 1 {
		t.Errorf("%d tables of five for 5 players", fives)
	}
}
