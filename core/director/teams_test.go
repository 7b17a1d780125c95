package director_test

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/core/standings"
)

// teamEvent creates an Altered 2v2 event (A6) with players registered and
// teamed up in registration order, two by two (the team names default to
// "A & B").
func teamEvent(t *testing.T, d *director.Director, players int) (event.Event, []event.Entry, []event.Team) {
	t.Helper()
	ctx := context.Background()
	e := eventOf(t, d, "altered", "2v2", nil)
	es := register(t, d, e.ID, names(players)...)
	var teams []event.Team
	for i := 0; i+1 < len(es); i += 2 {
		tm, err := d.Teams.CreateTeam(ctx, e.ID, "", []event.EntryID{es[i].ID, es[i+1].ID})
		must(t, err)
		teams = append(teams, tm)
	}
	return e, es, teams
}

// openTeams is a new director and a 2v2 event on it of players players
// in teams of two (see teamEvent), with the context the test runs in.
func openTeams(t *testing.T, players int) (context.Context, *director.Director, event.Event, []event.Entry, []event.Team) {
	t.Helper()
	d, _ := newDirector(t)
	e, es, teams := teamEvent(t, d, players)
	return context.Background(), d, e, es, teams
}

func logHas(t *testing.T, d *director.Director, id event.EventID, want string) {
	t.Helper()
	lines, err := d.Events.Log(context.Background(), id)
	must(t, err)
	for _, l := range lines {
		if strings.Contains(l.Message.String(), want) {
			return
		}
	}
	var all []string
	for _, l := range lines {
		all = append(all, l.Message.String())
	}
	t.Errorf("the log has no line with %q:\n%s", want, strings.Join(all, "\n"))
}

// Rule A6: teams of two are made from registered players, named after
// them unless named, and dissolved only before round 1.
func TestTeamsAreMadeCheckedAndDissolved(t *testing.T) {
	ctx, d, e := openEvent(t, "altered", "2v2", nil)
	es := register(t, d, e.ID, "Ada", "Bob", "Cy", "Dee", "Eve", "Fay")
	ids := func(i ...int) []event.EntryID {
		var out []event.EntryID
		for _, k := range i {
			out = append(out, es[k].ID)
		}
		return out
	}
	// Picked Bob first: the name follows the pick, the members
	// registration order.
	ab, err := d.Teams.CreateTeam(ctx, e.ID, "", ids(1, 0))
	must(t, err)
	if ab.Name != "Bob & Ada" || len(ab.Members) != 2 || ab.Members[0] != es[0].ID || ab.Members[1] != es[1].ID {
		t.Errorf("team %+v", ab)
	}
	cd, err := d.Teams.CreateTeam(ctx, e.ID, "  Les   Zoëlles ", ids(2, 3))
	if err != nil || cd.Name != "Les Zoëlles" {
		t.Fatalf("named team %+v, %v", cd, err)
	}
	logHas(t, d, e.ID, "team made: Les Zoëlles (Cy, Dee)")

	other := eventOf(t, d, "altered", "2v2", nil)
	stranger := register(t, d, other.ID, "Stranger")[0]
	must(t, d.Registration.Drop(ctx, es[5].ID))
	for _, c := range []struct {
		name    string
		members []event.EntryID
		team    string
		want    error
		says    string
	}{
		{"one player", ids(4), "", event.ErrInvalid, "a team has 2 players; 1 chosen"},
		{"three players", ids(4, 5, 0), "", event.ErrInvalid, "a team has 2 players; 3 chosen"},
		{"the same player twice", ids(4, 4), "", event.ErrInvalid, "cannot team up with themselves"},
		{"a player in a team", ids(4, 0), "", event.ErrConflict, "Ada is already in team Bob & Ada"},
		{"a dropped player", ids(4, 5), "", event.ErrState, "Fay has left the event"},
		{"a player of another event", []event.EntryID{es[4].ID, stranger.ID}, "", event.ErrNotFound, "not registered in"},
		{"a name taken", nil, "Les Zoëlles", event.ErrConflict, "already has a team named Les Zoëlles"},
	} {
		members := c.members
		if members == nil {
			// Reinstate Fay for the name check.
			must(t, d.Registration.Reinstate(ctx, es[5].ID))
			members = ids(4, 5)
		}
		_, err := d.Teams.CreateTeam(ctx, e.ID, c.team, members)
		if !errors.Is(err, c.want) || !strings.Contains(event.Message(err), c.says) {
			t.Errorf("%s: got %v, want %q", c.name, err, c.says)
		}
	}
	solo := mustEvent(t, d, "standard-bo3")
	soloes := register(t, d, solo.ID, "Gil", "Hal")
	if _, err := d.Teams.CreateTeam(ctx, solo.ID, "", []event.EntryID{soloes[0].ID, soloes[1].ID}); !errors.Is(err, event.ErrState) {
		t.Errorf("a team in an individual event: %v", err)
	}

	must(t, d.Teams.DissolveTeam(ctx, ab.ID))
	logHas(t, d, e.ID, "team dissolved: Bob & Ada (Ada, Bob)")
	teams, err := d.Teams.Teams(ctx, e.ID)
	if err != nil || len(teams) != 1 || teams[0].ID != cd.ID {
		t.Fatalf("teams after dissolving %+v, %v", teams, err)
	}
	entries, _ := d.Registration.Entries(ctx, e.ID)
	if entries[0].TeamID != 0 || entries[1].TeamID != 0 || entries[2].TeamID != cd.ID {
		t.Errorf("entries %+v", entries)
	}
	if _, err := d.Teams.CreateTeam(ctx, e.ID, "", ids(0, 1)); err != nil {
		t.Fatal(err)
	}
	if _, err := d.Teams.CreateTeam(ctx, e.ID, "", ids(4, 5)); err != nil {
		t.Fatal(err)
	}
	if _, err := d.Rounds.PairNextRound(ctx, e.ID); err != nil {
		t.Fatal(err)
	}
	if err := d.Teams.DissolveTeam(ctx, cd.ID); !errors.Is(err, event.ErrState) || !strings.Contains(event.Message(err), "fixed once round 1 is paired") {
		t.Errorf("dissolving during round 1: %v", err)
	}
	if err := d.Teams.DissolveTeam(ctx, 999); !errors.Is(err, event.ErrNotFound) {
		t.Errorf("dissolving no team: %v", err)
	}
}

