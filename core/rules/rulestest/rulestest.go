// Package rulestest builds games in core alone for the tests of the
// front-ends that render core/rules' values: a game registered for one
// test, with a match slip and an at-time procedure of its own, which no
// front-end code knows.
package rulestest

import (
	"strconv"
	"testing"

	"tablekeeper/core/event"
	"tablekeeper/core/i18n"
	"tablekeeper/core/rules"
)

// GemDuel is the key of the game Register adds.
const GemDuel = "gem-duel"

// GemDuelSlip is Gem Duel's match slip: per game and player a tick for
// the winner and the gems and crowns won, the games won over the match, and
// two signatures. Its words are not in the translation files, so they
// print as written.
var GemDuelSlip = rules.SlipSpec{
	Name:       "Gem Duel",
	Layout:     rules.SlipByGame,
	Seats:      2,
	SeatsRule:  "a Gem Duel is between 2 players",
	GameBoxes:  []rules.SlipBox{{Label: "Won", Tick: true}, {Label: "Gems"}, {Label: "Crowns"}},
	Total:      "Total",
	TotalOne:   "Crowns",
	Signatures: []string{"First duellist", "Second duellist"},
}

// Register adds Gem Duel, a two-player game of best-of-three Swiss with
// the slip GemDuelSlip, to the catalogue until the test ends, and returns
// an event of it.
func Register(t testing.TB) event.Event {
	t.Helper()
	slip := rules.AddSlip(GemDuelSlip)
	s := event.Settings{
		Structure:     event.StructureSwiss,
		TableSize:     2,
		GamesPerMatch: 3,
		RoundMinutes:  40,
		Points:        event.Points{Win: 3, Draw: 1, Bye: 3},
		Tiebreakers:   []string{rules.TieOpponentsMatchWin},
	}
	g := rules.Game{Key: GemDuel, Name: "Gem Duel", Formats: []rules.Format{{Key: "duel", Name: "Duel", Defaults: s}}}.WithSlip(slip).WithAtTime(GemDuelAtTime)
	t.Cleanup(rules.Register(g))
	return event.Event{Name: "Gem night", Game: GemDuel, Format: "duel", Settings: s}
}

// Stats keys a Gem Duel decided at time records for each player.
const (
	StatCrowns = "crowns"
	StatGems   = "gems"
)

// GemDuelAtTime is Gem Duel's form at time: each player's crowns and gems
// on the table (at most 9 crowns), a heading over the names that says who
// leads, and a preview of each row's standing. Most crowns wins the game
// at time, then most gems; level on both, the game is drawn. A saved
// result is typed back for a correction. Its words are plain, said as
// written in every language.
func GemDuelAtTime(t rules.AtTimeTable) rules.AtTimeForm {
	rows := [][]rules.AtTimeCell{{
		{Kind: rules.CellHeading, ID: "leader"}, {Kind: rules.CellHeading, Text: i18n.Plain("Crowns")},
		{Kind: rules.CellHeading, Text: i18n.Plain("Gems")}, {Kind: rules.CellHeading, Text: i18n.Plain("Standing"), Trailing: true},
	}}
	for i, name := range t.Names {
		crowns := rules.AtTimeCell{Kind: rules.CellEntry, ID: gemID(i, StatCrowns), Placeholder: "0", Allow: rules.Digits}
		gems := rules.AtTimeCell{Kind: rules.CellEntry, ID: gemID(i, StatGems), Placeholder: "0", Allow: rules.Digits}
		if t.Saved != nil && t.Saved.TimeOut && len(t.Saved.Seats) == 2 && len(t.Saved.Seats[i].Games) == 1 {
			st := t.Saved.Seats[i].Games[0].Stats
			crowns.Value, gems.Value = strconv.Itoa(st[StatCrowns]), strconv.Itoa(st[StatGems])
		}
		rows = append(rows, []rules.AtTimeCell{{Kind: rules.CellName, Text: i18n.Plain(name)}, crowns, gems,
			{Kind: rules.CellPreview, ID: gemID(i, "standing"), Trailing: true}})
	}
	names := t.Names
	return rules.AtTimeForm{
		Rule:    i18n.Plain("Gem Duel at time: count each duellist's crowns and gems. Most crowns wins, then most gems; level on both, the game is drawn."),
		Hint:    i18n.Plain("Tab moves · Enter saves · Esc cancels."),
		Columns: []rules.AtTimeColumn{{Width: 200, Grow: 1}, {Width: 80}, {Width: 80}, {Width: 100}},
		Rows:    rows,
		Titles: func(a rules.AtTimeAnswers) map[string]i18n.Text {
			title := "Duellist"
			if w, _, err := gemDecide(a); err == nil && w >= 0 {
				title = "Duellist (" + names[w] + " leads)"
			}
			return map[string]i18n.Text{"leader": i18n.Plain(title)}
		},
		Decide: func(a rules.AtTimeAnswers) (rules.AtTimeOutcome, error) {
			w, counts, err := gemDecide(a)
			if err != nil {
				return rules.AtTimeOutcome{}, err
			}
			res := event.Result{TimeOut: true, Seats: make([]event.SeatResult, 2)}
			out := rules.AtTimeOutcome{Result: res, Previews: map[string]rules.AtTimePreview{}}
			for i := range res.Seats {
				won := i == w
				res.Seats[i] = event.SeatResult{GamesWon: b2i(won), Games: []event.GameDetail{{Won: won, Stats: map[string]int{StatCrowns: counts[i][0], StatGems: counts[i][1]}}}}
				standing := "behind"
				switch {
				case w < 0:
					standing = "level"
				case won:
					standing = "ahead"
				}
				out.Previews[gemID(i, "standing")] = rules.AtTimePreview{Text: i18n.Plain(standing), Bold: won}
			}
			out.Headline = i18n.Plain("a drawn game")
			if w >= 0 {
				out.Headline = i18n.Plain(names[w] + " wins at time")
			} else {
				res.GamesDrawn = 1
			}
			out.Result = res
			return out, nil
		},
	}
}

// gemID is the ID of player i's cell what.
func gemID(i int, what string) string { return "p" + strconv.Itoa(i+1) + "." + what }

// gemDecide reads both players' crowns and gems and returns the winner's
// seat index, -1 for a drawn game.
func gemDecide(a rules.AtTimeAnswers) (int, [2][2]int, error) {
	var c [2][2]int
	for i := range c {
		var err error
		who := "duellist " + strconv.Itoa(i+1)
		if c[i][0], err = rules.AtTimeCount(a.Text(gemID(i, StatCrowns)), who, i18n.Plain("crowns"), 9); err != nil {
			return -1, c, err
		}
		if c[i][1], err = rules.AtTimeCount(a.Text(gemID(i, StatGems)), who, i18n.Plain("gems"), 99); err != nil {
			return -1, c, err
		}
	}
	for k := range 2 {
		if c[0][k] != c[1][k] {
			return b2i(c[1][k] > c[0][k]), c, nil
		}
	}
	return -1, c, nil
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
