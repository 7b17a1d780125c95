package pairing

import (
	"math/rand/v2"
	"slices"
	"sync"
)

// Resolvable designs for the fixed schedules (rule S12). A resolvable
// design on n points with blocks of k is a set of rounds (its parallel
// classes) in which n players sit at tables of k, every player once a
// round, and no two players share a table twice. Where one is known, it
// reaches the most rounds any schedule can: (n−1)/(k−1), when every
// player meets every other exactly once.
//
// The constructions here are the classical algebraic ones, each checked
// by schValidDesign before it is used (and by the tests for every size):
//
//   - the transversal designs and affine planes of schDesign: AG(2, q) for
//     q² players at tables of q (9 at 3, 16 at 4, 25 at 5), AG(3, 3) for 27
//     at 3;
//   - Kirkman triple systems KTS(v), v ≡ 3 (mod 6), (v−1)/2 rounds at tables
//     of 3: Ray-Chaudhuri and Wilson's direct constructions of KTS(2q+1) and
//     KTS(3q) for prime powers q ≡ 1 (mod 6) (15, 21, 27, 39, …), and the
//     doubling of a pairwise balanced design with blocks of 4 or 7
//     (Beth, Jungnickel and Lenz, Design Theory, Lemma IX.6.4): the lines
//     of AG(2, 4) give KTS(33);
//   - resolvable (v, 4, 1) designs for v = 3q+1, q ≡ 1 (mod 4) a prime
//     power (Design Theory, VII.7.5): 16, 28, 40 at tables of 4, (v−1)/3
//     rounds;
//   - nearly resolvable designs found by a 1-rotational difference search
//     (schRotational): NKTS(18), NKTS(24), NKTS(30), NKTS(36) at tables of
//     3 and 7 rounds for 24 at tables of 4, the bound in each case.
//
// See docs/schedules.md for the sizes each reaches.

// schResolvable returns the longest design known here for n players at
// tables of k: rounds of tables of k in which no pair meets twice, every
// player once a round. It returns nil when n is not a multiple of k.
func schResolvable(n, k int) [][][]int {
	if n%k != 0 {
		return nil
	}
	var best [][][]int
	for _, d := range [][][][]int{schDesign(n, k), schKirkman(n, k), schRBIBD4(n, k), schRotational(n, k)} {
		if len(d) > len(best) && schValidDesign(n, k, d) {
			best = d
		}
	}
	return best
}

// schValidDesign tells whether every round seats each of the n players
// once at tables of k, and no pair shares a table twice.
func schValidDesign(n, k int, d [][][]int) bool {
	met := make([]bool, n*n)
	for _, round := range d {
		seen := make([]bool, n)
		for _, tb := range round {
			if len(tb) != k {
				return false
			}
			for i, a := range tb {
				if a < 0 || a >= n || seen[a] {
					return false
				}
				seen[a] = true
				for _, b := range tb[:i] {
					if met[a*n+b] {
						return false
					}
					met[a*n+b], met[b*n+a] = true, true
				}
			}
		}
		if slices.Contains(seen, false) {
			return false
		}
	}
	return true
}

// schGF is the finite field GF(q) as tables, with a primitive element, for
// the constructions that need one.
type schGF struct {
	q        int
	add, mul []int // add[a*q+b], mul[a*q+b]
	pow      []int // pow[i]: the primitive element to the i, i < q−1
	log      []int // log[pow[i]] = i; log[0] is unused
}

// newSchGF returns GF(q), or false when q is not a prime power.
func newSchGF(q int) (*schGF, bool) {
	f, ok := newSchField(q)
	if !ok {
		return nil, false
	}
	g := &schGF{q: q, add: make([]int, q*q), mul: make([]int, q*q), log: make([]int, q)}
	for a := range q {
		for b := range q {
			g.add[a*q+b], g.mul[a*q+b] = f.add(a, b), f.mul(a, b)
		}
	}
	for a := 1; a < q; a++ {
		pow := []int{1}
		for x := a; x != 1; x = g.mul[x*q+a] {
			pow = append(pow, x)
		}
		if len(pow) == q-1 {
			g.pow = pow
			break
		}
	}
	for i, x := range g.pow {
		g.log[x] = i
	}
	return g, true
}

// exp returns the primitive element to the i, for any integer i.
func (g *schGF) exp(i int) int {
	n := g.q - 1
	return g.pow[((i%n)+n)%n]
}

// neg returns −a.
func (g *schGF) neg(a int) int {
	for b := range g.q {
		if g.add[a*g.q+b] == 0 {
			return b
		}
	}
	return 0 // unreachable: every element has a negative
}

