package director

import (
	"context"
	"fmt"
	"strings"
	"tablekeeper/core/i18n"

	"tablekeeper/core/event"
	"tablekeeper/core/judgelog"
	"tablekeeper/core/rules"
)

// NewJudge is a person to add to an event's judges (G1, S11).
type NewJudge struct {
	Name string
	Role event.JudgeRole
	// Order is the multi-judge order: 1 the head judge, 2 to 5 the judges
	// who rule in turn (S11); 0 outside the order.
	Order int
	// PlayerID links a judge who also plays, so the app can name the next
	// judge when they are seated at the table.
	PlayerID event.PlayerID
}

// AddJudge adds a judge, head judge (marshal) or organizer to an event.
// The roster as a whole is checked by RosterProblem, which the judge
// screen shows: a roster is built one person at a time.
func (d *Judging) AddJudge(ctx context.Context, id event.EventID, nj NewJudge) (event.Judge, error) {
	j := event.Judge{EventID: id, Name: strings.Join(strings.Fields(nj.Name), " "), Role: nj.Role, Order: nj.Order, PlayerID: nj.PlayerID}
	if j.Role == event.RoleHeadJudge && j.Order == 0 {
		j.Order = 1
	}
	err := d.store.Write(ctx, func(tx Tx) error {
		e, judges, err := eventJudges(tx, id)
		if err != nil {
			return err
		}
		switch {
		case j.Name == "":
			return event.Invalid("a judge needs a name")
		case j.Role != event.RoleHeadJudge && j.Role != event.RoleJudge && j.Role != event.RoleOrganizer:
			return event.Invalidf("a role is head judge, judge or organizer, not %q", j.Role)
		case j.Order < 0 || j.Order > judgelog.MaxOrder:
			return event.Invalidf("the judges' order runs 1 (head judge) to %d, not %d", judgelog.MaxOrder, j.Order)
		}
		for _, o := range judges {
			if event.SameName(o.Name, j.Name) {
				return event.Conflictf("%s is already among the judges of %s", o.Name, e.Name)
			}
			if j.Order > 0 && o.Order == j.Order {
				return event.Conflictf("%s is already judge %d; give %s another place in the order", o.Name, o.Order, j.Name)
			}
			if j.Role == event.RoleHeadJudge && o.Role == event.RoleHeadJudge {
				return event.Conflictf("%s is already the head judge of %s", o.Name, e.Name)
			}
		}
		if err := tx.CreateJudge(&j); err != nil {
			return err
		}
		return d.log(tx, id, 0, i18n.F("judge added: %s (%s)", j.Name, j.Role))
	})
	return j, err
}

// Judges lists an event's judges, head judge first.
func (d *Judging) Judges(ctx context.Context, id event.EventID) ([]event.Judge, error) {
	return readBy(ctx, d.store, id, Tx.Judges)
}

// RosterProblem returns what the event's judges still lack by its game's
// rules (a KeyForge marshal, a Shadowfist head judge, a gap in the
// multi-judge order) as an error that says itself in the reader's language
// (i18n.Error), or nil when the roster is complete; err is a failed read.
func (d *Judging) RosterProblem(ctx context.Context, id event.EventID) (problem, err error) {
	err = d.store.Read(ctx, func(tx Tx) error {
		e, judges, err := eventJudges(tx, id)
		if err != nil {
			return err
		}
		problem = judgelog.CheckRoster(e.Game, judges)
		return nil
	})
	return problem, err
}

// JudgeLog returns an event's judge log as appended, corrections included
// (judgelog.Effective gives the entries in force).
func (d *Judging) JudgeLog(ctx context.Context, id event.EventID) ([]event.JudgeLogEntry, error) {
	return readBy(ctx, d.store, id, Tx.JudgeLog)
}

