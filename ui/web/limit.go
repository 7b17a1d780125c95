package web

import (
	"container/heap"
	"hash/maphash"
	"slices"
	"sync"
	"time"

	xrate "golang.org/x/time/rate"
)

// rate is one named limit: burst at once, then one more each per (a
// golang.org/x/time/rate token bucket a key). Each rate has buckets of
// its own, so that two limits keyed on the same
// device never share a budget (a device's correct reports must not use
// up its wrong-code budget).
type rate struct {
	// name tells limits with the same numbers apart.
	name  string
	burst int
	per   time.Duration
	// keep marks a limit whose buckets are never evicted to make room:
	// one whose keys are bounded by what exists (the players signed in),
	// or a single server-wide key. Every other limit is keyed by device
	// or address, which a guesser has as many of as they like, and evicts
	// its least useful bucket when full (see limitSet.room).
	keep bool
}

// The rates of the network's writes. A player types a code a few times at
// most; a guesser needs thousands of tries for one code.
var (
	// rateDeviceWrites bounds every write a device (or, without a device
	// cookie, an address) makes: enough for a judge or a helpful player
	// reporting thirty tables in a minute with a few retries, and for a
	// kiosk's forms.
	rateDeviceWrites = rate{name: "device writes", burst: 60, per: 2 * time.Second}
	// rateAddrWrites is the coarse outer bound of the writes of one
	// address: a whole room behind one address (a guest portal, a NAT'd
	// access point) reports 512 tables twice over in a minute within it,
	// and a single machine minting device cookies stays below what the
	// laptop can serve.
	rateAddrWrites = rate{name: "address writes", burst: 1200, per: 25 * time.Millisecond}
	// rateWrongTablePerDevice and rateWrongTablePerAddr bound the wrong
	// table codes a device and an address try, whatever the table (see
	// the arithmetic below).
	rateWrongTablePerDevice = rate{name: "wrong table codes per device", burst: 5, per: time.Hour}
	rateWrongTablePerAddr   = rate{name: "wrong table codes per address", burst: 5, per: time.Hour}
	// rateWrongPlayerPerDevice and rateWrongPlayerPerAddr bound the wrong
	// player codes a device and an address try, whatever the player.
	rateWrongPlayerPerDevice = rate{name: "wrong player codes per device", burst: 3, per: 24 * time.Hour}
	rateWrongPlayerPerAddr   = rate{name: "wrong player codes per address", burst: 3, per: 24 * time.Hour}
	// rateDeviceMints bounds the device ids the server gives one address
	// (device.go): a phone needs one, and a room behind one address (a
	// guest portal) a hundred arriving at once, then one a second; a
	// script asking for millions gets them no faster than this. What a
	// device's id gets it is bounded by its address's budgets anyway.
	rateDeviceMints = rate{name: "device ids per address", burst: 100, per: time.Second}
)

// Why no budget is kept per player or per table (issue 27). A budget of
// wrong codes shared by everyone who tries one player's code (or one
// table's) is one a stranger spends for her: 7 wrong tries from anywhere,
// and the player typing her right code is refused. So the wrong-code
// budgets are each device's and each address's only, a device's id is
// given and signed by the server (device.go, bounded per address by
// rateDeviceMints, so inventing ids gains nothing), and a right code is
// never refused for what others typed.
//
// The arithmetic, for a guesser on the store's Wi-Fi with 250 addresses
// for 10 hours (a device's budget lies within its address's, so the
// addresses bound the guesses however many devices they hold). A code is
// 6 characters of the 31 of director.TableCodeAlphabet: 31^6 =
// 887,503,681 codes, and a guess at one player (or table) is compared
// with that one's code only, so each guess finds a code with probability
// 1 / 887,503,681, whichever player or table it aims at.
//
//   - Player codes (rateWrongPlayerPerAddr: 3, then 1 a day): 250 ×
//     (3 + 10/24) ≈ 854 guesses, spread over any number of players;
//     854 / 887,503,681 ≈ 9.6 in ten million: under one in a million of
//     finding any of 1,000 players' codes (or of all of them). Six
//     characters leave no room for more: 4 tries an address would already
//     be 1.1 in a million. The QR code of a player's slip carries a long
//     token that needs no budget; a typed code is the fallback, and a
//     player who mistyped it three times signs in from the slip's QR code
//     or at the desk.
//   - Table codes (rateWrongTablePerAddr: 5, then 1 an hour): 250 ×
//     (5 + 10) = 3,750 guesses, 3,750 / 887,503,681 ≈ 4.2 in a million of
//     finding any table's code in 10 hours; a code lives one round, and a
//     result sent with it is one the players see on their phones and the
//     organizer on the Round tab.
//   - Staff PINs: core/director/secrets.go (8 characters, rateWrongPIN).
//
// A restart of the network forgets the budgets, giving each address its
// burst again: a restart is the organizer's act, not a guesser's. Every
// wrong code and every try a budget refused is counted in the
// organizer's alert (floods.Watch).

