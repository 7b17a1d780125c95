package pairing

import (
	"math/rand/v2"
	"slices"
	"tablekeeper/core/event"
	"tablekeeper/core/i18n"
)

// Fixed multiplayer schedules (rule S12, Appendix I of the Shadowfist
// tournament rules): every round's tables are set before the event starts,
// so that opponents repeat as rarely as possible, whatever the results.
//
// A schedule is a list of rounds; a round is a list of tables; a table is a
// list of player indices 0..n−1. Callers map the indices to entries (see
// ScheduleRounds).

// Limits of Schedule: beyond them the search would take too long to stay
// interactive, and no event needs them.
const (
	// ScheduleMaxPlayers is the most players a schedule seats.
	ScheduleMaxPlayers = 1000
	// ScheduleMaxRounds is the most rounds a schedule runs.
	ScheduleMaxRounds = 64
	// ScheduleMinTable and ScheduleMaxTable bound the usual table size k.
	ScheduleMinTable, ScheduleMaxTable = 3, 5
)

// ScheduleTableSizes returns the table sizes of every round of a schedule
// for n players at tables of k (3 to 5): as many tables of k as possible,
// then tables of k−1, larger tables first (k 4: 9 → 3, 3, 3; 10 → 4, 3, 3;
// 11 → 4, 4, 3; k 3: 8 → 3, 3, 2). Everyone plays every round: a smaller
// table is better than a sit-out, and a game of k−1 players is a normal
// Shadowfist game. It is the split PodSizes makes for usual k and smallest
// k−1.
func ScheduleTableSizes(n, k int) ([]int, error) {
	if k < ScheduleMinTable || k > ScheduleMaxTable {
		return nil, event.Invalidf("fixed schedules seat tables of %d to %d players, not %d", ScheduleMinTable, ScheduleMaxTable, k)
	}
	if n < k || n > ScheduleMaxPlayers {
		return nil, event.Invalidf("a fixed schedule at tables of %d needs %d to %d players, not %d", k, k, ScheduleMaxPlayers, n)
	}
	tables := (n + k - 1) / k
	smaller := tables*k - n
	if smaller > tables {
		// Only 5 players at tables of 4: 4 + 1 and 3 + 2 both fail.
		return nil, event.Invalidf("%d players cannot sit at tables of %d and %d: add or drop a player, or play at tables of %d", n, k, k-1, k-1)
	}
	sizes := make([]int, tables)
	for t := range sizes {
		sizes[t] = k
		if t >= tables-smaller {
			sizes[t] = k - 1
		}
	}
	return sizes, nil
}

// Schedule returns a fixed schedule for n players at tables of k (3 to 5)
// for the given number of rounds: each round is a list of tables of player
// indices 0..n−1, with the sizes of ScheduleTableSizes. Round 1 seats the
// players in index order (0, 1, 2 at the first table of three, and so on);
// each table lists its players in increasing order, larger tables first.
//
// Schedules are compared in this order, a pair meeting m times:
//
//  1. the fewest meetings beyond a pair's second, Σ (m−2)⁺: no pair meets
//     a third time while that can be avoided (the appendix's "excessive
//     pairings"; its 8- and 12-player footnotes promise no more than two
//     meetings, and its own 8-player table breaks that);
//  2. the fewest repeat meetings, Σ (m−1)⁺: the most different opponents.
//     Counting pairs that meet more than once instead would reward
//     seating the same tables every round;
//  3. the most even spread of meetings, the smallest Σ m(m−1)/2;
//  4. when some tables are smaller, the most even share of them, the
//     smallest sum over players of the square of their rounds at one:
//     pairs come first, and a schedule with no repeat often cannot share
//     the smaller tables evenly (7 players at 3, 2 and 2 for two rounds).
//
// The search has three stages. First, where a resolvable design is known
// for n players at tables of k (design.go: Kirkman triple systems for
// n ≡ 3 (mod 6) at tables of 3, the affine planes for 9 at 3, 16 at 4 and
// 25 at 5, resolvable (n, 4, 1) designs for 16, 28 and 40 at 4; nearly
// Kirkman triple systems for 18, 24, 30 and 36 at 3 and 7 rounds for 24
// at 4), it seats rounds in which nobody meets twice, its players
// renumbered with rng;
// where n = k·g for a prime power g of at least k, a resolvable
// transversal design seats g such rounds, and the players it never
// brought together (the k groups of g) continue the same way inside each
// group. docs/schedules.md lists what is reached for 6 to 40 players.
// Second, more perfect rounds are
// looked for one at a time: a new round is seated greedily, then a tabu
// search over all rounds swaps players in conflict (with a player they
// meet again) with players at other tables of the same round, taking the
// best swap that is not tabu, until no pair meets twice or its budget is
// spent (Dotú and Van Hentenryck's local search for the social golfer
// problem); players who sit at smaller tables more or less often than
// their share are moved too, on a small extra budget. Third, when more
// rounds are asked for than that gives, the remaining rounds are seated
// greedily and the same search minimises the order above; a last pass
// moves players between larger and smaller tables where that meets
// nobody more often.
//
// The budgets count work done, not time, so a schedule depends only on n,
// k, rounds and rng: it is the same on every machine. Asked for at most
// MaxRoundsWithoutRepeat(n, k, rng) rounds, with rng in the same state, it
// repeats no pair.
func Schedule(n, k, rounds int, rng *rand.Rand) ([][][]int, error) {
	sizes, err := ScheduleTableSizes(n, k)
	if err != nil {
		return nil, err
	}
	if rounds < 1 || rounds > ScheduleMaxRounds {
		return nil, event.Invalidf("a fixed schedule runs 1 to %d rounds, not %d", ScheduleMaxRounds, rounds)
	}
	s := newSchSearch(n, sizes, rng)
	s.perfectRounds(min(rounds, ScheduleBound(n, k)))
	if s.rounds() < rounds {
		for s.rounds() < rounds {
			s.addRound(s.greedyRound())
		}
		s.tabu(true)
	}
	s.evenSmallTables()
	return s.canonical(), nil
}

