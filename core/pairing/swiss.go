// Package pairing holds the pure pairing algorithms: given standings, who
// met whom and a seeded random source, they return tables. They do no I/O
// and read no clock, so any pairing can be reproduced from its seed.
//
// Swiss pairing is a minimum-cost perfect matching over all players (see
// Swiss); brackets, round robin and the KeyForge and Heresy structures live
// in their own files.
package pairing

import (
	"maps"
	"math/rand/v2"
	"slices"
	"sort"
	"tablekeeper/core/i18n"

	"tablekeeper/core/event"
	"tablekeeper/core/pairing/blossom"
)

// Player is one entry as the pairer sees it.
type Player struct {
	Entry  event.EntryID
	Points int
	// Opponents are the entries this player has already met.
	Opponents []event.EntryID
	// Byes counts the byes the player has had.
	Byes int
	// Seed is the player's seed for a round 1 by seeding (1 is the top
	// seed; 0 unseeded).
	Seed int
}

// Table is a pairing of two or more entries in seat order, with the reason
// the pairer chose it.
type Table struct {
	Seats []event.EntryID
	Why   i18n.Text
}

// Round is the outcome of a pairing: tables in table order (top tables
// first) and the entry that gets the bye, if any.
type Round struct {
	Tables []Table
	Bye    event.EntryID
	ByeWhy i18n.Text
	// Stats says how the matching was found, for benchmarks and tests.
	Stats Stats
}

// Stats describes one Swiss solve.
type Stats struct {
	// Cost is the total cost of the pairing (see Swiss).
	Cost int64
	// Edges is the size of the final candidate graph; Solves counts the
	// matchings computed (1 when the first candidate graph was proved
	// optimal over all pairs).
	Edges, Solves int
	// Rematches and PairDowns count the tables that are rematches and
	// that pair different scores.
	Rematches, PairDowns int
}

// Swiss pairs players for a two-player Swiss round, with players given in
// standings order, best first. In round 1, or while nobody has points,
// opponents or byes, the order is shuffled with rng; later rounds shuffle
// within each points group, so equal players meet at random.
//
// The pairing is a minimum-cost perfect matching over all players, with
// costs ordered lexicographically:
//
//  1. the bye goes to a player with the fewest byes so far (nobody gets a
//     second bye while another has none) and, among them, the lowest
//     score: both are hard rules;
//  2. the fewest rematches;
//  3. the smallest total score difference over the tables;
//  4. the fewest pair-downs (tables of different scores): an odd group's
//     extra player meets the next odd group's directly rather than pushing
//     a player down through every group between;
//  5. the bye to the lowest-ranked player of those eligible.
//
// With no rematch in the way, 3 and 4 reach the lower bounds: one
// pair-down per two odd points groups, spanning exactly the score
// difference between them.
//
// It is exact and fast: the matching is solved on a sparse candidate graph
// (pairs inside and next to each points group, warm-started with the free
// pairs inside groups), then the dual solution is checked against every
// pair of players; a pair that could improve the matching is added and the
// graph solved again, so the result is always optimal over all pairs.
func Swiss(players []Player, rng *rand.Rand) Round {
	if len(players) == 0 {
		return Round{}
	}
	p := newProblem(players, rng)
	return p.solve()
}

// problem is one Swiss round as a matching problem. Vertices are players in
// pairing order (points groups from the top, shuffled inside each group),
// then the phantom bye vertex when the count is odd.
type problem struct {
	ps      []Player // by vertex
	rank    []int    // standings position of each vertex (0 = leader)
	score   []int
	group   []int   // points group of each vertex, 0 = top
	groups  [][]int // vertices of each group
	met     metSet
	n       int // vertices, phantom included
	phantom int // -1 when even
	byeCost []int64
	wGap    int64
	wPD     int64
	wRem    int64
	k       int64 // the largest cost: weights are k − cost
	maxGap  int
	// seeded: round 1 paired by seed, top half against bottom half.
	seeded bool
}

