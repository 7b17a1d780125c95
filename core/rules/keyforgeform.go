package rules

import (
	"strconv"
	"strings"

	"tablekeeper/core/clock"
	"tablekeeper/core/event"
	"tablekeeper/core/i18n"
)

// KeyForge's forms at time: one game (K7) and a best-of-three match (K8).
// Both lay out a row per player with the same columns (player, keys,
// Æmber, chains, creatures, and the mark: first player, or winner of a
// finished game), so the games of a match line up under each other.

// Largest counts the forms accept. Keys are checked by the deciders
// (three keys win the game, so a game at time has at most two); 24 chains
// is the most a player can have; the other bounds only catch typing
// slips.
const (
	kfMaxTyped  = 99
	kfMaxChains = 24
)

// kfColumns are the columns of a KeyForge row.
var kfColumns = []AtTimeColumn{{Width: 190, Grow: 1}, {Width: 72}, {Width: 108}, {Width: 72}, {Width: 92}, {Width: 64}}

// keyforgeForm builds the form of kind for a KeyForge table.
func keyforgeForm(kind AtTime, t AtTimeTable) AtTimeForm {
	names := [2]string{t.Names[0], t.Names[1]}
	stats, recorded := KeyForgeRecordedGames(t.Saved)
	if kind == AtTimeKeyForgeMatch {
		return keyforgeMatchForm(names, t.Saved, stats, recorded)
	}
	var saved [2]map[string]int
	if recorded && len(stats[0]) == 1 {
		saved = [2]map[string]int{stats[0][0], stats[1][0]}
	}
	rows := kfGameRows("now", names, heading(i18n.F("Player")), saved)
	return AtTimeForm{
		Rule:    i18n.F("K7 · After the turn steps, count each player's keys forged, Æmber in the pool, chains and friendly creatures in play, and mark who took the first turn. A player with 6 Æmber or more forges one key (paying 6); then most keys wins, then most Æmber, fewest chains, most creatures, and last the first player."),
		Hint:    i18n.F("Tab moves · Space marks who went first · Enter saves · Esc cancels. A blank count is 0."),
		Columns: kfColumns,
		Rows:    rows,
		Decide: func(a AtTimeAnswers) (AtTimeOutcome, error) {
			players, err := kfPlayers(a, "now", names)
			if err != nil {
				return AtTimeOutcome{}, err
			}
			d, err := clock.KeyForgeGameAtTime(players)
			if err != nil {
				return AtTimeOutcome{}, err
			}
			return AtTimeOutcome{Headline: KeyForgeGameHeadline(d, names), Detail: d.Explanation, Result: KeyForgeGameResult(players, d)}, nil
		},
	}
}

// kfCountIDs are the IDs of player i's counts in game g; creatures are
// counted in the game in progress only.
func kfCountIDs(g string, i int, atTime bool) []string {
	p := g + ".p" + strconv.Itoa(i+1) + "."
	ids := []string{p + StatKeys, p + StatAember, p + StatChains}
	if atTime {
		ids = append(ids, p+StatCreatures)
	}
	return ids
}

// kfRow is player i's row of game g: the name, the counts, and the mark of
// group; saved fills the counts (nil: empty).
func kfRow(g string, i int, name string, atTime bool, group string, saved map[string]int, marked bool) []AtTimeCell {
	placeholder := ""
	if atTime {
		placeholder = "0"
	}
	row := []AtTimeCell{nameCell(name)}
	for _, id := range kfCountIDs(g, i, atTime) {
		c := entry(id, placeholder, Digits)
		if saved != nil {
			c.Value = strconv.Itoa(saved[statOf(id)])
		}
		row = append(row, c)
	}
	if !atTime {
		row = append(row, AtTimeCell{})
	}
	return append(row, AtTimeCell{Kind: CellMark, Group: group, Index: i, Marked: marked})
}

// statOf is the stat an ID ends with ("now.p1.keys": "keys").
func statOf(id string) string { return id[strings.LastIndexByte(id, '.')+1:] }

// kfGameRows lays out the game in progress g: a heading row, then a row
// per player with who went first; saved fills it from a recorded game.
func kfGameRows(g string, names [2]string, title AtTimeCell, saved [2]map[string]int) [][]AtTimeCell {
	rows := [][]AtTimeCell{{title, heading(i18n.F("Keys")), heading(i18n.F("Æmber")), heading(i18n.F("Chains")), heading(i18n.F("Creatures")), heading(i18n.F("First"))}}
	for i, name := range names {
		rows = append(rows, kfRow(g, i, name, true, g+".first", saved[i], saved[i][StatFirst] == 1))
	}
	return rows
}

// kfPlayers reads both players' counts of the game in progress g.
func kfPlayers(a AtTimeAnswers, g string, names [2]string) ([2]clock.KeyForgePlayer, error) {
	var out [2]clock.KeyForgePlayer
	for i := range out {
		p, err := kfPlayer(a, g, i, names[i], true)
		if err != nil {
			return out, err
		}
		p.Name, p.First = names[i], a.Mark(g+".first") == i
		out[i] = p
	}
	return out, nil
}

// kfPlayer reads player i's counts of game g; who names them in a
// refusal.
func kfPlayer(a AtTimeAnswers, g string, i int, who any, atTime bool) (clock.KeyForgePlayer, error) {
	var p clock.KeyForgePlayer
	ids := kfCountIDs(g, i, atTime)
	var err error
	if p.Keys, err = AtTimeCount(a.Text(ids[0]), who, i18n.F("keys forged"), kfMaxTyped); err != nil {
		return p, err
	}
	if p.Aember, err = AtTimeCount(a.Text(ids[1]), who, i18n.F("Æmber"), kfMaxTyped); err != nil {
		return p, err
	}
	if p.Chains, err = AtTimeCount(a.Text(ids[2]), who, i18n.F("chains"), kfMaxChains); err != nil {
		return p, err
	}
	if atTime {
		if p.Creatures, err = AtTimeCount(a.Text(ids[3]), who, i18n.F("friendly creatures in play"), kfMaxTyped); err != nil {
			return p, err
		}
	}
	return p, nil
}

