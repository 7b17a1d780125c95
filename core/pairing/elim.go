package pairing

// This file holds what every stage engine (brackets, round robin, the
// KeyForge and Heresy structures) answers with, and the single-elimination
// bracket (rules X2 and S10).
//
// The engines are stateless. The director keeps the rounds it saved and, to
// pair the next one, calls the engine of the stage with the entrants in seed
// order and the rounds of this stage played so far; the engine replays them
// and answers with a Progress: the next round's tables, or that the stage is
// complete with its placements. It stores its answer as a director stores a
// Swiss round: the tables in order, then one bye table (event.Table{Bye:
// true}, one seat) for each Pass of kind PassBye or PassWalkover. It stores
// nothing for a PassWait.

import (
	"fmt"
	"slices"
	"sort"

	"tablekeeper/core/event"
	"tablekeeper/core/i18n"
)

// PassKind says why an entry has no table in a round.
type PassKind string

// Kinds of pass.
const (
	// PassBye: the entry has no opponent this round and advances (in a
	// bracket) or scores the round as a bye (in loss rounds). Store it as a
	// bye table.
	PassBye PassKind = "bye"
	// PassWalkover: the entry's opponent was dropped or disqualified (K10)
	// and the entry wins the match without playing. Store it as a bye
	// table: the entry is recorded as the winner.
	PassWalkover PassKind = "walkover"
	// PassWait: the entry sits the round out with nothing recorded (the
	// KeyForge cut round, K6). Store nothing.
	PassWait PassKind = "wait"
)

// Pass is an entry without a table in the next round, and why.
type Pass struct {
	Entry event.EntryID
	Kind  PassKind
	Why   i18n.Text
}

// NextRound is the next round of a stage: its tables in table order (top
// tables first), each with a one-line Why, and the entries without a table.
type NextRound struct {
	// Name says which round it is ("quarter-final", "winners round 2,
	// losers round 1", "loss round 3", …), for the round's title.
	Name i18n.Text
	// Stage is set by the engines whose stage has more than one phase
	// (KeyForge, K6: loss rounds, then the playoff); empty means the stage
	// the caller is running.
	Stage event.Stage
	// BestOf is the number of games of the round's matches when the
	// structure fixes it (KeyForge, K6: 1 in loss rounds, 3 in the
	// playoff); 0 means the event's own games per match.
	BestOf int
	Tables []Table
	Passes []Pass
}

// Placement is one place of a finished stage. Entries that share it (the
// two semi-final losers of a bracket without a third-place match) are listed
// together, best seed first; the next place is then Place+len(Entries), as in
// "1, 2, 3, 3, 5".
type Placement struct {
	Place   int
	Entries []event.EntryID
}

// Progress is where a stage stands after the rounds played so far: the next
// round to pair or, once Done, the final placements.
type Progress struct {
	Next NextRound
	// Done: the stage is over; Next is empty.
	Done bool
	// Placements of a finished stage, best first. Round robin leaves them
	// empty: its places come from the standings (core/standings).
	Placements []Placement
	// Bracket is the whole bracket as data (for the print pack), for the
	// bracket engines and the KeyForge playoff once drawn; nil otherwise.
	Bracket *Bracket
	// Records are each entrant's record in the stage's loss rounds
	// (KeyForge, Heresy Armageddon); nil for the fixed brackets.
	Records []LossRecord
}

// BracketKind is the shape of a bracket.
type BracketKind string

// Bracket kinds.
const (
	SingleBracket BracketKind = "single"
	DoubleBracket BracketKind = "double"
)

// Side is the part of a bracket a match belongs to.
type Side string

// Sides of a bracket. A single-elimination bracket has only a winners side
// (and a third-place match when asked for).
const (
	SideWinners    Side = "winners"
	SideLosers     Side = "losers"
	SideFinal      Side = "grand-final"
	SideReset      Side = "grand-final-reset"
	SideThirdPlace Side = "third-place"
)

// MatchStatus is where a bracket match stands.
type MatchStatus string

