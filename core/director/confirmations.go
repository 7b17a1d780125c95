package director

// Results both players confirm (issue 22, event.Settings.
// PlayersConfirmResults): each player reports her table's result from her
// own phone, signed in with her player code, so the report carries who
// sent it (the session's entry, never an entry the phone names). A table
// is decided by its sides:
//
//   - a two-player match: each of the two players;
//   - a team match: each of the two teams (a team's result is one, as on
//     its slip, so one member of each team reporting is enough; two
//     members of a team saying different things disagree);
//   - a multiplayer table: every player, as every player signs a
//     multiplayer table's slip: the scores of each seat are the others'
//     business too.
//
// When every side has reported and every report says the same, the
// result is recorded in the same transaction, marked as reported by
// players. When two reports differ, or a side is still silent once the
// table's time is up (the round's clock and the table's extension; an
// untimed round never is; a round no longer current always is), the
// table goes to the organizer's list of phone reports with every report
// of it, and she accepts one (ResolveReport) or types the result. A result typed at the
// desk, by a scorekeeper or accepted settles the table: its players'
// reports close.

import (
	"context"
	"errors"
	"slices"
	"strings"
	"time"

	"tablekeeper/core/clock"
	"tablekeeper/core/event"
	"tablekeeper/core/i18n"
	"tablekeeper/core/rules"
)

// PlayerResult is a result a player sends from her own phone.
type PlayerResult struct {
	Event event.EventID
	// Entry is the player, from her phone's session.
	Entry event.EntryID
	// Round is the round the phone saw: a report for another round is
	// refused.
	Round int
	// Result is in the syntax of the table's form, as for TableReport;
	// Multi a multiplayer table's structured result instead, as for
	// TableReport.
	Result string
	Multi  *rules.MultiInput
	// Device is the phone's id, logged with the report.
	Device string
}

// ConfirmState is where a table stands for its players' phones.
type ConfirmState int

// The states of a table in an event whose results both players confirm.
const (
	// ConfirmOpen: nobody has reported yet.
	ConfirmOpen ConfirmState = iota
	// ConfirmWaiting: this player has reported; other sides have not.
	ConfirmWaiting
	// ConfirmToConfirm: another side has reported; this player has not.
	ConfirmToConfirm
	// ConfirmOrganizer: the reports disagree, or a side was still silent
	// at time: the table is on the organizer's list.
	ConfirmOrganizer
	// ConfirmRecorded: the table has its result.
	ConfirmRecorded
)

// String names the state as the phone's page reads it.
func (s ConfirmState) String() string {
	return [...]string{"open", "waiting", "confirm", "organizer", "recorded"}[s]
}

// SideReport is one player's report of her table.
type SideReport struct {
	ID    event.ReportID
	Entry event.EntryID
	// Name is the player's name; Side the index of her side in the
	// table's sides (seat order; team A then team B).
	Name string
	Side int
	// Text is the result as she sent it (the line the others confirm
	// with); Said the result with the names, the winner first.
	Text   string
	Said   i18n.Text
	At     time.Time
	Device string
}

// Confirmation is a table of the current round as its players' phones see
// it.
type Confirmation struct {
	Round, Table int
	State        ConfirmState
	// Sides are the names of the table's sides (players; the teams of a
	// team match), Reported how many of them have reported.
	Sides    []string
	Reported int
	// Side is the index in Sides of the player the confirmation was read
	// for.
	Side int
	// Reports are the table's open reports, as sent.
	Reports []SideReport
	// Silent are the names of the sides that have not reported.
	Silent []string
	// Disagree: two reports differ. Late: the table's time is up with a
	// side still silent.
	Disagree, Late bool
	// Recorded is the table's result, said with the names, once it has
	// one.
	Recorded i18n.Text
}

// ErrNotConfirming marks a player's report to an event whose results are
// not confirmed by both players (the web answers 409).
var ErrNotConfirming = errors.New("this event does not take players' own reports")

