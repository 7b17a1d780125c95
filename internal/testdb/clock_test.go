package testdb

import (
	"testing"
	"time"
)

// A Clock stands still until moved or set; Stepping moves a second a
// reading.
func TestTheClocksMoveAsTheTestsSay(t *testing.T) {
	at := time.Date(2026, 11, 20, 18, 0, 0, 0, time.UTC)
	c := NewClock(at)
	if a, b := c.Now(), c.Now(); a != at || b != at {
		t.Fatalf("the clock moved by itself: %v, then %v", a, b)
	}
	c.Add(time.Minute)
	if c.Now() != at.Add(time.Minute) {
		t.Fatalf("after Add(1m): %v", c.Now())
	}
	c.Set(at)
	if c.Now() != at {
		t.Fatalf("after Set: %v", c.Now())
	}
	step := Stepping(at)
	if a, b := step(), step(); a != at.Add(time.Second) || b != at.Add(2*time.Second) {
		t.Fatalf("stepping clock read %v, then %v", a, b)
	}
}
