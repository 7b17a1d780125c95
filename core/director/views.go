package director

// This file holds the view-shaped reads: each screen's data in one
// read transaction, so what is shown is one consistent moment.

import (
	"context"

	"tablekeeper/core/event"
	"tablekeeper/core/judgelog"
	"tablekeeper/core/standings"
)

// JudgeView is what the Judge tab shows, read in one transaction: the
// event, its entries, its judges with the roster's problem, the judge log,
// and the latest round's sheet for the table choosers.
type JudgeView struct {
	Event   event.Event
	Entries []event.Entry // in registration order
	Judges  []event.Judge
	// Problem says what the roster lacks for the game's rules (S11: a
	// head judge), nil when nothing: an error that says itself in the
	// screen's language (i18n.Error).
	Problem error
	Log     []event.JudgeLogEntry
	// Rounds is the number of rounds paired; Latest is the latest one's
	// sheet (zero before round 1).
	Rounds int
	Latest Sheet
}

// JudgeView reads the Judge tab's view of an event in one transaction.
func (d *Views) JudgeView(ctx context.Context, id event.EventID) (JudgeView, error) {
	var v JudgeView
	err := d.store.Read(ctx, func(tx Tx) error {
		var err error
		if v.Event, v.Entries, err = eventAndEntries(tx, id); err != nil {
			return err
		}
		if v.Judges, err = tx.Judges(id); err != nil {
			return err
		}
		v.Problem = judgelog.CheckRoster(v.Event.Game, v.Judges)
		if v.Log, err = tx.JudgeLog(id); err != nil {
			return err
		}
		if v.Rounds, err = tx.RoundCount(id); err != nil || v.Rounds == 0 {
			return err
		}
		v.Latest, err = roundSheet(tx, id, v.Rounds)
		return err
	})
	return v, err
}

// RoundView is what the Round tab shows, read in one transaction: every
// round's head (number, stage, name, publication; no tables) for the
// round selector, the sheet of the round shown, and the phone reports
// waiting for the organizer.
type RoundView struct {
	Heads []event.Round
	// Sheet is the round shown (zero before round 1). A result the
	// players reported from a phone has Result.ByPlayers set.
	Sheet Sheet
	// Reports are the event's open phone reports, waiting for approval
	// or to check (PhoneReports).
	Reports []PhoneReport
	// Reported counts, by table of the round shown, the sides that
	// reported from their own phones when the event's results are
	// confirmed by both players (nil otherwise): "1 of 2 reported".
	Reported map[int]ReportedCount
	// Progress is where the event stands, read with the rest: the status
	// line says its Status under the latest round, so it offers only the
	// step the header offers.
	Progress Progress
	// Drops are the players' open requests to drop, sent from their
	// phones (OpenDropRequests), before round 1 too.
	Drops []DropRequest
}

// RoundView reads the Round tab's view of an event: round number, or the
// latest round when number is 0, past the last round, or when a round was
// paired since the screen last saw seen rounds (so a new round shows at
// once).
func (d *Views) RoundView(ctx context.Context, id event.EventID, number, seen int) (RoundView, error) {
	var v RoundView
	err := d.store.Read(ctx, func(tx Tx) error {
		count, err := tx.RoundCount(id)
		if err != nil {
			return err
		}
		if count == 0 {
			v.Drops, err = openDropRequests(tx, id)
			return err
		}
		// The rounds are read once: the progress, the heads and the sheet
		// are all of them.
		e, entries, rounds, err := eventWithRounds(tx, id)
		if err != nil {
			return err
		}
		v.Progress = progressOf(e, entries, rounds)
		drops, err := tx.OpenDropRequests(id)
		if err != nil {
			return err
		}
		v.Drops = namedDrops(drops, entries)
		if v.Reports, err = d.organizerReports(tx, id); err != nil {
			return err
		}
		count = len(rounds)
		v.Heads = make([]event.Round, count)
		for i, r := range rounds {
			r.Tables = nil
			v.Heads[i] = r
		}
		if number == 0 || number > count || count > seen {
			number = count
		}
		var teams []event.Team
		if e.Settings.Teams() {
			if teams, err = tx.Teams(id); err != nil {
				return err
			}
		}
		v.Sheet = sheetOf(e, entries, teams, rounds, number)
		v.Reported, err = reportedCounts(tx, e, number)
		return err
	})
	return v, err
}

// RegistrationView is what the Registration tab shows, read in one
// transaction: the event, its entries and, in a team format, its teams.
type RegistrationView struct {
	Event   event.Event
	Entries []event.Entry // in registration order
	Teams   []event.Team  // nil unless the format plays in teams
}

// RegistrationView reads the Registration tab's view of an event.
func (d *Views) RegistrationView(ctx context.Context, id event.EventID) (RegistrationView, error) {
	var v RegistrationView
	err := d.store.Read(ctx, func(tx Tx) error {
		var err error
		if v.Event, v.Entries, err = eventAndEntries(tx, id); err != nil || !v.Event.Settings.Teams() {
			return err
		}
		v.Teams, err = tx.Teams(id)
		return err
	})
	return v, err
}

// ChallengesView is what the Round tab of open challenges shows, read in
// one transaction: the event, its entries, and the games recorded (each a
// round of one table).
type ChallengesView struct {
	Event   event.Event
	Entries []event.Entry // in registration order
	Games   []event.Round
}

// ChallengesView reads the open challenges' view of an event.
func (d *Views) ChallengesView(ctx context.Context, id event.EventID) (ChallengesView, error) {
	var v ChallengesView
	err := d.store.Read(ctx, func(tx Tx) error {
		var err error
		if v.Event, v.Entries, err = eventAndEntries(tx, id); err != nil {
			return err
		}
		v.Games, err = tx.Rounds(id)
		return err
	})
	return v, err
}

// StandingsView is what the Standings tab shows, read in one transaction:
// the event, and its standings by player or, in a team format, by team.
type StandingsView struct {
	Event event.Event
	// Players are the standings by player (nil in a team format).
	Players []standings.Standing
	// Teams are the standings by team (nil unless the format plays in
	// teams).
	Teams []TeamStanding
	// Basis is what the rows count, decided in the same read: its Title
	// heads them wherever they are shown.
	Basis Basis
}

// StandingsView reads the Standings tab's view of an event.
func (d *Views) StandingsView(ctx context.Context, id event.EventID) (StandingsView, error) {
	var v StandingsView
	err := readWithRounds(ctx, d.store, id, func(tx Tx, e event.Event, entries []event.Entry, rounds []event.Round) (err error) {
		v.Event, v.Basis = e, basisOf(e, rounds)
		if e.Settings.Teams() {
			v.Teams, err = teamStandings(tx, e, entries, rounds)
			return err
		}
		v.Players = finalStandings(e, entries, rounds)
		return nil
	})
	return v, err
}

// eventAndEntries reads event id and its entries, in registration order:
// the start of the views of one event.
func eventAndEntries(tx Tx, id event.EventID) (event.Event, []event.Entry, error) {
	e, err := tx.Event(id)
	if err != nil {
		return e, nil, err
	}
	entries, err := tx.Entries(id)
	return e, entries, err
}
