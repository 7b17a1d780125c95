// Package standings computes an event's standings from its results: match
// points, records, game counts and the tiebreakers a format names, each
// value kept so a player can check the arithmetic.
//
// The percentages follow the common store rules (docs/RULES.md X1): a player's
// match-win and game-win percentages are floored at 1/3 (MTR Appendix C).
// Settings.UnflooredGameWin shows a player's own game-win % as played
// instead, as melee.gg prints it; the opponents' averages ("omw", "ogw")
// still count every opponent floored. A bye counts as a
// won match (won 2–0 in a best of three) for the player who had it and is
// left out of opponents' averages.
//
// Only two-player matches are scored for now: a table with more than two
// seats, or a result without exactly two seats, is left out entirely
// (multiplayer scoring comes with the engines that pair such tables).
//
// The tiebreakers, named in Settings.Tiebreakers by the rules.Tie… keys:
//
//   - "omw": the average of the opponents' match-win %.
//   - "gw": the player's game-win %.
//   - "ogw": the average of the opponents' game-win %.
//   - "buchholz": the sum of the opponents' match points. A bye adds
//     nothing (it is no opponent). Every opponent counts with all the
//     points they have in these standings, their own byes and late-entry
//     losses included; a dropped or disqualified opponent counts with the
//     points they had when they left, nothing added for the rounds they
//     missed.
//   - "oomw": the average over the opponents of their "omw".
//   - "h2h": head-to-head, defined below.
//   - "random": a random order drawn from a per-event seed, see
//     ComputeWith.
//
// Averages are taken over meetings: an opponent met twice counts twice,
// in "buchholz" too. Percentages equal to within 1e-9 count as equal, so
// that floating-point rounding never splits a real tie ((1/3+1)/2 and
// (1/2+5/6)/2 are both 2/3 but differ in the last bit as float64).
//
// Head-to-head works on the group of players tied on points and on every
// key before "h2h". Player A beat B when A won more of their matches
// against each other than B did (so a draw, or a 1–1 split over a
// rematch, beats nobody). If one member of the group beat every other
// member, that player is placed first in the group; the rule is then
// applied again to the rest, and so on until nobody in what is left beat
// all the others. For a group of two this means: the winner of their
// match ranks higher. Players it does not separate go on to the next key.
// Standing.HeadToHead records the result as a number, so that ordering by
// the tiebreaker values in order stays true with "h2h" among them.
package standings

import (
	"cmp"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"

	"tablekeeper/core/event"
	"tablekeeper/core/i18n"
	"tablekeeper/core/rules"
	"tablekeeper/core/scoring"
)

// Floor is the lowest match-win or game-win percentage a player counts with.
const Floor = 1.0 / 3.0

// epsilon is how close two tiebreaker values must be to count as equal.
const epsilon = 1e-9

// Standing is one entry's line in the standings.
type Standing struct {
	// Rank is 1 for the leader; entries equal on points and every
	// tiebreaker share a rank.
	Rank    int
	EntryID event.EntryID
	Name    string
	Status  event.EntryStatus
	// Points are match points, less Deducted.
	Points int
	// Deducted is the points taken away by the judge log's point
	// deductions (S9).
	Deducted int
	// Matches counts matches played, byes and late-entry losses included.
	Matches                 int
	Wins, Losses, Draws     int
	Byes                    int
	GamesWon, GamesLost     int
	GamesDrawn              int
	MatchWin, GameWin       float64
	OppMatchWin, OppGameWin float64
	// Buchholz is the sum of the opponents' match points (tiebreaker
	// "buchholz": byes add nothing, dropped opponents count with the
	// points they left with).
	Buchholz int
	// OppOppMatchWin is the average of the opponents' OppMatchWin
	// (tiebreaker "oomw").
	OppOppMatchWin float64
	// HeadToHead counts the players of this one's tied group that the
	// head-to-head rule placed below it: 0 when the rule did not place it,
	// or when the event's tiebreakers do not include "h2h". In a group
	// where A beat both B and C, and then B beat C, A has 2, B 1 and C 0.
	HeadToHead int
	// GamePoints is the sum of the game points scored at multiplayer
	// tables (Shadowfist S7; tiebreaker "gp").
	GamePoints int
	// RandomKey is this entry's draw in the event's random order (higher
	// ranks first; below 2^53, so it reads exactly as a float64). Zero
	// unless the standings were computed by ComputeWith.
	RandomKey uint64
	// Opponents lists the entries met, in round order (a rematch appears
	// twice); byes are not opponents.
	Opponents []event.EntryID
	// Drawn reports that this entry is equal on points and every
	// tiebreaker with the entries of the same Rank beside it, and that
	// their order among themselves came from the tie draw (see Compute),
	// not from their names or anything they did. A top cut takes players
	// in this order, so the screens mark these rows and say why.
	Drawn bool
	// DrawRound is the round whose stored seed drew that order (0 before
	// any result); zero unless Drawn.
	DrawRound int
}

