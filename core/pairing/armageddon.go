package pairing

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"tablekeeper/core/i18n"

	"tablekeeper/core/event"
)

// ArmageddonOptions are the choices of a Heresy Armageddon tournament.
type ArmageddonOptions struct {
	// Double runs it as double elimination (out after two match losses);
	// otherwise single elimination (4.2.1 allows either).
	Double bool
	// BestOf is the number of games of a match: 3 by 4.2.1 (0 means 3).
	// Games a player did not win count as lost, played or not (4.2.5).
	BestOf int
	// Withdrawn are the entries dropped or disqualified (K10): never
	// paired again.
	Withdrawn []event.EntryID
}

// Armageddon runs a Heresy: Kingdom Come Armageddon tournament (H6;
// document 002, section 4): two-player matches of three games, single or
// double elimination, with byes given round by round under 4.2.2.
//
// Because 4.2.2 gives a bye to whoever the rule picks in each round with an
// odd number of players, the bracket cannot be a fixed chart: each round
// pairs the players still in (no loss in single elimination; fewer than two
// in double) in seed order, best seed v worst seed (1 v n, 2 v n−1, …), so
// the seeds are re-drawn each round as in a re-seeded bracket. In double
// elimination the unbeaten and the 1-loss players are paired within their
// own group, the unbeaten first; when the unbeaten group is odd its last
// player pairs down with the best 1-loss player. Rematches are avoided
// where a pairing without one exists. The last two players standing play
// until one is out, so a double-elimination final is replayed when the
// unbeaten finalist loses it.
//
// Byes (4.2.2, see ArmageddonBye): the eligible player with the fewest lost
// games (single elimination), or with the fewest lost games among those who
// just lost a match (double elimination); ties by the most Tau stored at the
// end of the player's last loss, then at random with rng; nobody gets a
// second bye. The director stores each bye as a bye table, since later byes
// depend on it.
//
// played are the rounds of the tournament so far, in order; a drawn match
// is an error (a match needs a winner; 4.2.5–4.2.7 always name one), and a
// table with no result is one unless a seat has withdrawn (K10: the other
// seat wins). Lost games and the Tau at the last loss are read from the
// results (see LossRecord; per-game Tau under TauStat).
//
// Placements, once one player is left: the champion, then everyone else by
// the round in which they went out, later first, sharing a place within a
// round.
func Armageddon(entrants []event.EntryID, played []event.Round, opt ArmageddonOptions, rng *rand.Rand) (Progress, error) {
	if err := elCheckEntrants(entrants); err != nil {
		return Progress{}, err
	}
	bestOf := opt.BestOf
	if bestOf <= 0 {
		bestOf = 3
	}
	maxLoss := 1
	if opt.Double {
		maxLoss = 2
	}
	st, err := lrReplay(entrants, played, elSet(opt.Withdrawn), maxLoss, bestOf)
	if err != nil {
		return Progress{}, fmt.Errorf("armageddon: %w", err)
	}
	active := st.active()
	if len(active) <= 1 {
		key := map[event.EntryID]int{}
		st.placeKeys(key, 0)
		if len(active) == 1 {
			key[active[0].Entry] = elChampion
		}
		return Progress{Done: true, Placements: elPlacements(entrants, key), Records: st.records()}, nil
	}

	round := st.rounds + 1
	nr := NextRound{Name: i18n.F("round %d", round)}
	if len(active) == 2 {
		nr.Name = i18n.F("round %d (final)", round)
	}
	players := active
	if len(active)%2 == 1 {
		id, why := ArmageddonBye(active, opt.Double, rng)
		nr.Passes = append(nr.Passes, Pass{Entry: id, Kind: PassBye, Why: why})
		players = slices.DeleteFunc(slices.Clone(active), func(r LossRecord) bool { return r.Entry == id })
	}
	var g0, g1 []event.EntryID
	seed := map[event.EntryID]int{}
	losses := map[event.EntryID]int{}
	for _, r := range players {
		seed[r.Entry], losses[r.Entry] = r.Seed, r.Losses
		if r.Losses == 0 {
			g0 = append(g0, r.Entry)
		} else {
			g1 = append(g1, r.Entry)
		}
	}
	pairs, _ := lrPairGroups(g0, g1, st.met)
	for _, pr := range pairs {
		a, b := pr[0], pr[1]
		if seed[b] < seed[a] {
			a, b = b, a
		}
		why := i18n.F("round %d: seed %d v seed %d", round, seed[a], seed[b])
		if opt.Double {
			switch losses[a] + losses[b] {
			case 0:
				why = i18n.F("round %d, unbeaten: seed %d v seed %d", round, seed[a], seed[b])
			case 2:
				why = i18n.F("round %d, one loss each: seed %d v seed %d", round, seed[a], seed[b])
			default:
				why = i18n.F("round %d, pair-down, unbeaten v one loss: seed %d v seed %d", round, seed[a], seed[b])
			}
		}
		nr.Tables = append(nr.Tables, Table{Seats: []event.EntryID{a, b}, Why: kfRematch(why, st.met, pr)})
	}
	return Progress{Next: nr, Records: st.records()}, nil
}