// guessStripes is how many locks the code checks of all addresses share
// (guessLocks).
const guessStripes = 256

// guessLocks serializes the code checks of one address: a check takes its
// wrong-code tokens before reading the code and gives them back when it
// was right, so without it a room behind one address sending six right
// codes at once would find the sixth refused by the five still being
// read. One at a time, a refusal is always for wrong codes already
// counted. The locks are striped by a hash of the address: bounded
// memory, O(1), and two addresses sharing a stripe only wait a few
// milliseconds for each other.
type guessLocks struct {
	seed  maphash.Seed
	locks [guessStripes]sync.Mutex
}

func newGuessLocks() *guessLocks { return &guessLocks{seed: maphash.MakeSeed()} }

// lock holds the lock of addr's stripe and returns its unlock.
func (g *guessLocks) lock(addr string) func() {
	m := &g.locks[maphash.String(g.seed, addr)%guessStripes]
	m.Lock()
	return m.Unlock
}

// maxBuckets bounds each limit's memory (a bucket with its key is some
// 250 bytes, so 5 MB a full limit, some 30 MB for every limit at once):
// past it a limit keyed by device or address evicts the bucket that holds
// least, and a kept limit (tables) refuses a new key until one refills.
const maxBuckets = 20000

// limiter is a set of named limits (rates), each a set of token buckets
// by key ("dev:…", "ip:…", "table:…"), shared by every area's writes and
// the staff PINs. A bucket is an x/time/rate Limiter; what the limiter
// adds is taking from several buckets at once or from none, giving a
// token back, and bounding the buckets kept.
type limiter struct {
	now func() time.Time
	// max is maxBuckets; a test lowers it.
	max int

	mu     sync.Mutex
	limits map[rate]*limitSet
	// call counts the limiter's calls: a bucket remembers the call that
	// last got it, so that making room for one key never drops the bucket
	// of another key the same call holds.
	call uint64
}

// limitSet is one limit's buckets, in a heap by the time each is full
// again: the top holds the least (a full bucket holds nothing a new one
// would not).
type limitSet struct {
	r       rate
	buckets map[string]*bucket
	order   bucketHeap
}

type bucket struct {
	key    string
	tokens *xrate.Limiter
	// full is when the bucket holds its burst again, if nothing is taken.
	full time.Time
	i    int    // in the heap
	call uint64 // the limiter call that last got it
}

// need is one token a request needs: a limit and a key.
type need struct {
	r   rate
	key string
}

func newLimiter(now func() time.Time) *limiter {
	return &limiter{now: now, max: maxBuckets, limits: map[rate]*limitSet{}}
}

// holding is a bucket of r holding n tokens at now (n within 0 and the
// burst): one emptied as long before now as n tokens take to come back.
func (r rate) holding(n float64, now time.Time) *xrate.Limiter {
	l := xrate.NewLimiter(xrate.Every(r.per), r.burst)
	l.AllowN(now.Add(-time.Duration(n*float64(r.per))), r.burst)
	return l
}

