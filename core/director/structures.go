package director

import (
	"fmt"
	"math/rand/v2"
	"sort"
	"tablekeeper/core/i18n"
	"time"

	"tablekeeper/core/event"
	"tablekeeper/core/pairing"
	"tablekeeper/core/rules"
	"tablekeeper/core/standings"
)

// plan is the next round as the event's structure decides it, before
// table numbers.
type plan struct {
	stage  event.Stage
	name   i18n.Text
	bestOf int // 0: the event's games per match
	tables []pairing.Table
	passes []pairing.Pass // byes and walkovers, stored as bye tables
	// seeds to save on entries before the round (the first round of a
	// bracket, a top cut): entry → seed.
	seeds map[event.EntryID]int
	// ties are the ties the tie draw broke at the cut this round takes
	// (a top cut, a final table), logged with the pairing.
	ties []CutTie
}

// ErrStructureComplete is returned by PairNextRound when the event's
// structure has no round left to pair (a bracket with its champion, a
// round robin played through): the next step is FinishEvent. It wraps
// event.ErrState.
var ErrStructureComplete error = event.Statef("every round of the structure has been played; finish the event to fix the final standings")

// planRound decides round number of an event.
func planRound(e event.Event, entries []event.Entry, rounds []event.Round, number int, rng *rand.Rand) (plan, error) {
	s := e.Settings
	switch s.Structure {
	case event.StructureSwiss:
		swiss := stageRounds(rounds, event.StageSwiss)
		if s.Playoff.TopCut > 0 && len(swiss) >= PlannedRounds(s, entries) {
			return planTopCut(e, entries, rounds, rng)
		}
		if s.HasFinalTable() && len(swiss) >= PlannedRounds(s, entries) {
			return planFinal(e, entries, rounds, rng)
		}
		return planSwiss(e, entries, rounds, number, rng)
	case event.StructureSingleElimination, event.StructureDoubleElimination, event.StructureRoundRobin,
		event.StructureKeyForge, event.StructureArmageddon, event.StructureSchedule, event.StructureDoubleFinal:
		return planBracket(e, entries, rounds, number, rng)
	case event.StructureChallenges:
		return plan{}, ErrNoRoundsToPair
	}
	return plan{}, event.Invalidf("unknown structure %q", s.Structure)
}

// PlannedRounds is the number of Swiss rounds an event plays: its setting,
// or the format's recommendation (rules.RoundsFor) for everyone who has
// taken part: active players and those who dropped after playing, so that
// drops never shorten an event.
func PlannedRounds(s event.Settings, entries []event.Entry) int {
	players := 0
	for _, en := range entries {
		if en.Active() || en.DroppedAfter > 0 {
			players++
		}
	}
	return rules.RoundsFor(s, players)
}

func stageRounds(rounds []event.Round, stage event.Stage) []event.Round {
	var out []event.Round
	for _, r := range rounds {
		if r.Stage == stage {
			out = append(out, r)
		}
	}
	return out
}

func planSwiss(e event.Event, entries []event.Entry, rounds []event.Round, number int, rng *rand.Rand) (plan, error) {
	playing, err := pairable(entries, number)
	if err != nil {
		return plan{}, err
	}
	if len(playing) < 2 {
		return plan{}, event.Statef("round %d needs at least two players; %d can play", number, len(playing))
	}
	table := standings.ComputeWith(entries, rounds, e.Settings, standings.Options{Seed: e.Settings.TieSeed})
	// Round 1 pairs by seed when the organizer has seeded players.
	seedOf := map[event.EntryID]int{}
	if number == 1 {
		for _, en := range entries {
			seedOf[en.ID] = en.Seed
		}
	}
	in := make([]pairing.Player, 0, len(playing))
	for _, s := range table {
		if playing[s.EntryID] {
			in = append(in, pairing.Player{Entry: s.EntryID, Points: s.Points, Opponents: s.Opponents, Byes: s.Byes, Seed: seedOf[s.EntryID]})
		}
	}
	if e.Settings.TableSize > 2 {
		out, err := pairing.Pods(in, podRule(e.Settings), rng)
		if err != nil {
			return plan{}, err
		}
		return plan{stage: event.StageSwiss, tables: out.Tables}, nil
	}
	out := pairing.Swiss(in, rng)
	p := plan{stage: event.StageSwiss, tables: out.Tables}
	if out.Bye != 0 {
		p.passes = []pairing.Pass{{Entry: out.Bye, Kind: pairing.PassBye, Why: out.ByeWhy}}
	}
	return p, nil
}

