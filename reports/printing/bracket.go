package printing

import (
	"context"
	"io"

	"tablekeeper/core/event"
	"tablekeeper/core/i18n"
	"tablekeeper/core/pairing"
	"tablekeeper/core/rules"
	"tablekeeper/reports"
)

// writeBracket prints an event's bracket as its published rounds played
// it. Every match is placed where the bracket engine puts it (its side,
// round and position), so a double elimination prints its winners and
// losers brackets and grand final, and a KeyForge event only its playoff,
// never its loss rounds: placing matches by a round's table order put a
// double elimination's losers matches into the winners bracket, and a
// KeyForge loss round of six tables into a playoff of eight.
func writeBracket(ctx context.Context, p Printer, id event.EventID, _ int, paper string, w io.Writer) (string, error) {
	v, err := p.D.Views.Bracket(ctx, id)
	if err != nil {
		return "", err
	}
	e := v.Event
	switch {
	case !v.Charted:
		return "", event.Statef("%s is paired round by round, not on a bracket chart; print its pairings and standings instead", e.Name)
	case v.Bracket == nil:
		return "", event.Statef("%s has no published elimination or playoff round yet; the bracket prints once one is paired and published", e.Name)
	}
	byID, err := p.entriesByID(ctx, id)
	if err != nil {
		return "", err
	}
	b, played := bracketReport(*v.Bracket, v.Rounds, byID, p.docLang)
	b.EventName, b.Game, b.Date = e.Name, p.game(e), e.Date
	if err := reports.WriteBracket(w, b, reports.Options{Paper: paper, Lang: p.docLang}); err != nil {
		return "", err
	}
	return i18n.N(p.Lang, "the bracket of %s, %d rounds paired", played, e.Name, played), nil
}

// bracketReport turns the engine's bracket into the report's model: each
// match in its section at its round and position, with its players, its
// score read from the table it was played at, and its winner; it also
// returns how many rounds of the event the bracket's matches were played
// in. A grand-final reset that was not needed is left out, and so is a
// third-place match, which the chart has no box for.
func bracketReport(pb pairing.Bracket, rounds []event.Round, byID map[event.EntryID]event.Entry, l i18n.Lang) (reports.Bracket, int) {
	b := reports.Bracket{Kind: reports.SingleElimination, Size: pb.Size}
	if pb.Kind == pairing.DoubleBracket {
		b.Kind = reports.DoubleElimination
	}
	tables := map[[2]int]event.Table{}
	for _, r := range rounds {
		for _, t := range r.Tables {
			tables[[2]int{r.Number, t.Number}] = t
		}
	}
	played := map[int]bool{}
	for _, pm := range pb.Matches {
		m := reports.BracketMatch{Round: pm.Round, Slot: pm.Index + 1}
		for s, side := range [2]*reports.BracketSide{&m.A, &m.B} {
			switch en := pm.Entrants[s]; {
			case en != 0:
				*side = reports.BracketSide{Name: byID[en].Name, Seed: pm.Seeds[s]}
			case pm.Status == pairing.MatchBye || pm.Status == pairing.MatchVoid:
				side.Bye = true
			}
		}
		switch pm.Status {
		case pairing.MatchPlayed, pairing.MatchWalkover, pairing.MatchBye:
			m.Winner = 1
			if pm.Winner != pm.Entrants[0] {
				m.Winner = 2
			}
		}
		if t, ok := tables[[2]int{pm.RoundNumber, pm.Table}]; ok && pm.RoundNumber > 0 {
			played[pm.RoundNumber] = true
			m.Score = matchScore(t, pm.Entrants).In(l)
		}
		switch pm.Side {
		case pairing.SideWinners:
			b.Winners.Matches = append(b.Winners.Matches, m)
		case pairing.SideLosers:
			b.Losers.Matches = append(b.Losers.Matches, m)
		case pairing.SideFinal:
			b.GrandFinal.Matches = append(b.GrandFinal.Matches, m)
		case pairing.SideReset:
			if pm.Status != pairing.MatchVoid {
				b.GrandFinal.Matches = append(b.GrandFinal.Matches, m)
			}
		}
	}
	return b, len(played)
}

// matchScore is the games each side of a bracket match won at table t,
// side A's first whichever seat A sat in ("2–1", said as every surface
// says a score: rules.Score); empty while the table has no result.
func matchScore(t event.Table, sides [2]event.EntryID) i18n.Text {
	if t.Result == nil || len(t.Result.Seats) != len(t.Seats) || len(t.Seats) != 2 {
		return i18n.Text{}
	}
	won := map[event.EntryID]int{}
	for i, s := range t.Seats {
		won[s.EntryID] = t.Result.Seats[i].GamesWon
	}
	return rules.Score(won[sides[0]], won[sides[1]], t.Result.GamesDrawn)
}
