package director

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"

	"tablekeeper/core/event"
	"tablekeeper/core/i18n"
	"tablekeeper/core/rules"
	"tablekeeper/core/scoring"
	"tablekeeper/core/standings"
)

// PairNextRound pairs the next round as the event's structure says (Swiss,
// a top cut after it, a bracket, a round robin, K6, Armageddon) and saves it
// as a draft: the organizer can still swap players, fix tables or pair it
// again, and publishes it before results are entered. The previous round
// must be published and have all its results. Round 1 pairs the
// checked-in players when check-in is in use (someone has checked in);
// every active player otherwise. A team event pairs its teams, and waits
// for every active player to have one (see teams.go).
func (d *Rounds) PairNextRound(ctx context.Context, id event.EventID) (event.Round, error) {
	var r event.Round
	err := d.store.Write(ctx, func(tx Tx) error {
		e, err := unfinished(tx, id, i18n.K("%s is finished"))
		if err != nil {
			return err
		}
		rounds, err := tx.Rounds(id)
		if err != nil {
			return err
		}
		if n := len(rounds); n > 0 {
			last := rounds[n-1]
			if !last.Published() {
				return event.Statef("round %d is not published yet; publish it (or pair it again) first", n)
			}
			if !last.Complete() {
				return event.Statef("round %[1]d still lacks %[2]s; enter them before pairing round %[3]d", n, results(last.Missing()), n+1)
			}
		}
		r, err = d.pairRound(tx, e, rounds)
		if err != nil {
			return err
		}
		if e.State == event.StateRegistration {
			e.State = event.StateRunning
			if err := tx.UpdateEvent(e); err != nil {
				return err
			}
		}
		return nil
	})
	return r, err
}

// pairRound plans, saves and logs the round after rounds.
func (d *core) pairRound(tx Tx, e event.Event, rounds []event.Round) (event.Round, error) {
	entries, err := scoredEntries(tx, e.ID)
	if err != nil {
		return event.Round{}, err
	}
	number := len(rounds) + 1
	seed := d.nextSeed()
	rng := rand.New(rand.NewPCG(uint64(seed), uint64(number))) // #nosec G115 G404 -- random draws are decided once from the director's seeded source and stored with the round
	var p plan
	if e.Settings.Teams() {
		var teams []event.Team
		if teams, err = tx.Teams(e.ID); err == nil {
			p, err = planTeams(e, entries, teams, rounds, number, rng)
		}
	} else if pods, ok, perr := roundOnePods(tx, e, number); perr != nil {
		err = perr
	} else if ok {
		p, err = planPodRoundOne(entries, pods, rng)
	} else {
		p, err = planRound(e, entries, rounds, number, rng)
	}
	if err != nil {
		return event.Round{}, err
	}
	for i := range entries {
		if s, ok := p.seeds[entries[i].ID]; ok && entries[i].Seed != s {
			entries[i].Seed = s
			if err := tx.UpdateEntry(entries[i]); err != nil {
				return event.Round{}, err
			}
		}
	}
	r := buildRound(e, entries, p, number, seed, d.now())
	if err := tx.CreateRound(&r); err != nil {
		return event.Round{}, err
	}
	if number == 1 && rules.DeckPolicyFor(e.Game, e.Settings).Locks() {
		// Decks lock when round 1 starts (S2, H1, K2); limited decks may
		// change between games from the player's pool (A2), Revelations
		// decks may be tuned between matches (H7).
		if err := tx.LockDecks(e.ID, d.now()); err != nil {
			return event.Round{}, err
		}
	}
	what := i18n.F("round %d", number)
	if !r.Name.IsZero() {
		what = i18n.F("round %d (%s)", number, r.Name)
	}
	if err := d.log(tx, e.ID, number, i18n.FN("%s paired: %d tables, seed %d", len(p.tables), what, len(p.tables), seed)); err != nil {
		return event.Round{}, err
	}
	return r, d.logCutTies(tx, e.ID, number, p.ties)
}