// shuffleGroups shuffles order inside each points group (the whole field
// in round 1, when fresh).
func shuffleGroups(order []int, players []Player, fresh bool, rng *rand.Rand) {
	for lo := 0; lo < len(order); {
		hi := lo + 1
		for hi < len(order) && (fresh || players[order[hi]].Points == players[order[lo]].Points) {
			hi++
		}
		seg := order[lo:hi]
		rng.Shuffle(len(seg), func(i, j int) { seg[i], seg[j] = seg[j], seg[i] })
		lo = hi
	}
}

func newProblem(players []Player, rng *rand.Rand) *problem {
	order := make([]int, len(players))
	for i := range order {
		order[i] = i
	}
	fresh := true
	for _, pl := range players {
		if pl.Points != 0 || len(pl.Opponents) > 0 || pl.Byes > 0 {
			fresh = false
			break
		}
	}
	// Standings order is by points already; keep it stable by points in
	// case a caller gives another order.
	sort.SliceStable(order, func(a, b int) bool { return players[order[a]].Points > players[order[b]].Points })
	p := &problem{phantom: -1}
	seeded := false
	for _, pl := range players {
		seeded = seeded || fresh && pl.Seed > 0
	}
	// rankOf is each player's rank: the standings order, or in a seeded
	// round 1 the seed order.
	rankOf := make([]int, len(players))
	for i := range rankOf {
		rankOf[i] = i
	}
	if seeded {
		order = seededOrder(players, rng)
		for r, i := range order {
			rankOf[i] = r
		}
		order = halvesOrder(order)
	}
	if !seeded {
		shuffleGroups(order, players, fresh, rng)
	}
	// In an unseeded round 1 the standings order is only the names'
	// order: rank by the draw instead, so table numbers and seat 1 come
	// from the round's seed, not from the alphabet.
	if fresh && !seeded {
		for r, i := range order {
			rankOf[i] = r
		}
	}
	p.seeded = seeded
	n := len(players)
	p.n = n
	if n%2 == 1 {
		p.phantom = n
		p.n = n + 1
	}
	p.ps = make([]Player, n)
	p.rank = make([]int, n)
	p.score = make([]int, n)
	p.group = make([]int, n)
	index := make(map[event.EntryID]int, n)
	for v, i := range order {
		p.ps[v] = players[i]
		p.rank[v] = rankOf[i]
		p.score[v] = players[i].Points
		index[players[i].Entry] = v
		if v > 0 && p.score[v] != p.score[v-1] {
			p.group[v] = p.group[v-1] + 1
		} else if v > 0 {
			p.group[v] = p.group[v-1]
		}
	}
	p.groups = make([][]int, p.group[n-1]+1)
	for v := 0; v < n; v++ {
		p.groups[p.group[v]] = append(p.groups[p.group[v]], v)
	}
	p.met = newMetSet(n)
	for v, pl := range p.ps {
		for _, o := range pl.Opponents {
			if u, ok := index[o]; ok {
				p.met.add(v, u)
			}
		}
	}
	p.maxGap = p.score[0] - p.score[n-1]
	p.setWeights()
	return p
}

// seededOrder returns the players in seed order: seeded players by seed,
// then the unseeded in a random order.
func seededOrder(players []Player, rng *rand.Rand) []int {
	var seeded, unseeded []int
	for i, pl := range players {
		if pl.Seed > 0 {
			seeded = append(seeded, i)
		} else {
			unseeded = append(unseeded, i)
		}
	}
	sort.SliceStable(seeded, func(a, b int) bool { return players[seeded[a]].Seed < players[seeded[b]].Seed })
	rng.Shuffle(len(unseeded), func(i, j int) { unseeded[i], unseeded[j] = unseeded[j], unseeded[i] })
	return append(seeded, unseeded...)
}

