package director_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/internal/testdb"
)

// phoneOf is the session of a player's phone, as the web gives the
// director once her player code was checked.
func phoneOf(e event.Event, en event.Entry) director.PlayerSession {
	return director.PlayerSession{Event: e.ID, Entry: en.ID, Name: en.Name, Device: "phone-" + fmt.Sprint(en.ID)}
}

// dropEvent is an Altered event of n players playing six Swiss rounds,
// with the settings changed,
// its director made with the random source seeded by seed.
func dropEvent(t *testing.T, seed uint64, n int, change func(*event.Settings)) (*director.Director, event.Event, []event.Entry) {
	t.Helper()
	step := testdb.Stepping(friday.AddDate(0, 0, 7))
	d := testdb.Director(testdb.Open(t), step, seed, 7)
	ctx := context.Background()
	e, err := d.Events.CreateEvent(ctx, director.NewEvent{Name: "Regional", Game: "altered", Format: "standard-bo3"})
	must(t, err)
	// Swiss rounds only, six of them: every round pairs every player
	// still in.
	s := e.Settings
	s.Structure, s.Rounds, s.Playoff = event.StructureSwiss, 6, event.PlayoffSettings{}
	if change != nil {
		change(&s)
	}
	must(t, d.Events.UpdateSettings(ctx, e.ID, s))
	e.Settings = s
	var entries []event.Entry
	for i := range n {
		entries = append(entries, register(t, d, e.ID, fmt.Sprintf("Player %02d", i))...)
	}
	return d, e, entries
}

// playDrawn records a result on every open table of round n, the winner
// drawn from rng.
func playDrawn(t *testing.T, d *director.Director, id event.EventID, n int, rng *rand.Rand) {
	t.Helper()
	sh, err := d.Rounds.RoundSheet(context.Background(), id, n)
	must(t, err)
	for _, tb := range sh.Tables {
		if tb.Bye || tb.Result != nil {
			continue
		}
		games := (max(sh.Round.BestOf, sh.Event.Settings.GamesPerMatch) + 1) / 2
		res := win(games, 0)
		if rng != nil && rng.IntN(2) == 0 {
			res = win(0, games)
		}
		must(t, d.Rounds.RecordResult(context.Background(), id, n, tb.Number, res))
	}
}

func TestARequestToDropWaitsForTheOrganizer(t *testing.T) {
	ctx := context.Background()
	d, e, entries := dropEvent(t, 1, 6, nil)
	rng := rand.New(rand.NewPCG(1, 1))
	mustPair(t, ctx, d, e.ID)
	ada := phoneOf(e, entries[0])
	q := askAndWait(t, d, e, ada)
	// The desk accepts during round 1: she keeps round 1 and its result.
	must(t, d.Drops.AcceptDrop(ctx, e.ID, q.ID))
	if err := d.Drops.AcceptDrop(ctx, e.ID, q.ID); err == nil || !errors.Is(err, event.ErrState) {
		t.Fatalf("accepted twice: %v; want already dealt with", err)
	}
	if en := entryOf(t, d, e.ID, entries[0].ID); en.Status != event.EntryDropped || en.DroppedAfter != 1 {
		t.Fatalf("accepted: %+v; want dropped after round 1", en)
	}
	if v := mustCall(t, d.Drops.DropOf, ada); v.View != director.DropDone || v.DroppedAfter != 1 {
		t.Fatalf("her phone: %+v; want dropped after round 1", v)
	}
	if open, _ := d.Drops.OpenDropRequests(ctx, e.ID); len(open) != 0 {
		t.Fatalf("still open: %+v", open)
	}
	playDrawn(t, d, e.ID, 1, rng)
	r2 := mustPair(t, ctx, d, e.ID)
	if seated(r2)[entries[0].ID] {
		t.Fatal("round 2 paired the player whose drop was accepted")
	}
	if r1 := roundOf(t, d, e.ID, 1); !seated(r1)[entries[0].ID] {
		t.Fatal("round 1 lost her match")
	}
	if _, err := d.Drops.RequestDrop(ctx, ada); err == nil || !strings.Contains(err.Error(), "you have already left Regional, after round 1") {
		t.Fatalf("asked after dropping: %v; want a sentence saying she left", err)
	}
}

