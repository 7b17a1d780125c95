package director

// Team events (Altered 2v2, rule A6). Players register one by one, then
// the organizer makes teams of Settings.Team.Size from them. Rounds pair
// teams, two a table seated alternately (A1, B1, A2, B2, so teammates sit
// opposite), and a table's result is a two-player result between the
// teams that every member carries (event.TeamMatch).
//
// The engines know nothing of teams. Pairing and the team standings see a
// team event as an individual event of teams (teamView): one entry per
// team, whose ID is the team's first member's, and each team table as a
// two-seat table between those entries, so every tiebreaker works for
// teams. The player standings see each team table as two-player matches
// between facing seats (A1 v B1, A2 v B2) with the team's result, so each
// player's record is their team's.

import (
	"cmp"
	"context"
	"math/rand/v2"
	"slices"
	"strings"

	"tablekeeper/core/event"
	"tablekeeper/core/i18n"
	"tablekeeper/core/pairing"
	"tablekeeper/core/standings"
)

// CreateTeam makes a team of an event's registered players: exactly the
// format's team size, each active and in no other team. An empty name
// names the team after its members ("Ada & Bob"). A team can be made
// after round 1 (late entries), and plays from the next round.
func (d *Teams) CreateTeam(ctx context.Context, id event.EventID, name string, members []event.EntryID) (event.Team, error) {
	var tm event.Team
	err := d.store.Write(ctx, func(tx Tx) error {
		e, err := tx.Event(id)
		if err != nil {
			return err
		}
		switch {
		case !e.Settings.Teams():
			return event.Statef("%s is not a team event; teams are for team formats such as Altered 2v2", e.Name)
		case e.State == event.StateFinished:
			return event.Statef("%s is finished; its teams can no longer change", e.Name)
		case len(members) != e.Settings.Team.Size:
			return event.Invalidf("a team has %d players; %d chosen", e.Settings.Team.Size, len(members))
		}
		ens, err := newMembers(tx, e, members)
		if err != nil {
			return err
		}
		tm = event.Team{EventID: id, Name: strings.Join(strings.Fields(name), " ")}
		if tm.Name == "" {
			tm.Name = defaultTeamName(ens)
		}
		if err := tm.Validate(); err != nil {
			return err
		}
		if err := tx.CreateTeam(&tm); err != nil {
			return err
		}
		slices.SortFunc(ens, func(a, b event.Entry) int { return cmp.Compare(a.ID, b.ID) })
		for _, en := range ens {
			en.TeamID = tm.ID
			if err := tx.UpdateEntry(en); err != nil {
				return err
			}
			tm.Members = append(tm.Members, en.ID)
		}
		rounds, err := tx.RoundCount(id)
		if err != nil {
			return err
		}
		return d.log(tx, id, rounds, i18n.F("team made: %s (%s)", tm.Name, memberNames(ens, ", ")))
	})
	if err != nil {
		return event.Team{}, err
	}
	return tm, nil
}

// newMembers reads the entries that make a new team of event e: each
// registered in e, active and in no team yet, none twice.
func newMembers(tx Tx, e event.Event, members []event.EntryID) ([]event.Entry, error) {
	ens := make([]event.Entry, len(members))
	for i, m := range members {
		if slices.Contains(members[:i], m) {
			return nil, event.Invalid("choose different players: a player cannot team up with themselves")
		}
		en, err := tx.Entry(m)
		if isNotFound(err) || err == nil && en.EventID != e.ID {
			return nil, event.NotFoundf("that player is not registered in %s", e.Name)
		}
		if err != nil {
			return nil, err
		}
		if !en.Active() {
			return nil, event.Statef("%s has left the event; only active players make a team", en.Name)
		}
		if en.TeamID != 0 {
			other, err := tx.Team(en.TeamID)
			if err != nil {
				return nil, err
			}
			return nil, event.Conflictf("%s is already in team %s", en.Name, other.Name)
		}
		ens[i] = en
	}
	return ens, nil
}

// defaultTeamName names a team after its members, as picked: "Ada & Bob".
func defaultTeamName(members []event.Entry) string {
	return memberNames(members, " & ")
}

func memberNames(members []event.Entry, sep string) string {
	names := make([]string, len(members))
	for i, m := range members {
		names[i] = m.Name
	}
	return strings.Join(names, sep)
}

