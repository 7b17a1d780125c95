package pairing

import (
	"cmp"
	"math/bits"
	"math/rand/v2"
	"slices"
	"sort"
	"strings"

	"tablekeeper/core/event"
	"tablekeeper/core/i18n"
)

// PodRule says how a format sizes its multiplayer tables (pods).
type PodRule struct {
	// Usual is the table size the format is played at (3 or 4).
	Usual int
	// Min and Max are the smallest and largest tables allowed, such as
	// Shadowfist's 3 to 4, or 3 to 5 when the organizer allows five (S4).
	// Zero means Usual.
	Min, Max int
	// Heresy applies rule H2 (Reascension): (X div 3) − (X mod 3) tables of
	// three and (X mod 3) tables of four for X players, the fours taken by
	// the highest scores, and at least 6 players. Usual, Min and Max are
	// then ignored.
	Heresy bool
}

// podMinHeresy is the fewest players rule H2 seats (the table in 002 runs
// from 6).
const podMinHeresy = 6

// PodSizes returns the table sizes for n players, top table first, larger
// tables before smaller ones. No players need no tables.
//
// Under rule H2 (rule.Heresy) the split is the document's: n mod 3 tables
// of four at the top, then (n div 3) − (n mod 3) tables of three, for n of
// at least 6 (7 → 4, 3; 8 → 4, 4; 10 → 4, 3, 3).
//
// Otherwise tables are of Usual and Min only, as many of Usual as possible
// (usual 4, min 3: 9 → 3, 3, 3; 10 → 4, 3, 3; 11 → 4, 4, 3). Only when no
// such split exists does it use other allowed sizes (Max, or one between
// Min and Max): the fewest such tables, then still as many of Usual as
// possible, then the sizes nearest Usual (usual 4, min 3, max 5: 5 → 5,
// while 9 stays 3, 3, 3).
//
// When no split exists the error wraps event.ErrInvalid and says what the
// organizer can do: add or drop players, or allow another table size.
func PodSizes(n int, rule PodRule) ([]int, error) {
	if n < 0 {
		return nil, event.Invalidf("cannot seat %d players", n)
	}
	if rule.Heresy {
		return podHeresySizes(n)
	}
	r, err := rule.normal()
	if err != nil {
		return nil, err
	}
	if n == 0 {
		return nil, nil
	}
	if sizes := podSplit(n, r); sizes != nil {
		return sizes, nil
	}
	return nil, podNoSplit(n, r)
}

// normal fills in a zero Min or Max and checks the sizes.
func (r PodRule) normal() (PodRule, error) {
	if r.Min == 0 {
		r.Min = r.Usual
	}
	if r.Max == 0 {
		r.Max = r.Usual
	}
	if r.Min < 2 || r.Min > r.Usual || r.Usual > r.Max || r.Max > event.MaxSeats {
		return r, event.Invalidf("table sizes must be from 2 to %d players, with smallest, usual and largest in that order, not smallest %d, usual %d, largest %d",
			event.MaxSeats, r.Min, r.Usual, r.Max)
	}
	return r, nil
}

// podHeresySizes is rule H2's split, fours first.
func podHeresySizes(n int) ([]int, error) {
	if n == 0 {
		return nil, nil
	}
	if n < podMinHeresy {
		msg := i18n.FN("%d players cannot be seated at tables of 3 and 4 in Reascension (rule H2 needs at least %d)", n, n, podMinHeresy)
		fixes := []i18n.Text{addPlayers(podMinHeresy - n)}
		if n >= 3 {
			fixes = append(fixes, i18n.F("leave rule H2 and seat everyone at one table of %d", n))
		}
		return nil, withOptions(msg, fixes)
	}
	fours := n % 3
	threes := n/3 - fours
	sizes := make([]int, 0, fours+threes)
	for range fours {
		sizes = append(sizes, 4)
	}
	for range threes {
		sizes = append(sizes, 3)
	}
	return sizes, nil
}

