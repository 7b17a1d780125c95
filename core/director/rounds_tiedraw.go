package director

import (
	"context"
	"strings"

	"tablekeeper/core/event"
	"tablekeeper/core/i18n"
	"tablekeeper/core/standings"
)

// CutTie is a group of players equal on points and every tiebreaker where
// a cut is made on the standings (a top cut, a final table): their order,
// so who makes the cut and with which seed, came from the tie draw
// (standings.Compute), made from the stored seed of a round. The
// organizer is told before the cut is paired, and the pairing logs it.
type CutTie struct {
	// Cut is how many players the cut takes.
	Cut int
	// Round is the round whose stored seed drew the order.
	Round int
	// First is the cut place of the group's first player (1: the top
	// seed).
	First int
	// Players are the group in the drawn order.
	Players []TiedPlayer
	// Secondary says the cut is the line of a Swiss + Final event's
	// secondary table (Cut is then the places both tables take): In says
	// who sits at the two tables rather than below them.
	Secondary bool
}

// TiedPlayer is one player of a CutTie.
type TiedPlayer struct {
	Entry event.EntryID
	Name  string
	// In reports whether the player makes the cut.
	In bool
}

// Straddles reports whether the cut line runs through the group: some of
// its players make the cut and some do not, by the draw alone.
func (c CutTie) Straddles() bool {
	return c.Players[0].In && !c.Players[len(c.Players)-1].In
}

// Names returns the group's names in the drawn order, and those of the
// players who make the cut.
func (c CutTie) Names() (drawn, in []string) {
	for _, p := range c.Players {
		drawn = append(drawn, p.Name)
		if p.In {
			in = append(in, p.Name)
		}
	}
	return drawn, in
}

// cutTies returns the tied groups that reach into a cut of n taken from
// table, in the order the cut takes players: those still active, best
// first.
func cutTies(table []standings.Standing, n int) []CutTie {
	var active []standings.Standing
	for _, s := range table {
		if s.Status == event.EntryActive {
			active = append(active, s)
		}
	}
	var out []CutTie
	for lo := 0; lo < len(active) && lo < n; {
		hi := lo + 1
		for hi < len(active) && active[hi].Drawn && active[hi].Rank == active[lo].Rank {
			hi++
		}
		if hi-lo > 1 && active[lo].Drawn {
			t := CutTie{Cut: n, Round: active[lo].DrawRound, First: lo + 1}
			for i, s := range active[lo:hi] {
				t.Players = append(t.Players, TiedPlayer{Entry: s.EntryID, Name: s.Name, In: lo+i < n})
			}
			out = append(out, t)
		}
		lo = hi
	}
	return out
}

// finalTableTies returns the ties the draw broke at the lines of a final
// table of n taken from table: the final table's, then with a secondary
// table (secondary, seated when at least three players are left for it)
// the groups of its places and those crossing its line, which the final
// table's line alone does not cover.
func finalTableTies(table []standings.Standing, n int, secondary bool) []CutTie {
	ties := cutTies(table, n)
	active := 0
	for _, s := range table {
		if s.Status == event.EntryActive {
			active++
		}
	}
	if !secondary || active-n < 3 {
		return ties
	}
	line := n + min(n, active-n)
	for _, t := range cutTies(table, line) {
		if t.First > n || t.First+len(t.Players)-1 > line {
			t.Secondary = true
			ties = append(ties, t)
		}
	}
	return ties
}

// nextCutTies returns the ties the draw broke at the cut that the next
// round of the event takes (a Swiss event's top cut or final table, once
// its Swiss rounds are played); none when the next round is no such cut.
func nextCutTies(e event.Event, entries []event.Entry, rounds []event.Round) []CutTie {
	s := e.Settings
	if s.Structure != event.StructureSwiss || s.Teams() || len(stageRounds(rounds, event.StageSwiss)) < PlannedRounds(s, entries) {
		return nil
	}
	switch {
	case s.Playoff.TopCut > 0 && len(stageRounds(rounds, event.StageElimination)) == 0:
		return cutTies(cutStandings(e, entries, rounds), s.Playoff.TopCut)
	case s.Playoff.TopCut == 0 && s.HasFinalTable() && len(stageRounds(rounds, event.StageFinal)) == 0:
		return finalTableTies(cutStandings(e, entries, rounds), s.FinalTable.Size, s.FinalTable.Secondary)
	}
	return nil
}

// cutStandings are the Swiss standings a cut is taken from.
func cutStandings(e event.Event, entries []event.Entry, rounds []event.Round) []standings.Standing {
	return standings.ComputeWith(entries, stageRounds(rounds, event.StageSwiss), e.Settings, standings.Options{Seed: e.Settings.TieSeed})
}

// CutTies returns the ties the tie draw broke at the cut the event's next
// round would take (its top cut or final table), for the organizer to see
// before pairing it: nil when the next round is no cut, or cannot be
// paired yet (the last round is a draft or lacks results), or no tie
// reaches into it.
func (d *Rounds) CutTies(ctx context.Context, id event.EventID) ([]CutTie, error) {
	var out []CutTie
	err := readWithRounds(ctx, d.store, id, func(tx Tx, e event.Event, entries []event.Entry, rounds []event.Round) error {
		if n := len(rounds); n > 0 && (!rounds[n-1].Published() || !rounds[n-1].Complete()) {
			return nil
		}
		out = nextCutTies(e, entries, rounds)
		return nil
	})
	return out, err
}

// logCutTies writes each tie the draw broke at the cut just paired to the
// event's log: the round whose seed drew, the drawn order and who made
// the cut.
func (d *core) logCutTies(tx Tx, id event.EventID, round int, ties []CutTie) error {
	for _, t := range ties {
		drawn, in := t.Names()
		if err := d.log(tx, id, round, i18n.F("cut of %d: tied on points and every tiebreaker from place %d, a draw from round %d's seed ordered %s; in the cut: %s",
			t.Cut, t.First, t.Round, strings.Join(drawn, ", "), strings.Join(in, ", "))); err != nil {
			return err
		}
	}
	return nil
}