// Match statuses.
const (
	// MatchWaiting: at least one entrant is not known yet.
	MatchWaiting MatchStatus = "waiting"
	// MatchReady: both entrants are known; the match is to be played.
	MatchReady MatchStatus = "ready"
	// MatchPlayed: a table reported a winner.
	MatchPlayed MatchStatus = "played"
	// MatchBye: one slot is empty; the other entrant advances.
	MatchBye MatchStatus = "bye"
	// MatchWalkover: an entrant was dropped or disqualified (K10); the
	// opponent advances.
	MatchWalkover MatchStatus = "walkover"
	// MatchVoid: nobody to play (two empty slots, two withdrawn entrants,
	// or a grand-final reset that is not needed).
	MatchVoid MatchStatus = "void"
)

// Bracket is a whole elimination bracket as plain data, for drawing it.
type Bracket struct {
	Kind BracketKind
	// Size is the number of first-round slots, a power of two: entrants
	// plus empty slots, whose opponents have byes.
	Size int
	// Entrants in seed order (seed 1 first). In the KeyForge playoff the
	// order is the random draw.
	Entrants []event.EntryID
	// Rounds is the number of stage rounds the bracket takes at most.
	Rounds int
	// Matches in the order they are played: by Play, then winners side
	// before losers side, then top to bottom.
	Matches []BracketMatch
}

// BracketMatch is one match of a bracket.
type BracketMatch struct {
	// Key names the match: "W2-1" is the first (top) match of winners
	// round 2, "L3-2" the second of losers round 3; "GF", "GF2" (reset) and
	// "3P" (third place).
	Key   string
	Side  Side
	Round int // round within its side, from 1
	Index int // position within that round, 0 at the top
	// Play is the stage round in which the match is played.
	Play int
	// Entrants in seat order; 0 while not known or for an empty slot.
	Entrants [2]event.EntryID
	// Seeds of the entrants (0: none).
	Seeds [2]int
	// From says where each slot's entrant comes from ("seed 8", "winner
	// of W1-2", "loser of W2-1").
	From   [2]string
	Status MatchStatus
	// Winner and Loser once decided (0 for an empty side).
	Winner, Loser event.EntryID
	// RoundNumber and Table locate the table the match was played at
	// (event.Round.Number and event.Table.Number); zero otherwise.
	RoundNumber, Table int
}

// BracketOptions are the choices of a bracket.
type BracketOptions struct {
	// ThirdPlace (single elimination): the two semi-final losers play a
	// match for third place, in the round of the final.
	ThirdPlace bool
	// Reset (double elimination): when the losers-bracket champion wins
	// the grand final, a second final is played, so that nobody is out
	// before two losses. Without it one grand final decides.
	Reset bool
	// Withdrawn are the entries dropped or disqualified (K10). Their
	// opponent in every match they have not played advances (a walkover);
	// matches already in the rounds played keep their results. Entries not
	// in the bracket are ignored.
	Withdrawn []event.EntryID
	// Unfinished lets the last round played be still in progress: its
	// tables without a result are left undecided, at the round and table
	// they are played at, as a chart of the bracket so far shows them.
	// Pairing never sets it: the next round is paired once every result
	// is in.
	Unfinished bool
}

// SingleElimination is a single-elimination bracket (X2, S10): the
// entrants, given in seed order, fill a bracket of the next power of two
// with the standard seeding, so that in an 8-bracket seed 1 meets 8, 4 meets
// 5, 2 meets 7 and 3 meets 6, and recursively seeds 1 and 2 can only meet in
// the final (1 to 4 only in the semi-finals, and so on). When the number of
// entrants is not a power of two the empty slots are those of the lowest
// seeds, so the byes of round 1 go to the top seeds. With
// opt.ThirdPlace the semi-final losers play for third place.
//
// played are the rounds of this stage so far, in order; their tables are
// matched to the bracket by their two entrants, and a table that is not the
// bracket's next match is an error. A drawn match is an error (ErrInvalid):
// a bracket needs a winner. A table with no result is an error (ErrState),
// unless one of its entrants has since withdrawn, in which case the other
// advances (K10: a disqualified player's opponent wins the match).
//
// Drops and disqualifications (K10): the opponent of a withdrawn entrant
// advances directly, with no table, reported in Next.Passes as a
// PassWalkover; the director records it as a bye table (an automatic win).
// A round in which every match is a walkover is folded into the next.
//
// Placements: the champion, the final's loser, then the losers of each
// earlier round sharing a place (3rd for both semi-final losers, 5th for
// the quarter-final losers, …), unless a third-place match splits them.
func SingleElimination(seeds []event.EntryID, played []event.Round, opt BracketOptions) (Progress, error) {
	if err := elCheckEntrants(seeds); err != nil {
		return Progress{}, err
	}
	return elSingle(seeds, opt.ThirdPlace, "seed").play(played, elSet(opt.Withdrawn), opt.Unfinished, "single elimination")
}

