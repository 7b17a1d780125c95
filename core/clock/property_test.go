package clock

import (
	"math/rand/v2"
	"testing"
	"time"

	"tablekeeper/core/event"
)

// model is an independent account of a clock: the running intervals
// themselves, not the package's started/paused arithmetic.
type model struct {
	duration, added time.Duration
	closed          []time.Duration // lengths of finished running intervals
	started         bool
	running         bool
	since           time.Time // start of the open running interval
}

func (m *model) remaining(now time.Time) time.Duration {
	ran := time.Duration(0)
	for _, d := range m.closed {
		ran += d
	}
	if m.running {
		ran += now.Sub(m.since)
	}
	return m.duration + m.added - ran
}

// For random sequences of start, pause, resume and add at random times,
// Remaining equals Duration + Added less the sum of the running intervals,
// and each operation is accepted exactly when the model says it is valid.
func TestRemainingMatchesRunningIntervals(t *testing.T) {
	for seed := range uint64(400) {
		rng := rand.New(rand.NewPCG(seed, 0xc10c))
		m := &model{duration: time.Duration(rng.IntN(120)+1) * time.Minute}
		c := event.Clock{Duration: m.duration}
		now := t0
		for step := range 40 {
			// Up to ten minutes later, to the millisecond; sometimes the
			// same instant.
			now = now.Add(time.Duration(rng.IntN(600_001)) * time.Millisecond)
			var (
				next   event.Clock
				err    error
				wantOK bool
				op     string
			)
			switch rng.IntN(4) {
			case 0:
				op, wantOK = "start", !m.started
				next, err = Start(c, now)
				if wantOK {
					m.started, m.running, m.since = true, true, now
				}
			case 1:
				op, wantOK = "pause", m.running
				next, err = Pause(c, now)
				if wantOK {
					m.closed = append(m.closed, now.Sub(m.since))
					m.running = false
				}
			case 2:
				op, wantOK = "resume", m.started && !m.running
				next, err = Resume(c, now)
				if wantOK {
					m.running, m.since = true, now
				}
			case 3:
				d := time.Duration(rng.IntN(60*60+1)-30*60) * time.Second
				op = "add " + d.String()
				left := m.remaining(now)
				wantOK = d == 0 || ((d > 0 || left+d >= 0) && m.duration+m.added+d <= MaxDuration)
				next, err = Add(c, d, now)
				if wantOK {
					m.added += d
				}
			}
			if (err == nil) != wantOK {
				t.Fatalf("seed %d step %d: %s at %v: err = %v, model says valid = %v", seed, step, op, now.Sub(t0), err, wantOK)
			}
			if err == nil {
				c = next
			}
			for range 3 {
				probe := now.Add(time.Duration(rng.IntN(1_200_001)) * time.Millisecond)
				if got, want := Remaining(c, probe), m.remaining(probe); got != want {
					t.Fatalf("seed %d step %d after %s: Remaining at %v = %v, model %v (clock %+v)", seed, step, op, probe.Sub(t0), got, want, c)
				}
				if got, want := Expired(c, probe), m.started && m.remaining(probe) <= 0; got != want {
					t.Fatalf("seed %d step %d: Expired = %v, want %v", seed, step, got, want)
				}
			}
		}
	}
}
