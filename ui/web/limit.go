package web

import (
	"slices"
	"sync"
	"time"
)

// rate is how often something may happen: burst at once, then one more
// each per.
type rate struct {
	burst float64
	per   time.Duration
}

// The rates of the network's writes. A player types a code a few times at
// most; a guesser needs thousands of tries for one code.
var (
	// rateDeviceWrites bounds every write a device (or, without a device
	// cookie, an address) makes.
	rateDeviceWrites = rate{burst: 20, per: 6 * time.Second}
	// rateWrongPerTable bounds the wrong codes tried at one table of one
	// round, whoever tries them.
	rateWrongPerTable = rate{burst: 6, per: time.Minute}
	// rateWrongPerDevice bounds the wrong codes one device (or address)
	// tries, whatever the table.
	rateWrongPerDevice = rate{burst: 10, per: 30 * time.Second}
)

// maxBuckets bounds the limiter's memory: past it, full buckets are
// swept, and when none can go a new key is refused until some refill.
const maxBuckets = 50000

// limiter is a set of token buckets by key ("dev:…", "ip:…",
// "table:…"), shared by every area's writes.
type limiter struct {
	now func() time.Time

	mu      sync.Mutex
	buckets map[string]*bucket
}

type bucket struct {
	tokens float64
	at     time.Time
	r      rate
}

func newLimiter(now func() time.Time) *limiter {
	return &limiter{now: now, buckets: map[string]*bucket{}}
}

// refill brings b's tokens up to now.
func (b *bucket) refill(now time.Time) {
	if d := now.Sub(b.at); d > 0 {
		b.tokens = min(b.r.burst, b.tokens+float64(d)/float64(b.r.per))
		b.at = now
	}
}

// get returns key's bucket, creating a full one; nil when the limiter is
// full even after a sweep.
func (l *limiter) get(key string, r rate, now time.Time) *bucket {
	b, ok := l.buckets[key]
	if ok {
		b.refill(now)
		return b
	}
	if len(l.buckets) >= maxBuckets {
		l.sweep(now)
		if len(l.buckets) >= maxBuckets {
			return nil
		}
	}
	b = &bucket{tokens: r.burst, at: now, r: r}
	l.buckets[key] = b
	return b
}

// sweep forgets the buckets that have refilled: they hold nothing a new
// bucket would not.
func (l *limiter) sweep(now time.Time) {
	for k, b := range l.buckets {
		b.refill(now)
		if b.tokens >= b.r.burst {
			delete(l.buckets, k)
		}
	}
}

// allow takes a token from each key's bucket if every one has a token,
// and otherwise takes none and says how long until they all would.
func (l *limiter) allow(r rate, keys ...string) (ok bool, wait time.Duration) {
	keys = distinct(keys)
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.now()
	bs := make([]*bucket, len(keys))
	for i, k := range keys {
		if bs[i] = l.get(k, r, now); bs[i] == nil {
			return false, r.per
		}
		if bs[i].tokens < 1 {
			wait = max(wait, time.Duration((1-bs[i].tokens)*float64(r.per)))
		}
	}
	if wait > 0 {
		return false, wait
	}
	for _, b := range bs {
		b.tokens--
	}
	return true, 0
}

// check says whether each key's bucket has a token, taking none, and how
// long until they all would.
func (l *limiter) check(r rate, keys ...string) (ok bool, wait time.Duration) {
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.now()
	for _, k := range keys {
		b, ok := l.buckets[k]
		if !ok {
			continue
		}
		b.refill(now)
		if b.tokens < 1 {
			wait = max(wait, time.Duration((1-b.tokens)*float64(b.r.per)))
		}
	}
	return wait == 0, wait
}

// spend takes a token from each key's bucket, down to none (a failure
// already happened: it counts even when the bucket is empty).
func (l *limiter) spend(r rate, keys ...string) {
	keys = distinct(keys)
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.now()
	for _, k := range keys {
		if b := l.get(k, r, now); b != nil {
			b.tokens = max(0, b.tokens-1)
		}
	}
}

// distinct drops repeated keys: a device without a cookie is known by its
// address, which is also the address key; one request takes one token.
func distinct(keys []string) []string {
	out := keys[:0:0]
	for _, k := range keys {
		if !slices.Contains(out, k) {
			out = append(out, k)
		}
	}
	return out
}