// ErrNotCheckedIn marks the refusal of round 1 (or of a draft draw) while
// players registered but did not check in: the organizer checks them in
// or drops them (DropAbsent). The error's message names them.
var ErrNotCheckedIn = errors.New("players have not checked in")

// pairable returns the entries that play the given round, or an error
// naming the players whose check-in is missing before round 1.
func pairable(entries []event.Entry, round int) (map[event.EntryID]bool, error) {
	return playersOf(entries, round, i18n.F("pairing round 1"))
}

// playersOf is pairable, the error saying what waits for the check-in
// ("pairing round 1", "drawing draft pods").
func playersOf(entries []event.Entry, round int, before i18n.Text) (map[event.EntryID]bool, error) {
	useCheckIn := false
	for _, en := range entries {
		useCheckIn = useCheckIn || (en.Active() && en.CheckedIn)
	}
	var missing []string
	out := make(map[event.EntryID]bool, len(entries))
	for _, en := range entries {
		if !en.Active() || en.JoinedRound > round {
			continue
		}
		if round == 1 && useCheckIn && !en.CheckedIn {
			missing = append(missing, en.Name)
			continue
		}
		out[en.ID] = true
	}
	if len(missing) > 0 {
		return nil, errors.Join(event.Statef("%s", i18n.FN("%d registered players have not checked in: %s. Check them in or drop them before %s", len(missing), len(missing), nameList(missing), before)), ErrNotCheckedIn)
	}
	return out, nil
}

// Rounds returns the event's rounds with tables and results.
func (d *Rounds) Rounds(ctx context.Context, id event.EventID) ([]event.Round, error) {
	return readBy(ctx, d.store, id, Tx.Rounds)
}

// RecordResult saves the result of a table, or corrects the one it had
// (the correction is logged with the old result). The result is checked
// against the format: a best of three cannot end 3–0.
func (d *Rounds) RecordResult(ctx context.Context, id event.EventID, round, table int, res event.Result) error {
	return d.recordResult(ctx, id, round, table, res, nil)
}

// RecordResultSeen is RecordResult for a front-end that showed the table
// before the result was typed: seen is the result it showed (nil for
// none). When the table changed since (another screen, a judge, a player
// reporting), nothing is saved and the error shows the table's current
// result, so a write based on an outdated view is never applied silently.
func (d *Rounds) RecordResultSeen(ctx context.Context, id event.EventID, round, table int, seen *event.Result, res event.Result) error {
	return d.recordResult(ctx, id, round, table, res, func(t event.Table, names map[event.EntryID]string) error {
		if sameResult(seen, t.Result) {
			return nil
		}
		now := i18n.F("no result")
		if t.Result != nil {
			now = describe(*t.Result, t, names)
		}
		return event.Conflictf("table %d changed while you were typing: it now has %s. Nothing was saved; check it and enter the result again if it is still wrong",
			table, now)
	})
}

// sameResult reports whether two reads of a table's result are the same
// saved result.
func sameResult(a, b *event.Result) bool {
	if a == nil || b == nil {
		return a == b
	}
	return a.RecordedAt.Equal(b.RecordedAt) && a.GamesDrawn == b.GamesDrawn && a.TimeOut == b.TimeOut &&
		fmt.Sprint(a.Seats) == fmt.Sprint(b.Seats)
}

// recordResult is RecordResult with an optional check of the table as it
// is in the transaction, before anything is written.
func (d *core) recordResult(ctx context.Context, id event.EventID, round, table int, res event.Result,
	unchanged func(event.Table, map[event.EntryID]string) error) error {
	return d.store.Write(ctx, func(tx Tx) error {
		tr, err := loadTableResult(tx, id, round, table)
		if err != nil {
			return err
		}
		if unchanged != nil {
			if err := unchanged(tr.t, tr.names); err != nil {
				return err
			}
		}
		if res, err = tr.check(res); err != nil {
			return err
		}
		return d.saveResult(tx, tr, res, i18n.Text{})
	})
}