// Pairing a team event waits for every active player to have a team, and
// for a team whose player dropped before round 1 to be made again.
func TestTeamPairingNeedsEveryPlayerInATeam(t *testing.T) {
	ctx, d, e, es, _ := openTeams(t, 4)
	late := register(t, d, e.ID, "Zed Lonely")[0]
	_, err := d.Rounds.PairNextRound(ctx, e.ID)
	if !errors.Is(err, event.ErrState) || event.Message(err) != "1 player has no team: Zed Lonely. Make teams of 2 on the Registration tab, or drop them, before pairing round 1" {
		t.Fatalf("pairing with a player without a team: %v", err)
	}
	must(t, d.Registration.Drop(ctx, late.ID))
	must(t, d.Registration.Drop(ctx, es[1].ID))
	logHas(t, d, e.ID, "dropped: Player 02, before round 1; team Player 01 & Player 02 cannot play")
	_, err = d.Rounds.PairNextRound(ctx, e.ID)
	if !errors.Is(err, event.ErrState) || !strings.Contains(event.Message(err), "team Player 01 & Player 02 cannot play: Player 02 has left the event") {
		t.Fatalf("pairing a team with a dropped player: %v", err)
	}
	must(t, d.Registration.Reinstate(ctx, es[1].ID))
	mustPair(t, ctx, d, e.ID)
}

// teamOf maps each entry to its team.
func teamOf(teams []event.Team) map[event.EntryID]event.TeamID {
	m := map[event.EntryID]event.TeamID{}
	for _, tm := range teams {
		for _, id := range tm.Members {
			m[id] = tm.ID
		}
	}
	return m
}