// DefaultScheduleRounds is how many rounds a schedule runs when the
// organizer names none: as many as run with no repeat meeting
// (MaxRoundsWithoutRepeat, given rng in the same state), and at least 3.
func DefaultScheduleRounds(n, k int, rng *rand.Rand) (int, error) {
	best, err := MaxRoundsWithoutRepeat(n, k, rng)
	if err != nil {
		return 0, err
	}
	return max(best, 3), nil
}

// MaxRoundsWithoutRepeat returns how many rounds the schedules of Schedule
// for n players at tables of k run with no pair of players meeting twice:
// Schedule(n, k, r, rng) repeats no pair for any r up to it, given rng in
// the same state. It is at most ScheduleBound(n, k).
func MaxRoundsWithoutRepeat(n, k int, rng *rand.Rand) (int, error) {
	sizes, err := ScheduleTableSizes(n, k)
	if err != nil {
		return 0, err
	}
	s := newSchSearch(n, sizes, rng)
	return s.perfectRounds(ScheduleBound(n, k)), nil
}

// ScheduleBound is the most rounds n players at tables of k can play
// without a pair meeting twice, counted by opponents: a player meets at
// most k−1 new opponents a round, and there are n−1 of them, so
// floor((n−1)/(k−1)), with k the largest table ScheduleTableSizes gives
// (9 players at tables of 4 sit at three tables of 3: bound 4, not 2). It
// is 0 when n players cannot sit at tables of k. The bound is not always
// reached: 8 players at tables of 4 (bound 2) cannot play two rounds, as
// each table of the second round takes two players from one table of the
// first.
func ScheduleBound(n, k int) int {
	sizes, err := ScheduleTableSizes(n, k)
	if err != nil || sizes[0] < 2 {
		return 0
	}
	return (n - 1) / (sizes[0] - 1)
}

// ScheduleQuality measures a schedule, for tests, reports and the
// organizer.
type ScheduleQuality struct {
	// Rounds is the number of rounds.
	Rounds int
	// ThirdMeetings counts the meetings of pairs beyond their second: a
	// pair that meets four times counts 2. Schedule minimises it first.
	ThirdMeetings int
	// RepeatMeetings counts the meetings of pairs beyond their first: a
	// pair that meets three times counts 2. Schedule minimises it next.
	RepeatMeetings int
	// RepeatPairs counts the pairs of players who meet more than once.
	RepeatPairs int
	// MostMeetings is the most times any pair meets.
	MostMeetings int
	// RoundsWithoutRepeat is the number of rounds, from round 1, before a
	// pair first meets a second time.
	RoundsWithoutRepeat int
	// FewestOpponents and MostOpponents bound the number of different
	// opponents a player meets.
	FewestOpponents, MostOpponents int
	// FewestSmallTables and MostSmallTables bound the number of rounds a
	// player sits at a table smaller than the largest of its round.
	FewestSmallTables, MostSmallTables int
}

// MeasureSchedule returns the quality of a schedule of n players. It
// counts the tables as given: check them first with CheckSchedule.
func MeasureSchedule(n int, schedule [][][]int) ScheduleQuality {
	meet, small, clean := schCount(n, schedule)
	q := ScheduleQuality{Rounds: len(schedule), RoundsWithoutRepeat: clean}
	q.FewestOpponents, q.FewestSmallTables = n, len(schedule)
	for a := range n {
		opp := 0
		for b := range n {
			m := meet[a*n+b]
			if m > 0 {
				opp++
			}
			if b < a && m > 1 {
				q.RepeatPairs++
				q.RepeatMeetings += m - 1
				q.ThirdMeetings += max(m-2, 0)
			}
			q.MostMeetings = max(q.MostMeetings, m)
		}
		q.FewestOpponents = min(q.FewestOpponents, opp)
		q.MostOpponents = max(q.MostOpponents, opp)
		q.FewestSmallTables = min(q.FewestSmallTables, small[a])
		q.MostSmallTables = max(q.MostSmallTables, small[a])
	}
	return q
}