// halvesOrder puts players in seed order into the order the warm start
// pairs them in, top half against bottom half: 1 v h+1, 2 v h+2, … With
// an odd count the last seed is left at the end, for the bye.
func halvesOrder(order []int) []int {
	m := len(order) - len(order)%2
	h := m / 2
	out := make([]int, 0, len(order))
	for i := 0; i < h; i++ {
		out = append(out, order[i], order[h+i])
	}
	return append(out, order[m:]...)
}

// setWeights chooses the cost scale so each level of the order outweighs
// everything below it in any perfect matching, and the bye costs.
func (p *problem) setWeights() {
	n := len(p.ps)
	pairs := int64(p.n / 2)
	gap := int64(p.maxGap)
	p.byeCost = make([]int64, n)
	var maxBye int64
	if p.phantom >= 0 {
		// Eligible: fewest byes, then lowest score among them; the cost
		// counts eligible players ranked below.
		minByes := p.ps[0].Byes
		for _, pl := range p.ps {
			minByes = min(minByes, pl.Byes)
		}
		minScore := -1
		for v, pl := range p.ps {
			if pl.Byes == minByes && (minScore == -1 || p.score[v] < minScore) {
				minScore = p.score[v]
			}
		}
		var eligible []int
		for v, pl := range p.ps {
			p.byeCost[v] = -1
			if pl.Byes == minByes && p.score[v] == minScore {
				eligible = append(eligible, v)
			}
		}
		sort.Slice(eligible, func(a, b int) bool { return p.rank[eligible[a]] > p.rank[eligible[b]] })
		for i, v := range eligible {
			p.byeCost[v] = int64(i)
		}
		maxBye = int64(len(eligible))
	}
	p.wPD = maxBye + 1
	if (p.wPD*pairs+1)*(gap+1)*pairs*pairs > 1<<58 {
		p.wPD = 1 // huge events: the bye's rank tie-break yields to size
	}
	p.wGap = p.wPD*pairs + 1
	p.wRem = (p.wPD+p.wGap*gap)*pairs + 1
	p.k = p.wRem + p.wPD + p.wGap*gap
}

// cost of pairing vertices u and v, or -1 when they cannot be paired (the
// phantom with an ineligible player).
func (p *problem) cost(u, v int) int64 {
	if u == p.phantom || v == p.phantom {
		if u == p.phantom {
			u = v
		}
		return p.byeCost[u]
	}
	var c int64
	if p.met.has(u, v) {
		c += p.wRem
	}
	if d := p.score[u] - p.score[v]; d != 0 {
		if d < 0 {
			d = -d
		}
		c += p.wPD + p.wGap*int64(d)
	}
	return c
}

// edges is a candidate graph with no duplicate pairs.
type edges struct {
	list []blossom.Edge
	seen map[uint64]bool
}

func (e *edges) add(p *problem, u, v int) {
	if u == v {
		return
	}
	a, b := min(u, v), max(u, v)
	key := uint64(a)<<32 | uint64(b) // #nosec G115 -- a and b are vertex numbers, non-negative and below 2^32
	if e.seen[key] {
		return
	}
	c := p.cost(a, b)
	if c < 0 {
		return
	}
	e.seen[key] = true
	e.list = append(e.list, blossom.Edge{U: a, V: b, W: p.k - c})
}

func (p *problem) solve() Round {
	start := p.greedy()
	cand := &edges{seen: make(map[uint64]bool, p.n*12)}
	for v, u := range start {
		if u > v {
			cand.add(p, v, u)
		}
	}
	p.candidates(cand)
	var res *blossom.Result
	stats := Stats{}
	for {
		stats.Solves++
		res = blossom.MaxWeightMatching(p.n, cand.list, blossom.Options{MaxCardinality: true, Start: start})
		added := 0
		for v, u := range res.Mate {
			if u == -1 {
				// No perfect matching in the candidate graph: open this
				// vertex to every other one.
				for w := 0; w < p.n; w++ {
					if !cand.seen[key(v, w)] {
						cand.add(p, v, w)
						added++
					}
				}
			}
		}
		if added == 0 {
			added = p.violations(res, cand)
		}
		if added == 0 {
			break
		}
	}
	stats.Edges = len(cand.list)
	return p.round(res.Mate, stats)
}