// podCost is a split's cost, compared in field order: tables of sizes
// other than Usual and Min, then fewer tables of Usual (negated), then the
// distance of those other sizes from Usual.
type podCost struct{ odd, usual, off int }

func (a podCost) add(b podCost) podCost {
	return podCost{a.odd + b.odd, a.usual + b.usual, a.off + b.off}
}

func (a podCost) less(b podCost) bool {
	return cmp.Or(cmp.Compare(a.odd, b.odd), cmp.Compare(a.usual, b.usual), cmp.Compare(a.off, b.off)) < 0
}

// podSplit returns the best split of n into sizes allowed by r (see
// PodSizes), larger tables first, or nil when there is none. It is a
// shortest path over player counts: the costs add up table by table.
func podSplit(n int, r PodRule) []int {
	tableCost := func(s int) podCost {
		switch s {
		case r.Usual:
			return podCost{usual: -1}
		case r.Min:
			return podCost{}
		}
		off := s - r.Usual
		if off < 0 {
			off = -off
		}
		return podCost{odd: 1, off: off}
	}
	best := make([]podCost, n+1)
	last := make([]int, n+1) // size of the last table of the best split; 0: none
	ok := make([]bool, n+1)
	ok[0] = true
	for m := 1; m <= n; m++ {
		// Larger sizes first, so ties keep larger tables.
		for s := r.Max; s >= r.Min; s-- {
			if s > m || !ok[m-s] {
				continue
			}
			c := best[m-s].add(tableCost(s))
			if !ok[m] || c.less(best[m]) {
				ok[m], best[m], last[m] = true, c, s
			}
		}
	}
	if !ok[n] {
		return nil
	}
	var sizes []int
	for m := n; m > 0; m -= last[m] {
		sizes = append(sizes, last[m])
	}
	slices.SortFunc(sizes, func(a, b int) int { return b - a })
	return sizes
}

// podNoSplit explains why n players cannot be seated under r and what the
// organizer can do.
func podNoSplit(n int, r PodRule) error {
	var msg i18n.Text
	switch {
	case r.Min == r.Max:
		msg = i18n.FN("%d players cannot be seated at tables of %d", n, n, r.Min)
	case r.Max == r.Min+1:
		msg = i18n.FN("%d players cannot be seated at tables of %d and %d", n, n, r.Min, r.Max)
	default:
		msg = i18n.FN("%d players cannot be seated at tables of %d to %d", n, n, r.Min, r.Max)
	}
	var fixes []i18n.Text
	for k := 1; k <= 2*event.MaxSeats; k++ {
		if podSplit(n+k, r) != nil {
			fixes = append(fixes, addPlayers(k))
			break
		}
	}
	for k := 1; n-k >= r.Min; k++ {
		if podSplit(n-k, r) != nil {
			fixes = append(fixes, i18n.F("drop %d", k))
			break
		}
	}
	if r.Max < event.MaxSeats {
		wider := r
		wider.Max++
		if podSplit(n, wider) != nil {
			fixes = append(fixes, i18n.F("allow a table of %d", wider.Max))
		}
	}
	if r.Min > 2 && len(fixes) < 3 {
		wider := r
		wider.Min--
		if podSplit(n, wider) != nil {
			fixes = append(fixes, i18n.F("allow a table of %d", wider.Min))
		}
	}
	return withOptions(msg, fixes)
}

// options is a refusal followed by the organizer's options, "…: a, b, or
// c", said in the reader's language.
type options struct {
	msg   i18n.Text
	fixes []i18n.Text
}

// In says the refusal and its options in l.
func (o options) In(l i18n.Lang) string {
	msg := o.msg.In(l)
	fixes := make([]string, len(o.fixes))
	for i, f := range o.fixes {
		fixes[i] = f.In(l)
	}
	switch len(fixes) {
	case 0:
		return msg
	case 1:
		return i18n.T(l, "%s: %s", msg, fixes[0])
	}
	return i18n.T(l, "%s: %s, or %s", msg, strings.Join(fixes[:len(fixes)-1], ", "), fixes[len(fixes)-1])
}