// schCount returns how often each pair meets (meet[a*n+b]), how many
// rounds each player sits at a table smaller than the largest of the
// round, and the number of rounds before a pair first meets again. Players
// out of range are left out.
func schCount(n int, schedule [][][]int) (meet, small []int, clean int) {
	meet, small, clean = make([]int, n*n), make([]int, n), len(schedule)
	for r, round := range schedule {
		largest := 0
		for _, tb := range round {
			largest = max(largest, len(tb))
		}
		for _, tb := range round {
			for i, a := range tb {
				if a < 0 || a >= n {
					continue
				}
				if len(tb) < largest {
					small[a]++
				}
				for _, b := range tb[:i] {
					if b < 0 || b >= n || a == b {
						continue
					}
					meet[a*n+b]++
					meet[b*n+a]++
					if meet[a*n+b] == 2 {
						clean = min(clean, r)
					}
				}
			}
		}
	}
	return meet, small, clean
}

// CheckSchedule reports the first contradiction in a schedule for n
// players at tables of k: a player missing from a round, seated twice in
// it or out of range, or a round whose table sizes are not those of
// ScheduleTableSizes(n, k) in some order.
func CheckSchedule(n, k int, schedule [][][]int) error {
	sizes, err := ScheduleTableSizes(n, k)
	if err != nil {
		return err
	}
	want := slices.Clone(sizes)
	slices.Sort(want)
	for r, round := range schedule {
		seen := make([]int, n) // table number + 1
		var got []int
		for t, tb := range round {
			got = append(got, len(tb))
			for _, p := range tb {
				if p < 0 || p >= n {
					return event.Invalidf("round %d, table %d: no player %d among %d", r+1, t+1, p, n)
				}
				if seen[p] != 0 {
					return event.Invalidf("round %d: player %d sits at tables %d and %d", r+1, p, seen[p], t+1)
				}
				seen[p] = t + 1
			}
		}
		for p, t := range seen {
			if t == 0 {
				return event.Invalidf("round %d: player %d has no table", r+1, p)
			}
		}
		slices.Sort(got)
		if !slices.Equal(got, want) {
			return event.Invalidf("round %d: tables of %v players, want %v", r+1, got, sizes)
		}
	}
	return nil
}

// ScheduleRounds seats entrants by Schedule: entrant i takes index i, so
// the caller decides the order (shuffled, or by seed). Each table says why
// it was chosen, naming any pair that meets again.
func ScheduleRounds(entrants []event.EntryID, k, rounds int, rng *rand.Rand) ([]Round, error) {
	n := len(entrants)
	sched, err := Schedule(n, k, rounds, rng)
	if err != nil {
		return nil, err
	}
	met := make([]int, n*n)
	out := make([]Round, len(sched))
	for r, round := range sched {
		for _, tb := range round {
			seats := make([]event.EntryID, len(tb))
			var again []i18n.Text
			for i, a := range tb {
				seats[i] = entrants[a]
				for _, b := range tb[:i] {
					met[a*n+b]++
					met[b*n+a]++
					if m := met[a*n+b]; m > 1 {
						again = append(again, i18n.F("entries %d and %d (%s meeting)", entrants[b], entrants[a], i18n.Ordinal(m)))
					}
				}
			}
			why := i18n.F("fixed schedule (S12), round %d of %d: no opponents met before", r+1, len(sched))
			if again != nil {
				why = i18n.F("fixed schedule (S12), round %d of %d; rematches, no schedule without them was found: %s", r+1, len(sched), i18n.List(again))
			}
			out[r].Tables = append(out[r].Tables, Table{Seats: seats, Why: why})
		}
	}
	return out, nil
}

