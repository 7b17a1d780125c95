package pairing

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"tablekeeper/core/event"
)

// The catalogue's draft rules (core/rules): Heresy Revelations (H7),
// Altered Booster Draft (A5) and Shadowfist's Whirlpool of Blood (S14).
var (
	revelations = DraftRule{Ideal: 5, Min: 3, Max: 5, Packs: 3}
	booster     = DraftRule{Ideal: 8, Min: 3, Max: 10, Packs: 4}
	whirlpool   = DraftRule{Ideal: 4, Min: 3, Max: 5, Packs: 6}
)

func TestDraftPodSizes(t *testing.T) {
	for _, c := range []struct {
		name    string
		players int
		rule    DraftRule
		want    []int
	}{
		{"nobody needs no pods", 0, revelations, nil},
		{"H7: five players are one group of five", 5, revelations, []int{5}},
		{"H7: six players are two of three", 6, revelations, []int{3, 3}},
		{"H7: eleven players are 4, 4, 3", 11, revelations, []int{4, 4, 3}},
		{"H7: twenty-three players are 5, 5, 5, 4, 4", 23, revelations, []int{5, 5, 5, 4, 4}},
		{"H7: twenty-five players are five of five", 25, revelations, []int{5, 5, 5, 5, 5}},
		{"A5: eight players are one pod", 8, booster, []int{8}},
		{"A5: ten players still fit one pod", 10, booster, []int{10}},
		{"A5: eleven players are 6 and 5", 11, booster, []int{6, 5}},
		{"A5: three players draft alone", 3, booster, []int{3}},
		{"A5: sixteen players are two of eight", 16, booster, []int{8, 8}},
		{"A5: twenty players are 7, 7, 6 rather than 10, 10", 20, booster, []int{7, 7, 6}},
		{"A5: twenty-five players are 9, 8, 8", 25, booster, []int{9, 8, 8}},
		{"S14: nine players are 5 and 4", 9, whirlpool, []int{5, 4}},
		{"S14: seven players are 4 and 3", 7, whirlpool, []int{4, 3}},
		{"bounds default to the ideal", 12, DraftRule{Ideal: 4, Packs: 1}, []int{4, 4, 4}},
	} {
		t.Run(c.name, func(t *testing.T) {
			got, err := DraftPodSizes(c.players, c.rule)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(got, c.want) {
				t.Errorf("DraftPodSizes(%d, %+v) = %v, want %v", c.players, c.rule, got, c.want)
			}
		})
	}
}

func TestDraftPodSizesSayWhatTheOrganizerCanDo(t *testing.T) {
	for _, c := range []struct {
		players int
		rule    DraftRule
		want    string
	}{
		{2, revelations, "2 players cannot be seated in draft pods of 3 to 5: add a player, or allow pods as small as 2"},
		{1, booster, "1 player cannot be seated in draft pods of 3 to 10: add 2 players"},
		{7, DraftRule{Ideal: 5, Packs: 3}, "7 players cannot be seated in draft pods of 5: add 3 players, drop 2, or allow pods as small as 3 or as large as 7"},
		{9, DraftRule{Ideal: 4, Min: 4, Max: 4, Packs: 3}, "9 players cannot be seated in draft pods of 4: add 3 players, drop 1, or allow pods as small as 3 or as large as 5"},
		{-1, revelations, "cannot seat -1 players"},
	} {
		_, err := DraftPodSizes(c.players, c.rule)
		if !errors.Is(err, event.ErrInvalid) || event.Message(err) != c.want {
			t.Errorf("%d players, %+v:\n got %v\nwant %s", c.players, c.rule, err, c.want)
		}
	}
	for _, bad := range []DraftRule{{Ideal: 5, Min: 6, Max: 8}, {Ideal: 5, Min: 1, Max: 5}, {Ideal: 8, Min: 3, Max: 17}, {}} {
		if _, err := DraftPodSizes(10, bad); !errors.Is(err, event.ErrInvalid) {
			t.Errorf("rule %+v accepted: %v", bad, err)
		}
	}
}