// Rule A6: rounds pair teams, two a table, seated A1, B1, A2, B2, and in
// a small event no two teams meet twice.
func TestTeamRoundsSeatTeamsAlternatelyWithoutRematches(t *testing.T) {
	ctx, d, e, _, teams := openTeams(t, 8)
	of := teamOf(teams)
	first := map[event.TeamID]event.EntryID{}
	for _, tm := range teams {
		first[tm.ID] = tm.Members[0]
	}
	met := map[[2]event.TeamID]int{}
	rng := rand.New(rand.NewPCG(4, 4))
	for n := 1; n <= 3; n++ {
		r, err := pairPublished(ctx, d, e.ID)
		if err != nil {
			t.Fatalf("round %d: %v", n, err)
		}
		seatedOnce(t, r)
		if len(r.Tables) != 2 {
			t.Fatalf("round %d: %d tables for 4 teams", n, len(r.Tables))
		}
		for _, tb := range r.Tables {
			s := tb.Entries()
			if len(s) != 4 || tb.Bye {
				t.Fatalf("round %d table %d seats %v", n, tb.Number, s)
			}
			a, b := of[s[0]], of[s[1]]
			if a == 0 || b == 0 || a == b || of[s[2]] != a || of[s[3]] != b || s[0] != first[a] || s[1] != first[b] {
				t.Errorf("round %d table %d: seats %v are not A1, B1, A2, B2", n, tb.Number, s)
			}
			if tb.Why.String() == "" {
				t.Errorf("round %d table %d has no reason", n, tb.Number)
			}
			met[[2]event.TeamID{min(a, b), max(a, b)}]++
			res := win(1, 0)
			if rng.IntN(2) == 0 {
				res = win(0, 1)
			}
			must(t, d.Rounds.RecordResult(ctx, e.ID, n, tb.Number, res))
		}
	}
	if len(met) != 6 {
		t.Errorf("4 teams over 3 rounds met in %d pairs, want all 6 once: %v", len(met), met)
	}
	if e.Settings.Rounds == 0 && director.PlannedRounds(e.Settings, must1(d.Registration.Entries(ctx, e.ID))) != 2 {
		t.Errorf("8 players are 4 teams: 2 rounds recommended")
	}
}

