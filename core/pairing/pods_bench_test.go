package pairing

import (
	"math/rand/v2"
	"testing"
)

// benchmarkPods pairs round rounds+1 of an event of n players whose first
// rounds were paired by Pods and played with random placements. It reports
// the repeat pairs and score spread of the round it pairs.
func benchmarkPods(b *testing.B, n, rounds int, rule PodRule) {
	rng := rand.New(rand.NewPCG(uint64(n), 1))
	s := newPodSim(n, rule.Heresy)
	for range rounds {
		r, err := Pods(s.ordered(), rule, rand.New(rand.NewPCG(rng.Uint64(), 0)))
		if err != nil {
			b.Fatal(err)
		}
		s.play(r, rng)
	}
	ps := s.ordered()
	var out Round
	seed := uint64(0)
	for b.Loop() {
		seed++
		var err error
		out, err = Pods(ps, rule, rand.New(rand.NewPCG(seed, 2)))
		if err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(out.Stats.Rematches), "repeats")
	b.ReportMetric(float64(out.Stats.Cost), "spread")
}

var (
	podBenchHeresy     = PodRule{Heresy: true}
	podBenchShadowfist = PodRule{Usual: 4, Min: 3, Max: 4}
)

func BenchmarkPodsHeresy64(b *testing.B)          { benchmarkPods(b, 64, 5, podBenchHeresy) }
func BenchmarkPodsHeresy1024(b *testing.B)        { benchmarkPods(b, 1024, 5, podBenchHeresy) }
func BenchmarkPodsHeresy4096(b *testing.B)        { benchmarkPods(b, 4096, 5, podBenchHeresy) }
func BenchmarkPodsShadowfist1024(b *testing.B)    { benchmarkPods(b, 1024, 5, podBenchShadowfist) }
func BenchmarkPodsShadowfist4096(b *testing.B)    { benchmarkPods(b, 4096, 5, podBenchShadowfist) }
func BenchmarkPodsShadowfistLong256(b *testing.B) { benchmarkPods(b, 256, 12, podBenchShadowfist) }
