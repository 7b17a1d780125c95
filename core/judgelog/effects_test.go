package judgelog

import (
	"maps"
	"reflect"
	"slices"
	"testing"
	"time"

	"tablekeeper/core/event"
)

func deduction(id event.JudgeLogID, entry event.EntryID, points int) event.JudgeLogEntry {
	e := pen(id, entry, "stalling", PointDeduction)
	e.Points = points
	return e
}

// Rule K10: a game loss or match loss holds for the player's table until a
// correction changes or withdraws it.
func TestEffectsLosses(t *testing.T) {
	loss := pen(1, 7, "slow play", MatchLoss)
	loss.Round, loss.Table = 3, 12
	log := []event.JudgeLogEntry{loss, pen(2, 8, "slow play", FormalWarning)}
	fx := EffectsOf(log)
	want := []Loss{{Entry: 7, Round: 3, Table: 12, Match: true, Log: 1}}
	if !slices.Equal(fx.Losses, want) {
		t.Fatalf("losses %+v, want %+v", fx.Losses, want)
	}

	// A correction that only rewords the entry changes no effect.
	reworded := fix(3, 1, loss)
	reworded.Description = "reworded"
	if added, withdrawn := Diff(fx, EffectsOf(append(slices.Clone(log), reworded))); !empty(added) || !empty(withdrawn) {
		t.Errorf("rewording changed effects: added %+v, withdrawn %+v", added, withdrawn)
	}

	// Correcting the match loss to a game loss withdraws one, adds the other.
	game := fix(3, 1, loss)
	game.Penalty = GameLoss
	added, withdrawn := Diff(fx, EffectsOf(append(slices.Clone(log), game)))
	if !slices.Equal(added.Losses, []Loss{{Entry: 7, Round: 3, Table: 12, Log: 1}}) ||
		!slices.Equal(withdrawn.Losses, want) {
		t.Errorf("match loss → game loss: added %+v, withdrawn %+v", added.Losses, withdrawn.Losses)
	}

	// Voiding it leaves no loss.
	if fx := EffectsOf(append(slices.Clone(log), void(3, 1))); len(fx.Losses) != 0 {
		t.Errorf("a withdrawn match loss still holds: %+v", fx.Losses)
	}
}

// Rule K10: "If the disqualified player was in the middle of a match, his
// or her opponent receives a win for that match."
func TestDisqualificationMidMatchGivesTheOpponentTheMatch(t *testing.T) {
	dq := pen(1, 7, "cheating", Disqualification)
	dq.Round, dq.Table = 2, 5
	fx := EffectsOf([]event.JudgeLogEntry{dq})
	if want := []Removal{{Entry: 7, Round: 2, Table: 5, Log: 1}}; !slices.Equal(fx.Removals, want) {
		t.Fatalf("removals %+v, want %+v", fx.Removals, want)
	}
	r := fx.Removals[0]
	playing := event.Table{Number: 5, Seats: []event.Seat{{EntryID: 9}, {EntryID: 7}}}
	cases := []struct {
		name   string
		table  event.Table
		bestOf int
		want   *event.Result
	}{
		{"best of one: the opponent wins 1–0", playing, 1,
			&event.Result{Seats: []event.SeatResult{{GamesWon: 1}, {}}}},
		{"best of three: the opponent wins 2–0", playing, 3,
			&event.Result{Seats: []event.SeatResult{{GamesWon: 2}, {}}}},
		{"a match already reported keeps its result",
			event.Table{Number: 5, Seats: playing.Seats, Result: &event.Result{Seats: make([]event.SeatResult, 2)}}, 1, nil},
		{"another table is not concerned", event.Table{Number: 6, Seats: playing.Seats}, 1, nil},
		{"a table without the player is not concerned",
			event.Table{Number: 5, Seats: []event.Seat{{EntryID: 9}, {EntryID: 10}}}, 1, nil},
		{"a multiplayer table is left to the director",
			event.Table{Number: 5, Seats: []event.Seat{{EntryID: 9}, {EntryID: 7}, {EntryID: 10}}}, 1, nil},
	}
	for _, c := range cases {
		got, ok := Forfeit(r, c.table, c.bestOf)
		switch {
		case c.want == nil && ok:
			t.Errorf("%s: got a forfeit %+v", c.name, got)
		case c.want != nil && (!ok || !reflect.DeepEqual(got, *c.want)):
			t.Errorf("%s: got %+v (%v), want %+v", c.name, got, ok, *c.want)
		case ok:
			if err := got.CheckTwoPlayer(c.bestOf); err != nil {
				t.Errorf("%s: the forfeit is not a valid result: %v", c.name, err)
			}
		}
	}
	// An ejection removes the player too; undoing it leaves nothing.
	ej := pen(2, 8, "bribery", Ejection)
	fx = EffectsOf([]event.JudgeLogEntry{dq, ej, void(3, 1)})
	if want := []Removal{{Entry: 8, Round: 1, Table: 1, Ejected: true, Log: 2}}; !slices.Equal(fx.Removals, want) {
		t.Errorf("removals %+v, want %+v", fx.Removals, want)
	}
}