// ArmageddonBye picks the bye of an Armageddon round under 4.2.2 of the
// Heresy tournament rules (H6), among records, the players still in:
//
//	"Any byes will be assigned to the eligible player with the fewest lost
//	games, in a single elimination tournament, or to the eligible player
//	with the fewest lost games who just lost a match. In any case of a tie,
//	the tie is broken by awarding the bye to the tied player with the
//	highest Tau stored at the conclusion of his or her last loss. Further
//	ties are broken randomly. No player may receive more than one bye per
//	tournament, however, and is thus ineligible for future byes."
//
// Eligible means no bye yet (Byes == 0). In double elimination the pool is
// the eligible players who just lost a match (JustLostMatch). Where the
// document is silent Tablekeeper goes on as follows, and says so in the
// answer: when nobody eligible just lost a match (the first round, or all
// of them have had a bye) the single-elimination rule applies to the
// eligible players with a loss, then to every eligible player; when every
// player left has had a bye, the rule applies to them all, since a round
// with an odd number of players cannot go on without a bye. Lost games are
// compared first; among equals who have lost a game, the most Tau at the
// last loss; the rest is drawn with rng among the tied players in seed
// order. It returns the entry and a one-line reason.
func ArmageddonBye(records []LossRecord, double bool, rng *rand.Rand) (event.EntryID, i18n.Text) {
	var eligible []LossRecord
	for _, r := range records {
		if r.Byes == 0 && !r.Withdrawn {
			eligible = append(eligible, r)
		}
	}
	// head says the reason around the criteria that picked the player (a
	// list said "first, then second").
	head := func(criteria i18n.Text) i18n.Text { return i18n.F("bye (H6, 4.2.2): %s", criteria) }
	var criteria []i18n.Text
	pool := eligible
	if double {
		pool = slices.DeleteFunc(slices.Clone(eligible), func(r LossRecord) bool { return !r.JustLostMatch })
		switch {
		case len(pool) > 0:
			criteria = append(criteria, i18n.F("just lost a match"))
		default:
			head = func(c i18n.Text) i18n.Text {
				return i18n.F("bye (H6, 4.2.2): nobody eligible just lost a match; %s", c)
			}
			pool = slices.DeleteFunc(slices.Clone(eligible), func(r LossRecord) bool { return r.Losses == 0 })
			if len(pool) > 0 {
				criteria = append(criteria, i18n.F("one loss"))
			} else {
				pool = eligible
			}
		}
	}
	if len(pool) == 0 {
		pool = slices.DeleteFunc(slices.Clone(records), func(r LossRecord) bool { return r.Withdrawn })
		head = func(c i18n.Text) i18n.Text {
			return i18n.F("bye (H6, 4.2.2): every player left has had a bye; %s", c)
		}
		criteria = nil
	}
	if len(pool) == 0 {
		return 0, i18n.Text{}
	}
	slices.SortStableFunc(pool, func(a, b LossRecord) int { return a.Seed - b.Seed })
	fewest := pool[0].LostGames
	for _, r := range pool {
		fewest = min(fewest, r.LostGames)
	}
	pool = slices.DeleteFunc(pool, func(r LossRecord) bool { return r.LostGames != fewest })
	criteria = append(criteria, i18n.F("fewest lost games (%d)", fewest))
	if len(pool) > 1 && fewest > 0 {
		most := pool[0].LastLossTau
		for _, r := range pool {
			most = max(most, r.LastLossTau)
		}
		pool = slices.DeleteFunc(pool, func(r LossRecord) bool { return r.LastLossTau != most })
		criteria = append(criteria, i18n.F("then most Tau stored at the last loss (%d)", most))
	}
	pick := pool[0]
	if len(pool) > 1 {
		pick = pool[rng.IntN(len(pool))]
		criteria = append(criteria, i18n.F("then drawn at random among %d", len(pool)))
	}
	return pick.Entry, head(i18n.List(criteria))
}