// The sizes are even, within bounds, add up, come larger first, and no
// other even split within bounds is closer to the ideal; when there is no
// size, no even split exists at all.
func TestDraftPodSizesAreEvenAndClosestToIdeal(t *testing.T) {
	var rules []DraftRule
	for lo := event.MinDraftPod; lo <= 8; lo++ {
		for ideal := lo; ideal <= 10; ideal++ {
			for hi := ideal; hi <= 12; hi += 2 {
				rules = append(rules, DraftRule{Ideal: ideal, Min: lo, Max: hi, Packs: 3})
			}
		}
	}
	for _, r := range rules {
		for n := 1; n <= 120; n++ {
			got, err := DraftPodSizes(n, r)
			best, bestCost, exists := bruteDraft(n, r)
			if !exists {
				if !errors.Is(err, event.ErrInvalid) {
					t.Fatalf("%+v, %d players: no even split exists, got %v, %v", r, n, got, err)
				}
				continue
			}
			if err != nil {
				t.Fatalf("%+v, %d players: %v (brute force found %v)", r, n, err, best)
			}
			sum := 0
			for i, s := range got {
				sum += s
				if s < r.Min || s > r.Max {
					t.Fatalf("%+v, %d players: pod of %d in %v", r, n, s, got)
				}
				if i > 0 && s > got[i-1] {
					t.Fatalf("%+v, %d players: a larger pod after a smaller one: %v", r, n, got)
				}
			}
			if sum != n || got[0]-got[len(got)-1] > 1 {
				t.Fatalf("%+v, %d players: %v does not seat %d players evenly", r, n, got, n)
			}
			if c := draftCostOf(got, r.Ideal); c != bestCost {
				t.Fatalf("%+v, %d players: %v costs %+v, %v costs %+v", r, n, got, c, best, bestCost)
			}
		}
	}
}

// bruteDraft tries every number of pods.
func bruteDraft(n int, r DraftRule) ([]int, draftCost, bool) {
	var best []int
	var bestCost draftCost
	for k := 1; k <= n; k++ {
		sizes := make([]int, k)
		for i := range sizes {
			sizes[i] = n / k
			if i < n%k {
				sizes[i]++
			}
		}
		if sizes[k-1] < r.Min || sizes[0] > r.Max {
			continue
		}
		if c := draftCostOf(sizes, r.Ideal); best == nil || c.less(bestCost) {
			best, bestCost = sizes, c
		}
	}
	return best, bestCost, best != nil
}

func draftCostOf(sizes []int, ideal int) draftCost {
	c := draftCost{count: len(sizes)}
	for _, s := range sizes {
		d := s - ideal
		if d < 0 {
			d = -d
		}
		c.pods += d
		c.players += s * d
	}
	return c
}

// Rules A5, H7, S14: packs pass left, right, left, … starting left.
func TestDraftPassesAlternateStartingLeft(t *testing.T) {
	want := []event.PassDirection{"left", "right", "left", "right"}
	if got := DraftPasses(4); !slices.Equal(got, want) {
		t.Errorf("A5 passes %v, want %v", got, want)
	}
	if got := DraftPasses(3); !slices.Equal(got, want[:3]) {
		t.Errorf("three packs pass %v", got)
	}
	if len(DraftPasses(0)) != 0 {
		t.Error("no packs should pass no way")
	}
}