// LogJudgeEntry appends an entry to the event's judge log (G4), stamped
// with the time, and applies what the penalties in force now do, all in
// one transaction:
//   - a match loss enters the result of a two-player table (the opponent
//     wins by the majority of games); withdrawing it clears that result so
//     the table reports again;
//   - a disqualification or ejection drops the player (status
//     disqualified), and a match still in progress goes to the opponent
//     (K10); withdrawing it reinstates the player;
//   - a point deduction lowers the player's ranking points (S9), read by
//     the standings from the log;
//   - an extension adds time to the table (S11).
//
// A game loss is logged for the table to include in its reported result.
// An entry written on the store network says where in Source ("judge
// phone, device …"), kept with the entry and in the activity log; the
// judge is JudgeID, as at the desk.
// A correction (Corrects set) replaces the entry it names; a correction
// whose penalty is judgelog.Void withdraws it, undoing its effects.
func (d *Judging) LogJudgeEntry(ctx context.Context, e event.JudgeLogEntry) (event.JudgeLogEntry, error) {
	err := d.store.Write(ctx, func(tx Tx) error {
		ev, err := unfinished(tx, e.EventID, i18n.K("%s is finished; its judge log is closed"))
		if err != nil {
			return err
		}
		log, err := tx.JudgeLog(e.EventID)
		if err != nil {
			return err
		}
		e.At = d.now()
		if e.Source, err = checkSource(e.Source); err != nil {
			return err
		}
		if e.Round == 0 {
			if e.Round, err = tx.RoundCount(e.EventID); err != nil {
				return err
			}
		}
		if err := judgelog.Check(log, e); err != nil {
			return err
		}
		if err := tx.AppendJudgeLog(&e); err != nil {
			return err
		}
		added, withdrawn := judgelog.Diff(judgelog.EffectsOf(log), judgelog.EffectsOf(append(log, e)))
		names, err := d.judgeNames(tx, ev.ID)
		if err != nil {
			return err
		}
		if err := d.applyPenalties(tx, ev, added, withdrawn, names); err != nil {
			return err
		}
		if e.Source != "" {
			return d.log(tx, ev.ID, e.Round, i18n.F("judge log: %s (%s)", judgelog.DescribeText(e, names), e.Source))
		}
		return d.log(tx, ev.ID, e.Round, i18n.F("judge log: %s", judgelog.DescribeText(e, names)))
	})
	return e, err
}

// judgeNames names an event's entries and judges for log lines.
func (d *core) judgeNames(tx Tx, id event.EventID) (judgelog.Names, error) {
	n := judgelog.Names{Entries: map[event.EntryID]string{}, Judges: map[event.JudgeID]string{}}
	entries, err := tx.Entries(id)
	if err != nil {
		return n, err
	}
	for _, en := range entries {
		n.Entries[en.ID] = en.Name
	}
	judges, err := tx.Judges(id)
	if err != nil {
		return n, err
	}
	for _, j := range judges {
		n.Judges[j.ID] = j.Name
	}
	return n, nil
}

// applyPenalties carries out the effects a new judge log entry adds and
// withdraws (see LogJudgeEntry).
func (d *core) applyPenalties(tx Tx, e event.Event, added, withdrawn judgelog.Effects, names judgelog.Names) error {
	steps := []func() error{
		func() error { return d.withdrawLosses(tx, e, withdrawn, names) },
		func() error { return d.enterLosses(tx, e, added, names) },
		func() error { return d.reinstate(tx, e, withdrawn) },
		func() error { return d.disqualify(tx, e, added) },
		func() error { return setExtensions(tx, e, added, withdrawn) },
	}
	for _, step := range steps {
		if err := step(); err != nil {
			return err
		}
	}
	return nil
}

// withdrawLosses takes back the match losses a withdrawn entry entered:
// the table reports its result again.
func (d *core) withdrawLosses(tx Tx, e event.Event, withdrawn judgelog.Effects, names judgelog.Names) error {
	for _, l := range withdrawn.Losses {
		if !l.Match {
			continue
		}
		t, err := tx.Table(e.ID, l.Round, l.Table)
		if err != nil {
			return err
		}
		if t.Result == nil {
			continue
		}
		if err := tx.SetResult(t.ID, nil); err != nil {
			return err
		}
		if err := d.log(tx, e.ID, l.Round, i18n.F("table %d: match loss for %s withdrawn; the table reports its result again", l.Table, names.Entries[l.Entry])); err != nil {
			return err
		}
	}
	return nil
}

// enterLosses enters a match loss as its table's result (two-player
// tables; the organizer enters a multiplayer or team table).
func (d *core) enterLosses(tx Tx, e event.Event, added judgelog.Effects, names judgelog.Names) error {
	for _, l := range added.Losses {
		if !l.Match || l.Table == 0 {
			continue
		}
		t, err := tx.Table(e.ID, l.Round, l.Table)
		if err != nil {
			return err
		}
		res, ok := lossResult(t, l.Entry, bestOfRound(tx, e, l.Round), rules.MultiplayerResult(e.Settings, len(t.Seats)))
		if !ok {
			continue // a multiplayer or team table: the organizer enters it
		}
		res.RecordedAt = d.now()
		if err := tx.SetResult(t.ID, &res); err != nil {
			return err
		}
		if err := d.log(tx, e.ID, l.Round, i18n.F("table %d: match loss for %s entered as the result", l.Table, names.Entries[l.Entry])); err != nil {
			return err
		}
	}
	return nil
}

