package clock

import (
	"errors"
	"testing"
	"time"

	"tablekeeper/core/event"
)

// t0 is the moment tests count from; no test reads the real clock.
var t0 = time.Date(2025, 3, 1, 10, 0, 0, 0, time.UTC)

// at is t0 plus minutes and seconds.
func at(min, sec int) time.Time {
	return t0.Add(time.Duration(min)*time.Minute + time.Duration(sec)*time.Second)
}

func mins(m int) time.Duration { return time.Duration(m) * time.Minute }

// must returns a function that fails the test on an error and otherwise
// returns the clock: must(t)(Start(c, now)).
func must(t *testing.T) func(event.Clock, error) event.Clock {
	return func(c event.Clock, err error) event.Clock {
		t.Helper()
		if err != nil {
			t.Fatalf("unexpected error: %v", err)
		}
		return c
	}
}

func TestStartPauseResumeAdd(t *testing.T) {
	c := event.Clock{Duration: mins(50)}
	if got := Remaining(c, at(5, 0)); got != mins(50) {
		t.Errorf("before the start Remaining = %v, want 50m", got)
	}
	c = must(t)(Start(c, at(0, 0)))
	if !Running(c) || IsPaused(c) {
		t.Errorf("after Start: Running %v, IsPaused %v", Running(c), IsPaused(c))
	}
	if got := Remaining(c, at(10, 0)); got != mins(40) {
		t.Errorf("10 minutes in: Remaining = %v, want 40m", got)
	}
	c = must(t)(Pause(c, at(10, 0)))
	// Paused 5 minutes: nothing moves.
	if got := Remaining(c, at(15, 0)); got != mins(40) {
		t.Errorf("paused: Remaining = %v, want 40m", got)
	}
	if got := Elapsed(c, at(15, 0)); got != mins(10) {
		t.Errorf("paused: Elapsed = %v, want 10m", got)
	}
	if Running(c) || !IsPaused(c) {
		t.Errorf("after Pause: Running %v, IsPaused %v", Running(c), IsPaused(c))
	}
	c = must(t)(Resume(c, at(15, 0)))
	if c.Paused != mins(5) || !c.PausedAt.IsZero() {
		t.Errorf("after Resume: Paused %v, PausedAt %v", c.Paused, c.PausedAt)
	}
	// A long ruling for everyone: 3 minutes more.
	c = must(t)(Add(c, mins(3), at(20, 0)))
	// 20 - 5 paused = 15 run; 50 + 3 - 15 = 38.
	if got := Remaining(c, at(20, 0)); got != mins(38) {
		t.Errorf("after Add: Remaining = %v, want 38m", got)
	}
	// Taking back a minute added by mistake.
	c = must(t)(Add(c, -mins(1), at(20, 0)))
	if got := Total(c); got != mins(52) {
		t.Errorf("Total = %v, want 52m", got)
	}
	end, ok := EndsAt(c)
	if want := at(57, 0); !ok || !end.Equal(want) {
		t.Errorf("EndsAt = %v %v, want %v", end, ok, want)
	}
	if Expired(c, at(56, 59)) || !Expired(c, at(57, 0)) {
		t.Errorf("Expired should turn true exactly at 57:00")
	}
	// Over by 2:13.
	if got := Remaining(c, at(59, 13)); got != -(2*time.Minute + 13*time.Second) {
		t.Errorf("over: Remaining = %v, want -2m13s", got)
	}
	if got := Read(c, at(59, 13)).String(); got != "over by 2:13" {
		t.Errorf("Read.String = %q", got)
	}
}

