package director

import (
	"context"
	"errors"
	"math/rand/v2"
	"slices"

	"tablekeeper/core/event"
	"tablekeeper/core/i18n"
	"tablekeeper/core/rules"
)

// Step is what an event needs next, as the header's main button offers it.
type Step int

// The steps, in the order an event meets them.
const (
	// StepPair pairs the next round (NextRound).
	StepPair Step = iota
	// StepPublish publishes the latest round, a draft.
	StepPublish
	// StepStartCut pairs the first round of the top cut.
	StepStartCut
	// StepStartFinal seats the final table (S10).
	StepStartFinal
	// StepFinish fixes the final standings: the structure is complete.
	StepFinish
	// StepNone: the event is finished, or its games are recorded one by
	// one (open challenges) and there is nothing to pair.
	StepNone
)

// Progress is where an event stands and what comes next, read in one
// transaction: every front-end (the header, sim, the web pages) shows it
// instead of working it out again.
type Progress struct {
	Event event.Event
	// Players are the active entries; Participants add those who dropped
	// after playing (the planned rounds follow them).
	Players, Participants int
	// Rounds is the number of rounds paired; Swiss and Cut split them by
	// stage (Cut counts every round after the Swiss: top cut, final table).
	Rounds, Swiss, Cut int
	// Planned is the number of Swiss rounds planned (0 for a structure
	// without Swiss rounds).
	Planned int
	// Latest is the latest round (zero before round 1).
	Latest event.Round
	// Draft: the latest round's pairings are not published yet.
	Draft bool
	// Missing is the number of tables of the latest round without a
	// result (0 for a draft or before round 1).
	Missing int
	// Next is the next step, NextRound the round it pairs or publishes.
	Next      Step
	NextRound int
	// Ready: Next can be taken now (round 1 can always be tried; a draft
	// can be published; a later round can be paired once the latest has
	// every result; Finish once the last round is complete).
	Ready bool
	// Done: the structure has nothing left to pair (the planned Swiss
	// rounds of a Swiss-only event count as nothing left), so Finish is the
	// step; FinishEarly says finishing now would cut the event short.
	Done, FinishEarly bool
	// ExtraRound: a Swiss-only event past its planned rounds may still
	// pair another round, which is offered apart from Finish.
	ExtraRound bool
	// Open: the latest round's missing results decide whether another
	// round follows (a double-elimination grand final the unbeaten
	// finalist may lose, to be replayed): Next is the round that follows
	// if it does, waiting for them; nothing offers finishing until they
	// are in (then Next is Finish, or the round).
	Open bool
	// Finished: the event is finished; its results are final.
	Finished bool
	// FewPlayers says the event has fewer Participants than its game's
	// rules recognise (rules.FewPlayers: an SWS tournament needs three,
	// S1); the header says it and pairing round 1 asks first. Zero when
	// there is nothing to say.
	FewPlayers i18n.Text
}

// Progress reads where an event stands and what its next step is.
func (d *Rounds) Progress(ctx context.Context, id event.EventID) (Progress, error) {
	var p Progress
	err := d.store.Read(ctx, func(tx Tx) error {
		e, entries, rounds, err := eventWithRounds(tx, id)
		if err == nil {
			p = progressOf(e, entries, rounds)
		}
		return err
	})
	return p, err
}

// readWithRounds reads event id, its entries and its rounds in one read
// transaction (eventWithRounds) and gives them to use, in the same
// transaction: the start of every view that works out standings or
// progress.
func readWithRounds(ctx context.Context, s Store, id event.EventID, use func(tx Tx, e event.Event, entries []event.Entry, rounds []event.Round) error) error {
	return s.Read(ctx, func(tx Tx) error {
		e, entries, rounds, err := eventWithRounds(tx, id)
		if err != nil {
			return err
		}
		return use(tx, e, entries, rounds)
	})
}

// eventWithRounds reads an event with its scored entries (point
// deductions applied) and its rounds, the inputs of standings and of the
// structure's planner.
func eventWithRounds(tx Tx, id event.EventID) (event.Event, []event.Entry, []event.Round, error) {
	e, err := tx.Event(id)
	if err != nil {
		return e, nil, nil, err
	}
	entries, err := scoredEntries(tx, id)
	if err != nil {
		return e, nil, nil, err
	}
	rounds, err := tx.Rounds(id)
	return e, entries, rounds, err
}

