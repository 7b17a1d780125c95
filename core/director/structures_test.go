package director_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/core/standings"
	"tablekeeper/internal/testdb"
)

// playOut pairs, publishes and plays rounds with random decisive results
// (draws only where allowed) until the structure has nothing left to pair,
// and returns the rounds played.
func playOut(t *testing.T, d *director.Director, e event.Event, rng *rand.Rand, draws bool) []event.Round {
	t.Helper()
	ctx := context.Background()
	for n := 1; n <= 200; n++ {
		r, err := pairPublished(ctx, d, e.ID)
		if err != nil {
			if errors.Is(err, event.ErrState) && strings.Contains(event.Message(err), "finish the event") {
				rounds, _ := d.Rounds.Rounds(ctx, e.ID)
				return rounds
			}
			t.Fatalf("round %d: %v", n, err)
		}
		bestOf := e.Settings.GamesPerMatch
		if r.BestOf > 0 {
			bestOf = r.BestOf
		}
		need := bestOf/2 + 1
		for _, tb := range r.Tables {
			if tb.Bye {
				continue
			}
			res := win(need, rng.IntN(need))
			if draws && rng.IntN(10) == 0 {
				res = event.Result{Seats: []event.SeatResult{{GamesWon: 0}, {GamesWon: 0}}, GamesDrawn: 1}
			} else if rng.IntN(2) == 0 {
				res.Seats[0], res.Seats[1] = res.Seats[1], res.Seats[0]
			}
			if err := d.Rounds.RecordResult(ctx, e.ID, r.Number, tb.Number, res); err != nil {
				t.Fatalf("round %d table %d: %v", r.Number, tb.Number, err)
			}
		}
	}
	t.Fatal("the structure never ended")
	return nil
}

func seatedOnce(t *testing.T, r event.Round) {
	t.Helper()
	seen := map[event.EntryID]bool{}
	for _, tb := range r.Tables {
		for _, s := range tb.Seats {
			if seen[s.EntryID] {
				t.Fatalf("round %d seats %d twice", r.Number, s.EntryID)
			}
			seen[s.EntryID] = true
		}
	}
}

// Rules X1, X2: Swiss rounds, then the top 8 seeded 1 v 8, 4 v 5, 2 v 7,
// 3 v 6; the champion tops the final standings.
func TestSwissWithTopCut(t *testing.T) {
	ctx, d, e := openEvent(t, "generic", "swiss-top8", func(s *event.Settings) { s.Rounds = 4 })
	es := register(t, d, e.ID, names(16)...)
	rounds := playOut(t, d, e, rand.New(rand.NewPCG(1, 1)), true)
	if len(rounds) != 7 {
		t.Fatalf("%d rounds, want 4 Swiss and 3 of the top 8", len(rounds))
	}
	for i, r := range rounds {
		seatedOnce(t, r)
		want := event.StageSwiss
		if i >= 4 {
			want = event.StageElimination
		}
		if r.Stage != want {
			t.Errorf("round %d stage %s", r.Number, r.Stage)
		}
	}
	qf := rounds[4]
	if len(qf.Tables) != 4 || !strings.Contains(qf.Name.String(), "top 8") || !strings.Contains(qf.Tables[0].Why.String(), "seed 1 v seed 8") {
		t.Errorf("quarter-finals %q %+v", qf.Name, qf.Tables)
	}
	table := mustCall(t, d.Rounds.Standings, e.ID)
	final := rounds[6].Tables[0]
	champion := final.Seats[0].EntryID
	if final.Result.Outcome(1) == event.Win {
		champion = final.Seats[1].EntryID
	}
	if table[0].EntryID != champion || table[0].Rank != 1 || table[1].Rank != 2 || table[2].Rank != 3 || table[3].Rank != 3 || table[4].Rank != 5 || table[8].Rank != 9 {
		t.Errorf("final standings: %v", ranks(table))
	}
	if len(table) != len(es) {
		t.Errorf("%d standings for %d players", len(table), len(es))
	}
	must(t, d.Events.FinishEvent(ctx, e.ID))
}

func names(n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = fmt.Sprintf("Player %02d", i+1)
	}
	return out
}