// Rule S9: point deductions add up per player, and a correction changes or
// removes them.
func TestDeductionsSummedAndCorrected(t *testing.T) {
	cases := []struct {
		name string
		log  []event.JudgeLogEntry
		want map[event.EntryID]int
	}{
		{"none", []event.JudgeLogEntry{pen(1, 7, "stalling", FormalWarning)}, map[event.EntryID]int{}},
		{"summed per player", []event.JudgeLogEntry{deduction(1, 7, 2), deduction(2, 8, 1), deduction(3, 7, 3)},
			map[event.EntryID]int{7: 5, 8: 1}},
		{"a correction replaces the points", []event.JudgeLogEntry{deduction(1, 7, 2), deduction(2, 7, 3), fix(3, 1, deduction(0, 7, 1))},
			map[event.EntryID]int{7: 4}},
		{"a void removes them", []event.JudgeLogEntry{deduction(1, 7, 2), deduction(2, 8, 3), void(3, 1)},
			map[event.EntryID]int{8: 3}},
		{"a correction to a warning removes them", []event.JudgeLogEntry{deduction(1, 7, 2), fix(2, 1, pen(0, 7, "stalling", FormalWarning))},
			map[event.EntryID]int{}},
	}
	for _, c := range cases {
		if got := Deductions(c.log); !maps.Equal(got, c.want) {
			t.Errorf("%s: deductions %v, want %v", c.name, got, c.want)
		}
	}
	before := EffectsOf([]event.JudgeLogEntry{deduction(1, 7, 2)})
	after := EffectsOf([]event.JudgeLogEntry{deduction(1, 7, 2), fix(2, 1, deduction(0, 7, 5))})
	added, withdrawn := Diff(before, after)
	if !maps.Equal(added.Deductions, map[event.EntryID]int{7: 3}) || len(withdrawn.Deductions) != 0 {
		t.Errorf("2 → 5 points: added %v, withdrawn %v", added.Deductions, withdrawn.Deductions)
	}
	added, withdrawn = Diff(after, before)
	if !maps.Equal(withdrawn.Deductions, map[event.EntryID]int{7: 3}) || len(added.Deductions) != 0 {
		t.Errorf("5 → 2 points: added %v, withdrawn %v", added.Deductions, withdrawn.Deductions)
	}
}

// Rule S11: a ruling over a minute extends that table's time; S9 extra
// losses are counted per player.
func TestEffectsExtensionsAndExtraLosses(t *testing.T) {
	r := ruling(1, 0)
	r.Round, r.Table, r.Extension = 2, 4, 3*time.Minute
	ext := event.JudgeLogEntry{ID: 2, EventID: ev, At: t0, Round: 2, Table: 4, JudgeID: 1, Kind: event.LogExtension, Extension: 2 * time.Minute}
	whole := event.JudgeLogEntry{ID: 3, EventID: ev, At: t0, Round: 2, JudgeID: 1, Kind: event.LogExtension, Extension: 5 * time.Minute}
	fx := EffectsOf([]event.JudgeLogEntry{r, ext, whole, pen(4, 7, "play-to-win breach", ExtraLoss), void(5, 2)})
	want := map[TableRef]time.Duration{{Round: 2, Table: 4}: 3 * time.Minute, {Round: 2}: 5 * time.Minute}
	if !maps.Equal(fx.Extensions, want) {
		t.Errorf("extensions %v, want %v", fx.Extensions, want)
	}
	if !maps.Equal(fx.ExtraLosses, map[event.EntryID]int{7: 1}) {
		t.Errorf("extra losses %v", fx.ExtraLosses)
	}
}

func empty(fx Effects) bool {
	return len(fx.Losses) == 0 && len(fx.Removals) == 0 && len(fx.ExtraLosses) == 0 &&
		len(fx.Deductions) == 0 && len(fx.Extensions) == 0
}
