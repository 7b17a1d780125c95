// Package blossom finds maximum-weight matchings in general graphs with
// Edmonds' blossom algorithm, in the primal-dual form of Galil ("Efficient
// algorithms for finding maximum matching in graphs", 1986), following the
// structure of Joris van Rantwijk's well-known implementation.
//
// It works on a sparse edge list, so a caller that knows which edges can
// matter gives only those, and it returns the dual solution with the
// matching: Slack tells, for any pair of vertices, edge or not, whether the
// duals still prove the matching optimal if that pair were an edge. That is
// how core/pairing solves Swiss rounds on a small candidate graph and still
// knows its answer is optimal over all pairs.
//
// Weights are int64 and the algorithm is exact: it uses no floating point.
// The dual variables are kept doubled (2·u) so every quantity stays whole.
package blossom

import "math/bits"

// Edge is an undirected edge between vertices U and V (0-based) with weight W.
type Edge struct {
	U, V int
	W    int64
}

// Options steer a run.
type Options struct {
	// MaxCardinality: among matchings of maximum cardinality, find one of
	// maximum weight (with a perfect matching available, a maximum-weight
	// perfect matching).
	MaxCardinality bool
	// Start is an optional initial matching, Start[v] = partner or -1. Every
	// pair in it must be an edge of maximum weight (tight at the initial
	// duals), so the search starts from it instead of from nothing: a Swiss
	// round starts with most players already paired at no cost.
	Start []int
}

// Result is a matching with the dual solution that proves it optimal.
type Result struct {
	// Mate[v] is v's partner, or -1.
	Mate []int

	n      int
	dual   []int64 // doubled vertex duals, then blossom duals
	parent []int   // blossom parent of each vertex and blossom, -1 at the top
	maxWt  int64
	forest *forest
}

// Weight returns the total weight of the matching under weight, called once
// per matched pair.
func (r *Result) Weight(weight func(u, v int) int64) int64 {
	var w int64
	for v, m := range r.Mate {
		if m > v {
			w += weight(v, m)
		}
	}
	return w
}

// Slack returns the reduced cost, doubled, of a pair (u, v) of weight w:
// 2·(u_u + u_v + Σ z_B − w) over the blossoms B that hold both. The matching
// is optimal among all edges that have non-negative slack; a negative
// slack names a pair that, as an edge, could improve it. After the first
// call prepares the blossom forest, each call takes constant time.
func (r *Result) Slack(u, v int, w int64) int64 {
	s := r.dual[u] + r.dual[v] - 2*w
	if r.parent[u] == -1 || r.parent[v] == -1 {
		return s
	}
	if r.forest == nil {
		r.forest = newForest(r.n, r.parent, r.dual)
	}
	return s + 2*r.forest.sharedDual(u, v)
}

// forest answers, for two vertices, the total dual of the blossoms that
// hold both: the prefix sum at their lowest common ancestor, found with an
// Euler tour and a sparse table of minimum depths.
type forest struct {
	zsum  []int64 // dual sum from the top down to each node, inclusive
	first []int32 // first position of each node in the tour
	tour  []int32 // nodes in tour order
	depth []int32
	table [][]int32 // table[k][i]: position of least depth in tour[i : i+2^k]
}

