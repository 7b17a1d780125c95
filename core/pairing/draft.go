package pairing

import (
	"cmp"
	"math/rand/v2"

	"tablekeeper/core/event"
	"tablekeeper/core/i18n"
)

// DraftRule says how a format seats its draft (A5, H7, S14): pods of
// players who pass packs to each other, as even as possible, each of Min to
// Max players and as close to Ideal as the player count allows, and the
// packs each player opens.
type DraftRule struct {
	// Ideal is the pod size the format recommends (A5: 8; H7: 5).
	Ideal int
	// Min and Max bound a pod; zero means Ideal.
	Min, Max int
	// Packs is the number of packs each player opens; they pass left,
	// right, left, … (DraftPasses).
	Packs int
}

// DraftRuleOf returns the draft rule of an event's settings; the zero rule
// when the event has no draft.
func DraftRuleOf(s event.Settings) DraftRule {
	d := s.Draft
	return DraftRule{Ideal: d.Ideal, Min: d.Min, Max: d.Max, Packs: d.Packs}
}

// normal fills in a zero Min or Max and checks the sizes.
func (r DraftRule) normal() (DraftRule, error) {
	if r.Min == 0 {
		r.Min = r.Ideal
	}
	if r.Max == 0 {
		r.Max = r.Ideal
	}
	if r.Min < event.MinDraftPod || r.Min > r.Ideal || r.Ideal > r.Max || r.Max > event.MaxDraftPod {
		return r, event.Invalidf("draft pods must be from %d to %d players, with smallest, ideal and largest in that order, not smallest %d, ideal %d, largest %d",
			event.MinDraftPod, event.MaxDraftPod, r.Min, r.Ideal, r.Max)
	}
	return r, nil
}

// DraftPodSizes returns the pod sizes for n players, larger pods first. No
// players need no pods.
//
// The pods are as even as possible: with k pods, n mod k of them seat one
// player more than the others. Among the pod counts whose sizes all lie
// within [Min, Max], it takes the one whose sizes are closest to Ideal:
// the smallest total distance of the pod sizes from Ideal, then the
// fewest players in pods off Ideal, then the fewer pods. With ideal 5
// (min 3, max 5), 23 players make 5, 5, 5, 4, 4; with ideal 8 (min 3,
// max 10), 20 players make 7, 7, 6 rather than 10, 10.
//
// When no pod count fits, the error wraps event.ErrInvalid and says what
// the organizer can do: add or drop players, or allow other pod sizes.
func DraftPodSizes(n int, r DraftRule) ([]int, error) {
	if n < 0 {
		return nil, event.Invalidf("cannot seat %d players", n)
	}
	r, err := r.normal()
	if err != nil {
		return nil, err
	}
	if n == 0 {
		return nil, nil
	}
	k, ok := draftPodCount(n, r)
	if !ok {
		return nil, draftNoSplit(n, r)
	}
	return draftEvenSizes(n, k), nil
}

// draftCost is how far k even pods are from the ideal size, compared in
// field order: the total distance of the pod sizes from Ideal, then the
// players in pods off Ideal weighted by their pod's distance, then the
// pods.
type draftCost struct{ pods, players, count int }

func (a draftCost) less(b draftCost) bool {
	return cmp.Or(cmp.Compare(a.pods, b.pods), cmp.Compare(a.players, b.players), cmp.Compare(a.count, b.count)) < 0
}

// draftPodCount returns the best number of pods for n players under r (a
// normal rule), or false when no count keeps every pod within bounds.
func draftPodCount(n int, r DraftRule) (int, bool) {
	best, bestCost, found := 0, draftCost{}, false
	// Fewer than ceil(n/Max) pods put more than Max in one; more than
	// floor(n/Min) put fewer than Min in one.
	for k := (n + r.Max - 1) / r.Max; k <= n/r.Min; k++ {
		q, big := n/k, n%k
		hi := q
		if big > 0 {
			hi = q + 1
		}
		if q < r.Min || hi > r.Max {
			continue
		}
		dq, dh := draftDistance(q-r.Ideal), draftDistance(q+1-r.Ideal)
		c := draftCost{
			pods:    big*dh + (k-big)*dq,
			players: big*(q+1)*dh + (k-big)*q*dq,
			count:   k,
		}
		if !found || c.less(bestCost) {
			best, bestCost, found = k, c, true
		}
	}
	return best, found
}

