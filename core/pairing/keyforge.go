package pairing

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"tablekeeper/core/i18n"

	"tablekeeper/core/event"
)

// KeyForgePlayoffSize is the number of players the KeyForge elimination
// rounds are played down to (K6).
const KeyForgePlayoffSize = 8

// KeyForgeOptions are the inputs of KeyForge besides the rounds.
type KeyForgeOptions struct {
	// Withdrawn are the entries dropped or disqualified (K10). They are
	// never paired again in the loss rounds; in the playoff their opponent
	// advances by walkover.
	Withdrawn []event.EntryID
	// Unfinished lets the last playoff round played be still in
	// progress, as BracketOptions.Unfinished does; the loss rounds
	// played must be complete.
	Unfinished bool
}

// KeyForge runs the structure of KeyForge tournaments (K6; document 000,
// "Elimination Rounds" and "Playoffs" of each format): elimination rounds of
// one game each, in which a player is out after two match losses ("double
// elimination"), until eight players remain; then those eight are paired at
// random into a single-elimination bracket of best-of-three playoff matches
// until one winner.
//
// played are the rounds of the event so far, in order: loss rounds, then
// playoff rounds, told apart by Round.Stage (event.StagePlayoff for the
// playoff, anything else a loss round). The answer's Next.Stage and
// Next.BestOf say which the next round is (event.StageElimination and 1, or
// event.StagePlayoff and 3). rng is used only to pair a loss round and to
// draw the playoff; pass a source seeded for the round being paired.
//
// Loss rounds. The players still in (fewer than two losses, not withdrawn)
// are shuffled and paired within their loss group, 0-loss with 0-loss and
// 1-loss with 1-loss, avoiding rematches where a pairing without one
// exists (tables of the unbeaten first). When the number of players is odd
// one gets a bye, drawn at random among the 1-loss players who have had no
// bye (else among the unbeaten without a bye, else among everyone, 1-loss
// first): the bye is a free round, no loss, and goes to the group with
// less margin, as a Swiss bye goes to the bottom. When, after that, the
// unbeaten group is odd, one unbeaten player pairs down with a 1-loss
// player. A bye is stored as a bye table; withdrawn players are simply not
// paired.
//
// The cut to eight. The document does not say what happens when a round
// would leave fewer than eight. Tablekeeper never lets play do so: before
// pairing a round it counts the tables at which a 1-loss player could take
// a second loss. If the field minus that count is still eight or more the
// round is paired as above. Otherwise it is a cut round: of the R players
// left, exactly R−8 tables are paired, each between two 1-loss players
// drawn at random (avoiding rematches where possible), and every other
// player waits (PassWait, nothing stored). Each cut table puts exactly one
// player out, so exactly eight remain: nobody is out with fewer than two
// losses, nobody reaches the playoff with two, and the playoff is always
// the eight the document asks for. A cut round is always possible when it
// is needed (there are then at least 2(R−8) players with one loss). Only
// drops and disqualifications can leave fewer than eight; the playoff then
// seats all who remain.
//
// The playoff. When eight or fewer players are still in (also when the
// event starts with eight or fewer: there are no loss rounds then) they are
// drawn in a random order and that order fills a bracket as seeds do in
// SingleElimination ("draw 1 v draw 8", …); with fewer than eight the first
// draws get the byes, so byes fall at random too. Later calls rebuild the
// draw from the first playoff round's tables, in table order, and its bye
// tables, in order (the director stores them as for any round); without
// stored byes the players who had them are taken in seed order.
//
// Placements, once the playoff is over: the playoff's (as in
// SingleElimination: 1, 2, 3, 3, 5, 5, 5, 5), then the players out in the
// loss rounds, later rounds first, sharing a place within a round.
func KeyForge(entrants []event.EntryID, played []event.Round, opt KeyForgeOptions, rng *rand.Rand) (Progress, error) {
	if err := elCheckEntrants(entrants); err != nil {
		return Progress{}, err
	}
	withdrawn := elSet(opt.Withdrawn)
	var loss, playoff []event.Round
	for _, h := range played {
		if h.Stage == event.StagePlayoff {
			playoff = append(playoff, h)
			continue
		}
		if len(playoff) > 0 {
			return Progress{}, event.Invalidf("keyforge: round %d is a loss round played after the playoff began", h.Number)
		}
		loss = append(loss, h)
	}
	st, err := lrReplay(entrants, loss, withdrawn, 2, 1)
	if err != nil {
		return Progress{}, fmt.Errorf("keyforge loss rounds: %w", err)
	}
	active := st.active()
	if len(playoff) == 0 && len(active) > KeyForgePlayoffSize {
		return Progress{Next: kfLossRound(st, active, rng), Records: st.records()}, nil
	}

	draw, err := kfDraw(st, active, playoff, rng)
	if err != nil {
		return Progress{}, fmt.Errorf("keyforge playoff: %w", err)
	}
	if len(draw) < 2 {
		key := map[event.EntryID]int{}
		st.placeKeys(key, -10_000)
		if len(draw) == 1 {
			key[draw[0]] = elChampion
		}
		return Progress{Done: true, Placements: elPlacements(entrants, key), Records: st.records()}, nil
	}
	e := elSingle(draw, false, "draw")
	p, err := e.play(playoff, withdrawn, opt.Unfinished, "keyforge playoff")
	if err != nil {
		return Progress{}, err
	}
	p.Records = st.records()
	if p.Done {
		key := map[event.EntryID]int{}
		st.placeKeys(key, -10_000)
		for id, k := range e.placeKey {
			key[id] = k
		}
		p.Placements = elPlacements(entrants, key)
		return p, nil
	}
	p.Next.Stage, p.Next.BestOf = event.StagePlayoff, 3
	p.Next.Name = i18n.F("playoff %s", p.Next.Name)
	for i := range p.Next.Tables {
		p.Next.Tables[i].Why = i18n.F("playoff %s (best of three, K6)", p.Next.Tables[i].Why)
	}
	return p, nil
}