// planFinal seats the final table of a Swiss + Final event (S10): the top
// N of the Swiss standings still playing, in a random seat order, and with
// a secondary table the next N.
func planFinal(e event.Event, entries []event.Entry, rounds []event.Round, rng *rand.Rand) (plan, error) {
	if len(stageRounds(rounds, event.StageFinal)) > 0 {
		return plan{}, ErrStructureComplete
	}
	s := e.Settings
	table := cutStandings(e, entries, rounds)
	var active []event.EntryID
	for _, st := range table {
		if st.Status == event.EntryActive {
			active = append(active, st.EntryID)
		}
	}
	n := s.FinalTable.Size
	if len(active) < 3 {
		return plan{}, event.Statef("the final table needs at least three players still in the event")
	}
	p := plan{stage: event.StageFinal, name: i18n.F("final table"), ties: finalTableTies(table, n, s.FinalTable.Secondary)}
	seat := func(ids []event.EntryID, why i18n.Text) {
		ids = append([]event.EntryID(nil), ids...)
		rng.Shuffle(len(ids), func(i, j int) { ids[i], ids[j] = ids[j], ids[i] })
		p.tables = append(p.tables, pairing.Table{Seats: ids, Why: why})
	}
	top := active[:min(n, len(active))]
	seat(top, i18n.F("final table: the top %d by match points, then game points; seat order drawn", len(top)))
	if rest := active[len(top):]; s.FinalTable.Secondary && len(rest) >= 3 {
		second := rest[:min(n, len(rest))]
		seat(second, i18n.F("secondary table: places %d to %d; seat order drawn", len(top)+1, len(top)+len(second)))
		p.name = i18n.F("final and secondary tables")
	}
	return p, nil
}

// finalPlacements orders the players of a played final (and secondary)
// table: winners first, then by the points they scored at the table, then
// by their Swiss standing (S10: final placement decides the top ranks,
// then game points).
func finalPlacements(final event.Round, swiss []standings.Standing) []pairing.Placement {
	if !final.Complete() {
		return nil
	}
	rank := map[event.EntryID]int{}
	for i, s := range swiss {
		rank[s.EntryID] = i
	}
	var out []pairing.Placement
	next := 1
	for _, tb := range final.Tables {
		type seat struct {
			id     event.EntryID
			won    bool
			points int
		}
		var seats []seat
		for i, st := range tb.Seats {
			r := tb.Result.Seats[i]
			seats = append(seats, seat{st.EntryID, r.Place == 1, r.Points})
		}
		sort.SliceStable(seats, func(i, j int) bool {
			a, b := seats[i], seats[j]
			if a.won != b.won {
				return a.won
			}
			if a.points != b.points {
				return a.points > b.points
			}
			return rank[a.id] < rank[b.id]
		})
		for _, s := range seats {
			out = append(out, pairing.Placement{Place: next, Entries: []event.EntryID{s.id}})
			next++
		}
	}
	return out
}

// podRule is how the event's settings size multiplayer tables.
func podRule(s event.Settings) pairing.PodRule {
	r := pairing.PodRule{Usual: s.TableSize, Min: s.MinTableSize, Max: s.MaxTableSize, Heresy: s.Heresy.H2Tables}
	if r.Min == 0 {
		r.Min = s.TableSize
	}
	if r.Max == 0 {
		r.Max = s.TableSize
	}
	return r
}