// draftEvenSizes splits n into k sizes that differ by at most one, larger
// first.
func draftEvenSizes(n, k int) []int {
	sizes := make([]int, k)
	for i := range sizes {
		sizes[i] = n / k
		if i < n%k {
			sizes[i]++
		}
	}
	return sizes
}

// draftDistance is |x|: a pod size's distance from the ideal.
func draftDistance(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// draftNoSplit explains why n players cannot be seated in pods under r and
// what the organizer can do.
func draftNoSplit(n int, r DraftRule) error {
	fits := func(n int, r DraftRule) bool {
		_, ok := draftPodCount(n, r)
		return ok
	}
	var fixes []i18n.Text
	for k := 1; k <= 2*event.MaxDraftPod; k++ {
		if fits(n+k, r) {
			fixes = append(fixes, addPlayers(k))
			break
		}
	}
	for k := 1; n-k >= r.Min; k++ {
		if fits(n-k, r) {
			fixes = append(fixes, i18n.F("drop %d", k))
			break
		}
	}
	smaller, larger := 0, 0
	for m := r.Min - 1; m >= event.MinDraftPod; m-- {
		wider := r
		wider.Min = m
		if fits(n, wider) {
			smaller = m
			break
		}
	}
	for m := r.Max + 1; m <= event.MaxDraftPod; m++ {
		wider := r
		wider.Max = m
		if fits(n, wider) {
			larger = m
			break
		}
	}
	switch {
	case smaller > 0 && larger > 0:
		fixes = append(fixes, i18n.F("allow pods as small as %d or as large as %d", smaller, larger))
	case smaller > 0:
		fixes = append(fixes, i18n.F("allow pods as small as %d", smaller))
	case larger > 0:
		fixes = append(fixes, i18n.F("allow pods as large as %d", larger))
	}
	msg := i18n.FN("%d players cannot be seated in draft pods of %d to %d", n, n, r.Min, r.Max)
	if r.Min == r.Max {
		msg = i18n.FN("%d players cannot be seated in draft pods of %d", n, n, r.Min)
	}
	return withOptions(msg, fixes)
}

// DraftPasses returns the direction each of packs packs passes, pack 1
// first: left, right, left, … (A5: left, right, left, right; H7 and S14:
// alternating by pack).
func DraftPasses(packs int) []event.PassDirection {
	out := make([]event.PassDirection, max(packs, 0))
	for i := range out {
		out[i] = event.PassLeft
		if i%2 == 1 {
			out[i] = event.PassRight
		}
	}
	return out
}

// DraftSeating seats players for a draft: the players are shuffled with
// rng and dealt to pods of the sizes DraftPodSizes gives, pod 1 first; the
// order a pod is dealt is its clockwise seat order, so passing left goes
// from seat 1 to seat 2 (and from the last seat to seat 1). Passes gives
// each pack's direction. The same players, rule and seed give the same
// seating; Seed and DrawnAt are left for the caller to fill in.
//
// A player listed twice, a rule without packs and a player count no pod
// sizes fit are event.ErrInvalid errors that say what to change.
func DraftSeating(players []event.EntryID, r DraftRule, rng *rand.Rand) (event.DraftSeating, error) {
	if r.Packs < 1 || r.Packs > event.MaxDraftPacks {
		return event.DraftSeating{}, event.Invalidf("a draft opens 1 to %d packs per player, not %d", event.MaxDraftPacks, r.Packs)
	}
	seen := make(map[event.EntryID]bool, len(players))
	for _, p := range players {
		if seen[p] {
			return event.DraftSeating{}, event.Invalidf("entry %d is listed twice for the draft", p)
		}
		seen[p] = true
	}
	sizes, err := DraftPodSizes(len(players), r)
	if err != nil {
		return event.DraftSeating{}, err
	}
	order := make([]event.EntryID, len(players))
	copy(order, players)
	rng.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
	s := event.DraftSeating{Pods: make([]event.DraftPod, len(sizes)), Passes: DraftPasses(r.Packs)}
	for i, size := range sizes {
		s.Pods[i] = event.DraftPod{Number: i + 1, Seats: order[:size:size]}
		order = order[size:]
	}
	return s, nil
}