// String says the refusal in English.
func (o options) String() string { return o.In(i18n.English) }

// withOptions is the error of msg ended with the organizer's options.
func withOptions(msg i18n.Text, fixes []i18n.Text) error {
	return event.Invalidf("%s", options{msg: msg, fixes: fixes})
}

// addPlayers says "add a player", "add 3 players".
func addPlayers(n int) i18n.Text {
	if n == 1 {
		return i18n.F("add a player")
	}
	return i18n.F("add %d players", n)
}

// Pods seats players for a multiplayer round. Players come in standings
// order, best first; Opponents lists everyone a player has already met at
// any table. The tables have the sizes PodSizes gives, top table first.
//
// Players are grouped by score from the top: in round 1 (nobody has points
// or opponents) the field is shuffled; later, players are shuffled within
// each points group, so equal players meet at random, and dealt to the
// tables top-down. A local search then swaps players between tables while
// each swap strictly lowers, compared in this order:
//
//  1. the number of pairs of players at the same table who have met
//     before (repeat pairs);
//  2. the score spread: the sum over tables of the highest minus the
//     lowest points at the table.
//
// The search tries swaps between each table and the next few below it;
// then, while players still meet someone again, a swap of such a player
// with anyone in the field, trades of two or more players between nearby
// tables and three-way rotations. It is a heuristic: the tests compare it
// with exhaustive search on small events. Under rule H2 the tables of four
// keep the highest scores, as the rule says, even when that makes players
// meet again: a player crosses between fours and threes only in exchange
// for one on the same points.
//
// Finally tables of the same size are ordered by score and each table's
// seat order is drawn with rng (G3), so the same standings and seed give
// the same round. Each Table.Why gives the table's size and points and
// says how many players meet again there. Stats.Rematches counts the
// repeat pairs, Stats.PairDowns the tables with more than one score and
// Stats.Cost the score spread.
func Pods(players []Player, rule PodRule, rng *rand.Rand) (Round, error) {
	sizes, err := PodSizes(len(players), rule)
	if err != nil {
		return Round{}, err
	}
	if len(players) == 0 {
		return Round{}, nil
	}
	s, err := newPodSeating(players, sizes, rule.Heresy, rng)
	if err != nil {
		return Round{}, err
	}
	if !s.fresh {
		s.improve()
	}
	return s.round(rng), nil
}

// podWindow is how far, in tables, the local search looks from a table for
// swaps, trades and rotations (fixRepeats alone looks at the whole field).
const podWindow = 4

// podSeating is a seating under improvement. Players are numbered in
// pairing order (points groups from the top, shuffled inside each).
type podSeating struct {
	ps     []Player
	score  []int     // points of each player
	met    [][]int32 // sorted players each player has met
	fresh  bool      // round 1: nobody has points or opponents
	heresy bool

	tables [][]int // players at each table
	band   []int   // H2: 0 for tables of four, 1 for three; else all 0
	at     []int   // table of each player
	rep    []int   // repeat pairs at each table
	lo, hi []int   // lowest and highest points at each table
	// changes counts the changes to the tables; stamp is the count at a
	// table's last change and swept at its last sweep with no swap left,
	// so a sweep skips tables whose window has not changed since.
	changes      int
	stamp, swept []int
}