// ReportAsPlayer keeps a result a player sent from her own phone, in one
// transaction, and returns her table as her phone then sees it. Refused
// with a sentence (event.ErrInvalid; the web answers 400): an event that
// does not take players' reports (ErrNotConfirming), a finished event, a
// round other than the current one, a player with no table in it (a
// bye, a drop), a result the table's form cannot read or the format
// refuses. A table that already has its result is not changed: the same
// result is ConfirmRecorded with nothing written, another is
// ErrReportConflict naming the result on record. Otherwise her report is
// saved (replacing hers) and logged with her device, and when every side
// agrees the result is recorded with it.
func (d *Confirmations) ReportAsPlayer(ctx context.Context, p PlayerResult) (Confirmation, error) {
	text, device, err := tidyReport(resultText(p.Result, p.Multi), p.Device)
	if err != nil {
		return Confirmation{}, err
	}
	var out Confirmation
	err = d.store.Write(ctx, func(tx Tx) error {
		tr, err := playerTable(tx, p.Event, p.Entry, p.Round)
		if err != nil {
			return err
		}
		parsed, res, err := tr.readReport(text, p.Multi)
		if err != nil {
			return err
		}
		if tr.t.Result != nil {
			if sameScore(*tr.t.Result, res) {
				out, err = d.confirmationOf(tx, tr, p.Entry)
				return err
			}
			return keyedError(ErrReportConflict, i18n.F(
				"table %d already has its result: %s. Your report (%s) was not recorded; if the result is wrong, tell the organizer",
				tr.t.Number, tr.said(*tr.t.Result), tr.said(res)))
		}
		rep := event.Report{EventID: tr.e.ID, Entry: p.Entry, Round: tr.r.Number, Table: tr.t.Number,
			Text: text, Parsed: parsed, Device: device, At: d.now()}
		if err := tx.SaveReport(&rep); err != nil {
			return err
		}
		if err := d.log(tx, tr.e.ID, tr.r.Number, i18n.F("round %d table %d: %s reported %s (player's own phone, device %s)",
			tr.r.Number, tr.t.Number, tr.names[p.Entry], tr.say(res), device)); err != nil {
			return err
		}
		if err := d.settleIfAgreed(tx, tr); err != nil {
			return err
		}
		if tr, err = loadTableResult(tx, tr.e.ID, tr.r.Number, tr.t.Number); err != nil {
			return err
		}
		out, err = d.confirmationOf(tx, tr, p.Entry)
		return err
	})
	if err != nil && !errors.Is(err, ErrReportConflict) {
		err = asInvalid(err)
	}
	return out, err
}

// ConfirmationOf returns the table of entry in the event's current round
// as her phone sees it. An event that does not take players' reports is
// ErrNotConfirming; a player with no table in the round is ErrInvalid
// with a sentence.
func (d *Confirmations) ConfirmationOf(ctx context.Context, id event.EventID, entry event.EntryID) (Confirmation, error) {
	var out Confirmation
	err := d.store.Read(ctx, func(tx Tx) error {
		current, err := currentRound(tx, id)
		if err != nil {
			return err
		}
		tr, err := playerTable(tx, id, entry, current)
		if err != nil {
			return err
		}
		out, err = d.confirmationOf(tx, tr, entry)
		return err
	})
	if err != nil {
		err = asInvalid(err)
	}
	return out, err
}

// playerTable reads the table of entry in round of event id for her own
// report, refusing what she may not report (see ReportAsPlayer).
func playerTable(tx Tx, id event.EventID, entry event.EntryID, round int) (tableResult, error) {
	e, err := tx.Event(id)
	if err != nil {
		return tableResult{}, err
	}
	if !e.Settings.PlayersConfirmResults {
		return tableResult{}, keyedError(ErrNotConfirming, i18n.F(
			"%s takes results with the table's code from the match slip, not from each player's phone", e.Name))
	}
	if e.State == event.StateFinished {
		return tableResult{}, event.Invalidf("%s is finished: its results are final and can no longer be reported", e.Name)
	}
	head, err := reportableRound(tx, e)
	if err != nil {
		return tableResult{}, err
	}
	current := head.Number
	if round != current {
		return tableResult{}, event.Invalidf("%s is playing round %d: only its results can be reported; reload the page", e.Name, current)
	}
	n, err := tx.SeatedAt(id, current, entry)
	if err != nil {
		return tableResult{}, err
	}
	if n == 0 {
		return tableResult{}, event.Invalidf("you have no table to report in round %d (a bye, or you are not paired): nothing to report", current)
	}
	t, err := tx.Table(id, current, n)
	if err != nil {
		return tableResult{}, err
	}
	// The event and the round were read above, and pass what
	// loadTableResult checks: not finished, the round published.
	return tableResultOf(tx, e, head, t)
}