// planTopCut pairs the single-elimination top cut after the Swiss rounds
// (X2): the top N of the Swiss standings still playing, seeded 1 v N. The
// seeds are saved on the entries when the cut starts, so later drops or
// corrections cannot reshuffle the bracket.
func planTopCut(e event.Event, entries []event.Entry, rounds []event.Round, rng *rand.Rand) (plan, error) {
	cut := stageRounds(rounds, event.StageElimination)
	p := plan{stage: event.StageElimination, bestOf: e.Settings.Playoff.BestOf}
	var seeds []event.EntryID
	if len(cut) == 0 {
		table := cutStandings(e, entries, rounds)
		p.ties = cutTies(table, e.Settings.Playoff.TopCut)
		p.seeds = map[event.EntryID]int{}
		for _, s := range table {
			if s.Status == event.EntryActive && len(seeds) < e.Settings.Playoff.TopCut {
				seeds = append(seeds, s.EntryID)
				p.seeds[s.EntryID] = len(seeds)
			}
		}
		if len(seeds) < 2 {
			return plan{}, event.Statef("the top cut needs at least two players still in the event")
		}
	} else {
		seeds = seededEntries(entries)
	}
	prog, err := pairing.SingleElimination(seeds, cut, pairing.BracketOptions{ThirdPlace: e.Settings.Playoff.ThirdPlace, Withdrawn: withdrawn(entries)})
	if err != nil {
		return plan{}, err
	}
	if prog.Done {
		return plan{}, ErrStructureComplete
	}
	p.name = i18n.F("top %d: %s", len(seeds), prog.Next.Name)
	p.tables, p.passes = prog.Next.Tables, prog.Next.Passes
	return p, nil
}

// planBracket pairs the next round of the structures that are brackets or
// schedules from round 1. Their entrants and seed order are fixed at round
// 1: players with a seed in seed order, the others in a random order after
// them; the seeds are saved on the entries.
func planBracket(e event.Event, entries []event.Entry, rounds []event.Round, number int, rng *rand.Rand) (plan, error) {
	s := e.Settings
	var p plan
	var entrants []event.EntryID
	if number == 1 {
		playing, err := pairable(entries, 1)
		if err != nil {
			return plan{}, err
		}
		var seeded, unseeded []event.Entry
		for _, en := range entries {
			if !playing[en.ID] {
				continue
			}
			if en.Seed > 0 {
				seeded = append(seeded, en)
			} else {
				unseeded = append(unseeded, en)
			}
		}
		if len(seeded)+len(unseeded) < 2 {
			return plan{}, event.Statef("round 1 needs at least two players; %d can play", len(seeded)+len(unseeded))
		}
		sort.SliceStable(seeded, func(i, j int) bool { return seeded[i].Seed < seeded[j].Seed })
		rng.Shuffle(len(unseeded), func(i, j int) { unseeded[i], unseeded[j] = unseeded[j], unseeded[i] })
		p.seeds = map[event.EntryID]int{}
		for _, en := range append(seeded, unseeded...) {
			entrants = append(entrants, en.ID)
			p.seeds[en.ID] = len(entrants)
		}
	} else {
		entrants = seededEntries(entries)
	}
	var prog pairing.Progress
	var err error
	gone := withdrawn(entries)
	switch s.Structure {
	case event.StructureSingleElimination:
		prog, err = pairing.SingleElimination(entrants, rounds, pairing.BracketOptions{ThirdPlace: s.Playoff.ThirdPlace, Withdrawn: gone})
	case event.StructureDoubleElimination:
		prog, err = pairing.DoubleElimination(entrants, rounds, pairing.BracketOptions{ThirdPlace: s.Playoff.ThirdPlace, Reset: s.Double, Withdrawn: gone})
	case event.StructureRoundRobin:
		prog, err = pairing.RoundRobin(entrants, rounds, pairing.RoundRobinOptions{Double: s.Double, Withdrawn: gone})
	case event.StructureKeyForge:
		prog, err = pairing.KeyForge(entrants, rounds, pairing.KeyForgeOptions{Withdrawn: gone}, rng)
	case event.StructureArmageddon:
		prog, err = pairing.Armageddon(entrants, rounds, pairing.ArmageddonOptions{Double: s.Double, BestOf: s.GamesPerMatch, Withdrawn: gone}, rng)
	case event.StructureSchedule:
		return planSchedule(s, entrants, gone, number, p)
	case event.StructureDoubleFinal:
		return planDoubleFinal(s, entrants, gone, rounds, p, rng)
	}
	if err != nil {
		return plan{}, err
	}
	if prog.Done {
		return plan{}, ErrStructureComplete
	}
	p.stage = prog.Next.Stage
	if p.stage == "" {
		p.stage = event.StageElimination
		if s.Structure == event.StructureRoundRobin {
			p.stage = event.StageSwiss
		}
	}
	p.name, p.bestOf = prog.Next.Name, prog.Next.BestOf
	if p.stage == event.StagePlayoff && p.bestOf == 0 {
		p.bestOf = s.Playoff.BestOf
	}
	p.tables, p.passes = prog.Next.Tables, prog.Next.Passes
	return p, nil
}

