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

// Each limit has buckets of its own: a device's writes never spend its
// wrong-code budget, even under the same key, nor do two limits with the
// same numbers share one.
func TestEachLimitHasItsOwnBuckets(t *testing.T) {
	c := &testClock{t: time.Date(2026, 11, 20, 18, 0, 0, 0, time.UTC)}
	l := newLimiter(c.now)
	for i := 0; i < int(rateDeviceWrites.burst); i++ {
		if ok, _ := l.allow(rateDeviceWrites, "dev:a"); !ok {
			t.Fatalf("write %d refused", i+1)
		}
	}
	if ok, _ := l.allow(rateDeviceWrites, "dev:a"); ok {
		t.Fatal("the writes' budget has no end")
	}
	if ok, _ := l.check(rateWrongPerDevice, "dev:a"); !ok {
		t.Error("the writes spent the wrong-code budget")
	}
	a, b := rate{name: "a", burst: 1, per: time.Hour}, rate{name: "b", burst: 1, per: time.Hour}
	l.spend(a, "k")
	if ok, _ := l.allow(b, "k"); !ok {
		t.Error("two limits with the same numbers share a bucket")
	}
}

// take takes from every limit or from none, and says which refused;
// give returns the tokens and forgets a bucket that is full again.
func TestTakeAndGiveBack(t *testing.T) {
	c := &testClock{t: time.Date(2026, 11, 20, 18, 0, 0, 0, time.UTC)}
	l := newLimiter(c.now)
	table, dev := rate{name: "t", burst: 2, per: time.Minute, keep: true}, rate{name: "d", burst: 5, per: time.Minute}
	needs := []need{{table, "table:1"}, {dev, "dev:a"}}
	for i := 0; i < 2; i++ {
		if refused, _ := l.take(needs...); refused >= 0 {
			t.Fatalf("take %d refused by %d", i+1, refused)
		}
	}
	refused, wait := l.take(needs...)
	if refused != 0 || wait != time.Minute {
		t.Fatalf("third take: refused %d, wait %v", refused, wait)
	}
	if ok, _ := l.check(dev, "dev:a"); !ok || l.buckets(dev) != 1 {
		t.Fatal("the refused take spent the device's token")
	}
	c.add(10 * time.Second)
	l.give(needs...)
	l.give(needs...)
	if l.buckets(table) != 0 {
		t.Errorf("%d table buckets left after giving every token back", l.buckets(table))
	}
	// The device's bucket is full again (10 s refilled a sixth): gone.
	if l.buckets(dev) != 0 {
		t.Errorf("%d device buckets left", l.buckets(dev))
	}
}

// A limit keyed by device or address never refuses a new key for lack of
// room: it evicts the bucket that will be full soonest, and keeps the
// ones that hold the most.
func TestAFullLimitEvictsTheBucketThatHoldsLeast(t *testing.T) {
	c := &testClock{t: time.Date(2026, 11, 20, 18, 0, 0, 0, time.UTC)}
	l := newLimiter(c.now)
	l.max = 3
	r := rate{name: "wrong", burst: 5, per: time.Minute}
	for key, n := range map[string]int{"dev:a": 5, "dev:b": 1, "dev:c": 3} {
		for range n {
			l.spend(r, key)
		}
	}
	if ok, _ := l.allow(r, "dev:new"); !ok {
		t.Fatal("a new key was refused for lack of room")
	}
	held := l.limits[r].buckets
	if _, ok := held["dev:b"]; ok || len(held) != 3 {
		t.Errorf("dev:b (one token spent) should be the one evicted: %v", keysOf(held))
	}
	if _, ok := held["dev:a"]; !ok {
		t.Error("dev:a (every token spent) was evicted")
	}
	if ok, _ := l.check(r, "dev:a"); ok {
		t.Error("dev:a's budget came back")
	}
	// Two keys of one call: making room for the second never drops the
	// first.
	if ok, _ := l.allow(r, "dev:x", "dev:y"); !ok || l.buckets(r) > 4 {
		t.Errorf("two new keys at once: %v, %d buckets", ok, l.buckets(r))
	}
	for range 4 {
		l.allow(r, "dev:x", "dev:y")
	}
	if ok, _ := l.check(r, "dev:x"); ok {
		t.Error("dev:x lost its bucket")
	}
}

// A kept limit (tables, server-wide) is never evicted: full of buckets
// in use, it refuses a new key until one refills.
func TestAKeptLimitIsNeverEvicted(t *testing.T) {
	c := &testClock{t: time.Date(2026, 11, 20, 18, 0, 0, 0, time.UTC)}
	l := newLimiter(c.now)
	r := rate{name: "kept", burst: 1, per: time.Hour, keep: true}
	for i := 0; i < l.max; i++ {
		l.allow(r, fmt.Sprint("table:", i))
	}
	if ok, _ := l.allow(r, "table:new"); ok {
		t.Error("a new key was let in past the bound")
	}
	if ok, _ := l.check(r, "table:0"); ok {
		t.Error("table:0 was evicted")
	}
	c.add(time.Hour)
	if ok, _ := l.allow(r, "table:new"); !ok {
		t.Error("refilled buckets were not swept")
	}
	if l.buckets(r) > 1 {
		t.Errorf("%d buckets kept after the sweep", l.buckets(r))
	}
}

func keysOf(m map[string]*bucket) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}
