package director_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"tablekeeper/core/i18n"
	"testing"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/core/store"
)

var _ director.Store = (*store.DB)(nil)

func TestEventEndToEnd(t *testing.T) {
	ctx, d, e := alteredEvent(t, "standard-bo3")
	if e.Settings.GamesPerMatch != 3 || e.State != event.StateRegistration {
		t.Fatalf("new event %+v", e)
	}
	register(t, d, e.ID, "Ada Lovelace", "Zoë Ødegård", "李小龍", "Bram Berg", "Chiara Rossi")
	for r := 1; r <= 3; r++ {
		round, err := pairPublished(ctx, d, e.ID)
		if err != nil {
			t.Fatalf("round %d: %v", r, err)
		}
		if round.Number != r || len(round.Tables) != 3 || !round.Tables[2].Bye || round.Tables[2].Result == nil {
			t.Fatalf("round %d: %+v", r, round)
		}
		if _, err := pairPublished(ctx, d, e.ID); !errors.Is(err, event.ErrState) {
			t.Fatalf("pairing over a round without results: %v", err)
		}
		for _, tb := range round.Tables[:2] {
			must(t, d.Rounds.RecordResult(ctx, e.ID, r, tb.Number, win(2, 1)))
		}
	}
	must(t, d.Events.FinishEvent(ctx, e.ID))
	table := mustCall(t, d.Rounds.Standings, e.ID)
	total := 0
	for _, s := range table {
		total += s.Points
	}
	// 3 rounds × (2 won matches + 1 bye) × 3 points.
	if total != 27 || table[0].Rank != 1 {
		t.Errorf("points %d, standings %+v", total, table)
	}
	if _, err := pairPublished(ctx, d, e.ID); !errors.Is(err, event.ErrState) {
		t.Errorf("paired a finished event: %v", err)
	}
	if err := d.Rounds.RecordResult(ctx, e.ID, 1, 1, win(0, 2)); !errors.Is(err, event.ErrState) {
		t.Errorf("changed a result of a finished event: %v", err)
	}
	evs, err := d.Events.Events(ctx)
	if err != nil || len(evs) != 1 || evs[0].Players != 5 || evs[0].Round != 3 || evs[0].State != event.StateFinished {
		t.Errorf("events %+v, %v", evs, err)
	}
}

func TestResultsAreCheckedAndCorrectionsLogged(t *testing.T) {
	ctx, d, e := alteredEvent(t, "standard-bo3")
	register(t, d, e.ID, "Ada", "Bram")
	mustPair(t, ctx, d, e.ID)
	for _, c := range []struct {
		table int
		res   event.Result
		want  string
	}{
		{1, win(3, 0), "in a best of 3 nobody wins more than 2 games"},
		{1, win(2, 2), "both players cannot win"},
		{1, event.Result{}, "needs two seats"},
		{1, win(-1, 0), "cannot be negative"},
		{1, win(0, 0), "at least one game"},
		{2, win(2, 0), "round 1 has no table 2"},
	} {
		err := d.Rounds.RecordResult(ctx, e.ID, 1, c.table, c.res)
		if err == nil || !strings.Contains(event.Message(err), c.want) {
			t.Errorf("table %d %+v: got %v, want %q", c.table, c.res, err, c.want)
		}
	}
	if err := d.Rounds.RecordResult(ctx, e.ID, 2, 1, win(2, 0)); !errors.Is(err, event.ErrNotFound) {
		t.Errorf("round 2 before it is paired: %v", err)
	}
	rounds, _ := d.Rounds.Rounds(ctx, e.ID)
	if rounds[0].Tables[0].Result != nil {
		t.Fatal("a rejected result was saved")
	}
	must(t, d.Rounds.RecordResult(ctx, e.ID, 1, 1, win(2, 1)))
	must(t, d.Rounds.RecordResult(ctx, e.ID, 1, 1, win(1, 2)))
	log, _ := d.Events.Log(ctx, e.ID)
	last := log[len(log)-1].Message
	if !strings.Contains(last.String(), "corrected") || !strings.Contains(last.String(), "1–2") || !strings.Contains(last.String(), "(was ") {
		t.Errorf("correction log: %q", last)
	}
	// The line is kept as data, the results inside as messages, and a
	// French reader reads French (stored, then read back from the store).
	if last.Format != "round %d table %d corrected: %s (was %s)" || len(last.Args) != 4 {
		t.Fatalf("correction log stored as %#v", last)
	}
	if _, nested := last.Args[3].(i18n.Text); !nested {
		t.Errorf("the earlier result is stored as %#v, not as a message", last.Args[3])
	}
	if fr := last.In(i18n.French); !strings.HasPrefix(fr, "ronde 1 table 1 corrigée") || !strings.Contains(fr, "(avant\u00a0: ") {
		t.Errorf("correction log in French: %q", fr)
	}
	sheet, err := d.Rounds.RoundSheet(ctx, e.ID, 1)
	if err != nil || sheet.Tables[0].Result.Seats[1].GamesWon != 2 {
		t.Errorf("sheet %+v %v", sheet, err)
	}
}