// schDevelop returns the q rounds got by adding each field element s to
// the first coordinate of every point of a base round. A point (x, c) is
// the element x in copy c, numbered c·q + x; (−1, c) is a point ∞ that
// every translation fixes, numbered c·q (the first number after the
// copies).
func schDevelop(g *schGF, base [][][2]int) [][][]int {
	rounds := make([][][]int, g.q)
	for s := range g.q {
		for _, blk := range base {
			tb := make([]int, len(blk))
			for i, p := range blk {
				if p[0] < 0 {
					tb[i] = p[1] * g.q
				} else {
					tb[i] = p[1]*g.q + g.add[p[0]*g.q+s]
				}
			}
			rounds[s] = append(rounds[s], tb)
		}
	}
	return rounds
}

// schKirkman returns a Kirkman triple system on n points, (n−1)/2 rounds
// at tables of 3, when one of its constructions applies; nil otherwise.
func schKirkman(n, k int) [][][]int {
	if k != 3 || n%6 != 3 {
		return nil
	}
	want := (n - 1) / 2
	if q := (n - 1) / 2; q%6 == 1 {
		if g, ok := newSchGF(q); ok {
			return schKTS2q1(g)
		}
	}
	if q := n / 3; q%6 == 1 {
		if g, ok := newSchGF(q); ok {
			return schKTS3q(g)
		}
	}
	if d := schDesign(n, 3); len(d) == want {
		return d // AG(d, 3): 9, 27, 81, …
	}
	m := (n - 1) / 2
	for _, q := range []int{4, 7} {
		if m == q*q {
			return schKTSDoubling(m, schAffineLines(q))
		}
	}
	return nil
}

// schKTS2q1 is Ray-Chaudhuri and Wilson's KTS(2q+1) for a prime power
// q = 6t+1 (Stinson's survey of Kirkman triple systems, Construction 1.1).
// With a primitive and a^m = (a^t + 1)/2, the base round has {0₁, 0₂, ∞},
// {a^i, a^(t+i)}₁ with a^(m+i)₂ for i in [0, t) ∪ [2t, 3t) ∪ [4t, 5t), and
// {a^(m+t+i), a^(m+3t+i), a^(m+5t+i)}₂ for i in [0, t); the q rounds are
// its translates by GF(q). Copy 1 is numbered 0..q−1, copy 2 q..2q−1, ∞ 2q.
func schKTS2q1(g *schGF) [][][]int {
	q, t := g.q, (g.q-1)/6
	two := g.add[1*q+1]
	m := g.log[g.add[g.exp(t)*q+1]] - g.log[two]
	base := [][][2]int{{{0, 0}, {0, 1}, {-1, 2}}}
	for _, from := range []int{0, 2 * t, 4 * t} {
		for i := from; i < from+t; i++ {
			base = append(base, [][2]int{{g.exp(i), 0}, {g.exp(t + i), 0}, {g.exp(m + i), 1}})
		}
	}
	for i := range t {
		base = append(base, [][2]int{{g.exp(m + t + i), 1}, {g.exp(m + 3*t + i), 1}, {g.exp(m + 5*t + i), 1}})
	}
	return schDevelop(g, base)
}

// schKTS3q is Ray-Chaudhuri and Wilson's KTS(3q) for a prime power
// q = 6t+1 (Stinson's survey, Construction 1.2), on GF(q) × {0, 1, 2}.
// With Aᵢ = {a^i₀, a^(i+2t)₁, a^(i+4t)₂}, the base round {0₀, 0₁, 0₂}, the
// triples {a^i, a^(i+2t), a^(i+4t)}ⱼ for i < t, and Aᵢ for i in [t, 2t) ∪
// [3t, 4t) ∪ [5t, 6t) gives q rounds by translation; each other Aᵢ gives
// one round of its q translates.
func schKTS3q(g *schGF) [][][]int {
	t := (g.q - 1) / 6
	a := func(i int) [][2]int { return [][2]int{{g.exp(i), 0}, {g.exp(i + 2*t), 1}, {g.exp(i + 4*t), 2}} }
	base := [][][2]int{{{0, 0}, {0, 1}, {0, 2}}}
	for j := range 3 {
		for i := range t {
			base = append(base, [][2]int{{g.exp(i), j}, {g.exp(i + 2*t), j}, {g.exp(i + 4*t), j}})
		}
	}
	for _, from := range []int{t, 3 * t, 5 * t} {
		for i := from; i < from+t; i++ {
			base = append(base, a(i))
		}
	}
	rounds := schDevelop(g, base)
	for _, from := range []int{0, 2 * t, 4 * t} {
		for i := from; i < from+t; i++ {
			var round [][]int
			for _, r := range schDevelop(g, [][][2]int{a(i)}) {
				round = append(round, r[0])
			}
			rounds = append(rounds, round)
		}
	}
	return rounds
}