// placements returns the places of a finished bracket stage (a top cut
// or a bracket structure), best first; nil while it is still being played
// or for structures whose places are the standings (Swiss, round robin).
func placements(e event.Event, entries []event.Entry, rounds []event.Round) []pairing.Placement {
	s := e.Settings
	entrants := seededEntries(entries)
	gone := withdrawn(entries)
	rng := rand.New(rand.NewPCG(0, 0)) // #nosec G404 -- a finished stage draws nothing; the source is never read
	var prog pairing.Progress
	var err error
	switch s.Structure {
	case event.StructureSwiss:
		if final := stageRounds(rounds, event.StageFinal); s.HasFinalTable() && len(final) > 0 {
			return finalPlacements(final[0], cutStandings(e, entries, rounds))
		}
		cut := stageRounds(rounds, event.StageElimination)
		if s.Playoff.TopCut == 0 || len(cut) == 0 {
			return nil
		}
		prog, err = pairing.SingleElimination(entrants, cut, pairing.BracketOptions{ThirdPlace: s.Playoff.ThirdPlace, Withdrawn: gone})
	case event.StructureSingleElimination:
		prog, err = pairing.SingleElimination(entrants, rounds, pairing.BracketOptions{ThirdPlace: s.Playoff.ThirdPlace, Withdrawn: gone})
	case event.StructureDoubleElimination:
		prog, err = pairing.DoubleElimination(entrants, rounds, pairing.BracketOptions{ThirdPlace: s.Playoff.ThirdPlace, Reset: s.Double, Withdrawn: gone})
	case event.StructureKeyForge:
		prog, err = pairing.KeyForge(entrants, rounds, pairing.KeyForgeOptions{Withdrawn: gone}, rng)
	case event.StructureArmageddon:
		prog, err = pairing.Armageddon(entrants, rounds, pairing.ArmageddonOptions{Double: s.Double, BestOf: s.GamesPerMatch, Withdrawn: gone}, rng)
	case event.StructureDoubleFinal:
		return doubleFinalPlacements(s, entrants, gone, rounds)
	default:
		return nil
	}
	if err != nil || !prog.Done {
		return nil
	}
	return prog.Placements
}

// withPlacements puts a finished bracket's placements at the top of the
// standings (the champion first), the others after them in standings
// order, ranked on from there.
func withPlacements(table []standings.Standing, places []pairing.Placement) []standings.Standing {
	if len(places) == 0 {
		return table
	}
	at := make(map[event.EntryID]int, len(table))
	for i, s := range table {
		at[s.EntryID] = i
	}
	out := make([]standings.Standing, 0, len(table))
	placed := map[event.EntryID]bool{}
	next := 1
	for _, pl := range places {
		for _, en := range pl.Entries {
			if i, ok := at[en]; ok && !placed[en] {
				s := table[i]
				// The bracket placed this player: no tie draw orders them.
				s.Rank, s.Drawn, s.DrawRound = pl.Place, false, 0
				out = append(out, s)
				placed[en] = true
			}
		}
		next = pl.Place + len(pl.Entries)
	}
	prevRank, prevOut := 0, 0
	for _, s := range table {
		if placed[s.EntryID] {
			continue
		}
		r := s.Rank
		if r == prevRank && prevOut > 0 {
			s.Rank = prevOut
		} else {
			s.Rank = max(next, len(out)+1)
		}
		prevRank, prevOut = r, s.Rank
		out = append(out, s)
	}
	return out
}