// DissolveTeam breaks up a team made by mistake: its members stay
// registered, without a team. Only before round 1 is paired: after that
// the team has a place in the pairings and standings.
func (d *Teams) DissolveTeam(ctx context.Context, team event.TeamID) error {
	return d.store.Write(ctx, func(tx Tx) error {
		tm, err := tx.Team(team)
		if err != nil {
			return err
		}
		e, err := unfinished(tx, tm.EventID, i18n.K("%s is finished; its teams can no longer change"))
		if err != nil {
			return err
		}
		rounds, err := tx.RoundCount(e.ID)
		if err != nil {
			return err
		}
		if rounds > 0 {
			return event.Statef("team %s has played or is paired: teams are fixed once round 1 is paired (withdraw a draft round 1 to change them)", tm.Name)
		}
		var members []event.Entry
		for _, m := range tm.Members {
			en, err := tx.Entry(m)
			if err != nil {
				return err
			}
			members = append(members, en)
		}
		if err := tx.DeleteTeam(tm.ID); err != nil {
			return err
		}
		return d.log(tx, e.ID, 0, i18n.F("team dissolved: %s (%s)", tm.Name, memberNames(members, ", ")))
	})
}

// Teams lists an event's teams in the order they were made, each with its
// members in registration order.
func (d *Teams) Teams(ctx context.Context, id event.EventID) ([]event.Team, error) {
	return readBy(ctx, d.store, id, Tx.Teams)
}

// TeamStanding is one team's line in a team event's standings: the
// standings engine's numbers for the team as one entrant (EntryID is its
// first member's, Name the team's name), with the team and its members.
type TeamStanding struct {
	standings.Standing
	Team    event.Team
	Members []event.Entry
}

// TeamStandings returns a team event's standings by team after the
// published results: match points, records and the event's tiebreakers
// computed over teams (a team's opponents are the teams it met).
func (d *Teams) TeamStandings(ctx context.Context, id event.EventID) ([]TeamStanding, error) {
	var out []TeamStanding
	err := readWithRounds(ctx, d.store, id, func(tx Tx, e event.Event, entries []event.Entry, rounds []event.Round) (err error) {
		out, err = teamStandings(tx, e, entries, rounds)
		return err
	})
	return out, err
}

// teamStandings ranks the teams of team event e inside a read.
func teamStandings(tx Tx, e event.Event, entries []event.Entry, rounds []event.Round) ([]TeamStanding, error) {
	if !e.Settings.Teams() {
		return nil, event.Statef("%s is not a team event; its standings are by player", e.Name)
	}
	teams, err := tx.Teams(e.ID)
	if err != nil {
		return nil, err
	}
	var out []TeamStanding
	v := newTeamView(entries, teams)
	for _, st := range v.standings(e.Settings, publishedRounds(rounds)) {
		out = append(out, TeamStanding{Standing: st, Team: v.team[st.EntryID], Members: v.members[st.EntryID]})
	}
	return out, nil
}

// teamView is a team event seen as an individual event of teams.
type teamView struct {
	// entries has one entry per team with members: the team's first
	// member's ID, the team's name, active while every member is, joined
	// when the last member joined.
	entries []event.Entry
	// teamOf maps a member to its team's entry ID.
	teamOf map[event.EntryID]event.EntryID
	// team and members map a team's entry ID to the team and its members
	// in registration order.
	team    map[event.EntryID]event.Team
	members map[event.EntryID][]event.Entry
}

func newTeamView(entries []event.Entry, teams []event.Team) teamView {
	v := teamView{
		teamOf:  map[event.EntryID]event.EntryID{},
		team:    map[event.EntryID]event.Team{},
		members: map[event.EntryID][]event.Entry{},
	}
	byID := make(map[event.EntryID]event.Entry, len(entries))
	for _, en := range entries {
		byID[en.ID] = en
	}
	for _, tm := range teams {
		var ms []event.Entry
		for _, id := range tm.Members {
			if en, ok := byID[id]; ok {
				ms = append(ms, en)
			}
		}
		if len(ms) == 0 {
			continue
		}
		te := event.Entry{ID: ms[0].ID, EventID: tm.EventID, Name: tm.Name, TeamID: tm.ID,
			Status: event.EntryActive, CheckedIn: true, JoinedRound: 1, RegisteredAt: ms[0].RegisteredAt}
		for _, m := range ms {
			v.teamOf[m.ID] = te.ID
			te.JoinedRound = max(te.JoinedRound, m.JoinedRound)
			te.CheckedIn = te.CheckedIn && m.CheckedIn
			switch {
			case m.Active():
			case te.Active():
				te.Status, te.DroppedAfter = m.Status, m.DroppedAfter
			default:
				te.DroppedAfter = min(te.DroppedAfter, m.DroppedAfter)
				if m.Status == event.EntryDisqualified {
					te.Status = m.Status
				}
			}
		}
		v.entries = append(v.entries, te)
		v.team[te.ID] = tm
		v.members[te.ID] = ms
	}
	return v
}

