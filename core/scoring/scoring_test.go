package scoring

import (
	"errors"
	"strings"
	"testing"

	"tablekeeper/core/event"
)

func heresy() event.Settings {
	return event.Settings{Scoring: event.ScoringHeresy, Heresy: event.HeresySettings{TauGoal: 9, WinScore: 14, TimeOutBonus: 2}}
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
	s.Heresy.TauGoal, s.Heresy.WinScore = 7, 11
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

func counts(place int, c ...int) event.SeatResult {
	stats := map[string]int{}
	for i, n := range c {
		stats[SiteItems()[i]] = n
	}
	return event.SeatResult{Place: place, Games: []event.GameDetail{{Stats: stats}}}
}

// Rule S7: game points from the counts of rule 5.3 by the default values
// (4 seized, 3 burned, 2 played, -2 for each card reducing or increasing
// the sites to win), or by the event's own.
func TestShadowfistGamePointsFromCounts(t *testing.T) {
	r := event.Result{Seats: []event.SeatResult{
		counts(1, 3, 2, 0),          // 12 + 6
		counts(0, 0, 0, 4),          // 8
		counts(0, 1, 0, 2, 3, 1),    // 4 + 4 + 0×3 − 2
		counts(0, 0, 1, 1, 0, 0, 2), // 3 + 2 + 0 + 0 (controlled) = 5
	}}
	if err := Check(shadowfist(), &r); err != nil {
		t.Fatal(err)
	}
	for i, want := range []int{18, 8, 6, 5} {
		if r.Seats[i].Points != want {
			t.Errorf("seat %d: %d game points, want %d", i+1, r.Seats[i].Points, want)
		}
	}
	s := shadowfist()
	s.Shadowfist.GamePoints = &event.GamePointValues{Seized: 5, Burned: 5, Played: 1, Controlled: 1}
	r = event.Result{Seats: []event.SeatResult{counts(1, 3, 2, 0), counts(0, 0, 1, 1, 0, 0, 2)}}
	if err := Check(s, &r); err != nil {
		t.Fatal(err)
	}
	if r.Seats[0].Points != 25 || r.Seats[1].Points != 8 {
		t.Errorf("own values: %+v", r.Seats)
	}
}

// Rule S7 (5.7 a iii): an unconventional winner with one site seized and
// one burned scores 4 + 3 + 6 for three theoretical sites: 13, and the
// four match points of a win.
func TestShadowfistUnconventionalWin(t *testing.T) {
	win := counts(1, 1, 1, 0)
	win.Games[0].Stats[UnconventionalStat] = 1
	r := event.Result{Seats: []event.SeatResult{counts(0, 2, 0, 1), win, counts(0, 0, 0, 3)}}
	if err := Check(shadowfist(), &r); err != nil {
		t.Fatal(err)
	}
	if r.Seats[1].Points != 13 {
		t.Errorf("unconventional winner: %d game points, want 13", r.Seats[1].Points)
	}
	if MatchPoints(shadowfist(), r, 1) != 4 || MatchPoints(shadowfist(), r, 0) != 0 {
		t.Errorf("match points %d and %d, want 4 and 0", MatchPoints(shadowfist(), r, 1), MatchPoints(shadowfist(), r, 0))
	}
	// Five sites already: nothing theoretical to add.
	five := counts(1, 2, 1, 2)
	five.Games[0].Stats[UnconventionalStat] = 1
	r = event.Result{Seats: []event.SeatResult{five, counts(0)}}
	if err := Check(shadowfist(), &r); err != nil || r.Seats[0].Points != 15 {
		t.Errorf("five sites: %d, %v; want 15", r.Seats[0].Points, err)
	}
}

// Rule S7: impossible counts and misplaced unconventional marks are
// refused with a sentence.
func TestShadowfistCountsRefused(t *testing.T) {
	loser := counts(0, 1)
	loser.Games[0].Stats[UnconventionalStat] = 1
	timed := counts(1, 1)
	timed.Games[0].Stats[UnconventionalStat] = 1
	direct := event.SeatResult{Place: 1, Points: 9, Games: []event.GameDetail{{Stats: map[string]int{UnconventionalStat: 1}}}}
	cases := []struct {
		name string
		r    event.Result
		want string
	}{
		{"negative count", event.Result{Seats: []event.SeatResult{counts(1, -1), counts(0)}}, "not possible"},
		{"huge count", event.Result{Seats: []event.SeatResult{counts(1, 99), counts(0)}}, "0 to 30"},
		{"loser marked", event.Result{Seats: []event.SeatResult{counts(1), loser}}, "did not win"},
		{"at time", event.Result{TimeOut: true, Seats: []event.SeatResult{timed, counts(0)}}, "not at time"},
		{"no counts", event.Result{Seats: []event.SeatResult{direct, counts(0)}}, "sites seized, burned and played"},
	}
	for _, c := range cases {
		err := Check(shadowfist(), &c.r)
		if !errors.Is(err, event.ErrInvalid) || !strings.Contains(event.Message(err), c.want) {
			t.Errorf("%s: %v, want a message with %q", c.name, err, c.want)
		}
	}
}
