package event

import (
	"errors"
	"strings"
	"testing"
	"time"
)

func res(a, b, drawn int) Result {
	return Result{Seats: []SeatResult{{GamesWon: a}, {GamesWon: b}}, GamesDrawn: drawn}
}

func TestTwoPlayerResultsByMatchLength(t *testing.T) {
	for _, c := range []struct {
		name   string
		r      Result
		bestOf int
		ok     bool
	}{
		{"a 2–1 in a best of three", res(2, 1, 0), 3, true},
		{"a 2–0 in a best of three", res(2, 0, 0), 3, true},
		{"a 1–1 draw at time", res(1, 1, 0), 3, true},
		{"one game drawn in a 1–1–1", res(1, 1, 1), 3, true},
		{"a 1–0 in a best of one", res(1, 0, 0), 1, true},
		{"a drawn best of one", res(0, 0, 1), 1, true},
		{"no 3–0 in a best of three", res(3, 0, 0), 3, false},
		{"no 2–2", res(2, 2, 0), 3, false},
		{"no 2–1 in a best of one", res(2, 1, 0), 1, false},
		{"no more games than the match has", res(1, 1, 2), 3, false},
		{"no negative games", res(-1, 2, 0), 3, false},
		{"no empty result", res(0, 0, 0), 3, false},
		{"three seats are not a two-player result", Result{Seats: make([]SeatResult, 3)}, 3, false},
	} {
		err := c.r.CheckTwoPlayer(c.bestOf)
		if (err == nil) != c.ok {
			t.Errorf("%s: %v", c.name, err)
		}
		if err != nil && !errors.Is(err, ErrInvalid) {
			t.Errorf("%s: %v is not ErrInvalid", c.name, err)
		}
	}
	unplayed := Result{Seats: make([]SeatResult, 2), TimeOut: true}
	if err := unplayed.CheckTwoPlayer(3); err != nil {
		t.Errorf("an unplayed match at time is a 0–0 draw: %v", err)
	}
}

func TestOutcome(t *testing.T) {
	r := res(2, 1, 0)
	if r.Outcome(0) != Win || r.Outcome(1) != Loss || res(1, 1, 1).Outcome(1) != Draw {
		t.Error("outcomes")
	}
}

func TestValidateSaysWhatIsWrong(t *testing.T) {
	good := Settings{Structure: StructureSwiss, TableSize: 2, GamesPerMatch: 3, RoundMinutes: 50}
	e := Event{Name: "Friday", Game: "generic", Format: "swiss", State: StateRegistration, Settings: good}
	if err := e.Validate(); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		change func(*Event)
		want   string
	}{
		{func(e *Event) { e.Name = " " }, "needs a name"},
		{func(e *Event) { e.Name = strings.Repeat("x", 121) }, "longer than 120"},
		{func(e *Event) { e.State = "paused" }, "unknown event state"},
		{func(e *Event) { e.Settings.TableSize = 6 }, "seats 2 to 5"},
		{func(e *Event) { e.Settings.GamesPerMatch = 4 }, "games per match"},
		{func(e *Event) { e.Settings.Rounds = 99 }, "0 to 64 rounds"},
		{func(e *Event) { e.Settings.MinTableSize = 3 }, "smallest table"},
	} {
		bad := e
		c.change(&bad)
		if err := bad.Validate(); err == nil || !strings.Contains(Message(err), c.want) {
			t.Errorf("want %q, got %v", c.want, err)
		}
	}
	if err := (Player{Name: "Zoë"}).Validate(); err != nil {
		t.Error(err)
	}
	if err := (Player{Name: "\t"}).Validate(); err == nil {
		t.Error("blank player name accepted")
	}
}

func TestDayIsTheLocalCalendarDay(t *testing.T) {
	late := time.Date(2026, 11, 20, 23, 30, 0, 0, time.FixedZone("UTC-5", -5*3600))
	if got := Day(late); !got.Equal(time.Date(2026, 11, 20, 0, 0, 0, 0, time.UTC)) {
		t.Errorf("Day(%v) = %v", late, got)
	}
}

func TestMessageUnwraps(t *testing.T) {
	err := Statef("round %d still lacks results", 3)
	wrapped := errors.Join(errors.New("context"), err)
	if Message(err) != "round 3 still lacks results" || !errors.Is(wrapped, ErrState) {
		t.Errorf("%q", Message(err))
	}
	if Message(nil) != "" || Message(errors.New("plain")) != "plain" {
		t.Error("plain errors")
	}
}