// schAffineLines returns the lines of the affine plane AG(2, q), q a prime
// power: a balanced design on q² points (x, y) numbered x·q + y, every two
// points on exactly one line of q points.
func schAffineLines(q int) [][]int {
	g, ok := newSchGF(q)
	if !ok {
		return nil
	}
	var lines [][]int
	for m := range q {
		for b := range q {
			line := make([]int, q)
			for x := range q {
				line[x] = x*q + g.add[g.mul[m*q+x]*q+b]
			}
			lines = append(lines, line)
		}
	}
	for x := range q {
		line := make([]int, q)
		for y := range q {
			line[y] = x*q + y
		}
		lines = append(lines, line)
	}
	return lines
}

// schKTSDoubling returns a KTS(2m+1) from a balanced design on m points
// whose blocks have s points, s = 4 or 7, with a KTS(2s+1) pasted on each
// block (Design Theory, Lemma IX.6.4): point x of the design becomes 2x and
// 2x+1, and ∞ = 2m is added. KTS(2s+1) is numbered so that its round i
// holds {2i, 2i+1, ∞}; on block B, round i without that triple goes to the
// round of B's i-th point, with 2j+e numbered 2·B[j]+e. Round c of the
// whole also holds {2c, 2c+1, ∞}.
func schKTSDoubling(m int, blocks [][]int) [][][]int {
	if len(blocks) == 0 {
		return nil
	}
	s := len(blocks[0])
	small := schKirkmanPinned(s)
	if small == nil {
		return nil
	}
	rounds := make([][][]int, m)
	for c := range m {
		rounds[c] = [][]int{{2 * c, 2*c + 1, 2 * m}}
	}
	for _, blk := range blocks {
		if len(blk) != s {
			return nil
		}
		for i, c := range blk {
			for _, tb := range small[i] {
				out := make([]int, 3)
				for j, x := range tb {
					out[j] = 2*blk[x/2] + x%2
				}
				rounds[c] = append(rounds[c], out)
			}
		}
	}
	return rounds
}

// schKirkmanPinned returns a KTS(2s+1) renumbered so that its round i holds
// {2i, 2i+1, 2s}, with that triple left out of each round; nil when none
// is known.
func schKirkmanPinned(s int) [][][]int {
	kts := schKirkman(2*s+1, 3)
	if len(kts) != s {
		return nil
	}
	inf := 2 * s
	label := make([]int, 2*s+1)
	label[inf] = inf
	for i, round := range kts {
		for _, tb := range round {
			if slices.Contains(tb, inf) {
				e := 0
				for _, x := range tb {
					if x != inf {
						label[x] = 2*i + e
						e++
					}
				}
			}
		}
	}
	out := make([][][]int, s)
	for i, round := range kts {
		for _, tb := range round {
			if slices.Contains(tb, inf) {
				continue
			}
			out[i] = append(out[i], []int{label[tb[0]], label[tb[1]], label[tb[2]]})
		}
	}
	return out
}

// schRBIBD4 returns a resolvable (n, 4, 1) design, (n−1)/3 rounds at
// tables of 4, for n = 3q+1 with q ≡ 1 (mod 4) a prime power (Design
// Theory, VII.7.5): on GF(q) × {0, 1, 2} and ∞, with e = a^((q−1)/4) (so
// e² = −1), the base round is {0₀, 0₁, 0₂, ∞} and {±a^i}ⱼ ∪ {±e·a^i}ⱼ₊₁
// for i < (q−1)/4 and each j, and the rounds are its q translates.
func schRBIBD4(n, k int) [][][]int {
	if k != 4 || n%3 != 1 {
		return nil
	}
	q := (n - 1) / 3
	if q%4 != 1 {
		return nil
	}
	g, ok := newSchGF(q)
	if !ok {
		return nil
	}
	nn := (q - 1) / 4
	e := g.exp(nn)
	base := [][][2]int{{{0, 0}, {0, 1}, {0, 2}, {-1, 3}}}
	for i := range nn {
		x := g.exp(i)
		ex := g.mul[e*q+x]
		for j := range 3 {
			base = append(base, [][2]int{{x, j}, {g.neg(x), j}, {ex, (j + 1) % 3}, {g.neg(ex), (j + 1) % 3}})
		}
	}
	return schDevelop(g, base)
}