func newForest(n int, parent []int, dual []int64) *forest {
	nodes := 2*n + 1
	root := 2 * n
	par := make([]int, nodes)
	childCount := make([]int, nodes+1)
	used := make([]bool, nodes)
	for x := 0; x < 2*n; x++ {
		if parent[x] != -1 {
			used[x], used[parent[x]] = true, true
		}
	}
	for x := 0; x < 2*n; x++ {
		par[x] = -1
		if !used[x] {
			continue
		}
		par[x] = parent[x]
		if par[x] == -1 {
			par[x] = root
		}
		childCount[par[x]]++
	}
	par[root] = -1
	off := make([]int, nodes+1)
	for x := 0; x < nodes; x++ {
		off[x+1] = off[x] + childCount[x]
	}
	kids := make([]int, off[nodes])
	fill := append([]int(nil), off[:nodes]...)
	for x := 0; x < 2*n; x++ {
		if par[x] >= 0 {
			kids[fill[par[x]]] = x
			fill[par[x]]++
		}
	}
	f := &forest{zsum: make([]int64, nodes), first: make([]int32, nodes), depth: make([]int32, nodes)}
	// Iterative depth-first tour from the root.
	type frame struct{ node, next int }
	stack := []frame{{root, off[root]}}
	f.tour = append(f.tour, int32(root)) // #nosec G115 -- node numbers are below 3n and n is a field of players, far below 2^31
	for len(stack) > 0 {
		top := &stack[len(stack)-1]
		if top.next == off[top.node+1] {
			stack = stack[:len(stack)-1]
			if len(stack) > 0 {
				f.tour = append(f.tour, int32(stack[len(stack)-1].node)) // #nosec G115 -- node numbers are below 3n, far below 2^31
			}
			continue
		}
		c := kids[top.next]
		top.next++
		f.depth[c] = f.depth[top.node] + 1
		f.zsum[c] = f.zsum[top.node]
		if c >= n && c < 2*n {
			f.zsum[c] += dual[c]
		}
		f.first[c] = int32(len(f.tour))   // #nosec G115 -- the tour holds at most 2·3n nodes, far below 2^31
		f.tour = append(f.tour, int32(c)) // #nosec G115 -- node numbers are below 3n, far below 2^31
		stack = append(stack, frame{c, off[c]})
	}
	m := len(f.tour)
	level := make([]int32, m)
	for i := range level {
		level[i] = int32(i)
	}
	f.table = append(f.table, level)
	for k := 1; 1<<k <= m; k++ {
		prev := f.table[k-1]
		cur := make([]int32, m-(1<<k)+1)
		for i := range cur {
			a, b := prev[i], prev[i+1<<(k-1)]
			if f.depth[f.tour[b]] < f.depth[f.tour[a]] {
				a = b
			}
			cur[i] = a
		}
		f.table = append(f.table, cur)
	}
	return f
}

// sharedDual returns the total dual of the blossoms holding both u and v.
func (f *forest) sharedDual(u, v int) int64 {
	i, j := f.first[u], f.first[v]
	if i > j {
		i, j = j, i
	}
	k := 31 - bits.LeadingZeros32(uint32(j-i+1)) // #nosec G115 -- i <= j after the swap, so j-i+1 is positive
	a, b := f.table[k][i], f.table[k][j-(1<<k)+1]
	if f.depth[f.tour[b]] < f.depth[f.tour[a]] {
		a = b
	}
	return f.zsum[f.tour[a]]
}

// Dual returns the dual variable of vertex v, doubled (2·u_v). A pair's
// slack is at least Dual(u) + Dual(v) − 2w, since blossom terms only add.
func (r *Result) Dual(v int) int64 { return r.dual[v] }

// Outer returns, for every vertex, the outermost blossom holding it (-1
// for none) and that blossom's dual. For two vertices of the same outermost
// blossom B, Slack(u, v, w) ≥ Dual(u) + Dual(v) + 2·z_B − 2w: the bound a
// caller can prune with before asking for the exact slack.
func (r *Result) Outer() (outer []int, z []int64) {
	outer = make([]int, r.n)
	z = make([]int64, r.n)
	for v := 0; v < r.n; v++ {
		b := -1
		for x := r.parent[v]; x != -1; x = r.parent[x] {
			b = x
		}
		outer[v] = b
		if b != -1 {
			z[v] = r.dual[b]
		}
	}
	return outer, z
}

// InBlossom reports whether v lies in a non-trivial blossom with positive
// dual: only pairs of such vertices get blossom terms in Slack.
func (r *Result) InBlossom(v int) bool { return r.parent[v] != -1 }

