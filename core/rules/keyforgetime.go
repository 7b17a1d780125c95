package rules

import (
	"tablekeeper/core/clock"
	"tablekeeper/core/event"
	"tablekeeper/core/i18n"
)

// This file turns KeyForge's decisions at time (K7 for a game, K8 for a
// best-of-three match, decided by core/clock) into the result the event
// records and the sentence the judge reads. The going-to-time forms of
// the desk only gather the counts and show what is said here: how a
// match won at time is scored is the game's rule, not a screen's.

// Stats keys of the per-game details (event.GameDetail.Stats) a KeyForge
// result decided at time records, so that a decision can be checked and
// recomputed later. For a game decided at time they are the counts before
// the tie-breaker's first step; StatForged is 1 when that step forged a
// key for the player (6 Æmber paid). For a game finished before time they
// are what K8 records after it.
const (
	StatKeys      = "keys"
	StatAember    = "aember"
	StatChains    = "chains"
	StatCreatures = "creatures"
	StatFirst     = "first"
	StatForged    = "forged"
)

// KeyForgeGameResult is the result of one game decided at time by K7:
// a game won by the winner, with each player's counts as typed.
func KeyForgeGameResult(players [2]clock.KeyForgePlayer, d clock.KeyForgeGameDecision) event.Result {
	res := event.Result{TimeOut: true, Seats: make([]event.SeatResult, 2)}
	for i, p := range players {
		won := d.Winner == i+1
		res.Seats[i] = event.SeatResult{GamesWon: b2i(won), Games: []event.GameDetail{{Won: won, Stats: keyforgeGameStats(p, d.Forged[i])}}}
	}
	return res
}

// KeyForgeMatchResult is the result K8 gives a best-of-three match at
// time: each player's games won and the details of every game. When the
// games are level (1–1) a later step gives the match, and the match winner
// is recorded one game ahead (2–1): the standings know a match win only by
// games won, and K8 gives that player "a win for the match".
func KeyForgeMatchResult(m clock.KeyForgeMatch, d clock.KeyForgeMatchDecision) event.Result {
	res := event.Result{TimeOut: true, Seats: make([]event.SeatResult, 2)}
	won := d.GamesWon
	if w := d.Winner - 1; won[w] <= won[1-w] {
		won[w] = won[1-w] + 1
	}
	for i := range res.Seats {
		st := &res.Seats[i]
		st.GamesWon = won[i]
		for _, g := range m.Games {
			p := g.Players[i]
			st.Games = append(st.Games, event.GameDetail{Won: g.Winner == i+1,
				Stats: map[string]int{StatKeys: p.Keys, StatAember: p.Aember, StatChains: p.Chains}})
		}
		if m.InProgress != nil && d.Game != nil {
			st.Games = append(st.Games, event.GameDetail{Won: d.Game.Winner == i+1, Stats: keyforgeGameStats(m.InProgress[i], d.Game.Forged[i])})
		}
	}
	return res
}

// KeyForgeRecordedGames returns each seat's per-game stats of a two-player
// result decided at time by K7 or K8, for a correction; false when r is
// not one.
func KeyForgeRecordedGames(r *event.Result) ([2][]map[string]int, bool) {
	var out [2][]map[string]int
	if r == nil || !r.TimeOut || len(r.Seats) != 2 || len(r.Seats[0].Games) != len(r.Seats[1].Games) || len(r.Seats[0].Games) == 0 {
		return out, false
	}
	for i, st := range r.Seats {
		for _, g := range st.Games {
			if _, ok := g.Stats[StatKeys]; !ok {
				return out, false
			}
			out[i] = append(out[i], g.Stats)
		}
	}
	return out, true
}

// KeyForgeGameHeadline says who wins a game at time and which step of K7
// decided: "Zoë wins — step 2, most keys: 2 keys to 1".
func KeyForgeGameHeadline(d clock.KeyForgeGameDecision, names [2]string) i18n.Text {
	w := d.Winner - 1
	a, b := d.After[w], d.After[1-w]
	var why i18n.Text
	switch d.Step {
	case clock.StepKeys:
		why = i18n.FN("step 2, most keys: %d keys to %d", a.Keys, a.Keys, b.Keys)
	case clock.StepAember:
		why = i18n.F("step 3, most Æmber: %d Æmber to %d", a.Aember, b.Aember)
	case clock.StepChains:
		why = i18n.FN("step 4, fewest chains: %d chains to %d", a.Chains, a.Chains, b.Chains)
	case clock.StepCreatures:
		why = i18n.F("step 5, most friendly creatures in play: %d to %d", a.Creatures, b.Creatures)
	default:
		why = i18n.F("step 6, the first player: everything else is tied")
	}
	return i18n.F("%s wins — %s", names[w], why)
}

// KeyForgeMatchHeadline says who wins a match at time and which step of
// K8 decided: "Zoë wins the match — step 2, most keys over the match: 5
// keys to 4".
func KeyForgeMatchHeadline(d clock.KeyForgeMatchDecision, names [2]string) i18n.Text {
	w := d.Winner - 1
	var keys, aember, chains [2]int
	for _, g := range d.Games {
		for i, p := range g.Players {
			keys[i] += p.Keys
			aember[i] += p.Aember
			chains[i] += p.Chains
		}
	}
	var why i18n.Text
	switch d.Step {
	case clock.StepGamesWon:
		why = i18n.FN("step 1, most games won: %d games to %d", d.GamesWon[w], d.GamesWon[w], d.GamesWon[1-w])
	case clock.StepMatchKeys:
		why = i18n.FN("step 2, most keys over the match: %d keys to %d", keys[w], keys[w], keys[1-w])
	case clock.StepMatchAember:
		why = i18n.F("step 3, most Æmber left over the match: %d Æmber to %d", aember[w], aember[1-w])
	case clock.StepMatchChains:
		why = i18n.FN("step 4, fewest chains over the match: %d chains to %d", chains[w], chains[w], chains[1-w])
	default:
		why = i18n.F("step 5, the winner of game 1: everything else is tied")
	}
	return i18n.F("%s wins the match — %s", names[w], why)
}

// keyforgeGameStats are the details a game decided at time records for a
// player: the counts typed, who went first, and whether the tie-breaker
// forged a key (K7 step 1).
func keyforgeGameStats(p clock.KeyForgePlayer, forged bool) map[string]int {
	return map[string]int{
		StatKeys: p.Keys, StatAember: p.Aember, StatChains: p.Chains, StatCreatures: p.Creatures,
		StatFirst: b2i(p.First), StatForged: b2i(forged),
	}
}

// b2i is 1 for true and 0 for false.
func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