// play replays the rounds played on bracket e, with the entries withdrawn
// and whether the last round may be unfinished, and returns what comes
// next; what names the bracket in an error.
func (e *elBracket) play(played []event.Round, withdrawn map[event.EntryID]bool, unfinished bool, what string) (Progress, error) {
	e.withdrawn, e.unfinished = withdrawn, unfinished
	if err := e.replay(played); err != nil {
		return Progress{}, fmt.Errorf("%s: %w", what, err)
	}
	return e.next(), nil
}

// elCheckEntrants reports whether entrants can fill a bracket or schedule.
func elCheckEntrants(ids []event.EntryID) error {
	if len(ids) < 2 {
		return event.Invalidf("a stage needs at least two entrants, not %d", len(ids))
	}
	seen := make(map[event.EntryID]bool, len(ids))
	for _, id := range ids {
		if id == 0 {
			return event.Invalid("an entrant has no entry ID")
		}
		if seen[id] {
			return event.Invalidf("entry %d is listed twice", id)
		}
		seen[id] = true
	}
	return nil
}

func elSet(ids []event.EntryID) map[event.EntryID]bool {
	m := make(map[event.EntryID]bool, len(ids))
	for _, id := range ids {
		m[id] = true
	}
	return m
}

// elPow2 returns the smallest power of two that is at least n (and at least 2).
func elPow2(n int) int {
	s := 2
	for s < n {
		s *= 2
	}
	return s
}

// elSeedOrder returns the seeds of a bracket of size (a power of two) in
// slot order, top to bottom: 1, 8, 4, 5, 2, 7, 3, 6 for eight. Each step
// doubles the bracket and puts next to every seed s its partner size+1-s,
// so that the two best seeds left in any part of the bracket are always as
// far apart as they can be.
func elSeedOrder(size int) []int {
	order := []int{1, 2}
	for n := 4; n <= size; n *= 2 {
		grown := make([]int, 0, n)
		for _, s := range order {
			grown = append(grown, s, n+1-s)
		}
		order = grown
	}
	return order[:min(len(order), size)]
}

// elSrcKind is where a bracket slot's entrant comes from.
type elSrcKind uint8

const (
	elFromSeed elSrcKind = iota + 1
	elFromWinner
	elFromLoser
)

type elSrc struct {
	kind  elSrcKind
	seed  int // elFromSeed: 1-based seed, greater than the entrants for an empty slot
	match int // elFromWinner, elFromLoser: index in Matches
}

// elChampion is the placement key of a bracket's winner.
const elChampion = 1 << 20

// elBracket is a bracket being replayed: the public data plus where each
// slot comes from, which slots are known and the placement keys (higher is
// better) of the entrants already out.
type elBracket struct {
	b          Bracket
	src        [][2]elSrc
	known      [][2]bool
	seedOf     map[event.EntryID]int
	withdrawn  map[event.EntryID]bool
	unfinished bool   // the last round played may be in progress (BracketOptions)
	label      string // "seed", or "draw" for a randomly drawn bracket
	k          int    // winners rounds
	thirdPlace int    // index of the third-place match, or -1
	final      int    // index of the grand final (double), or -1
	reset      int    // index of the grand-final reset, or -1
	placeKey   map[event.EntryID]int
	lastPlay   int // the last stage round decided
}

func elNewBracket(kind BracketKind, seeds []event.EntryID, label string) *elBracket {
	size := elPow2(len(seeds))
	e := &elBracket{
		b:          Bracket{Kind: kind, Size: size, Entrants: slices.Clone(seeds)},
		seedOf:     make(map[event.EntryID]int, len(seeds)),
		withdrawn:  map[event.EntryID]bool{},
		label:      label,
		thirdPlace: -1,
		final:      -1,
		reset:      -1,
		placeKey:   make(map[event.EntryID]int, len(seeds)),
	}
	for s := size; s > 1; s /= 2 {
		e.k++
	}
	for i, id := range seeds {
		e.seedOf[id] = i + 1
	}
	return e
}

