package clock

import (
	"encoding/json"
	"reflect"
	"testing"
	"time"

	"tablekeeper/core/event"
)

// fired is one announcement and when it came.
type fired struct {
	at  time.Duration // since t0
	key string
}

// saved stands for the store: the clock and the record go through JSON, as
// they would through a database and a restart.
type saved struct {
	Clock     event.Clock
	Announced Announced
}

func reload(t *testing.T, s saved) saved {
	t.Helper()
	b, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	var out saved
	if err := json.Unmarshal(b, &out); err != nil {
		t.Fatal(err)
	}
	return out
}

// run looks at the clock every step from..to, saving the record after each
// look, restarting (reloading from the saved state) after the looks at the
// given moments, and returns what was announced and the state saved.
func run(t *testing.T, s saved, ext Extensions, from, to time.Time, step time.Duration, restarts map[time.Time]bool) ([]fired, saved) {
	t.Helper()
	var out []fired
	for now := from; !now.After(to); now = now.Add(step) {
		due, next := Due(s.Clock, ShadowfistWarning, ext, s.Announced, now)
		for _, a := range due {
			out = append(out, fired{now.Sub(t0), a.Key()})
		}
		s.Announced = next
		if restarts[now] {
			s = reload(t, s)
			// A restart looks again at once, at the same moment.
			if due, _ := Due(s.Clock, ShadowfistWarning, ext, s.Announced, now); len(due) != 0 {
				t.Errorf("right after a restart at %v: %v due again", now.Sub(t0), due)
			}
		}
	}
	return out, s
}

// Rule S5: the head judge warns 10 minutes before time; time is called at
// the end; each extended table (S11) hears its own end. Each fires exactly
// once, across restarts, including a restart right after an announcement.
func TestDueFiresEachAnnouncementOnce(t *testing.T) {
	c := must(t)(Start(event.Clock{Duration: mins(50)}, at(0, 0)))
	ext := Extensions{4: mins(3), 7: mins(1), 2: mins(3)}
	restarts := map[time.Time]bool{at(20, 0): true, at(40, 0): true, at(40, 1): true, at(50, 0): true, at(53, 0): true, at(55, 0): true}
	got, _ := run(t, saved{Clock: c}, ext, at(0, 0), at(60, 0), time.Second, restarts)
	want := []fired{
		{mins(40), "warning"},
		{mins(50), "time"},
		{mins(51), "table 7"},
		{mins(53), "table 2"},
		{mins(53), "table 4"},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("announced %v, want %v", got, want)
	}
}

func TestDueSentences(t *testing.T) {
	c := must(t)(Start(event.Clock{Duration: mins(50)}, at(0, 0)))
	due, rec := Due(c, ShadowfistWarning, nil, Announced{}, at(40, 0))
	if len(due) != 1 || due[0].String() != "Time warning: 10:00 left in the round." {
		t.Errorf("warning: %v", due)
	}
	due, rec = Due(c, ShadowfistWarning, Extensions{3: mins(2)}, rec, at(52, 0))
	if len(due) != 2 || due[0].String() != "Time: the round's time is up." || due[1].String() != "Table 3: your extended time is up." {
		t.Errorf("time and table: %v", due)
	}
	if !rec.StartedAt.Equal(at(0, 0)) || len(rec.Made) != 3 {
		t.Errorf("record = %+v", rec)
	}
}

// Warnings while paused must not fire; a warning made due by time taken
// away during a pause comes on resuming.
func TestDuePausedClockIsSilent(t *testing.T) {
	c := must(t)(Start(event.Clock{Duration: mins(50)}, at(0, 0)))
	c = must(t)(Pause(c, at(39, 30))) // 10:30 left
	c = must(t)(Add(c, -mins(2), at(45, 0)))
	s := saved{Clock: c}
	got, s := run(t, s, nil, at(39, 30), at(70, 0), 10*time.Second, map[time.Time]bool{at(50, 0): true})
	if len(got) != 0 {
		t.Errorf("paused clock announced %v", got)
	}
	s.Clock = must(t)(Resume(s.Clock, at(70, 0)))
	due, rec := Due(s.Clock, ShadowfistWarning, nil, s.Announced, at(70, 0))
	if len(due) != 1 || due[0].Kind != Warning || due[0].Left != 8*time.Minute+30*time.Second {
		t.Errorf("on resume: %v, want the warning with 8:30 left", due)
	}
	// Paused just before time: time is not called while paused.
	c2 := must(t)(Pause(s.Clock, at(78, 29))) // 1 s left
	if due, _ := Due(c2, ShadowfistWarning, nil, rec, at(100, 0)); len(due) != 0 {
		t.Errorf("paused a second before time: %v", due)
	}
}

