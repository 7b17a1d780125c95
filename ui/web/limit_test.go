package web

import (
	"fmt"
	"testing"
	"time"
)

// A bucket gives its burst at once, then one a period; allow takes from
// every key or from none.
func TestLimiterGivesTheBurstThenOneAPeriod(t *testing.T) {
	c := &testClock{t: time.Date(2026, 11, 20, 18, 0, 0, 0, time.UTC)}
	l := newLimiter(c.now)
	r := rate{burst: 3, per: time.Minute}
	for i := 0; i < 3; i++ {
		if ok, _ := l.allow(r, "dev:a"); !ok {
			t.Fatalf("try %d refused within the burst", i+1)
		}
	}
	ok, wait := l.allow(r, "dev:a")
	if ok || wait != time.Minute {
		t.Fatalf("fourth try: %v, wait %v", ok, wait)
	}
	if ok, _ := l.allow(r, "dev:b"); !ok {
		t.Error("another device was refused")
	}
	// A key with no token holds back the others.
	if ok, _ := l.allow(r, "dev:b", "dev:a"); ok {
		t.Error("allowed with one empty bucket")
	}
	if ok, _ := l.allow(r, "dev:b"); !ok {
		t.Error("the refused call took dev:b's token")
	}
	c.add(30 * time.Second)
	if ok, wait := l.allow(r, "dev:a"); ok || wait != 30*time.Second {
		t.Errorf("half a period later: %v, wait %v", ok, wait)
	}
	c.add(30 * time.Second)
	if ok, _ := l.allow(r, "dev:a"); !ok {
		t.Error("a period later still refused")
	}
}

// check takes nothing; spend takes even from an empty bucket's future.
func TestLimiterCheckAndSpend(t *testing.T) {
	c := &testClock{t: time.Date(2026, 11, 20, 18, 0, 0, 0, time.UTC)}
	l := newLimiter(c.now)
	r := rate{burst: 2, per: time.Minute}
	if ok, _ := l.check(r, "table:1"); !ok {
		t.Fatal("an unknown key has no token")
	}
	l.spend(r, "table:1")
	l.spend(r, "table:1")
	l.spend(r, "table:1")
	if ok, wait := l.check(r, "table:1"); ok || wait != time.Minute {
		t.Errorf("after three failures: %v, wait %v", ok, wait)
	}
	c.add(time.Minute)
	if ok, _ := l.check(r, "table:1"); !ok {
		t.Error("a minute later still refused")
	}
}

// The limiter's memory is bounded: full buckets are swept, and a new key
// is refused while every bucket is in use.
func TestLimiterIsBounded(t *testing.T) {
	c := &testClock{t: time.Date(2026, 11, 20, 18, 0, 0, 0, time.UTC)}
	l := newLimiter(c.now)
	r := rate{burst: 1, per: time.Hour}
	for i := 0; i < maxBuckets; i++ {
		l.allow(r, fmt.Sprint("ip:", i))
	}
	if ok, _ := l.allow(r, "ip:new"); ok {
		t.Error("a new key was let in past the bound")
	}
	c.add(time.Hour)
	if ok, _ := l.allow(r, "ip:new"); !ok {
		t.Error("refilled buckets were not swept")
	}
	if len(l.buckets) > 1 {
		t.Errorf("%d buckets kept after the sweep", len(l.buckets))
	}
}
