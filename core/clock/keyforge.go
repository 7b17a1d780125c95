package clock

import (
	"strings"

	"tablekeeper/core/event"
	"tablekeeper/core/i18n"
)

// KeyForgeKeyCost is the Æmber a key costs in the tie-breaker's forging
// step. Document 000: each player with six or more Æmber forges one key
// "(removing the six Æmber from their pool as usual). Cards that affect
// Æmber costs have no effect during this step."
const KeyForgeKeyCost = 6

// KeyForgeStep names the step of the going-to-time sequence that decided.
type KeyForgeStep string

// The steps of K7 (one game) and K8 (best of three), in their order.
const (
	// K7, after each player with 6 or more Æmber forged one key.
	StepKeys        KeyForgeStep = "most keys"
	StepAember      KeyForgeStep = "most Æmber"
	StepChains      KeyForgeStep = "fewest chains"
	StepCreatures   KeyForgeStep = "most friendly creatures in play"
	StepFirstPlayer KeyForgeStep = "first player"
	// K8.
	StepGamesWon    KeyForgeStep = "most games won"
	StepMatchKeys   KeyForgeStep = "most keys over the match"
	StepMatchAember KeyForgeStep = "most Æmber left over the match"
	StepMatchChains KeyForgeStep = "fewest chains over the match"
	StepFirstGame   KeyForgeStep = "winner of the first game"
)

// stepNames are the steps' keys, for the translation files.
var stepNames = map[KeyForgeStep]string{
	StepKeys: i18n.K("most keys"), StepAember: i18n.K("most Æmber"), StepChains: i18n.K("fewest chains"),
	StepCreatures: i18n.K("most friendly creatures in play"), StepFirstPlayer: i18n.K("first player"),
	StepGamesWon: i18n.K("most games won"), StepMatchKeys: i18n.K("most keys over the match"),
	StepMatchAember: i18n.K("most Æmber left over the match"), StepMatchChains: i18n.K("fewest chains over the match"),
	StepFirstGame: i18n.K("winner of the first game"),
}

// In says the step in l.
func (s KeyForgeStep) In(l i18n.Lang) string {
	if k, ok := stepNames[s]; ok {
		return i18n.T(l, k)
	}
	return string(s)
}

// KeyForgePlayer is what a judge counts for one player of a KeyForge game
// when time was called and the turn steps are over with nobody at three
// keys (K7).
type KeyForgePlayer struct {
	// Name is used in the explanation; "Player 1" or "Player 2" if empty.
	Name string
	// Keys forged so far: 0 to 2 (three keys would have won the game).
	Keys int
	// Aember is the Æmber in the player's pool.
	Aember int
	// Chains the player has.
	Chains int
	// Creatures is the number of friendly creatures in play.
	Creatures int
	// First marks the player who took the first turn of the game.
	First bool
}

// KeyForgeGameDecision is the outcome of K7's tie-breaker.
type KeyForgeGameDecision struct {
	// Winner is 1 or 2: the player who wins the game.
	Winner int
	// Step is the step that decided.
	Step KeyForgeStep
	// Explanation says in a sentence or two who won and why.
	Explanation Explanation
	// Forged marks the players who forged a key in the first step.
	Forged [2]bool
	// After holds the counts after the first step: keys forged, and Æmber
	// less the keys' cost. K8 records these for the game ("including
	// effects of tie-breaker steps").
	After [2]KeyForgePlayer
}