// Tiebreaker returns the value of the tiebreaker with the given key
// (rules.Tie…), or 0 for an unknown key. Higher values rank higher.
func (s Standing) Tiebreaker(key string) float64 {
	switch key {
	case rules.TieOpponentsMatchWin:
		return s.OppMatchWin
	case rules.TieGameWin:
		return s.GameWin
	case rules.TieOpponentsGameWin:
		return s.OppGameWin
	case rules.TieBuchholz:
		return float64(s.Buchholz)
	case rules.TieOpponentsOpponentsMatchWin:
		return s.OppOppMatchWin
	case rules.TieHeadToHead:
		return float64(s.HeadToHead)
	case rules.TieRandom:
		return float64(s.RandomKey)
	case rules.TieGamePoints:
		return float64(s.GamePoints)
	}
	return 0
}

// TiebreakerKeys returns every tiebreaker key this package understands,
// for a settings screen to offer.
func TiebreakerKeys() []string {
	return []string{
		rules.TieOpponentsMatchWin, rules.TieGameWin, rules.TieOpponentsGameWin,
		rules.TieBuchholz, rules.TieOpponentsOpponentsMatchWin,
		rules.TieHeadToHead, rules.TieGamePoints, rules.TieRandom,
	}
}

// ValidTiebreakers reports whether keys is a tiebreaker list an event can
// run by: every key known, none twice, and "random" (which separates every
// tie) only last. Compute itself never fails: it skips unknown and
// repeated keys.
func ValidTiebreakers(keys []string) error {
	valid := TiebreakerKeys()
	for i, k := range keys {
		switch {
		case !slices.Contains(valid, k):
			return event.Invalidf("unknown tiebreaker %q; the tiebreakers are: %s", k, strings.Join(valid, ", "))
		case slices.Contains(keys[:i], k):
			return event.Invalidf("the tiebreaker %q is listed twice", k)
		case k == rules.TieRandom && i < len(keys)-1:
			return event.Invalidf("the %q tiebreaker must come last: it separates every tie, so %q after it would never count", k, keys[i+1])
		}
	}
	return nil
}

// Options are the inputs of ComputeWith beyond the event's own data.
type Options struct {
	// Seed draws the order of the "random" tiebreaker: the same seed gives
	// the same order every time. An event keeps one seed for its whole
	// life, so that its standings never reshuffle.
	Seed uint64
}

// Compute returns the standings of entries after the given rounds, best
// first. Tables without a result are ignored, so standings during a round
// show the last complete picture plus the results already in.
//
// Entries equal on points and every tiebreaker share a rank, and their
// order among themselves, which decides who makes a top cut and with which
// seed, is a tie draw: a shuffle of the group (taken in entry ID order)
// by a random source seeded from the seed stored with the latest round in
// which one of them has a result, and from the group's IDs. Reading the
// standings again, or after a restart, draws the same order; only a change
// of the tie itself (a result corrected, a new round played) draws anew.
// Names never order anyone (RULES.md X1), and Standing.Drawn marks the
// rows the draw ordered. Before any of a group has a result nothing is
// drawn: they stay in entry ID (registration) order, unmarked.
//
// Compute has no seed, so it does not apply the "random" tiebreaker: the
// players it would separate share a rank. ComputeWith applies it.
func Compute(entries []event.Entry, rounds []event.Round, set event.Settings) []Standing {
	return compute(entries, rounds, set, Options{}, false)
}