// confirmSides groups a table's seats into the sides that each report
// (see the file's comment): the index of each seat's side, and the
// number of sides.
func confirmSides(s event.Settings, t event.Table) (sideOf map[event.EntryID]int, n int) {
	sideOf = make(map[event.EntryID]int, len(t.Seats))
	for i, st := range t.Seats {
		if s.Teams() {
			sideOf[st.EntryID] = i % 2
		} else {
			sideOf[st.EntryID] = i
		}
	}
	if s.Teams() {
		return sideOf, min(2, len(t.Seats))
	}
	return sideOf, len(t.Seats)
}

// tableReports are the open reports of a table and what they say.
type tableReports struct {
	reports  []event.Report
	checked  []event.Result // each report as the table takes it
	sideOf   map[event.EntryID]int
	sides    int
	reported map[int]bool
	disagree bool
}

// readTableReports reads the open player reports of tr's table.
func readTableReports(tx Tx, tr tableResult) (tableReports, error) {
	open, err := tx.OpenReports(tr.e.ID)
	if err != nil {
		return tableReports{}, err
	}
	return tableReportsOf(tr, open), nil
}

// tableReportsOf picks tr's table's players' own reports out of an
// event's open reports.
func tableReportsOf(tr tableResult, open []event.Report) tableReports {
	out := tableReports{reported: map[int]bool{}}
	out.sideOf, out.sides = confirmSides(tr.e.Settings, tr.t)
	for _, o := range open {
		side, seated := out.sideOf[o.Entry]
		if !o.ByPlayer() || o.Round != tr.r.Number || o.Table != tr.t.Number || !seated {
			continue
		}
		res, err := tr.check(o.Parsed)
		if err != nil || len(out.checked) > 0 && !sameScore(out.checked[0], res) {
			// A report the table no longer takes (its settings
			// changed) is a disagreement too: the organizer decides.
			out.disagree = true
		}
		out.reports = append(out.reports, o)
		out.checked = append(out.checked, res)
		out.reported[side] = true
	}
	return out
}

// agreed reports whether every side has reported and all say the same.
func (r tableReports) agreed() bool {
	return !r.disagree && len(r.reported) == r.sides && r.sides > 0
}

// settleIfAgreed records the table's result when every side reported the
// same, naming each player and device in the log.
func (d *core) settleIfAgreed(tx Tx, tr tableResult) error {
	rs, err := readTableReports(tx, tr)
	if err != nil || !rs.agreed() {
		return err
	}
	who := make([]string, len(rs.reports))
	for i, o := range rs.reports {
		who[i] = i18n.F("%s on device %s", tr.names[o.Entry], o.Device).String()
	}
	return d.saveResult(tx, tr, rs.checked[0], i18n.F("confirmed by the players on their own phones: %s", strings.Join(who, ", ")))
}

// late reports whether the table's time is up: the round's clock, with
// the table's extension, has run out; or the round is no longer the
// current one.
func late(tr tableResult, current int, now time.Time) bool {
	if tr.r.Number != current {
		return true
	}
	c := tr.r.Clock
	return clock.Timed(c) && c.Started() && clock.TableRemaining(c, tr.t.Extension, now) <= 0
}

// confirmationOf is tr's table as the phone of entry sees it.
func (d *core) confirmationOf(tx Tx, tr tableResult, entry event.EntryID) (Confirmation, error) {
	rs, err := readTableReports(tx, tr)
	if err != nil {
		return Confirmation{}, err
	}
	current, err := currentRound(tx, tr.e.ID)
	if err != nil {
		return Confirmation{}, err
	}
	out := sideNames(tr)
	out.Round, out.Table = tr.r.Number, tr.t.Number
	out.Reported, out.Disagree = len(rs.reported), rs.disagree
	// Her side has reported when she, or in a team match a teammate,
	// has.
	side, seated := rs.sideOf[entry]
	mine := seated && rs.reported[side]
	out.Side = side
	for i, o := range rs.reports {
		out.Reports = append(out.Reports, SideReport{ID: o.ID, Entry: o.Entry, Name: tr.names[o.Entry], Side: rs.sideOf[o.Entry],
			Text: o.Text, Said: tr.said(rs.checked[i]), At: o.At, Device: o.Device})
	}
	for i, name := range out.Sides {
		if !rs.reported[i] {
			out.Silent = append(out.Silent, name)
		}
	}
	out.Late = len(out.Silent) > 0 && len(rs.reports) > 0 && late(tr, current, d.now())
	switch {
	case tr.t.Result != nil:
		// Settled: nobody is waited for any more.
		out.State, out.Recorded = ConfirmRecorded, tr.said(*tr.t.Result)
		out.Reported, out.Silent, out.Late = len(out.Sides), nil, false
	case out.Disagree || out.Late:
		out.State = ConfirmOrganizer
	case mine:
		out.State = ConfirmWaiting
	case len(rs.reports) > 0:
		out.State = ConfirmToConfirm
	}
	return out, nil
}

