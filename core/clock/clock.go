// Package clock evaluates a round's clock, saved as an event.Clock, against
// a time the caller passes in. Nothing here ticks, sleeps or reads the
// system clock: the time left is always computed from the saved state and
// now, so a restart after a crash resumes a running round exactly where it
// stood, and tests choose their own times.
//
// The package has four parts:
//   - the round clock: Start, Pause, Resume, Add, SetDuration and Reset
//     return a new event.Clock (or an error with a sentence for the
//     organizer); Elapsed, Remaining, Expired and Read evaluate it;
//   - per-table extensions (S11: a ruling over a minute, a deck check):
//     TableRemaining, RoundOver, OnExtension;
//   - announcements (S5: the 10-minute warning, time, each extended
//     table's end): Due, edge-triggered through an Announced record the
//     caller saves;
//   - what the rules decide when time runs out: KeyForge going to time in
//     one game (K7) and in a best of three (K8), Shadowfist calling time
//     (S8, rule 5.5), and Shadowfist's time limit by table size (S4).
//
// A clock whose Duration is 0 is untimed (S5: a single final table need not
// be timed): it can be started and shows the time played, but it never runs
// out, never announces anything and refuses added time. The round times of
// the formats (K6: 45 minutes an elimination round, 120 a playoff round)
// live in the rules catalogue (core/rules), not here.
package clock

import (
	"fmt"
	"time"

	"tablekeeper/core/event"
)

// MaxDuration bounds a round's length and any one change of it, as the
// event settings bound a round to 1440 minutes.
const MaxDuration = 24 * time.Hour

// Start starts the clock at now. An untimed clock may be started too: it
// then shows the time played. S4: a Shadowfist clock starts once every
// player has drawn the opening hand.
func Start(c event.Clock, now time.Time) (event.Clock, error) {
	if err := checkNow(now); err != nil {
		return c, err
	}
	if c.Started() {
		return c, event.Statef("the round clock is already started; reset it first to start it again")
	}
	c.StartedAt = now
	c.PausedAt = time.Time{}
	c.Paused = 0
	return c, nil
}

// Pause stops the clock at now; Resume lets it run again. The time spent
// paused never counts against the round.
func Pause(c event.Clock, now time.Time) (event.Clock, error) {
	if err := checkNow(now); err != nil {
		return c, err
	}
	switch {
	case !c.Started():
		return c, event.Statef("the round clock has not been started yet")
	case !c.PausedAt.IsZero():
		return c, event.Statef("the round clock is already paused")
	case now.Sub(c.StartedAt)-c.Paused < 0:
		return c, event.Invalidf("the time given (%s) is before the clock last ran; check the computer's clock", now.Format(time.TimeOnly))
	}
	c.PausedAt = now
	return c, nil
}

// Resume restarts a paused clock at now.
func Resume(c event.Clock, now time.Time) (event.Clock, error) {
	if err := checkNow(now); err != nil {
		return c, err
	}
	switch {
	case !c.Started():
		return c, event.Statef("the round clock has not been started yet")
	case c.PausedAt.IsZero():
		return c, event.Statef("the round clock is not paused")
	case now.Before(c.PausedAt):
		return c, event.Invalidf("the time given (%s) is before the clock was paused (%s); check the computer's clock",
			now.Format(time.TimeOnly), c.PausedAt.Format(time.TimeOnly))
	}
	c.Paused += now.Sub(c.PausedAt)
	c.PausedAt = time.Time{}
	return c, nil
}

// Add adds d to the whole round (every table), at any time, running,
// paused or not yet started. A negative d takes time away, to correct a
// mistake, but never below zero left at now: taking away more than is left
// is refused (the error says how much can go), and once the time is up
// only added time changes it. Per-table time is an extension, not Add.
// An untimed clock refuses added time.
func Add(c event.Clock, d time.Duration, now time.Time) (event.Clock, error) {
	if err := checkNow(now); err != nil {
		return c, err
	}
	if !Timed(c) {
		return c, event.Statef("the round is untimed; give it a length before it starts to time it")
	}
	if d > MaxDuration || d < -MaxDuration {
		return c, event.Invalidf("%s is too much to add or take away at once; at most 24 hours", Format(d))
	}
	if d == 0 {
		return c, nil
	}
	if left := Remaining(c, now); d < 0 && left+d < 0 {
		if left <= 0 {
			return c, event.Statef("the round's time is already up; time can only be added now")
		}
		return c, event.Invalidf("only %s is left, so at most %s can be taken away", Format(left), Format(left))
	}
	if Total(c)+d > MaxDuration {
		return c, event.Invalidf("a round cannot last more than 24 hours")
	}
	c.Added += d
	return c, nil
}

// SetDuration sets the round's length before the clock starts; 0 makes the
// round untimed (and drops any added time). Once started, use Add.
func SetDuration(c event.Clock, d time.Duration) (event.Clock, error) {
	switch {
	case c.Started():
		return c, event.Statef("the round has started: add or take away time instead of changing its length")
	case d < 0 || d > MaxDuration:
		return c, event.Invalidf("a round lasts 0 (untimed) to 24 hours, not %s", Format(d))
	case d == 0:
		return event.Clock{}, nil
	case d+c.Added < 0:
		return c, event.Invalidf("%s minus the %s already taken away leaves no time", Format(d), Format(-c.Added))
	}
	c.Duration = d
	return c, nil
}