// kfLossRound pairs the next loss round (see KeyForge).
func kfLossRound(st *lrStage, active []LossRecord, rng *rand.Rand) NextRound {
	return lossRound(st, active, lossCut{
		size:   KeyForgePlayoffSize,
		bestOf: 1,
		rule:   "K6",
		table: func(need, left int) i18n.Text {
			return i18n.F("cut round (K6): 1 v 1 losses; %d of the %d players left go out to leave eight for the playoff", need, left)
		},
		wait: func(need int) i18n.Text {
			return i18n.FN("waits (K6 cut round): %d table(s) of 1-loss players cut the field to eight", need, need)
		},
		name: i18n.F("cut to eight"),
	}, rng)
}

// lossCut is what a loss-round structure cuts the field to, and how its
// reasons say so: KeyForge's eight (K6), or the final table of a double
// elimination + final (S10 e).
type lossCut struct {
	size   int
	bestOf int
	rule   string // the rule the bye's reason cites
	table  func(need, left int) i18n.Text
	wait   func(need int) i18n.Text
	name   i18n.Text
}

// lossRound pairs the next loss round: 0-loss with 0-loss and 1-loss with
// 1-loss (an odd unbeaten player pairing down, an odd field giving a bye),
// or, when that could leave fewer than c.size players, a cut round of
// exactly len(active)−c.size tables of 1-loss players, the rest waiting.
func lossRound(st *lrStage, active []LossRecord, c lossCut, rng *rand.Rand) NextRound {
	round := st.rounds + 1
	nr := NextRound{Name: i18n.F("loss round %d", round), Stage: event.StageElimination, BestOf: c.bestOf}
	var g0, g1 []LossRecord
	for _, r := range active {
		if r.Losses == 0 {
			g0 = append(g0, r)
		} else {
			g1 = append(g1, r)
		}
	}
	rng.Shuffle(len(g0), func(i, j int) { g0[i], g0[j] = g0[j], g0[i] })
	rng.Shuffle(len(g1), func(i, j int) { g1[i], g1[j] = g1[j], g1[i] })

	var bye Pass
	p0, p1 := kfIDs(g0), kfIDs(g1)
	if len(active)%2 == 1 {
		bye = kfBye(g0, g1, c.rule, rng)
		p0 = slices.DeleteFunc(p0, func(id event.EntryID) bool { return id == bye.Entry })
		p1 = slices.DeleteFunc(p1, func(id event.EntryID) bool { return id == bye.Entry })
	}
	pairs, _ := lrPairGroups(p0, p1, st.met)
	losses := map[event.EntryID]int{}
	for _, r := range active {
		losses[r.Entry] = r.Losses
	}
	risky := 0
	for _, pr := range pairs {
		if losses[pr[0]]+losses[pr[1]] > 0 {
			risky++
		}
	}
	if len(active)-risky >= c.size {
		for _, pr := range pairs {
			a, b := losses[pr[0]], losses[pr[1]]
			why := i18n.F("loss round %d: %d v %d losses", round, a, b)
			if a != b {
				why = i18n.F("loss round %d: pair-down, %d v %d losses (odd number of unbeaten players)", round, a, b)
			}
			nr.Tables = append(nr.Tables, Table{Seats: []event.EntryID{pr[0], pr[1]}, Why: kfRematch(why, st.met, pr)})
		}
		if bye.Entry != 0 {
			nr.Passes = append(nr.Passes, bye)
		}
		return nr
	}

	// Cut round: exactly len(active)−c.size tables of two 1-loss players.
	need := len(active) - c.size
	cut := kfCutPairs(kfIDs(g1), need, st.met)
	seated := map[event.EntryID]bool{}
	for _, pr := range cut {
		seated[pr[0]], seated[pr[1]] = true, true
		nr.Tables = append(nr.Tables, Table{Seats: []event.EntryID{pr[0], pr[1]}, Why: kfRematch(c.table(need, len(active)), st.met, pr)})
	}
	nr.Name = i18n.F("loss round %d (%s)", round, c.name)
	for _, r := range active {
		if !seated[r.Entry] {
			nr.Passes = append(nr.Passes, Pass{Entry: r.Entry, Kind: PassWait, Why: c.wait(need)})
		}
	}
	return nr
}