// sideNames fills a Confirmation's Sides: the players in seat order, or
// the two teams of a team match.
func sideNames(tr tableResult) Confirmation {
	var out Confirmation
	if tr.e.Settings.Teams() {
		m := event.TeamMatch(tr.t)
		for _, s := range m.Seats {
			out.Sides = append(out.Sides, tr.teams[s.EntryID])
		}
		return out
	}
	for _, s := range tr.t.Seats {
		out.Sides = append(out.Sides, tr.names[s.EntryID])
	}
	return out
}

// playerReportsForOrganizer lists the open player reports of the tables
// that wait on the organizer (a disagreement, or a side silent at time),
// each as a PhoneReport of the organizer's list, by round then table.
func (d *core) playerReportsForOrganizer(tx Tx, e event.Event, open []event.Report) ([]PhoneReport, error) {
	id := e.ID
	if !slices.ContainsFunc(open, event.Report.ByPlayer) {
		return nil, nil
	}
	current, err := currentRound(tx, id)
	if err != nil {
		return nil, err
	}
	var out []PhoneReport
	done := map[[2]int]bool{}
	for _, o := range open {
		key := [2]int{o.Round, o.Table}
		if !o.ByPlayer() || done[key] {
			continue
		}
		done[key] = true
		tr, err := readTable(tx, e, o.Round, o.Table)
		if err != nil {
			return nil, err
		}
		rs := tableReportsOf(tr, open)
		lateNow := len(rs.reported) < rs.sides && late(tr, current, d.now())
		if tr.t.Result != nil || !rs.disagree && !lateNow {
			continue
		}
		players := make([]string, len(tr.t.Seats))
		for i, s := range tr.t.Seats {
			players[i] = tr.names[s.EntryID]
		}
		for i, r := range rs.reports {
			out = append(out, PhoneReport{ID: int64(r.ID), Event: id, Round: r.Round, Table: r.Table, Result: r.Text, Parsed: r.Parsed,
				Device: r.Device, At: r.At, Players: players, Reported: tr.say(rs.checked[i]),
				Entry: r.Entry, Player: tr.names[r.Entry], Disagree: rs.disagree, Late: !rs.disagree})
		}
	}
	return out, nil
}

// ReportedCount is how many sides of a table waiting for its result have
// reported from their phones, of how many.
type ReportedCount struct{ In, Of int }

// reportedCounts counts, for each table of round with open player
// reports, the sides that reported: the missing results list says "1 of
// 2 reported".
func reportedCounts(tx Tx, e event.Event, round int) (map[int]ReportedCount, error) {
	if !e.Settings.PlayersConfirmResults || round < 1 {
		return nil, nil
	}
	open, err := tx.OpenReports(e.ID)
	if err != nil {
		return nil, err
	}
	out := map[int]ReportedCount{}
	for _, o := range open {
		if !o.ByPlayer() || o.Round != round {
			continue
		}
		if _, ok := out[o.Table]; ok {
			continue
		}
		tr, err := readTable(tx, e, o.Round, o.Table)
		if err != nil {
			return nil, err
		}
		rs := tableReportsOf(tr, open)
		out[o.Table] = ReportedCount{In: len(rs.reported), Of: rs.sides}
	}
	return out, nil
}

// resolvePlayerReport is ResolveReport of a player's own report: accepted,
// it records the result she reported, on the organizer's word (her table
// is on the organizer's list), with the same checks as RecordResult,
// marked as reported by players and logged with the player and her
// device; the table's other reports close with it.
func (d *core) resolvePlayerReport(tx Tx, id event.EventID, rep event.Report, accept bool) error {
	if rep.EventID != id {
		return event.NotFoundf("there is no player report %d in this event", int64(rep.ID))
	}
	if !rep.Open() {
		return event.Statef("that player's report was already dealt with: the table has its result")
	}
	if !accept {
		return event.Invalid("a player's own report is not rejected alone: accept another player's report of the table, or type its result")
	}
	tr, res, err := reportedResult(tx, id, rep)
	if err != nil {
		return err
	}
	return d.saveResult(tx, tr, res, i18n.F("the report of %s from a player's own phone, device %s, accepted by the organizer", tr.names[rep.Entry], rep.Device))
}