// schDesign returns rounds for n players at tables of k in which no pair
// meets twice, from resolvable transversal designs, or nil when n is not
// a multiple of k.
//
// With n = k·g for a prime power g ≥ k, player i·g + u is the point (i, u)
// of GF(g), 0 ≤ i < k. Round b (for each b of the field) has the tables
// {(i, a + x_i·b) : i < k} for each a, with x_i the field element coded i:
// two points (i, u), (j, v) of different groups share exactly one table,
// the one with b = (u − v)/(x_i − x_j), and each round seats every point
// once. Points of one group never meet, so the design of g players at
// tables of k, played inside each group at once, adds its rounds. Any
// other multiple of k gets one round of consecutive tables.
func schDesign(n, k int) [][][]int {
	if n%k != 0 {
		return nil
	}
	g := n / k
	f, ok := newSchField(g)
	if !ok || g < k {
		round := make([][]int, g)
		for t := range round {
			round[t] = make([]int, k)
			for i := range k {
				round[t][i] = t*k + i
			}
		}
		return [][][]int{round}
	}
	var rounds [][][]int
	for b := range g {
		round := make([][]int, g)
		for a := range g {
			tb := make([]int, k)
			for i := range k {
				tb[i] = i*g + f.add(a, f.mul(i, b))
			}
			round[a] = tb
		}
		rounds = append(rounds, round)
	}
	for _, sub := range schDesign(g, k) {
		var round [][]int
		for i := range k {
			for _, st := range sub {
				tb := make([]int, len(st))
				for j, u := range st {
					tb[j] = i*g + u
				}
				round = append(round, tb)
			}
		}
		rounds = append(rounds, round)
	}
	return rounds
}

// schField is the finite field GF(p^e): an element is coded as the number
// whose base-p digits are its coefficients as a polynomial over GF(p),
// taken modulo a monic irreducible polynomial of degree e.
type schField struct {
	p, e int
	mod  []int // the irreducible polynomial's coefficients, low first; mod[e] = 1
}

// newSchField returns GF(q), or false when q is not a prime power.
func newSchField(q int) (schField, bool) {
	p := 0
	for d := 2; d <= q; d++ {
		if q%d == 0 {
			p = d
			break
		}
	}
	if p == 0 {
		return schField{}, false
	}
	e := 0
	for r := q; r > 1; r /= p {
		if r%p != 0 {
			return schField{}, false
		}
		e++
	}
	f := schField{p: p, e: e}
	// The first monic polynomial of degree e with no monic factor of
	// degree 1..e/2.
	for c := range q {
		poly := append(f.digits(c, e), 1)
		irreducible := true
		for d := 1; d <= e/2 && irreducible; d++ {
			for dc := range schPow(p, d) {
				if len(schPolyRem(append(f.digits(dc, d), 1), poly, p)) == 0 {
					irreducible = false
					break
				}
			}
		}
		if irreducible {
			f.mod = poly
			return f, true
		}
	}
	return schField{}, false // unreachable: irreducible polynomials of every degree exist
}

func schPow(p, d int) int {
	r := 1
	for range d {
		r *= p
	}
	return r
}

// digits returns the n low base-p digits of c.
func (f schField) digits(c, n int) []int {
	d := make([]int, n)
	for i := range d {
		d[i] = c % f.p
		c /= f.p
	}
	return d
}

func (f schField) code(d []int) int {
	c := 0
	for i := len(d) - 1; i >= 0; i-- {
		c = c*f.p + d[i]
	}
	return c
}

func (f schField) add(a, b int) int {
	da, db := f.digits(a, f.e), f.digits(b, f.e)
	for i := range da {
		da[i] = (da[i] + db[i]) % f.p
	}
	return f.code(da)
}

func (f schField) mul(a, b int) int {
	da, db := f.digits(a, f.e), f.digits(b, f.e)
	prod := make([]int, 2*f.e)
	for i, x := range da {
		for j, y := range db {
			prod[i+j] = (prod[i+j] + x*y) % f.p
		}
	}
	r := schPolyRem(f.mod, prod, f.p)
	r = append(r, make([]int, f.e)...)
	return f.code(r[:f.e])
}

// schPolyRem returns a mod m over GF(p), m monic, trimmed of high zero
// coefficients (empty for zero). It does not change a.
func schPolyRem(m, a []int, p int) []int {
	r := slices.Clone(a)
	dm := len(m) - 1
	for i := len(r) - 1; i >= dm; i-- {
		c := r[i]
		if c == 0 {
			continue
		}
		for j := 0; j <= dm; j++ {
			r[i-dm+j] = ((r[i-dm+j]-c*m[j])%p + p) % p
		}
	}
	for len(r) > 0 && r[len(r)-1] == 0 {
		r = r[:len(r)-1]
	}
	return r
}

// The local search.

const (
	// schBudget is the work a tabu search may do before it gives up,
	// counted in swaps evaluated and seats scanned for conflicts: it bounds
	// the time of a search that cannot succeed, such as a fifth perfect
	// round for 12 players at tables of 3, to about a fifth of a second.
	schBudget = 3_000_000
	// schStall is the number of moves without a new best after which the
	// search goes back to its best state and shakes it with a few random
	// swaps.
	schStall = 300
	// schTenureMin and schTenureSpan: a player moved in a round may not be
	// moved again in it for the next schTenureMin to
	// schTenureMin+schTenureSpan−1 moves.
	schTenureMin, schTenureSpan = 2, 10
	// schPairWeight weighs the pair cost against the small-table spread
	// in the search's energy, schThirdWeight a meeting beyond a pair's
	// second against a repeat meeting.
	schPairWeight, schThirdWeight = 8, 16
	// schBalanceShare: once no pair meets more often than it must, the
	// search spends at most 1/schBalanceShare of its budget more on the
	// smaller tables.
	schBalanceShare = 8
)

