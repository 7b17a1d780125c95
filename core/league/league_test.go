package league_test

import (
	"errors"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"tablekeeper/core/event"
	"tablekeeper/core/league"
)

const (
	ada event.PlayerID = iota + 1
	bob
	cat
	dan
	eve
)

func lackey() event.League {
	return event.League{Name: "Online", Kind: event.LeagueLackey, TieSeed: 7}
}

func provingGround(finals int) event.League {
	return event.League{Name: "Thursdays", Kind: event.LeagueProvingGround, Finals: finals, TieSeed: 7}
}

// win is a win at a table of seats with gp game points; loss a loss.
func win(seats, gp int) league.Game {
	return league.Game{MatchPoints: 4, GamePoints: gp, Seats: seats, Won: true}
}

func loss(seats, gp int) league.Game { return league.Game{GamePoints: gp, Seats: seats} }

type line struct {
	player       event.PlayerID
	mp, gp, fpw  int
	counted      int
	byDraw, fin  bool
	finMP, finGP int
}

func lines(ss []league.Standing) []line {
	var out []line
	for _, s := range ss {
		out = append(out, line{s.Player, s.MatchPoints, s.GamePoints, s.FourPlayerWins, s.Counted, s.ByDraw, s.Finalist, s.FinalsMatchPoints, s.FinalsGamePoints})
	}
	return out
}

func TestLeagueStandings(t *testing.T) {
	for _, c := range []struct {
		name   string
		league event.League
		weeks  []league.Week
		want   []line
	}{{
		// Appendix III b: "only their two best results (in terms of Game
		// Points and Match Points) count towards the standings of the
		// week." Ada played three games in week 1: her 0-point loss does
		// not count; Bob's two games both count.
		name:   "a Lackey week counts each player's two best results",
		league: lackey(),
		weeks: []league.Week{{Number: 1, Games: map[event.PlayerID][]league.Game{
			ada: {win(4, 10), loss(4, 6), win(3, 8)},
			bob: {loss(4, 12), loss(3, 2)},
			cat: {loss(4, 5)},
		}}},
		want: []line{
			{player: ada, mp: 8, gp: 18, fpw: 1, counted: 2},
			{player: bob, mp: 0, gp: 14, counted: 2},
			{player: cat, mp: 0, gp: 5, counted: 1},
		},
	}, {
		// Appendix III c: "a running total of each participant's Game
		// Points and Match Points" over the weeks. Week 2: Bob's two best
		// are the win (4, 9) and the 7-point loss.
		name:   "Lackey standings are running totals over the weeks",
		league: lackey(),
		weeks: []league.Week{
			{Number: 1, Games: map[event.PlayerID][]league.Game{
				ada: {win(4, 10)}, bob: {loss(4, 12)}, cat: {loss(4, 5)},
			}},
			{Number: 2, Games: map[event.PlayerID][]league.Game{
				ada: {loss(3, 3)}, bob: {loss(3, 1), win(3, 9), loss(4, 7)}, cat: {win(3, 8)},
			}},
		},
		want: []line{
			{player: bob, mp: 4, gp: 28, counted: 3},
			{player: ada, mp: 4, gp: 13, fpw: 1, counted: 2},
			{player: cat, mp: 4, gp: 13, counted: 2},
		},
	}, {
		// Appendix III d: "ties are broken by virtue of number of four
		// player games won during the league that were included in the
		// 'best two' results." Bob's four-player win is his third result
		// of the week, so it does not count: Cat's counted one does.
		name:   "Lackey ties go to four-player games won among the counted results",
		league: lackey(),
		weeks: []league.Week{{Number: 1, Games: map[event.PlayerID][]league.Game{
			bob: {win(3, 10), win(3, 10), win(4, 2)},
			cat: {win(4, 10), win(3, 10)},
			ada: {loss(4, 1)},
		}}},
		want: []line{
			{player: cat, mp: 8, gp: 20, fpw: 1, counted: 2},
			{player: bob, mp: 8, gp: 20, counted: 2},
			{player: ada, gp: 1, counted: 1},
		},
	}, {
		// Appendix III g: "Lackey Leagues must have at least three players
		// per week to be official." Week 2 had two, so it does not count.
		name:   "a week of fewer than three players does not count",
		league: lackey(),
		weeks: []league.Week{
			{Number: 1, Games: map[event.PlayerID][]league.Game{ada: {loss(3, 1)}, bob: {loss(3, 2)}, cat: {win(3, 3)}}},
			{Number: 2, Games: map[event.PlayerID][]league.Game{ada: {win(4, 20)}, bob: {loss(4, 0)}}},
		},
		want: []line{
			{player: cat, mp: 4, gp: 3, counted: 1},
			{player: bob, gp: 2, counted: 1},
			{player: ada, gp: 1, counted: 1},
		},
	}, {
		// Appendix II: every game of a Proving Ground's weeks counts (the
		// document names no limit), ranked by match points then game
		// points as Shadowfist Swiss is (S10).
		name:   "a Proving Ground counts every game of every official week",
		league: provingGround(0),
		weeks: []league.Week{
			{Number: 1, Games: map[event.PlayerID][]league.Game{ada: {win(4, 10), win(4, 8), loss(4, 2)}, bob: {loss(4, 9), win(4, 1)}, cat: {loss(4, 3)}}},
			{Number: 13, Games: map[event.PlayerID][]league.Game{ada: {loss(3, 1)}, bob: {win(3, 5)}, cat: {loss(3, 2)}}},
		},
		want: []line{
			{player: ada, mp: 8, gp: 21, fpw: 2, counted: 4},
			{player: bob, mp: 8, gp: 15, fpw: 1, counted: 3},
			{player: cat, mp: 0, gp: 5, counted: 2},
		},
	}, {
		// Appendix II g: "The final week may be a finals week of the top
		// players from the first 12 weeks." With a finals week of two,
		// Bob (4, 11) and Ada (4, 10) play week 13; Ada wins it and ranks
		// first. Cat's game in week 13 is not part of the finals and does
		// not count.
		name:   "a Proving Ground finals week ranks its finalists first, by the finals",
		league: provingGround(2),
		weeks: []league.Week{
			{Number: 1, Games: map[event.PlayerID][]league.Game{ada: {win(4, 10)}, bob: {loss(4, 9)}, cat: {loss(4, 3)}, dan: {loss(4, 1)}}},
			{Number: 12, Games: map[event.PlayerID][]league.Game{ada: {loss(3, 0)}, bob: {win(3, 2)}, cat: {loss(3, 1)}}},
			{Number: 13, Games: map[event.PlayerID][]league.Game{ada: {win(3, 7)}, bob: {loss(3, 6)}, cat: {win(3, 9)}}},
		},
		want: []line{
			{player: ada, mp: 4, gp: 10, fpw: 1, counted: 2, fin: true, finMP: 4, finGP: 7},
			{player: bob, mp: 4, gp: 11, counted: 2, fin: true, finGP: 6},
			{player: cat, gp: 4, counted: 2},
			{player: dan, gp: 1, counted: 1},
		},
	}} {
		t.Run(c.name, func(t *testing.T) {
			res, err := league.Compute(c.league, c.weeks)
			if err != nil {
				t.Fatal(err)
			}
			if got := lines(res.Standings); !reflect.DeepEqual(got, c.want) {
				t.Errorf("standings\n got %+v\nwant %+v", got, c.want)
			}
			for i, s := range res.Standings {
				if s.Rank != i+1 {
					t.Errorf("rank %d at position %d", s.Rank, i+1)
				}
			}
		})
	}
}