// schRotational returns rounds for n players at tables of k in which
// nobody meets twice and every player misses the fewest opponents that
// the bound of rounds leaves out: nearly Kirkman triple systems NKTS(n)
// at tables of 3 (18 → 8 rounds, 24 → 11, 30 → 14, 36 → 17: each player
// misses one opponent) and a resolvable group divisible design of type
// 3^8 at tables of 4 (24 → 7 rounds: each player misses two). It returns
// nil for the other sizes (see schRotationalSizes).
//
// The construction is the classical 1-rotational one: the players are
// Z_m × {0, …, c−1} and f fixed players ∞, and the rounds are the
// translates of b base rounds under Z_m. Two players (x, i) and (y, j)
// meet in the translates of a base table holding a pair with the same
// difference y − x between the same copies, so the base rounds must hold
// every difference at most once; the players who never meet (the leave)
// are those at the half difference m/2 within a copy when m is even, the
// players of difference 0 across copies when m is odd, and the ∞ among
// themselves. Each ∞ sits, over the base rounds, with one player of each
// copy, so it meets every other player once. The base rounds are found
// by a backtracking search over differences with a fixed seed, restarted
// with a new order of candidates every schRotTry steps and given up after
// schRotSteps, so they are the same every time; schResolvable checks the
// result with schValidDesign before it is used.
func schRotational(n, k int) [][][]int {
	pr, ok := schRotationalSizes[[2]int{n, k}]
	if !ok {
		return nil
	}
	var base [][][]int
	if b, ok := schRotMemo.Load([2]int{n, k}); ok {
		base = b.([][][]int)
	} else {
		base = newSchRot(n, k, pr).search()
		schRotMemo.Store([2]int{n, k}, base)
	}
	m, fin := pr.m, pr.c*pr.m
	var rounds [][][]int
	for _, bc := range base {
		for s := range m {
			var round [][]int
			for _, blk := range bc {
				tb := make([]int, len(blk))
				for i, p := range blk {
					if p >= fin {
						tb[i] = p
					} else {
						tb[i] = p/m*m + (p%m+s)%m
					}
				}
				round = append(round, tb)
			}
			rounds = append(rounds, round)
		}
	}
	return rounds
}

// schRotParams are the parameters of schRotational for one size: Z_m, c
// copies, f points ∞ and b base rounds; n = c·m + f, and b·m rounds.
type schRotParams struct{ m, c, f, b, lg int }

// schRotationalSizes are the sizes schRotational searches: those up to 40
// players where its search finds base rounds (TestS12NearlyResolvable…
// holds it). NKTS(18) needs two base rounds over Z_4 with four copies
// (over Z_8 the search finds none). Elsewhere no such design exists
// (NKTS(12); 20 at tables of 4, where 5 rounds are the most), or the
// search gives up (32 and 36 at tables of 4, 30 and 40 at tables of 5,
// in the forms tried), and trying would cost up to a second each time.
var schRotationalSizes = map[[2]int]schRotParams{
	{18, 3}: {m: 4, c: 4, f: 2, b: 2},
	{24, 3}: {m: 11, c: 2, f: 2, b: 1, lg: 2},
	{30, 3}: {m: 14, c: 2, f: 2, b: 1},
	{36, 3}: {m: 17, c: 2, f: 2, b: 1, lg: 2},
	{24, 4}: {m: 7, c: 3, f: 3, b: 1, lg: 3},
}

// schRotMemo keeps the base rounds found for each size: the search is
// deterministic, and 36 at tables of 3 takes some 60 ms.
var schRotMemo sync.Map // [2]int{n, k} → [][][]int

// schRotSteps bounds the search of schRotational, in candidates tried,
// and schRotTry each try: the sizes of schRotationalSizes need well under
// two million steps over 30 seeds.
const schRotSteps, schRotTry = 10_000_000, 50_000

// schRot is the search for the base rounds: point i·m + x is (x, i),
// points from c·m on are the ∞.
type schRot struct {
	m, c, f, b, k int
	lg            int // for an odd m, copies i and j at difference 0 never meet when i/lg = j/lg
	rng           *rand.Rand
	cls           int      // the base round being seated
	used          [][]bool // used[cls][p]: p is seated in base round cls
	seated        []int    // seated[cls]: how many are
	infCopy       []bool   // infCopy[j*c+i]: ∞ j has sat with a player of copy i
	taken         []bool   // a difference is taken: see slot
	blocks        [][][]int
	steps         int
}