func newPodSeating(players []Player, sizes []int, heresy bool, rng *rand.Rand) (*podSeating, error) {
	n := len(players)
	order := make([]int, n)
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return players[order[a]].Points > players[order[b]].Points })
	for lo := 0; lo < n; {
		hi := lo + 1
		for hi < n && players[order[hi]].Points == players[order[lo]].Points {
			hi++
		}
		seg := order[lo:hi]
		rng.Shuffle(len(seg), func(i, j int) { seg[i], seg[j] = seg[j], seg[i] })
		lo = hi
	}
	s := &podSeating{
		ps:     make([]Player, n),
		score:  make([]int, n),
		met:    make([][]int32, n),
		fresh:  true,
		heresy: heresy,
		at:     make([]int, n),
	}
	index := make(map[event.EntryID]int, n)
	for v, i := range order {
		pl := players[i]
		if _, dup := index[pl.Entry]; dup {
			return nil, event.Invalidf("entry %d is listed twice", pl.Entry)
		}
		index[pl.Entry] = v
		s.ps[v], s.score[v] = pl, pl.Points
		if pl.Points != 0 || len(pl.Opponents) > 0 {
			s.fresh = false
		}
	}
	// Who met whom, both ways even if only one side lists it; opponents no
	// longer in the field are ignored.
	for v, pl := range s.ps {
		for _, o := range pl.Opponents {
			if u, ok := index[o]; ok && u != v {
				s.met[v] = append(s.met[v], int32(u)) // #nosec G115 -- u and v index the field's players, far below 2^31
				s.met[u] = append(s.met[u], int32(v)) // #nosec G115 -- u and v index the field's players, far below 2^31
			}
		}
	}
	for v := range s.met {
		slices.Sort(s.met[v])
		s.met[v] = slices.Compact(s.met[v])
	}
	// Deal the tables top-down.
	next := 0
	for t, size := range sizes {
		s.tables = append(s.tables, slices.Clip(podRange(next, next+size)))
		for _, v := range s.tables[t] {
			s.at[v] = t
		}
		b := 0
		if heresy && size == 3 {
			b = 1
		}
		s.band = append(s.band, b)
		next += size
	}
	s.stamp = make([]int, len(sizes))
	s.swept = make([]int, len(sizes))
	s.rep = make([]int, len(sizes))
	s.lo = make([]int, len(sizes))
	s.hi = make([]int, len(sizes))
	for t := range s.tables {
		s.refresh(t)
	}
	return s, nil
}

// podRange returns lo, lo+1, …, hi−1.
func podRange(lo, hi int) []int {
	r := make([]int, hi-lo)
	for i := range r {
		r[i] = lo + i
	}
	return r
}

// hasMet reports whether players u and v have met.
func (s *podSeating) hasMet(u, v int) bool {
	_, found := slices.BinarySearch(s.met[u], int32(v)) // #nosec G115 -- v indexes the field's players, far below 2^31
	return found
}

// metAt counts the players at table t, other than skip, that v has met.
func (s *podSeating) metAt(v, t, skip int) int {
	if len(s.met[v]) == 0 {
		return 0
	}
	c := 0
	for _, u := range s.tables[t] {
		if u != skip && u != v && s.hasMet(u, v) {
			c++
		}
	}
	return c
}

// measure returns the repeat pairs and the lowest and highest points of
// table t.
func (s *podSeating) measure(t int) (rep, lo, hi int) {
	return s.measureList(s.tables[t])
}

// podDelta is a change of the objective: repeat pairs, then score spread.
type podDelta struct{ rep, spread int }

func (d podDelta) better(e podDelta) bool {
	return d.rep < e.rep || d.rep == e.rep && d.spread < e.spread
}

// spreadWith returns the lowest and highest points of table t with out
// replaced by in.
func (s *podSeating) spreadWith(t, out, in int) (lo, hi int) {
	lo, hi = s.score[in], s.score[in]
	for _, u := range s.tables[t] {
		if u != out {
			lo, hi = min(lo, s.score[u]), max(hi, s.score[u])
		}
	}
	return lo, hi
}

// swapBeats returns the change from swapping x (at table a) with y (at b)
// and whether it is better than best. It counts the repeats only when the
// spread leaves the swap a chance: a swap removes at most the repeat pairs
// of its two tables.
func (s *podSeating) swapBeats(x, a, y, b int, best podDelta) (podDelta, bool) {
	d := podDelta{rep: -(s.rep[a] + s.rep[b]), spread: s.swapSpread(x, a, y, b)}
	if !d.better(best) {
		return d, false
	}
	d.rep = s.swapRep(x, a, y, b)
	return d, d.better(best)
}