func TestCheckInDropReinstateAndLateEntry(t *testing.T) {
	ctx, d, e := alteredEvent(t, "standard-bo1")
	es := register(t, d, e.ID, "Ada", "Bram", "Chiara", "Dmitri", "Elif")
	// Once check-in is used, round 1 waits for everyone or a drop.
	for _, en := range es[:4] {
		must(t, d.Registration.CheckIn(ctx, en.ID, true))
	}
	_, err := pairPublished(ctx, d, e.ID)
	if !errors.Is(err, event.ErrState) || !strings.Contains(event.Message(err), "Elif") {
		t.Fatalf("pairing with a player not checked in: %v", err)
	}
	must(t, d.Registration.Drop(ctx, es[4].ID))
	if err := d.Registration.Drop(ctx, es[4].ID); !errors.Is(err, event.ErrState) {
		t.Errorf("dropped twice: %v", err)
	}
	r1 := mustPair(t, ctx, d, e.ID)
	if len(r1.Tables) != 2 {
		t.Fatalf("round 1 tables %+v", r1.Tables)
	}
	for _, tb := range r1.Tables {
		for _, s := range tb.Seats {
			if s.EntryID == es[4].ID {
				t.Fatal("a dropped player was paired")
			}
		}
		must(t, d.Rounds.RecordResult(ctx, e.ID, 1, tb.Number, win(1, 0)))
	}
	// Re-instated Elif and a late entry play from round 2.
	must(t, d.Registration.Reinstate(ctx, es[4].ID))
	late := register(t, d, e.ID, "Farah")[0]
	if late.JoinedRound != 2 || !late.CheckedIn {
		t.Errorf("late entry %+v", late)
	}
	r2 := mustPair(t, ctx, d, e.ID)
	seated := 0
	for _, tb := range r2.Tables {
		seated += len(tb.Seats)
	}
	if seated != 6 {
		t.Errorf("round 2 seats %d players, want 6", seated)
	}
	must(t, d.Registration.Drop(ctx, es[0].ID))
	entries, _ := d.Registration.Entries(ctx, e.ID)
	if entries[0].Status != event.EntryDropped || entries[0].DroppedAfter != 2 {
		t.Errorf("dropped during round 2: %+v", entries[0])
	}
}

func TestRegistrationErrors(t *testing.T) {
	ctx, d, e := alteredEvent(t, "standard-bo3")
	if _, err := d.Registration.RegisterNew(ctx, e.ID, director.NewPlayer{Name: "  "}); !errors.Is(err, event.ErrInvalid) {
		t.Errorf("blank name: %v", err)
	}
	ada, err := d.Registration.RegisterNew(ctx, e.ID, director.NewPlayer{Name: "Ada  Lovelace", MemberNo: "1815"})
	if err != nil || ada.Name != "Ada Lovelace" {
		t.Fatalf("%+v %v", ada, err)
	}
	_, err = d.Registration.RegisterNew(ctx, e.ID, director.NewPlayer{Name: "Charles Babbage", MemberNo: "1815"})
	if !errors.Is(err, event.ErrConflict) || !strings.Contains(event.Message(err), "belongs to Ada Lovelace") {
		t.Errorf("member number of another player: %v", err)
	}
	if _, err := d.Registration.Register(ctx, e.ID, ada.PlayerID); !errors.Is(err, event.ErrConflict) {
		t.Errorf("registered twice: %v", err)
	}
	// The directory remembers Ada for next week's event.
	next := mustEvent(t, d, "standard-bo1")
	again, err := d.Registration.RegisterNew(ctx, next.ID, director.NewPlayer{Name: "ada lovelace", MemberNo: "1815"})
	if err != nil || again.PlayerID != ada.PlayerID {
		t.Errorf("returning player by member number: %+v %v", again, err)
	}
	found, err := d.Registration.FindPlayers(ctx, "love", 10)
	if err != nil || len(found) != 1 || found[0].ID != ada.PlayerID {
		t.Errorf("find: %+v %v", found, err)
	}
	if _, err := d.Events.CreateEvent(ctx, director.NewEvent{Name: "x", Game: "chess", Format: "blitz"}); !errors.Is(err, event.ErrInvalid) {
		t.Errorf("unknown game: %v", err)
	}
	if err := d.Events.FinishEvent(ctx, e.ID); !errors.Is(err, event.ErrState) {
		t.Errorf("finished an event with no rounds: %v", err)
	}
}

