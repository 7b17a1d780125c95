package tdf_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/core/tdf"
	"tablekeeper/core/transfer"
)

// A generic Swiss event played through the director, with a drop and byes,
// exports as a TOM file that parses back with the same matches: the same
// players at the same tables with the same outcomes, round by round.
func TestExportOfASimulatedSwissEventParsesBack(t *testing.T) {
	doc := playSimulatedSwiss(t)
	back := writeAndParse(t, doc, nil)
	name := map[string]string{}
	for _, p := range back.Players.Player {
		name[p.UserID] = p.Name()
		if after, dropped := p.DroppedAfter(); dropped != (p.Name() == "Player E Test") || dropped && after != 1 {
			t.Errorf("%s: dropped %v after %d", p.Name(), dropped, after)
		}
	}
	if name["7700000"] != "Player A Test" || len(name) != 11 {
		t.Errorf("userids %v: a member number should be the userid", name)
	}
	rounds := back.Pods.Pod[0].Rounds.Round
	if len(rounds) != 3 {
		t.Fatalf("%d rounds exported", len(rounds))
	}
	byes := 0
	for i, r := range rounds {
		var got, want []string
		for _, m := range r.Matches.Match {
			ids := m.UserIDs()
			line := fmt.Sprintf("table %d outcome %d:", m.Table(), m.Result())
			for _, id := range ids {
				line += " " + name[id]
			}
			got = append(got, line)
			if m.Result() == tdf.Bye {
				byes++
			}
		}
		for _, tb := range doc.Rounds[i].Tables {
			line := fmt.Sprintf("table %d outcome %d:", tb.Number, outcomeOf(tb.Bye, tb.Result))
			for _, s := range tb.Seats {
				line += " " + doc.Players[doc.Entries[s-1].Player-1].Name
			}
			want = append(want, line)
		}
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("round %d:\n got %v\nwant %v", i+1, got, want)
		}
	}
	if byes == 0 {
		t.Error("11 players and a drop gave no bye")
	}
}

// playSimulatedSwiss plays three rounds of an 11-player generic Swiss
// event through the director, with a drop after round 1, and exports it.
func playSimulatedSwiss(t *testing.T) transfer.Document {
	t.Helper()
	ctx := context.Background()
	d := newDirector(t)
	e, err := d.Events.CreateEvent(ctx, director.NewEvent{Name: "Thursday Swiss", Game: "generic", Format: "swiss"})
	if err != nil {
		t.Fatal(err)
	}
	var entries []event.Entry
	for i := range 11 {
		np := director.NewPlayer{Name: fmt.Sprintf("Player %c Test", 'A'+i)}
		if i%3 == 0 {
			np.MemberNo = fmt.Sprint(7700000 + i)
		}
		en, err := d.Registration.RegisterNew(ctx, e.ID, np)
		if err != nil {
			t.Fatal(err)
		}
		entries = append(entries, en)
	}
	rng := rand.New(rand.NewPCG(9, 9))
	results := []event.Result{
		{Seats: []event.SeatResult{{GamesWon: 2}, {GamesWon: 0}}},
		{Seats: []event.SeatResult{{GamesWon: 1}, {GamesWon: 2}}},
		{Seats: []event.SeatResult{{GamesWon: 1}, {GamesWon: 1}}, GamesDrawn: 1},
	}
	for r := 1; r <= 3; r++ {
		round, err := d.Rounds.PairNextRound(ctx, e.ID)
		if err != nil {
			t.Fatal(err)
		}
		if err := d.Drafts.PublishRound(ctx, e.ID, round.Number); err != nil {
			t.Fatal(err)
		}
		for _, tb := range round.Tables {
			if tb.Bye {
				continue
			}
			if err := d.Rounds.RecordResult(ctx, e.ID, r, tb.Number, results[rng.IntN(len(results))]); err != nil {
				t.Fatal(err)
			}
		}
		if r == 1 {
			if err := d.Registration.Drop(ctx, entries[4].ID); err != nil {
				t.Fatal(err)
			}
		}
	}
	return exportDoc(t, d, e.ID)
}

// outcomeOf is the TOM outcome a director table should export as.
func outcomeOf(bye bool, res *transfer.Result) int {
	switch {
	case bye:
		return 5
	case res == nil:
		return 0
	case res.Seats[0].GamesWon > res.Seats[1].GamesWon:
		return 1
	case res.Seats[0].GamesWon < res.Seats[1].GamesWon:
		return 2
	}
	return 3
}