// schSearch is a schedule under construction: who sits where in each
// round, and the counts the objective needs.
type schSearch struct {
	n     int
	sizes []int
	at    [][]int   // at[r][p]: p's table in round r
	seats [][][]int // seats[r][t]: the players at table t in round r
	slot  [][]int   // slot[r][p]: p's place in seats[r][at[r][p]]
	meet  []int16   // meet[a*n+b]: rounds a and b share a table
	small []int     // rounds each player sat at a smaller table
	third int       // Σ over pairs of (m−2)⁺: meetings beyond a pair's second
	rep   int       // Σ over pairs of (m−1)⁺: repeat meetings
	sq    int       // Σ over pairs of m(m−1)/2
	bal   int       // Σ over players of small²
	rng   *rand.Rand
}

func newSchSearch(n int, sizes []int, rng *rand.Rand) *schSearch {
	return &schSearch{n: n, sizes: sizes, meet: make([]int16, n*n), small: make([]int, n), rng: rng}
}

func (s *schSearch) rounds() int { return len(s.at) }

func (s *schSearch) isSmall(t int) bool { return s.sizes[t] < s.sizes[0] }

// perfectRounds seats rounds with no pair meeting twice, up to limit, and
// returns how many it seated. When it falls short the state may hold one
// round more: the best the search found for it.
func (s *schSearch) perfectRounds(limit int) int {
	design := s.design()
	for _, round := range design[:min(len(design), limit)] {
		s.addRound(round)
	}
	if s.rounds() == 0 && limit > 0 {
		s.addRound(s.greedyRound())
	}
	if s.sizes[0] > len(s.sizes) {
		// Fewer tables than seats at the largest: each of its tables in
		// round 2 would take two players from one table of round 1.
		return s.rounds()
	}
	for s.rounds() < limit {
		s.addRound(s.greedyRound())
		s.tabu(false)
		if s.rep > 0 {
			return s.rounds() - 1
		}
	}
	return s.rounds()
}

// design returns the longest resolvable design known for the largest
// tables (schResolvable), with its players renumbered and its rounds put
// in an order drawn from s.rng, so that schedules differ from seed to
// seed; nil when there is none.
func (s *schSearch) design() [][][]int {
	d := schResolvable(s.n, s.sizes[0])
	if len(d) == 0 {
		return nil
	}
	perm := s.rng.Perm(s.n)
	s.rng.Shuffle(len(d), func(i, j int) { d[i], d[j] = d[j], d[i] })
	for _, round := range d {
		for _, tb := range round {
			for i, p := range tb {
				tb[i] = perm[p]
			}
		}
	}
	return d
}

// meetAdd changes the meetings of a and b by d (±1).
func (s *schSearch) meetAdd(a, b, d int) {
	m := int(s.meet[a*s.n+b])
	if d > 0 {
		if m >= 2 {
			s.third++
		}
		if m >= 1 {
			s.rep++
		}
		s.sq += m
	} else {
		if m >= 3 {
			s.third--
		}
		if m >= 2 {
			s.rep--
		}
		s.sq -= m - 1
	}
	s.meet[a*s.n+b] += int16(d) // #nosec G115 -- d is ±1
	s.meet[b*s.n+a] += int16(d) // #nosec G115 -- d is ±1
}

// addRound appends a round given as tables in the order of s.sizes.
func (s *schSearch) addRound(tables [][]int) {
	at := make([]int, s.n)
	slot := make([]int, s.n)
	seats := make([][]int, len(tables))
	for t, tb := range tables {
		seats[t] = slices.Clone(tb)
		for i, p := range tb {
			at[p], slot[p] = t, i
			for _, q := range tb[:i] {
				s.meetAdd(p, q, 1)
			}
			if s.isSmall(t) {
				s.bal += 2*s.small[p] + 1
				s.small[p]++
			}
		}
	}
	s.at = append(s.at, at)
	s.slot = append(s.slot, slot)
	s.seats = append(s.seats, seats)
}

// greedyRound seats a new round: the players who have sat at a smaller
// table least (ties at random) take its smaller tables, and in random
// order each player takes the open table where they meet the fewest
// players again, ties at random.
func (s *schSearch) greedyRound() [][]int {
	order := s.rng.Perm(s.n)
	seats := 0
	for _, z := range s.sizes {
		if z < s.sizes[0] {
			seats += z
		}
	}
	bySmall := slices.Clone(order)
	slices.SortStableFunc(bySmall, func(a, b int) int { return s.small[a] - s.small[b] })
	toSmall := make([]bool, s.n)
	for _, p := range bySmall[:seats] {
		toSmall[p] = true
	}
	tables := make([][]int, len(s.sizes))
	for _, p := range order {
		best, bestCost := -1, 0
		for t, tb := range tables {
			if len(tb) == s.sizes[t] || s.isSmall(t) != toSmall[p] {
				continue
			}
			c := 0
			for _, q := range tb {
				c += int(s.meet[p*s.n+q])
			}
			c = c*16 + s.rng.IntN(16)
			if best < 0 || c < bestCost {
				best, bestCost = t, c
			}
		}
		tables[best] = append(tables[best], p)
	}
	return tables
}

