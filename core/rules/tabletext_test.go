package rules

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"

	"tablekeeper/core/event"
)

func TestParseMultiLineReadsTheFormsFields(t *testing.T) {
	cases := []struct {
		line string
		want MultiInput
	}{
		{"2 | 5 | 14 | 9", MultiInput{Winners: "2", Values: []string{"5", "14", "9"}}},
		{"  2|5|14|9  ", MultiInput{Winners: "2", Values: []string{"5", "14", "9"}}},
		{"3", MultiInput{Winners: "3", Values: []string{"", "", ""}}},
		{"2 t", MultiInput{Winners: "2", Values: []string{"", "", ""}, TimeOut: true}},
		{"| 5 | 0 | 12 T", MultiInput{Values: []string{"5", "0", "12"}, TimeOut: true}},
		{"1 3 | 2 1 3 | 12 | 0 | t", MultiInput{Winners: "1 3", Values: []string{"2 1 3", "12", "0"}, TimeOut: true}},
		{"1u | 2/1/3 | 12 | -2", MultiInput{Winners: "1u", Values: []string{"2/1/3", "12", "-2"}}},
		{"t", MultiInput{Values: []string{"", "", ""}, TimeOut: true}},
	}
	for _, c := range cases {
		got, err := ParseMultiLine(c.line, 3)
		if err != nil || !reflect.DeepEqual(got, c.want) {
			t.Errorf("ParseMultiLine(%q) = %+v, %v; want %+v", c.line, got, err, c.want)
		}
	}
	for _, bad := range []string{"2 | 5 | 14", "2 | 5 | 14 | 9 | 1", "2 || | | "} {
		_, err := ParseMultiLine(bad, 3)
		if err == nil || !strings.Contains(event.Message(err), "separated by |") || !strings.Contains(event.Message(err), "3 players") {
			t.Errorf("ParseMultiLine(%q): %v", bad, err)
		}
	}
}

// Property: whatever a form holds, its one-line text reads back as the
// same input and builds the same result, for every game's form and every
// table size.
func TestMultiLineRoundTrips(t *testing.T) {
	forms := map[string]event.Settings{
		"heresy":     {Scoring: event.ScoringHeresy, Heresy: event.HeresySettings{TauGoal: 9, WinScore: 14, TimeOutBonus: 2}},
		"shadowfist": {Scoring: event.ScoringShadowfist, Points: event.Points{Win: 4, TimeOutWin: 2, Draw: 1}},
		"placement":  {Points: event.Points{Win: 3, Draw: 1}},
	}
	values := map[string][]string{
		"heresy":     {"", "0", "5", "9", "12"},
		"shadowfist": {"", "0", "7", "-3", "2 1 3", "2/1/3", "0 0 1 0 2"},
		"placement":  {"", "0", "4", "15"},
	}
	rng := rand.New(rand.NewPCG(14, 1))
	for name, set := range forms {
		form := MultiFormFor(set)
		for range 300 {
			seats := 3 + rng.IntN(3)
			in := MultiInput{Values: make([]string, seats), TimeOut: rng.IntN(3) == 0}
			for i := range in.Values {
				in.Values[i] = values[name][rng.IntN(len(values[name]))]
			}
			var winners []string
			for s := 1; s <= seats; s++ {
				if rng.IntN(seats) == 0 {
					w := fmt.Sprint(s)
					if name == "shadowfist" && rng.IntN(4) == 0 {
						w += "u"
					}
					winners = append(winners, w)
				}
			}
			in.Winners = strings.Join(winners, " ")
			line := in.Line()
			back, err := ParseMultiLine(line, seats)
			if err != nil {
				t.Fatalf("%s: %q: %v", name, line, err)
			}
			if slices.ContainsFunc(in.Values, func(v string) bool { return v != "" }) {
				if !reflect.DeepEqual(back, in) {
					t.Fatalf("%s: %+v typed as %q reads back as %+v", name, in, line, back)
				}
			} else if back.Winners != in.Winners || back.TimeOut != in.TimeOut {
				t.Fatalf("%s: %+v typed as %q reads back as %+v", name, in, line, back)
			}
			want, werr := form.Build(in)
			got, gerr := form.ParseLine(line, seats)
			if (werr == nil) != (gerr == nil) || werr == nil && !reflect.DeepEqual(got, want) {
				t.Fatalf("%s: %q builds %+v, %v; the form builds %+v, %v", name, line, got, gerr, want, werr)
			}
		}
	}
}