func (e *elBracket) add(m BracketMatch, a, b elSrc) int {
	m.Status = MatchWaiting
	for s, src := range [2]elSrc{a, b} {
		switch src.kind {
		case elFromSeed:
			m.From[s] = fmt.Sprintf("%s %d", e.label, src.seed)
			if src.seed > len(e.b.Entrants) {
				m.From[s] += " (empty: a bye)"
			}
		case elFromWinner:
			m.From[s] = "winner of " + e.b.Matches[src.match].Key
		case elFromLoser:
			m.From[s] = "loser of " + e.b.Matches[src.match].Key
		}
	}
	e.b.Matches = append(e.b.Matches, m)
	e.src = append(e.src, [2]elSrc{a, b})
	e.known = append(e.known, [2]bool{})
	if m.Play > e.b.Rounds {
		e.b.Rounds = m.Play
	}
	return len(e.b.Matches) - 1
}

// elSingle builds a single-elimination bracket; label names the order of
// the entrants in Why texts ("seed", "draw").
func elSingle(seeds []event.EntryID, thirdPlace bool, label string) *elBracket {
	e := elNewBracket(SingleBracket, seeds, label)
	order := elSeedOrder(e.b.Size)
	var prev []int
	for r := 1; r <= e.k; r++ {
		n := e.b.Size >> r
		cur := make([]int, n)
		for i := range n {
			m := BracketMatch{Key: fmt.Sprintf("W%d-%d", r, i+1), Side: SideWinners, Round: r, Index: i, Play: r}
			if r == 1 {
				cur[i] = e.add(m, elSrc{kind: elFromSeed, seed: order[2*i]}, elSrc{kind: elFromSeed, seed: order[2*i+1]})
			} else {
				cur[i] = e.add(m, elSrc{kind: elFromWinner, match: prev[2*i]}, elSrc{kind: elFromWinner, match: prev[2*i+1]})
			}
		}
		if r == e.k && thirdPlace && e.k >= 2 {
			m := BracketMatch{Key: "3P", Side: SideThirdPlace, Round: 1, Play: r}
			e.thirdPlace = e.add(m, elSrc{kind: elFromLoser, match: prev[0]}, elSrc{kind: elFromLoser, match: prev[1]})
		}
		prev = cur
	}
	return e
}

func (e *elBracket) decided(i int) bool {
	switch e.b.Matches[i].Status {
	case MatchPlayed, MatchBye, MatchWalkover, MatchVoid:
		return true
	}
	return false
}

// propagate fills every slot whose source is decided and decides the
// matches that need no play: one empty slot (a bye) or two (void). A
// withdrawn entrant still takes a bye here: whether they played their next
// match is only known from the rounds played.
func (e *elBracket) propagate() {
	for i := range e.b.Matches {
		if e.decided(i) {
			continue
		}
		m := &e.b.Matches[i]
		if i == e.reset {
			e.propagateReset()
			continue
		}
		for s := range 2 {
			if e.known[i][s] {
				continue
			}
			src := e.src[i][s]
			switch src.kind {
			case elFromSeed:
				if src.seed <= len(e.b.Entrants) {
					m.Entrants[s] = e.b.Entrants[src.seed-1]
				}
				e.known[i][s] = true
			case elFromWinner, elFromLoser:
				if !e.decided(src.match) {
					continue
				}
				if src.kind == elFromWinner {
					m.Entrants[s] = e.b.Matches[src.match].Winner
				} else {
					m.Entrants[s] = e.b.Matches[src.match].Loser
				}
				e.known[i][s] = true
			}
			m.Seeds[s] = e.seedOf[m.Entrants[s]]
		}
		if !e.known[i][0] || !e.known[i][1] {
			continue
		}
		a, b := m.Entrants[0], m.Entrants[1]
		switch {
		case a != 0 && b != 0:
			m.Status = MatchReady
		case a != 0:
			e.decide(i, a, 0, MatchBye)
		case b != 0:
			e.decide(i, b, 0, MatchBye)
		default:
			e.decide(i, 0, 0, MatchVoid)
		}
	}
}

// propagateReset decides whether the grand-final reset is played: only when
// the losers-bracket champion (seat 2 of the grand final) won it.
func (e *elBracket) propagateReset() {
	if !e.decided(e.final) {
		return
	}
	gf := e.b.Matches[e.final]
	m := &e.b.Matches[e.reset]
	if !e.needsReset() {
		e.decide(e.reset, 0, 0, MatchVoid)
		return
	}
	m.Entrants = gf.Entrants
	m.Seeds = gf.Seeds
	e.known[e.reset] = [2]bool{true, true}
	m.Status = MatchReady
}