// The week summaries say how many played each week and which weeks are
// official (at least three players, S13); weeks nobody played are left out.
func TestWeekSummaries(t *testing.T) {
	res, err := league.Compute(lackey(), []league.Week{
		{Number: 2, Games: map[event.PlayerID][]league.Game{ada: {win(3, 1)}, bob: {loss(3, 1)}}},
		{Number: 1, Games: map[event.PlayerID][]league.Game{ada: {win(3, 1)}, bob: {loss(3, 1)}, cat: {loss(3, 0)}}},
	})
	if err != nil {
		t.Fatal(err)
	}
	want := []league.WeekSummary{{Number: 1, Players: 3, Official: true}, {Number: 2, Players: 2}}
	if !reflect.DeepEqual(res.Weeks, want) {
		t.Errorf("weeks %+v, want %+v", res.Weeks, want)
	}
}

// Appendix III d, e: "the top two players will advance directly to the
// finals"; "Of the remaining players ... The first [semi-final table] will
// have the players ranked first, third, fifth, and seventh, the second
// table will have the remaining players." Twelve players ranked 1 to 12
// (player i ranks i): the final seats 1 and 2, semi-final 1 seats 3, 5, 7,
// 9, semi-final 2 seats 4, 6, 8, 10; 11 and 12 do not play.
func TestLackeyFinals(t *testing.T) {
	games := map[event.PlayerID][]league.Game{}
	for p := event.PlayerID(1); p <= 12; p++ {
		games[p] = []league.Game{loss(4, 100-int(p))}
	}
	weeks := []league.Week{{Number: 8, Games: games}}
	res, err := league.Compute(lackey(), weeks)
	if err != nil {
		t.Fatal(err)
	}
	want := league.Finals{Complete: true, Tables: []league.Table{
		{Name: "Final", Players: []event.PlayerID{1, 2}, Also: "the winner of each semi-final"},
		{Name: "Semi-final table 1", Players: []event.PlayerID{3, 5, 7, 9}},
		{Name: "Semi-final table 2", Players: []event.PlayerID{4, 6, 8, 10}},
	}}
	if !reflect.DeepEqual(res.Finals, want) {
		t.Errorf("finals %+v\nwant %+v", res.Finals, want)
	}

	// Appendix III g: "For Lackey Leagues with less than ten players, the
	// finals shall be organized at the discretion of the league's
	// organizer."
	for p := event.PlayerID(10); p <= 12; p++ {
		delete(games, p)
	}
	games[1] = nil // a player without games is not in the league
	res, err = league.Compute(lackey(), []league.Week{{Number: 1, Games: games}})
	if err != nil {
		t.Fatal(err)
	}
	if !res.Finals.Discretion || res.Finals.Tables != nil || res.Finals.Complete || len(res.Standings) != 8 {
		t.Errorf("eight players: finals %+v, %d standings", res.Finals, len(res.Standings))
	}
}

