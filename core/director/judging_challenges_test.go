package director_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
)

// Rule S10, Who Wants Some?: each challenge game is recorded as it is
// played, as a published round of one table; a game won is a point; the
// standings rank the totals, equal totals sharing a place.
func TestWhoWantsSomeChallenges(t *testing.T) {
	ctx, d, e := openEvent(t, "shadowfist", "who-wants-some", nil)
	p := register(t, d, e.ID, "Ada", "Bob", "Cy", "Dee", "Eve", "Fay")
	ada, bob, cy, dee := p[0].ID, p[1].ID, p[2].ID, p[3].ID

	if _, err := d.Rounds.PairNextRound(ctx, e.ID); !errors.Is(err, director.ErrNoRoundsToPair) || !errors.Is(err, event.ErrState) {
		t.Fatalf("pairing a challenge event: %v", err)
	}
	r, err := d.Judging.RecordChallenge(ctx, e.ID, []event.EntryID{ada, bob, cy}, ada)
	must(t, err)
	if r.Number != 1 || !r.Published() || len(r.Tables) != 1 || r.Tables[0].Why.String() != director.ChallengeWhy().String() || r.Tables[0].Result == nil {
		t.Fatalf("challenge round %+v", r)
	}
	if got := r.Tables[0].Entries(); len(got) != 3 || got[0] != ada || got[1] != bob || got[2] != cy {
		t.Errorf("seats %v, want the order given", got)
	}
	if ev, _ := d.Events.Event(ctx, e.ID); ev.State != event.StateRunning {
		t.Errorf("state after the first game %s, want running", ev.State)
	}
	for _, g := range []struct {
		players []event.EntryID
		winner  event.EntryID
	}{
		{[]event.EntryID{bob, cy}, bob},
		{[]event.EntryID{dee, ada, bob, cy, p[4].ID}, ada},
		{[]event.EntryID{cy, dee}, dee},
	} {
		if _, err := d.Judging.RecordChallenge(ctx, e.ID, g.players, g.winner); err != nil {
			t.Fatal(err)
		}
	}
	checkChallengesViewAndLog(t, d, e.ID)

	if got := challengePoints(t, d, e.ID, ada); got[ada] != 2 || got[bob] != 1 || got[dee] != 1 || got[cy] != 0 {
		t.Errorf("points %v, want games won", got)
	}

	// A correction goes through RecordResult: game 2 was won by Cy.
	fix := event.Result{Seats: []event.SeatResult{{}, {Place: 1}}}
	must(t, d.Rounds.RecordResult(ctx, e.ID, 2, 1, fix))
	table, _ := d.Rounds.Standings(ctx, e.ID)
	got := map[event.EntryID]int{}
	for _, s := range table {
		got[s.EntryID] = s.Points
	}
	if got[bob] != 0 || got[cy] != 1 {
		t.Errorf("after the correction %v", got)
	}
	must(t, d.Events.FinishEvent(ctx, e.ID))
}

// checkChallengesViewAndLog: the Round tab reads the players and the
// four games in one view, and the log says the first game.
func checkChallengesViewAndLog(t *testing.T, d *director.Director, id event.EventID) {
	t.Helper()
	v := mustCall(t, d.Views.ChallengesView, id)
	if v.Event.ID != id || len(v.Entries) != 6 || len(v.Games) != 4 || v.Games[3].Tables[0].Result == nil {
		t.Errorf("the challenges view: event %d, %d entries, %d games", v.Event.ID, len(v.Entries), len(v.Games))
	}
	log := mustCall(t, d.Events.Log, id)
	var all []string
	for _, l := range log {
		all = append(all, l.Message.String())
	}
	if !strings.Contains(strings.Join(all, "\n"), "challenge game 1: Ada won against Bob, Cy") {
		t.Errorf("log %q lacks the first game", all)
	}
}

// challengePoints is each entry's points in the standings, which rank Ada
// first and Bob and Dee second.
func challengePoints(t *testing.T, d *director.Director, id event.EventID, ada event.EntryID) map[event.EntryID]int {
	t.Helper()
	table, err := d.Rounds.Standings(context.Background(), id)
	must(t, err)
	out := map[event.EntryID]int{}
	for _, s := range table {
		out[s.EntryID] = s.Points
	}
	if table[0].EntryID != ada || table[0].Rank != 1 || table[1].Rank != 2 || table[2].Rank != 2 {
		t.Errorf("standings %+v: Ada first, Bob and Dee share second", table[:3])
	}
	return out
}

func TestChallengeGamesAreChecked(t *testing.T) {
	ctx, d, e := openEvent(t, "shadowfist", "who-wants-some", nil)
	p := register(t, d, e.ID, "Ada", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus")
	other := eventOf(t, d, "shadowfist", "who-wants-some", nil)
	stranger := register(t, d, other.ID, "Hal")[0]
	must(t, d.Registration.Drop(ctx, p[6].ID))
	ids := func(es ...event.Entry) []event.EntryID {
		var out []event.EntryID
		for _, en := range es {
			out = append(out, en.ID)
		}
		return out
	}
	for _, c := range []struct {
		name    string
		players []event.EntryID
		winner  event.EntryID
	}{
		{"one player", ids(p[0]), p[0].ID},
		{"six players", ids(p[:6]...), p[0].ID},
		{"a player twice", ids(p[0], p[0]), p[0].ID},
		{"a winner who did not play", ids(p[0], p[1]), p[2].ID},
		{"a dropped player", ids(p[0], p[6]), p[0].ID},
		{"a player of another event", ids(p[0], stranger), p[0].ID},
	} {
		if _, err := d.Judging.RecordChallenge(ctx, e.ID, c.players, c.winner); err == nil {
			t.Errorf("%s: accepted", c.name)
		}
	}
	if rounds, _ := d.Rounds.Rounds(ctx, e.ID); len(rounds) != 0 {
		t.Errorf("%d rounds saved by refused games", len(rounds))
	}
	swiss := eventOf(t, d, "shadowfist", "final-brawl", nil)
	q := register(t, d, swiss.ID, "Ida", "Jo")
	if _, err := d.Judging.RecordChallenge(ctx, swiss.ID, ids(q...), q[0].ID); err == nil {
		t.Error("a challenge game recorded in a Swiss event")
	}
}
