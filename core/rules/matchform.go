package rules

import (
	"fmt"
	"strconv"
	"strings"

	"tablekeeper/core/event"
	"tablekeeper/core/i18n"
)

// This file is the result form of a two-player match (and of a team
// match, which is typed the same way): its hint, its placeholder and its
// parser, shared by every front-end.

// ResultHint is the line under the result field for a round of best of
// bestOf: the match length, the syntax ParseResult reads with examples
// that fit the match, and the keys that move between the fields. Where
// the game or round has no draws (rules.MatchDraws), draws are left out.
func ResultHint(bestOf int, draws bool) i18n.Text {
	return i18n.F("%s %s", ResultSyntax(bestOf, draws), i18n.F("Enter in Table moves to Result; Enter in Result saves."))
}

// ResultSyntax is ResultHint without the keys of the organizer's fields:
// the match length and the syntax ParseResult reads, for a result typed
// elsewhere (a player's phone).
func ResultSyntax(bestOf int, draws bool) i18n.Text { return resultSyntax(bestOf, draws, false) }

// resultSyntax is ResultSyntax, its sides named as seats or, for a team
// match, as teams.
func resultSyntax(bestOf int, draws, teams bool) i18n.Text {
	bestOf = max(bestOf, 1)
	examples := resultExamples(bestOf, draws)
	timeOut := i18n.F("t after the result: time was called (2-0 t).")
	switch {
	case !draws && teams:
		return i18n.F("Best of %d. Result: team A games – team B games, %s; no draws. 21 = 2-1. %s", bestOf, examples, timeOut)
	case !draws:
		return i18n.F("Best of %d. Result: seat 1 games – seat 2 games, %s; no draws. 21 = 2-1. %s", bestOf, examples, timeOut)
	case teams:
		return i18n.F("Best of %d. Result: team A games – team B games [– drawn games], %s. d or draw = one drawn game (0-0-1); 21 = 2-1. %s", bestOf, examples, timeOut)
	}
	return i18n.F("Best of %d. Result: seat 1 games – seat 2 games [– drawn games], %s. d or draw = one drawn game (0-0-1); 21 = 2-1. %s", bestOf, examples, timeOut)
}

// resultExamples are the results a match of best of bestOf takes, with
// or without drawn games ("e.g. 1-0, 0-1" in a best of one).
func resultExamples(bestOf int, draws bool) i18n.Text {
	if bestOf < 1 {
		bestOf = 1
	}
	need := bestOf/2 + 1
	switch {
	case bestOf == 1:
		return i18n.F("e.g. 1-0, 0-1")
	case bestOf == 2 && draws:
		return i18n.F("e.g. 2-0, 1-1, 0-2")
	case bestOf == 2:
		return i18n.F("e.g. 2-0, 0-2")
	case draws:
		return i18n.F("e.g. %d-%d, %d-0, 0-%d, %d-%d, 1-1-1", need, need-1, need, need, need-1, need-1)
	default:
		return i18n.F("e.g. %d-%d, %d-0, 0-%d", need, need-1, need, need)
	}
}

// ParseResultFor is ParseResult for a match of best of bestOf, with or
// without draws: a text that is no result is refused with the results
// this match takes (1-0 or 0-1 in a best of one without draws), never
// with a syntax it would refuse (1-1-1, d).
func ParseResultFor(text string, bestOf int, draws bool) (event.Result, error) {
	res, err := ParseResult(text)
	if err == nil {
		return res, nil
	}
	examples := resultExamples(bestOf, draws)
	switch {
	case strings.TrimSpace(text) == "" && draws:
		return res, event.Invalidf("type a result: the games each side won, %s, or d for a drawn game", examples)
	case strings.TrimSpace(text) == "":
		return res, event.Invalidf("type a result: the games each side won, %s", examples)
	case draws:
		return res, event.Invalidf("%q is not a result; type the games each side won, %s, or d for a drawn game", text, examples)
	}
	return res, event.Invalidf("%q is not a result; type the games each side won, %s", text, examples)
}

// TeamResultHint is ResultHint for a team event, whose tables are matches
// between team A and team B.
func TeamResultHint(bestOf int, draws bool) i18n.Text {
	return i18n.F("%s %s", TeamResultSyntax(bestOf, draws), i18n.F("Enter in Table moves to Result; Enter in Result saves."))
}

// TeamResultSyntax is ResultSyntax for a team event.
func TeamResultSyntax(bestOf int, draws bool) i18n.Text { return resultSyntax(bestOf, draws, true) }

// ResultPlaceholder is the example in the empty Result field: the
// closest win of a best of bestOf, "2-1" in a best of three.
func ResultPlaceholder(bestOf int) string {
	need := max(bestOf, 1)/2 + 1
	return fmt.Sprintf("%d-%d", need, need-1)
}

// ParseResult reads a two-player result as a scorekeeper types it:
//
//	2-1     seat 1 won two games, seat 2 one
//	1-1-1   one game each and one drawn game
//	d, draw one drawn game (0-0-1), the usual draw of a best of one;
//	        n and nul too, the words a French scorekeeper types
//	21, 111 the same without separators (one digit per number)
//	2-0 t   t after any of these: time was called before the match
//	        ended (it decides lost games in Armageddon, H6, and match
//	        points at a Shadowfist table, S6)
//
// The numbers may be separated by a hyphen, an en or em dash, a colon or
// spaces ("2–1", "2 - 1", "2:1"). Whether the result is possible in the
// event's format (no 3–0 in a best of three) is for the director to say.
func ParseResult(text string) (event.Result, error) {
	s := strings.ToLower(strings.TrimSpace(text))
	if s == "" {
		return event.Result{}, event.Invalid("type a result such as 2-1, 1-1-1 or d")
	}
	if rest, ok := strings.CutSuffix(s, "t"); ok && strings.TrimSpace(rest) != "" {
		res, err := ParseResult(rest)
		if err != nil {
			return res, err
		}
		res.TimeOut = true
		return res, nil
	}
	switch s {
	case "d", "draw", "n", "nul":
		return gamesWon(0, 0, 1), nil
	}
	if compact(s) {
		// "21" is 2-1 and "111" is 1-1-1: no match needs ten games.
		return gamesWon(int(s[0]-'0'), int(s[1]-'0'), int(s[len(s)-1]-'0')*(len(s)-2)), nil
	}
	parts := strings.FieldsFunc(s, func(r rune) bool {
		switch r {
		case '-', '–', '—', '‒', '−', ':', ' ', '\t':
			return true
		}
		return false
	})
	if len(parts) < 2 || len(parts) > 3 {
		return event.Result{}, event.Invalidf("%q is not a result; type games won like 2-1, with drawn games third (1-1-1), or d for a draw", text)
	}
	var n [3]int
	for i, p := range parts {
		v, err := strconv.Atoi(p)
		if err != nil || v < 0 || v > 99 {
			return event.Result{}, event.Invalidf("%q is not a result; type games won like 2-1, with drawn games third (1-1-1), or d for a draw", text)
		}
		n[i] = v
	}
	return gamesWon(n[0], n[1], n[2]), nil
}

// compact reports whether s is two or three digits with nothing between.
func compact(s string) bool {
	if len(s) < 2 || len(s) > 3 {
		return false
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

func gamesWon(a, b, drawn int) event.Result {
	return event.Result{Seats: []event.SeatResult{{GamesWon: a}, {GamesWon: b}}, GamesDrawn: drawn}
}