// progressOf works out Progress from what the transaction read.
func progressOf(e event.Event, entries []event.Entry, rounds []event.Round) Progress {
	p := Progress{Event: e, Rounds: len(rounds), Finished: e.State == event.StateFinished}
	p.count(entries, rounds)
	p.FewPlayers = rules.FewPlayers(e, p.Participants)
	s := e.Settings
	if s.Structure == event.StructureSwiss {
		p.Planned = PlannedRounds(s, entries)
	}
	p.NextRound = p.Rounds + 1
	switch {
	case p.Finished || s.Structure == event.StructureChallenges:
		p.Next = StepNone
		return p
	case p.Draft:
		p.Next, p.NextRound, p.Ready = StepPublish, p.Rounds, true
		return p
	}
	p.Done, p.Open = p.Rounds > 0 && structureDone(e, entries, rounds, p), false
	if !p.Done && p.Missing > 0 && p.plannerDecides() {
		// While results are out, the structure may already know that no
		// round can follow (a final, the last round of a schedule), or
		// that one may: the results decide (ends).
		p.Done, p.Open = ends(e, entries, rounds)
	}
	p.Next = p.nextStep()
	p.ExtraRound = p.Done && s.Structure == event.StructureSwiss && s.Playoff.TopCut == 0 && !s.HasFinalTable()
	// Round 1 is always offered: when it cannot be paired (too few
	// players, players not checked in, players without a team), pairing
	// says why in a sentence that names them. A later round waits for the
	// latest one's results.
	p.Ready = p.Rounds == 0 || p.Missing == 0
	p.FinishEarly = !p.Done && !p.Open && p.Rounds > 0
	return p
}

// count fills in the players, the rounds by stage and the latest round.
func (p *Progress) count(entries []event.Entry, rounds []event.Round) {
	for _, en := range entries {
		if en.Active() {
			p.Players++
		}
		if en.Active() || en.DroppedAfter > 0 {
			p.Participants++
		}
	}
	for _, r := range rounds {
		if r.Stage == event.StageSwiss {
			p.Swiss++
		} else {
			p.Cut++
		}
	}
	if p.Rounds > 0 {
		p.Latest = rounds[p.Rounds-1]
		p.Draft = !p.Latest.Published()
		if !p.Draft {
			p.Missing = p.Latest.Missing()
		}
	}
}

// nextStep is the step after a published round: finish when the
// structure is done, start the cut or the final table after the planned
// Swiss rounds, else pair.
func (p Progress) nextStep() Step {
	s := p.Event.Settings
	afterSwiss := s.Structure == event.StructureSwiss && p.Cut == 0 && p.Swiss >= p.Planned
	switch {
	case p.Done:
		return StepFinish
	case afterSwiss && s.Playoff.TopCut > 0:
		return StepStartCut
	case afterSwiss && s.HasFinalTable():
		return StepStartFinal
	}
	return StepPair
}

// structureDone reports whether the structure has no round left: the
// planned Swiss rounds of a Swiss-only event, or whatever the structure's
// own planner says (a bracket with its champion, a cut played through).
func structureDone(e event.Event, entries []event.Entry, rounds []event.Round, p Progress) bool {
	s := e.Settings
	if s.Structure == event.StructureSwiss && s.Playoff.TopCut == 0 && !s.HasFinalTable() {
		return p.Swiss >= p.Planned
	}
	if s.Structure == event.StructureSwiss && p.Swiss < p.Planned {
		return false
	}
	if s.Teams() {
		// Team events are Swiss (with their own pairing of teams).
		return p.Swiss >= p.Planned
	}
	return plannerDone(e, entries, rounds)
}

// plannerDone asks the structure's planner whether a round follows rounds.
// The planner is pure: it is asked for the next round with a throwaway
// random source; only "complete" matters, nothing is saved.
func plannerDone(e event.Event, entries []event.Entry, rounds []event.Round) bool {
	_, err := planRound(e, entries, rounds, len(rounds)+1, rand.New(rand.NewPCG(1, 1))) // #nosec G404 -- a trial pairing that is thrown away: a fixed seed, nothing stored
	return errors.Is(err, ErrStructureComplete)
}

