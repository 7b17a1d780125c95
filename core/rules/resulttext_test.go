package rules

import (
	"testing"

	"tablekeeper/core/event"
	"tablekeeper/core/i18n"
)

// One result, one text: every surface writes a result with an en dash.
func TestResultTextIsOneFormEverywhere(t *testing.T) {
	two := func(a, b, d int, timeOut bool) *event.Result {
		return &event.Result{Seats: []event.SeatResult{{GamesWon: a}, {GamesWon: b}}, GamesDrawn: d, TimeOut: timeOut}
	}
	seats := []event.Seat{{EntryID: 1}, {EntryID: 2}}
	match := event.Settings{TableSize: 2}
	for _, tt := range []struct {
		name string
		s    event.Settings
		t    event.Table
		want string
	}{
		{"a win", match, event.Table{Seats: seats, Result: two(2, 1, 0, false)}, "2–1"},
		{"drawn games", match, event.Table{Seats: seats, Result: two(1, 1, 1, false)}, "1–1–1"},
		{"time", match, event.Table{Seats: seats, Result: two(1, 0, 0, true)}, "1–0 (time)"},
		{"a bye", match, event.Table{Seats: seats[:1], Bye: true}, "bye"},
		{"no result", match, event.Table{Seats: seats}, ""},
	} {
		if got := ResultText(tt.s, tt.t, nil).String(); got != tt.want {
			t.Errorf("%s: ResultText = %q, want %q", tt.name, got, tt.want)
		}
	}
	if got := ResultText(match, event.Table{Seats: seats, Result: two(1, 0, 0, true)}, nil).In(i18n.French); got != "1–0 (au temps)" {
		t.Errorf("in French: %q", got)
	}
	if got := Record(3, 1, 0).String(); got != "3–1–0" {
		t.Errorf("Record(3, 1, 0) = %q", got)
	}
	if got := (MatchChoice{Winner: 2, Won: 2, Lost: 1}).Games().String(); got != "2–1" {
		t.Errorf("a choice's games = %q", got)
	}
}
