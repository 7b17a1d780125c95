package rules

import (
	"slices"
	"strings"
	"testing"

	"tablekeeper/core/event"
)

func TestParseWinnersReadsSeatNumbers(t *testing.T) {
	cases := []struct {
		in   string
		want []int
		err  bool
	}{
		{in: "", want: nil},
		{in: "2", want: []int{2}},
		{in: "3 2", want: []int{2, 3}},
		{in: "2,3", want: []int{2, 3}},
		{in: " 1 + 4 ", want: []int{1, 4}},
		{in: "2 2", want: []int{2}},
		{in: "5", err: true},
		{in: "0", err: true},
		{in: "x", err: true},
	}
	for _, c := range cases {
		got, err := ParseWinners(c.in, 4)
		if c.err != (err != nil) || !c.err && !slices.Equal(got, c.want) {
			t.Errorf("ParseWinners(%q) = %v, %v", c.in, got, err)
		}
	}
}

func TestBuildResultAndPrefillAgree(t *testing.T) {
	heresy := event.Settings{Scoring: event.ScoringHeresy, Heresy: event.HeresySettings{TauGoal: 9, WinScore: 14, TimeOutBonus: 2}}
	shadow := event.Settings{Scoring: event.ScoringShadowfist, Points: event.Points{Win: 4, TimeOutWin: 2, Draw: 1}}
	placement := event.Settings{Points: event.Points{Win: 3, Draw: 1}}
	for _, c := range []struct {
		name string
		set  event.Settings
		in   MultiInput
	}{
		{"heresy", heresy, MultiInput{Values: []string{"5", "9", "12"}, Winners: "2"}},
		{"heresy at time", heresy, MultiInput{Values: []string{"5", "0", "12", "3"}, TimeOut: true}},
		{"shadowfist", shadow, MultiInput{Values: []string{"12", "-3", "0", "7", "1"}, Winners: "1 4"}},
		{"placement", placement, MultiInput{Values: []string{"", "", ""}, Winners: "3"}},
		{"shadowfist sites and a win by other means", shadow, MultiInput{Values: []string{"2 1 3", "12", "0 0 1 0 2"}, Winners: "1u"}},
	} {
		r, err := MultiFormFor(c.set).Build(c.in)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		back := MultiFormFor(c.set).Prefill(&r, len(c.in.Values))
		if strings.Join(back.Values, ",") != strings.Join(c.in.Values, ",") || back.Winners != c.in.Winners || back.TimeOut != c.in.TimeOut {
			t.Errorf("%s: prefill %+v, typed %+v", c.name, back, c.in)
		}
	}
	if _, err := MultiFormFor(heresy).Build(MultiInput{Values: []string{"5", "x", "1"}, Winners: "1"}); err == nil || !strings.Contains(event.Message(err), "seat 2") {
		t.Errorf("a letter in a Tau field: %v", err)
	}
}

func TestHeresyPreviewFollowsRuleH5BeforeAWinnerIsTyped(t *testing.T) {
	s := event.Settings{Scoring: event.ScoringHeresy, Heresy: event.HeresySettings{TauGoal: 7, WinScore: 11, TimeOutBonus: 2}}
	r, _ := MultiFormFor(s).Build(MultiInput{Values: []string{"3", "9", "7"}})
	if got := strings.Join(MultiFormFor(s).Preview(r), " "); got != "3 7 7" {
		t.Errorf("preview %q, want 3 7 7 (Revelations: goal 7)", got)
	}
	r, _ = MultiFormFor(s).Build(MultiInput{Values: []string{"3", "9", "7"}, Winners: "1"})
	if got := strings.Join(MultiFormFor(s).Preview(r), " "); got != "11 7 7" {
		t.Errorf("preview %q, want 11 7 7", got)
	}
}

// The rule line above a table's seats comes from the game's form.
func TestRuleLineSaysHowATableScores(t *testing.T) {
	shadow := event.Settings{Scoring: event.ScoringShadowfist, Points: event.Points{Win: 4, TimeOutWin: 2, Draw: 1}}
	if got := MultiFormFor(shadow).RuleLine(4).String(); got != "4 players · a win is worth 4 match points, the winner at time 2, a lead shared at time 1 each; game points rank equal match points." {
		t.Errorf("Shadowfist: %q", got)
	}
	heresy := event.Settings{Scoring: event.ScoringHeresy, Heresy: event.HeresySettings{TauGoal: 9, WinScore: 14, TimeOutBonus: 2}}
	if got := MultiFormFor(heresy).RuleLine(3).String(); !strings.HasPrefix(got, "3 players · the winner scores 14, the others their Tau stored (at most 9)") {
		t.Errorf("Heresy: %q", got)
	}
}