// Every structure runs from registration to a final standing through the
// director, over several seeds and sizes, with every player seated at most
// once a round.
func TestEveryStructureRunsToTheEnd(t *testing.T) {
	for _, c := range []struct {
		game, format string
		change       func(*event.Settings)
		players      []int
	}{
		{"generic", "single-elimination", nil, []int{2, 5, 8, 13}},
		{"generic", "single-elimination", func(s *event.Settings) { s.Playoff.ThirdPlace = true }, []int{8}},
		{"generic", "double-elimination", nil, []int{3, 8, 11}},
		{"generic", "double-elimination", func(s *event.Settings) { s.Double = true }, []int{6}},
		{"generic", "round-robin", nil, []int{2, 5, 8}},
		{"generic", "round-robin", func(s *event.Settings) { s.Double = true }, []int{4}},
		{"keyforge", "archon-standard", nil, []int{6, 12, 30}},
		{"heresy", "armageddon", nil, []int{7, 16}},
		{"heresy", "armageddon", func(s *event.Settings) { s.Double = true }, []int{9}},
	} {
		for _, n := range c.players {
			t.Run(fmt.Sprintf("%s/%s/%d", c.game, c.format, n), func(t *testing.T) {
				ctx, d, e := openEvent(t, c.game, c.format, c.change)
				register(t, d, e.ID, names(n)...)
				rounds := playOut(t, d, e, rand.New(rand.NewPCG(uint64(n), 3)), e.Settings.Structure == event.StructureRoundRobin)
				for _, r := range rounds {
					seatedOnce(t, r)
					if e.Settings.Structure == event.StructureKeyForge && r.Stage == event.StagePlayoff && r.BestOf != 3 {
						t.Errorf("K6 playoff round %d is best of %d", r.Number, r.BestOf)
					}
				}
				if c.format == "round-robin" {
					met := map[[2]event.EntryID]int{}
					for _, r := range rounds {
						for _, tb := range r.Tables {
							if len(tb.Seats) == 2 {
								met[[2]event.EntryID{min(tb.Seats[0].EntryID, tb.Seats[1].EntryID), max(tb.Seats[0].EntryID, tb.Seats[1].EntryID)}]++
							}
						}
					}
					times := 1
					if e.Settings.Double {
						times = 2
					}
					if len(met) != n*(n-1)/2 {
						t.Errorf("%d pairs met, want %d", len(met), n*(n-1)/2)
					}
					for k, v := range met {
						if v != times {
							t.Errorf("%v met %d times", k, v)
						}
					}
				}
				table, err := d.Rounds.Standings(ctx, e.ID)
				if err != nil || len(table) != n || table[0].Rank != 1 {
					t.Fatalf("standings %v %v", table, err)
				}
				must(t, d.Events.FinishEvent(ctx, e.ID))
			})
		}
	}
}

// Rule K10: a player who drops from a bracket hands the next match to the
// opponent (a walkover, stored as a won bye).
func TestBracketDropIsAWalkover(t *testing.T) {
	ctx, d, e := openEvent(t, "generic", "single-elimination", nil)
	es := register(t, d, e.ID, names(8)...)
	r1 := mustPair(t, ctx, d, e.ID)
	for _, tb := range r1.Tables {
		must(t, d.Rounds.RecordResult(ctx, e.ID, 1, tb.Number, win(2, 0)))
	}
	winner := r1.Tables[0].Seats[0].EntryID
	must(t, d.Registration.Drop(ctx, winner))
	r2 := mustPair(t, ctx, d, e.ID)
	walkovers := 0
	for _, tb := range r2.Tables {
		for _, s := range tb.Seats {
			if s.EntryID == winner {
				t.Fatal("a dropped player was paired")
			}
		}
		if tb.Bye {
			walkovers++
			if tb.Result == nil || !strings.Contains(tb.Why.String(), "walkover") && !strings.Contains(tb.Why.String(), "withdr") {
				t.Errorf("walkover table %+v", tb)
			}
		}
	}
	if walkovers != 1 || len(r2.Tables) != 2 {
		t.Errorf("semi-finals %+v", r2.Tables)
	}
	_ = es
}