// tableResult is a table about to be given a result, read inside the
// write transaction with what its checks and its log line need. Every
// way a result reaches a table (the keyboard, a phone, an accepted phone
// report) goes through loadTableResult, check and saveResult, so the
// same rules hold whoever typed it.
type tableResult struct {
	e      event.Event
	r      event.Round // the round's head, without its tables
	t      event.Table
	bestOf int
	// names are the players' names; teams, in a team event, each
	// player's team's name.
	names, teams map[event.EntryID]string
}

// loadTableResult reads table number table of round round for a result:
// the event must not be finished, and the round must be published.
func loadTableResult(tx Tx, id event.EventID, round, table int) (tableResult, error) {
	var tr tableResult
	e, err := unfinished(tx, id, i18n.K("%s is finished; its results are final"))
	if err != nil {
		return tr, err
	}
	paired, err := tx.RoundCount(id)
	if err != nil {
		return tr, err
	}
	if round < 1 || round > paired {
		return tr, event.NotFoundf("there is no round %d (%d paired)", round, paired)
	}
	t, err := tx.Table(id, round, table)
	if err != nil {
		return tr, err
	}
	r, err := tx.RoundHead(id, round)
	if err != nil {
		return tr, err
	}
	if !r.Published() {
		return tr, event.Statef("round %d is a draft; publish its pairings before entering results", round)
	}
	return tableResultOf(tx, e, r, t)
}

// tableResultOf is the tableResult of a table already read with its event
// and its round's head (which loadTableResult's checks have passed): the
// players' names are read.
func tableResultOf(tx Tx, e event.Event, r event.Round, t event.Table) (tableResult, error) {
	names, teams, err := seatNames(tx, e, t)
	if err != nil {
		return tableResult{}, err
	}
	return tableResult{e: e, r: r, t: t, bestOf: r.GamesPerMatch(e.Settings), names: names, teams: teams}, nil
}

// read reads a result typed on a phone or at a station in the table's
// form (rules.ParseTableResultFor): the result as typed, which a waiting
// report keeps, and as checked and saved (check).
func (tr tableResult) read(text string) (parsed, res event.Result, err error) {
	parsed, err = rules.ParseTableResultFor(tr.e, tr.r, len(tr.t.Seats), text)
	if err != nil {
		return parsed, res, event.Invalidf("table %d: %s", tr.t.Number, event.Message(err))
	}
	res, err = tr.check(parsed)
	return parsed, res, err
}

// readReport reads a phone's result: its text as read does, or, when the
// phone sent a multiplayer table's fields (multi) for a multiplayer
// table, the fields as they are (rules.MultiForm.ReadInput: the result
// and refusal its text would give, without the text). Fields sent for
// another table are read as their text, which that table refuses.
func (tr tableResult) readReport(text string, multi *rules.MultiInput) (parsed, res event.Result, err error) {
	seats := len(tr.t.Seats)
	if multi == nil || !rules.MultiplayerResult(tr.e.Settings, seats) {
		return tr.read(text)
	}
	parsed, err = rules.MultiFormFor(tr.e.Settings).ReadInput(*multi, seats)
	if err != nil {
		return parsed, res, event.Invalidf("table %d: %s", tr.t.Number, event.Message(err))
	}
	res, err = tr.check(parsed)
	return parsed, res, err
}

// reportedResult reads the table a report is about and checks the result
// it reports there, as accepting it would save it.
func reportedResult(tx Tx, id event.EventID, rep event.Report) (tableResult, event.Result, error) {
	tr, err := loadTableResult(tx, id, rep.Round, rep.Table)
	if err != nil {
		return tr, event.Result{}, err
	}
	res, err := tr.check(rep.Parsed)
	return tr, res, err
}

// check checks res against the table, the format and the round (draws),
// and returns it as it is saved.
func (tr tableResult) check(res event.Result) (event.Result, error) {
	res, err := checkResult(tr.e.Settings, tr.t, res, tr.bestOf, tr.names)
	if err != nil {
		return res, err
	}
	return res, checkDraw(tr.e, tr.r, tr.t, res, tr.names)
}

