// Package sim plays whole events through the director with seeded random
// results: the engine of the sim command and of the demo event. It drives
// a *director.Director it is given (the caller opens the database and
// builds it with Source), so what it exercises is what the organizer's
// window uses, and the same seed prints the same lines.
//
// The simulation writes its own lines as it goes instead of handing a
// model to package reports: they are the trace of what it did (the drops
// it chose, the games it drew, the round it left open), interleaved with
// the actions themselves, not a document of the event. The event's
// documents come from reports/printing, for a simulated event as for any.
package sim

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"strconv"
	"strings"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/core/rules"
	"tablekeeper/core/standings"
)

// Plan is the event a simulation plays: what the sim command's flags say.
type Plan struct {
	// Game and Format are the catalogue's keys (rules.Lookup).
	Game, Format string
	// Players is how many players register and check in.
	Players int
	// Rounds overrides a Swiss format's number of rounds; 0 keeps the
	// format's (or the count by players).
	Rounds int
	// OpenRound leaves the last round the simulation would play published
	// with no results, and the event unfinished: an open round to serve
	// and report to in tests and demos.
	OpenRound bool
}

// MaxPlayers bounds Plan.Players: larger events are not a store's.
const MaxPlayers = 100000

// Validate checks a plan before anything is created. Its sentences name
// the sim command's flags, whose values a Plan holds.
func (p Plan) Validate() error {
	switch {
	case p.Players < 2 || p.Players > MaxPlayers:
		return event.Invalidf("--players must be between 2 and %d", MaxPlayers)
	case p.Rounds < 0 || p.Rounds > event.MaxRounds:
		return event.Invalidf("--rounds must be between 1 and %d", event.MaxRounds)
	}
	_, f, err := rules.Lookup(p.Game, p.Format)
	if err != nil {
		return err
	}
	switch structure := f.Defaults.Structure; {
	case p.Rounds > 0 && structure != event.StructureSwiss:
		return event.Invalidf("--rounds applies to Swiss formats; %s plays until its bracket or schedule ends", rules.Describe(p.Game, p.Format))
	case p.OpenRound && structure == event.StructureChallenges:
		return event.Invalidf("--open-round needs rounds; %s records its games one at a time, so there is no round to leave open", rules.Describe(p.Game, p.Format))
	}
	return nil
}

// Source is the random source to build a simulation's director with. One
// seed drives everything, each from its own stream: the director's round
// seeds (this one), the names and the results (New's).
func Source(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, 1)) } // #nosec G404 -- the simulation is seeded so the same seed prints the same lines

// Simulation plays events through a director with seeded random results,
// printing a line per step.
type Simulation struct {
	d       *director.Director
	out     io.Writer
	names   *rand.Rand
	results *rand.Rand
	// Watch, when set, is called after every step of a round: paired,
	// published, each result entered, and the drops after it; an error
	// stops the simulation. A test reads there what the event's header
	// and status line say at each moment.
	Watch func(ctx context.Context, id event.EventID) error
}

// watch calls Watch, if any.
func (s *Simulation) watch(ctx context.Context, id event.EventID) error {
	if s.Watch == nil {
		return nil
	}
	return s.Watch(ctx, id)
}

// New returns a simulation that drives d (built with Source(seed) for the
// same seed to print the same lines) and prints to out.
func New(d *director.Director, out io.Writer, seed uint64) *Simulation {
	return &Simulation{d: d, out: out, names: rand.New(rand.NewPCG(seed, 2)), results: rand.New(rand.NewPCG(seed, 3))} // #nosec G404 -- the simulation is seeded so the same seed prints the same lines
}

// Play creates the plan's event and plays it: one line per round (per game
// of open challenges), then the final top 8, or with OpenRound the line of
// the round left open. It returns the event's ID.
func (s *Simulation) Play(ctx context.Context, p Plan) (event.EventID, error) {
	if err := p.Validate(); err != nil {
		return 0, err
	}
	e, err := s.d.Events.CreateEvent(ctx, director.NewEvent{
		Name:   fmt.Sprintf("Simulated event (%d players)", p.Players),
		Game:   p.Game,
		Format: p.Format,
	})
	if err != nil {
		return 0, err
	}
	return e.ID, s.play(ctx, e, p)
}

