package rules

import (
	"tablekeeper/core/event"
	"tablekeeper/core/i18n"
)

// PlaysEveryGame reports whether a two-player match of an event with
// settings s plays all its games even once a player has won it, so that a
// 3–0 in a best of three is a result. Rule H6 (Heresy 002, 4.2.1): "due to
// the bye system recommended below, all three games of each match should
// be played if possible", because 4.2.2 gives byes by lost games.
func PlaysEveryGame(s event.Settings) bool {
	return s.Structure == event.StructureArmageddon
}

// CheckMatch reports whether res is a possible result of a two-player
// match of best of bestOf in an event with settings s, with a sentence
// that says what is wrong. Most formats stop a match once a player has won
// it (no 3–0 in a best of three: event.Result.CheckTwoPlayer). Where every
// game is played (PlaysEveryGame, H6) a player may win every game of the
// match, as long as no more games are reported than the match has; a match
// that stopped early (2–0, or 1–0 when time expired in game 1, 4.2.5) is a
// result too.
func CheckMatch(s event.Settings, res event.Result, bestOf int) error {
	if !PlaysEveryGame(s) {
		return res.CheckTwoPlayer(bestOf)
	}
	if len(res.Seats) != 2 {
		return event.Invalidf("a two-player result needs two seats, not %d", len(res.Seats))
	}
	bestOf = max(bestOf, 1)
	a, b, d := res.Seats[0].GamesWon, res.Seats[1].GamesWon, res.GamesDrawn
	switch {
	case a < 0 || b < 0 || d < 0:
		return event.Invalid("games won and drawn cannot be negative")
	case a+b+d > bestOf:
		return event.Invalidf("a match here has %d games, all played (H6, 4.2.1), so %d–%d adds up to too many; type the games each player won, e.g. 3-0 or 2-1", bestOf, a, b)
	case a+b+d == 0 && !res.TimeOut:
		return event.Invalid("a result needs at least one game played, or the time-out flag for an unplayed match")
	}
	return nil
}

// MatchNote returns the sentence that the result form and the match slip
// of a two-player match of event e in round r carry beyond the score, or
// "" when the format needs none. Front-ends print it as it is, so that the
// game's rule lives here and not in a screen or a report.
//
//   - K6: in a KeyForge playoff match of more than one game, the loser of
//     the previous game chooses who goes first in the next one.
//   - H6: an Armageddon match plays all three games (4.2.1), because byes
//     go by lost games (4.2.2), so a 3–0 is a result.
func MatchNote(e event.Event, r event.Round) i18n.Text {
	bestOf := r.GamesPerMatch(e.Settings)
	switch {
	case e.Settings.Structure == event.StructureKeyForge && r.Stage == event.StagePlayoff && bestOf > 1:
		return i18n.F("%s: the loser of the previous game chooses who goes first (K6).", laterGames(bestOf))
	case PlaysEveryGame(e.Settings) && bestOf > 1:
		return i18n.F("Play all %d games, even after the match is won: byes go to the fewest lost games (H6), so %d-0 is a result.", bestOf, bestOf)
	}
	return i18n.Text{}
}

// laterGames names the games after the first of a match of bestOf games:
// "Game 2" of two, "Games 2 and 3" of three, "Games 2 to 5" of five.
func laterGames(bestOf int) i18n.Text {
	switch bestOf {
	case 2:
		return i18n.F("Game 2")
	case 3:
		return i18n.F("Games 2 and 3")
	}
	return i18n.F("Games 2 to %d", bestOf)
}