// sheetTeam returns the team of a member as a round sheet shows it, its
// players as player gives them; ok is false for a player without a team.
func (v teamView) sheetTeam(member event.EntryID, player func(event.EntryID) SheetPlayer) (SheetTeam, bool) {
	rep, ok := v.teamOf[member]
	if !ok {
		return SheetTeam{}, false
	}
	tm := v.team[rep]
	st := SheetTeam{ID: tm.ID, Name: tm.Name, Entry: rep, Points: player(rep).Points}
	for _, m := range v.members[rep] {
		st.Members = append(st.Members, player(m.ID))
	}
	return st, true
}

// rounds returns rounds with each team table as a two-seat table between
// its teams' entries (team A first) and each team's bye as one bye.
func (v teamView) rounds(rounds []event.Round) []event.Round {
	out := make([]event.Round, len(rounds))
	for i, r := range rounds {
		tr := r
		tr.Tables = make([]event.Table, 0, len(r.Tables))
		byes := map[event.EntryID]bool{}
		for _, t := range r.Tables {
			switch {
			case t.Bye && len(t.Seats) == 1:
				team, ok := v.teamOf[t.Seats[0].EntryID]
				if !ok || byes[team] {
					continue
				}
				byes[team] = true
				t.Seats = []event.Seat{{EntryID: team}}
				tr.Tables = append(tr.Tables, t)
			case len(t.Seats) >= 2:
				m := event.TeamMatch(t)
				a, okA := v.teamOf[m.Seats[0].EntryID]
				b, okB := v.teamOf[m.Seats[1].EntryID]
				if !okA || !okB || a == b {
					continue
				}
				m.Seats = []event.Seat{{EntryID: a}, {EntryID: b}}
				tr.Tables = append(tr.Tables, m)
			}
		}
		out[i] = tr
	}
	return out
}

// standings ranks the teams after rounds, as two-player standings.
func (v teamView) standings(s event.Settings, rounds []event.Round) []standings.Standing {
	s.TableSize = 2
	return standings.ComputeWith(v.entries, v.rounds(rounds), s, standings.Options{Seed: s.TieSeed})
}

// playerRounds returns rounds as the standings score a team event's
// players: each team table as two-player matches between facing seats
// (A1 v B1, A2 v B2), each with the team's result. Byes are a bye table
// per player already.
func playerRounds(rounds []event.Round) []event.Round {
	out := make([]event.Round, len(rounds))
	for i, r := range rounds {
		pr := r
		pr.Tables = make([]event.Table, 0, len(r.Tables))
		for _, t := range r.Tables {
			if t.Bye || len(t.Seats) < 4 {
				pr.Tables = append(pr.Tables, t)
				continue
			}
			for k := 0; k+1 < len(t.Seats); k += 2 {
				m := t
				m.Seats = []event.Seat{t.Seats[k], t.Seats[k+1]}
				m.Result = nil
				if t.Result != nil && len(t.Result.Seats) == len(t.Seats) {
					res := *t.Result
					res.Seats = []event.SeatResult{t.Result.Seats[k], t.Result.Seats[k+1]}
					m.Result = &res
				}
				pr.Tables = append(pr.Tables, m)
			}
		}
		out[i] = pr
	}
	return out
}

// playerStandings computes an event's standings by player: seeded
// (the "random" tiebreaker applied) or not. A team event's players are
// scored by their team's matches (playerRounds).
func playerStandings(e event.Event, entries []event.Entry, rounds []event.Round, seeded bool) []standings.Standing {
	s := e.Settings
	if s.Teams() {
		rounds = playerRounds(rounds)
		s.TableSize = 2
	}
	if !seeded {
		return standings.Compute(entries, rounds, s)
	}
	table := standings.ComputeWith(entries, rounds, s, standings.Options{Seed: s.TieSeed})
	if s.Teams() {
		onlyDrawnAcrossTeams(table, entries)
	}
	return table
}

