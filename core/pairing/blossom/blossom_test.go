package blossom

import (
	"math/rand/v2"
	"testing"
)

// exhaustive returns the best (cardinality, weight) over all matchings, with
// cardinality first only when maxCard is set.
func exhaustive(n int, edges []Edge, maxCard bool) (card int, weight int64) {
	adj := make([][]Edge, n)
	for _, e := range edges {
		adj[e.U] = append(adj[e.U], e)
		adj[e.V] = append(adj[e.V], Edge{U: e.V, V: e.U, W: e.W})
	}
	type best struct {
		card int
		w    int64
	}
	better := func(a, b best) bool {
		if maxCard && a.card != b.card {
			return a.card > b.card
		}
		return a.w > b.w
	}
	memo := map[uint32]best{}
	var solve func(mask uint32) best
	solve = func(mask uint32) best {
		i := 0
		for i < n && mask&(1<<i) != 0 {
			i++
		}
		if i == n {
			return best{}
		}
		if b, ok := memo[mask]; ok {
			return b
		}
		res := solve(mask | 1<<i) // i unmatched
		for _, e := range adj[i] {
			if mask&(1<<e.V) != 0 {
				continue
			}
			sub := solve(mask | 1<<i | 1<<e.V)
			cand := best{sub.card + 1, sub.w + e.W}
			if better(cand, res) {
				res = cand
			}
		}
		memo[mask] = res
		return res
	}
	b := solve(0)
	return b.card, b.w
}

func randomGraph(rng *rand.Rand, n int, density float64, maxW int64, negative bool) []Edge {
	var edges []Edge
	for u := 0; u < n; u++ {
		for v := u + 1; v < n; v++ {
			if rng.Float64() < density {
				w := rng.Int64N(maxW + 1)
				if negative {
					w -= maxW / 2
				}
				edges = append(edges, Edge{U: u, V: v, W: w})
			}
		}
	}
	return edges
}

// check verifies the result is a matching of the edges and that its duals
// certify it: every edge has non-negative slack, matched edges zero.
func check(t *testing.T, n int, edges []Edge, r *Result, maxCard bool) (card int, weight int64) {
	t.Helper()
	w := map[[2]int]int64{}
	for _, e := range edges {
		k := [2]int{min(e.U, e.V), max(e.U, e.V)}
		if old, ok := w[k]; !ok || e.W > old {
			w[k] = e.W
		}
	}
	for v, m := range r.Mate {
		if m == -1 {
			continue
		}
		if r.Mate[m] != v {
			t.Fatalf("mate not symmetric at %d", v)
		}
		ew, ok := w[[2]int{min(v, m), max(v, m)}]
		if !ok {
			t.Fatalf("%d–%d matched without an edge", v, m)
		}
		if v < m {
			card++
			weight += ew
		}
	}
	for k, ew := range w {
		s := r.Slack(k[0], k[1], ew)
		if s < 0 {
			t.Fatalf("edge %v has negative slack %d", k, s)
		}
		if r.Mate[k[0]] == k[1] && s != 0 && ew == maxEdge(edges, k) {
			t.Fatalf("matched edge %v has slack %d", k, s)
		}
	}
	for b := n; b < 2*n; b++ {
		if r.dual[b] < 0 {
			t.Fatalf("blossom %d dual %d < 0", b, r.dual[b])
		}
	}
	if !maxCard {
		for v := 0; v < n; v++ {
			if r.dual[v] < 0 {
				t.Fatalf("vertex %d dual %d < 0", v, r.dual[v])
			}
			if r.Mate[v] == -1 && r.dual[v] != 0 {
				t.Fatalf("single vertex %d has dual %d", v, r.dual[v])
			}
		}
	}
	return card, weight
}

func maxEdge(edges []Edge, k [2]int) int64 {
	var best int64 = -1 << 62
	for _, e := range edges {
		if min(e.U, e.V) == k[0] && max(e.U, e.V) == k[1] && e.W > best {
			best = e.W
		}
	}
	return best
}