// MaxWeightMatching computes a maximum-weight matching of the graph with n
// vertices and the given edges (no self-loops; parallel edges are allowed
// but pointless).
func MaxWeightMatching(n int, edges []Edge, opt Options) *Result {
	s := newSolver(n, edges)
	if opt.Start != nil {
		s.start(opt.Start)
	}
	s.solve(opt.MaxCardinality)
	res := &Result{Mate: make([]int, n), n: n, dual: s.dual, parent: s.blossomParent, maxWt: s.maxWeight}
	for v := 0; v < n; v++ {
		if s.mate[v] >= 0 {
			res.Mate[v] = s.endpoint[s.mate[v]]
		} else {
			res.Mate[v] = -1
		}
	}
	return res
}

type solver struct {
	n, nedge  int
	edges     []Edge
	maxWeight int64
	endpoint  []int // endpoint[p]: vertex at endpoint p; edge k has 2k and 2k+1
	neighOff  []int // CSR: neighbours of v are neighEnd[neighOff[v]:neighOff[v+1]]
	neighEnd  []int // remote endpoints

	mate           []int // remote endpoint of the matched edge, or -1
	label          []int // 0 free, 1 S, 2 T (bit 4 marks during scanBlossom)
	labelEnd       []int
	inBlossom      []int
	blossomParent  []int
	blossomChilds  [][]int
	blossomBase    []int
	blossomEndps   [][]int
	bestEdge       []int
	blossomBest    [][]int
	hasBlossomBest []bool
	unused         []int
	dual           []int64
	allowStamp     []int32 // allowed in stage == allowStamp[k]
	stage          int32
	queue          []int
	bestTo         []int // scratch for addBlossom, all -1 between uses
}

func newSolver(n int, edges []Edge) *solver {
	s := &solver{n: n, nedge: len(edges), edges: edges}
	for _, e := range edges {
		if e.W > s.maxWeight {
			s.maxWeight = e.W
		}
	}
	s.endpoint = make([]int, 2*len(edges))
	deg := make([]int, n+1)
	for k, e := range edges {
		s.endpoint[2*k], s.endpoint[2*k+1] = e.U, e.V
		deg[e.U]++
		deg[e.V]++
	}
	s.neighOff = make([]int, n+1)
	for v := 0; v < n; v++ {
		s.neighOff[v+1] = s.neighOff[v] + deg[v]
	}
	s.neighEnd = make([]int, s.neighOff[n])
	fill := append([]int(nil), s.neighOff[:n]...)
	for k, e := range edges {
		s.neighEnd[fill[e.U]] = 2*k + 1
		fill[e.U]++
		s.neighEnd[fill[e.V]] = 2 * k
		fill[e.V]++
	}
	s.mate = fillInts(make([]int, n), -1)
	s.label = make([]int, 2*n)
	s.labelEnd = fillInts(make([]int, 2*n), -1)
	s.inBlossom = make([]int, n)
	for v := range s.inBlossom {
		s.inBlossom[v] = v
	}
	s.blossomParent = fillInts(make([]int, 2*n), -1)
	s.blossomChilds = make([][]int, 2*n)
	s.blossomBase = make([]int, 2*n)
	for v := 0; v < n; v++ {
		s.blossomBase[v] = v
	}
	for b := n; b < 2*n; b++ {
		s.blossomBase[b] = -1
	}
	s.blossomEndps = make([][]int, 2*n)
	s.bestEdge = fillInts(make([]int, 2*n), -1)
	s.blossomBest = make([][]int, 2*n)
	s.hasBlossomBest = make([]bool, 2*n)
	for b := 2*n - 1; b >= n; b-- {
		s.unused = append(s.unused, b)
	}
	s.dual = make([]int64, 2*n)
	for v := 0; v < n; v++ {
		s.dual[v] = s.maxWeight
	}
	s.allowStamp = make([]int32, len(edges))
	s.bestTo = fillInts(make([]int, 2*n), -1)
	return s
}

func fillInts(a []int, v int) []int {
	for i := range a {
		a[i] = v
	}
	return a
}