// kfFinished names the finished games of a match: "g1" and "g2".
var kfFinished = [2]string{"g1", "g2"}

// kfBlank reports whether game g (finished before time, or the game in
// progress) is left blank.
func kfBlank(a AtTimeAnswers, g string, atTime bool) bool {
	ids := append(kfCountIDs(g, 0, atTime), kfCountIDs(g, 1, atTime)...)
	group := g + ".won"
	if atTime {
		group = g + ".first"
	}
	return blankOf(a, ids, group)
}

// keyforgeMatchForm decides a best-of-three match at time by K8: the games
// finished before time (none, one or two) and the game in progress, if
// any. A game left blank was not played.
func keyforgeMatchForm(names [2]string, saved *event.Result, stats [2][]map[string]int, recorded bool) AtTimeForm {
	var finished [2][2]map[string]int
	var won [2][2]bool
	var now [2]map[string]int
	if recorded {
		k := 0
		for g := range stats[0] {
			s := [2]map[string]int{stats[0][g], stats[1][g]}
			if _, atTime := s[0][StatFirst]; atTime {
				now = s
				break
			}
			if k < len(finished) {
				finished[k], won[k] = s, [2]bool{saved.Seats[0].Games[g].Won, saved.Seats[1].Games[g].Won}
				k++
			}
		}
	}
	var rows [][]AtTimeCell
	for k, g := range kfFinished {
		rows = append(rows, []AtTimeCell{heading(i18n.F("Game %d", k+1)), heading(i18n.F("Keys")), heading(i18n.F("Æmber left")), heading(i18n.F("Chains")), {}, heading(i18n.F("Won"))})
		for i, name := range names {
			rows = append(rows, kfRow(g, i, name, false, g+".won", finished[k][i], won[k][i]))
		}
	}
	rows = append(rows, kfGameRows("now", names, AtTimeCell{Kind: CellHeading, ID: "now"}, now)...)
	return AtTimeForm{
		Rule:    i18n.F("K8 · Fill in each game finished before time as recorded after it (keys forged, Æmber left, chains, winner), then the game in progress after its turn steps, decided by K7. Leave a game blank if it was not played. The match goes to most games won, then most keys, most Æmber left, fewest chains over the match, and last the winner of game 1."),
		Hint:    i18n.F("Tab moves · Space marks Won or First · Enter saves · Esc cancels. A blank count is 0; a blank game was not played."),
		Columns: kfColumns,
		Rows:    rows,
		Titles: func(a AtTimeAnswers) map[string]i18n.Text {
			played := 0
			for _, g := range kfFinished {
				if !kfBlank(a, g, false) {
					played++
				}
			}
			return map[string]i18n.Text{"now": i18n.F("Game %d, in progress at time", played+1)}
		},
		Decide: func(a AtTimeAnswers) (AtTimeOutcome, error) { return keyforgeMatchDecide(a, names) },
	}
}

// kfRecord reads finished game k (0 or 1).
func kfRecord(a AtTimeAnswers, k int, names [2]string) (clock.KeyForgeGameRecord, error) {
	g := kfFinished[k]
	rec := clock.KeyForgeGameRecord{Winner: a.Mark(g+".won") + 1}
	if rec.Winner == 0 {
		return rec, event.Invalidf("game %d: mark its winner in the Won column, or leave the game blank if it was not played", k+1)
	}
	for i := range rec.Players {
		p, err := kfPlayer(a, g, i, i18n.F("game %d, %s", k+1, names[i]), false)
		if err != nil {
			return rec, err
		}
		rec.Players[i] = clock.KeyForgeTally{Keys: p.Keys, Aember: p.Aember, Chains: p.Chains}
	}
	return rec, nil
}

// keyforgeMatchDecide decides a match from the answers of its form.
func keyforgeMatchDecide(a AtTimeAnswers, names [2]string) (AtTimeOutcome, error) {
	match := clock.KeyForgeMatch{Names: names}
	for k, g := range kfFinished {
		if kfBlank(a, g, false) {
			continue
		}
		if k > 0 && kfBlank(a, kfFinished[k-1], false) {
			return AtTimeOutcome{}, event.Invalidf("game %d is blank but game %d is filled in: enter the games in the order they were played", k, k+1)
		}
		rec, err := kfRecord(a, k, names)
		if err != nil {
			return AtTimeOutcome{}, err
		}
		match.Games = append(match.Games, rec)
	}
	if n := len(match.Games); n == 2 && match.Games[0].Winner == match.Games[1].Winner {
		return AtTimeOutcome{}, event.Invalidf("%s won games 1 and 2, so the match was over before time: enter the 2–0 as usual", names[match.Games[0].Winner-1])
	}
	if !kfBlank(a, "now", true) {
		players, err := kfPlayers(a, "now", names)
		if err != nil {
			return AtTimeOutcome{}, event.Invalidf("game %d, in progress at time: %s", len(match.Games)+1, err)
		}
		match.InProgress = &players
	}
	d, err := clock.KeyForgeMatchAtTime(match)
	if err != nil {
		return AtTimeOutcome{}, err
	}
	return AtTimeOutcome{Headline: KeyForgeMatchHeadline(d, names), Detail: d.Explanation, Result: KeyForgeMatchResult(match, d)}, nil
}