// newSchRot returns the search for n players at tables of k, seeded by n
// and k alone.
func newSchRot(n, k int, pr schRotParams) *schRot {
	return &schRot{m: pr.m, c: pr.c, f: pr.f, b: pr.b, lg: max(pr.lg, 1), k: k, rng: rand.New(rand.NewPCG(uint64(n), uint64(k)))} // #nosec G115 G404 -- n and k are positive counts; the search is seeded by them alone so a schedule is reproducible
}

// slot returns where the difference of finite points p and q is kept in
// taken: ±d within copy i at i·m + d, d from copy i to copy j > i at
// c·m + (i·c + j)·m + d. It is false for a pair that must never meet (the
// same point, the leave).
func (r *schRot) slot(p, q int) (int, bool) {
	m := r.m
	i, x, j, y := p/m, p%m, q/m, q%m
	if i > j {
		i, j, x, y = j, i, y, x
	}
	d := ((y-x)%m + m) % m
	if i == j {
		d = min(d, m-d)
		return i*m + d, d != 0 && 2*d != m
	}
	return r.c*m + (i*r.c+j)*m + d, d != 0 || m%2 == 0 || i/r.lg != j/r.lg
}

// search returns the base rounds, or nil. It restarts with a new order of
// candidates when a try has used schRotTry steps.
func (r *schRot) search() [][][]int {
	total := r.c*r.m + r.f
	for r.steps < schRotSteps {
		r.cls = 0
		r.used = make([][]bool, r.b)
		for i := range r.used {
			r.used[i] = make([]bool, total)
		}
		r.seated = make([]int, r.b)
		r.infCopy = make([]bool, r.f*r.c)
		r.taken = make([]bool, r.c*r.m+r.c*r.c*r.m)
		r.blocks = make([][][]int, r.b)
		if r.place(r.steps + schRotTry) {
			return r.blocks
		}
	}
	return nil
}

// place seats the next table of the base rounds, at the first ∞ not yet
// seated, else at the first free player, with partners whose differences
// are all free; false when that cannot be finished within limit.
func (r *schRot) place(limit int) bool {
	fin, total := r.c*r.m, r.c*r.m+r.f
	if r.seated[r.cls] == total {
		if r.cls == r.b-1 {
			return true
		}
		r.cls++
		if r.place(limit) {
			return true
		}
		r.cls--
		return false
	}
	used := r.used[r.cls]
	first := -1
	for p := fin; p < total && first < 0; p++ {
		if !used[p] {
			first = p
		}
	}
	for p := 0; p < fin && first < 0; p++ {
		if !used[p] {
			first = p
		}
	}
	var cands []int
	for p := range fin {
		if !used[p] && p != first {
			cands = append(cands, p)
		}
	}
	r.rng.Shuffle(len(cands), func(i, j int) { cands[i], cands[j] = cands[j], cands[i] })
	r.sit(first, true)
	ok := r.extend([]int{first}, cands, 0, limit)
	r.sit(first, false)
	return ok
}

// sit seats p in the current base round, or unseats it.
func (r *schRot) sit(p int, in bool) {
	r.used[r.cls][p] = in
	if in {
		r.seated[r.cls]++
	} else {
		r.seated[r.cls]--
	}
}

// extend adds partners to blk from cands[from:], then places the next
// table.
func (r *schRot) extend(blk, cands []int, from, limit int) bool {
	if len(blk) == r.k {
		r.blocks[r.cls] = append(r.blocks[r.cls], slices.Clone(blk))
		if r.place(limit) {
			return true
		}
		r.blocks[r.cls] = r.blocks[r.cls][:len(r.blocks[r.cls])-1]
		return false
	}
	fin := r.c * r.m
	inf := blk[0] - fin // the ∞ at this table, or negative
	for ci := from; ci < len(cands) && r.steps <= limit; ci++ {
		q := cands[ci]
		r.steps++
		if r.used[r.cls][q] || inf >= 0 && r.infCopy[inf*r.c+q/r.m] {
			continue // an ∞ sits once with a player of each copy
		}
		var took []int
		ok := true
		for _, p := range blk {
			if p >= fin {
				continue
			}
			at, allowed := r.slot(p, q)
			if !allowed || r.taken[at] {
				ok = false
				break
			}
			r.taken[at] = true
			took = append(took, at)
		}
		if ok {
			r.sit(q, true)
			if inf >= 0 {
				r.infCopy[inf*r.c+q/r.m] = true
			}
			if r.extend(append(blk, q), cands, ci+1, limit) {
				return true
			}
			if inf >= 0 {
				r.infCopy[inf*r.c+q/r.m] = false
			}
			r.sit(q, false)
		}
		for _, at := range took {
			r.taken[at] = false
		}
	}
	return false
}