// onlyDrawnAcrossTeams keeps the draw's mark (Standing.Drawn) of a team
// event's players only where the draw ordered them against a player of
// another team. Teammates score their team's matches, so they are always
// equal with each other: a tied group that is one team alone was not
// drawn against anyone, and marking it would mark every player.
func onlyDrawnAcrossTeams(table []standings.Standing, entries []event.Entry) {
	team := make(map[event.EntryID]event.TeamID, len(entries))
	for _, en := range entries {
		team[en.ID] = en.TeamID
		if en.TeamID == 0 {
			// A player without a team is a team of their own.
			team[en.ID] = -event.TeamID(en.ID)
		}
	}
	for lo := 0; lo < len(table); {
		hi := lo + 1
		for hi < len(table) && table[hi].Drawn && table[hi].Rank == table[lo].Rank {
			hi++
		}
		group := table[lo:hi]
		if !slices.ContainsFunc(group, func(s standings.Standing) bool { return team[s.EntryID] != team[group[0].EntryID] }) {
			for i := range group {
				group[i].Drawn, group[i].DrawRound = false, 0
			}
		}
		lo = hi
	}
}

// publishedRounds returns the published rounds: a draft's byes do not
// count until it is published, so swapping or pairing it again never
// moves points.
func publishedRounds(rounds []event.Round) []event.Round {
	out := rounds[:0:0]
	for _, r := range rounds {
		if r.Published() {
			out = append(out, r)
		}
	}
	return out
}

// planTeams pairs a Swiss round of a team event: Swiss over the teams in
// team standings order, each pairing of two teams seated A1, B1, A2, B2,
// and a team's bye as a bye for each member. Every active player must be
// in a team; a team plays while all its members do.
func planTeams(e event.Event, entries []event.Entry, teams []event.Team, rounds []event.Round, number int, rng *rand.Rand) (plan, error) {
	playing, err := pairable(entries, number)
	if err != nil {
		return plan{}, err
	}
	size := e.Settings.Team.Size
	if err := everyoneInATeam(entries, size, number); err != nil {
		return plan{}, err
	}
	v := newTeamView(entries, teams)
	var in []pairing.Player
	for _, st := range v.standings(e.Settings, rounds) {
		ms := v.members[st.EntryID]
		plays := len(ms) == size
		for _, m := range ms {
			plays = plays && playing[m.ID]
		}
		if plays {
			in = append(in, pairing.Player{Entry: st.EntryID, Points: st.Points, Opponents: st.Opponents, Byes: st.Byes})
			continue
		}
		if number == 1 && slices.ContainsFunc(ms, event.Entry.Active) {
			return plan{}, event.Statef("team %s cannot play: %s. Dissolve the team and make a new one, or drop its other players, before pairing round 1",
				st.Name, teamProblem(ms, size, playing))
		}
	}
	if len(in) < 2 {
		return plan{}, event.Statef("round %d needs at least two teams; %d can play", number, len(in))
	}
	out := pairing.Swiss(in, rng)
	p := plan{stage: event.StageSwiss}
	for _, t := range out.Tables {
		a, b := v.members[t.Seats[0]], v.members[t.Seats[1]]
		seats := make([]event.EntryID, 0, 2*size)
		for k := range size {
			seats = append(seats, a[k].ID, b[k].ID)
		}
		p.tables = append(p.tables, pairing.Table{Seats: seats, Why: t.Why})
	}
	if out.Bye != 0 {
		why := teamByeWhy(out.ByeWhy)
		for _, m := range v.members[out.Bye] {
			p.passes = append(p.passes, pairing.Pass{Entry: m.ID, Kind: pairing.PassBye, Why: why})
		}
	}
	return p, nil
}

// teamByeWhy says the Swiss engine's bye reason for a team: the engine
// paired teams, so its "player" is a team.
func teamByeWhy(why i18n.Text) i18n.Text {
	switch why.Format {
	case "bye: lowest-ranked player without a bye":
		return i18n.F("bye: lowest-ranked team without a bye")
	case "bye: every player has had one; lowest-ranked player with the fewest":
		return i18n.F("bye: every team has had one; lowest-ranked team with the fewest")
	}
	return why
}

// everyoneInATeam refuses to pair round number while an active player has
// no team, naming them.
func everyoneInATeam(entries []event.Entry, size, number int) error {
	var loose []string
	for _, en := range entries {
		if en.Active() && en.TeamID == 0 {
			loose = append(loose, en.Name)
		}
	}
	if len(loose) == 0 {
		return nil
	}
	return event.Statef("%s", i18n.FN("%d players have no team: %s. Make teams of %d on the Registration tab, or drop them, before pairing round %d",
		len(loose), len(loose), nameList(loose), size, number))
}