func TestSettingsFixedAfterRoundOne(t *testing.T) {
	ctx, d, e := alteredEvent(t, "standard-bo3")
	s := e.Settings
	s.Rounds = 5
	must(t, d.Events.UpdateSettings(ctx, e.ID, s))
	s.GamesPerMatch = 4
	if err := d.Events.UpdateSettings(ctx, e.ID, s); !errors.Is(err, event.ErrInvalid) {
		t.Errorf("best of 4: %v", err)
	}
	register(t, d, e.ID, "Ada", "Bram")
	mustPair(t, ctx, d, e.ID)
	s.GamesPerMatch = 1
	if err := d.Events.UpdateSettings(ctx, e.ID, s); !errors.Is(err, event.ErrState) {
		t.Errorf("changed settings after round 1: %v", err)
	}
	got, _ := d.Events.Event(ctx, e.ID)
	if got.Settings.Rounds != 5 || got.Settings.GamesPerMatch != 3 || got.State != event.StateRunning {
		t.Errorf("event %+v", got)
	}
}

// seededField is a new director with an Altered standard-bo3 event of
// least to least+spread−1 players (Player 00, Player 01…), how many
// drawn from a random source of seed and stream, returned for the test's
// further draws.
func seededField(t *testing.T, seed, stream uint64, least, spread int) (*director.Director, event.Event, *rand.Rand) {
	t.Helper()
	d, _ := newDirector(t)
	rng := rand.New(rand.NewPCG(seed, stream))
	e := mustEvent(t, d, "standard-bo3")
	for i := range least + rng.IntN(spread) {
		register(t, d, e.ID, fmt.Sprintf("Player %02d", i))
	}
	return d, e, rng
}

// Property: whole events through the director, over seeds, with drops and
// late entries: every active player seated exactly once a round, dropped
// players never, no rematch in events small enough to avoid one.
func TestDirectorEventsOverSeeds(t *testing.T) {
	ctx := context.Background()
	for seed := uint64(1); seed <= 12; seed++ {
		t.Run(fmt.Sprint("seed", seed), func(t *testing.T) {
			d, e, rng := seededField(t, seed, 9, 4, 20)
			met := map[[2]event.EntryID]bool{}
			for r := 1; r <= 4; r++ {
				round := mustPair(t, ctx, d, e.ID)
				entries, _ := d.Registration.Entries(ctx, e.ID)
				seated := map[event.EntryID]int{}
				players := 0
				for _, tb := range round.Tables {
					players += len(tb.Seats)
				}
				for _, tb := range round.Tables {
					for _, s := range tb.Seats {
						seated[s.EntryID]++
					}
					if len(tb.Seats) == 2 {
						k := [2]event.EntryID{min(tb.Seats[0].EntryID, tb.Seats[1].EntryID), max(tb.Seats[0].EntryID, tb.Seats[1].EntryID)}
						if met[k] && players >= 8 {
							t.Errorf("round %d: rematch %v", r, k)
						}
						met[k] = true
						a := rng.IntN(3)
						must(t, d.Rounds.RecordResult(ctx, e.ID, r, tb.Number, win(2, a%2)))
					}
				}
				for _, en := range entries {
					want := 0
					if en.Active() && en.JoinedRound <= r {
						want = 1
					}
					if seated[en.ID] != want {
						t.Fatalf("round %d: %s (%s) seated %d times", r, en.Name, en.Status, seated[en.ID])
					}
				}
				if rng.IntN(2) == 0 {
					if err := d.Registration.Drop(ctx, entries[rng.IntN(len(entries))].ID); err != nil && !errors.Is(err, event.ErrState) {
						t.Fatal(err)
					}
				}
				if rng.IntN(3) == 0 {
					register(t, d, e.ID, fmt.Sprintf("Late %d", r))
				}
			}
		})
	}
}