func key(u, v int) uint64 {
	a, b := min(u, v), max(u, v)
	return uint64(a)<<32 | uint64(b) // #nosec G115 -- a and b are vertex numbers, non-negative and below 2^32
}

// greedy pairs players inside their points groups in pairing order, never
// as a rematch, and gives the phantom its cheapest player: all these pairs
// cost nothing and make the warm start.
func (p *problem) greedy() []int {
	mate := make([]int, p.n)
	for i := range mate {
		mate[i] = -1
	}
	if p.phantom >= 0 {
		for v, c := range p.byeCost {
			if c == 0 {
				mate[v], mate[p.phantom] = p.phantom, v
			}
		}
	}
	for _, g := range p.groups {
		for i, v := range g {
			if mate[v] != -1 {
				continue
			}
			for _, u := range g[i+1:] {
				if mate[u] == -1 && !p.met.has(u, v) {
					mate[u], mate[v] = v, u
					break
				}
			}
		}
	}
	return mate
}

// candidates adds the sparse graph: inside each group, each player's next
// few in pairing order and partners at doubling distances; across
// neighbouring groups (and the one after, for a direct pair-down between
// two odd groups) a few partners each; the phantom to every eligible
// player; and, for a player who has met most of their group, everyone in
// reach.
func (p *problem) candidates(c *edges) {
	for gi, g := range p.groups {
		s := len(g)
		for i, v := range g {
			for d := 1; d < s; d = next(d) {
				c.add(p, v, g[(i+d)%s])
			}
			for _, step := range []int{1, 2, 3} {
				if gi+step >= len(p.groups) {
					break
				}
				h := p.groups[gi+step]
				for k := 0; k < 3 && k < len(h); k++ {
					c.add(p, v, h[(i*7+k*(len(h)/3+1))%len(h)])
				}
			}
			if p.met.count(v) > s/2 {
				for _, d := range []int{-1, 0, 1} {
					if gi+d >= 0 && gi+d < len(p.groups) {
						for _, u := range p.groups[gi+d] {
							c.add(p, v, u)
						}
					}
				}
			}
		}
	}
	if p.phantom >= 0 {
		for v := range p.ps {
			c.add(p, v, p.phantom)
		}
	}
}

// next gives the in-group distances 1, 2, 3, 4, then doubling.
func next(d int) int {
	if d < 4 {
		return d + 1
	}
	return 2 * d
}