func TestDraftSeatingSeatsEveryoneOnceInPodsOfTheSizes(t *testing.T) {
	for seed := range uint64(200) {
		rng := rand.New(rand.NewPCG(seed, 0))
		n := 3 + rng.IntN(60)
		r := []DraftRule{revelations, booster, whirlpool}[seed%3]
		players := bkIDs(n)
		s, err := DraftSeating(players, r, rand.New(rand.NewPCG(seed, 1)))
		if err != nil {
			t.Fatalf("seed %d, %d players: %v", seed, n, err)
		}
		sizes, _ := DraftPodSizes(n, r)
		seen := map[event.EntryID]int{}
		for i, p := range s.Pods {
			if p.Number != i+1 || len(p.Seats) != sizes[i] {
				t.Fatalf("seed %d: pod %d is number %d with %d seats, want %d", seed, i+1, p.Number, len(p.Seats), sizes[i])
			}
			for _, id := range p.Seats {
				seen[id]++
			}
		}
		for _, id := range players {
			if seen[id] != 1 {
				t.Fatalf("seed %d: entry %d seated %d times", seed, id, seen[id])
			}
		}
		if len(seen) != n || s.Players() != n {
			t.Fatalf("seed %d: %d seated, want %d", seed, len(seen), n)
		}
		if !slices.Equal(s.Passes, DraftPasses(r.Packs)) {
			t.Fatalf("seed %d: passes %v", seed, s.Passes)
		}
	}
}

func TestDraftSeatingIsTheSameForTheSameSeed(t *testing.T) {
	players := bkIDs(23)
	draw := func(seed uint64) event.DraftSeating {
		s, err := DraftSeating(players, revelations, rand.New(rand.NewPCG(seed, 0)))
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	a, b := draw(7), draw(7)
	if fmt.Sprint(a) != fmt.Sprint(b) {
		t.Errorf("seed 7 drew\n%v\nthen\n%v", a, b)
	}
	if fmt.Sprint(a) == fmt.Sprint(draw(8)) {
		t.Error("seeds 7 and 8 drew the same pods")
	}
	if slices.Equal(a.Pods[0].Seats, players[:5]) {
		t.Error("the players were not shuffled")
	}
	if !slices.Equal(players, bkIDs(23)) {
		t.Error("DraftSeating changed the caller's slice")
	}
}

// Over many seeds every player sits in every pod and seat about equally
// often: the draw favours nobody.
func TestDraftSeatingIsUniform(t *testing.T) {
	const draws = 20000
	players := bkIDs(10)
	rule := DraftRule{Ideal: 5, Min: 5, Max: 5, Packs: 3}
	first := map[event.EntryID]int{}
	for seed := range uint64(draws) {
		s, err := DraftSeating(players, rule, rand.New(rand.NewPCG(seed, 42)))
		if err != nil {
			t.Fatal(err)
		}
		first[s.Pods[0].Seats[0]]++
	}
	for _, id := range players {
		// Expected draws/10 = 2000; allow five standard deviations (~212).
		if got := first[id]; got < 1788 || got > 2212 {
			t.Errorf("entry %d took pod 1 seat 1 %d times in %d draws", id, got, draws)
		}
	}
}

func TestDraftSeatingRefusesWhatCannotBeSeated(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	for _, c := range []struct {
		name    string
		players []event.EntryID
		rule    DraftRule
		want    string
	}{
		{"a player twice", []event.EntryID{1, 2, 3, 2}, revelations, "entry 2 is listed twice for the draft"},
		{"no packs", bkIDs(5), DraftRule{Ideal: 5, Min: 3, Max: 5}, "a draft opens 1 to 12 packs per player, not 0"},
		{"too few players", bkIDs(2), revelations, "2 players cannot be seated in draft pods of 3 to 5: add a player, or allow pods as small as 2"},
	} {
		_, err := DraftSeating(c.players, c.rule, rng)
		if !errors.Is(err, event.ErrInvalid) || event.Message(err) != c.want {
			t.Errorf("%s: got %v, want %s", c.name, err, c.want)
		}
	}
	s, err := DraftSeating(nil, revelations, rng)
	if err != nil || len(s.Pods) != 0 || len(s.Passes) != 3 {
		t.Errorf("no players: %+v, %v", s, err)
	}
}

func BenchmarkDraftSeating(b *testing.B) {
	players := bkIDs(1000)
	rng := rand.New(rand.NewPCG(1, 2))
	for b.Loop() {
		if _, err := DraftSeating(players, booster, rng); err != nil {
			b.Fatal(err)
		}
	}
}