// say describes a result of the table for the log: a team table as the
// match between its teams.
func (tr tableResult) say(r event.Result) i18n.Text {
	if !tr.e.Settings.Teams() {
		return describe(r, tr.t, tr.names)
	}
	m := tr.t
	m.Result = &r
	m = event.TeamMatch(m)
	return describe(*m.Result, m, tr.teams)
}

// said says a result of the table for the players, with their names and
// the winner first (rules.ResultSaid): a team table as the match between
// its teams.
func (tr tableResult) said(r event.Result) i18n.Text {
	m := tr.t
	m.Result = &r
	names := tr.names
	if tr.e.Settings.Teams() {
		m, names = event.TeamMatch(m), tr.teams
	}
	sides := make([]string, len(m.Seats))
	for i, s := range m.Seats {
		sides[i] = names[s.EntryID]
	}
	return rules.ResultSaid(tr.e.Settings, *m.Result, sides)
}

// saveResult saves a checked result on the table and logs it, as a
// correction when the table had one. source, when not empty, says the
// players reported it ("players, table code, device …"): the result is
// marked ByPlayers and the log line names the source. The table's open
// reports are settled with it (settleReports).
func (d *core) saveResult(tx Tx, tr tableResult, res event.Result, source i18n.Text) error {
	res.RecordedAt = d.now()
	res.ByPlayers = !source.IsZero()
	if err := tx.SetResult(tr.t.ID, &res); err != nil {
		return err
	}
	if err := d.settleReports(tx, tr, res); err != nil {
		return err
	}
	round, table := tr.r.Number, tr.t.Number
	now := tr.say(res)
	if !source.IsZero() {
		now = i18n.F("%s (%s)", now, source)
	}
	if tr.t.Result != nil {
		return d.log(tx, tr.e.ID, round, i18n.F("round %d table %d corrected: %s (was %s)", round, table, now, tr.say(*tr.t.Result)))
	}
	return d.log(tx, tr.e.ID, round, i18n.F("round %d table %d: %s", round, table, now))
}

// seatNames returns the names of the players at a table and, in a team
// event, of each player's team.
func seatNames(tx Tx, e event.Event, t event.Table) (names, teams map[event.EntryID]string, err error) {
	names = make(map[event.EntryID]string, len(t.Seats))
	teams = map[event.EntryID]string{}
	for _, s := range t.Seats {
		en, err := tx.Entry(s.EntryID)
		if err != nil {
			return nil, nil, err
		}
		names[en.ID] = en.Name
		if en.TeamID != 0 && e.Settings.Teams() {
			tm, err := tx.Team(en.TeamID)
			if err != nil {
				return nil, nil, err
			}
			teams[en.ID] = tm.Name
		}
	}
	return names, teams, nil
}

// checkResult checks a result against the table and the format, and
// returns it as it is saved (a team result spread to the members): a
// two-player match of best of bestOf, a team match, or a multiplayer table
// scored by the format.
func checkResult(s event.Settings, t event.Table, res event.Result, bestOf int, names map[event.EntryID]string) (event.Result, error) {
	var err error
	switch {
	case s.Teams():
		res, err = teamResult(t, res, bestOf, names)
	case rules.MultiplayerResult(s, len(t.Seats)) || len(res.Seats) > 2:
		if len(res.Seats) != len(t.Seats) {
			return res, event.Invalidf("table %d seats %d players; the result has %d", t.Number, len(t.Seats), len(res.Seats))
		}
		err = scoring.Check(s, &res)
	default:
		err = rules.CheckMatch(s, res, bestOf)
	}
	if err != nil {
		return res, event.Invalidf("table %d: %s", t.Number, event.Message(err))
	}
	return res, nil
}