// needsReset reports whether the grand final is decided and the reset is to
// be played: the losers-bracket champion (seat 2) beat the winners-bracket
// champion at the table. A walkover ends the final at once.
func (e *elBracket) needsReset() bool {
	if e.reset < 0 || e.final < 0 {
		return false
	}
	gf := e.b.Matches[e.final]
	return gf.Status == MatchPlayed && gf.Entrants[0] != 0 && gf.Winner == gf.Entrants[1]
}

// decide records a match's outcome and the placement keys of whoever it
// puts out.
func (e *elBracket) decide(i int, winner, loser event.EntryID, st MatchStatus) {
	m := &e.b.Matches[i]
	m.Winner, m.Loser, m.Status = winner, loser, st
	var out []event.EntryID
	if st == MatchVoid {
		for _, id := range m.Entrants {
			if id != 0 {
				out = append(out, id)
			}
		}
	} else if loser != 0 {
		out = []event.EntryID{loser}
	}
	put := func(ids []event.EntryID, key int) {
		for _, id := range ids {
			e.placeKey[id] = key
		}
	}
	switch {
	case e.b.Kind == SingleBracket && m.Side == SideWinners:
		put(out, 2*m.Round)
		if m.Round == e.k && winner != 0 {
			e.placeKey[winner] = elChampion
		}
	case m.Side == SideThirdPlace:
		// The semi-final losers were keyed 2(k-1) when they lost.
		if winner != 0 {
			e.placeKey[winner] = 2*(e.k-1) + 1
		}
	case m.Side == SideWinners:
		// Double elimination: a winners-side loser drops to the losers
		// side; only a void match (both withdrawn) puts anyone out.
		if st == MatchVoid {
			put(out, 2*m.Play)
		}
	case m.Side == SideLosers:
		put(out, 2*m.Play)
	case m.Side == SideFinal:
		if e.needsReset() {
			return // the reset decides
		}
		put(out, 2*m.Play)
		if winner != 0 {
			e.placeKey[winner] = elChampion
		}
	case m.Side == SideReset:
		if m.Entrants[0] == 0 && m.Entrants[1] == 0 {
			return // not needed
		}
		put(out, 2*m.Play)
		if winner != 0 {
			e.placeKey[winner] = elChampion
		}
	}
}

// nextPlay returns the earliest stage round with an undecided match, or 0
// when the bracket is complete.
func (e *elBracket) nextPlay() int {
	r := 0
	for i, m := range e.b.Matches {
		if !e.decided(i) && (r == 0 || m.Play < r) {
			r = m.Play
		}
	}
	return r
}

// readyAt returns the undecided matches of stage round r. Every earlier
// round is decided when it is called, so they all have both entrants.
func (e *elBracket) readyAt(r int) []int {
	var out []int
	for i, m := range e.b.Matches {
		if m.Play == r && !e.decided(i) {
			out = append(out, i)
		}
	}
	return out
}

func elPair(a, b event.EntryID) [2]event.EntryID {
	if a > b {
		a, b = b, a
	}
	return [2]event.EntryID{a, b}
}

// elTables splits a played round into its two-player tables and the
// entrants of its bye tables (byes and walkovers as the director stored
// them).
func elTables(h event.Round) (tables []event.Table, byes map[event.EntryID]bool, err error) {
	byes = map[event.EntryID]bool{}
	for _, t := range h.Tables {
		switch {
		case t.Bye || len(t.Seats) == 1:
			for _, s := range t.Seats {
				byes[s.EntryID] = true
			}
		case len(t.Seats) == 2:
			tables = append(tables, t)
		default:
			return nil, nil, event.Invalidf("round %d, table %d seats %d players; a match has two", h.Number, t.Number, len(t.Seats))
		}
	}
	return tables, byes, nil
}

