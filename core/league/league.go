// Package league computes the standings of a league of weekly events and
// who plays its finals, as Shadowfist's Appendices II (Proving Ground) and
// III (Lackey League) describe them (docs/RULES.md S13).
//
// It is pure: the caller hands it, week by week, the games each player
// played in that week's events, already scored by the format (match and
// game points), and gets the standings and the finals seating back as
// data. Nothing here reads a database.
package league

import (
	"cmp"
	"fmt"
	"slices"

	"tablekeeper/core/event"
)

// Game is one game a player played in a week's event: one multiplayer
// table's result, seen from one seat.
type Game struct {
	MatchPoints int
	GamePoints  int
	// Seats is the number of players at the table; a win at a table of
	// four is a "four player game won", the Lackey League's tiebreaker.
	Seats int
	// Won: the player placed first (a winner, or a leader at time).
	Won bool
}

// FourPlayerWin reports whether the game is a four-player game the player
// won (Appendix III d).
func (g Game) FourPlayerWin() bool { return g.Won && g.Seats == 4 }

// Week is one week of a league: every game each player played in the
// week's events.
type Week struct {
	Number int
	Games  map[event.PlayerID][]Game
}

// Standing is one player's line in a league's standings.
type Standing struct {
	// Rank is the player's place, 1 for the leader. Ranks are never
	// shared: the last ties are broken by the league's random draw (S13),
	// and ByDraw says when that draw was needed.
	Rank   int
	Player event.PlayerID
	// MatchPoints and GamePoints are the running totals of the results
	// that count: in a Lackey League each week's two best, in a Proving
	// Ground every game of the official weeks (weeks 1 to 12 when week 13
	// is a finals week).
	MatchPoints int
	GamePoints  int
	// FourPlayerWins counts the four-player games won among the counted
	// results (the Lackey League's first tiebreaker).
	FourPlayerWins int
	// Counted is the number of results that count; Played all the games
	// the player played in official weeks.
	Counted, Played int
	// Weeks is the number of official weeks in which the player played.
	Weeks int
	// Finalist: the player plays (or played) a Proving Ground's finals
	// week; FinalsMatchPoints and FinalsGamePoints are what they scored
	// there, and finalists rank above everyone else, by that score.
	Finalist          bool
	FinalsMatchPoints int
	FinalsGamePoints  int
	// ByDraw: the player is level with the one ranked just above or below
	// on every tiebreaker the rules name; only the random draw places
	// them.
	ByDraw bool
}

// WeekSummary says how many players a week had and whether it is official.
type WeekSummary struct {
	Number  int
	Players int
	// Official: at least three players played (S13); the results of a
	// week that is not official do not count.
	Official bool
	// Finals: the week is a Proving Ground's finals week.
	Finals bool
}

// Table is a table of a league's finals: its name and players, best
// ranked first.
type Table struct {
	Name    string
	Players []event.PlayerID
	// Also names who else joins the table once known ("the winner of each
	// semi-final"); empty when the table is full.
	Also string
}

// Finals is who plays a league's finals.
type Finals struct {
	// Complete: the weeks that decide the finals have all been played
	// (Lackey: week 8; Proving Ground: week 12). Until then the tables
	// are as they would be if the series ended now.
	Complete bool
	// Discretion: the rules leave these finals to the organizer (a Lackey
	// League of fewer than ten players, Appendix III g; a Proving Ground
	// without a finals week); Tables is then empty.
	Discretion bool
	// Tables are the tables to play: for a Lackey League the final (the
	// top two, joined by the semi-final winners) and the two semi-finals;
	// for a Proving Ground the finals week's players.
	Tables []Table
}

// Result is a league's standings, week summaries and finals.
type Result struct {
	Standings []Standing
	Weeks     []WeekSummary
	Finals    Finals
}

// Lackey League numbers (Appendix III).
const (
	// LackeyCounted is how many results of a player's week count (b).
	LackeyCounted = 2
	// LackeyDirect is how many players go straight to the final (d).
	LackeyDirect = 2
	// LackeySemiFinalists is how many of the rest play the two semi-final
	// tables (e): ranks 1, 3, 5, 7 and 2, 4, 6, 8 of those remaining.
	LackeySemiFinalists = 8
	// LackeyMinFinals is the fewest players for which the rules seat the
	// finals; with fewer the organizer decides (g).
	LackeyMinFinals = 10
)