// start installs an initial matching of maximum-weight edges.
func (s *solver) start(partner []int) {
	for v := 0; v < s.n; v++ {
		w := partner[v]
		if w < 0 || w < v || s.mate[v] >= 0 || s.mate[w] >= 0 {
			continue
		}
		// Find the edge v–w among v's neighbours.
		for _, p := range s.neighEnd[s.neighOff[v]:s.neighOff[v+1]] {
			if s.endpoint[p] == w && s.slack(p/2) == 0 {
				s.mate[v] = p
				s.mate[w] = p ^ 1
				break
			}
		}
	}
}

func (s *solver) slack(k int) int64 {
	e := s.edges[k]
	return s.dual[e.U] + s.dual[e.V] - 2*e.W
}

func (s *solver) allowed(k int) bool { return s.allowStamp[k] == s.stage }
func (s *solver) allow(k int)        { s.allowStamp[k] = s.stage }

// leaves calls fn for every vertex in blossom b.
func (s *solver) leaves(b int, fn func(v int)) {
	if b < s.n {
		fn(b)
		return
	}
	for _, t := range s.blossomChilds[b] {
		s.leaves(t, fn)
	}
}

func (s *solver) assignLabel(w, t, p int) {
	for {
		b := s.inBlossom[w]
		s.label[w], s.label[b] = t, t
		s.labelEnd[w], s.labelEnd[b] = p, p
		s.bestEdge[w], s.bestEdge[b] = -1, -1
		if t == 1 {
			s.leaves(b, func(v int) { s.queue = append(s.queue, v) })
			return
		}
		base := s.blossomBase[b]
		m := s.mate[base]
		w, t, p = s.endpoint[m], 1, m^1
	}
}

// scanBlossom traces back from v and w to the root; it returns the base of
// a new blossom, or -1 when the two trees differ (an augmenting path).
func (s *solver) scanBlossom(v, w int) int {
	var path []int
	base := -1
	for v != -1 || w != -1 {
		b := s.inBlossom[v]
		if s.label[b]&4 != 0 {
			base = s.blossomBase[b]
			break
		}
		path = append(path, b)
		s.label[b] = 5
		if s.labelEnd[b] == -1 {
			v = -1
		} else {
			v = s.endpoint[s.labelEnd[b]]
			b = s.inBlossom[v]
			v = s.endpoint[s.labelEnd[b]]
		}
		if w != -1 {
			v, w = w, v
		}
	}
	for _, b := range path {
		s.label[b] = 1
	}
	return base
}

func (s *solver) addBlossom(base, k int) {
	v, w := s.edges[k].U, s.edges[k].V
	bb := s.inBlossom[base]
	bv := s.inBlossom[v]
	bw := s.inBlossom[w]
	b := s.unused[len(s.unused)-1]
	s.unused = s.unused[:len(s.unused)-1]
	s.blossomBase[b] = base
	s.blossomParent[b] = -1
	s.blossomParent[bb] = b
	path := s.blossomChilds[b][:0]
	endps := s.blossomEndps[b][:0]
	for bv != bb {
		s.blossomParent[bv] = b
		path = append(path, bv)
		endps = append(endps, s.labelEnd[bv])
		v = s.endpoint[s.labelEnd[bv]]
		bv = s.inBlossom[v]
	}
	path = append(path, bb)
	reverse(path)
	reverse(endps)
	endps = append(endps, 2*k)
	for bw != bb {
		s.blossomParent[bw] = b
		path = append(path, bw)
		endps = append(endps, s.labelEnd[bw]^1)
		w = s.endpoint[s.labelEnd[bw]]
		bw = s.inBlossom[w]
	}
	s.blossomChilds[b] = path
	s.blossomEndps[b] = endps
	s.label[b] = 1
	s.labelEnd[b] = s.labelEnd[bb]
	s.dual[b] = 0
	s.leaves(b, func(v int) {
		if s.label[s.inBlossom[v]] == 2 {
			s.queue = append(s.queue, v)
		}
		s.inBlossom[v] = b
	})
	// The least-slack edges from the new blossom to each neighbouring
	// S-blossom.
	var touched []int
	consider := func(k int) {
		i, j := s.edges[k].U, s.edges[k].V
		if s.inBlossom[j] == b {
			i, j = j, i
		}
		_ = i
		bj := s.inBlossom[j]
		if bj != b && s.label[bj] == 1 && (s.bestTo[bj] == -1 || s.slack(k) < s.slack(s.bestTo[bj])) {
			if s.bestTo[bj] == -1 {
				touched = append(touched, bj)
			}
			s.bestTo[bj] = k
		}
	}
	for _, sub := range path {
		if !s.hasBlossomBest[sub] {
			s.leaves(sub, func(v int) {
				for _, p := range s.neighEnd[s.neighOff[v]:s.neighOff[v+1]] {
					consider(p / 2)
				}
			})
		} else {
			for _, k := range s.blossomBest[sub] {
				consider(k)
			}
		}
		s.blossomBest[sub] = s.blossomBest[sub][:0]
		s.hasBlossomBest[sub] = false
		s.bestEdge[sub] = -1
	}
	best := s.blossomBest[b][:0]
	for _, bj := range touched {
		best = append(best, s.bestTo[bj])
		s.bestTo[bj] = -1
	}
	s.blossomBest[b] = best
	s.hasBlossomBest[b] = true
	s.bestEdge[b] = -1
	for _, k := range best {
		if s.bestEdge[b] == -1 || s.slack(k) < s.slack(s.bestEdge[b]) {
			s.bestEdge[b] = k
		}
	}
}