func TestAgainstExhaustiveSearch(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for trial := 0; trial < 4000; trial++ {
		n := 1 + rng.IntN(13)
		density := []float64{0.2, 0.5, 0.9, 1}[rng.IntN(4)]
		maxW := []int64{1, 3, 10, 1000}[rng.IntN(4)]
		maxCard := rng.IntN(2) == 0
		edges := randomGraph(rng, n, density, maxW, maxCard && rng.IntN(2) == 0)
		r := MaxWeightMatching(n, edges, Options{MaxCardinality: maxCard})
		card, weight := check(t, n, edges, r, maxCard)
		wantCard, wantWeight := exhaustive(n, edges, maxCard)
		if weight != wantWeight || maxCard && card != wantCard {
			t.Fatalf("trial %d (n=%d, maxCard=%v): got %d edges weight %d, want %d edges weight %d\nedges %v",
				trial, n, maxCard, card, weight, wantCard, wantWeight, edges)
		}
	}
}

// A warm start from any matching of maximum-weight edges reaches the same
// optimum.
func TestWarmStartReachesTheSameOptimum(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for trial := 0; trial < 2000; trial++ {
		n := 2 + rng.IntN(12)
		edges := randomGraph(rng, n, 0.6, 4, false)
		var top int64
		for _, e := range edges {
			top = max(top, e.W)
		}
		start := make([]int, n)
		for i := range start {
			start[i] = -1
		}
		for _, e := range edges {
			if e.W == top && start[e.U] == -1 && start[e.V] == -1 && rng.IntN(3) > 0 {
				start[e.U], start[e.V] = e.V, e.U
			}
		}
		r := MaxWeightMatching(n, edges, Options{MaxCardinality: true, Start: start})
		card, weight := check(t, n, edges, r, true)
		wantCard, wantWeight := exhaustive(n, edges, true)
		if card != wantCard || weight != wantWeight {
			t.Fatalf("trial %d: warm start gave %d/%d, want %d/%d", trial, card, weight, wantCard, wantWeight)
		}
	}
}

func TestEmptyAndTrivialGraphs(t *testing.T) {
	if r := MaxWeightMatching(0, nil, Options{}); len(r.Mate) != 0 {
		t.Error("empty graph")
	}
	r := MaxWeightMatching(3, nil, Options{MaxCardinality: true})
	for _, m := range r.Mate {
		if m != -1 {
			t.Error("matched without edges")
		}
	}
	r = MaxWeightMatching(2, []Edge{{0, 1, 5}}, Options{})
	if r.Mate[0] != 1 || r.Mate[1] != 0 {
		t.Errorf("single edge: %v", r.Mate)
	}
}

