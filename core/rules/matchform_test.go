package rules

import (
	"strings"
	"testing"

	"tablekeeper/core/event"
)

func TestParseResultReadsWhatScorekeepersType(t *testing.T) {
	cases := []struct {
		in          string
		a, b, drawn int
		timeOut     bool
		wantErr     bool
	}{
		{in: "2-1", a: 2, b: 1},
		{in: "2-0", a: 2},
		{in: "0-2", b: 2},
		{in: "1-1", a: 1, b: 1},
		{in: "1-1-1", a: 1, b: 1, drawn: 1},
		{in: "2–1", a: 2, b: 1},
		{in: " 2 – 1 ", a: 2, b: 1},
		{in: "2:0", a: 2},
		{in: "2 1", a: 2, b: 1},
		{in: "21", a: 2, b: 1},
		{in: "111", a: 1, b: 1, drawn: 1},
		{in: "02", b: 2},
		{in: "d", drawn: 1},
		{in: "Draw", drawn: 1},
		// The French hint offers n or nul (match nul).
		{in: "n", drawn: 1},
		{in: "Nul", drawn: 1},
		{in: "nul t", drawn: 1, timeOut: true},
		{in: "nuls", wantErr: true},
		{in: "", wantErr: true},
		{in: "2", wantErr: true},
		{in: "2101", wantErr: true},
		{in: "2-1-0-1", wantErr: true},
		{in: "a-b", wantErr: true},
		{in: "win", wantErr: true},
		// t after a result: time was called (H6 4.2.6, S6).
		{in: "2-0 t", a: 2, timeOut: true},
		{in: "1-0T", a: 1, timeOut: true},
		{in: "21t", a: 2, b: 1, timeOut: true},
		{in: "t", wantErr: true},
		{in: "2 t", wantErr: true},
	}
	for _, c := range cases {
		r, err := ParseResult(c.in)
		if c.wantErr {
			if err == nil {
				t.Errorf("ParseResult(%q) = %+v, want an error", c.in, r)
			}
			continue
		}
		if err != nil {
			t.Errorf("ParseResult(%q): %v", c.in, err)
			continue
		}
		if r.Seats[0].GamesWon != c.a || r.Seats[1].GamesWon != c.b || r.GamesDrawn != c.drawn || r.TimeOut != c.timeOut {
			t.Errorf("ParseResult(%q) = %d-%d-%d at time %v, want %d-%d-%d at time %v", c.in, r.Seats[0].GamesWon, r.Seats[1].GamesWon, r.GamesDrawn, r.TimeOut, c.a, c.b, c.drawn, c.timeOut)
		}
	}
}

func TestResultHintFitsTheMatchLength(t *testing.T) {
	for bestOf, want := range map[int]string{1: "Best of 1. Result: seat 1 games – seat 2 games [– drawn games], e.g. 1-0, 0-1. ",
		3: "e.g. 2-1, 2-0, 0-2, 1-1, 1-1-1", 5: "e.g. 3-2, 3-0, 0-3, 2-2, 1-1-1"} {
		if got := ResultHint(bestOf, true).String(); !strings.Contains(got, want) {
			t.Errorf("ResultHint(%d) = %q, want it to contain %q", bestOf, got, want)
		}
	}
	// Draw refusal: where the game or round has no draws the hint never
	// offers one.
	for bestOf, want := range map[int]string{1: "e.g. 1-0, 0-1; no draws", 3: "e.g. 2-1, 2-0, 0-2; no draws", 5: "e.g. 3-2, 3-0, 0-3; no draws"} {
		got := ResultHint(bestOf, false).String()
		if !strings.Contains(got, want) || strings.Contains(got, "draw =") || strings.Contains(got, "1-1") {
			t.Errorf("ResultHint(%d, no draws) = %q, want it to contain %q and offer no draw", bestOf, got, want)
		}
	}
	for bestOf, want := range map[int]string{1: "1-0", 3: "2-1", 5: "3-2"} {
		if got := ResultPlaceholder(bestOf); got != want {
			t.Errorf("ResultPlaceholder(%d) = %q, want %q", bestOf, got, want)
		}
	}
}

// The syntax for a phone is the organizer's hint without the keys of the
// organizer's fields, for players and for teams.
func TestResultSyntaxIsTheHintWithoutTheKeys(t *testing.T) {
	for _, bestOf := range []int{1, 2, 3, 5} {
		for _, draws := range []bool{true, false} {
			hint, syntax := ResultHint(bestOf, draws).String(), ResultSyntax(bestOf, draws).String()
			if hint != syntax+" Enter in Table moves to Result; Enter in Result saves." || strings.Contains(syntax, "Enter") {
				t.Errorf("best of %d, draws %v:\nhint   %q\nsyntax %q", bestOf, draws, hint, syntax)
			}
			if !strings.Contains(syntax, "t after the result") {
				t.Errorf("the syntax lost the time-out: %q", syntax)
			}
			if team := TeamResultSyntax(bestOf, draws).String(); !strings.Contains(team, "team A games – team B games") || strings.Contains(team, "Enter") {
				t.Errorf("team syntax %q", team)
			}
		}
	}
	if got := ResultHint(3, false).String(); got != "Best of 3. Result: seat 1 games – seat 2 games, e.g. 2-1, 2-0, 0-2; no draws. 21 = 2-1. t after the result: time was called (2-0 t). Enter in Table moves to Result; Enter in Result saves." {
		t.Errorf("ResultHint(3, no draws) changed: %q", got)
	}
	f := MultiFormFor(event.Settings{TableSize: 4})
	if f.WinnerHint().String() != f.WinnerSyntax().String()+" Tab moves · Enter saves · Esc cancels." {
		t.Errorf("winner hint %q, syntax %q", f.WinnerHint(), f.WinnerSyntax())
	}
}