// elWinner returns the winner of a played two-player table: more games won
// wins (event.Result.Outcome). A drawn match is an error, since an
// elimination match needs a winner; a table with no result is one unless a
// seat has withdrawn, in which case the other seat wins (K10).
func elWinner(h event.Round, t event.Table, withdrawn map[event.EntryID]bool) (winner, loser event.EntryID, walkover bool, err error) {
	a, b := t.Seats[0].EntryID, t.Seats[1].EntryID
	if t.Result == nil {
		switch {
		case withdrawn[a] && !withdrawn[b]:
			return b, a, true, nil
		case withdrawn[b] && !withdrawn[a]:
			return a, b, true, nil
		}
		return 0, 0, false, event.Statef("round %d, table %d (entry %d v entry %d) has no result yet", h.Number, t.Number, a, b)
	}
	if len(t.Result.Seats) != 2 {
		return 0, 0, false, event.Invalidf("round %d, table %d: a two-player result needs two seats, not %d", h.Number, t.Number, len(t.Result.Seats))
	}
	switch t.Result.Outcome(0) {
	case event.Win:
		return a, b, false, nil
	case event.Loss:
		return b, a, false, nil
	}
	return 0, 0, false, event.Invalidf("round %d, table %d (entry %d v entry %d) is a draw (%d–%d); an elimination match cannot end drawn: enter the winner",
		h.Number, t.Number, a, b, t.Result.Seats[0].GamesWon, t.Result.Seats[1].GamesWon)
}

// walkovers decides matches of a round that were not played: an entrant
// with a bye table in the round (the director recorded the walkover) or
// the only one not withdrawn advances; two withdrawn entrants make the
// match void. It changes nothing and reports false if some match is not
// settled that way.
func (e *elBracket) walkovers(ms []int, byes map[event.EntryID]bool) bool {
	type call struct {
		i             int
		winner, loser event.EntryID
		st            MatchStatus
	}
	var calls []call
	for _, i := range ms {
		a, b := e.b.Matches[i].Entrants[0], e.b.Matches[i].Entrants[1]
		switch {
		case byes[a] && !byes[b]:
			calls = append(calls, call{i, a, b, MatchWalkover})
		case byes[b] && !byes[a]:
			calls = append(calls, call{i, b, a, MatchWalkover})
		case e.withdrawn[a] && e.withdrawn[b]:
			calls = append(calls, call{i, 0, 0, MatchVoid})
		case e.withdrawn[a]:
			calls = append(calls, call{i, b, a, MatchWalkover})
		case e.withdrawn[b]:
			calls = append(calls, call{i, a, b, MatchWalkover})
		default:
			return false
		}
	}
	for _, c := range calls {
		e.decide(c.i, c.winner, c.loser, c.st)
	}
	return true
}

// replay applies the rounds played so far, in order.
func (e *elBracket) replay(played []event.Round) error {
	e.propagate()
	for hi, h := range played {
		tables, byes, err := elTables(h)
		if err != nil {
			return err
		}
		if len(tables) == 0 {
			return event.Invalidf("round %d has no match; a bracket round has at least one", h.Number)
		}
		// Rounds made only of walkovers were folded into this one.
		var at map[[2]event.EntryID]int
		for {
			r := e.nextPlay()
			if r == 0 {
				return event.Invalidf("round %d was played after the bracket was complete", h.Number)
			}
			ready := e.readyAt(r)
			at = make(map[[2]event.EntryID]int, len(ready))
			for _, i := range ready {
				at[elPair(e.b.Matches[i].Entrants[0], e.b.Matches[i].Entrants[1])] = i
			}
			found := false
			for _, t := range tables {
				if _, ok := at[elPair(t.Seats[0].EntryID, t.Seats[1].EntryID)]; ok {
					found = true
					break
				}
			}
			if found {
				break
			}
			if !e.walkovers(ready, byes) {
				t := tables[0]
				return event.Invalidf("round %d, table %d: entry %d v entry %d is not a match of this bracket; its next matches are %s",
					h.Number, t.Number, t.Seats[0].EntryID, t.Seats[1].EntryID, e.describe(ready))
			}
			e.lastPlay = r
			e.propagate()
		}
		r := e.nextPlay()
		inPlay := map[int]bool{}
		for _, t := range tables {
			p := elPair(t.Seats[0].EntryID, t.Seats[1].EntryID)
			i, ok := at[p]
			if !ok {
				return event.Invalidf("round %d, table %d: entry %d v entry %d is not a match of this bracket's round", h.Number, t.Number, p[0], p[1])
			}
			if e.decided(i) || inPlay[i] {
				return event.Invalidf("round %d, table %d: entry %d v entry %d is entered twice", h.Number, t.Number, p[0], p[1])
			}
			if t.Result == nil && e.unfinished && hi == len(played)-1 && !e.withdrawn[p[0]] && !e.withdrawn[p[1]] {
				// Still being played: where, but not who won.
				inPlay[i] = true
				e.b.Matches[i].RoundNumber, e.b.Matches[i].Table = h.Number, t.Number
				continue
			}
			w, l, wo, err := elWinner(h, t, e.withdrawn)
			if err != nil {
				return err
			}
			st := MatchPlayed
			if wo {
				st = MatchWalkover
			}
			e.decide(i, w, l, st)
			e.b.Matches[i].RoundNumber, e.b.Matches[i].Table = h.Number, t.Number
		}
		left := slices.DeleteFunc(e.readyAt(r), func(i int) bool { return inPlay[i] })
		if !e.walkovers(left, byes) {
			if len(left) == 1 {
				return event.Invalidf("round %d lacks the match %s", h.Number, e.describe(left))
			}
			return event.Invalidf("round %d lacks the matches %s", h.Number, e.describe(left))
		}
		e.lastPlay = r
		e.propagate()
	}
	return nil
}