// ComputeWith is Compute with the "random" tiebreaker applied, drawn from
// opt.Seed: each entry gets a RandomKey that depends only on the seed and
// its ID. With "random" among the tiebreakers nobody shares a rank (for
// entry IDs below 2^53, which covers every ID the store hands out).
func ComputeWith(entries []event.Entry, rounds []event.Round, set event.Settings, opt Options) []Standing {
	return compute(entries, rounds, set, opt, true)
}

// meeting is a scored two-player match: the seats' entry IDs and indices
// (-1 for a seat whose entry is not in the event), games won by each,
// games drawn, and the outcome for a (+1 win, 0 draw, -1 loss).
type meeting struct {
	idA, idB     event.EntryID
	a, b         int32
	ga, gb, draw int32
	outcomeA     int8
	// timeOut: the match ended on time (Shadowfist S6: the winner on
	// time-out scores Points.TimeOutWin).
	timeOut bool
}

// tally holds the per-entry working data, addressed by entry index.
type tally struct {
	set   event.Settings
	out   []Standing
	index entryIndex
	// oppStart[i]:oppStart[i+1] is entry i's range in opp and outcome.
	oppStart []int32
	// opp holds each meeting's opponent index (-1: not an entry).
	opp []int32
	// outcome holds each meeting's result for the entry: +1, 0 or -1.
	outcome []int8
	// multiOpp holds the players each entry met at multiplayer tables.
	multiOpp map[int32][]event.EntryID
	// lastRound[i] is the number of the latest round in which entry i has
	// a result (0: none), lastSeed[i] that round's stored seed: the tie
	// draw's seed.
	lastRound []int32
	lastSeed  []int64
}

func compute(entries []event.Entry, rounds []event.Round, set event.Settings, opt Options, seeded bool) []Standing {
	t := &tally{set: set, out: make([]Standing, len(entries)), index: newEntryIndex(entries),
		lastRound: make([]int32, len(entries)), lastSeed: make([]int64, len(entries))}
	for i, e := range entries {
		t.out[i] = Standing{EntryID: e.ID, Name: e.Name, Status: e.Status}
	}
	meetings, pairedRounds := t.collect(rounds)
	t.record(meetings)
	t.addMultiplayerOpponents()
	if set.LateEntryLosses {
		t.lateEntryLosses(entries, pairedRounds)
	}
	t.percentages()
	// Point deductions (S9) lower the ranking points only: the
	// percentages and Buchholz above count what was won at the tables.
	for i, e := range entries {
		t.out[i].Points -= e.Deducted
		t.out[i].Deducted = e.Deducted
	}
	if seeded {
		for i := range t.out {
			t.out[i].RandomKey = randomKey(opt.Seed, t.out[i].EntryID)
		}
	}
	return t.rank(tiebreakers(set.Tiebreakers))
}

// collect scores the byes and returns the scored two-player matches in
// round order, with the highest round number paired.
func (t *tally) collect(rounds []event.Round) (meetings []meeting, pairedRounds int) {
	tables := 0
	for _, r := range rounds {
		tables += len(r.Tables)
	}
	meetings = make([]meeting, 0, tables)
	for _, r := range rounds {
		pairedRounds = max(pairedRounds, r.Number)
		for _, tb := range r.Tables {
			if tb.Result != nil {
				t.played(r, tb)
			}
			switch {
			case tb.Result == nil:
			case tb.Bye:
				if len(tb.Seats) == 1 {
					t.bye(t.index.of(tb.Seats[0].EntryID))
				}
			case len(tb.Seats) == 2 && len(tb.Result.Seats) == 2 && !rules.MultiplayerResult(t.set, 2):
				meetings = append(meetings, t.meeting(tb))
			case len(tb.Seats) >= 2 && len(tb.Result.Seats) == len(tb.Seats):
				// A multiplayer table, a multiplayer event's table left
				// with two players (a fixed schedule after a drop), or a
				// two-player game scored as a Shadowfist table (Who's the
				// Big Man Now?, S10).
				t.multiplayer(tb)
			}
		}
	}
	return meetings, pairedRounds
}

