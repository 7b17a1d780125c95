package director_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
)

// podSizes lists the sizes of a seating's pods.
func podSizes(s event.DraftSeating) []int {
	var out []int
	for _, p := range s.Pods {
		out = append(out, len(p.Seats))
	}
	return out
}

// seatedIDs returns every seated entry, sorted.
func seatedIDs(s event.DraftSeating) []event.EntryID {
	var out []event.EntryID
	for _, p := range s.Pods {
		out = append(out, p.Seats...)
	}
	slices.Sort(out)
	return out
}

func ids(entries []event.Entry) []event.EntryID {
	out := make([]event.EntryID, len(entries))
	for i, en := range entries {
		out[i] = en.ID
	}
	slices.Sort(out)
	return out
}

// Rule H7: Revelations groups of five as even as possible, passing
// alternating by pack; the draw is saved, logged and read back.
func TestDrawDraftPodsForRevelations(t *testing.T) {
	ctx, d, e := openEvent(t, "heresy", "revelations", nil)
	entries := register(t, d, e.ID, names(23)...)

	if _, err := d.Drafts.DraftPods(ctx, e.ID); !errors.Is(err, event.ErrNotFound) {
		t.Fatalf("pods before a draw: %v", err)
	}
	s, err := d.Drafts.DrawDraftPods(ctx, e.ID)
	must(t, err)
	if got := podSizes(s); !slices.Equal(got, []int{5, 5, 5, 4, 4}) {
		t.Errorf("pod sizes %v", got)
	}
	if !slices.Equal(s.Passes, []event.PassDirection{"left", "right", "left"}) {
		t.Errorf("passes %v", s.Passes)
	}
	if !slices.Equal(seatedIDs(s), ids(entries)) {
		t.Errorf("seated %v, want everyone once", seatedIDs(s))
	}
	if s.Seed == 0 || s.DrawnAt.IsZero() {
		t.Errorf("seed %d drawn at %v", s.Seed, s.DrawnAt)
	}
	saved, err := d.Drafts.DraftPods(ctx, e.ID)
	if err != nil || fmt.Sprint(saved) != fmt.Sprint(s) {
		t.Errorf("saved %+v, %v; drawn %+v", saved, err, s)
	}
	log, err := d.Events.Log(ctx, e.ID)
	must(t, err)
	if last := log[len(log)-1].Message; last.String() != fmt.Sprintf("draft pods drawn: 5 pods, seed %d", s.Seed) {
		t.Errorf("log %q", last)
	}

	// Drawing again replaces the pods with a new seed.
	again, err := d.Drafts.DrawDraftPods(ctx, e.ID)
	must(t, err)
	if again.Seed == s.Seed || fmt.Sprint(again.Pods) == fmt.Sprint(s.Pods) {
		t.Errorf("drawn again with seed %d: %v", again.Seed, again.Pods)
	}
	saved, _ = d.Drafts.DraftPods(ctx, e.ID)
	if fmt.Sprint(saved) != fmt.Sprint(again) {
		t.Errorf("the new draw was not saved: %+v", saved)
	}
}

// The same seed source draws the same pods: a draw can be reproduced.
func TestDraftPodsFollowTheSeedSource(t *testing.T) {
	draw := func() event.DraftSeating {
		d, _ := newDirector(t)
		e := eventOf(t, d, "altered", "booster-draft", nil)
		register(t, d, e.ID, names(20)...)
		s, err := d.Drafts.DrawDraftPods(context.Background(), e.ID)
		must(t, err)
		return s
	}
	a, b := draw(), draw()
	if fmt.Sprint(a.Pods) != fmt.Sprint(b.Pods) || a.Seed != b.Seed {
		t.Errorf("two directors with one seed source drew\n%v\n%v", a.Pods, b.Pods)
	}
	// Rule A5: 8 recommended, 4 boosters passing left, right, left, right.
	if got := podSizes(a); !slices.Equal(got, []int{7, 7, 6}) {
		t.Errorf("20 players: pods %v", got)
	}
	if !slices.Equal(a.Passes, []event.PassDirection{"left", "right", "left", "right"}) {
		t.Errorf("A5 passes %v", a.Passes)
	}
}