func (s *Simulation) play(ctx context.Context, e event.Event, p Plan) error {
	var entries []event.Entry
	for _, name := range sampleNames(p.Players, s.names) {
		en, err := s.d.Registration.RegisterNew(ctx, e.ID, director.NewPlayer{Name: name})
		if err != nil {
			return err
		}
		if err := s.d.Registration.CheckIn(ctx, en.ID, true); err != nil {
			return err
		}
		entries = append(entries, en)
	}
	if p.Rounds > 0 {
		e.Settings.Rounds = p.Rounds
		if err := s.d.Events.UpdateSettings(ctx, e.ID, e.Settings); err != nil {
			return err
		}
	}
	fmt.Fprintf(s.out, "event %d: %s, %s, %s\n", e.ID, e.Name, rules.Describe(p.Game, p.Format), planText(e.Settings, p.Players))
	if note := rules.FewPlayers(e, len(entries)); !note.IsZero() {
		// S1: said, not refused; the event plays on.
		fmt.Fprintf(s.out, "note: %s\n", note)
	}
	if e.Settings.Teams() {
		if err := s.makeTeams(ctx, e, entries); err != nil {
			return err
		}
	}
	if e.Settings.HasDraft() {
		if err := s.draft(ctx, e.ID); err != nil {
			return err
		}
	}
	var err error
	if e.Settings.Structure == event.StructureChallenges {
		err = s.challenges(ctx, e, entries)
	} else {
		err = s.playRounds(ctx, e, p.OpenRound)
	}
	if err != nil || p.OpenRound {
		// An open round leaves the event unfinished, with no top 8 yet.
		return err
	}
	if err := s.d.Events.FinishEvent(ctx, e.ID); err != nil {
		return err
	}
	return s.top(ctx, e)
}

// planText says in a line what the simulated event will play.
func planText(set event.Settings, players int) string {
	swiss := set.Rounds
	if swiss == 0 {
		swiss = rules.RoundsFor(set, players)
	}
	switch {
	case set.Structure == event.StructureChallenges:
		return fmt.Sprintf("%d challenge games of 2 to 4 players", 3*players)
	case set.Structure == event.StructureDoubleFinal:
		return fmt.Sprintf("loss rounds out at two losses, then a final table of %d", set.FinalTable.Size)
	case set.Structure != event.StructureSwiss:
		return "until the " + string(set.Structure) + " structure ends"
	case set.Playoff.TopCut > 0:
		return fmt.Sprintf("%d Swiss rounds, then a top %d", swiss, set.Playoff.TopCut)
	case set.HasFinalTable():
		return fmt.Sprintf("%d Swiss rounds, then a final table of %d", swiss, set.FinalTable.Size)
	}
	return fmt.Sprintf("%d rounds", swiss)
}

// playRounds pairs, publishes and plays rounds until the director says the
// structure is done, as it tells the event screen. With open, the round
// whose results would end the structure is left published without them.
func (s *Simulation) playRounds(ctx context.Context, e event.Event, open bool) error {
	for n := 1; ; n++ {
		progress, err := s.d.Rounds.Progress(ctx, e.ID)
		if err != nil {
			return err
		}
		if progress.Done {
			break
		}
		// The organizer is told of ties drawn at a cut before pairing
		// it; the simulation says them on the way.
		ties, err := s.d.Rounds.CutTies(ctx, e.ID)
		if err != nil {
			return err
		}
		r, err := s.d.Rounds.PairNextRound(ctx, e.ID)
		if errors.Is(err, director.ErrStructureComplete) {
			break
		}
		if err != nil {
			return fmt.Errorf("round %d: %w", n, err)
		}
		s.cutTies(ties)
		if err := s.watch(ctx, e.ID); err != nil {
			return err
		}
		if err := s.d.Drafts.PublishRound(ctx, e.ID, r.Number); err != nil {
			return err
		}
		if err := s.watch(ctx, e.ID); err != nil {
			return err
		}
		results, err := s.drawResults(e, r)
		if err != nil {
			return err
		}
		if open {
			last, err := s.d.Rounds.WouldEnd(ctx, e.ID, r.Number, results)
			if err != nil {
				return err
			}
			if last {
				s.openLine(r)
				return nil
			}
		}
		if err := s.record(ctx, e, r, results); err != nil {
			return err
		}
		if err := s.afterRound(ctx, e, r); err != nil {
			return err
		}
		if err := s.watch(ctx, e.ID); err != nil {
			return err
		}
	}
	if open {
		return event.Statef("the structure ended with every result of its last round in, after the players who dropped, so no round was left open; try another --seed")
	}
	return nil
}

// cutTies prints a line for each tie the draw broke at the cut just
// paired: who was tied from which place, the drawn order, who made it.
func (s *Simulation) cutTies(ties []director.CutTie) {
	for _, t := range ties {
		drawn, in := t.Names()
		fmt.Fprintf(s.out, "cut of %d: tied on points and every tiebreaker from place %d, ordered by a draw from round %d's seed: %s; in the cut: %s\n",
			t.Cut, t.First, t.Round, strings.Join(drawn, ", "), strings.Join(in, ", "))
	}
}