// played notes round r as the latest with a result for the entries
// seated at tb, for the tie draw's seed.
func (t *tally) played(r event.Round, tb event.Table) {
	for _, seat := range tb.Seats {
		if k := t.index.of(seat.EntryID); k >= 0 && int32(r.Number) >= t.lastRound[k] { // #nosec G115 -- round numbers are small (an event's rounds), far below 2^31
			t.lastRound[k], t.lastSeed[k] = int32(r.Number), r.Seed // #nosec G115 -- round numbers are small (an event's rounds), far below 2^31
		}
	}
}

// multiplayer scores a table of three or more seats by the format
// (core/scoring): match points, game points and the record (a win for a
// winner, a draw for a lead shared at time, a loss otherwise), and notes
// everyone at the table as met.
func (t *tally) multiplayer(tb event.Table) {
	res := *tb.Result
	leaders := 0
	for _, st := range res.Seats {
		if st.Place == 1 {
			leaders++
		}
	}
	for i, seat := range tb.Seats {
		k := t.index.of(seat.EntryID)
		if k < 0 {
			continue
		}
		s := &t.out[k]
		s.Matches++
		s.Points += scoring.MatchPoints(t.set, res, i)
		s.GamePoints += scoring.GamePoints(t.set, res, i)
		switch {
		case res.TimeOut && (leaders == 0 || res.Seats[i].Place == 1 && leaders > 1):
			// At time with nobody winning (Heresy), or a shared lead:
			// a drawn game for those players.
			s.Draws++
		case res.Seats[i].Place == 1:
			s.Wins++
		default:
			s.Losses++
		}
		if t.multiOpp == nil {
			t.multiOpp = make(map[int32][]event.EntryID)
		}
		for _, other := range tb.Seats {
			if other.EntryID != seat.EntryID {
				t.multiOpp[k] = append(t.multiOpp[k], other.EntryID)
			}
		}
	}
}

// addMultiplayerOpponents appends the players met at multiplayer tables to
// the opponent lists (they take no part in the two-player percentages).
func (t *tally) addMultiplayerOpponents() {
	for k, ids := range t.multiOpp {
		t.out[k].Opponents = append(t.out[k].Opponents, ids...)
	}
}

// bye scores a bye for entry i (none when i < 0): a won match, won by a
// majority of the games (2–0 in a best of three).
func (t *tally) bye(i int32) {
	if i < 0 {
		return
	}
	s := &t.out[i]
	s.Points += t.set.Points.Bye
	s.Byes++
	s.Wins++
	s.Matches++
	s.GamesWon += t.set.GamesPerMatch/2 + 1
}

// meeting returns the two-player table tb, which has a result, as a
// meeting.
func (t *tally) meeting(tb event.Table) meeting {
	res := tb.Result
	m := meeting{
		idA: tb.Seats[0].EntryID, idB: tb.Seats[1].EntryID,
		a: t.index.of(tb.Seats[0].EntryID), b: t.index.of(tb.Seats[1].EntryID),
		ga: int32(res.Seats[0].GamesWon), gb: int32(res.Seats[1].GamesWon), // #nosec G115 -- games won in one match are a handful, far below 2^31
		draw: int32(res.GamesDrawn), timeOut: res.TimeOut, // #nosec G115 -- games drawn in one match are a handful, far below 2^31
	}
	switch res.Outcome(0) {
	case event.Win:
		m.outcomeA = 1
	case event.Loss:
		m.outcomeA = -1
	}
	return m
}