func reverse(a []int) {
	for i, j := 0, len(a)-1; i < j; i, j = i+1, j-1 {
		a[i], a[j] = a[j], a[i]
	}
}

// at indexes a cyclic list with Python's negative indices.
func at(a []int, j int) int {
	if j < 0 {
		j += len(a)
	}
	return a[j]
}

func indexOf(a []int, x int) int {
	for i, y := range a {
		if y == x {
			return i
		}
	}
	panic("blossom: child not found")
}

func (s *solver) expandBlossom(b int, endStage bool) {
	for _, sub := range s.blossomChilds[b] {
		s.blossomParent[sub] = -1
		switch {
		case sub < s.n:
			s.inBlossom[sub] = sub
		case endStage && s.dual[sub] == 0:
			s.expandBlossom(sub, endStage)
		default:
			s.leaves(sub, func(v int) { s.inBlossom[v] = sub })
		}
	}
	if !endStage && s.label[b] == 2 {
		childs, endps := s.blossomChilds[b], s.blossomEndps[b]
		entry := s.inBlossom[s.endpoint[s.labelEnd[b]^1]]
		j, jstep, trick := blossomWalk(indexOf(childs, entry), len(childs))
		p := s.labelEnd[b]
		for j != 0 {
			s.label[s.endpoint[p^1]] = 0
			s.label[s.endpoint[at(endps, j-trick)^trick^1]] = 0
			s.assignLabel(s.endpoint[p^1], 2, p)
			s.allow(at(endps, j-trick) / 2)
			j += jstep
			p = at(endps, j-trick) ^ trick
			s.allow(p / 2)
			j += jstep
		}
		bv := at(childs, j)
		s.label[s.endpoint[p^1]], s.label[bv] = 2, 2
		s.labelEnd[s.endpoint[p^1]], s.labelEnd[bv] = p, p
		s.bestEdge[bv] = -1
		j += jstep
		for at(childs, j) != entry {
			bv = at(childs, j)
			if s.label[bv] == 1 {
				j += jstep
				continue
			}
			found := -1
			s.leaves(bv, func(v int) {
				if found == -1 && s.label[v] != 0 {
					found = v
				}
			})
			if found != -1 {
				s.label[found] = 0
				s.label[s.endpoint[s.mate[s.blossomBase[bv]]]] = 0
				s.assignLabel(found, 2, s.labelEnd[found])
			}
			j += jstep
		}
	}
	s.label[b], s.labelEnd[b] = -1, -1
	s.blossomChilds[b] = s.blossomChilds[b][:0]
	s.blossomEndps[b] = s.blossomEndps[b][:0]
	s.blossomBase[b] = -1
	s.blossomBest[b] = s.blossomBest[b][:0]
	s.hasBlossomBest[b] = false
	s.bestEdge[b] = -1
	s.unused = append(s.unused, b)
}