func (s *podSeating) swapRep(x, a, y, b int) int {
	return s.metAt(y, a, x) - s.metAt(x, a, x) + s.metAt(x, b, y) - s.metAt(y, b, y)
}

func (s *podSeating) swapSpread(x, a, y, b int) int {
	loA, hiA := s.spreadWith(a, x, y)
	loB, hiB := s.spreadWith(b, y, x)
	return (hiA - loA) + (hiB - loB) - (s.hi[a] - s.lo[a]) - (s.hi[b] - s.lo[b])
}

// mayCross reports whether x may move from table a to table b in exchange
// for y: under H2 only equal points cross between fours and threes.
func (s *podSeating) mayCross(x, a, y, b int) bool {
	return s.band[a] == s.band[b] || s.score[x] == s.score[y]
}

// moveIn puts in at out's seat of table t; refresh then measures it.
func (s *podSeating) moveIn(t, out, in int) {
	i := slices.Index(s.tables[t], out)
	s.tables[t][i] = in
	s.at[in] = t
}

func (s *podSeating) refresh(ts ...int) {
	s.changes++
	for _, t := range ts {
		s.rep[t], s.lo[t], s.hi[t] = s.measure(t)
		s.stamp[t] = s.changes
	}
}

func (s *podSeating) swap(x, a, y, b int) {
	s.moveIn(a, x, y)
	s.moveIn(b, y, x)
	s.refresh(a, b)
}

// improve runs the local search until no move improves the seating.
func (s *podSeating) improve() {
	for {
		changed := s.sweep()
		if s.totalRep() > 0 && (s.fixRepeats() || s.exchange() || s.rotate()) {
			changed = true
		}
		if !changed {
			return
		}
	}
}

func (s *podSeating) totalRep() int {
	r := 0
	for _, c := range s.rep {
		r += c
	}
	return r
}

// sweep goes down the tables, making at each the best swap with the next
// podWindow tables while one improves. It reports whether it changed
// anything.
func (s *podSeating) sweep() bool {
	changed := false
	for a := range s.tables {
		last := min(len(s.tables)-1, a+podWindow)
		if slices.Max(s.stamp[a:last+1]) <= s.swept[a] {
			continue // nothing changed in the window since
		}
		for {
			best, bx, by, bb := podDelta{}, -1, -1, -1
			for b := a + 1; b <= last; b++ {
				for _, x := range s.tables[a] {
					for _, y := range s.tables[b] {
						if s.score[x] == s.score[y] && s.rep[a] == 0 && s.rep[b] == 0 {
							continue // nothing to gain
						}
						if !s.mayCross(x, a, y, b) {
							continue
						}
						if d, ok := s.swapBeats(x, a, y, b, best); ok {
							best, bx, by, bb = d, x, y, b
						}
					}
				}
			}
			if bx < 0 {
				break
			}
			s.swap(bx, a, by, bb)
			changed = true
		}
		s.swept[a] = s.changes
	}
	return changed
}

// fixRepeats tries, for each player meeting someone again, the best swap
// with anyone in the field. It reports whether it made one.
func (s *podSeating) fixRepeats() bool {
	changed := false
	for a := range s.tables {
		if s.rep[a] == 0 {
			continue
		}
		for i := 0; i < len(s.tables[a]); i++ {
			x := s.tables[a][i]
			if s.metAt(x, a, x) == 0 {
				continue
			}
			best, by := podDelta{}, -1
			for y := range s.ps {
				b := s.at[y]
				if b == a || !s.mayCross(x, a, y, b) {
					continue
				}
				if d, ok := s.swapBeats(x, a, y, b, best); ok {
					best, by = d, y
				}
			}
			if by >= 0 {
				s.swap(x, a, by, s.at[by])
				changed = true
			}
			if s.rep[a] == 0 {
				break
			}
		}
	}
	return changed
}