// teamProblem says why a team cannot play: a member who left, or too few
// members.
func teamProblem(members []event.Entry, size int, playing map[event.EntryID]bool) i18n.Text {
	for _, m := range members {
		if !m.Active() {
			return i18n.F("%s has left the event", m.Name)
		}
		if !playing[m.ID] {
			return i18n.F("%s cannot play this round", m.Name)
		}
	}
	return i18n.F("it has %d of its %d players", len(members), size)
}

// nameList joins up to five names, saying how many more there are.
func nameList(names []string) i18n.Text {
	list := strings.Join(names[:min(len(names), 5)], ", ")
	if len(names) > 5 {
		return i18n.F("%s and %d more", list, len(names)-5)
	}
	return i18n.Text{Format: "%s", Args: []any{list}}
}

// teamResult checks the result of a team table as a two-player result of
// best of bestOf between its teams, and returns it with one SeatResult per
// seat. A result of two seats (team A, team B: what the keyboard gives) is
// spread to the members; a result of one seat per player must give
// teammates the same games won.
func teamResult(t event.Table, res event.Result, bestOf int, names map[event.EntryID]string) (event.Result, error) {
	n := len(t.Seats)
	if n < 4 || n%2 != 0 {
		return res, event.Invalidf("a team table seats two teams; this one has %d seats", n)
	}
	switch len(res.Seats) {
	case 2:
		seats := make([]event.SeatResult, n)
		for i := range seats {
			seats[i] = res.Seats[i%2]
		}
		res.Seats = seats
	case n:
		for i := 2; i < n; i++ {
			if a, b := res.Seats[i%2].GamesWon, res.Seats[i].GamesWon; a != b {
				return res, event.Invalidf("teammates carry their team's result: %s has %d games won, %s %d",
					names[t.Seats[i%2].EntryID], a, names[t.Seats[i].EntryID], b)
			}
		}
	default:
		return res, event.Invalidf("a team table's result gives the two teams' games (2-1), or one line for each of its %d seats; this one has %d", n, len(res.Seats))
	}
	t.Result = &res
	return res, event.TeamMatch(t).Result.CheckTwoPlayer(bestOf)
}

// swapTeams exchanges the seats of the teams of players a and b in draft
// round r: member k of one team takes the seat of member k of the other.
func (d *core) swapTeams(tx Tx, e event.Event, r event.Round, a, b event.EntryID) error {
	entries, err := tx.Entries(e.ID)
	if err != nil {
		return err
	}
	teams, err := tx.Teams(e.ID)
	if err != nil {
		return err
	}
	names := nameIndex(entries)
	v := newTeamView(entries, teams)
	ta, okA := v.teamOf[a]
	tb, okB := v.teamOf[b]
	switch {
	case !okA:
		return event.Invalidf("%s has no team", nameOr(names, a))
	case !okB:
		return event.Invalidf("%s has no team", nameOr(names, b))
	case ta == tb:
		return event.Invalidf("%s and %s are teammates; pick players of two different teams", names[a], names[b])
	}
	ma, mb := v.members[ta], v.members[tb]
	if len(ma) != len(mb) {
		return event.Invalidf("teams %s and %s are not the same size", v.team[ta].Name, v.team[tb].Name)
	}
	type at struct{ table, seat int }
	pos := map[event.EntryID]at{}
	for i, t := range r.Tables {
		for j, s := range t.Seats {
			pos[s.EntryID] = at{i, j}
		}
	}
	for _, m := range append(slices.Clone(ma), mb...) {
		if _, ok := pos[m.ID]; !ok {
			return event.NotFoundf("%s has no seat in round %d", m.Name, r.Number)
		}
	}
	if pa, pb := pos[ma[0].ID], pos[mb[0].ID]; pa.table == pb.table {
		return event.Invalidf("teams %s and %s sit at the same table already", v.team[ta].Name, v.team[tb].Name)
	}
	for k := range ma {
		pa, pb := pos[ma[k].ID], pos[mb[k].ID]
		r.Tables[pa.table].Seats[pa.seat].EntryID = mb[k].ID
		r.Tables[pb.table].Seats[pb.seat].EntryID = ma[k].ID
		for _, i := range []int{pa.table, pb.table} {
			r.Tables[i].Why = addReason(r.Tables[i].Why, i18n.F("changed by the organizer"))
		}
	}
	if err := tx.ReplaceTables(r.ID, r.Tables); err != nil {
		return err
	}
	return d.log(tx, e.ID, r.Number, i18n.F("round %d: teams %s and %s swapped seats", r.Number, v.team[ta].Name, v.team[tb].Name))
}