// Before round 1 the draw seats the checked-in players when check-in is
// in use, as pairing does, and never the dropped; once round 1 is paired,
// the players seated in it.
func TestDraftPodsSeatThePlayersOfRoundOne(t *testing.T) {
	ctx, d, e := openEvent(t, "heresy", "revelations", nil)
	entries := register(t, d, e.ID, names(12)...)
	must(t, d.Registration.Drop(ctx, entries[11].ID))
	s, err := d.Drafts.DrawDraftPods(ctx, e.ID)
	if err != nil || !slices.Equal(seatedIDs(s), ids(entries[:11])) {
		t.Fatalf("all active: %v, %v", seatedIDs(s), err)
	}

	for _, en := range entries[:9] {
		must(t, d.Registration.CheckIn(ctx, en.ID, true))
	}
	_, err = d.Drafts.DrawDraftPods(ctx, e.ID)
	if !errors.Is(err, event.ErrState) || !strings.HasSuffix(event.Message(err), "Check them in or drop them before drawing draft pods") ||
		!strings.Contains(event.Message(err), "Player 10, Player 11") {
		t.Fatalf("missing check-ins: %v", err)
	}
	for _, en := range entries[9:11] {
		must(t, d.Registration.Drop(ctx, en.ID))
	}
	s, err = d.Drafts.DrawDraftPods(ctx, e.ID)
	if err != nil || !slices.Equal(seatedIDs(s), ids(entries[:9])) || !slices.Equal(podSizes(s), []int{5, 4}) {
		t.Fatalf("checked in: %v %v, %v", seatedIDs(s), podSizes(s), err)
	}

	// Round 1 paired: a late entry joins from round 2 and does not draft;
	// the draw seats round 1's players.
	r, err := d.Rounds.PairNextRound(ctx, e.ID)
	must(t, err)
	if _, err := d.Registration.RegisterNew(ctx, e.ID, director.NewPlayer{Name: "Late Larry"}); err != nil {
		t.Fatal(err)
	}
	var round1 []event.EntryID
	for _, tb := range r.Tables {
		round1 = append(round1, tb.Entries()...)
	}
	slices.Sort(round1)
	s, err = d.Drafts.DrawDraftPods(ctx, e.ID)
	if err != nil || !slices.Equal(seatedIDs(s), round1) {
		t.Fatalf("running: %v, want %v, %v", seatedIDs(s), round1, err)
	}
}

func TestDraftPodsAreRefusedWhereTheyDoNotApply(t *testing.T) {
	ctx := context.Background()
	d, _ := newDirector(t)

	plain := mustEvent(t, d, "standard-bo3")
	register(t, d, plain.ID, names(8)...)
	if _, err := d.Drafts.DrawDraftPods(ctx, plain.ID); !errors.Is(err, event.ErrInvalid) ||
		event.Message(err) != "Friday Night (Altered · Standard (best of three)) has no draft, so no draft pods" {
		t.Errorf("no draft: %v", err)
	}
	if _, err := d.Drafts.DraftPods(ctx, plain.ID); !errors.Is(err, event.ErrInvalid) {
		t.Errorf("reading pods of an event without a draft: %v", err)
	}

	e := eventOf(t, d, "heresy", "revelations", nil)
	if _, err := d.Drafts.DrawDraftPods(ctx, e.ID); !errors.Is(err, event.ErrState) || !strings.Contains(event.Message(err), "register the players") {
		t.Errorf("nobody registered: %v", err)
	}
	register(t, d, e.ID, names(2)...)
	if _, err := d.Drafts.DrawDraftPods(ctx, e.ID); !errors.Is(err, event.ErrInvalid) ||
		event.Message(err) != "2 players cannot be seated in draft pods of 3 to 5: add a player, or allow pods as small as 2" {
		t.Errorf("two players: %v", err)
	}
	if _, err := d.Drafts.DrawDraftPods(ctx, 9999); !errors.Is(err, event.ErrNotFound) {
		t.Errorf("unknown event: %v", err)
	}
}