// exchange tries, for each table a where players meet again, trading two
// or more of its players for as many at a table b within podWindow tables
// (single swaps are sweep's and fixRepeats'), making each trade that
// improves. It reports whether it made one.
func (s *podSeating) exchange() bool {
	changed := false
	for a := range s.tables {
		for b := max(0, a-podWindow); b < len(s.tables) && b <= a+podWindow && s.rep[a] > 0; b++ {
			for b != a && s.rep[a] > 0 && s.trade(a, b) {
				changed = true
			}
		}
	}
	return changed
}

// trade makes the first trade of two or more players between tables a and
// b that improves, and reports whether it found one.
func (s *podSeating) trade(a, b int) bool {
	ta, tb := s.tables[a], s.tables[b]
	var buf [2 * event.MaxSeats]int
	cur := podDelta{s.rep[a] + s.rep[b], s.hi[a] - s.lo[a] + s.hi[b] - s.lo[b]}
	for ma := 1; ma < 1<<len(ta); ma++ {
		k := bits.OnesCount(uint(ma))
		// Trading k of a's players or the other len(ta)−k gives the same
		// two tables when the sizes are equal.
		if k < 2 || k > len(tb) || len(ta) == len(tb) && 2*k > len(ta) {
			continue
		}
		for mb := 1; mb < 1<<len(tb); mb++ {
			if bits.OnesCount(uint(mb)) != k {
				continue
			}
			if s.heresy && s.band[a] != s.band[b] && !s.samePoints(ta, ma, tb, mb) {
				continue
			}
			na := podTrade(buf[:0], ta, ma, tb, mb)
			nb := podTrade(buf[len(na):len(na)], tb, mb, ta, ma)
			ra, loA, hiA := s.measureList(na)
			rb, loB, hiB := s.measureList(nb)
			if !(podDelta{ra + rb, hiA - loA + hiB - loB}).better(cur) {
				continue
			}
			copy(ta, na)
			copy(tb, nb)
			for _, v := range ta {
				s.at[v] = a
			}
			for _, v := range tb {
				s.at[v] = b
			}
			s.refresh(a, b)
			return true
		}
	}
	return false
}

// podTrade appends to dst the players of from not in mask fromOut, then
// those of to in mask toOut.
func podTrade(dst, from []int, fromOut int, to []int, toOut int) []int {
	for i, v := range from {
		if fromOut&(1<<i) == 0 {
			dst = append(dst, v)
		}
	}
	for i, v := range to {
		if toOut&(1<<i) != 0 {
			dst = append(dst, v)
		}
	}
	return dst
}

// samePoints reports whether the players of a in mask ma have the same
// points, as a multiset, as those of b in mask mb.
func (s *podSeating) samePoints(a []int, ma int, b []int, mb int) bool {
	var pa, pb []int
	for i, v := range a {
		if ma&(1<<i) != 0 {
			pa = append(pa, s.score[v])
		}
	}
	for i, v := range b {
		if mb&(1<<i) != 0 {
			pb = append(pb, s.score[v])
		}
	}
	slices.Sort(pa)
	slices.Sort(pb)
	return slices.Equal(pa, pb)
}

// measureList is measure for any list of players.
func (s *podSeating) measureList(members []int) (rep, lo, hi int) {
	lo, hi = s.score[members[0]], s.score[members[0]]
	for i, u := range members {
		lo, hi = min(lo, s.score[u]), max(hi, s.score[u])
		for _, w := range members[i+1:] {
			if s.hasMet(u, w) {
				rep++
			}
		}
	}
	return rep, lo, hi
}

// rotate tries three-way moves x → b, y → c, z → a for each player x still
// meeting someone again at table a, with b and c within podWindow tables of
// a, making each that improves. It reports whether it made one.
func (s *podSeating) rotate() bool {
	changed := false
	for a := range s.tables {
		for i := 0; i < len(s.tables[a]) && s.rep[a] > 0; i++ {
			if x := s.tables[a][i]; s.metAt(x, a, x) > 0 && s.rotateFrom(a, x) {
				changed = true
			}
		}
	}
	return changed
}