// Appendix III d: "Further ties will be broken by virtue of random
// selection." Players level on everything are ordered by the league's
// seeded draw: the same seed gives the same order whatever order the games
// come in, and ByDraw marks the places the draw decided.
func TestRandomDrawBreaksTheLastTies(t *testing.T) {
	games := map[event.PlayerID][]league.Game{ada: {win(4, 5)}, bob: {win(4, 5)}, cat: {win(4, 5)}, dan: {loss(4, 1)}}
	orders := map[string]bool{}
	for seed := uint64(0); seed < 20; seed++ {
		l := lackey()
		l.TieSeed = seed
		a, err := league.Compute(l, []league.Week{{Number: 1, Games: games}})
		if err != nil {
			t.Fatal(err)
		}
		b, _ := league.Compute(l, []league.Week{{Number: 1, Games: map[event.PlayerID][]league.Game{dan: {loss(4, 1)}, cat: {win(4, 5)}}},
			{Number: 1, Games: map[event.PlayerID][]league.Game{bob: {win(4, 5)}, ada: {win(4, 5)}}}})
		if !reflect.DeepEqual(a, b) {
			t.Fatalf("seed %d: order depends on the input order", seed)
		}
		got := lines(a.Standings)
		if !got[0].byDraw || !got[1].byDraw || !got[2].byDraw || got[3].byDraw || got[3].player != dan {
			t.Fatalf("seed %d: %+v", seed, got)
		}
		orders[string(rune(got[0].player))+string(rune(got[1].player))+string(rune(got[2].player))] = true
	}
	if len(orders) < 2 {
		t.Errorf("twenty seeds gave one order: the draw is not random")
	}
}

func TestWeeksOutsideTheLeagueAreRefused(t *testing.T) {
	for _, c := range []struct {
		l    event.League
		week int
	}{{lackey(), 9}, {lackey(), 0}, {provingGround(0), 14}} {
		_, err := league.Compute(c.l, []league.Week{{Number: c.week}})
		if !errors.Is(err, event.ErrInvalid) {
			t.Errorf("%s week %d: %v", c.l.Kind, c.week, err)
		}
	}
	if _, err := league.Compute(event.League{Name: "x", Kind: "weekly"}, nil); !errors.Is(err, event.ErrInvalid) {
		t.Errorf("unknown kind: %v", err)
	}
}

// Property: over many seeded random Lackey Leagues, each player's totals
// are the sum of their two best results of each official week; the
// standings are ordered by match points, game points and four-player wins;
// shuffling the games changes nothing; a result worse than a player's two
// best of a week changes nothing; and with ten or more players the finals
// seat ranks 1 to 10 once each, ranks 3, 5, 7, 9 at semi-final table 1.
func TestLackeyProperties(t *testing.T) {
	for seed := uint64(1); seed <= 300; seed++ {
		rng := rand.New(rand.NewPCG(seed, 99))
		weeks := randomLackey(rng)
		l := lackey()
		l.TieSeed = seed
		res, err := league.Compute(l, weeks)
		if err != nil {
			t.Fatal(err)
		}
		want := bestTwoTotals(weeks)
		for i, s := range res.Standings {
			if got := [2]int{s.MatchPoints, s.GamePoints}; got != want[s.Player] {
				t.Fatalf("seed %d: player %d has %v, two best a week give %v", seed, s.Player, got, want[s.Player])
			}
			if i > 0 {
				a, b := res.Standings[i-1], s
				if key(a) < key(b) {
					t.Fatalf("seed %d: %+v above %+v", seed, a, b)
				}
			}
		}
		// Shuffled games and a useless extra result change nothing.
		shuffled := slices.Clone(weeks)
		for i, w := range shuffled {
			games := map[event.PlayerID][]league.Game{}
			for p, gs := range w.Games {
				gs = slices.Clone(gs)
				rng.Shuffle(len(gs), func(a, b int) { gs[a], gs[b] = gs[b], gs[a] })
				if len(gs) >= 2 {
					gs = append(gs, league.Game{Seats: 5})
				}
				games[p] = gs
			}
			shuffled[i].Games = games
		}
		again, err := league.Compute(l, shuffled)
		if err != nil {
			t.Fatal(err)
		}
		strip := func(ss []league.Standing) []line { return lines(ss) }
		if !reflect.DeepEqual(strip(again.Standings), strip(res.Standings)) {
			t.Fatalf("seed %d: shuffling or a worthless extra game changed the standings", seed)
		}
		checkFinals(t, seed, res)
	}
}