func TestTransitionErrors(t *testing.T) {
	fresh := event.Clock{Duration: mins(45)}
	running := must(t)(Start(fresh, at(0, 0)))
	paused := must(t)(Pause(running, at(10, 0)))
	tests := []struct {
		name string
		op   func() (event.Clock, error)
		kind error
	}{
		{"starting twice", func() (event.Clock, error) { return Start(running, at(1, 0)) }, event.ErrState},
		{"starting with no time", func() (event.Clock, error) { return Start(fresh, time.Time{}) }, event.ErrInvalid},
		{"pausing before the start", func() (event.Clock, error) { return Pause(fresh, at(1, 0)) }, event.ErrState},
		{"pausing twice", func() (event.Clock, error) { return Pause(paused, at(11, 0)) }, event.ErrState},
		{"pausing before the clock ran", func() (event.Clock, error) { return Pause(running, at(-1, 0)) }, event.ErrInvalid},
		{"resuming a running clock", func() (event.Clock, error) { return Resume(running, at(11, 0)) }, event.ErrState},
		{"resuming a fresh clock", func() (event.Clock, error) { return Resume(fresh, at(11, 0)) }, event.ErrState},
		{"resuming before the pause", func() (event.Clock, error) { return Resume(paused, at(9, 0)) }, event.ErrInvalid},
		{"taking away more than is left", func() (event.Clock, error) { return Add(running, -mins(36), at(10, 0)) }, event.ErrInvalid},
		{"taking away once time is up", func() (event.Clock, error) { return Add(running, -mins(1), at(46, 0)) }, event.ErrState},
		{"adding a day and more", func() (event.Clock, error) { return Add(running, 25*time.Hour, at(1, 0)) }, event.ErrInvalid},
		{"adding to an untimed round", func() (event.Clock, error) { return Add(event.Clock{}, mins(5), at(1, 0)) }, event.ErrState},
		{"changing the length once started", func() (event.Clock, error) { return SetDuration(running, mins(50)) }, event.ErrState},
		{"a negative length", func() (event.Clock, error) { return SetDuration(fresh, -mins(1)) }, event.ErrInvalid},
		{"a length over a day", func() (event.Clock, error) { return SetDuration(fresh, 25*time.Hour) }, event.ErrInvalid},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := tt.op()
			if !errors.Is(err, tt.kind) {
				t.Fatalf("err = %v, want %v", err, tt.kind)
			}
			if event.Message(err) == "" {
				t.Errorf("no sentence for the organizer")
			}
		})
	}
}

func TestAddDownToZeroAndBack(t *testing.T) {
	c := must(t)(Start(event.Clock{Duration: mins(45)}, at(0, 0)))
	// Exactly what is left may be taken: time is up at once.
	c = must(t)(Add(c, -mins(35), at(10, 0)))
	if !Expired(c, at(10, 0)) || Remaining(c, at(10, 0)) != 0 {
		t.Errorf("after taking all that was left: Remaining %v", Remaining(c, at(10, 0)))
	}
	// Time given back after time was called.
	c = must(t)(Add(c, mins(5), at(12, 0)))
	if got := Remaining(c, at(12, 0)); got != mins(3) {
		t.Errorf("Remaining = %v, want 3m", got)
	}
	// Adding while paused counts too.
	c = must(t)(Pause(c, at(12, 0)))
	c = must(t)(Add(c, mins(1), at(20, 0)))
	if got := Remaining(c, at(30, 0)); got != mins(4) {
		t.Errorf("paused after Add: Remaining = %v, want 4m", got)
	}
	// Zero changes nothing.
	if c2 := must(t)(Add(c, 0, at(30, 0))); c2 != c {
		t.Errorf("Add 0 changed the clock")
	}
}

func TestSetDurationAndReset(t *testing.T) {
	c := must(t)(SetDuration(event.Clock{Duration: mins(45)}, mins(120)))
	if c.Duration != mins(120) {
		t.Errorf("Duration = %v", c.Duration)
	}
	c = must(t)(Add(c, mins(15), at(0, 0)))
	if got := Remaining(c, at(0, 0)); got != mins(135) {
		t.Errorf("before start, after Add: Remaining = %v, want 135m", got)
	}
	c = must(t)(Start(c, at(1, 0)))
	c = must(t)(Pause(c, at(2, 0)))
	c = Reset(c)
	if c != (event.Clock{Duration: mins(120)}) {
		t.Errorf("Reset = %+v, want a fresh 120-minute clock", c)
	}
	// Untimed: 0 drops the added time.
	c = must(t)(Add(c, mins(5), at(3, 0)))
	c = must(t)(SetDuration(c, 0))
	if Timed(c) || c.Added != 0 {
		t.Errorf("SetDuration(0) = %+v, want untimed", c)
	}
}