// set returns r's buckets, creating the set.
func (l *limiter) set(r rate) *limitSet {
	s, ok := l.limits[r]
	if !ok {
		s = &limitSet{r: r, buckets: map[string]*bucket{}}
		l.limits[r] = s
	}
	return s
}

// lookup returns key's bucket, nil when it has none.
func (s *limitSet) lookup(key string) *bucket { return s.buckets[key] }

// get returns key's bucket for limiter call call, creating a full one;
// nil only when a kept limit is full of buckets still in use.
func (s *limitSet) get(key string, now time.Time, max int, call uint64) *bucket {
	if b := s.lookup(key); b != nil {
		b.call = call
		return b
	}
	if !s.room(now, max, call) {
		return nil
	}
	b := &bucket{key: key, tokens: xrate.NewLimiter(xrate.Every(s.r.per), s.r.burst), full: now, call: call}
	s.buckets[key] = b
	heap.Push(&s.order, b)
	return b
}

// room makes room for one more bucket: it forgets the buckets that have
// refilled (they hold nothing), and when the limit is still full, a limit
// keyed by device or address evicts the bucket that will be full soonest,
// never refusing a new key for lack of room (a kept limit would refuse an
// honest newcomer because of strangers). That eviction gives its key back
// at most a burst, and only once more than maxBuckets addresses are
// guessing at once: far past the 250 addresses of the arithmetic below,
// whose budgets are never evicted. A device gains nothing by it, its
// address's budget binding anyway. A kept limit that is full refuses
// (false). A bucket the same call holds is never dropped (the next one
// goes instead).
func (s *limitSet) room(now time.Time, max int, call uint64) bool {
	var held []*bucket
	defer func() {
		for _, b := range held {
			heap.Push(&s.order, b)
		}
	}()
	for len(s.order) > 0 {
		top := s.order[0]
		switch {
		case top.call == call:
			held = append(held, heap.Pop(&s.order).(*bucket))
		case !top.full.After(now):
			delete(s.buckets, heap.Pop(&s.order).(*bucket).key)
		case len(s.buckets) < max:
			return true
		case s.r.keep:
			return false
		default:
			delete(s.buckets, heap.Pop(&s.order).(*bucket).key)
			return true
		}
	}
	return len(s.buckets) < max || !s.r.keep
}

// take takes a token from b, down to none at most (a failure already
// happened counts even when the bucket is empty), keeping the heap in
// order.
func (s *limitSet) take(b *bucket, now time.Time) {
	if !b.tokens.AllowN(now, 1) {
		b.tokens = s.r.holding(0, now)
	}
	s.filled(b, now)
}

// giveBack gives b a token back, and reports whether b is full again.
func (s *limitSet) giveBack(b *bucket, now time.Time) bool {
	n := b.tokens.TokensAt(now) + 1
	if n >= float64(s.r.burst) {
		return true
	}
	b.tokens = s.r.holding(n, now)
	s.filled(b, now)
	return false
}

// filled notes when b is full again, keeping the heap in order.
func (s *limitSet) filled(b *bucket, now time.Time) {
	missing := float64(s.r.burst) - b.tokens.TokensAt(now)
	b.full = now.Add(time.Duration(missing * float64(s.r.per)))
	heap.Fix(&s.order, b.i)
}

// wait is how long until b has a token.
func (s *limitSet) wait(b *bucket, now time.Time) time.Duration {
	n := b.tokens.TokensAt(now)
	if n >= 1 {
		return 0
	}
	return time.Duration((1 - n) * float64(s.r.per))
}

// allow takes a token from each key's bucket if every one has a token,
// and otherwise takes none and says how long until they all would.
func (l *limiter) allow(r rate, keys ...string) (ok bool, wait time.Duration) {
	needs := make([]need, 0, len(keys))
	for _, k := range keys {
		needs = append(needs, need{r, k})
	}
	refused, wait := l.take(needs...)
	return refused < 0, wait
}