// record adds the meetings to the entries' records and fills the opponent
// lists, each entry's in round order, in one backing array.
func (t *tally) record(meetings []meeting) {
	n := len(t.out)
	t.oppStart = make([]int32, n+1)
	for _, m := range meetings {
		if m.a >= 0 {
			t.oppStart[m.a+1]++
		}
		if m.b >= 0 {
			t.oppStart[m.b+1]++
		}
	}
	for i := 1; i <= n; i++ {
		t.oppStart[i] += t.oppStart[i-1]
	}
	total := t.oppStart[n]
	t.opp = make([]int32, total)
	t.outcome = make([]int8, total)
	ids := make([]event.EntryID, total)
	next := slices.Clone(t.oppStart[:n])
	winPoints := func(timeOut bool) int {
		if timeOut {
			return t.set.Points.WinAtTime()
		}
		return t.set.Points.Win
	}
	side := func(i, o int32, won, lost, drawn int32, outcome int8, oppID event.EntryID, timeOut bool) {
		k := next[i]
		next[i]++
		t.opp[k], t.outcome[k], ids[k] = o, outcome, oppID
		s := &t.out[i]
		s.Matches++
		s.GamesWon += int(won)
		s.GamesLost += int(lost)
		s.GamesDrawn += int(drawn)
		switch outcome {
		case 1:
			s.Wins++
			s.Points += winPoints(timeOut)
		case 0:
			s.Draws++
			s.Points += t.set.Points.Draw
		default:
			s.Losses++
			s.Points += t.set.Points.Loss
		}
	}
	for _, m := range meetings {
		if m.a >= 0 {
			side(m.a, m.b, m.ga, m.gb, m.draw, m.outcomeA, m.idB, m.timeOut)
		}
		if m.b >= 0 {
			side(m.b, m.a, m.gb, m.ga, m.draw, -m.outcomeA, m.idA, m.timeOut)
		}
	}
	for i := range t.out {
		if lo, hi := t.oppStart[i], t.oppStart[i+1]; hi > lo {
			t.out[i].Opponents = ids[lo:hi:hi]
		}
	}
}

// lateEntryLosses gives each late entry a loss for every round it missed.
func (t *tally) lateEntryLosses(entries []event.Entry, pairedRounds int) {
	for i, e := range entries {
		if missed := min(e.JoinedRound-1, pairedRounds); missed > 0 {
			s := &t.out[i]
			s.Matches += missed
			s.Losses += missed
			s.Points += missed * t.set.Points.Loss
		}
	}
}

// percentages fills every entry's own and opponents' percentages and
// Buchholz.
func (t *tally) percentages() {
	out := t.out
	win := max(t.set.Points.Win, 1)
	for i := range out {
		s := &out[i]
		s.MatchWin = floored(float64(s.Points), float64(win*s.Matches))
		games := s.GamesWon + s.GamesLost + s.GamesDrawn
		s.GameWin = floored(float64(3*s.GamesWon+s.GamesDrawn), float64(3*games))
	}
	for i := range out {
		s := &out[i]
		var mw, gw float64
		known, buchholz := 0, 0
		for _, j := range t.opp[t.oppStart[i]:t.oppStart[i+1]] {
			if j < 0 {
				continue
			}
			o := &out[j]
			mw += o.MatchWin
			gw += o.GameWin
			buchholz += o.Points
			known++
		}
		s.Buchholz = buchholz
		if known > 0 {
			s.OppMatchWin = mw / float64(known)
			s.OppGameWin = gw / float64(known)
		}
	}
	for i := range out {
		var sum float64
		known := 0
		for _, j := range t.opp[t.oppStart[i]:t.oppStart[i+1]] {
			if j >= 0 {
				sum += out[j].OppMatchWin
				known++
			}
		}
		if known > 0 {
			out[i].OppOppMatchWin = sum / float64(known)
		}
	}
	// The opponents' averages above took each opponent's floored
	// game-win %; an unfloored own value (melee.gg) replaces it only now.
	t.unfloorGameWin()
}