// planSchedule seats round number of a fixed schedule (S12). The schedule
// is made once for the entrants fixed at round 1, from the event's own
// seed, so every round reads the same schedule. It is published in
// advance, so a player who drops leaves an empty seat: the table plays
// short, and a player left alone has a bye.
func planSchedule(s event.Settings, entrants, gone []event.EntryID, number int, p plan) (plan, error) {
	rounds := rules.RoundsFor(s, len(entrants))
	if number > rounds {
		return plan{}, ErrStructureComplete
	}
	sched, err := pairing.Schedule(len(entrants), s.TableSize, rounds, rand.New(rand.NewPCG(s.TieSeed, 12))) // #nosec G404 -- the schedule is drawn from the stage's stored seed, so it is the same every time
	if err != nil {
		return plan{}, err
	}
	out := map[event.EntryID]bool{}
	for _, id := range gone {
		out[id] = true
	}
	p.stage = event.StageSwiss
	p.name = i18n.F("schedule round %d of %d", number, rounds)
	for _, t := range sched[number-1] {
		var seats []event.EntryID
		empty := 0
		for _, i := range t {
			if out[entrants[i]] {
				empty++
				continue
			}
			seats = append(seats, entrants[i])
		}
		why := i18n.F("fixed schedule: table of %d", len(t))
		if empty > 0 {
			why = i18n.FN("fixed schedule: table of %d, %d seat(s) left empty by a drop", empty, len(t), empty)
		}
		switch len(seats) {
		case 0:
		case 1:
			p.passes = append(p.passes, pairing.Pass{Entry: seats[0], Kind: pairing.PassBye, Why: i18n.F("bye: the rest of the scheduled table dropped")})
		default:
			p.tables = append(p.tables, pairing.Table{Seats: seats, Why: why})
		}
	}
	return p, nil
}

// seededEntries returns the entries with a seed, in seed order: the
// entrants of a bracket fixed at its first round.
func seededEntries(entries []event.Entry) []event.EntryID {
	var seeded []event.Entry
	for _, en := range entries {
		if en.Seed > 0 {
			seeded = append(seeded, en)
		}
	}
	sort.SliceStable(seeded, func(i, j int) bool { return seeded[i].Seed < seeded[j].Seed })
	ids := make([]event.EntryID, len(seeded))
	for i, en := range seeded {
		ids[i] = en.ID
	}
	return ids
}

func withdrawn(entries []event.Entry) []event.EntryID {
	var out []event.EntryID
	for _, en := range entries {
		if !en.Active() {
			out = append(out, en.ID)
		}
	}
	return out
}

// buildRound turns a plan into the round to save: tables numbered with
// fixed tables honoured, byes and walkovers as won bye tables, the clock
// set to the stage's round time.
func buildRound(e event.Event, entries []event.Entry, p plan, number int, seed int64, now time.Time) event.Round {
	s := e.Settings
	minutes := s.RoundMinutes
	if (p.stage == event.StagePlayoff || p.stage == event.StageElimination && s.Structure == event.StructureSwiss) && s.Playoff.Minutes > 0 {
		minutes = s.Playoff.Minutes
	}
	r := event.Round{
		EventID:  e.ID,
		Number:   number,
		Stage:    p.stage,
		Name:     p.name,
		BestOf:   p.bestOf,
		Seed:     seed,
		Clock:    event.Clock{Duration: time.Duration(minutes) * time.Minute},
		PairedAt: now,
	}
	for _, t := range p.tables {
		tb := event.Table{Why: t.Why}
		for _, en := range t.Seats {
			tb.Seats = append(tb.Seats, event.Seat{EntryID: en})
		}
		r.Tables = append(r.Tables, tb)
	}
	numberTables(r.Tables, entries)
	if p.stage == event.StageSwiss {
		sortByNumber(r.Tables)
	}
	if five := s.Shadowfist.FivePlayerMinutes; five > minutes && minutes > 0 {
		// S4: a table of five plays longer than the round's four-player
		// time; the difference is the table's own extension.
		for i := range r.Tables {
			if len(r.Tables[i].Seats) == 5 {
				r.Tables[i].Extension = time.Duration(five-minutes) * time.Minute
			}
		}
	}
	bestOf := p.bestOf
	if bestOf == 0 {
		bestOf = s.GamesPerMatch
	}
	for _, ps := range p.passes {
		if ps.Kind == pairing.PassWait {
			continue
		}
		r.Tables = append(r.Tables, event.Table{
			Bye:    true,
			Seats:  []event.Seat{{EntryID: ps.Entry}},
			Why:    ps.Why,
			Result: &event.Result{Seats: []event.SeatResult{{GamesWon: bestOf/2 + 1}}, RecordedAt: now},
		})
	}
	return r
}