// askAndWait has ada ask to drop, twice, during round 1 and checks that
// her request waits for the organizer, changing nothing yet.
func askAndWait(t *testing.T, d *director.Director, e event.Event, ada director.PlayerSession) event.DropRequest {
	t.Helper()
	ctx := context.Background()
	if v := mustCall(t, d.Drops.DropOf, ada); v.View != director.DropCanAsk || v.Rounds != 1 {
		t.Fatalf("before asking: %+v; want can-ask with 1 round paired", v)
	}
	q, err := d.Drops.RequestDrop(ctx, ada)
	if err != nil || !q.Open() || q.Round != 1 || q.EntryID != ada.Entry || q.Device != ada.Device {
		t.Fatalf("RequestDrop = %+v, %v; want an open request after round 1 from her phone", q, err)
	}
	// Twice, or from her second phone: the same request.
	ada2 := ada
	ada2.Device = "her-tablet"
	if again, err := d.Drops.RequestDrop(ctx, ada2); err != nil || again.ID != q.ID {
		t.Fatalf("asked again: %+v, %v; want request %d again", again, err, q.ID)
	}
	open, err := d.Drops.OpenDropRequests(ctx, e.ID)
	if err != nil || len(open) != 1 || open[0].Name != ada.Name || open[0].ID != q.ID {
		t.Fatalf("OpenDropRequests = %+v, %v; want Ada's one request", open, err)
	}
	if v := mustCall(t, d.Drops.DropOf, ada); v.View != director.DropWaiting || v.Round != 1 {
		t.Fatalf("waiting: %+v", v)
	}
	if en := entryOf(t, d, e.ID, ada.Entry); !en.Active() {
		t.Fatalf("an open request dropped her: %+v", en)
	}
	log := testdb.Log(t, d, e.ID)
	if !strings.Contains(log, "Player 00 asked to drop after round 1: waiting for the organizer (player's phone, device "+ada.Device+")") {
		t.Fatalf("the log does not say who asked from which phone:\n%s", log)
	}
	return q
}

func TestRefusedAndWithdrawnRequestsKeepThePlayerIn(t *testing.T) {
	ctx := context.Background()
	d, e, entries := dropEvent(t, 2, 4, nil)
	bob := phoneOf(e, entries[1])
	if err := d.Drops.WithdrawDrop(ctx, bob); err == nil || !strings.Contains(err.Error(), "no request to drop waiting") {
		t.Fatalf("withdraw without a request: %v", err)
	}
	q, err := d.Drops.RequestDrop(ctx, bob)
	if err != nil || q.Round != 0 {
		t.Fatalf("before round 1: %+v, %v", q, err)
	}
	must(t, d.Drops.WithdrawDrop(ctx, bob))
	if v := mustCall(t, d.Drops.DropOf, bob); v.View != director.DropCanAsk {
		t.Fatalf("withdrawn: %+v; want can-ask", v)
	}
	if err := d.Drops.AcceptDrop(ctx, e.ID, q.ID); !errors.Is(err, event.ErrState) {
		t.Fatalf("accepting a withdrawn request: %v", err)
	}
	q2, err := d.Drops.RequestDrop(ctx, bob)
	if err != nil || q2.ID == q.ID {
		t.Fatalf("asked again after withdrawing: %+v, %v; want a new request", q2, err)
	}
	must(t, d.Drops.RefuseDrop(ctx, e.ID, q2.ID))
	if v := mustCall(t, d.Drops.DropOf, bob); v.View != director.DropKeptIn {
		t.Fatalf("refused: %+v; want kept-in", v)
	}
	if en := entryOf(t, d, e.ID, bob.Entry); !en.Active() {
		t.Fatalf("refused, yet %+v", en)
	}
	// Another event's desk cannot act on it.
	if err := d.Drops.RefuseDrop(ctx, e.ID+1, q2.ID); !errors.Is(err, event.ErrNotFound) {
		t.Fatalf("another event: %v", err)
	}
	log := testdb.Log(t, d, e.ID)
	for _, want := range []string{"Player 01 withdrew the request to drop (player's phone, device " + bob.Device + ")",
		"request to drop of Player 01 refused: kept in the event", "asked to drop before round 1"} {
		if !strings.Contains(log, want) {
			t.Fatalf("log lacks %q:\n%s", want, log)
		}
	}
}