// plannerDecides reports whether the structure's planner, rather than the
// count of Swiss rounds, says whether a round follows the latest: not in a
// Swiss stage (the planned rounds decide, then the cut or final table
// follows whatever the results), nor in a team event (Swiss).
func (p Progress) plannerDecides() bool {
	s := p.Event.Settings
	return !s.Teams() && (s.Structure != event.StructureSwiss || p.Cut > 0)
}

// Outcomes ends tries: every combination of winners up to exhaustive, else
// sampled (final and secondary tables of many seats; the planner is asked
// a few times, not thousands). lastTables is the most tables a last round
// of a structure that pairs by results has: a final and a match for third
// place, or a final and a secondary table (the catalogue walk in core/sim
// checks that no structure ends after a larger round).
const (
	exhaustive = 16
	sampled    = 8
	lastTables = 2
)

// ends reports, while the latest round's results are out, whether no
// round can follow it whatever they are (always), and whether some
// results would end the structure and others not (open). It asks the
// planner about the round completed with each possible outcome of its
// missing tables (a winner for each; at a multiplayer table each seat in
// turn), every combination when there are few, else a fixed sample. Only
// the winners decide whether a structure goes on: the planners pair by
// match wins and losses, never by the score.
func ends(e event.Event, entries []event.Entry, rounds []event.Round) (always, open bool) {
	last := rounds[len(rounds)-1]
	var out []int // indexes of the tables without a result
	choices, played := 1, 0
	for i, t := range last.Tables {
		if !t.Bye {
			played++
		}
		if t.Result == nil && !t.Bye {
			out = append(out, i)
			choices *= max(len(t.Seats), 1)
			choices = min(choices, exhaustive+1)
		}
	}
	free := resultFree(e.Settings.Structure)
	if len(out) == 0 || !free && played > lastTables {
		// A structure that pairs by results ends with its champion (one
		// player left, a final played): the winners of more tables than
		// a last round has all still stand, so a round follows whatever
		// the results, and the planner (tens of milliseconds for a
		// thousand players) is not asked.
		return false, false
	}
	rng := rand.New(rand.NewPCG(uint64(len(rounds)), uint64(len(out)))) // #nosec G404 -- seeded from the event's state so the check answers the same each time
	tries := choices
	switch {
	case free:
		tries = 1
	case choices > exhaustive:
		tries = sampled
	}
	seen := map[bool]bool{}
	for try := range tries {
		completed := slices.Clone(rounds)
		r := last
		r.Tables = slices.Clone(last.Tables)
		n := try
		for _, i := range out {
			seats := max(len(r.Tables[i].Seats), 1)
			winner := n % seats
			n /= seats
			if choices > exhaustive {
				winner = rng.IntN(seats)
			}
			res := winnerResult(e.Settings, r, len(r.Tables[i].Seats), winner)
			r.Tables[i].Result = &res
		}
		completed[len(completed)-1] = r
		seen[plannerDone(e, entries, completed)] = true
		if len(seen) == 2 {
			return false, true
		}
	}
	return seen[true], false
}

// resultFree reports whether a structure plays a fixed number of rounds
// whatever the results: a round robin, a fixed schedule.
func resultFree(s event.Structure) bool {
	return s == event.StructureRoundRobin || s == event.StructureSchedule
}

// winnerResult is a result of a table of seats players that winner wins:
// at a two-player table by the games a match needs to none, at a
// multiplayer table with the winner in first place.
func winnerResult(s event.Settings, r event.Round, seats, winner int) event.Result {
	out := event.Result{Seats: make([]event.SeatResult, seats)}
	if rules.MultiplayerResult(s, seats) {
		for i := range out.Seats {
			out.Seats[i].Place = 2
		}
		out.Seats[winner].Place = 1
		return out
	}
	out.Seats[winner].GamesWon = r.GamesPerMatch(s)/2 + 1
	return out
}

// Label is the text of the button that takes the step: "Pair round 4",
// "Publish round 3", "Start top 8", "Start the final table", "Finish
// event", kept as a Text for the screen to say in its language.
func (p Progress) Label() i18n.Text {
	switch p.Next {
	case StepPublish:
		return i18n.F("Publish round %d", p.NextRound)
	case StepStartCut:
		return i18n.F("Start top %d", p.Event.Settings.Playoff.TopCut)
	case StepStartFinal:
		return i18n.F("Start the final table")
	case StepFinish, StepNone:
		return i18n.F("Finish event")
	}
	return i18n.F("Pair round %d", p.NextRound)
}