// schPairCost is a pair's share of the energy when it meets m times,
// following the objective: 16 for each meeting beyond the second, 3 for
// each beyond the first, plus m(m−1)/2.
func schPairCost(m int) int {
	if m <= 1 {
		return 0
	}
	return schThirdWeight*max(m-2, 0) + 3*(m-1) + m*(m-1)/2
}

func (s *schSearch) energy() int {
	return schPairWeight*(schThirdWeight*s.third+3*s.rep+s.sq) + s.bal
}

// delta is the change in energy from swapping a and b (at different
// tables) in round r.
func (s *schSearch) delta(r, a, b int) int {
	ta, tb := s.at[r][a], s.at[r][b]
	n := s.n
	d := 0
	for _, c := range s.seats[r][ta] {
		if c != a {
			ma, mb := int(s.meet[a*n+c]), int(s.meet[b*n+c])
			d += schPairCost(ma-1) - schPairCost(ma) + schPairCost(mb+1) - schPairCost(mb)
		}
	}
	for _, c := range s.seats[r][tb] {
		if c != b {
			ma, mb := int(s.meet[a*n+c]), int(s.meet[b*n+c])
			d += schPairCost(mb-1) - schPairCost(mb) + schPairCost(ma+1) - schPairCost(ma)
		}
	}
	return schPairWeight*d + s.deltaBal(r, a, b)
}

// deltaBal is the change in the small-table spread from swapping a and b
// in round r.
func (s *schSearch) deltaBal(r, a, b int) int {
	ta, tb := s.at[r][a], s.at[r][b]
	if s.sizes[ta] == s.sizes[tb] {
		return 0
	}
	if s.isSmall(ta) { // b takes a's smaller seat
		a, b = b, a
	}
	// a moves to the smaller table, b leaves it.
	return 2*s.small[a] + 1 - 2*s.small[b] + 1
}

func (s *schSearch) swap(r, a, b int) {
	ta, tb := s.at[r][a], s.at[r][b]
	for _, c := range s.seats[r][ta] {
		if c != a {
			s.meetAdd(a, c, -1)
			s.meetAdd(b, c, 1)
		}
	}
	for _, c := range s.seats[r][tb] {
		if c != b {
			s.meetAdd(b, c, -1)
			s.meetAdd(a, c, 1)
		}
	}
	if s.sizes[ta] != s.sizes[tb] {
		s.bal += s.deltaBal(r, a, b)
		if s.isSmall(tb) {
			s.small[a]++
			s.small[b]--
		} else {
			s.small[a]--
			s.small[b]++
		}
	}
	ia, ib := s.slot[r][a], s.slot[r][b]
	s.seats[r][ta][ia], s.seats[r][tb][ib] = b, a
	s.at[r][a], s.at[r][b] = tb, ta
	s.slot[r][a], s.slot[r][b] = ib, ia
}

// conflicted tells whether p meets someone again at its table in round r.
func (s *schSearch) conflicted(r, p int) bool {
	for _, c := range s.seats[r][s.at[r][p]] {
		if c != p && s.meet[p*s.n+c] > 1 {
			return true
		}
	}
	return false
}

// schKey is the objective, compared in order.
type schKey struct{ third, rep, sq, bal int }

func (a schKey) less(b schKey) bool {
	if a.third != b.third {
		return a.third < b.third
	}
	if a.rep != b.rep {
		return a.rep < b.rep
	}
	if a.sq != b.sq {
		return a.sq < b.sq
	}
	return a.bal < b.bal
}

func (s *schSearch) key() schKey { return schKey{s.third, s.rep, s.sq, s.bal} }

// floor returns the best key any schedule of this many rounds could
// have, bal aside: the meetings spread as evenly as possible over the
// pairs.
func (s *schSearch) floor() schKey {
	perRound := 0
	for _, z := range s.sizes {
		perRound += z * (z - 1) / 2
	}
	total, pairs := perRound*s.rounds(), s.n*(s.n-1)/2
	q, r := total/pairs, total%pairs
	at := func(m int) schKey { return schKey{max(m-2, 0), max(m-1, 0), m * (m - 1) / 2, 0} }
	lo, hi := at(q), at(q+1)
	sq, sr := s.smallShare()
	return schKey{
		(pairs-r)*lo.third + r*hi.third,
		(pairs-r)*lo.rep + r*hi.rep,
		(pairs-r)*lo.sq + r*hi.sq,
		(s.n-sr)*sq*sq + sr*(sq+1)*(sq+1),
	}
}