// violations adds every pair of players whose slack under the duals is
// negative, and returns how many. Only the few pairs that can violate are
// looked at: a pair's slack is at least the sum of its (doubled) duals
// minus twice its weight, plus twice the dual of the outermost blossom when
// both lie in the same one; each group is sorted by both bounds and walked
// only while a bound is below the pair's weight.
func (p *problem) violations(res *blossom.Result, c *edges) int {
	outer, z := res.Outer()
	inner := func(v int) int64 { return res.Dual(v) + z[v] }
	// Each group's vertices by outermost blossom; those in none form one
	// class (their pairs have no blossom term).
	type class struct {
		outer          int
		byDual, byIner []int
	}
	classes := make([][]class, len(p.groups))
	for gi, g := range p.groups {
		index := map[int]int{}
		var cs []class
		for _, v := range g {
			k, ok := index[outer[v]]
			if !ok {
				k = len(cs)
				index[outer[v]] = k
				cs = append(cs, class{outer: outer[v]})
			}
			cs[k].byDual = append(cs[k].byDual, v)
		}
		for k := range cs {
			cs[k].byIner = sortedBy(cs[k].byDual, inner)
			cs[k].byDual = sortedBy(cs[k].byDual, res.Dual)
		}
		classes[gi] = cs
	}
	// Candidate edges never have negative slack, so the slack alone finds
	// the new pairs. Each vertex brings at most perVertex of them per
	// pass, the most negative first: a big points group can violate in
	// hundreds of thousands of pairs, most of them made redundant by the
	// first few.
	type found struct {
		v     int
		slack int64
	}
	const perVertex = 6
	worst := make(map[int][]found)
	// check returns false once u has enough new pairs for this pass:
	// pairs are walked from the lowest bound up, so the first ones found
	// are the most negative, and the next pass looks again.
	check := func(u, v int) bool {
		if sl := res.Slack(u, v, p.k-p.cost(u, v)); sl < 0 {
			for _, x := range [2][2]int{{u, v}, {v, u}} {
				worst[x[0]] = append(worst[x[0]], found{x[1], sl})
			}
		}
		return len(worst[u]) < perVertex
	}
	for a := range p.groups {
		for b := a; b < len(p.groups); b++ {
			var cmin int64
			if a != b {
				cmin = p.wPD + p.wGap*int64(p.score[p.groups[a][0]]-p.score[p.groups[b][0]])
			}
			bound := 2 * (p.k - cmin)
			for x, cx := range classes[a] {
				from := 0
				if a == b {
					from = x
				}
				for _, cy := range classes[b][from:] {
					if res.Dual(cx.byDual[0])+res.Dual(cy.byDual[0]) >= bound && inner(cx.byIner[0])+inner(cy.byIner[0]) >= bound {
						continue
					}
					same := a == b && cx.outer == cy.outer
					if cx.outer != -1 && cx.outer == cy.outer {
						// The same outermost blossom: its dual counts.
						walkPairs(cx.byIner, cy.byIner, same, inner, bound, check)
					} else {
						walkPairs(cx.byDual, cy.byDual, same, res.Dual, bound, check)
					}
				}
			}
		}
	}
	// Walk the vertices in order, not in the map's random order: the
	// candidates' order decides which of several optimal pairings the
	// solver returns, and a round must pair the same from the same seed.
	added := 0
	for _, u := range slices.Sorted(maps.Keys(worst)) {
		fs := worst[u]
		slices.SortFunc(fs, func(a, b found) int {
			switch {
			case a.slack < b.slack:
				return -1
			case a.slack > b.slack:
				return 1
			}
			return a.v - b.v
		})
		for _, f := range fs[:min(len(fs), perVertex)] {
			if !c.seen[key(u, f.v)] {
				c.add(p, u, f.v)
				added++
			}
		}
	}
	return added
}

// sortedBy returns vs sorted by key, ascending.
func sortedBy(vs []int, key func(int) int64) []int {
	s := append([]int(nil), vs...)
	slices.SortFunc(s, func(a, b int) int {
		ka, kb := key(a), key(b)
		switch {
		case ka < kb:
			return -1
		case ka > kb:
			return 1
		}
		return 0
	})
	return s
}

// walkPairs calls fn for the pairs of xs × ys (each pair once when same)
// whose keys sum below bound; both lists are sorted by key. When fn
// returns false, walkPairs moves on to the next u.
func walkPairs(xs, ys []int, same bool, key func(int) int64, bound int64, fn func(u, v int) bool) {
	if len(xs) == 0 || len(ys) == 0 || key(xs[0])+key(ys[0]) >= bound {
		return
	}
	for i, u := range xs {
		ku := key(u)
		if ku+key(ys[0]) >= bound {
			return
		}
		from := 0
		if same {
			from = i + 1
		}
		for _, v := range ys[from:] {
			if ku+key(v) >= bound || !fn(u, v) {
				break
			}
		}
	}
}