// checkDraw refuses a drawn two-player result where the game or the round
// has no draws (rules.MatchDraws), naming the players.
func checkDraw(e event.Event, r event.Round, t event.Table, res event.Result, names map[event.EntryID]string) error {
	if len(t.Seats) != 2 || len(res.Seats) != 2 || e.Settings.Teams() {
		return nil
	}
	ok, why := rules.MatchDraws(e, r)
	if ok {
		return nil
	}
	drawnGame := res.GamesDrawn > 0 && e.Settings.Structure == event.StructureKeyForge
	if res.Outcome(0) != event.Draw && !drawnGame {
		return nil
	}
	return event.Invalidf("Table %d (%s v %s): %s", t.Number, names[t.Seats[0].EntryID], names[t.Seats[1].EntryID], why)
}

func nameIndex(entries []event.Entry) map[event.EntryID]string {
	m := make(map[event.EntryID]string, len(entries))
	for _, en := range entries {
		m[en.ID] = en.Name
	}
	return m
}

// describe says a table's result for a person: "Ada 2–1 Bo (1 drawn)",
// or each seat's points at a multiplayer table, kept as a Text so each
// reader gets it in their language.
func describe(r event.Result, t event.Table, names map[event.EntryID]string) i18n.Text {
	if len(r.Seats) != len(t.Seats) {
		return i18n.F("result")
	}
	if len(t.Seats) > 2 {
		parts := make([]i18n.Text, len(t.Seats))
		for i, s := range t.Seats {
			switch {
			case r.Seats[i].Place == 1 && r.TimeOut:
				parts[i] = i18n.F("%s %d (lead at time)", names[s.EntryID], r.Seats[i].Points)
			case r.Seats[i].Place == 1:
				parts[i] = i18n.F("%s %d (won)", names[s.EntryID], r.Seats[i].Points)
			default:
				parts[i] = i18n.Text{Format: "%s %d", Args: []any{names[s.EntryID], r.Seats[i].Points}}
			}
		}
		if r.TimeOut {
			return i18n.F("%s; time-out", i18n.List(parts))
		}
		return i18n.List(parts)
	}
	s := i18n.Text{Format: "%s %d–%d %s", Args: []any{names[t.Seats[0].EntryID], r.Seats[0].GamesWon, r.Seats[1].GamesWon, names[t.Seats[1].EntryID]}}
	if r.GamesDrawn > 0 {
		s = i18n.F("%s (%d drawn)", s, r.GamesDrawn)
	}
	if r.TimeOut {
		s = i18n.F("%s at time", s)
	}
	return s
}

// Standings returns the event's standings after the results saved so far,
// ranked by the format's points and tiebreakers; once a top cut or bracket
// is over, its placements come first. In a team event each player's record
// is their team's (TeamStandings ranks the teams).
func (d *Rounds) Standings(ctx context.Context, id event.EventID) ([]standings.Standing, error) {
	var out []standings.Standing
	err := readWithRounds(ctx, d.store, id, func(tx Tx, e event.Event, entries []event.Entry, rounds []event.Round) error {
		out = finalStandings(e, entries, rounds)
		return nil
	})
	return out, err
}

// finalStandings are the standings by player over the published rounds,
// a finished bracket's or cut's placements first: the one computation of
// an event's standings that the window, the pages, the printed reports,
// the exports and a player's history all read.
//
// A Swiss event with a top cut or a final table (X2, S10) ranks everyone
// by the Swiss standings at the cut, frozen: the elimination or final
// table's results only order the players in the cut (its placements), and
// never reach the points and tiebreakers of the players below it, who keep
// their Swiss places.
func finalStandings(e event.Event, entries []event.Entry, rounds []event.Round) []standings.Standing {
	published := publishedRounds(rounds)
	return withPlacements(playerStandings(e, entries, rankedRounds(e.Settings, published), true), placements(e, entries, published))
}

// rankedRounds are the rounds the standings rank by: a Swiss event with a
// cut counts its Swiss rounds only (the cut's placements order the players
// in it, see finalStandings); every other event, all of them.
func rankedRounds(s event.Settings, rounds []event.Round) []event.Round {
	if s.Structure == event.StructureSwiss && (s.Playoff.TopCut > 0 || s.HasFinalTable()) {
		return stageRounds(rounds, event.StageSwiss)
	}
	return rounds
}