// Reset puts the clock back to before its start, keeping its length and
// dropping added time and pauses: for a clock started too early (S4: only
// after the opening hands). Announcements made for the old start are
// forgotten by Due, because they belong to a different StartedAt.
func Reset(c event.Clock) event.Clock {
	return event.Clock{Duration: c.Duration}
}

// Timed reports whether the round is timed (Duration above 0).
func Timed(c event.Clock) bool { return c.Duration > 0 }

// Running reports whether the clock is started and not paused.
func Running(c event.Clock) bool { return c.Started() && c.PausedAt.IsZero() }

// IsPaused reports whether the clock is started and paused.
func IsPaused(c event.Clock) bool { return c.Started() && !c.PausedAt.IsZero() }

// Total is the round's time with the time added: what Remaining counts
// down from. 0 for an untimed round.
func Total(c event.Clock) time.Duration {
	if !Timed(c) {
		return 0
	}
	return c.Duration + c.Added
}

// Elapsed is the time the clock has run by now: from the start, less the
// pauses, frozen while paused. 0 before the start (and never negative, even
// when now is before the start).
func Elapsed(c event.Clock, now time.Time) time.Duration {
	if !c.Started() {
		return 0
	}
	end := now
	if !c.PausedAt.IsZero() {
		end = c.PausedAt
	}
	return max(0, end.Sub(c.StartedAt)-c.Paused)
}

// Remaining is the round's time left at now: Total less Elapsed. It goes
// negative once time is up (-2m13s: over by 2:13). 0 for an untimed round,
// which never runs out; check Timed to tell the two apart.
func Remaining(c event.Clock, now time.Time) time.Duration {
	if !Timed(c) {
		return 0
	}
	return Total(c) - Elapsed(c, now)
}

// Expired reports whether a timed, started round's time is up at now
// (Remaining at or below zero). An untimed or unstarted round never is.
func Expired(c event.Clock, now time.Time) bool {
	return Timed(c) && c.Started() && Remaining(c, now) <= 0
}

// EndsAt is when the round's time will be up if the clock keeps running,
// so a screen can schedule its next look; ok is false when the clock is
// untimed, not started or paused (nothing will happen by itself).
func EndsAt(c event.Clock) (end time.Time, ok bool) {
	if !Timed(c) || !Running(c) {
		return time.Time{}, false
	}
	return c.StartedAt.Add(c.Paused + Total(c)), true
}

// Reading is the clock as a screen shows it at one moment.
type Reading struct {
	// Timed, Started, Running and Paused are as the functions of the same
	// names say (Paused as IsPaused).
	Timed   bool
	Started bool
	Running bool
	Paused  bool
	// Elapsed is the time the clock has run.
	Elapsed time.Duration
	// Remaining is the time left; negative once time is up; 0 when untimed.
	Remaining time.Duration
	// Expired: the round's time is up.
	Expired bool
}

// Read evaluates the clock at now.
func Read(c event.Clock, now time.Time) Reading {
	return Reading{
		Timed:     Timed(c),
		Started:   c.Started(),
		Running:   Running(c),
		Paused:    IsPaused(c),
		Elapsed:   Elapsed(c, now),
		Remaining: Remaining(c, now),
		Expired:   Expired(c, now),
	}
}

// String says what the clock shows, in an organizer's words: "49:59",
// "paused, 12:00 left", "over by 2:13", "not started, 50:00",
// "untimed, 1:02:03 played".
func (r Reading) String() string {
	switch {
	case !r.Timed && !r.Started:
		return "untimed"
	case !r.Timed:
		return "untimed, " + Format(r.Elapsed) + " played"
	case !r.Started:
		return "not started, " + Format(r.Remaining)
	case r.Expired && Format(-r.Remaining) == "0:00":
		return "time"
	case r.Expired:
		return "over by " + Format(-r.Remaining)
	case r.Paused:
		return "paused, " + Format(r.Remaining) + " left"
	}
	return Format(r.Remaining)
}

// Format writes d as a clock face: "49:59", "-2:13", "1:05:00" from an
// hour on. It rounds up to the whole second, so a countdown shows "0:00"
// only once time is up and "-0:01" a second later.
func Format(d time.Duration) string {
	s := int64(d / time.Second)
	if d > 0 && d%time.Second != 0 {
		s++
	}
	sign := ""
	if s < 0 {
		sign, s = "-", -s
	}
	h, m, sec := s/3600, s/60%60, s%60
	if h > 0 {
		return fmt.Sprintf("%s%d:%02d:%02d", sign, h, m, sec)
	}
	return fmt.Sprintf("%s%d:%02d", sign, m, sec)
}

// checkNow refuses the zero time, which the clock uses for "not set".
func checkNow(now time.Time) error {
	if now.IsZero() {
		return event.Invalid("no time was given for the clock")
	}
	return nil
}