func kfIDs(rs []LossRecord) []event.EntryID {
	out := make([]event.EntryID, len(rs))
	for i, r := range rs {
		out[i] = r.Entry
	}
	return out
}

// kfRematch adds to a table's reason that its players meet again, when
// they do.
func kfRematch(why i18n.Text, met map[[2]event.EntryID]bool, pr [2]event.EntryID) i18n.Text {
	if met[elPair(pr[0], pr[1])] {
		return reasons(why, i18n.F("rematch, no pairing without one was found"))
	}
	return why
}

// kfBye draws the bye of a loss round with an odd number of players (see
// KeyForge). The groups come shuffled.
// rule is the rule the reason cites (K6, S10 e).
func kfBye(g0, g1 []LossRecord, rule string, rng *rand.Rand) Pass {
	noBye := func(rs []LossRecord) []LossRecord {
		return slices.DeleteFunc(slices.Clone(rs), func(r LossRecord) bool { return r.Byes > 0 })
	}
	tries := []struct {
		pool []LossRecord
		why  func(n int) i18n.Text
	}{
		{noBye(g1), func(n int) i18n.Text {
			return i18n.FN("bye (%[1]s): odd number of players; drawn at random among %[2]d 1-loss players without a bye", n, rule, n)
		}},
		{noBye(g0), func(n int) i18n.Text {
			return i18n.FN("bye (%[1]s): odd number of players; drawn at random among %[2]d unbeaten players without a bye, as no 1-loss player is without one", n, rule, n)
		}},
		{g1, func(n int) i18n.Text {
			return i18n.FN("bye (%[1]s): odd number of players; drawn at random among %[2]d 1-loss players, as every player has had a bye", n, rule, n)
		}},
		{g0, func(n int) i18n.Text {
			return i18n.FN("bye (%[1]s): odd number of players; drawn at random among %[2]d unbeaten players, as every player has had a bye", n, rule, n)
		}},
	}
	for _, t := range tries {
		if len(t.pool) > 0 {
			r := t.pool[rng.IntN(len(t.pool))]
			return Pass{Entry: r.Entry, Kind: PassBye, Why: t.why(len(t.pool))}
		}
	}
	return Pass{}
}