// ProvingGroundFinalsWeek is the week a Proving Ground may play as its
// finals week, for the top players of weeks 1 to 12 (Appendix II g).
const ProvingGroundFinalsWeek = 13

// Compute returns the standings and finals of league l from its weeks'
// games. Weeks may come in any order and several entries may share a
// number (their games add up); a week outside the league's range is an
// event.ErrInvalid error.
func Compute(l event.League, weeks []Week) (Result, error) {
	if err := l.Validate(); err != nil {
		return Result{}, err
	}
	merged := map[int]map[event.PlayerID][]Game{}
	for _, w := range weeks {
		if err := l.Kind.ValidWeek(w.Number); err != nil {
			return Result{}, err
		}
		m := merged[w.Number]
		if m == nil {
			m = map[event.PlayerID][]Game{}
			merged[w.Number] = m
		}
		for p, gs := range w.Games {
			m[p] = append(m[p], gs...)
		}
	}
	c := computation{league: l, totals: map[event.PlayerID]*Standing{}}
	for n := 1; n <= l.Kind.Weeks(); n++ {
		c.week(n, merged[n])
	}
	return c.result(), nil
}

type computation struct {
	league event.League
	weeks  []WeekSummary
	totals map[event.PlayerID]*Standing
	// finalsWeek holds a Proving Ground's finals-week games.
	finalsWeek map[event.PlayerID][]Game
}

func (c *computation) finalsWeekOn() bool {
	return c.league.Kind == event.LeagueProvingGround && c.league.Finals > 0
}

func (c *computation) week(n int, games map[event.PlayerID][]Game) {
	players := 0
	for _, gs := range games {
		if len(gs) > 0 {
			players++
		}
	}
	finals := c.finalsWeekOn() && n == ProvingGroundFinalsWeek
	sum := WeekSummary{Number: n, Players: players, Finals: finals,
		Official: players >= event.MinLeagueWeekPlayers || finals && players > 0}
	if players == 0 {
		return
	}
	c.weeks = append(c.weeks, sum)
	if !sum.Official {
		return
	}
	if finals {
		c.finalsWeek = games
		return
	}
	for p, gs := range games {
		if len(gs) == 0 {
			continue
		}
		s := c.totals[p]
		if s == nil {
			s = &Standing{Player: p}
			c.totals[p] = s
		}
		s.Weeks++
		s.Played += len(gs)
		for _, g := range c.counted(gs) {
			s.Counted++
			s.MatchPoints += g.MatchPoints
			s.GamePoints += g.GamePoints
			if g.FourPlayerWin() {
				s.FourPlayerWins++
			}
		}
	}
}

// counted returns the games of a week that count: a Lackey League's two
// best (Appendix III b: by match points, then game points, then a
// four-player win), every game in a Proving Ground.
func (c *computation) counted(gs []Game) []Game {
	if c.league.Kind != event.LeagueLackey || len(gs) <= LackeyCounted {
		return gs
	}
	best := slices.Clone(gs)
	slices.SortStableFunc(best, betterGame)
	return best[:LackeyCounted]
}