func TestDraftsCanBeSwappedFixedAndPairedAgain(t *testing.T) {
	ctx, d, e := alteredEvent(t, "standard-bo3")
	es := register(t, d, e.ID, names(7)...)
	r := mustCall(t, d.Rounds.PairNextRound, e.ID)
	if r.Published() {
		t.Fatal("a new round is published before the organizer looks at it")
	}
	if err := d.Rounds.RecordResult(ctx, e.ID, 1, 1, win(2, 0)); !errors.Is(err, event.ErrState) {
		t.Fatalf("result on a draft: %v", err)
	}
	// Swap a seated player with the bye.
	a, bye := r.Tables[0].Seats[0].EntryID, r.Tables[3].Seats[0].EntryID
	if !r.Tables[3].Bye {
		t.Fatalf("tables %+v", r.Tables)
	}
	must(t, d.Drafts.SwapPlayers(ctx, e.ID, 1, a, bye))
	rounds, _ := d.Rounds.Rounds(ctx, e.ID)
	if got := rounds[0].Tables[0].Seats[0].EntryID; got != bye || rounds[0].Tables[3].Seats[0].EntryID != a || rounds[0].Tables[3].Result == nil {
		t.Errorf("after the swap: %+v", rounds[0].Tables)
	}
	if !strings.Contains(rounds[0].Tables[0].Why.String(), "changed by the organizer") {
		t.Errorf("why %q", rounds[0].Tables[0].Why)
	}
	same := r.Tables[1].Seats
	if err := d.Drafts.SwapPlayers(ctx, e.ID, 1, same[0].EntryID, same[1].EntryID); !errors.Is(err, event.ErrInvalid) {
		t.Errorf("swap at one table: %v", err)
	}
	// A fixed table renumbers the draft at once.
	fixed := rounds[0].Tables[2].Seats[1].EntryID
	fixTableNine(t, d, e.ID, fixed, es[0].ID)
	// Pairing again makes a new draft with a new seed.
	again := mustCall(t, d.Drafts.RepairRound, e.ID)
	if again.Number != 1 || again.Seed == r.Seed || again.Published() {
		t.Errorf("paired again: %+v", again)
	}
	if tb, ok := again.TableNumbered(9); !ok || (tb.Seats[0].EntryID != fixed && tb.Seats[1].EntryID != fixed) {
		t.Errorf("the fixed table was not honoured when pairing again: %+v", again.Tables)
	}
	if _, err := d.Rounds.PairNextRound(ctx, e.ID); !errors.Is(err, event.ErrState) {
		t.Errorf("paired round 2 over a draft: %v", err)
	}
	must(t, d.Drafts.PublishRound(ctx, e.ID, 1))
	if err := d.Drafts.SwapPlayers(ctx, e.ID, 1, a, bye); !errors.Is(err, event.ErrState) {
		t.Errorf("swapped a published round: %v", err)
	}
	if _, err := d.Drafts.RepairRound(ctx, e.ID); !errors.Is(err, event.ErrState) {
		t.Errorf("paired a published round again: %v", err)
	}
	draftLogSays(t, d, e.ID, "swapped seats", "table 9 fixed for", "withdrawn to pair again", "round 1 published")
}

// fixTableNine fixes player fixed at table 9, refuses a second player
// there (first, unless it is fixed), and checks the draft renumbered at
// once, in table number order.
func fixTableNine(t *testing.T, d *director.Director, id event.EventID, fixed, first event.EntryID) {
	t.Helper()
	ctx := context.Background()
	must(t, d.Drafts.FixTable(ctx, fixed, 9))
	if err := d.Drafts.FixTable(ctx, first, 9); !errors.Is(err, event.ErrConflict) && first != fixed {
		t.Errorf("two players fixed at table 9: %v", err)
	}
	rounds, _ := d.Rounds.Rounds(ctx, id)
	if tb, ok := rounds[0].TableNumbered(9); !ok || (tb.Seats[0].EntryID != fixed && tb.Seats[1].EntryID != fixed) || !strings.Contains(tb.Why.String(), "fixed table for") {
		t.Errorf("fixed table: %+v", rounds[0].Tables)
	}
	for i := 1; i < len(rounds[0].Tables); i++ {
		a, b := rounds[0].Tables[i-1], rounds[0].Tables[i]
		if !b.Bye && (a.Bye || a.Number > b.Number) {
			t.Errorf("tables out of number order: %d before %d", a.Number, b.Number)
		}
	}
}

// draftLogSays checks the event's log has each of wants.
func draftLogSays(t *testing.T, d *director.Director, id event.EventID, wants ...string) {
	t.Helper()
	joined := testdb.Log(t, d, id)
	for _, want := range wants {
		if !strings.Contains(joined, want) {
			t.Errorf("the log lacks %q:\n%s", want, joined)
		}
	}
}

func ranks(table []standings.Standing) []int {
	out := make([]int, len(table))
	for i, s := range table {
		out[i] = s.Rank
	}
	return out
}