func TestADropBeforeRoundOneLeavesTheEvent(t *testing.T) {
	ctx := context.Background()
	d, e, entries := dropEvent(t, 3, 5, func(s *event.Settings) { s.PhoneDropsWithoutApproval = true })
	q, err := d.Drops.RequestDrop(ctx, phoneOf(e, entries[4]))
	if err != nil || q.State != event.DropAccepted || q.Round != 0 {
		t.Fatalf("without approval before round 1: %+v, %v", q, err)
	}
	en := entryOf(t, d, e.ID, entries[4].ID)
	if en.Status != event.EntryDropped || en.DroppedAfter != 0 {
		t.Fatalf("%+v; want dropped before round 1", en)
	}
	r1 := mustPair(t, ctx, d, e.ID)
	if seated(r1)[en.ID] || len(r1.Tables) != 2 {
		t.Fatalf("round 1 of 4 players has %d tables, with her: %v", len(r1.Tables), seated(r1)[en.ID])
	}
	// No loss for a round she never played (not a no-show).
	playDrawn(t, d, e.ID, 1, nil)
	st := mustCall(t, d.Rounds.Standings, e.ID)
	for _, s := range st {
		if s.EntryID == en.ID && (s.Matches != 0 || s.Losses != 0 || s.Points != 0) {
			t.Fatalf("standings give her a match: %+v", s)
		}
	}
	if !strings.Contains(testdb.Log(t, d, e.ID), "dropped: Player 04, before round 1") {
		t.Fatal("the log does not say she dropped before round 1")
	}
}

func TestNoDropFromAFinishedEvent(t *testing.T) {
	ctx := context.Background()
	d, e, entries := dropEvent(t, 4, 4, nil)
	rng := rand.New(rand.NewPCG(4, 4))
	mustPair(t, ctx, d, e.ID)
	q, err := d.Drops.RequestDrop(ctx, phoneOf(e, entries[0]))
	must(t, err)
	playDrawn(t, d, e.ID, 1, rng)
	must(t, d.Events.FinishEvent(ctx, e.ID))
	if _, err := d.Drops.RequestDrop(ctx, phoneOf(e, entries[1])); err == nil || !strings.Contains(err.Error(), "Regional is over") {
		t.Fatalf("asked after the end: %v", err)
	}
	if err := d.Drops.WithdrawDrop(ctx, phoneOf(e, entries[0])); err == nil || !strings.Contains(err.Error(), "Regional is over") {
		t.Fatalf("withdrawn after the end: %v", err)
	}
	if err := d.Drops.AcceptDrop(ctx, e.ID, q.ID); !errors.Is(err, event.ErrState) {
		t.Fatalf("accepted after the end: %v", err)
	}
	if v := mustCall(t, d.Drops.DropOf, phoneOf(e, entries[1])); v.View != director.DropClosed {
		t.Fatalf("after the end: %+v; want closed", v)
	}
}

func TestTheDeskDroppingAPlayerClosesHerRequest(t *testing.T) {
	ctx := context.Background()
	d, e, entries := dropEvent(t, 5, 4, nil)
	if _, err := d.Drops.RequestDrop(ctx, phoneOf(e, entries[2])); err != nil {
		t.Fatal(err)
	}
	must(t, d.Registration.Drop(ctx, entries[2].ID))
	if open, _ := d.Drops.OpenDropRequests(ctx, e.ID); len(open) != 0 {
		t.Fatalf("a dropped player's request is still open: %+v", open)
	}
	// Accepting everything left drops nobody else.
	must(t, d.Registration.Reinstate(ctx, entries[2].ID))
	if _, err := d.Drops.RequestDrop(ctx, phoneOf(e, entries[2])); err != nil {
		t.Fatal(err)
	}
	if _, err := d.Drops.RequestDrop(ctx, phoneOf(e, entries[3])); err != nil {
		t.Fatal(err)
	}
	names, err := d.Drops.AcceptAllDrops(ctx, e.ID)
	if err != nil || !reflect.DeepEqual(names, []string{"Player 02", "Player 03"}) {
		t.Fatalf("AcceptAllDrops = %v, %v", names, err)
	}
	for _, en := range entries {
		if got := entryOf(t, d, e.ID, en.ID); got.Active() == (en.ID == entries[2].ID || en.ID == entries[3].ID) {
			t.Fatalf("%s: %s", got.Name, got.Status)
		}
	}
}

// seated is every entry with a seat in round r.
func seated(r event.Round) map[event.EntryID]bool {
	out := map[event.EntryID]bool{}
	for _, tb := range r.Tables {
		for _, s := range tb.Seats {
			out[s.EntryID] = true
		}
	}
	return out
}

// seatings says each round's tables by entry, to compare two events.
func seatings(t *testing.T, d *director.Director, id event.EventID) string {
	t.Helper()
	rounds, err := d.Rounds.Rounds(context.Background(), id)
	must(t, err)
	var b strings.Builder
	for _, r := range rounds {
		fmt.Fprintf(&b, "round %d:", r.Number)
		for _, tb := range r.Tables {
			fmt.Fprintf(&b, " %d[", tb.Number)
			for _, s := range tb.Seats {
				fmt.Fprintf(&b, "%d ", s.EntryID)
			}
			b.WriteString("]")
		}
		b.WriteString("\n")
	}
	return b.String()
}