// betterGame orders games best first.
func betterGame(a, b Game) int {
	if c := cmp.Compare(b.MatchPoints, a.MatchPoints); c != 0 {
		return c
	}
	if c := cmp.Compare(b.GamePoints, a.GamePoints); c != 0 {
		return c
	}
	return cmp.Compare(boolInt(b.FourPlayerWin()), boolInt(a.FourPlayerWin()))
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

func (c *computation) result() Result {
	list := make([]Standing, 0, len(c.totals))
	for _, s := range c.totals {
		list = append(list, *s)
	}
	seed := c.league.TieSeed
	lackey := c.league.Kind == event.LeagueLackey
	// level compares on the rules' keys only; order adds the draw.
	level := func(a, b Standing) int {
		if c := cmp.Compare(b.MatchPoints, a.MatchPoints); c != 0 {
			return c
		}
		if c := cmp.Compare(b.GamePoints, a.GamePoints); c != 0 {
			return c
		}
		if lackey {
			return cmp.Compare(b.FourPlayerWins, a.FourPlayerWins)
		}
		return 0
	}
	order := func(a, b Standing) int {
		if c := level(a, b); c != 0 {
			return c
		}
		if c := cmp.Compare(drawKey(seed, b.Player), drawKey(seed, a.Player)); c != 0 {
			return c
		}
		return cmp.Compare(a.Player, b.Player)
	}
	slices.SortFunc(list, order)
	for i := range list {
		list[i].ByDraw = i > 0 && level(list[i-1], list[i]) == 0 ||
			i+1 < len(list) && level(list[i], list[i+1]) == 0
	}
	res := Result{Weeks: c.weeks}
	if lackey {
		res.Finals = lackeyFinals(list, c.played(8))
	} else {
		list, res.Finals = c.provingGroundFinals(list)
	}
	for i := range list {
		list[i].Rank = i + 1
	}
	res.Standings = list
	return res
}

// played reports whether week n has official results.
func (c *computation) played(n int) bool {
	for _, w := range c.weeks {
		if w.Number == n && w.Official {
			return true
		}
	}
	return false
}

// lackeyFinals seats a Lackey League's finals (Appendix III d, e, g): the
// top two go straight to the final; of the remaining players, ranks 1, 3,
// 5 and 7 play the first semi-final table and ranks 2, 4, 6 and 8 the
// second. With fewer than ten players the organizer decides.
func lackeyFinals(list []Standing, complete bool) Finals {
	f := Finals{Complete: complete}
	if len(list) < LackeyMinFinals {
		f.Discretion = true
		return f
	}
	final := Table{Name: "Final", Also: "the winner of each semi-final"}
	for _, s := range list[:LackeyDirect] {
		final.Players = append(final.Players, s.Player)
	}
	semi1 := Table{Name: "Semi-final table 1"}
	semi2 := Table{Name: "Semi-final table 2"}
	for i, s := range list[LackeyDirect : LackeyDirect+LackeySemiFinalists] {
		if i%2 == 0 {
			semi1.Players = append(semi1.Players, s.Player)
		} else {
			semi2.Players = append(semi2.Players, s.Player)
		}
	}
	f.Tables = []Table{final, semi1, semi2}
	return f
}

// provingGroundFinals seats a Proving Ground's finals week (Appendix II
// g): the top Finals players of weeks 1 to 12. Once the finals week has
// results the finalists rank first, by what they scored there (match
// points, then game points, then their rank after week 12), the others
// after them as they were; games in the finals week by others do not
// count.
func (c *computation) provingGroundFinals(list []Standing) ([]Standing, Finals) {
	f := Finals{Complete: c.played(ProvingGroundFinalsWeek - 1)}
	n := c.league.Finals
	if n == 0 {
		f.Discretion = true
		f.Complete = c.played(ProvingGroundFinalsWeek)
		return list, f
	}
	n = min(n, len(list))
	table := Table{Name: fmt.Sprintf("Finals week (week %d)", ProvingGroundFinalsWeek)}
	for i := range list[:n] {
		list[i].Finalist = true
		table.Players = append(table.Players, list[i].Player)
		for _, g := range c.finalsWeek[list[i].Player] {
			list[i].FinalsMatchPoints += g.MatchPoints
			list[i].FinalsGamePoints += g.GamePoints
		}
	}
	f.Tables = []Table{table}
	if c.finalsWeek != nil {
		finalists := list[:n]
		slices.SortStableFunc(finalists, func(a, b Standing) int {
			if c := cmp.Compare(b.FinalsMatchPoints, a.FinalsMatchPoints); c != 0 {
				return c
			}
			return cmp.Compare(b.FinalsGamePoints, a.FinalsGamePoints)
		})
		for i := range finalists {
			finalists[i].ByDraw = false
		}
	}
	return list, f
}

// drawKey is a player's place in the league's random draw (higher first):
// a splitmix64 of the seed and the player, so the draw is fixed for a
// league and independent of the order players are listed in.
func drawKey(seed uint64, p event.PlayerID) uint64 {
	x := seed ^ (uint64(p) * 0x9e3779b97f4a7c15) // #nosec G115 -- the player ID's bits feed a hash; reinterpretation is the intent
	x += 0x9e3779b97f4a7c15
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9
	x = (x ^ (x >> 27)) * 0x94d049bb133111eb
	return x ^ (x >> 31)
}