// numberTables numbers tables in order from 1, except that a table with a
// player who has a fixed table (accessibility) takes that number; the
// others fill the numbers left. Byes keep number 0.
func numberTables(tables []event.Table, entries []event.Entry) {
	fixed := map[event.EntryID]event.Entry{}
	for _, en := range entries {
		if en.FixedTable > 0 {
			fixed[en.ID] = en
		}
	}
	taken := map[int]bool{}
	for i := range tables {
		tables[i].Why = dropReason(tables[i].Why, "fixed table for %s")
		tables[i].Number = 0
		if tables[i].Bye {
			continue
		}
		for _, st := range tables[i].Seats {
			en, ok := fixed[st.EntryID]
			if !ok || taken[en.FixedTable] {
				continue
			}
			tables[i].Number = en.FixedTable
			taken[en.FixedTable] = true
			tables[i].Why = addReason(tables[i].Why, i18n.F("fixed table for %s", en.Name))
			break
		}
	}
	next := 1
	for i := range tables {
		if tables[i].Bye || tables[i].Number != 0 {
			continue
		}
		for taken[next] {
			next++
		}
		tables[i].Number = next
		taken[next] = true
	}
}

// sortByNumber puts a Swiss round's tables in number order, so a fixed
// table 12 comes after table 7 on the screen and on paper. Bracket rounds
// keep the engine's order, from which their draw is rebuilt.
func sortByNumber(tables []event.Table) {
	sort.SliceStable(tables, func(i, j int) bool {
		if tables[i].Bye != tables[j].Bye {
			return !tables[i].Bye
		}
		return tables[i].Number < tables[j].Number
	})
}

// dropReason removes the reasons whose key is key from why, alone or
// among the reasons it lists.
func dropReason(why i18n.Text, key string) i18n.Text {
	if why.Format == key {
		return i18n.Text{}
	}
	if why.Format != "%s; %s" || len(why.Args) != 2 {
		return why
	}
	var kept i18n.Text
	for _, a := range why.Args {
		t, ok := a.(i18n.Text)
		if !ok {
			t = i18n.Plain(fmt.Sprint(a))
		}
		if t = dropReason(t, key); !t.IsZero() {
			kept = addReason(kept, t)
		}
	}
	return kept
}

func addReason(why, more i18n.Text) i18n.Text {
	if why.IsZero() {
		return more
	}
	if hasReason(why, more) {
		return why
	}
	return i18n.F("%s; %s", why, more)
}

// hasReason reports whether why already gives the reason more, alone or
// among the reasons it lists.
func hasReason(why, more i18n.Text) bool {
	if why.Format == more.Format && i18n.Encode(why) == i18n.Encode(more) {
		return true
	}
	if why.Format != "%s; %s" || len(why.Args) != 2 {
		return false
	}
	for _, a := range why.Args {
		if t, ok := a.(i18n.Text); ok && hasReason(t, more) {
			return true
		}
	}
	return false
}

// planDoubleFinal plans the next round of a Shadowfist Double Elimination
// + Final event (S10 e): a loss round (pairing.DoubleFinal) while more
// than Settings.FinalTable.Size players have fewer than two losses, then the
// final table of those players in a drawn seat order, and with
// Settings.FinalTable.Secondary a secondary table of the next players (fewest
// losses, then most games won, then the later out). The final table is
// scored as a multiplayer table by the format (director.RecordResult uses
// core/scoring for any table of more than two seats).
func planDoubleFinal(s event.Settings, entrants, gone []event.EntryID, rounds []event.Round, p plan, rng *rand.Rand) (plan, error) {
	if len(stageRounds(rounds, event.StageFinal)) > 0 {
		return plan{}, ErrStructureComplete
	}
	loss := stageRounds(rounds, event.StageElimination)
	prog, err := pairing.DoubleFinal(entrants, loss, pairing.DoubleFinalOptions{FinalTable: s.FinalTable.Size, BestOf: s.GamesPerMatch, Withdrawn: gone}, rng)
	if err != nil {
		return plan{}, err
	}
	if !prog.Done {
		p.stage, p.name = event.StageElimination, prog.Next.Name
		p.tables, p.passes = prog.Next.Tables, prog.Next.Passes
		return p, nil
	}
	order := doubleFinalOrder(prog.Records, loss)
	var in, rest []event.EntryID
	for _, r := range order {
		switch {
		case r.Withdrawn:
		case r.Losses < 2:
			in = append(in, r.Entry)
		default:
			rest = append(rest, r.Entry)
		}
	}
	// Drops can leave fewer than three still in: the next players make the
	// table up to three.
	for len(in) < 3 && len(rest) > 0 {
		in, rest = append(in, rest[0]), rest[1:]
	}
	if len(in) < 3 {
		return plan{}, event.Statef("the final table needs at least three players still in the event")
	}
	p.stage, p.name = event.StageFinal, i18n.F("final table")
	seat := func(ids []event.EntryID, why i18n.Text) {
		ids = append([]event.EntryID(nil), ids...)
		rng.Shuffle(len(ids), func(i, j int) { ids[i], ids[j] = ids[j], ids[i] })
		p.tables = append(p.tables, pairing.Table{Seats: ids, Why: why})
	}
	seat(in, i18n.F("final table (S10 e): the %d players left after the loss rounds; seat order drawn", len(in)))
	if s.FinalTable.Secondary && len(rest) >= 3 {
		second := rest[:min(s.FinalTable.Size, len(rest))]
		seat(second, i18n.F("secondary table: places %d to %d, the next by fewest losses then most games won; seat order drawn", len(in)+1, len(in)+len(second)))
		p.name = i18n.F("final and secondary tables")
	}
	return p, nil
}