func TestParseTableResultUsesTheTablesForm(t *testing.T) {
	two := event.Settings{TableSize: 2, GamesPerMatch: 3}
	r, err := ParseTableResult(two, 2, "2-1 t")
	if err != nil || r.Seats[0].GamesWon != 2 || r.Seats[1].GamesWon != 1 || !r.TimeOut {
		t.Errorf("two players: %+v, %v", r, err)
	}
	team := event.Settings{TableSize: 4, Team: event.TeamSettings{Size: 2}, GamesPerMatch: 3}
	if r, err := ParseTableResult(team, 4, "2-0"); err != nil || len(r.Seats) != 2 {
		t.Errorf("a team table is a match between two teams: %+v, %v", r, err)
	}
	heresy := event.Settings{TableSize: 4, Scoring: event.ScoringHeresy, Heresy: event.HeresySettings{TauGoal: 9, WinScore: 14}}
	r, err = ParseTableResult(heresy, 3, "2 | 5 | 9 | 3")
	if err != nil || len(r.Seats) != 3 || r.Seats[1].Place != 1 {
		t.Errorf("heresy: %+v, %v", r, err)
	}
	// A table left with two players in a multiplayer event is still a
	// multiplayer table.
	if _, err := ParseTableResult(heresy, 2, "2-1"); err == nil {
		t.Error("a two-player result was read for a multiplayer event's table")
	}
	if _, err := ParseTableResult(heresy, 3, "2 | 5 | x | 3"); err == nil || !strings.Contains(event.Message(err), "seat 2") {
		t.Errorf("a letter in a Tau value: %v", err)
	}
	if _, err := ParseTableResult(two, 2, "two to one"); err == nil || !strings.Contains(event.Message(err), "is not a result") {
		t.Errorf("words: %v", err)
	}
	hint := MultiFormFor(heresy).LineHint(4).String()
	if !strings.Contains(hint, "2 | 3 | 5 | 7 | 9") || !strings.Contains(hint, "tau") {
		t.Errorf("line hint %q", hint)
	}
}

// Property: a phone's structured result read as it was sent (ReadInput)
// is the result, or the refusal, its one-line text reads as (ParseLine),
// for every game's form, with untidy fields and fields the line reads
// otherwise.
func TestReadInputReadsAsItsLine(t *testing.T) {
	forms := map[string]event.Settings{
		"heresy":     {Scoring: event.ScoringHeresy, Heresy: event.HeresySettings{TauGoal: 9, WinScore: 14, TimeOutBonus: 2}},
		"shadowfist": {Scoring: event.ScoringShadowfist, Points: event.Points{Win: 4, TimeOutWin: 2, Draw: 1}},
		"placement":  {Points: event.Points{Win: 3, Draw: 1}},
	}
	values := []string{"", " ", "0", " 5 ", "9", "12", "x", "2 1 3", "-3", "4 t", "t", "1|2", "7t"}
	winners := []string{"", "1", " 2 ", "1 3", "2u", "t", "2 t", "9", "1|2", "x"}
	rng := rand.New(rand.NewPCG(28, 5))
	for name, set := range forms {
		form := MultiFormFor(set)
		for range 600 {
			seats := 3 + rng.IntN(3)
			n := seats
			if rng.IntN(10) == 0 {
				n = seats + rng.IntN(3) - 1 // another number of values
			}
			in := MultiInput{Values: make([]string, n), TimeOut: rng.IntN(3) == 0, Winners: winners[rng.IntN(len(winners))]}
			if rng.IntN(4) != 0 {
				for i := range in.Values {
					in.Values[i] = values[rng.IntN(len(values))]
				}
			}
			want, werr := form.ParseLine(in.Line(), seats)
			got, gerr := form.ReadInput(in, seats)
			if (werr == nil) != (gerr == nil) || !reflect.DeepEqual(got, want) ||
				werr != nil && event.Message(werr) != event.Message(gerr) {
				t.Fatalf("%s: %+v reads as %+v, %v; its line %q as %+v, %v", name, in, got, gerr, in.Line(), want, werr)
			}
		}
	}
}