// openLine prints the line of the round left open: its tables, published,
// none with a result.
func (s *Simulation) openLine(r event.Round) {
	fmt.Fprintf(s.out, "round %2d%s: %4d tables, published and open with no results; the event is not finished\n",
		r.Number, roundName(r), playedTables(r))
}

// challenges plays an event of open challenges (S10, Who Wants Some?):
// three games per player, each of 2 to 4 players drawn at random with a
// random winner, and one line a game.
func (s *Simulation) challenges(ctx context.Context, e event.Event, entries []event.Entry) error {
	names := map[event.EntryID]string{}
	for _, en := range entries {
		names[en.ID] = en.Name
	}
	for g := 0; g < 3*len(entries); g++ {
		n := min(len(entries), 2+s.results.IntN(3))
		var players []event.EntryID
		for _, i := range s.results.Perm(len(entries))[:n] {
			players = append(players, entries[i].ID)
		}
		winner := players[s.results.IntN(n)]
		r, err := s.d.Judging.RecordChallenge(ctx, e.ID, players, winner)
		if err != nil {
			return fmt.Errorf("challenge game %d: %w", g+1, err)
		}
		fmt.Fprintf(s.out, "game %3d: %d players, %s won\n", r.Number, n, names[winner])
	}
	return nil
}

// afterRound lets a few players (or teams) out of contention drop after a
// Swiss round, and prints the round's line.
func (s *Simulation) afterRound(ctx context.Context, e event.Event, r event.Round) error {
	if e.Settings.Teams() {
		drops, err := s.dropTeams(ctx, e.ID)
		if err != nil {
			return err
		}
		return s.teamReport(ctx, e.ID, r, drops)
	}
	drops := 0
	if r.Stage == event.StageSwiss {
		var err error
		if drops, err = s.dropSome(ctx, e.ID); err != nil {
			return err
		}
	}
	return s.report(ctx, e.ID, r, drops)
}

// top prints the final top 8: players, or teams in a team event.
func (s *Simulation) top(ctx context.Context, e event.Event) error {
	if e.Settings.Teams() {
		return s.teamTop(ctx, e)
	}
	table, err := s.d.Rounds.Standings(ctx, e.ID)
	if err != nil {
		return err
	}
	top := table[:min(8, len(table))]
	fmt.Fprintf(s.out, "final top %d:\n", len(top))
	for _, st := range top {
		// A place the tie draw decided is marked as on the standings.
		mark := " "
		if st.Drawn {
			mark = standings.DrawMark
		}
		fmt.Fprintf(s.out, "  %3d%s %-32s %3d pts  %s%s\n",
			st.Rank, mark, st.Name, st.Points, rules.Record(st.Wins, st.Losses, st.Draws), tiebreakerText(e.Settings.Tiebreakers, st))
	}
	if standings.AnyDrawn(top) {
		fmt.Fprintf(s.out, "%s\n", standings.DrawNote())
	}
	return nil
}

// draft draws the draft pods before round 1 and prints them in one line:
// "draft: 5 pods of 5,5,5,4,4; passing left, right, left".
func (s *Simulation) draft(ctx context.Context, id event.EventID) error {
	seating, err := s.d.Drafts.DrawDraftPods(ctx, id)
	if err != nil {
		return fmt.Errorf("draft pods: %w", err)
	}
	sizes := make([]string, len(seating.Pods))
	for i, p := range seating.Pods {
		sizes[i] = fmt.Sprint(len(p.Seats))
	}
	passes := make([]string, len(seating.Passes))
	for i, p := range seating.Passes {
		passes[i] = string(p)
	}
	pods := "pods"
	if len(sizes) == 1 {
		pods = "pod"
	}
	fmt.Fprintf(s.out, "draft: %d %s of %s; passing %s\n", len(sizes), pods, strings.Join(sizes, ","), strings.Join(passes, ", "))
	return nil
}

// playRound records a random result at every table of r (see
// drawResults).
func (s *Simulation) playRound(ctx context.Context, e event.Event, r event.Round) error {
	results, err := s.drawResults(e, r)
	if err != nil {
		return err
	}
	return s.record(ctx, e, r, results)
}