// KeyForgeGameAtTime decides a KeyForge game at time by K7 (document 000,
// "Going to Time in Elimination Rounds"), after the turn steps:
//  1. each player with 6 or more Æmber forges one key, paying 6 Æmber;
//  2. most keys; 3. most Æmber left (after paying); 4. fewest chains;
//  5. most friendly creatures in play; 6. the first player.
//
// It returns an error (event.ErrInvalid) when the counts are impossible.
func KeyForgeGameAtTime(players [2]KeyForgePlayer) (KeyForgeGameDecision, error) {
	if err := checkKeyForgePlayers(players); err != nil {
		return KeyForgeGameDecision{}, err
	}
	d := KeyForgeGameDecision{After: players}
	var forged []any
	for i := range d.After {
		p := &d.After[i]
		if p.Aember >= KeyForgeKeyCost {
			d.Forged[i] = true
			p.Keys++
			p.Aember -= KeyForgeKeyCost
			forged = append(forged, i18n.F("%s forged a key (%d of %d Æmber spent)", name(players, i), KeyForgeKeyCost, players[i].Aember))
		}
	}
	a, b := d.After[0], d.After[1]
	var tied []any
	var won i18n.Text
	decide := func(step KeyForgeStep, x, y int, most bool, what i18n.Text) bool {
		w, hi, lo, ok := stepDecides(x, y, most)
		if !ok {
			tied = append(tied, i18n.F("%s (%d)", what, x))
			return false
		}
		d.Step, d.Winner = step, w
		won = i18n.F("%s wins on %s, %d to %d.", name(players, w-1), step, hi, lo)
		return true
	}
	switch {
	case decide(StepKeys, a.Keys, b.Keys, true, i18n.F("keys")):
	case decide(StepAember, a.Aember, b.Aember, true, i18n.F("Æmber")):
	case decide(StepChains, a.Chains, b.Chains, false, i18n.F("chains")):
	case decide(StepCreatures, a.Creatures, b.Creatures, true, i18n.F("creatures")):
	default:
		d.Step = StepFirstPlayer
		d.Winner = 1
		if b.First {
			d.Winner = 2
		}
		won = i18n.F("%s wins as the first player.", name(players, d.Winner-1))
	}
	if len(forged) > 0 {
		d.Explanation = append(d.Explanation, i18n.F("At time %s.", list(forged)))
	}
	if len(tied) > 0 {
		d.Explanation = append(d.Explanation, i18n.F("Tied on %s.", list(tied)))
	}
	d.Explanation = append(d.Explanation, won)
	return d, nil
}

func checkKeyForgePlayers(players [2]KeyForgePlayer) error {
	firsts := 0
	for i, p := range players {
		n := name(players, i)
		switch {
		case p.Keys < 0 || p.Keys > 2:
			if p.Keys == 3 {
				return event.Invalidf("%s has three keys and so has won the game: record the win, no tie-breaker is needed", n)
			}
			return event.Invalidf("%s: keys forged are 0 to 2 before the tie-breaker, not %d", n, p.Keys)
		case p.Aember < 0:
			return event.Invalidf("%s: Æmber cannot be negative (%d)", n, p.Aember)
		case p.Chains < 0:
			return event.Invalidf("%s: chains cannot be negative (%d)", n, p.Chains)
		case p.Creatures < 0:
			return event.Invalidf("%s: friendly creatures in play cannot be negative (%d)", n, p.Creatures)
		}
		if p.First {
			firsts++
		}
	}
	if firsts != 1 {
		return event.Invalidf("mark exactly one player as the first player (%d marked)", firsts)
	}
	return nil
}

// KeyForgeTally is what K8 records for one player after each game: keys
// forged, Æmber left and chains, including the effects of the game's
// tie-breaker steps if it went to time.
type KeyForgeTally struct {
	Keys   int
	Aember int
	Chains int
}

// KeyForgeGameRecord is one finished game of a best-of-three match.
type KeyForgeGameRecord struct {
	Players [2]KeyForgeTally
	// Winner is 1 or 2.
	Winner int
}

// KeyForgeMatch is a best-of-three match when time is called (K8).
type KeyForgeMatch struct {
	// Names are used in the explanation; "Player 1", "Player 2" if empty
	// (they replace the names in InProgress).
	Names [2]string
	// Games are the games finished before time, in order.
	Games []KeyForgeGameRecord
	// InProgress is the game being played when time was called, counted
	// after its turn steps; nil when time was called between games.
	InProgress *[2]KeyForgePlayer
}