// rotateFrom makes the first three-way move of x out of table a that
// improves, and reports whether it found one.
func (s *podSeating) rotateFrom(a, x int) bool {
	lo, hi := max(0, a-podWindow), min(len(s.tables)-1, a+podWindow)
	for b := lo; b <= hi; b++ {
		for c := lo; c <= hi; c++ {
			if b == a || c == a || c == b {
				continue
			}
			if s.heresy && !(s.band[a] == s.band[b] && s.band[b] == s.band[c]) {
				continue
			}
			for _, y := range s.tables[b] {
				for _, z := range s.tables[c] {
					if s.rotateDelta(x, a, y, b, z, c).better(podDelta{}) {
						s.moveIn(a, x, z)
						s.moveIn(b, y, x)
						s.moveIn(c, z, y)
						s.refresh(a, b, c)
						return true
					}
				}
			}
		}
	}
	return false
}

// rotateDelta is the change from moving x (at a) to b, y (at b) to c and
// z (at c) to a.
func (s *podSeating) rotateDelta(x, a, y, b, z, c int) podDelta {
	var d podDelta
	for _, m := range [3][3]int{{a, x, z}, {b, y, x}, {c, z, y}} {
		t, out, in := m[0], m[1], m[2]
		d.rep += s.metAt(in, t, out) - s.metAt(out, t, out)
		lo, hi := s.spreadWith(t, out, in)
		d.spread += (hi - lo) - (s.hi[t] - s.lo[t])
	}
	return d
}

// round orders tables of each size by score, draws seat orders and
// explains each table.
func (s *podSeating) round(rng *rand.Rand) Round {
	idx := make([]int, len(s.tables))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(i, j int) bool {
		a, b := idx[i], idx[j]
		if la, lb := len(s.tables[a]), len(s.tables[b]); la != lb {
			return la > lb
		}
		if s.hi[a] != s.hi[b] {
			return s.hi[a] > s.hi[b]
		}
		return s.lo[a] > s.lo[b] // ties keep the order dealt
	})
	var out Round
	out.Stats.Solves = 1
	for _, t := range idx {
		members := slices.Clone(s.tables[t])
		rng.Shuffle(len(members), func(i, j int) { members[i], members[j] = members[j], members[i] })
		seats := make([]event.EntryID, len(members))
		for i, v := range members {
			seats[i] = s.ps[v].Entry
		}
		out.Tables = append(out.Tables, Table{Seats: seats, Why: s.why(t)})
		out.Stats.Rematches += s.rep[t]
		out.Stats.Cost += int64(s.hi[t] - s.lo[t])
		if s.hi[t] != s.lo[t] {
			out.Stats.PairDowns++
		}
	}
	return out
}

func (s *podSeating) why(t int) i18n.Text {
	size := len(s.tables[t])
	var w i18n.Text
	switch {
	case s.fresh:
		w = i18n.F("pod of %d drawn at random", size)
	case s.lo[t] == s.hi[t]:
		w = i18n.F("pod of %d on %d points", size, s.hi[t])
	default:
		w = i18n.F("pod of %d on %d–%d points", size, s.hi[t], s.lo[t])
	}
	if s.heresy && size == 4 {
		w = i18n.F("%s (rule H2: tables of four take the top scores)", w)
	}
	w = reasons(w, i18n.F("seat order drawn"))
	if s.rep[t] > 0 {
		again := 0
		for _, v := range s.tables[t] {
			if s.metAt(v, t, v) > 0 {
				again++
			}
		}
		if s.rep[t] > 1 {
			w = reasons(w, i18n.F("%d players meet again (%d pairs)", again, s.rep[t]))
		} else {
			w = reasons(w, i18n.F("%d players meet again", again))
		}
	}
	return w
}