// kfCutPairs picks need disjoint pairs among ids (the 1-loss players, in
// random order), without a rematch where the search finds such a set within
// its budget; otherwise greedily, with the fewest rematches that walk finds.
func kfCutPairs(ids []event.EntryID, need int, met map[[2]event.EntryID]bool) [][2]event.EntryID {
	used := make([]bool, len(ids))
	var pairs [][2]event.EntryID
	budget := lrSearchBudget
	var search func(i int) bool
	search = func(i int) bool {
		if len(pairs) == need {
			return true
		}
		if len(ids)-i < 2*(need-len(pairs)) {
			return false
		}
		if used[i] {
			return search(i + 1)
		}
		for j := i + 1; j < len(ids); j++ {
			if used[j] || met[elPair(ids[i], ids[j])] {
				continue
			}
			if budget--; budget < 0 {
				return false
			}
			used[i], used[j] = true, true
			pairs = append(pairs, [2]event.EntryID{ids[i], ids[j]})
			if search(i + 1) {
				return true
			}
			used[i], used[j] = false, false
			pairs = pairs[:len(pairs)-1]
		}
		return search(i + 1) // i waits
	}
	if search(0) {
		return pairs
	}
	for i := range used {
		used[i] = false
	}
	pairs = pairs[:0]
	for i := 0; i < len(ids) && len(pairs) < need; i++ {
		if used[i] {
			continue
		}
		pick := -1
		for j := i + 1; j < len(ids); j++ {
			if used[j] {
				continue
			}
			if pick < 0 {
				pick = j
			}
			if !met[elPair(ids[i], ids[j])] {
				pick = j
				break
			}
		}
		if pick >= 0 {
			used[i], used[pick] = true, true
			pairs = append(pairs, [2]event.EntryID{ids[i], ids[pick]})
		}
	}
	return pairs
}

// kfDraw returns the playoff's draw order: drawn at random from the players
// still in when the playoff starts, else rebuilt from the first playoff
// round (see KeyForge).
func kfDraw(st *lrStage, active []LossRecord, playoff []event.Round, rng *rand.Rand) ([]event.EntryID, error) {
	if len(playoff) == 0 {
		draw := kfIDs(active)
		rng.Shuffle(len(draw), func(i, j int) { draw[i], draw[j] = draw[j], draw[i] })
		return draw, nil
	}
	first := playoff[0]
	tables, _, err := elTables(first)
	if err != nil {
		return nil, err
	}
	if len(tables) == 0 {
		return nil, event.Invalidf("the first playoff round (round %d) has no match", first.Number)
	}
	in := map[event.EntryID]bool{}
	var byes []event.EntryID
	for _, t := range first.Tables {
		if t.Bye || len(t.Seats) == 1 {
			for _, s := range t.Seats {
				byes = append(byes, s.EntryID)
				in[s.EntryID] = true
			}
		}
	}
	for _, t := range tables {
		for _, s := range t.Seats {
			if _, ok := st.rec[s.EntryID]; !ok {
				return nil, event.Invalidf("round %d, table %d: entry %d is not an entrant", first.Number, t.Number, s.EntryID)
			}
			in[s.EntryID] = true
		}
	}
	for _, id := range st.ids {
		r := st.rec[id]
		if !in[id] && !r.Withdrawn && r.Losses < 2 {
			byes = append(byes, id)
		}
	}
	n := 2*len(tables) + len(byes)
	if n > KeyForgePlayoffSize {
		return nil, event.Invalidf("the first playoff round holds %d players; the playoff has at most %d", n, KeyForgePlayoffSize)
	}
	size := elPow2(n)
	order := elSeedOrder(size)
	draw := make([]event.EntryID, n)
	ti, bi := 0, 0
	for i := 0; i < size/2; i++ {
		a, b := order[2*i], order[2*i+1]
		if b > n {
			if bi == len(byes) {
				return nil, event.Invalidf("the first playoff round (round %d) does not fit a draw of %d players", first.Number, n)
			}
			draw[a-1] = byes[bi]
			bi++
			continue
		}
		if ti == len(tables) {
			return nil, event.Invalidf("the first playoff round (round %d) does not fit a draw of %d players", first.Number, n)
		}
		draw[a-1], draw[b-1] = tables[ti].Seats[0].EntryID, tables[ti].Seats[1].EntryID
		ti++
	}
	return draw, nil
}