// KeyForgeMatchDecision is the outcome of a best-of-three match at time.
type KeyForgeMatchDecision struct {
	// Winner is 1 or 2: the player who wins the match.
	Winner int
	// Step is the step of K8 that decided.
	Step KeyForgeStep
	// Explanation says who won and why, starting with the game in
	// progress if there was one.
	Explanation Explanation
	// Game is the K7 decision of the game in progress; nil if none.
	Game *KeyForgeGameDecision
	// Games are all games counted: the finished ones, then the game in
	// progress as K7 decided it (its After counts recorded).
	Games []KeyForgeGameRecord
	// GamesWon counts each player's games.
	GamesWon [2]int
}

// KeyForgeMatchAtTime decides a best-of-three match at time by K8
// (document 000, "Going to Time in Playoff Rounds"): the game in progress
// is first decided by K7 and recorded with its tie-breaker's effects; then
// the match goes to the player with 1. most games won; 2. most keys over
// the match; 3. most Æmber left over the match; 4. fewest chains over the
// match; 5. the winner of the first game. The totals are over every game
// recorded, the one decided at time included.
func KeyForgeMatchAtTime(m KeyForgeMatch) (KeyForgeMatchDecision, error) {
	names := [2]KeyForgePlayer{{Name: m.Names[0]}, {Name: m.Names[1]}}
	d := KeyForgeMatchDecision{}
	if err := checkKeyForgeGames(m, names); err != nil {
		return d, err
	}
	d.Games = append(d.Games, m.Games...)
	var pre Explanation
	if m.InProgress != nil {
		players := *m.InProgress
		players[0].Name, players[1].Name = m.Names[0], m.Names[1]
		g, err := KeyForgeGameAtTime(players)
		if err != nil {
			return KeyForgeMatchDecision{}, event.Invalidf("game %d, in progress at time: %s", len(m.Games)+1, event.Message(err))
		}
		d.Game = &g
		rec := KeyForgeGameRecord{Winner: g.Winner}
		for i, p := range g.After {
			rec.Players[i] = KeyForgeTally{Keys: p.Keys, Aember: p.Aember, Chains: p.Chains}
		}
		d.Games = append(d.Games, rec)
		pre = Explanation{i18n.F("Game %d at time: %s", len(d.Games), g.Explanation)}
	}
	var keys, aember, chains [2]int
	for _, g := range d.Games {
		d.GamesWon[g.Winner-1]++
		for i, p := range g.Players {
			keys[i] += p.Keys
			aember[i] += p.Aember
			chains[i] += p.Chains
		}
	}
	var tied []any
	var won i18n.Text
	decide := func(step KeyForgeStep, v [2]int, most bool, what i18n.Text) bool {
		w, hi, lo, ok := stepDecides(v[0], v[1], most)
		if !ok {
			tied = append(tied, i18n.F("%s (%d)", what, v[0]))
			return false
		}
		d.Step, d.Winner = step, w
		won = i18n.F("%s wins the match: %s, %d to %d.", name(names, w-1), step, hi, lo)
		return true
	}
	switch {
	case decide(StepGamesWon, d.GamesWon, true, i18n.F("games won")):
	case decide(StepMatchKeys, keys, true, i18n.F("keys")):
	case decide(StepMatchAember, aember, true, i18n.F("Æmber left")):
	case decide(StepMatchChains, chains, false, i18n.F("chains")):
	default:
		d.Step = StepFirstGame
		d.Winner = d.Games[0].Winner
		won = i18n.F("%s wins the match as the winner of the first game.", name(names, d.Winner-1))
	}
	d.Explanation = pre
	if len(tied) > 0 {
		d.Explanation = append(d.Explanation, i18n.F("Over the match tied on %s.", list(tied)))
	}
	d.Explanation = append(d.Explanation, won)
	return d, nil
}

