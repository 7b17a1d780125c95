package clock

import (
	"reflect"
	"testing"
	"time"

	"tablekeeper/core/event"
)

// Rule S11: a ruling over a minute extends that table's time; the round is
// over only when the last extended table's time is up.
func TestExtensionsAndRoundOver(t *testing.T) {
	c := must(t)(Start(event.Clock{Duration: mins(50)}, at(0, 0)))
	ext := Extensions{4: mins(3), 7: mins(1), 2: mins(3), 9: 0, 5: -mins(2)}

	if got := TableRemaining(c, mins(3), at(49, 0)); got != mins(4) {
		t.Errorf("TableRemaining = %v, want 4m", got)
	}
	if got := TableRemaining(c, -mins(3), at(49, 0)); got != mins(1) {
		t.Errorf("a negative extension counts as none: %v", got)
	}
	tests := []struct {
		now  time.Time
		over bool
		on   []TableTime
	}{
		{at(49, 0), false, []TableTime{{7, mins(1), mins(2)}, {2, mins(3), mins(4)}, {4, mins(3), mins(4)}}},
		{at(50, 0), false, []TableTime{{7, mins(1), mins(1)}, {2, mins(3), mins(3)}, {4, mins(3), mins(3)}}},
		{at(51, 0), false, []TableTime{{2, mins(3), mins(2)}, {4, mins(3), mins(2)}}},
		{at(52, 59), false, []TableTime{{2, mins(3), time.Second}, {4, mins(3), time.Second}}},
		{at(53, 0), true, nil},
		{at(60, 0), true, nil},
	}
	for _, tt := range tests {
		if got := RoundOver(c, ext, tt.now); got != tt.over {
			t.Errorf("at %v RoundOver = %v, want %v", tt.now.Sub(t0), got, tt.over)
		}
		if got := OnExtension(c, ext, tt.now); !reflect.DeepEqual(got, tt.on) {
			t.Errorf("at %v OnExtension = %v, want %v", tt.now.Sub(t0), got, tt.on)
		}
	}
	// No extensions: over with the round's own time.
	if RoundOver(c, nil, at(49, 59)) || !RoundOver(c, nil, at(50, 0)) {
		t.Errorf("without extensions the round is over at 50:00 exactly")
	}
	// Not started: never over.
	if RoundOver(event.Clock{Duration: mins(50)}, nil, at(100, 0)) {
		t.Errorf("an unstarted round is not over")
	}
	// A pause stops extended tables too.
	p := must(t)(Pause(c, at(51, 0)))
	if RoundOver(p, ext, at(80, 0)) {
		t.Errorf("paused at 51:00, tables 2 and 4 still have 2 minutes")
	}
}

func TestExtensionsOf(t *testing.T) {
	tables := []event.Table{
		{Number: 1},
		{Number: 2, Extension: mins(3)},
		{Number: 3, Extension: mins(2), Result: &event.Result{}}, // reported: done
		{Number: 0, Extension: mins(2), Bye: true},
		{Number: 5, Extension: -mins(1)},
		{Number: 6, Extension: time.Minute},
	}
	want := Extensions{2: mins(3), 6: time.Minute}
	if got := ExtensionsOf(tables); !reflect.DeepEqual(got, want) {
		t.Errorf("ExtensionsOf = %v, want %v", got, want)
	}
}