// take takes a token from every need's bucket if every one has a token,
// in one step, so that simultaneous requests cannot all pass a limit
// they would exceed together. Otherwise it takes none and returns the
// first need refused (-1 when none was) and how long until every bucket
// has a token.
func (l *limiter) take(needs ...need) (refused int, wait time.Duration) {
	needs = distinct(needs)
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.now()
	l.call++
	refused = -1
	bs := make([]*bucket, len(needs))
	for i, n := range needs {
		s := l.set(n.r)
		if bs[i] = s.get(n.key, now, l.max, l.call); bs[i] == nil {
			return i, n.r.per
		}
		if w := s.wait(bs[i], now); w > 0 {
			if refused < 0 {
				refused = i
			}
			wait = max(wait, w)
		}
	}
	if refused >= 0 {
		return refused, wait
	}
	for i, n := range needs {
		l.limits[n.r].take(bs[i], now)
	}
	return -1, 0
}

// give gives back the tokens a take took, when what they were taken for
// did not happen (a right code). A bucket full again is forgotten: it
// holds nothing, and a key that does not exist (a table no round has)
// leaves no bucket behind.
func (l *limiter) give(needs ...need) {
	needs = distinct(needs)
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.now()
	for _, n := range needs {
		s, ok := l.limits[n.r]
		if !ok {
			continue
		}
		b := s.lookup(n.key)
		if b == nil {
			continue
		}
		if s.giveBack(b, now) {
			heap.Remove(&s.order, b.i)
			delete(s.buckets, b.key)
		}
	}
}

// check says whether each key's bucket has a token, taking none, and how
// long until they all would.
func (l *limiter) check(r rate, keys ...string) (ok bool, wait time.Duration) {
	l.mu.Lock()
	defer l.mu.Unlock()
	s, found := l.limits[r]
	if !found {
		return true, 0
	}
	now := l.now()
	for _, k := range keys {
		if b := s.lookup(k); b != nil {
			wait = max(wait, s.wait(b, now))
		}
	}
	return wait == 0, wait
}

// spend takes a token from each key's bucket, down to none (a failure
// already happened: it counts even when the bucket is empty).
func (l *limiter) spend(r rate, keys ...string) {
	needs := make([]need, 0, len(keys))
	for _, k := range keys {
		needs = append(needs, need{r, k})
	}
	needs = distinct(needs)
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.now()
	l.call++
	s := l.set(r)
	for _, n := range needs {
		if b := s.get(n.key, now, l.max, l.call); b != nil {
			s.take(b, now)
		}
	}
}

// buckets is how many buckets r holds now (for tests and the log).
func (l *limiter) buckets(r rate) int {
	l.mu.Lock()
	defer l.mu.Unlock()
	if s, ok := l.limits[r]; ok {
		return len(s.buckets)
	}
	return 0
}

// distinct drops repeated needs: a device without a cookie is known by its
// address, which is also the address key; one request takes one token.
func distinct(needs []need) []need {
	out := needs[:0:0]
	for _, n := range needs {
		if !slices.Contains(out, n) {
			out = append(out, n)
		}
	}
	return out
}

// bucketHeap orders a limit's buckets by when each is full again.
type bucketHeap []*bucket

func (h bucketHeap) Len() int           { return len(h) }
func (h bucketHeap) Less(i, j int) bool { return h[i].full.Before(h[j].full) }
func (h bucketHeap) Swap(i, j int) {
	h[i], h[j] = h[j], h[i]
	h[i].i, h[j].i = i, j
}

// Push adds a bucket (container/heap's interface).
func (h *bucketHeap) Push(x any) {
	b := x.(*bucket)
	b.i = len(*h)
	*h = append(*h, b)
}

// Pop removes the last bucket (container/heap's interface).
func (h *bucketHeap) Pop() any {
	old := *h
	b := old[len(old)-1]
	old[len(old)-1] = nil
	*h = old[:len(old)-1]
	return b
}