func must1[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

// A team's bye is a bye for each of its players; both score it, and the
// team standings count it once.
func TestATeamByeIsAByeForEachMember(t *testing.T) {
	ctx, d, e, _, teams := openTeams(t, 6)
	of := teamOf(teams)
	r := mustPair(t, ctx, d, e.ID)
	var byes []event.EntryID
	for _, tb := range r.Tables {
		if tb.Bye {
			if len(tb.Seats) != 1 || tb.Result == nil || tb.Result.Seats[0].GamesWon != 1 || tb.Why.String() != "bye: lowest-ranked team without a bye" {
				t.Errorf("bye table %+v", tb)
			}
			byes = append(byes, tb.Seats[0].EntryID)
		}
	}
	if len(byes) != 2 || of[byes[0]] != of[byes[1]] {
		t.Fatalf("byes %v: want the two players of one team", byes)
	}
	must(t, d.Rounds.RecordResult(ctx, e.ID, 1, 1, win(1, 0)))
	players := mustCall(t, d.Rounds.Standings, e.ID)
	for _, st := range players {
		if of[st.EntryID] == of[byes[0]] && (st.Points != 3 || st.Byes != 1 || st.Wins != 1) {
			t.Errorf("a player with the team's bye: %+v", st)
		}
	}
	ts := mustCall(t, d.Teams.TeamStandings, e.ID)
	for _, st := range ts {
		if st.Team.ID == of[byes[0]] && (st.Points != 3 || st.Byes != 1 || st.Matches != 1) {
			t.Errorf("the team with the bye: %+v", st)
		}
	}
	// Round 2 gives the bye to another team.
	r2 := mustPair(t, ctx, d, e.ID)
	for _, tb := range r2.Tables {
		if tb.Bye && of[tb.Seats[0].EntryID] == of[byes[0]] {
			t.Errorf("team %d has a second bye", of[byes[0]])
		}
	}
}

// A team table's result is a two-player result between the teams: typed
// as two numbers it is spread to the members; given per seat, teammates
// must carry the same numbers.
func TestTeamResultsAreTwoPlayerResultsBetweenTeams(t *testing.T) {
	ctx, d, e, _, _ := openTeams(t, 4)
	r := mustPair(t, ctx, d, e.ID)
	sh, err := d.Rounds.RoundSheet(ctx, e.ID, 1)
	must(t, err)
	tb := sh.Tables[0]
	if len(tb.Teams) != 2 || len(tb.Teams[0].Members) != 2 || tb.Teams[0].Entry != r.Tables[0].Seats[0].EntryID {
		t.Fatalf("sheet teams %+v", tb.Teams)
	}
	a, b := tb.Teams[0].Name, tb.Teams[1].Name
	seats := func(g ...int) event.Result {
		res := event.Result{}
		for _, n := range g {
			res.Seats = append(res.Seats, event.SeatResult{GamesWon: n})
		}
		return res
	}
	for _, c := range []struct {
		name string
		res  event.Result
		says string
	}{
		{"teammates apart", seats(1, 0, 0, 0), "teammates carry their team's result: " + tb.Players[0].Name + " has 1 games won, " + tb.Players[2].Name + " 0"},
		{"two games in a best of one", seats(2, 0), "in a best of 1 nobody wins more than 1 games"},
		{"three seats", seats(1, 0, 1), "one line for each of its 4 seats; this one has 3"},
	} {
		err := d.Rounds.RecordResult(ctx, e.ID, 1, 1, c.res)
		if !errors.Is(err, event.ErrInvalid) || !strings.Contains(event.Message(err), c.says) {
			t.Errorf("%s: got %v, want %q", c.name, err, c.says)
		}
	}
	must(t, d.Rounds.RecordResult(ctx, e.ID, 1, 1, win(0, 1)))
	logHas(t, d, e.ID, "round 1 table 1: "+a+" 0–1 "+b)
	rounds, _ := d.Rounds.Rounds(ctx, e.ID)
	got := rounds[0].Tables[0].Result
	if len(got.Seats) != 4 || got.Seats[0].GamesWon != 0 || got.Seats[2].GamesWon != 0 || got.Seats[1].GamesWon != 1 || got.Seats[3].GamesWon != 1 {
		t.Errorf("stored result %+v", got)
	}
	// A correction given per seat, teammates equal.
	must(t, d.Rounds.RecordResult(ctx, e.ID, 1, 1, seats(1, 0, 1, 0)))
	logHas(t, d, e.ID, "round 1 table 1 corrected: "+a+" 1–0 "+b+" (was "+a+" 0–1 "+b+")")
}

// Team standings run the standings engine over teams; each player's
// record is their team's.
func TestTeamStandingsMatchTheirPlayers(t *testing.T) {
	ctx, d, e, es, teams := openTeams(t, 10)
	playThreeTeamRounds(t, d, e.ID)
	ts := mustCall(t, d.Teams.TeamStandings, e.ID)
	players := mustCall(t, d.Rounds.Standings, e.ID)
	if len(ts) != len(teams) || len(players) != len(es) {
		t.Fatalf("%d team lines for %d teams, %d player lines", len(ts), len(teams), len(players))
	}
	byPlayer := map[event.EntryID]int{}
	for i, st := range players {
		byPlayer[st.EntryID] = i
	}
	teamPoints, playerPoints := 0, 0
	for i, st := range ts {
		if st.Rank < 1 || i > 0 && st.Rank < ts[i-1].Rank || st.Matches != 3 {
			t.Errorf("team line %d: %+v", i, st)
		}
		if len(st.Members) != 2 || st.Name != st.Team.Name || st.EntryID != st.Members[0].ID {
			t.Errorf("team line %d: members %+v", i, st.Members)
		}
		teamPoints += st.Points
		for _, m := range st.Members {
			p := players[byPlayer[m.ID]]
			playerPoints += p.Points
			sameRecord(t, m.Name, p, st)
		}
	}
	if playerPoints != 2*teamPoints || teamPoints == 0 {
		t.Errorf("players' points %d, teams' %d", playerPoints, teamPoints)
	}
	if _, err := d.Teams.TeamStandings(ctx, mustEvent(t, d, "standard-bo3").ID); !errors.Is(err, event.ErrState) {
		t.Errorf("team standings of an individual event: %v", err)
	}
}

// playThreeTeamRounds plays three rounds with seeded results: a win, a
// loss or a draw.
func playThreeTeamRounds(t *testing.T, d *director.Director, id event.EventID) {
	t.Helper()
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(9, 9))
	for n := 1; n <= 3; n++ {
		r := mustPair(t, ctx, d, id)
		for _, tb := range r.Tables {
			if tb.Bye {
				continue
			}
			res := win(1, 0)
			switch rng.IntN(5) {
			case 0:
				res = event.Result{Seats: []event.SeatResult{{}, {}}, GamesDrawn: 1}
			case 1, 2:
				res = win(0, 1)
			}
			must(t, d.Rounds.RecordResult(ctx, id, n, tb.Number, res))
		}
	}
}

// sameRecord checks a team member's standing p has the record of her
// team's line st.
func sameRecord(t *testing.T, name string, p standings.Standing, st director.TeamStanding) {
	t.Helper()
	if p.Points != st.Points || p.Wins != st.Wins || p.Losses != st.Losses || p.Draws != st.Draws ||
		p.Byes != st.Byes || p.GamesWon != st.GamesWon || math.Abs(p.OppMatchWin-st.OppMatchWin) > 1e-9 ||
		math.Abs(p.GameWin-st.GameWin) > 1e-9 || math.Abs(p.OppGameWin-st.OppGameWin) > 1e-9 {
		t.Errorf("%s has not the record of team %s:\n%+v\n%+v", name, st.Name, p, st.Standing)
	}
}