// Rule S5: a single final table need not be timed; an untimed round shows
// the time played and never runs out.
func TestUntimedRound(t *testing.T) {
	c := must(t)(Start(event.Clock{}, at(0, 0)))
	now := at(200, 0)
	if Timed(c) || Expired(c, now) || Remaining(c, now) != 0 {
		t.Errorf("untimed: Timed %v Expired %v Remaining %v", Timed(c), Expired(c, now), Remaining(c, now))
	}
	if got := Elapsed(c, now); got != mins(200) {
		t.Errorf("Elapsed = %v", got)
	}
	if _, ok := EndsAt(c); ok {
		t.Errorf("an untimed round has no end")
	}
	if RoundOver(c, Extensions{1: mins(5)}, now) {
		t.Errorf("an untimed round is never over by the clock")
	}
	if got := OnExtension(c, Extensions{1: mins(5)}, now); got != nil {
		t.Errorf("OnExtension = %v", got)
	}
	if got := TableRemaining(c, mins(5), now); got != 0 {
		t.Errorf("TableRemaining = %v", got)
	}
	if got := Read(c, now).String(); got != "untimed, 3:20:00 played" {
		t.Errorf("Read.String = %q", got)
	}
	if due, _ := Due(c, ShadowfistWarning, nil, Announced{}, now); len(due) != 0 {
		t.Errorf("Due = %v", due)
	}
	c = must(t)(Pause(c, at(210, 0)))
	c = must(t)(Resume(c, at(220, 0)))
	if got := Elapsed(c, at(230, 0)); got != mins(220) {
		t.Errorf("Elapsed after a pause = %v", got)
	}
}

func TestElapsedNeverNegative(t *testing.T) {
	c := must(t)(Start(event.Clock{Duration: mins(10)}, at(5, 0)))
	if got := Elapsed(c, at(0, 0)); got != 0 {
		t.Errorf("Elapsed before the start = %v", got)
	}
	if got := Remaining(c, at(0, 0)); got != mins(10) {
		t.Errorf("Remaining before the start = %v", got)
	}
}

func TestFormat(t *testing.T) {
	tests := []struct {
		d    time.Duration
		want string
	}{
		{0, "0:00"},
		{49*time.Minute + 59*time.Second, "49:59"},
		{50 * time.Minute, "50:00"},
		{50*time.Minute - time.Millisecond, "50:00"}, // rounds up
		{500 * time.Millisecond, "0:01"},
		{-500 * time.Millisecond, "0:00"},
		{-time.Second, "-0:01"},
		{-(2*time.Minute + 13*time.Second), "-2:13"},
		{-(2*time.Minute + 13*time.Second + 700*time.Millisecond), "-2:13"},
		{65 * time.Minute, "1:05:00"},
		{2*time.Hour + 3*time.Second, "2:00:03"},
		{-(61*time.Minute + 5*time.Second), "-1:01:05"},
		{59*time.Minute + 59*time.Second + time.Millisecond, "1:00:00"},
	}
	for _, tt := range tests {
		if got := Format(tt.d); got != tt.want {
			t.Errorf("Format(%v) = %q, want %q", tt.d, got, tt.want)
		}
	}
}

func TestReadingString(t *testing.T) {
	c := event.Clock{Duration: mins(50)}
	running := must(t)(Start(c, at(0, 0)))
	paused := must(t)(Pause(running, at(38, 0)))
	tests := []struct {
		c    event.Clock
		now  time.Time
		want string
	}{
		{c, at(0, 0), "not started, 50:00"},
		{running, at(0, 1), "49:59"},
		{paused, at(45, 0), "paused, 12:00 left"},
		{running, at(50, 0), "time"},
		{running, at(52, 13), "over by 2:13"},
		{event.Clock{}, at(0, 0), "untimed"},
	}
	for _, tt := range tests {
		if got := Read(tt.c, tt.now).String(); got != tt.want {
			t.Errorf("Read(%+v, %v) = %q, want %q", tt.c, tt.now.Sub(t0), got, tt.want)
		}
	}
}

// Transitions are pure: the clock passed in is never changed.
func TestTransitionsDoNotChangeTheirInput(t *testing.T) {
	c := event.Clock{Duration: mins(45)}
	orig := c
	s, _ := Start(c, at(0, 0))
	p, _ := Pause(s, at(5, 0))
	_, _ = Resume(p, at(6, 0))
	_, _ = Add(s, mins(3), at(1, 0))
	if c != orig || s.PausedAt != (time.Time{}) {
		t.Errorf("an input clock changed")
	}
}

// Time can always be added, even to a round well over its time: the
// organizer gives everyone a minute more after a long interruption.
func TestAddToARoundWellOver(t *testing.T) {
	t0 := time.Date(2026, 11, 21, 18, 0, 0, 0, time.UTC)
	c, _ := Start(event.Clock{Duration: 50 * time.Minute}, t0)
	now := t0.Add(55 * time.Minute)
	c, err := Add(c, time.Minute, now)
	if err != nil || Remaining(c, now) != -4*time.Minute {
		t.Errorf("+1 min when 5 over: %v left, %v", Remaining(c, now), err)
	}
	if _, err := Add(c, -time.Minute, now); err == nil {
		t.Error("took time from a round already over")
	}
}