// unfloorGameWin sets every entry's own game-win % to the games as played,
// without the floor, where the settings ask for it (UnflooredGameWin): 0
// when no game was played.
func (t *tally) unfloorGameWin() {
	if !t.set.UnflooredGameWin {
		return
	}
	for i := range t.out {
		s := &t.out[i]
		s.GameWin = 0
		if games := s.GamesWon + s.GamesLost + s.GamesDrawn; games > 0 {
			s.GameWin = float64(3*s.GamesWon+s.GamesDrawn) / float64(3*games)
		}
	}
}

// tiebreakers returns keys without unknown and repeated keys.
func tiebreakers(keys []string) []string {
	valid := TiebreakerKeys()
	out := make([]string, 0, len(keys))
	for _, k := range keys {
		if slices.Contains(valid, k) && !slices.Contains(out, k) {
			out = append(out, k)
		}
	}
	return out
}

// rows holds each entry's sort values in one flat slice: points, then one
// value per tiebreaker key.
type rows struct {
	vals []float64
	cols int
}

// compare compares entries a and b on their first c values: negative when
// a ranks higher.
func (r rows) compare(a, b int32, c int) int {
	ra := r.vals[int(a)*r.cols : int(a)*r.cols+c]
	rb := r.vals[int(b)*r.cols : int(b)*r.cols+c]
	for k := range ra {
		if d := compareValue(ra[k], rb[k]); d != 0 {
			return -d
		}
	}
	return 0
}

// rank orders the entries by points then keys, applying head-to-head where
// keys name it, and returns the standings with their ranks.
func (t *tally) rank(keys []string) []Standing {
	out := t.out
	r := rows{vals: make([]float64, len(out)*(1+len(keys))), cols: 1 + len(keys)}
	for i := range out {
		row := r.vals[i*r.cols : (i+1)*r.cols]
		row[0] = float64(out[i].Points)
		for k, key := range keys {
			row[1+k] = out[i].Tiebreaker(key)
		}
	}
	order := make([]int32, len(out))
	for i := range order {
		order[i] = int32(i)
	}
	if h := slices.Index(keys, rules.TieHeadToHead); h >= 0 {
		t.headToHead(order, r, 1+h)
	}
	slices.SortFunc(order, func(a, b int32) int {
		if c := r.compare(a, b, r.cols); c != 0 {
			return c
		}
		return cmp.Compare(out[a].EntryID, out[b].EntryID)
	})
	for lo := 0; lo < len(order); {
		hi := lo + 1
		for hi < len(order) && r.compare(order[lo], order[hi], r.cols) == 0 {
			hi++
		}
		if hi-lo > 1 {
			t.draw(order[lo:hi])
		}
		lo = hi
	}
	ranked := make([]Standing, len(out))
	for i, j := range order {
		ranked[i] = out[j]
		if i > 0 && r.compare(order[i-1], j, r.cols) == 0 {
			ranked[i].Rank = ranked[i-1].Rank
		} else {
			ranked[i].Rank = i + 1
		}
	}
	return ranked
}

// draw orders a group of entries equal on points and every tiebreaker,
// given in entry ID order, by the tie draw (see Compute), and marks them
// Drawn.
func (t *tally) draw(group []int32) {
	round, seed := int32(0), int64(0)
	// The group's IDs in order make the stream: the same players tied
	// after the same round always draw the same order, and any change
	// of who is tied draws afresh.
	stream := uint64(len(group))
	for _, i := range group {
		if t.lastRound[i] > round {
			round, seed = t.lastRound[i], t.lastSeed[i]
		}
		stream = splitmix64(stream ^ uint64(t.out[i].EntryID)) // #nosec G115 -- the ID's bits feed a hash; a negative ID would only hash differently
	}
	if round == 0 {
		// Nobody in the group has a result yet (standings before round
		// 1): nothing is decided, so registration order stands and no
		// row is marked.
		return
	}
	rng := rand.New(rand.NewPCG(uint64(seed), stream)) // #nosec G115 G404 -- the tie draw is seeded by the round's stored seed so it is the same every time it is read
	rng.Shuffle(len(group), func(a, b int) { group[a], group[b] = group[b], group[a] })
	for _, i := range group {
		t.out[i].Drawn, t.out[i].DrawRound = true, int(round)
	}
}