// doubleFinalOrder orders the loss records of a Double Elimination + Final
// event: still in first, then fewest losses, most games won in the loss
// rounds, the later out, the better seed; withdrawn players last.
func doubleFinalOrder(recs []pairing.LossRecord, loss []event.Round) []pairing.LossRecord {
	won := map[event.EntryID]int{}
	for _, r := range loss {
		for _, tb := range r.Tables {
			if tb.Bye || tb.Result == nil || len(tb.Result.Seats) != len(tb.Seats) {
				continue
			}
			for i, st := range tb.Seats {
				won[st.EntryID] += tb.Result.Seats[i].GamesWon
			}
		}
	}
	out := append([]pairing.LossRecord(nil), recs...)
	outRound := func(r pairing.LossRecord) int {
		if r.Out == 0 {
			return len(loss) + 1
		}
		return r.Out
	}
	sort.SliceStable(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if a.Withdrawn != b.Withdrawn {
			return !a.Withdrawn
		}
		if a.Losses != b.Losses {
			return a.Losses < b.Losses
		}
		if won[a.Entry] != won[b.Entry] {
			return won[a.Entry] > won[b.Entry]
		}
		if outRound(a) != outRound(b) {
			return outRound(a) > outRound(b)
		}
		return a.Seed < b.Seed
	})
	return out
}

// doubleFinalPlacements are the places of a Double Elimination + Final
// event once its final table is played (S10 e): the final table's
// players first (the winner, then by game points at the table;
// finalPlacements), the secondary table's after them, then everyone else
// in doubleFinalOrder.
func doubleFinalPlacements(s event.Settings, entrants, gone []event.EntryID, rounds []event.Round) []pairing.Placement {
	final := stageRounds(rounds, event.StageFinal)
	if len(final) == 0 || !final[0].Complete() {
		return nil
	}
	loss := stageRounds(rounds, event.StageElimination)
	rng := rand.New(rand.NewPCG(0, 0)) // #nosec G404 -- the loss rounds are over: nothing is drawn
	prog, err := pairing.DoubleFinal(entrants, loss, pairing.DoubleFinalOptions{FinalTable: s.FinalTable.Size, BestOf: s.GamesPerMatch, Withdrawn: gone}, rng)
	if err != nil {
		return nil
	}
	order := doubleFinalOrder(prog.Records, loss)
	ranked := make([]standings.Standing, len(order))
	for i, r := range order {
		ranked[i] = standings.Standing{EntryID: r.Entry}
	}
	out := finalPlacements(final[0], ranked)
	placed := map[event.EntryID]bool{}
	for _, pl := range out {
		for _, id := range pl.Entries {
			placed[id] = true
		}
	}
	next := len(out) + 1
	for _, r := range order {
		if !placed[r.Entry] {
			out = append(out, pairing.Placement{Place: next, Entries: []event.EntryID{r.Entry}})
			next++
		}
	}
	return out
}