// drawResults draws a random result for every table of r but the byes, by
// table number: in a best of three mostly 2–0, 2–1 and their mirrors,
// sometimes a 1–1 draw at time; at a multiplayer table one winner
// (multiplayerResult).
func (s *Simulation) drawResults(e event.Event, r event.Round) (map[int]event.Result, error) {
	bestOf := r.GamesPerMatch(e.Settings)
	need := bestOf/2 + 1
	// Brackets need a winner: draws only in Swiss and round robin.
	draws := r.Stage == event.StageSwiss
	out := make(map[int]event.Result, len(r.Tables))
	for _, t := range r.Tables {
		if t.Bye {
			continue
		}
		// A team table's result is a two-player one between its teams.
		if rules.MultiplayerResult(e.Settings, len(t.Seats)) {
			res, err := s.multiplayerResult(e.Settings, len(t.Seats))
			if err != nil {
				return nil, fmt.Errorf("round %d table %d: %w", r.Number, t.Number, err)
			}
			out[t.Number] = res
			continue
		}
		a, b, drawn, timeOut := need, s.results.IntN(need), 0, false
		switch roll := s.results.IntN(20); {
		case roll == 0 && draws && bestOf == 1:
			a, b, drawn = 0, 0, 1
		case roll == 0 && draws:
			a, b, timeOut = need-1, need-1, true
		case roll < 10:
			a, b = b, a
		}
		out[t.Number] = event.Result{Seats: []event.SeatResult{{GamesWon: a}, {GamesWon: b}}, GamesDrawn: drawn, TimeOut: timeOut}
	}
	return out, nil
}

// record enters the drawn results, table by table in the round's order.
func (s *Simulation) record(ctx context.Context, e event.Event, r event.Round, results map[int]event.Result) error {
	for _, t := range r.Tables {
		res, ok := results[t.Number]
		if !ok {
			continue
		}
		if err := s.d.Rounds.RecordResult(ctx, e.ID, r.Number, t.Number, res); err != nil {
			return fmt.Errorf("round %d table %d: %w", r.Number, t.Number, err)
		}
		if err := s.watch(ctx, e.ID); err != nil {
			return err
		}
	}
	return nil
}

// multiplayerResult draws a result for a table of n seats: one winner,
// or one time in ten a game that goes to time (Heresy: nobody wins; the
// others: one player or two share the lead), with each seat's Tau or game
// points.
func (s *Simulation) multiplayerResult(set event.Settings, n int) (event.Result, error) {
	form := rules.MultiFormFor(set)
	in := rules.MultiInput{Values: make([]string, n)}
	in.TimeOut = s.results.IntN(10) == 0
	winner := s.results.IntN(n)
	wins := !in.TimeOut || form.WinnerAtTime()
	for i := range in.Values {
		v := s.results.IntN(form.ValueMax() + 1)
		if i == winner && wins {
			v += 8
		}
		in.Values[i] = strconv.Itoa(v)
	}
	if wins {
		in.Winners = strconv.Itoa(winner + 1)
		if in.TimeOut && s.results.IntN(3) == 0 {
			in.Winners += " " + strconv.Itoa((winner+1)%n+1) // two share the lead at time
		}
	}
	return form.Build(in)
}

// dropSome drops, as real players do, a few of those out of contention:
// each player with at least two more losses than wins drops with chance 1/8.
func (s *Simulation) dropSome(ctx context.Context, id event.EventID) (int, error) {
	table, err := s.d.Rounds.Standings(ctx, id)
	if err != nil {
		return 0, err
	}
	drops := 0
	for _, st := range table {
		if s.leaves(st) {
			if err := s.d.Registration.Drop(ctx, st.EntryID); err != nil {
				return drops, err
			}
			drops++
		}
	}
	return drops, nil
}

// leaves reports whether st, a player or team still playing with at
// least two more losses than wins, leaves now: chance 1/8, drawn from the
// results' source only for those out of contention.
func (s *Simulation) leaves(st standings.Standing) bool {
	return st.Status == event.EntryActive && st.Losses-st.Wins >= 2 && s.results.IntN(8) == 0
}

func (s *Simulation) report(ctx context.Context, id event.EventID, r event.Round, drops int) error {
	table, err := s.d.Rounds.Standings(ctx, id)
	if err != nil {
		return err
	}
	bye := "none"
	if byeEntry, ok := byeTable(r); ok {
		for _, st := range table {
			if st.EntryID == byeEntry {
				bye = st.Name
			}
		}
	}
	s.roundLine(r, table, bye, "", drops)
	return nil
}

// roundLine prints one round's line: tables, the bye, how many are
// unbeaten, the leader and the drops; noun is "" for players or " teams".
func (s *Simulation) roundLine(r event.Round, table []standings.Standing, bye, noun string, drops int) {
	unbeaten := 0
	for _, st := range table {
		if st.Losses == 0 && st.Draws == 0 && st.Matches == r.Number {
			unbeaten++
		}
	}
	fmt.Fprintf(s.out, "round %2d%s: %4d tables, bye %s, %d unbeaten%s, leader %s (%d pts), %d%s dropped\n",
		r.Number, roundName(r), playedTables(r), bye, unbeaten, noun, table[0].Name, table[0].Points, drops, noun)
}