// round turns the matching into tables, top tables first.
func (p *problem) round(mate []int, st Stats) Round {
	var out Round
	for v, u := range mate {
		if u < v {
			continue
		}
		if u == p.phantom {
			out.Bye = p.ps[v].Entry
			if p.ps[v].Byes == 0 {
				out.ByeWhy = i18n.F("bye: lowest-ranked player without a bye")
			} else {
				out.ByeWhy = i18n.F("bye: every player has had one; lowest-ranked player with the fewest")
			}
			st.Cost += p.cost(v, u)
			continue
		}
		a, b := v, u
		if p.rank[b] < p.rank[a] {
			a, b = b, a
		}
		rematch := p.met.has(a, b)
		if rematch {
			st.Rematches++
		}
		if p.score[a] != p.score[b] {
			st.PairDowns++
		}
		st.Cost += p.cost(a, b)
		out.Tables = append(out.Tables, Table{Seats: []event.EntryID{p.ps[a].Entry, p.ps[b].Entry}, Why: p.why(a, b, rematch)})
	}
	// Top tables by standings: the higher score at the table, then the
	// lower, then the better-ranked player.
	rankOf := make(map[event.EntryID]int, len(p.ps))
	scoreOf := make(map[event.EntryID]int, len(p.ps))
	for v, pl := range p.ps {
		rankOf[pl.Entry], scoreOf[pl.Entry] = p.rank[v], p.score[v]
	}
	sort.Slice(out.Tables, func(i, j int) bool {
		a, b := out.Tables[i].Seats, out.Tables[j].Seats
		ha, hb := max(scoreOf[a[0]], scoreOf[a[1]]), max(scoreOf[b[0]], scoreOf[b[1]])
		if ha != hb {
			return ha > hb
		}
		la, lb := min(scoreOf[a[0]], scoreOf[a[1]]), min(scoreOf[b[0]], scoreOf[b[1]])
		if la != lb {
			return la > lb
		}
		return min(rankOf[a[0]], rankOf[a[1]]) < min(rankOf[b[0]], rankOf[b[1]])
	})
	out.Stats = st
	return out
}

func (p *problem) why(a, b int, rematch bool) i18n.Text {
	if p.seeded {
		return i18n.F("round 1 by seeding: seed %d v seed %d", p.rank[a]+1, p.rank[b]+1)
	}
	var s i18n.Text
	if p.score[a] == p.score[b] {
		s = i18n.F("same points (%d)", p.score[a])
	} else {
		s = i18n.F("pair-down: %d v %d points", p.score[a], p.score[b])
	}
	if rematch {
		s = reasons(s, i18n.F("rematch: no pairing without one exists"))
	}
	return s
}

// reasons keeps a table's reasons as one text, said "first; second" (the
// sentence inside each is said in the reader's language).
func reasons(first i18n.Text, more ...i18n.Text) i18n.Text {
	for _, m := range more {
		first = i18n.F("%s; %s", first, m)
	}
	return first
}

// metSet records who has met whom: a bit matrix for events up to a few
// thousand players, a hash set beyond.
type metSet struct {
	n      int
	bits   []uint64
	pairs  map[uint64]bool
	counts []int
}

const bitMatrixLimit = 8192

func newMetSet(n int) metSet {
	m := metSet{n: n, counts: make([]int, n)}
	if n <= bitMatrixLimit {
		m.bits = make([]uint64, (n*n+63)/64)
	} else {
		m.pairs = make(map[uint64]bool)
	}
	return m
}

func (m metSet) add(u, v int) {
	if m.has(u, v) || u == v {
		return
	}
	m.counts[u]++
	m.counts[v]++
	if m.bits != nil {
		for _, i := range [2]int{u*m.n + v, v*m.n + u} {
			m.bits[i/64] |= 1 << (i % 64)
		}
		return
	}
	m.pairs[key(u, v)] = true
}

func (m metSet) has(u, v int) bool {
	if u >= m.n || v >= m.n {
		return false
	}
	if m.bits != nil {
		i := u*m.n + v
		return m.bits[i/64]&(1<<(i%64)) != 0
	}
	return m.pairs[key(u, v)]
}

func (m metSet) count(v int) int { return m.counts[v] }