// describe names the matches ms for a message, said in its reader's language.
func (e *elBracket) describe(ms []int) textList {
	var parts textList
	for _, i := range ms {
		m := e.b.Matches[i]
		parts = append(parts, i18n.F("%s (entry %d v entry %d)", m.Key, m.Entrants[0], m.Entrants[1]))
	}
	return parts
}

// textList is a list of texts said one after another, separated by commas.
type textList []i18n.Text

// In says the list in l.
func (t textList) In(l i18n.Lang) string { return i18n.JoinIn(l, t, ", ") }

// String says the list in English.
func (t textList) String() string { return t.In(i18n.English) }

// next decides the walkovers of the next round and returns its tables, or
// the placements once the bracket is complete.
func (e *elBracket) next() Progress {
	from := e.lastPlay
	var passes []Pass
	for {
		r := e.nextPlay()
		if r == 0 {
			return Progress{Done: true, Placements: elPlacements(e.b.Entrants, e.placeKey), Bracket: e.bracket()}
		}
		var tables []Table
		var names []i18n.Text
		for _, i := range e.readyAt(r) {
			m := e.b.Matches[i]
			a, b := m.Entrants[0], m.Entrants[1]
			name := e.matchName(m)
			switch {
			case e.withdrawn[a] && e.withdrawn[b]:
				e.decide(i, 0, 0, MatchVoid)
			case e.withdrawn[a] || e.withdrawn[b]:
				w, l := a, b
				if e.withdrawn[a] {
					w, l = b, a
				}
				e.decide(i, w, l, MatchWalkover)
				passes = append(passes, Pass{Entry: w, Kind: PassWalkover,
					Why: i18n.F("walkover (K10): %s, entry %d was dropped or disqualified", name, l)})
			default:
				if m.Side != SideFinal && m.Side != SideReset && e.seedOf[b] < e.seedOf[a] {
					a, b = b, a
				}
				tables = append(tables, Table{Seats: []event.EntryID{a, b},
					Why: e.matchWhy(name, a, b)})
				if rn := e.roundName(m); !slices.ContainsFunc(names, func(t i18n.Text) bool { return t.String() == rn.String() }) {
					names = append(names, rn)
				}
			}
		}
		if len(tables) > 0 {
			var byes []Pass
			for _, m := range e.b.Matches {
				if m.Status == MatchBye && m.Play > from && m.Play <= r && !e.withdrawn[m.Winner] {
					byes = append(byes, Pass{Entry: m.Winner, Kind: PassBye,
						Why: e.byeWhy(e.matchName(m), m.Winner)})
				}
			}
			return Progress{
				Next:    NextRound{Name: i18n.List(names), Tables: tables, Passes: append(byes, passes...)},
				Bracket: e.bracket(),
			}
		}
		e.lastPlay = r
		e.propagate()
	}
}

func (e *elBracket) bracket() *Bracket {
	b := e.b
	b.Entrants = slices.Clone(b.Entrants)
	b.Matches = slices.Clone(b.Matches)
	return &b
}

