package rules

import (
	"fmt"

	"tablekeeper/core/event"
	"tablekeeper/core/i18n"
)

// This file is a two-player (or team) match's result asked and said in
// words: the results a player taps on her phone ("who won?", then the
// games from the winner's point of view), and a result said with the
// players' names ("Ada won 2–1"). A player who types "her" score first
// from seat 2 would otherwise record her opponent as the winner: the
// choices carry the seat-ordered line, so nobody has to know the seats.

// MatchChoice is one result of a match a player can choose: who won, and
// the games as the winner says them.
type MatchChoice struct {
	// Winner is the seat that won the match, 1 or 2; 0 is a draw.
	Winner int
	// Won and Lost are the winner's games and the loser's (for a draw,
	// each side's); Drawn are the drawn games.
	Won, Lost, Drawn int
}

// Games says the score from the winner's point of view: "2–1", "1–1–1"
// with drawn games (Score).
func (c MatchChoice) Games() i18n.Text { return Score(c.Won, c.Lost, c.Drawn) }

// Line is the choice in the seat-ordered syntax ParseResult reads and the
// report API takes: seat 1's games first, "1-2" when seat 2 won 2–1.
func (c MatchChoice) Line() string {
	a, b := c.Won, c.Lost
	if c.Winner == 2 {
		a, b = b, a
	}
	if c.Drawn > 0 {
		return fmt.Sprintf("%d-%d-%d", a, b, c.Drawn)
	}
	return fmt.Sprintf("%d-%d", a, b)
}

// Result is the choice as a two-seat result.
func (c MatchChoice) Result() event.Result {
	r, _ := ParseResult(c.Line()) // a line of digits and hyphens always reads
	return r
}

// MatchChoices lists the results a player chooses from on a match's
// report form in an event with settings s, for a match of best of bestOf
// where draws says whether it may end drawn (MatchDraws): seat 1's wins,
// seat 2's, then the draws. A match that stops once won lists each
// finished score (2–0, 2–1 in a best of three; 1–0 in a best of one);
// where every game is played (PlaysEveryGame, H6) it lists the scores of
// all the games. The draws are those of equal games, with or without a
// drawn game ("d", 0–0–1, is a best of one's). A result these leave out
// (time called in game 2, a drawn game in a won match) is still typed in
// the form's syntax.
func MatchChoices(s event.Settings, bestOf int, draws bool) []MatchChoice {
	bestOf = max(bestOf, 1)
	need := bestOf/2 + 1
	var wins, drawn []MatchChoice
	if PlaysEveryGame(s) {
		// Every game is played: the games add up to bestOf.
		for w := bestOf; w >= 0; w-- {
			for l := min(w, bestOf-w); l >= 0; l-- {
				c := MatchChoice{Won: w, Lost: l, Drawn: bestOf - w - l}
				if w > l {
					wins = append(wins, c)
				} else if draws {
					drawn = append(drawn, c)
				}
			}
		}
	} else {
		for l := 0; l < need; l++ {
			wins = append(wins, MatchChoice{Won: need, Lost: l})
		}
		if draws {
			drawn = matchDraws(bestOf)
		}
	}
	out := make([]MatchChoice, 0, 2*len(wins)+len(drawn))
	for _, seat := range []int{1, 2} {
		for _, c := range wins {
			c.Winner = seat
			out = append(out, c)
		}
	}
	return append(out, drawn...)
}

// matchDraws are the drawn results of a match of bestOf games that stops
// once won: equal games (1–1 …), then equal games and one drawn game
// (0–0–1, 1–1–1 …).
func matchDraws(bestOf int) []MatchChoice {
	var out []MatchChoice
	for k := 1; 2*k <= bestOf; k++ {
		out = append(out, MatchChoice{Won: k, Lost: k})
	}
	for k := 0; 2*k+1 <= bestOf; k++ {
		out = append(out, MatchChoice{Won: k, Lost: k, Drawn: 1})
	}
	return out
}

// ResultSaid says a table's result with its players' names, in the
// reader's language: "Ada won 2–1" (the winner's games first, whatever
// her seat), "draw 1–1", "draw" for a best of one's drawn game, with
// "(time called)" when time ran out. names are the sides in seat order:
// the players, or a team match's two teams with the two-seat result of
// event.TeamMatch. A multiplayer table is said seat by seat
// (MultiResultLine). A side beyond names is called "seat N".
func ResultSaid(s event.Settings, r event.Result, names []string) i18n.Text {
	if len(r.Seats) != 2 {
		return MultiResultLine(MultiFormFor(s), r, names)
	}
	side := func(i int) any {
		if i < len(names) {
			return names[i]
		}
		return i18n.F("seat %d", i+1)
	}
	a, b := r.Seats[0].GamesWon, r.Seats[1].GamesWon
	var said i18n.Text
	switch r.Outcome(0) {
	case event.Win:
		said = i18n.F("%[1]s won %[2]s", side(0), Score(a, b, r.GamesDrawn))
	case event.Loss:
		said = i18n.F("%[1]s won %[2]s", side(1), Score(b, a, r.GamesDrawn))
	case event.Draw:
		if a == 0 && r.GamesDrawn <= 1 {
			said = i18n.F("draw")
		} else {
			said = i18n.F("draw %s", Score(a, b, r.GamesDrawn))
		}
	}
	if r.TimeOut {
		said = i18n.F("%s (time called)", said)
	}
	return said
}