// Swapping two players in a draft round of a team event swaps their
// teams, member for member, so teams stay together.
func TestSwappingInATeamEventSwapsTeams(t *testing.T) {
	ctx, d, e, _, teams := openTeams(t, 8)
	of := teamOf(teams)
	r := mustCall(t, d.Rounds.PairNextRound, e.ID)
	t1, t2 := r.Tables[0].Entries(), r.Tables[1].Entries()
	// The second member of table 1's team A with the first of table 2's
	// team B.
	must(t, d.Drafts.SwapPlayers(ctx, e.ID, 1, t1[2], t2[1]))
	rounds, _ := d.Rounds.Rounds(ctx, e.ID)
	n1, n2 := rounds[0].Tables[0].Entries(), rounds[0].Tables[1].Entries()
	want1 := []event.EntryID{t2[1], t1[1], t2[3], t1[3]}
	want2 := []event.EntryID{t2[0], t1[0], t2[2], t1[2]}
	for i := range 4 {
		if n1[i] != want1[i] || n2[i] != want2[i] {
			t.Fatalf("after the swap: %v and %v, want %v and %v", n1, n2, want1, want2)
		}
	}
	if err := d.Drafts.SwapPlayers(ctx, e.ID, 1, t1[0], t1[2]); !errors.Is(err, event.ErrInvalid) || !strings.Contains(event.Message(err), "teammates") {
		t.Errorf("swapping teammates: %v", err)
	}
	if err := d.Drafts.SwapPlayers(ctx, e.ID, 1, n1[0], n1[1]); !errors.Is(err, event.ErrInvalid) || !strings.Contains(event.Message(err), "same table") {
		t.Errorf("swapping teams of one table: %v", err)
	}
	if of[n1[0]] == of[n1[1]] {
		t.Error("a team faces itself")
	}
	logHas(t, d, e.ID, "round 1: teams")
}

// A team whose player drops after round 1 is no longer paired; the rest
// play on.
func TestATeamWithADroppedPlayerIsNotPaired(t *testing.T) {
	ctx, d, e, es, _ := openTeams(t, 8)
	r := mustPair(t, ctx, d, e.ID)
	for _, tb := range r.Tables {
		must(t, d.Rounds.RecordResult(ctx, e.ID, 1, tb.Number, win(1, 0)))
	}
	must(t, d.Registration.Drop(ctx, es[3].ID))
	logHas(t, d, e.ID, "dropped: Player 04, after round 1; team Player 03 & Player 04 is no longer paired")
	r2 := mustPair(t, ctx, d, e.ID)
	for _, tb := range r2.Tables {
		for _, s := range tb.Seats {
			if s.EntryID == es[2].ID || s.EntryID == es[3].ID {
				t.Errorf("round 2 seats a player of the broken team: %+v", tb)
			}
		}
	}
	ts, _ := d.Teams.TeamStandings(ctx, e.ID)
	for _, st := range ts {
		if st.EntryID == es[2].ID && st.Status != event.EntryDropped {
			t.Errorf("the broken team's line %+v", st)
		}
	}
}

// In a team event a player's place is marked as drawn only where the draw
// ordered them against a player of another team: teammates score their
// team's matches and are always equal with each other, so a team alone
// at its rank is not marked, while two teams equal on everything are.
func TestTeammatesAloneAtTheirRankAreNotMarkedDrawn(t *testing.T) {
	ctx := context.Background()
	for _, players := range []int{6, 8} {
		d, _ := newDirector(t)
		e, _, teams := teamEvent(t, d, players)
		r := mustPair(t, ctx, d, e.ID)
		for _, tb := range r.Tables {
			if !tb.Bye {
				must(t, d.Rounds.RecordResult(ctx, e.ID, 1, tb.Number, win(1, 0)))
			}
		}
		table := mustCall(t, d.Rounds.Standings, e.ID)
		team := teamOf(teams)
		marked := 0
		for _, s := range table {
			across := false
			for _, o := range table {
				across = across || o.Rank == s.Rank && team[o.EntryID] != team[s.EntryID]
			}
			if s.Drawn != across {
				t.Errorf("%d players: %s (rank %d) marked drawn %v; tied with another team's player %v", players, s.Name, s.Rank, s.Drawn, across)
			}
			if s.Drawn {
				marked++
			}
		}
		// Six players: the losing team is alone at the bottom. Eight: the
		// two winning teams are equal, and the two losing teams.
		if players == 8 && marked != 8 {
			t.Errorf("8 players: %d marked drawn, want all 8", marked)
		}
	}
}