// headToHead groups the entries tied on the first col values (points and
// the keys before "h2h"), resolves head-to-head in each group, and writes
// HeadToHead into column col of r. It reorders order.
func (t *tally) headToHead(order []int32, r rows, col int) {
	slices.SortFunc(order, func(a, b int32) int { return r.compare(a, b, col) })
	h := &headToHead{t: t, mark: make([]int32, len(t.out)), net: make([]int32, len(t.out))}
	for lo := 0; lo < len(order); {
		hi := lo + 1
		for hi < len(order) && r.compare(order[lo], order[hi], col) == 0 {
			hi++
		}
		if hi-lo > 1 {
			h.resolve(order[lo:hi])
		}
		lo = hi
	}
	for i := range t.out {
		r.vals[i*r.cols+col] = float64(t.out[i].HeadToHead)
	}
}

// headToHead is the scratch space for resolving head-to-head groups.
type headToHead struct {
	t *tally
	// mark[i] == stamp when entry i is in the group being resolved.
	mark  []int32
	stamp int32
	// net[i] is the net score of the current candidate against i.
	net []int32
}

// resolve applies head-to-head to a group of tied entries, setting the
// HeadToHead of those it places. It reorders group.
func (h *headToHead) resolve(group []int32) {
	h.stamp++
	for _, i := range group {
		h.mark[i] = h.stamp
	}
	rest := group
	for len(rest) >= 2 {
		w := h.beatAll(rest)
		if w < 0 {
			break
		}
		h.t.out[rest[w]].HeadToHead = len(rest) - 1
		h.mark[rest[w]] = 0
		rest[w], rest[len(rest)-1] = rest[len(rest)-1], rest[w]
		rest = rest[:len(rest)-1]
	}
}

// beatAll returns the position in group of the member who beat every
// other member, or -1. Members are those marked with the current stamp.
func (h *headToHead) beatAll(group []int32) int {
	t := h.t
	need := len(group) - 1
	for pos, p := range group {
		lo, hi := t.oppStart[p], t.oppStart[p+1]
		if int(hi-lo) < need {
			continue // met too few players to have beaten them all
		}
		for k := lo; k < hi; k++ {
			if q := t.opp[k]; q >= 0 && q != p && h.mark[q] == h.stamp {
				h.net[q] += int32(t.outcome[k])
			}
		}
		beaten := 0
		for k := lo; k < hi; k++ {
			if q := t.opp[k]; q >= 0 && q != p && h.mark[q] == h.stamp {
				if h.net[q] > 0 {
					beaten++
				}
				h.net[q] = 0 // counted once, and clean for the next candidate
			}
		}
		if beaten == need {
			return pos
		}
	}
	return -1
}

// compareValue compares two tiebreaker values, equal within epsilon.
func compareValue(x, y float64) int {
	switch {
	case x > y+epsilon:
		return 1
	case x < y-epsilon:
		return -1
	}
	return 0
}

// floored returns num/den, at least Floor; Floor when nothing was played.
func floored(num, den float64) float64 {
	if den <= 0 {
		return Floor
	}
	return max(num/den, Floor)
}

// entryIndex maps entry IDs to their index in the entries slice: through a
// slice when the IDs are close together (the usual case: the store numbers
// an event's entries in a run), through a map otherwise.
type entryIndex struct {
	base  event.EntryID
	dense []int32
	m     map[event.EntryID]int32
}