func (s *solver) augmentBlossom(b, v int) {
	t := v
	for s.blossomParent[t] != b {
		t = s.blossomParent[t]
	}
	if t >= s.n {
		s.augmentBlossom(t, v)
	}
	childs, endps := s.blossomChilds[b], s.blossomEndps[b]
	i := indexOf(childs, t)
	j, jstep, trick := blossomWalk(i, len(childs))
	for j != 0 {
		j += jstep
		t = at(childs, j)
		p := at(endps, j-trick) ^ trick
		if t >= s.n {
			s.augmentBlossom(t, s.endpoint[p])
		}
		j += jstep
		t = at(childs, j)
		if t >= s.n {
			s.augmentBlossom(t, s.endpoint[p^1])
		}
		s.mate[s.endpoint[p]] = p ^ 1
		s.mate[s.endpoint[p^1]] = p
	}
	rotate(childs, i)
	rotate(endps, i)
	s.blossomBase[b] = s.blossomBase[childs[0]]
}

// blossomWalk is how a walk from child i of a blossom of n children goes
// round to its base (child 0): an even i steps back (j from i, step −1,
// trick 1), an odd i steps forward through the wrapped indexes (j from
// i−n, step +1, trick 0); trick picks which end of each edge the walk
// reads.
func blossomWalk(i, n int) (j, jstep, trick int) {
	if i&1 != 0 {
		return i - n, 1, 0
	}
	return i, -1, 1
}

// rotate turns a left by i in place: a[i:] + a[:i].
func rotate(a []int, i int) {
	if i == 0 {
		return
	}
	reverse(a[:i])
	reverse(a[i:])
	reverse(a)
}

func (s *solver) augmentMatching(k int) {
	v, w := s.edges[k].U, s.edges[k].V
	for _, sp := range [2][2]int{{v, 2*k + 1}, {w, 2 * k}} {
		st, p := sp[0], sp[1]
		for {
			bs := s.inBlossom[st]
			if bs >= s.n {
				s.augmentBlossom(bs, st)
			}
			s.mate[st] = p
			if s.labelEnd[bs] == -1 {
				break
			}
			t := s.endpoint[s.labelEnd[bs]]
			bt := s.inBlossom[t]
			st = s.endpoint[s.labelEnd[bt]]
			j := s.endpoint[s.labelEnd[bt]^1]
			if bt >= s.n {
				s.augmentBlossom(bt, j)
			}
			s.mate[j] = s.labelEnd[bt]
			p = s.labelEnd[bt] ^ 1
		}
	}
}