// A known case from Van Rantwijk's test suite: nested blossoms,
// relabeling, and an S-blossom expanded at the end of a stage.
func TestNestedBlossomCases(t *testing.T) {
	for _, c := range []struct {
		n     int
		edges []Edge
		want  []int
	}{
		// create S-blossom and use it for augmentation
		{5, []Edge{{1, 2, 8}, {1, 3, 9}, {2, 3, 10}, {3, 4, 7}}, []int{-1, 2, 1, 4, 3}},
		// create nested S-blossom, use for augmentation
		{7, []Edge{{1, 2, 9}, {1, 3, 9}, {2, 3, 10}, {2, 4, 8}, {3, 5, 8}, {4, 5, 10}, {5, 6, 6}}, []int{-1, 3, 4, 1, 2, 6, 5}},
		// create S-blossom, relabel as T-blossom, use for augmentation
		{7, []Edge{{1, 2, 9}, {1, 3, 8}, {2, 3, 10}, {1, 4, 5}, {4, 5, 4}, {1, 6, 3}}, []int{-1, 6, 3, 2, 5, 4, 1}},
		// create nested S-blossom, augment, expand recursively
		{9, []Edge{{1, 2, 8}, {1, 3, 8}, {2, 3, 10}, {2, 4, 12}, {3, 5, 12}, {4, 5, 14}, {4, 6, 12}, {5, 7, 12}, {6, 7, 14}, {7, 8, 12}}, []int{-1, 2, 1, 5, 6, 3, 4, 8, 7}},
		// create S-blossom, relabel as T, expand
		{9, []Edge{{1, 2, 23}, {1, 5, 22}, {1, 6, 15}, {2, 3, 25}, {3, 4, 22}, {4, 5, 25}, {4, 8, 14}, {5, 7, 13}}, []int{-1, 6, 3, 2, 8, 7, 1, 5, 4}},
		// create nested S-blossom, relabel as T, expand
		{9, []Edge{{1, 2, 19}, {1, 3, 20}, {1, 8, 8}, {2, 3, 25}, {2, 4, 18}, {3, 5, 18}, {4, 5, 13}, {4, 7, 7}, {5, 6, 7}}, []int{-1, 8, 3, 2, 7, 6, 5, 4, 1}},
		// create blossom, relabel as T in more than one way, expand, augment
		{11, []Edge{{1, 2, 45}, {1, 5, 45}, {2, 3, 50}, {3, 4, 45}, {4, 5, 50}, {1, 6, 30}, {3, 9, 35}, {4, 8, 35}, {5, 7, 26}, {9, 10, 5}}, []int{-1, 6, 3, 2, 8, 7, 1, 5, 4, 10, 9}},
		// again but slightly different
		{11, []Edge{{1, 2, 45}, {1, 5, 45}, {2, 3, 50}, {3, 4, 45}, {4, 5, 50}, {1, 6, 30}, {3, 9, 35}, {4, 8, 26}, {5, 7, 40}, {9, 10, 5}}, []int{-1, 6, 3, 2, 8, 7, 1, 5, 4, 10, 9}},
		// create blossom, relabel as T, expand such that a new least-slack S-to-free edge is produced, augment
		{11, []Edge{{1, 2, 45}, {1, 5, 45}, {2, 3, 50}, {3, 4, 45}, {4, 5, 50}, {1, 6, 30}, {3, 9, 35}, {4, 8, 28}, {5, 7, 26}, {9, 10, 5}}, []int{-1, 6, 3, 2, 8, 7, 1, 5, 4, 10, 9}},
		// create nested blossom, relabel as T in more than one way, expand outer blossom such that inner blossom ends up on an augmenting path
		{13, []Edge{{1, 2, 45}, {1, 7, 45}, {2, 3, 50}, {3, 4, 45}, {4, 5, 95}, {4, 6, 94}, {5, 6, 94}, {6, 7, 50}, {1, 8, 30}, {3, 11, 35}, {5, 9, 36}, {7, 10, 26}, {11, 12, 5}}, []int{-1, 8, 3, 2, 6, 9, 4, 10, 1, 5, 7, 12, 11}},
		// create nested S-blossom, relabel as S, expand recursively
		{11, []Edge{{1, 2, 40}, {1, 3, 40}, {2, 3, 60}, {2, 4, 55}, {3, 5, 55}, {4, 5, 50}, {1, 8, 15}, {5, 7, 30}, {7, 6, 10}, {8, 10, 10}, {4, 9, 30}}, []int{-1, 2, 1, 5, 9, 3, 7, 6, 10, 4, 8}},
	} {
		r := MaxWeightMatching(c.n, c.edges, Options{})
		for v := range c.want {
			if r.Mate[v] != c.want[v] {
				t.Errorf("edges %v: mate %v, want %v", c.edges, r.Mate, c.want)
				break
			}
		}
		check(t, c.n, c.edges, r, false)
	}
}

func BenchmarkRandomSparse2048(b *testing.B) {
	rng := rand.New(rand.NewPCG(5, 6))
	n := 2048
	var edges []Edge
	for u := 0; u < n; u++ {
		for k := 0; k < 8; k++ {
			v := rng.IntN(n)
			if v != u {
				edges = append(edges, Edge{U: u, V: v, W: rng.Int64N(100)})
			}
		}
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		MaxWeightMatching(n, edges, Options{MaxCardinality: true})
	}
}
