package scoring

import (
	"errors"
	"testing"

	"tablekeeper/core/event"
)

func heresy() event.Settings {
	return event.Settings{Scoring: event.ScoringHeresy, TauGoal: 9, WinScore: 14, TimeOutBonus: 2}
}

func shadowfist() event.Settings {
	return event.Settings{Scoring: event.ScoringShadowfist, Points: event.Points{Win: 4, TimeOutWin: 2, Draw: 1, Loss: 0}}
}

func seat(place, tau int) event.SeatResult {
	return event.SeatResult{Place: place, Games: []event.GameDetail{{Stats: map[string]int{TauStat: tau}}}}
}

// Rule H5: the winner scores 14; others their Tau stored, at most the
// goal; at time every player scores Tau (at most the goal) plus 2.
func TestHeresyScoring(t *testing.T) {
	r := event.Result{Seats: []event.SeatResult{seat(0, 5), seat(1, 9), seat(0, 12), seat(0, 0)}}
	if err := Check(heresy(), &r); err != nil {
		t.Fatal(err)
	}
	want := []int{5, 14, 9, 0}
	for i, w := range want {
		if r.Seats[i].Points != w || MatchPoints(heresy(), r, i) != w {
			t.Errorf("seat %d: %d points, want %d", i+1, r.Seats[i].Points, w)
		}
	}
	timeOut := event.Result{TimeOut: true, Seats: []event.SeatResult{seat(0, 5), seat(0, 9), seat(0, 12)}}
	if err := Check(heresy(), &timeOut); err != nil {
		t.Fatal(err)
	}
	for i, w := range []int{7, 11, 11} {
		if timeOut.Seats[i].Points != w {
			t.Errorf("time-out seat %d: %d, want %d", i+1, timeOut.Seats[i].Points, w)
		}
	}
}

// Rule H7: Revelations plays to 7 Tau and a win scores 11.
func TestRevelationsScoring(t *testing.T) {
	s := heresy()
	s.TauGoal, s.WinScore = 7, 11
	r := event.Result{Seats: []event.SeatResult{seat(1, 7), seat(0, 8), seat(0, 3)}}
	if err := Check(s, &r); err != nil {
		t.Fatal(err)
	}
	if r.Seats[0].Points != 11 || r.Seats[1].Points != 7 || r.Seats[2].Points != 3 {
		t.Errorf("%+v", r.Seats)
	}
}

func TestHeresyRefusesImpossibleResults(t *testing.T) {
	for _, c := range []struct {
		name string
		r    event.Result
	}{
		{"two winners", event.Result{Seats: []event.SeatResult{seat(1, 9), seat(1, 9), seat(0, 1)}}},
		{"no winner without time-out", event.Result{Seats: []event.SeatResult{seat(0, 9), seat(0, 9), seat(0, 1)}}},
		{"a winner at time", event.Result{TimeOut: true, Seats: []event.SeatResult{seat(1, 9), seat(0, 9), seat(0, 1)}}},
		{"negative Tau", event.Result{Seats: []event.SeatResult{seat(1, 9), seat(0, -1), seat(0, 1)}}},
		{"one seat", event.Result{Seats: []event.SeatResult{seat(1, 9)}}},
	} {
		if err := Check(heresy(), &c.r); !errors.Is(err, event.ErrInvalid) {
			t.Errorf("%s: %v", c.name, err)
		}
	}
}

// Rule S6: a win 4; the winner on time-out 2; a tie on time-out 1 each for
// those tied for the lead; two winners in one scene both win in full.
func TestShadowfistMatchPoints(t *testing.T) {
	s := shadowfist()
	places := func(timeOut bool, p ...int) event.Result {
		r := event.Result{TimeOut: timeOut}
		for _, x := range p {
			r.Seats = append(r.Seats, event.SeatResult{Place: x, Points: 10 * x})
		}
		return r
	}
	for _, c := range []struct {
		name string
		r    event.Result
		want []int
	}{
		{"a win", places(false, 1, 0, 0, 0), []int{4, 0, 0, 0}},
		{"two winners in one scene", places(false, 1, 1, 0, 0), []int{4, 4, 0, 0}},
		{"winner on time-out", places(true, 0, 1, 0, 0), []int{0, 2, 0, 0}},
		{"tie on time-out", places(true, 1, 0, 1, 0), []int{1, 0, 1, 0}},
	} {
		if err := Check(s, &c.r); err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		for i, w := range c.want {
			if got := MatchPoints(s, c.r, i); got != w {
				t.Errorf("%s seat %d: %d match points, want %d", c.name, i+1, got, w)
			}
			if GamePoints(s, c.r, i) != c.r.Seats[i].Points {
				t.Errorf("%s seat %d: game points", c.name, i+1)
			}
		}
	}
	none := places(false, 0, 0, 0)
	if err := Check(s, &none); !errors.Is(err, event.ErrInvalid) {
		t.Errorf("no winner accepted: %v", err)
	}
}

func TestPlacementScoring(t *testing.T) {
	s := event.Settings{Points: event.Points{Win: 3, Draw: 1}}
	r := event.Result{Seats: []event.SeatResult{{Place: 2}, {Place: 1}, {Place: 3}, {Place: 4}}}
	if err := Check(s, &r); err != nil || MatchPoints(s, r, 1) != 3 || MatchPoints(s, r, 0) != 0 {
		t.Errorf("%v", err)
	}
	two := event.Result{Seats: []event.SeatResult{{Place: 1}, {Place: 1}, {Place: 3}}}
	if err := Check(s, &two); !errors.Is(err, event.ErrInvalid) {
		t.Errorf("two winners without time-out: %v", err)
	}
	two.TimeOut = true
	if err := Check(s, &two); err != nil || MatchPoints(s, two, 0) != 1 {
		t.Errorf("shared lead at time: %v", err)
	}
}

func TestPlacementPointsAreInRange(t *testing.T) {
	s := event.Settings{Points: event.Points{Win: 3, Draw: 1}}
	r := event.Result{Seats: []event.SeatResult{{Place: 1, Points: 500}, {}, {}}}
	if err := Check(s, &r); !errors.Is(err, event.ErrInvalid) {
		t.Errorf("500 points accepted: %v", err)
	}
}
