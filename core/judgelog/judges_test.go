package judgelog

import (
	"errors"
	"strings"
	"testing"

	"tablekeeper/core/event"
)

// roster is an SWS multi-judge roster: head judge Ana (player 101), Ben
// second (player 102), Cy third (not playing), Dee fourth (player 104), and
// the organizer Eve (player 105).
func roster() []event.Judge {
	return []event.Judge{
		{ID: 1, Name: "Ana", Role: event.RoleHeadJudge, Order: 1, PlayerID: 101},
		{ID: 2, Name: "Ben", Role: event.RoleJudge, Order: 2, PlayerID: 102},
		{ID: 3, Name: "Cy", Role: event.RoleJudge, Order: 3},
		{ID: 4, Name: "Dee", Role: event.RoleJudge, Order: 4, PlayerID: 104},
		{ID: 5, Name: "Eve", Role: event.RoleOrganizer, PlayerID: 105},
	}
}

func seats(players ...event.PlayerID) map[event.PlayerID]bool {
	m := make(map[event.PlayerID]bool)
	for _, p := range players {
		m[p] = true
	}
	return m
}

// Rule S11: when the ruling judge is seated in the game, the next judge in
// order who is not seated rules (004 2.4d).
func TestNextJudge(t *testing.T) {
	cases := []struct {
		name   string
		seated map[event.PlayerID]bool
		ruling event.JudgeID
		want   event.JudgeID // 0: nobody
	}{
		{"the head judge rules a table she does not play at", seats(102, 200), 1, 1},
		{"the second judge rules when the head judge plays", seats(101, 200), 1, 2},
		{"the third when the head and second judges both play", seats(101, 102, 200), 1, 3},
		{"a seated second judge passes to the third", seats(102), 2, 3},
		{"Cy, not seated, rules for himself", seats(101), 3, 3},
		{"with ruling 0 the order starts at the head judge", seats(101), 0, 2},
		{"a seated fourth judge has nobody after him", seats(104), 4, 0},
		{"an unknown ruling judge", seats(), 9, 0},
		{"a seated judge outside the order goes to the head judge", seats(105), 5, 1},
	}
	for _, c := range cases {
		got, ok := NextJudge(roster(), c.seated, c.ruling)
		if ok != (c.want != 0) || got.ID != c.want {
			t.Errorf("%s: got judge %d (%v), want %d", c.name, got.ID, ok, c.want)
		}
	}
}

// Rule S11: appeals go to the head judge; the organizer has the last word.
func TestAppealToAndOrganizer(t *testing.T) {
	if j, ok := AppealTo(roster()); !ok || j.ID != 1 {
		t.Errorf("appeal to %+v, want the head judge", j)
	}
	if j, ok := Organizer(roster()); !ok || j.ID != 5 {
		t.Errorf("organizer %+v, want Eve", j)
	}
	if _, ok := AppealTo(roster()[1:]); ok {
		t.Error("an appeal went to someone without a head judge")
	}
}

// Rules S11, K11 and G1: a roster has one head judge in place 1 and the
// multi-judge order 2 to 5 without gaps.
func TestCheckRoster(t *testing.T) {
	if err := CheckRoster("shadowfist", roster()); err != nil {
		t.Errorf("a good SWS roster: %v", err)
	}
	if err := CheckRoster("generic", nil); err != nil {
		t.Errorf("a generic event without judges: %v", err)
	}
	headless := []event.Judge{{ID: 1, Name: "Ana", Role: event.RoleHeadJudge}, {ID: 2, Name: "Ben", Role: event.RoleJudge}}
	if err := CheckRoster("keyforge", headless); err != nil {
		t.Errorf("a head judge with order 0 is judge 1: %v", err)
	}
	change := func(f func([]event.Judge) []event.Judge) []event.Judge { return f(roster()) }
	cases := []struct {
		name   string
		game   string
		judges []event.Judge
		want   string
	}{
		{"SWS without a head judge", "shadowfist", change(func(js []event.Judge) []event.Judge { return js[1:] }), "needs a head judge"},
		{"KeyForge without a marshal", "keyforge", []event.Judge{{ID: 1, Name: "Ben", Role: event.RoleJudge}}, "needs a marshal"},
		{"Heresy with two judges and no head", "heresy",
			[]event.Judge{{ID: 1, Name: "Ben", Role: event.RoleJudge}, {ID: 2, Name: "Cy", Role: event.RoleJudge}}, "appoints a head judge"},
		{"two head judges", "generic", change(func(js []event.Judge) []event.Judge {
			return append(js, event.Judge{ID: 6, Name: "Fay", Role: event.RoleHeadJudge})
		}), "one head judge"},
		{"a judge in the head judge's place", "shadowfist", change(func(js []event.Judge) []event.Judge { js[1].Order = 1; return js }), "head judge's place"},
		{"a head judge out of place 1", "shadowfist", change(func(js []event.Judge) []event.Judge { js[0].Order = 2; return js }), "is judge 1"},
		{"two third judges", "shadowfist", change(func(js []event.Judge) []event.Judge { js[3].Order = 3; return js }), "both be judge 3"},
		{"a sixth judge", "shadowfist", change(func(js []event.Judge) []event.Judge { js[3].Order = 6; return js }), "runs from 1"},
		{"a gap in the order", "shadowfist", change(func(js []event.Judge) []event.Judge { js[2].Order = 0; return js }), "judge 3 is missing"},
		{"an order without a head judge", "generic", change(func(js []event.Judge) []event.Judge { return js[1:] }), "starts with the head judge"},
		{"a playing head judge without a second judge", "shadowfist",
			[]event.Judge{{ID: 1, Name: "Ana", Role: event.RoleHeadJudge, Order: 1, PlayerID: 101}}, "name a second judge"},
		{"a nameless judge", "generic", change(func(js []event.Judge) []event.Judge { js[2].Name = " "; return js }), "needs a name"},
		{"an unknown role", "generic", change(func(js []event.Judge) []event.Judge { js[2].Role = "scorekeeper"; return js }), "unknown role"},
		{"a judge listed twice", "generic", change(func(js []event.Judge) []event.Judge { return append(js, js[2]) }), "listed twice"},
	}
	for _, c := range cases {
		err := CheckRoster(c.game, c.judges)
		if !errors.Is(err, event.ErrInvalid) || !strings.Contains(event.Message(err), c.want) {
			t.Errorf("%s: got %v, want an invalid error mentioning %q", c.name, err, c.want)
		}
	}
}