// smallShare returns the fair share of rounds at a smaller table: q each,
// and one more for r players.
func (s *schSearch) smallShare() (q, r int) {
	seats := 0
	for _, z := range s.sizes {
		if z < s.sizes[0] {
			seats += z
		}
	}
	total := seats * s.rounds()
	return total / s.n, total % s.n
}

// unfair tells whether moving p out of its table in round r could even out
// the smaller tables: p sits at one more often than its share, or at a
// larger one while it has had fewer than its share.
func (s *schSearch) unfair(r, p, q, extra int) bool {
	if s.isSmall(s.at[r][p]) {
		return s.small[p] > q+min(extra, 1)
	}
	return s.small[p] < q
}

// snapshot copies the seating; restore rebuilds the state from one.
func (s *schSearch) snapshot() [][][]int {
	out := make([][][]int, len(s.seats))
	for r, round := range s.seats {
		out[r] = make([][]int, len(round))
		for t, tb := range round {
			out[r][t] = slices.Clone(tb)
		}
	}
	return out
}

func (s *schSearch) restore(snap [][][]int) {
	clear(s.meet)
	clear(s.small)
	s.third, s.rep, s.sq, s.bal = 0, 0, 0, 0
	s.at, s.seats, s.slot = nil, nil, nil
	for _, round := range snap {
		s.addRound(round)
	}
}

// randomSwap swaps two random players at different tables of a random
// round.
func (s *schSearch) randomSwap() (r, a, b int) {
	r = s.rng.IntN(s.rounds())
	a = s.rng.IntN(s.n)
	b = s.rng.IntN(s.n)
	for s.at[r][b] == s.at[r][a] {
		b = s.rng.IntN(s.n)
	}
	s.swap(r, a, b)
	return r, a, b
}

// tabu improves the schedule until it reaches the floor or has spent
// schBudget, and leaves the best state found. Each move swaps a player in
// conflict (or off their share of smaller tables) with a player at
// another table of the same round: the best such swap whose players are
// not tabu in that round (a tabu swap is taken only if it beats the best
// state so far). With settle, it also stops once a quarter of the budget
// has gone by without a better state: for rounds beyond the perfect ones,
// where the floor is rarely reached.
func (s *schSearch) tabu(settle bool) {
	t := newSchTabu(s)
	for it := 1; t.evals < t.budget && !t.atFloor(); it++ {
		r, a, b := t.bestMove(it)
		if r < 0 {
			r, a, b = s.randomSwap()
		} else {
			s.swap(r, a, b)
		}
		t.until[r][a] = it + schTenureMin + s.rng.IntN(schTenureSpan)
		t.until[r][b] = it + schTenureMin + s.rng.IntN(schTenureSpan)
		if t.keepIfBest() {
			continue
		}
		if settle && t.evals-t.bestAt > schBudget/4 {
			break
		}
		t.shakeIfStalled()
	}
	if t.bestKey.less(s.key()) {
		s.restore(t.best)
	}
}

// schTabu is the state of one tabu search.
type schTabu struct {
	s            *schSearch
	floor        schKey
	share, extra int     // the fair share of smaller tables (smallShare)
	until        [][]int // until[r][p]: the last move at which p is tabu in round r
	best         [][][]int
	bestKey      schKey
	bestE        int
	budget       int
	evals        int // work done: swaps evaluated and seats scanned
	bestAt       int // evals when the best state was found
	stall        int // moves since the best state or the last shake
}

func newSchTabu(s *schSearch) *schTabu {
	t := &schTabu{s: s, floor: s.floor(), budget: schBudget, until: make([][]int, s.rounds())}
	t.share, t.extra = s.smallShare()
	for r := range t.until {
		t.until[r] = make([]int, s.n)
	}
	t.best, t.bestKey, t.bestE = s.snapshot(), s.key(), s.energy()
	return t
}

// atFloor tells whether the search is done. Once the pairs are as good as
// they can be, only a little more work goes to the smaller tables.
func (t *schTabu) atFloor() bool {
	s := t.s
	if s.third > t.floor.third || s.rep > t.floor.rep || s.sq > t.floor.sq {
		return false
	}
	if s.bal <= t.floor.bal {
		return true
	}
	t.budget = min(t.budget, t.evals+schBudget/schBalanceShare)
	return false
}

// movable tells whether p may start a move in round r: it meets someone
// again there, or sits at a table of the wrong size for its share.
func (t *schTabu) movable(r, p int) bool {
	return t.s.conflicted(r, p) || t.s.unfair(r, p, t.share, t.extra)
}