func checkKeyForgeGames(m KeyForgeMatch, names [2]KeyForgePlayer) error {
	played := len(m.Games)
	if m.InProgress != nil {
		played++
	}
	switch {
	case played == 0:
		return event.Invalid("no game was played: record the games of the match (or the game in progress) to decide it at time")
	case played > 3:
		return event.Invalidf("a best of three has at most 3 games, not %d", played)
	}
	var won [2]int
	for g, rec := range m.Games {
		n := g + 1
		if rec.Winner != 1 && rec.Winner != 2 {
			return event.Invalidf("game %d: choose its winner, player 1 or 2", n)
		}
		if w := winnerOf(won); w >= 0 {
			return event.Invalidf("%s had already won the match in game %d, so game %d cannot follow", name(names, w), g, n)
		}
		won[rec.Winner-1]++
		for i, p := range rec.Players {
			who := name(names, i)
			switch {
			case p.Keys < 0 || p.Keys > 3:
				return event.Invalidf("game %d: %s forged %d keys; a game has 0 to 3", n, who, p.Keys)
			case p.Keys == 3 && rec.Winner != i+1:
				return event.Invalidf("game %d: %s forged three keys, so %s won that game, not the opponent", n, who, who)
			case p.Aember < 0:
				return event.Invalidf("game %d: %s's Æmber left cannot be negative (%d)", n, who, p.Aember)
			case p.Chains < 0:
				return event.Invalidf("game %d: %s's chains cannot be negative (%d)", n, who, p.Chains)
			}
		}
	}
	if w := winnerOf(won); w >= 0 && m.InProgress != nil {
		return event.Invalidf("%s had already won the match in game %d, so no game can be in progress", name(names, w), len(m.Games))
	}
	return nil
}

// winnerOf is the index of the player with two games won, or -1.
func winnerOf(won [2]int) int {
	for i, w := range won {
		if w >= 2 {
			return i
		}
	}
	return -1
}

// name is player i's name for an explanation: the name typed, else
// "Player 1" said in the reader's language.
func name(players [2]KeyForgePlayer, i int) any {
	if n := strings.TrimSpace(players[i].Name); n != "" {
		return n
	}
	return i18n.F("Player %d", i+1)
}

// Explanation is a decision's sentences, said one after another in the
// reader's language.
type Explanation []i18n.Text

// In says the explanation in l.
func (e Explanation) In(l i18n.Lang) string { return i18n.JoinIn(l, e, " ") }

// String says the explanation in English.
func (e Explanation) String() string { return e.In(i18n.English) }

// andList is a list said as "a, b and c" in the reader's language; its
// items are strings or Texts.
type andList []any

// In says the list in l.
func (a andList) In(l i18n.Lang) string {
	items := make([]string, len(a))
	for i, x := range a {
		items[i] = i18n.T(l, "%s", x)
	}
	if len(items) <= 1 {
		return strings.Join(items, "")
	}
	return i18n.T(l, "%s and %s", strings.Join(items[:len(items)-1], ", "), items[len(items)-1])
}

// String says the list in English.
func (a andList) String() string { return a.In(i18n.English) }

// list joins items as "a, b and c" in the reader's language.
func list(items []any) andList { return andList(items) }

// stepDecides compares the two players' counts at one step of a K7 or K8
// order: ok is false on a tie; otherwise winner is 1 or 2, and won and
// lost are the winner's and the loser's counts (with most false, fewest
// wins, so won is the lower).
func stepDecides(x, y int, most bool) (winner, won, lost int, ok bool) {
	if x == y {
		return 0, 0, 0, false
	}
	winner = 1
	if (x < y) == most {
		winner = 2
	}
	won, lost = max(x, y), min(x, y)
	if !most {
		won, lost = lost, won
	}
	return winner, won, lost, true
}
