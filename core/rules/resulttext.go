package rules

import (
	"tablekeeper/core/event"
	"tablekeeper/core/i18n"
)

// This file is the one way a result is written, on every surface: the
// desk's round screen, the judge's and the players' phones, the pages,
// the paper and the CSV, and sim. Each once wrote its own ("1-0-0" on the
// web, "1–0–0" on paper), and a player comparing her phone with the wall
// saw two results. The typographic form is the one: games separated by an
// en dash, said through i18n so a language can write it its own way.

// Score says a match's games in the order given: "2–1", and "1–1–1" with
// drawn games.
func Score(a, b, drawn int) i18n.Text {
	if drawn > 0 {
		return i18n.F("%d–%d–%d", a, b, drawn)
	}
	return i18n.F("%d–%d", a, b)
}

// Record says a win–loss–draw record: "3–1–0". The draws are always said,
// so a column of records lines up.
func Record(wins, losses, draws int) i18n.Text {
	return i18n.F("%d–%d–%d", wins, losses, draws)
}

// ResultText says table t's result in an event with settings s: "bye" for
// a bye; a match's games in seat order ("2–1", "1–1–1" with drawn games,
// "2–0 (time)" when time was called), a team match team A's first; a
// multiplayer table seat by seat (MultiResultLine: "Ada 14 (won) · Bob 5 ·
// Cy 9", "seat 1 …" beyond names). names are the players in seat order,
// or nil. A table without a result yet says nothing (the zero Text): each
// surface shows its own blank.
func ResultText(s event.Settings, t event.Table, names []string) i18n.Text {
	switch {
	case t.Bye:
		return i18n.F("bye")
	case t.Result == nil:
		return i18n.Text{}
	case MultiplayerResult(s, len(t.Seats)):
		return MultiResultLine(MultiFormFor(s), *t.Result, names)
	}
	if s.Teams() {
		t = event.TeamMatch(t)
	}
	return MatchResultText(*t.Result)
}

// MatchResultText says a two-seat result in seat order: "2–1", "1–1–1"
// with drawn games, "2–0 (time)" when time was called, "result in" for a
// result of another shape.
func MatchResultText(r event.Result) i18n.Text {
	if len(r.Seats) < 2 {
		return i18n.F("result in")
	}
	score := Score(r.Seats[0].GamesWon, r.Seats[1].GamesWon, r.GamesDrawn)
	if r.TimeOut {
		return i18n.F("%s (time)", score)
	}
	return score
}
