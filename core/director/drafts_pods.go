package director

import (
	"context"
	"errors"
	"math/rand/v2"

	"tablekeeper/core/event"
	"tablekeeper/core/i18n"
	"tablekeeper/core/pairing"
	"tablekeeper/core/rules"
)

// draftStream is the PCG stream draft pods are drawn with; rounds use
// their number (from 1), so a draft never shares a round's stream.
const draftStream = 0

// DrawDraftPods seats the players of an event's draft (A5, H7, S14) at
// random in pods as even as the format allows, saves the seating with its
// seed (replacing an earlier draw) and logs it. The event must have a
// draft and not be finished.
//
// The players are those who play round 1: once round 1 is paired, the
// players seated in it; before, as pairing round 1 would take them, the
// checked-in players when check-in is in use (someone has checked in; the
// draw is refused while an active player has not), every active player
// otherwise.
func (d *Drafts) DrawDraftPods(ctx context.Context, id event.EventID) (event.DraftSeating, error) {
	var s event.DraftSeating
	err := d.store.Write(ctx, func(tx Tx) error {
		e, err := draftEvent(tx, id)
		if err != nil {
			return err
		}
		if e.State == event.StateFinished {
			return event.Statef("%s is finished; its draft pods can no longer be drawn", e.Name)
		}
		players, err := draftPlayers(tx, e)
		if err != nil {
			return err
		}
		if len(players) == 0 {
			return event.Statef("nobody plays in %s yet; register the players before drawing draft pods", e.Name)
		}
		seed := d.nextSeed()
		drawn, err := pairing.DraftSeating(players, pairing.DraftRuleOf(e.Settings), rand.New(rand.NewPCG(uint64(seed), draftStream))) // #nosec G115 G404 -- random draws are decided once from the director's seeded source and stored with the draft
		if err != nil {
			return err
		}
		drawn.Seed, drawn.DrawnAt = seed, d.now()
		if err := tx.SaveDraftSeating(id, drawn); err != nil {
			return err
		}
		s = drawn
		return d.log(tx, id, 0, i18n.FN("draft pods drawn: %d pods, seed %d", len(drawn.Pods), len(drawn.Pods), seed))
	})
	return s, err
}

// DraftPods returns an event's draft pods as last drawn; an
// event.ErrNotFound error when none have been drawn.
func (d *Drafts) DraftPods(ctx context.Context, id event.EventID) (event.DraftSeating, error) {
	var s event.DraftSeating
	err := d.store.Read(ctx, func(tx Tx) error {
		if _, err := draftEvent(tx, id); err != nil {
			return err
		}
		var err error
		s, err = tx.DraftSeating(id)
		return err
	})
	return s, err
}

// draftEvent loads an event that has a draft.
func draftEvent(tx Tx, id event.EventID) (event.Event, error) {
	e, err := tx.Event(id)
	if err != nil {
		return e, err
	}
	if !e.Settings.HasDraft() {
		return e, event.Invalidf("%s (%s) has no draft, so no draft pods", e.Name, rules.Describe(e.Game, e.Format))
	}
	return e, nil
}

// draftPlayers returns the entries who draft, in registration order: those
// seated in round 1 once it is paired, else those pairing would seat.
func draftPlayers(tx Tx, e event.Event) ([]event.EntryID, error) {
	entries, err := tx.Entries(e.ID)
	if err != nil {
		return nil, err
	}
	var playing map[event.EntryID]bool
	paired, err := tx.RoundCount(e.ID)
	if err != nil {
		return nil, err
	}
	if paired > 0 {
		rounds, err := tx.Rounds(e.ID)
		if err != nil {
			return nil, err
		}
		playing = map[event.EntryID]bool{}
		for _, t := range rounds[0].Tables {
			for _, id := range t.Entries() {
				playing[id] = true
			}
		}
	} else if playing, err = playersOf(entries, 1, i18n.F("drawing draft pods")); err != nil {
		return nil, err
	}
	var out []event.EntryID
	for _, en := range entries {
		if playing[en.ID] {
			out = append(out, en.ID)
		}
	}
	return out, nil
}

// roundOnePods returns the draft pods round 1 is paired in: those of a
// two-player Swiss event with a draft whose pods have been drawn. ok is
// false when round number is paired as usual.
func roundOnePods(tx Tx, e event.Event, number int) (event.DraftSeating, bool, error) {
	s := e.Settings
	if number != 1 || !s.HasDraft() || s.TableSize != 2 || s.Teams() || s.Structure != event.StructureSwiss {
		return event.DraftSeating{}, false, nil
	}
	pods, err := tx.DraftSeating(e.ID)
	if errors.Is(err, event.ErrNotFound) || err == nil && len(pods.Pods) == 0 {
		return event.DraftSeating{}, false, nil
	}
	return pods, err == nil, err
}

// planPodRoundOne pairs round 1 of a drafted two-player event inside the
// draft pods, as players of a booster draft expect to play the people they
// drafted with (A5): each pod is paired at random; the odd player of each
// odd pod, and anyone who joined after the draw, are paired with each
// other, and the last of them takes the bye.
func planPodRoundOne(entries []event.Entry, pods event.DraftSeating, rng *rand.Rand) (plan, error) {
	playing, err := pairable(entries, 1)
	if err != nil {
		return plan{}, err
	}
	if len(playing) < 2 {
		return plan{}, event.Statef("round 1 needs at least two players; %d can play", len(playing))
	}
	p := plan{stage: event.StageSwiss}
	var left []pairing.Player
	seated := map[event.EntryID]bool{}
	podOf := map[event.EntryID]int{}
	for _, pod := range pods.Pods {
		var in []pairing.Player
		for _, id := range pod.Seats {
			if playing[id] && !seated[id] {
				seated[id] = true
				podOf[id] = pod.Number
				in = append(in, pairing.Player{Entry: id})
			}
		}
		out := pairing.Swiss(in, rng)
		for _, t := range out.Tables {
			t.Why = i18n.F("round 1: both drafted in pod %d (A5)", pod.Number)
			p.tables = append(p.tables, t)
		}
		if out.Bye != 0 {
			left = append(left, pairing.Player{Entry: out.Bye})
		}
	}
	for _, en := range entries {
		if playing[en.ID] && !seated[en.ID] {
			left = append(left, pairing.Player{Entry: en.ID})
		}
	}
	out := pairing.Swiss(left, rng)
	for _, t := range out.Tables {
		t.Why = i18n.F("round 1: %s and %s", leftoverWhy(podOf[t.Seats[0]]), leftoverWhy(podOf[t.Seats[1]]))
		p.tables = append(p.tables, t)
	}
	if out.Bye != 0 {
		p.passes = []pairing.Pass{{Entry: out.Bye, Kind: pairing.PassBye, Why: addReason(i18n.F("round 1: %s", leftoverWhy(podOf[out.Bye])), i18n.F("the bye is drawn among the players left over"))}}
	}
	return p, nil
}

// leftoverWhy says why a player is paired outside their pod in round 1.
func leftoverWhy(pod int) i18n.Text {
	if pod == 0 {
		return i18n.F("joined after the draft pods were drawn")
	}
	return i18n.F("the odd player of pod %d", pod)
}