// reinstate puts back the players whose disqualification was withdrawn.
func (d *core) reinstate(tx Tx, e event.Event, withdrawn judgelog.Effects) error {
	for _, r := range withdrawn.Removals {
		en, err := tx.Entry(r.Entry)
		if err != nil {
			return err
		}
		if en.Status != event.EntryDisqualified {
			continue
		}
		en.Status, en.DroppedAfter = event.EntryActive, 0
		if err := tx.UpdateEntry(en); err != nil {
			return err
		}
		if err := d.log(tx, e.ID, r.Round, i18n.F("reinstated: %s, disqualification withdrawn", en.Name)); err != nil {
			return err
		}
	}
	return nil
}

// disqualify drops the disqualified players and gives a match in progress
// to the opponent (K10).
func (d *core) disqualify(tx Tx, e event.Event, added judgelog.Effects) error {
	rounds, err := tx.RoundCount(e.ID)
	if err != nil {
		return err
	}
	for _, r := range added.Removals {
		en, err := tx.Entry(r.Entry)
		if err != nil {
			return err
		}
		en.Status, en.DroppedAfter = event.EntryDisqualified, rounds
		if err := tx.UpdateEntry(en); err != nil {
			return err
		}
		if r.Table == 0 || r.Round == 0 {
			continue
		}
		t, err := tx.Table(e.ID, r.Round, r.Table)
		if err != nil {
			return err
		}
		res, ok := judgelog.Forfeit(r, t, bestOfRound(tx, e, r.Round))
		if !ok {
			continue
		}
		res.RecordedAt = d.now()
		if err := tx.SetResult(t.ID, &res); err != nil {
			return err
		}
		if err := d.log(tx, e.ID, r.Round, i18n.F("table %d: %s disqualified mid-match; the opponent wins (K10)", r.Table, en.Name)); err != nil {
			return err
		}
	}
	return nil
}

// setExtensions sets each table whose extensions changed to the time the
// whole judge log now gives it.
func setExtensions(tx Tx, e event.Event, added, withdrawn judgelog.Effects) error {
	changed := map[judgelog.TableRef]bool{}
	for ref := range added.Extensions {
		changed[ref] = true
	}
	for ref := range withdrawn.Extensions {
		changed[ref] = true
	}
	if len(changed) == 0 {
		return nil
	}
	log, err := tx.JudgeLog(e.ID)
	if err != nil {
		return err
	}
	now := judgelog.EffectsOf(log).Extensions
	for ref := range changed {
		if ref.Table == 0 {
			continue // the whole round's time is the clock's Add
		}
		t, err := tx.Table(e.ID, ref.Round, ref.Table)
		if err != nil {
			return err
		}
		if err := tx.SetExtension(t.ID, now[ref]); err != nil {
			return err
		}
	}
	return nil
}

// bestOfRound is the games per match of round number of event e.
func bestOfRound(tx Tx, e event.Event, number int) int {
	r, err := tx.RoundHead(e.ID, number)
	if err != nil {
		return e.Settings.GamesPerMatch
	}
	return r.GamesPerMatch(e.Settings)
}

// lossResult is the result of two-player table t when entry loses the
// match by penalty: the opponent wins by the majority of the games, or,
// where the table is scored as a game (placed: a game of Who's the Big
// Man Now?), the opponent wins the game, with no game points.
func lossResult(t event.Table, entry event.EntryID, bestOf int, placed bool) (event.Result, bool) {
	if t.Bye || len(t.Seats) != 2 {
		return event.Result{}, false
	}
	i := -1
	for k, s := range t.Seats {
		if s.EntryID == entry {
			i = k
		}
	}
	if i < 0 {
		return event.Result{}, false
	}
	res := event.Result{Seats: make([]event.SeatResult, 2)}
	if placed {
		res.Seats[1-i].Place = 1
		return res, true
	}
	res.Seats[1-i].GamesWon = max(bestOf, 1)/2 + 1
	return res, true
}

// withDeductions fills each entry's Deducted from the event's judge log:
// the point deductions in force (S9).
func withDeductions(tx Tx, id event.EventID, entries []event.Entry) ([]event.Entry, error) {
	log, err := tx.JudgeLog(id)
	if err != nil || len(log) == 0 {
		return entries, err
	}
	ded := judgelog.Deductions(log)
	for i := range entries {
		entries[i].Deducted = ded[entries[i].ID]
	}
	return entries, nil
}

// scoredEntries returns an event's entries with their point deductions,
// for standings and pairings.
func scoredEntries(tx Tx, id event.EventID) ([]event.Entry, error) {
	entries, err := tx.Entries(id)
	if err != nil {
		return nil, fmt.Errorf("entries of event %d: %w", id, err)
	}
	return withDeductions(tx, id, entries)
}

// eventJudges reads event id and its judges.
func eventJudges(tx Tx, id event.EventID) (event.Event, []event.Judge, error) {
	e, err := tx.Event(id)
	if err != nil {
		return e, nil, err
	}
	judges, err := tx.Judges(id)
	return e, judges, err
}
