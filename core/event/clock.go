package event

import "time"

// Clock is the saved state of a round's clock. It is data, not a ticker:
// the time left is computed from it and the current time, so a restart
// after a crash resumes exactly where the clock stood (core/clock evaluates
// it).
type Clock struct {
	// Duration is the round time.
	Duration time.Duration
	// StartedAt is when the clock was first started; zero before that.
	StartedAt time.Time
	// PausedAt is when the clock was paused; zero while it runs.
	PausedAt time.Time
	// Paused is the total time spent paused before PausedAt.
	Paused time.Duration
	// Added is time added to the whole round.
	Added time.Duration
}

// Started reports whether the clock has been started.
func (c Clock) Started() bool { return !c.StartedAt.IsZero() }