// Sheet is a round as the floor sees it: each table with its players'
// names and their points before the round.
type Sheet struct {
	Event  event.Event
	Round  event.Round
	Tables []SheetTable
}

// SheetTable is one table of a Sheet.
type SheetTable struct {
	event.Table
	Players []SheetPlayer // in seat order
	// Teams are, in a team event, the teams at the table: team A (seats
	// 1, 3, …) then team B (seats 2, 4, …); at a bye, the team of the
	// player who has it. Nil in an individual event.
	Teams []SheetTeam
}

// SheetTeam is a team at a SheetTable.
type SheetTeam struct {
	ID   event.TeamID
	Name string
	// Members are the team's players in registration order.
	Members []SheetPlayer
	// Points are the team's match points before the round (each member
	// has the team's).
	Points int
	// Entry is the player who stands for the team (its first member):
	// swapping that player in a draft swaps the whole team.
	Entry event.EntryID
}

// MemberNames joins the team's members' names: "Ada & Bob".
func (t SheetTeam) MemberNames() string {
	names := make([]string, len(t.Members))
	for i, m := range t.Members {
		names[i] = m.Name
	}
	return strings.Join(names, " & ")
}

// SheetPlayer is one seat of a SheetTable.
type SheetPlayer struct {
	Entry  event.EntryID
	Name   string
	Points int // match points before the round
}

// RoundSheet returns round number of an event with names and points, for
// the round screen and the pairings report.
func (d *Rounds) RoundSheet(ctx context.Context, id event.EventID, number int) (Sheet, error) {
	return readIn(ctx, d.store, func(tx Tx) (Sheet, error) { return roundSheet(tx, id, number) })
}

// roundSheet reads round number of event id as a Sheet, inside a read.
func roundSheet(tx Tx, id event.EventID, number int) (Sheet, error) {
	e, err := tx.Event(id)
	if err != nil {
		return Sheet{}, err
	}
	rounds, err := tx.Rounds(id)
	if err == nil {
		err = pairedRound(e, number, len(rounds))
	}
	if err != nil {
		return Sheet{}, err
	}
	entries, err := scoredEntries(tx, id)
	if err != nil {
		return Sheet{}, err
	}
	var teams []event.Team
	if e.Settings.Teams() {
		if teams, err = tx.Teams(id); err != nil {
			return Sheet{}, err
		}
	}
	return sheetOf(e, entries, teams, rounds, number), nil
}

// sheetOf is round number (1 ≤ number ≤ len(rounds)) as a Sheet, from
// what a read gave: the event, its scored entries, its teams (team
// formats) and its rounds.
func sheetOf(e event.Event, entries []event.Entry, teams []event.Team, rounds []event.Round, number int) Sheet {
	before := playerStandings(e, entries, rounds[:number-1], false)
	points := make(map[event.EntryID]int, len(before))
	for _, s := range before {
		points[s.EntryID] = s.Points
	}
	names := nameIndex(entries)
	player := func(id event.EntryID) SheetPlayer {
		return SheetPlayer{Entry: id, Name: names[id], Points: points[id]}
	}
	var v teamView
	if e.Settings.Teams() {
		v = newTeamView(entries, teams)
	}
	sh := Sheet{Event: e, Round: rounds[number-1]}
	for _, t := range sh.Round.Tables {
		st := SheetTable{Table: t}
		for _, s := range t.Seats {
			st.Players = append(st.Players, player(s.EntryID))
		}
		for k := 0; e.Settings.Teams() && k < min(2, len(t.Seats)); k++ {
			if tm, ok := v.sheetTeam(t.Seats[k].EntryID, player); ok {
				st.Teams = append(st.Teams, tm)
			}
		}
		sh.Tables = append(sh.Tables, st)
	}
	return sh
}

// results says "1 result" or "3 results", in the reader's language.
func results(n int) i18n.Text { return i18n.FN("%d result", n, n) }