// randomLackey returns eight weeks of 3 to 16 players, each playing 0 to
// 3 games a week at tables of 3 to 5, a quarter of them won.
func randomLackey(rng *rand.Rand) []league.Week {
	players := 3 + rng.IntN(14)
	var weeks []league.Week
	for n := 1; n <= 8; n++ {
		w := league.Week{Number: n, Games: map[event.PlayerID][]league.Game{}}
		for p := 1; p <= players; p++ {
			for range rng.IntN(4) {
				g := league.Game{Seats: 3 + rng.IntN(3), GamePoints: rng.IntN(15)}
				if rng.IntN(4) == 0 {
					g.Won, g.MatchPoints = true, 4
				}
				w.Games[event.PlayerID(p)] = append(w.Games[event.PlayerID(p)], g)
			}
		}
		weeks = append(weeks, w)
	}
	return weeks
}

// checkFinals checks a Lackey League's finals against its standings.
func checkFinals(t *testing.T, seed uint64, res league.Result) {
	t.Helper()
	if len(res.Standings) >= league.LackeyMinFinals {
		seen := map[event.PlayerID]bool{}
		for _, tb := range res.Finals.Tables {
			for _, p := range tb.Players {
				seen[p] = true
			}
		}
		for i, s := range res.Standings {
			if seen[s.Player] != (i < 10) {
				t.Fatalf("seed %d: rank %d seated %v", seed, i+1, seen[s.Player])
			}
		}
		semi1 := res.Finals.Tables[1].Players
		for k, p := range semi1 {
			if res.Standings[2+2*k].Player != p {
				t.Fatalf("seed %d: semi-final 1 %v", seed, semi1)
			}
		}
	} else if !res.Finals.Discretion {
		t.Fatalf("seed %d: %d players but finals seated", seed, len(res.Standings))
	}
}

// bestTwoTotals is the brute-force Lackey total of each player: over the
// official weeks, the best pair of results by match points, then game
// points.
func bestTwoTotals(weeks []league.Week) map[event.PlayerID][2]int {
	want := map[event.PlayerID][2]int{}
	for _, w := range weeks {
		active := 0
		for _, gs := range w.Games {
			if len(gs) > 0 {
				active++
			}
		}
		if active < 3 {
			continue
		}
		for p, gs := range w.Games {
			if len(gs) > 0 {
				best, t := bestPair(gs), want[p]
				want[p] = [2]int{t[0] + best[0], t[1] + best[1]}
			}
		}
	}
	return want
}

// bestPair returns the match and game points of the best one or two of
// games, trying every pair.
func bestPair(gs []league.Game) [2]int {
	best := [2]int{-1, -1}
	for i := range gs {
		for j := range gs {
			if i == j && len(gs) > 1 {
				continue
			}
			mp, gp := gs[i].MatchPoints, gs[i].GamePoints
			if i != j {
				mp, gp = mp+gs[j].MatchPoints, gp+gs[j].GamePoints
			}
			if mp > best[0] || mp == best[0] && gp > best[1] {
				best = [2]int{mp, gp}
			}
		}
	}
	return best
}

func key(s league.Standing) int { return s.MatchPoints<<20 + s.GamePoints<<8 + s.FourPlayerWins }

func BenchmarkLackey(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 1))
	var weeks []league.Week
	for n := 1; n <= 8; n++ {
		w := league.Week{Number: n, Games: map[event.PlayerID][]league.Game{}}
		for p := 1; p <= 60; p++ {
			for range 5 {
				w.Games[event.PlayerID(p)] = append(w.Games[event.PlayerID(p)], league.Game{Seats: 4, GamePoints: rng.IntN(15)})
			}
		}
		weeks = append(weeks, w)
	}
	for b.Loop() {
		if _, err := league.Compute(lackey(), weeks); err != nil {
			b.Fatal(err)
		}
	}
}