// playedTables counts a round's tables, byes left out.
func playedTables(r event.Round) int {
	tables := 0
	for _, t := range r.Tables {
		if !t.Bye {
			tables++
		}
	}
	return tables
}

// roundName is " · " and a round's name when it has one of its own (" ·
// top 8"), else "".
func roundName(r event.Round) string {
	// sim reports in English, the language of its log (fmt, no reader's
	// language); the name is said from its key and values.
	if name := r.Name.String(); name != "" && name != fmt.Sprintf("round %d", r.Number) {
		return " · " + name
	}
	return ""
}

func byeTable(r event.Round) (event.EntryID, bool) {
	for _, t := range r.Tables {
		if t.Bye {
			return t.Seats[0].EntryID, true
		}
	}
	return 0, false
}

// tiebreakerText shows a standing's values of the event's tiebreakers.
func tiebreakerText(keys []string, st standings.Standing) string {
	var b strings.Builder
	for _, k := range keys {
		switch k {
		case rules.TieOpponentsMatchWin, rules.TieGameWin, rules.TieOpponentsGameWin, rules.TieOpponentsOpponentsMatchWin:
			fmt.Fprintf(&b, "  %s %5.1f%%", strings.ToUpper(k), 100*st.Tiebreaker(k))
		case rules.TieRandom:
		default:
			fmt.Fprintf(&b, "  %s %d", strings.ToUpper(k), int(st.Tiebreaker(k)))
		}
	}
	return b.String()
}

// makeTeams teams the players up two by two in registration order (a team
// format, A6); an odd player out is dropped, with a line saying so.
func (s *Simulation) makeTeams(ctx context.Context, e event.Event, entries []event.Entry) error {
	size := e.Settings.Team.Size
	full := len(entries) / size * size
	for i := 0; i < full; i += size {
		var members []event.EntryID
		for _, en := range entries[i : i+size] {
			members = append(members, en.ID)
		}
		if _, err := s.d.Teams.CreateTeam(ctx, e.ID, "", members); err != nil {
			return err
		}
	}
	for _, en := range entries[full:] {
		if err := s.d.Registration.Drop(ctx, en.ID); err != nil {
			return err
		}
		fmt.Fprintf(s.out, "teams: %s has no teammate and is dropped\n", en.Name)
	}
	fmt.Fprintf(s.out, "teams: %d teams of %d\n", full/size, size)
	return nil
}

// dropTeams drops, as real teams do, a few of those out of contention:
// each team with at least two more losses than wins leaves with chance
// 1/8, all its players at once.
func (s *Simulation) dropTeams(ctx context.Context, id event.EventID) (int, error) {
	table, err := s.d.Teams.TeamStandings(ctx, id)
	if err != nil {
		return 0, err
	}
	drops := 0
	for _, st := range table {
		if !s.leaves(st.Standing) {
			continue
		}
		for _, m := range st.Members {
			if err := s.d.Registration.Drop(ctx, m.ID); err != nil {
				return drops, err
			}
		}
		drops++
	}
	return drops, nil
}

// teamReport is report for a team event: teams, not players.
func (s *Simulation) teamReport(ctx context.Context, id event.EventID, r event.Round, drops int) error {
	table, err := s.d.Teams.TeamStandings(ctx, id)
	if err != nil {
		return err
	}
	bye := "none"
	byeEntry, hasBye := byeTable(r)
	plain := make([]standings.Standing, len(table))
	for i, st := range table {
		plain[i] = st.Standing
		for _, m := range st.Members {
			if hasBye && m.ID == byeEntry {
				bye = st.Name
			}
		}
	}
	s.roundLine(r, plain, bye, " teams", drops)
	return nil
}

// teamTop prints the final top 8 teams with their players.
func (s *Simulation) teamTop(ctx context.Context, e event.Event) error {
	table, err := s.d.Teams.TeamStandings(ctx, e.ID)
	if err != nil {
		return err
	}
	fmt.Fprintf(s.out, "final top %d teams:\n", min(8, len(table)))
	for _, st := range table[:min(8, len(table))] {
		fmt.Fprintf(s.out, "  %3d  %-40s %3d pts  %s%s\n",
			st.Rank, st.Name, st.Points, rules.Record(st.Wins, st.Losses, st.Draws), tiebreakerText(e.Settings.Tiebreakers, st.Standing))
	}
	return nil
}