// Nobody looked from 12 minutes left to 2 minutes over (the computer was
// off): "time" is announced, the stale warning is recorded but not said.
func TestDueSkipsWarningOnceTimeIsUp(t *testing.T) {
	c := must(t)(Start(event.Clock{Duration: mins(50)}, at(0, 0)))
	due, rec := Due(c, ShadowfistWarning, nil, Announced{}, at(38, 0))
	if len(due) != 0 {
		t.Fatalf("12 minutes left: %v", due)
	}
	due, rec = Due(c, ShadowfistWarning, nil, rec, at(52, 0))
	if len(due) != 1 || due[0].Kind != TimeCalled {
		t.Errorf("late look: %v, want time only", due)
	}
	if _, ok := rec.Made["warning"]; !ok {
		t.Errorf("the skipped warning is not recorded: %+v", rec)
	}
	if due, _ := Due(c, ShadowfistWarning, nil, rec, at(53, 0)); len(due) != 0 {
		t.Errorf("again: %v", due)
	}
	// A late look with time still left gives the warning with the time
	// actually left.
	due, _ = Due(c, ShadowfistWarning, nil, Announced{}, at(45, 0))
	if len(due) != 1 || due[0].Kind != Warning || due[0].Left != mins(5) {
		t.Errorf("late warning: %v", due)
	}
}

// Time added after an announcement moves its moment: it is due again when
// the new moment comes. Time taken away does not repeat it.
func TestDueAfterAddedTime(t *testing.T) {
	c := must(t)(Start(event.Clock{Duration: mins(50)}, at(0, 0)))
	s := saved{Clock: c}
	got, s := run(t, s, nil, at(0, 0), at(51, 0), 30*time.Second, nil)
	if len(got) != 2 {
		t.Fatalf("first pass: %v", got)
	}
	// At 51:00, five minutes for everyone: 4:00 left.
	s.Clock = must(t)(Add(s.Clock, mins(5), at(51, 0)))
	got, s = run(t, s, nil, at(51, 0), at(60, 0), 30*time.Second, nil)
	want := []fired{{mins(51), "warning"}, {mins(55), "time"}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("after adding 5 minutes: %v, want %v", got, want)
	}
	// A table extended after the round's time: its end is announced.
	ext := Extensions{8: mins(7)}
	got, _ = run(t, s, ext, at(60, 0), at(63, 0), 30*time.Second, nil)
	if want := []fired{{mins(62), "table 8"}}; !reflect.DeepEqual(got, want) {
		t.Errorf("extended table: %v, want %v", got, want)
	}

	// Taking away two minutes after the warning does not warn again.
	c = must(t)(Start(event.Clock{Duration: mins(50)}, at(0, 0)))
	_, rec := Due(c, ShadowfistWarning, nil, Announced{}, at(41, 0))
	c = must(t)(Add(c, -mins(2), at(42, 0)))
	if due, _ := Due(c, ShadowfistWarning, nil, rec, at(42, 0)); len(due) != 0 {
		t.Errorf("after taking time away: %v", due)
	}
}

// A reset clock, started again, starts a fresh record: the old start's
// announcements do not silence the new ones.
func TestDueAfterReset(t *testing.T) {
	c := must(t)(Start(event.Clock{Duration: mins(20)}, at(0, 0)))
	_, rec := Due(c, ShadowfistWarning, nil, Announced{}, at(12, 0))
	if _, ok := rec.Made["warning"]; !ok {
		t.Fatalf("no warning recorded: %+v", rec)
	}
	c = must(t)(Start(Reset(c), at(15, 0)))
	due, rec := Due(c, ShadowfistWarning, nil, rec, at(25, 0))
	if len(due) != 1 || due[0].Kind != Warning || !rec.StartedAt.Equal(at(15, 0)) {
		t.Errorf("after reset: %v, record %+v", due, rec)
	}
	// No warning configured: only time.
	due, _ = Due(c, 0, nil, Announced{}, at(40, 0))
	if len(due) != 1 || due[0].Kind != TimeCalled {
		t.Errorf("no warning: %v", due)
	}
}

// Due never changes the record passed in.
func TestDueDoesNotChangeItsInput(t *testing.T) {
	c := must(t)(Start(event.Clock{Duration: mins(50)}, at(0, 0)))
	_, rec := Due(c, ShadowfistWarning, nil, Announced{}, at(41, 0))
	before := len(rec.Made)
	_, next := Due(c, ShadowfistWarning, nil, rec, at(51, 0))
	if len(rec.Made) != before || len(next.Made) != before+1 {
		t.Errorf("record shared: before %d, now %d, next %d", before, len(rec.Made), len(next.Made))
	}
}