// roundName names the round a match belongs to, as players say it.
func (e *elBracket) roundName(m BracketMatch) i18n.Text {
	switch m.Side {
	case SideThirdPlace:
		return i18n.F("third-place match")
	case SideFinal:
		return i18n.F("grand final")
	case SideReset:
		return i18n.F("grand final reset")
	case SideLosers:
		if m.Round == 2*e.k-2 {
			return i18n.F("losers final")
		}
		return i18n.F("losers round %d", m.Round)
	}
	if e.b.Kind == DoubleBracket {
		if m.Round == e.k && e.k >= 2 {
			return i18n.F("winners final")
		}
		return i18n.F("winners round %d", m.Round)
	}
	switch e.k - m.Round {
	case 0:
		return i18n.F("final")
	case 1:
		return i18n.F("semi-final")
	case 2:
		return i18n.F("quarter-final")
	}
	return i18n.F("round %d", m.Round)
}

// matchName is the round name, with the match's key where the round has
// more than one match. Each name with a key is its own message, so a
// language can put the key where its grammar wants it.
func (e *elBracket) matchName(m BracketMatch) i18n.Text {
	name := e.roundName(m)
	switch m.Side {
	case SideThirdPlace, SideFinal, SideReset:
		return name
	case SideLosers:
		if m.Round == 2*e.k-2 {
			return name
		}
		return i18n.F("losers round %d %s", m.Round, matchKey(m))
	}
	if e.b.Kind == DoubleBracket {
		if m.Round == e.k {
			return name
		}
		return i18n.F("winners round %d %s", m.Round, matchKey(m))
	}
	switch e.k - m.Round {
	case 0:
		return name
	case 1:
		return i18n.F("semi-final %s", matchKey(m))
	case 2:
		return i18n.F("quarter-final %s", matchKey(m))
	}
	return i18n.F("round %d %s", m.Round, matchKey(m))
}

// These are the reasons a KeyForge playoff's tables had before
// they named the random draw's places: rounds paired then keep them (a
// table's reason is stored as its key and values), so they stay
// translated.
var _ = []string{i18n.K("%s: draw %d v draw %d"), i18n.K("bye: %s, draw %d has no opponent")}

// matchKey is a match's key as a reader reads it: W2-1 (the winners'
// side, round 2, match 1) and L3-1 (the losers' side) are said in the
// reader's language (G2-1 and P3-1 in French, gagnants and perdants).
func matchKey(m BracketMatch) i18n.Text {
	switch m.Side {
	case SideWinners:
		return i18n.F("W%d-%d", m.Round, m.Index+1)
	case SideLosers:
		return i18n.F("L%d-%d", m.Round, m.Index+1)
	}
	return i18n.Plain(m.Key)
}

// matchWhy is the reason of a match's table: its name and the two seeds
// (or places in the random draw, in a bracket drawn at random: a
// KeyForge playoff).
func (e *elBracket) matchWhy(name i18n.Text, a, b event.EntryID) i18n.Text {
	if e.label == "draw" {
		return i18n.F("%s: places %d and %d of the random draw", name, e.seedOf[a], e.seedOf[b])
	}
	return i18n.F("%s: seed %d v seed %d", name, e.seedOf[a], e.seedOf[b])
}

// byeWhy is the reason of a match's bye.
func (e *elBracket) byeWhy(name i18n.Text, id event.EntryID) i18n.Text {
	if e.label == "draw" {
		return i18n.F("bye: %s, place %d of the random draw has no opponent", name, e.seedOf[id])
	}
	return i18n.F("bye: %s, seed %d has no opponent", name, e.seedOf[id])
}

// elPlacements ranks entrants by placement key, highest first; equal keys
// share a place (competition ranking: 1, 2, 3, 3, 5). Entrants in ids order
// break nothing; they only order a shared place.
func elPlacements(ids []event.EntryID, key map[event.EntryID]int) []Placement {
	order := slices.Clone(ids)
	pos := make(map[event.EntryID]int, len(ids))
	for i, id := range ids {
		pos[id] = i
	}
	k := func(id event.EntryID) int {
		if v, ok := key[id]; ok {
			return v
		}
		return -1
	}
	sort.SliceStable(order, func(i, j int) bool {
		if k(order[i]) != k(order[j]) {
			return k(order[i]) > k(order[j])
		}
		return pos[order[i]] < pos[order[j]]
	})
	var out []Placement
	for i, id := range order {
		if i > 0 && k(id) == k(order[i-1]) {
			out[len(out)-1].Entries = append(out[len(out)-1].Entries, id)
			continue
		}
		out = append(out, Placement{Place: i + 1, Entries: []event.EntryID{id}})
	}
	return out
}