// Other is the text of the header's second button, the step beside Next
// that is rarely meant, or zero when there is none: "Finish event…" for
// open challenges, "Pair an extra round 4…" after the planned rounds of a
// Swiss, "Finish early…" while the structure has rounds left (not while
// the latest round's results decide whether it has).
func (p Progress) Other() i18n.Text {
	switch {
	case p.Finished:
		return i18n.Text{}
	case p.Event.Settings.Structure == event.StructureChallenges && p.Rounds > 0:
		return i18n.F("Finish event…")
	case p.ExtraRound && p.Ready:
		return i18n.F("Pair an extra round %d…", p.NextRound)
	case p.FinishEarly && !p.Draft:
		return i18n.F("Finish early…")
	}
	return i18n.Text{}
}

// Status ends the status line of the latest round once all its results
// are in (zero before): what comes next, and only what can: "round
// complete: pair round 4", "round complete: start the top 8", "round
// complete: finish the event", with the extra round a Swiss may still
// pair; "the event is finished" once it is.
func (p Progress) Status() i18n.Text {
	switch {
	case p.Finished:
		return i18n.F("the event is finished")
	case p.Rounds == 0 || p.Draft || p.Missing > 0 || p.Next == StepNone:
		return i18n.Text{}
	case p.Next == StepFinish && p.ExtraRound:
		return i18n.F("round complete: finish the event, or pair an extra round %d", p.NextRound)
	case p.Next == StepFinish:
		return i18n.F("round complete: finish the event")
	case p.Next == StepStartCut:
		return i18n.F("round complete: start the top %d", p.Event.Settings.Playoff.TopCut)
	case p.Next == StepStartFinal:
		return i18n.F("round complete: seat the final table")
	}
	return i18n.F("round complete: pair round %d", p.NextRound)
}

// Waiting says why the step cannot be taken yet, or is zero when it can:
// "Waiting for 3 results of round 2".
func (p Progress) Waiting() i18n.Text {
	if p.Ready || p.Next == StepNone {
		return i18n.Text{}
	}
	return i18n.FN("Waiting for %d results of round %d", p.Missing, p.Missing, p.Rounds)
}

// WouldEnd reports whether round number, the latest of event id, would be
// the structure's last round once its tables had the given results (by
// table number; a table left out keeps what it has): nothing more to pair,
// so Finish would be the next step. Nothing is saved. A result its table
// would refuse is refused as RecordResult refuses it. sim --open-round
// asks it to leave an event's last round published and open.
func (d *Rounds) WouldEnd(ctx context.Context, id event.EventID, number int, results map[int]event.Result) (bool, error) {
	var done bool
	err := readWithRounds(ctx, d.store, id, func(tx Tx, e event.Event, entries []event.Entry, rounds []event.Round) error {
		if number < 1 || number > len(rounds) {
			return event.NotFoundf("there is no round %d (%d paired)", number, len(rounds))
		}
		if number != len(rounds) {
			return event.Statef("round %d is not the latest round; only round %d can end the event", number, len(rounds))
		}
		r := rounds[number-1]
		if !r.Published() {
			return event.Statef("round %d is a draft; publish its pairings before asking what its results would do", number)
		}
		r.Tables = slices.Clone(r.Tables)
		for i, t := range r.Tables {
			res, ok := results[t.Number]
			if !ok || t.Bye {
				continue
			}
			names, _, err := seatNames(tx, e, t)
			if err != nil {
				return err
			}
			if res, err = checkResult(e.Settings, t, res, r.GamesPerMatch(e.Settings), names); err != nil {
				return err
			}
			if err := checkDraw(e, r, t, res, names); err != nil {
				return err
			}
			r.Tables[i].Result = &res
		}
		rounds[number-1] = r
		// A round with results still out has not ended the event, even
		// when nothing can follow it (a final): it ends with its last
		// result.
		after := progressOf(e, entries, rounds)
		done = after.Done && after.Missing == 0
		return nil
	})
	return done, err
}