// bestMove returns the best swap allowed at move it, ties at random, or
// r = −1 when every swap is tabu.
func (t *schTabu) bestMove(it int) (br, ba, bb int) {
	s := t.s
	e := s.energy()
	t.evals += s.rounds() * s.n // the scan for movable players
	bd, ties := 0, 0
	br, ba, bb = -1, -1, -1
	for r := range s.rounds() {
		for a := range s.n {
			if !t.movable(r, a) {
				continue
			}
			for b := range s.n {
				if s.at[r][b] == s.at[r][a] || b < a && t.movable(r, b) {
					continue // same table, or a pair already tried
				}
				t.evals++
				d := s.delta(r, a, b)
				if (t.until[r][a] >= it || t.until[r][b] >= it) && e+d >= t.bestE {
					continue
				}
				switch {
				case br < 0 || d < bd:
					bd, br, ba, bb, ties = d, r, a, b, 1
				case d == bd:
					ties++
					if s.rng.IntN(ties) == 0 {
						br, ba, bb = r, a, b
					}
				}
			}
		}
	}
	return br, ba, bb
}

// keepIfBest records the state if it is the best so far.
func (t *schTabu) keepIfBest() bool {
	k := t.s.key()
	if !k.less(t.bestKey) {
		return false
	}
	t.best, t.bestKey, t.bestE = t.s.snapshot(), k, t.s.energy()
	t.stall, t.bestAt = 0, t.evals
	return true
}

// shakeIfStalled goes back to the best state, with three random swaps,
// after schStall moves without a better one.
func (t *schTabu) shakeIfStalled() {
	if t.stall++; t.stall <= schStall {
		return
	}
	t.s.restore(t.best)
	for range 3 {
		t.s.randomSwap()
	}
	t.stall = 0
}

// evenSmallTables swaps players between larger and smaller tables of a
// round when that evens out who sits at the smaller ones and meets nobody
// more often.
func (s *schSearch) evenSmallTables() {
	if s.sizes[len(s.sizes)-1] == s.sizes[0] {
		return
	}
	for improved := true; improved; {
		improved = false
		for r := range s.rounds() {
			for a := range s.n {
				for b := range s.n {
					if s.isSmall(s.at[r][a]) || !s.isSmall(s.at[r][b]) || s.small[a]+1 >= s.small[b] {
						continue
					}
					before := s.key()
					s.swap(r, a, b)
					after := s.key()
					after.bal = before.bal
					if before.less(after) {
						s.swap(r, a, b) // it would meet someone more often
						continue
					}
					improved = true
				}
			}
		}
	}
}

// canonical returns the schedule with the players renumbered so that
// round 1 seats them in order, each table sorted, larger tables first and
// then by their first player.
func (s *schSearch) canonical() [][][]int {
	label := make([]int, s.n)
	next := 0
	for _, tb := range s.seats[0] {
		for _, p := range slices.Sorted(slices.Values(tb)) {
			label[p] = next
			next++
		}
	}
	out := make([][][]int, s.rounds())
	for r, round := range s.seats {
		for _, tb := range round {
			t := make([]int, len(tb))
			for i, p := range tb {
				t[i] = label[p]
			}
			slices.Sort(t)
			out[r] = append(out[r], t)
		}
		slices.SortFunc(out[r], func(x, y []int) int {
			if len(x) != len(y) {
				return len(y) - len(x)
			}
			return x[0] - y[0]
		})
	}
	return out
}

// ValidateSchedule checks the numbers the schedule command was given, in
// its words: n players (--players), tables of k (--table), rounds rounds
// (--rounds, 0 for DefaultScheduleRounds).
func ValidateSchedule(n, k, rounds int) error {
	switch {
	case n < 3 || n > ScheduleMaxPlayers:
		return event.Invalidf("--players must be between 3 and %d", ScheduleMaxPlayers)
	case k < ScheduleMinTable || k > ScheduleMaxTable:
		return event.Invalidf("--table must be %d to %d", ScheduleMinTable, ScheduleMaxTable)
	case rounds < 0 || rounds > ScheduleMaxRounds:
		return event.Invalidf("--rounds must be between 1 and %d", ScheduleMaxRounds)
	}
	return nil
}

// SeededSchedule is Schedule of n players at tables of k over rounds
// rounds (0: DefaultScheduleRounds), each drawn from a new source seeded
// by seed: the same seed gives the same schedule.
func SeededSchedule(n, k, rounds int, seed uint64) ([][][]int, error) {
	if rounds == 0 {
		var err error
		if rounds, err = DefaultScheduleRounds(n, k, rand.New(rand.NewPCG(seed, 0))); err != nil { // #nosec G404 -- seeded so the same seed gives the same schedule
			return nil, err
		}
	}
	return Schedule(n, k, rounds, rand.New(rand.NewPCG(seed, 0))) // #nosec G404 -- seeded so the same seed gives the same schedule
}
