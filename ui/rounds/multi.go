package rounds

import (
	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/core/rules"
	"tablekeeper/ui/internal/tr"
)

// This file holds the words and the arithmetic of multiplayer results
// (tables of three to five seats: Heresy, Shadowfist, placement formats),
// apart from the widgets that show them.

// Multiplayer reports whether a round is played at multiplayer tables:
// the event seats more than two a table, or a table of the round does. A
// team event's tables of four are not: they are two-player matches between
// teams (see Teams).
func Multiplayer(sh director.Sheet) bool {
	if Teams(sh) {
		return false
	}
	seats := 0
	for _, t := range sh.Tables {
		seats = max(seats, len(t.Players))
	}
	return rules.MultiplayerResult(sh.Event.Settings, seats)
}

// MultiResultText is a multiplayer result in one line, seat by seat:
// "Ada 5 · Bob 14 (won) · Cy 9", "… · time-out" when time ran out (core's
// rules.MultiResultLine, said in the screens' language).
func MultiResultText(players []director.SheetPlayer, s event.Settings, r event.Result) string {
	names := make([]string, len(players))
	for i, p := range players {
		names[i] = p.Name
	}
	return tr.Text(rules.MultiResultLine(rules.MultiFormFor(s), r, names))
}

// MultiSaved is the status line after a multiplayer result is saved:
// "Table 3 saved: Ada 5 · Bob 14 (won) · Cy 9", or "Table 3 corrected: …
// (was …)" when it replaced one. The result given is the one the director
// saved, scores filled in.
func MultiSaved(t director.SheetTable, s event.Settings, res event.Result) string {
	text := MultiResultText(t.Players, s, res)
	if t.Result != nil {
		return tr.F("Table %d corrected: %s (was %s)", t.Number, text, MultiResultText(t.Players, s, *t.Result))
	}
	return tr.F("Table %d saved: %s", t.Number, text)
}