func TestDraftsDoNotCountAndCanBeWithdrawn(t *testing.T) {
	ctx, d, e := alteredEvent(t, "standard-bo3")
	register(t, d, e.ID, names(5)...)
	r := mustCall(t, d.Rounds.PairNextRound, e.ID)
	table, _ := d.Rounds.Standings(ctx, e.ID)
	for _, s := range table {
		if s.Points != 0 || s.Byes != 0 {
			t.Fatalf("a draft's bye counts in the standings: %+v", s)
		}
	}
	if err := d.Events.FinishEvent(ctx, e.ID); !errors.Is(err, event.ErrState) {
		t.Errorf("finished over a draft: %v", err)
	}
	must(t, d.Drafts.WithdrawRound(ctx, e.ID))
	got, _ := d.Events.Event(ctx, e.ID)
	rounds, _ := d.Rounds.Rounds(ctx, e.ID)
	if len(rounds) != 0 || got.State != event.StateRegistration {
		t.Fatalf("after withdrawing round 1: %d rounds, state %s", len(rounds), got.State)
	}
	// Round 2 withdrawn leaves the event running with round 1.
	mustPair(t, ctx, d, e.ID)
	rounds, _ = d.Rounds.Rounds(ctx, e.ID)
	for _, tb := range rounds[0].Tables {
		if !tb.Bye {
			must(t, d.Rounds.RecordResult(ctx, e.ID, 1, tb.Number, win(2, 0)))
		}
	}
	if _, err := d.Rounds.PairNextRound(ctx, e.ID); err != nil {
		t.Fatal(err)
	}
	must(t, d.Drafts.WithdrawRound(ctx, e.ID))
	got, _ = d.Events.Event(ctx, e.ID)
	if rounds, _ = d.Rounds.Rounds(ctx, e.ID); len(rounds) != 1 || got.State != event.StateRunning {
		t.Errorf("after withdrawing round 2: %d rounds, state %s", len(rounds), got.State)
	}
	if err := d.Drafts.WithdrawRound(ctx, e.ID); !errors.Is(err, event.ErrState) {
		t.Errorf("withdrew a published round: %v", err)
	}
	_ = r
}

// Swiss round 1 by seeding: seeded players meet top half against bottom
// half; seeds are unique and fixed once round 1 is paired.
func TestSwissRoundOneBySeed(t *testing.T) {
	ctx, d, e := alteredEvent(t, "standard-bo3")
	es := register(t, d, e.ID, names(8)...)
	for i, en := range es {
		must(t, d.Registration.SetSeed(ctx, en.ID, 8-i))
	}
	if err := d.Registration.SetSeed(ctx, es[0].ID, 7); !errors.Is(err, event.ErrConflict) {
		t.Errorf("a seed twice: %v", err)
	}
	r := mustCall(t, d.Rounds.PairNextRound, e.ID)
	// Seed s is es[8-s]: table 1 is seed 1 v seed 5.
	if a, b := r.Tables[0].Seats[0].EntryID, r.Tables[0].Seats[1].EntryID; a != es[7].ID || b != es[3].ID || !strings.Contains(r.Tables[0].Why.String(), "seed 1 v seed 5") {
		t.Errorf("table 1: %v v %v (%s)", a, b, r.Tables[0].Why)
	}
	if err := d.Registration.SetSeed(ctx, es[0].ID, 9); !errors.Is(err, event.ErrState) {
		t.Errorf("a seed after round 1: %v", err)
	}
}

// Rule S14, SWS 7.0 b: "Players will draft with no fewer than six packs and
// no more than 10 packs." The director refuses a Whirlpool of Blood event
// made or changed to 5 or 11 packs, and keeps the settings it had.
func TestS14WhirlpoolOfBloodRefusesFiveAndElevenPacks(t *testing.T) {
	ctx, d, e := openEvent(t, "shadowfist", "whirlpool-of-blood", func(s *event.Settings) { s.Draft.Packs = 10 })
	for _, packs := range []int{5, 11} {
		s := e.Settings
		s.Draft.Packs = packs
		if err := d.Events.UpdateSettings(ctx, e.ID, s); !errors.Is(err, event.ErrInvalid) || !strings.Contains(err.Error(), "7.0 b") {
			t.Errorf("%d packs: %v", packs, err)
		}
		if _, err := d.Events.CreateEvent(ctx, director.NewEvent{Name: "W", Game: "shadowfist", Format: "whirlpool-of-blood", Settings: &s}); !errors.Is(err, event.ErrInvalid) {
			t.Errorf("a new event of %d packs: %v", packs, err)
		}
	}
	got, err := d.Events.Event(ctx, e.ID)
	if err != nil || got.Settings.Draft.Packs != 10 {
		t.Errorf("the settings kept: %+v, %v", got.Settings.Draft, err)
	}
}