func newEntryIndex(entries []event.Entry) entryIndex {
	if len(entries) == 0 {
		return entryIndex{}
	}
	lo, hi := entries[0].ID, entries[0].ID
	for _, e := range entries {
		lo, hi = min(lo, e.ID), max(hi, e.ID)
	}
	// hi-lo wraps around for extreme IDs, but as a uint64 it is exact.
	if span := uint64(hi - lo); span < uint64(4*len(entries)+64) { // #nosec G115 -- hi >= lo, and the wrapped difference is exact as a uint64 (see above)
		x := entryIndex{base: lo, dense: make([]int32, span+1)}
		for i := range x.dense {
			x.dense[i] = -1
		}
		for i, e := range entries {
			if k := e.ID - lo; x.dense[k] < 0 {
				x.dense[k] = int32(i)
			}
		}
		return x
	}
	x := entryIndex{m: make(map[event.EntryID]int32, len(entries))}
	for i, e := range entries {
		if _, dup := x.m[e.ID]; !dup {
			x.m[e.ID] = int32(i)
		}
	}
	return x
}

// of returns the index of the entry with the given ID, or -1.
func (x entryIndex) of(id event.EntryID) int32 {
	if x.m != nil {
		if i, ok := x.m[id]; ok {
			return i
		}
		return -1
	}
	if k := uint64(id - x.base); id >= x.base && k < uint64(len(x.dense)) { // #nosec G115 -- k is used only when id >= x.base, where id-x.base is exact as a uint64
		return x.dense[k]
	}
	return -1
}

// randomKey returns the entry's place in the random order drawn from seed:
// a number below 2^53. For a fixed seed it is a bijection of the ID's low
// 53 bits (adding a constant, xor-shifting and multiplying by an odd
// number modulo 2^53 are each invertible), so two entries never draw the
// same key.
func randomKey(seed uint64, id event.EntryID) uint64 {
	const mask = 1<<53 - 1
	k := splitmix64(seed)
	x := (uint64(id) + k) & mask // #nosec G115 -- the ID's bits feed the keyed bijection; reinterpretation is the intent
	x = mix53(x)
	x ^= k >> 11
	return mix53(x)
}

// mix53 scrambles a 53-bit number, one-to-one.
func mix53(x uint64) uint64 {
	const mask = 1<<53 - 1
	x ^= x >> 26
	x = (x * 0xbf58476d1ce4e5b9) & mask
	x ^= x >> 27
	x = (x * 0x94d049bb133111eb) & mask
	x ^= x >> 26
	return x
}

// splitmix64 is the SplitMix64 output function: a well-mixed 64-bit value
// for each seed.
func splitmix64(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ x>>30) * 0xbf58476d1ce4e5b9
	x = (x ^ x>>27) * 0x94d049bb133111eb
	return x ^ x>>31
}

// TiebreakerText shows one tiebreaker of a standing: percentages with two
// decimals, Buchholz and game points as whole numbers, head-to-head as the
// number of tied players placed below this one.
func (s Standing) TiebreakerText(key string) string {
	v := s.Tiebreaker(key)
	switch key {
	case rules.TieOpponentsMatchWin, rules.TieGameWin, rules.TieOpponentsGameWin, rules.TieOpponentsOpponentsMatchWin:
		return Percent(v)
	case rules.TieBuchholz, rules.TieHeadToHead, rules.TieGamePoints:
		return strconv.Itoa(int(v))
	}
	return fmt.Sprint(v)
}

// Percent shows a fraction as a percentage with two decimals: 66.67.
func Percent(f float64) string { return fmt.Sprintf("%.2f", 100*f) }

// DrawMark follows the rank of a Drawn row wherever standings are shown
// (window, pages, paper), DrawNote explaining it below them.
const DrawMark = "*"

// DrawNote says, under standings that have Drawn rows, how their ties were
// broken.
func DrawNote() i18n.Text {
	return i18n.F("* Equal on points and every tiebreaker: their order was drawn at random, once for the round, not by name.")
}

// AnyDrawn reports whether a row of table is Drawn, so that DrawNote is
// shown.
func AnyDrawn(table []Standing) bool {
	return slices.ContainsFunc(table, func(s Standing) bool { return s.Drawn })
}