// solve runs the stages of Edmonds' algorithm until no augmenting path is
// left. It is the one function above the project's complexity limit of 25
// (make lint: gocyclo): it follows the classic published formulation
// (Galil's, as in Van Rantwijk's mwmatching) step for step, with its dual
// updates and the four kinds of delta in one loop, so it can be checked
// line by line against that text; split up, it could not.
func (s *solver) solve(maxCardinality bool) {
	n := s.n
	for range n {
		s.stage++
		for i := range s.label {
			s.label[i] = 0
			s.bestEdge[i] = -1
		}
		for b := n; b < 2*n; b++ {
			s.blossomBest[b] = s.blossomBest[b][:0]
			s.hasBlossomBest[b] = false
		}
		s.queue = s.queue[:0]
		for v := 0; v < n; v++ {
			if s.mate[v] == -1 && s.label[s.inBlossom[v]] == 0 {
				s.assignLabel(v, 1, -1)
			}
		}
		augmented := false
		for {
			for len(s.queue) > 0 && !augmented {
				v := s.queue[len(s.queue)-1]
				s.queue = s.queue[:len(s.queue)-1]
				for _, p := range s.neighEnd[s.neighOff[v]:s.neighOff[v+1]] {
					k := p / 2
					w := s.endpoint[p]
					if s.inBlossom[v] == s.inBlossom[w] {
						continue
					}
					var kslack int64
					if !s.allowed(k) {
						kslack = s.slack(k)
						if kslack <= 0 {
							s.allow(k)
						}
					}
					switch {
					case s.allowed(k):
						switch {
						case s.label[s.inBlossom[w]] == 0:
							s.assignLabel(w, 2, p^1)
						case s.label[s.inBlossom[w]] == 1:
							if base := s.scanBlossom(v, w); base >= 0 {
								s.addBlossom(base, k)
							} else {
								s.augmentMatching(k)
								augmented = true
							}
						case s.label[w] == 0:
							s.label[w] = 2
							s.labelEnd[w] = p ^ 1
						}
					case s.label[s.inBlossom[w]] == 1:
						b := s.inBlossom[v]
						if s.bestEdge[b] == -1 || kslack < s.slack(s.bestEdge[b]) {
							s.bestEdge[b] = k
						}
					case s.label[w] == 0:
						if s.bestEdge[w] == -1 || kslack < s.slack(s.bestEdge[w]) {
							s.bestEdge[w] = k
						}
					}
					if augmented {
						break
					}
				}
			}
			if augmented {
				break
			}
			deltaType := -1
			var delta int64
			deltaEdge, deltaBlossom := -1, -1
			if !maxCardinality {
				deltaType = 1
				delta = s.dual[0]
				for v := 1; v < n; v++ {
					delta = min(delta, s.dual[v])
				}
			}
			for v := 0; v < n; v++ {
				if s.label[s.inBlossom[v]] == 0 && s.bestEdge[v] != -1 {
					if d := s.slack(s.bestEdge[v]); deltaType == -1 || d < delta {
						delta, deltaType, deltaEdge = d, 2, s.bestEdge[v]
					}
				}
			}
			for b := 0; b < 2*n; b++ {
				if s.blossomParent[b] == -1 && s.label[b] == 1 && s.bestEdge[b] != -1 {
					if d := s.slack(s.bestEdge[b]) / 2; deltaType == -1 || d < delta {
						delta, deltaType, deltaEdge = d, 3, s.bestEdge[b]
					}
				}
			}
			for b := n; b < 2*n; b++ {
				if s.blossomBase[b] >= 0 && s.blossomParent[b] == -1 && s.label[b] == 2 && (deltaType == -1 || s.dual[b] < delta) {
					delta, deltaType, deltaBlossom = s.dual[b], 4, b
				}
			}
			if deltaType == -1 {
				// No further improvement: the maximum-cardinality optimum.
				deltaType = 1
				delta = s.dual[0]
				for v := 1; v < n; v++ {
					delta = min(delta, s.dual[v])
				}
				delta = max(delta, 0)
			}
			for v := 0; v < n; v++ {
				switch s.label[s.inBlossom[v]] {
				case 1:
					s.dual[v] -= delta
				case 2:
					s.dual[v] += delta
				}
			}
			for b := n; b < 2*n; b++ {
				if s.blossomBase[b] >= 0 && s.blossomParent[b] == -1 {
					switch s.label[b] {
					case 1:
						s.dual[b] += delta
					case 2:
						s.dual[b] -= delta
					}
				}
			}
			if deltaType == 1 {
				break
			}
			switch deltaType {
			case 2:
				s.allow(deltaEdge)
				i, j := s.edges[deltaEdge].U, s.edges[deltaEdge].V
				if s.label[s.inBlossom[i]] == 0 {
					i, j = j, i
				}
				_ = j
				s.queue = append(s.queue, i)
			case 3:
				s.allow(deltaEdge)
				s.queue = append(s.queue, s.edges[deltaEdge].U)
			case 4:
				s.expandBlossom(deltaBlossom, false)
			}
		}
		if !augmented {
			break
		}
		for b := n; b < 2*n; b++ {
			if s.blossomParent[b] == -1 && s.blossomBase[b] >= 0 && s.label[b] == 1 && s.dual[b] == 0 {
				s.expandBlossom(b, true)
			}
		}
	}
}