func TestDraftPodsOfAFinishedEventStayButAreNotDrawnAgain(t *testing.T) {
	ctx, d, e := openEvent(t, "altered", "booster-draft", nil)
	register(t, d, e.ID, names(4)...)
	drawn, err := d.Drafts.DrawDraftPods(ctx, e.ID)
	must(t, err)
	for range 3 {
		r := mustPair(t, ctx, d, e.ID)
		for _, tb := range r.Tables {
			must(t, d.Rounds.RecordResult(ctx, e.ID, r.Number, tb.Number, win(1, 0)))
		}
	}
	must(t, d.Events.FinishEvent(ctx, e.ID))
	if _, err := d.Drafts.DrawDraftPods(ctx, e.ID); !errors.Is(err, event.ErrState) {
		t.Errorf("drawn after the event finished: %v", err)
	}
	if s, err := d.Drafts.DraftPods(ctx, e.ID); err != nil || fmt.Sprint(s) != fmt.Sprint(drawn) {
		t.Errorf("pods of the finished event: %+v, %v", s, err)
	}
}

// Rule A5: round 1 of a booster draft pairs players inside their draft
// pod; only the odd players of odd pods, and a late entry who joined after
// the draw, meet players of other pods, and the bye goes to one of them.
func TestRoundOneIsPairedInsideTheDraftPods(t *testing.T) {
	for _, n := range []int{8, 9, 13, 17, 21, 30, 41} {
		t.Run(fmt.Sprint(n, " players"), func(t *testing.T) {
			d, _ := newDirector(t)
			e := eventOf(t, d, "altered", "booster-draft", nil)
			register(t, d, e.ID, names(n)...)
			seating := mustCall(t, d.Drafts.DrawDraftPods, e.ID)
			late := register(t, d, e.ID, "Zoë Late")
			podOf := map[event.EntryID]int{}
			odd := 0
			for _, p := range seating.Pods {
				for _, id := range p.Seats {
					podOf[id] = p.Number
				}
				odd += len(p.Seats) % 2
			}
			r := mustCall(t, d.Rounds.PairNextRound, e.ID)
			seen := map[event.EntryID]int{}
			cross, byes := 0, 0
			for _, tb := range r.Tables {
				for _, id := range tb.Entries() {
					seen[id]++
				}
				switch {
				case tb.Bye:
					byes++
					if p := podOf[tb.Seats[0].EntryID]; p != 0 && len(seating.Pods[p-1].Seats)%2 == 0 {
						t.Errorf("bye to a player of even pod %d", p)
					}
				case podOf[tb.Seats[0].EntryID] != podOf[tb.Seats[1].EntryID] || podOf[tb.Seats[0].EntryID] == 0:
					cross++
					if !strings.Contains(tb.Why.String(), "odd player") && !strings.Contains(tb.Why.String(), "after the draft pods") {
						t.Errorf("cross-pod table says %q", tb.Why)
					}
				default:
					if !strings.Contains(tb.Why.String(), fmt.Sprintf("pod %d", podOf[tb.Seats[0].EntryID])) {
						t.Errorf("table %d says %q", tb.Number, tb.Why)
					}
				}
			}
			if len(seen) != n+1 {
				t.Errorf("%d players seated, want %d", len(seen), n+1)
			}
			for id, k := range seen {
				if k != 1 {
					t.Errorf("entry %d seated %d times", id, k)
				}
			}
			// The odd players and the late entry pair among themselves.
			if want := (odd + 1) / 2; cross != want || byes != (odd+1)%2 {
				t.Errorf("%d cross-pod tables and %d byes with %d odd pods and one late entry; want %d and %d", cross, byes, odd, want, (odd+1)%2)
			}
			if seen[late[0].ID] != 1 {
				t.Error("the late entry is not seated")
			}
		})
	}
}