// Over seeded random events, open requests (some withdrawn, some refused)
// never change a pairing: the same event played with the same random
// source and no request is paired table for table the same.
func TestOpenDropRequestsNeverChangePairings(t *testing.T) {
	ctx := context.Background()
	for seed := uint64(1); seed <= 12; seed++ {
		t.Run(fmt.Sprint(seed), func(t *testing.T) {
			rng := rand.New(rand.NewPCG(seed, 99))
			n := 6 + rng.IntN(14)
			rounds := 3 + rng.IntN(3)
			asked, e, entries := dropEvent(t, seed, n, nil)
			quiet, qe, _ := dropEvent(t, seed, n, nil)
			results := rand.New(rand.NewPCG(seed, 1))
			twin := rand.New(rand.NewPCG(seed, 1))
			for r := 1; r <= rounds; r++ {
				for range rng.IntN(4) {
					ps := phoneOf(e, entries[rng.IntN(n)])
					q, err := asked.Drops.RequestDrop(ctx, ps)
					must(t, err)
					switch rng.IntN(3) {
					case 0:
						err = asked.Drops.WithdrawDrop(ctx, ps)
					case 1:
						err = asked.Drops.RefuseDrop(ctx, e.ID, q.ID)
					}
					must(t, err)
				}
				if _, err := pairPublished(ctx, asked, e.ID); err != nil {
					t.Fatal(err)
				}
				if _, err := pairPublished(ctx, quiet, qe.ID); err != nil {
					t.Fatal(err)
				}
				playDrawn(t, asked, e.ID, r, results)
				playDrawn(t, quiet, qe.ID, r, twin)
			}
			if a, b := seatings(t, asked, e.ID), seatings(t, quiet, qe.ID); a != b {
				t.Fatalf("open requests changed the pairings:\nwith requests:\n%s\nwithout:\n%s", a, b)
			}
		})
	}
}

// Over seeded random events, a player whose request was accepted (or
// applied at once, without approval) is never paired after the round she
// was in, plays that round out, and keeps every result she played.
func TestAcceptedDropsAreNeverPairedAgainAndKeepTheirResults(t *testing.T) {
	ctx := context.Background()
	for seed := uint64(1); seed <= 16; seed++ {
		t.Run(fmt.Sprint(seed), func(t *testing.T) {
			rng := rand.New(rand.NewPCG(seed, 42))
			auto := seed%2 == 0
			n := 8 + rng.IntN(16)
			d, e, entries := dropEvent(t, seed, n, func(s *event.Settings) { s.PhoneDropsWithoutApproval = auto })
			results := rand.New(rand.NewPCG(seed, 3))
			after := map[event.EntryID]int{} // the round she asked in
			kept := map[string]*event.Result{}
			for r := 1; r <= 5; r++ {
				mustPair(t, ctx, d, e.ID)
				// Some ask during the round; the desk accepts.
				for range rng.IntN(3) {
					en := entries[rng.IntN(n)]
					if _, done := after[en.ID]; done || n-len(after) <= 4 {
						continue
					}
					q, err := d.Drops.RequestDrop(ctx, phoneOf(e, en))
					must(t, err)
					if !auto {
						if q.State != event.DropOpen {
							t.Fatalf("with approval, the request is %s", q.State)
						}
						must(t, d.Drops.AcceptDrop(ctx, e.ID, q.ID))
					} else if q.State != event.DropAccepted {
						t.Fatalf("without approval, the request is %s", q.State)
					}
					after[en.ID] = r
				}
				playDrawn(t, d, e.ID, r, results)
				for _, tb := range roundOf(t, d, e.ID, r).Tables {
					kept[fmt.Sprint(r, "/", tb.Number)] = tb.Result
				}
			}
			all := mustCall(t, d.Rounds.Rounds, e.ID)
			for id, k := range after {
				if en := entryOf(t, d, e.ID, id); en.Status != event.EntryDropped || en.DroppedAfter != k {
					t.Fatalf("%s asked in round %d: %s after %d", en.Name, k, en.Status, en.DroppedAfter)
				}
				for _, r := range all {
					if in := seated(r)[id]; in != (r.Number <= k) {
						t.Fatalf("entry %d, dropped after round %d, seated in round %d: %v", id, k, r.Number, in)
					}
				}
			}
			for _, r := range all {
				for _, tb := range r.Tables {
					if !reflect.DeepEqual(kept[fmt.Sprint(r.Number, "/", tb.Number)], tb.Result) {
						t.Fatalf("round %d table %d changed its result", r.Number, tb.Number)
					}
				}
			}
		})
	}
}
