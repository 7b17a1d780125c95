// Package scoring checks and scores the result of a multiplayer table by
// the format's rules: who may win, what each seat's points are, and the
// match points each seat takes into the standings.
//
// The formats differ (docs/RULES.md):
//   - Heresy (H5, H7): the winner scores Heresy.WinScore (14; 11 in
//     Revelations); every other player scores the Tau they stored, at most
//     the goal; on time-out nobody wins and every player scores Tau stored
//     (at most the goal) plus Heresy.TimeOutBonus (2). The score is the
//     match points.
//   - Shadowfist (S6–S8): a win is worth 4 match points (two players who
//     win in the same scene both get a full win), the winner on time-out 2,
//     the players tied for the lead on time-out 1 each, everyone else 0.
//     Game points rank players on equal match points. A table enters them
//     directly, or as the counts of rule 5.3 (sites seized, burned,
//     played, …) that GamePoints values by the event's settings (S7); a
//     winner by other means than the last site (5.7) adds 2 points for
//     each site short of five.
//   - Placement (any other multiplayer game, Altered Free for All): the
//     winner takes Points.Win; on time-out the players tied for the lead
//     take Points.Draw.
//
// In a Result, a seat's Place 1 marks a winner (or, on time-out, a player
// in the lead); per-game details may carry "tau".
package scoring

import (
	"tablekeeper/core/event"
	"tablekeeper/core/i18n"
)

// TauStat is the per-game detail key of Heresy's Tau stored.
const TauStat = "tau"

// Per-game detail keys of Shadowfist's game-point items (rule 5.3, S7), in
// the order of the rule, and of an unconventional win (5.7).
const (
	SeizedStat         = "seized"
	BurnedStat         = "burned"
	PlayedStat         = "played"
	OtherBurnedStat    = "otherBurned"
	ReduceStat         = "reduce"
	ControlledStat     = "controlled"
	IncreaseStat       = "increase"
	UnconventionalStat = "unconventional"
)

// SiteItems returns the detail keys of rule 5.3's items, a) to g).
func SiteItems() []string {
	return []string{SeizedStat, BurnedStat, PlayedStat, OtherBurnedStat, ReduceStat, ControlledStat, IncreaseStat}
}

// SitesToWin is the number of sites a Shadowfist player needs; an
// unconventional winner scores as if they had played their own sites up
// to it (5.7 a iii).
const SitesToWin = 5

// maxItem bounds one count of rule 5.3: no game sees more sites.
const maxItem = 30

// itemValue is the setting that values one item of rule 5.3.
func itemValue(v event.GamePointValues, key string) int {
	switch key {
	case SeizedStat:
		return v.Seized
	case BurnedStat:
		return v.Burned
	case PlayedStat:
		return v.Played
	case OtherBurnedStat:
		return v.OtherBurned
	case ReduceStat:
		return v.Reduce
	case ControlledStat:
		return v.Controlled
	case IncreaseStat:
		return v.Increase
	}
	return 0
}

// Counted reports whether a seat's game points were entered as the counts
// of rule 5.3 rather than as a number.
func Counted(st event.SeatResult) bool {
	if len(st.Games) == 0 {
		return false
	}
	for _, k := range SiteItems() {
		if _, ok := st.Games[len(st.Games)-1].Stats[k]; ok {
			return true
		}
	}
	return false
}

// Unconventional reports whether a seat won by other means than taking
// the last site (5.7).
func Unconventional(st event.SeatResult) bool {
	n := len(st.Games)
	return n > 0 && st.Games[n-1].Stats[UnconventionalStat] != 0
}

// CountGamePoints returns the Shadowfist game points of a seat's counts of rule
// 5.3 by the values v (S7), with the unconventional win's theoretical
// sites (5.7 a iii): a winner with one site seized and one burned scores
// 4 + 3 + 3 × 2 = 13 by the default values.
func CountGamePoints(v event.GamePointValues, stats map[string]int) int {
	total := 0
	for _, k := range SiteItems() {
		total += stats[k] * itemValue(v, k)
	}
	if stats[UnconventionalStat] != 0 {
		total += max(0, SitesToWin-stats[SeizedStat]-stats[BurnedStat]-stats[PlayedStat]) * v.Played
	}
	return total
}

// Check verifies a multiplayer result against the format and fills in what
// the format derives (Heresy's score into each seat's Points). It returns
// an error that names the problem in the organizer's words.
func Check(s event.Settings, r *event.Result) error {
	if len(r.Seats) < 2 {
		return event.Invalidf("a table needs 2 to %d seats, not %d", event.MaxSeats, len(r.Seats))
	}
	leaders := 0
	for _, st := range r.Seats {
		if st.Place < 0 || st.Place > len(r.Seats) {
			return event.Invalidf("a place must be between 1 and %d", len(r.Seats))
		}
		if st.Place == 1 {
			leaders++
		}
	}
	switch s.Scoring {
	case event.ScoringHeresy:
		return checkHeresy(s, r, leaders)
	case event.ScoringShadowfist:
		return checkShadowfist(s, r, leaders)
	default:
		for _, st := range r.Seats {
			if st.Points < -50 || st.Points > 200 {
				return event.Invalidf("points %d are out of range (-50 to 200)", st.Points)
			}
		}
		if leaders == 0 {
			return event.Invalid("mark the winner (or, at time, the players tied for the lead)")
		}
		if leaders > 1 && !r.TimeOut {
			return event.Invalid("only one player can win; at time, several players can share the lead")
		}
		return nil
	}
}

func checkShadowfist(s event.Settings, r *event.Result, leaders int) error {
	if leaders == 0 {
		return event.Invalid("mark the winner (or, at time, the players tied for the lead)")
	}
	v := s.GamePointValues()
	for i := range r.Seats {
		st := &r.Seats[i]
		if Unconventional(*st) {
			switch {
			case st.Place != 1:
				return event.Invalidf("seat %d is marked as an unconventional win but did not win; only a winner wins by other means (5.7)", i+1)
			case r.TimeOut:
				return event.Invalidf("seat %d: an unconventional win is a win in play, not at time (5.7 b); untick Time-out or the unconventional mark", i+1)
			case !Counted(*st):
				return event.Invalidf("seat %d won by other means (5.7): type its sites seized, burned and played so the sites short of five can be added", i+1)
			}
		}
		if Counted(*st) {
			stats := st.Games[len(st.Games)-1].Stats
			for _, k := range SiteItems() {
				if n := stats[k]; n < 0 || n > maxItem {
					return event.Invalidf("seat %d: %d %s is not possible; a count is 0 to %d", i+1, n, itemName(k), maxItem)
				}
			}
			st.Points = CountGamePoints(v, stats)
		}
		if st.Points < -50 || st.Points > 200 {
			return event.Invalidf("game points %d are out of range (-50 to 200)", st.Points)
		}
	}
	return nil
}

// itemNames are the i18n keys of rule 5.3's items, in the organizer's words.
var itemNames = map[string]string{
	SeizedStat:      i18n.K("sites seized"),
	BurnedStat:      i18n.K("sites burned for victory"),
	PlayedStat:      i18n.K("sites played"),
	OtherBurnedStat: i18n.K("non-Feng Shui sites burned"),
	ReduceStat:      i18n.K("cards reducing the sites to win"),
	ControlledStat:  i18n.K("other players' sites controlled"),
	IncreaseStat:    i18n.K("cards increasing the sites to win"),
}

// itemName names an item of rule 5.3 in the organizer's words; an unknown
// key is its own name.
func itemName(key string) i18n.Text {
	if name, ok := itemNames[key]; ok {
		return i18n.F(name)
	}
	return i18n.Text{Format: key}
}

func checkHeresy(s event.Settings, r *event.Result, winners int) error {
	switch {
	case r.TimeOut && winners > 0:
		return event.Invalid("at time nobody wins in Heresy (H5): every player scores Tau stored plus 2; clear the winner")
	case !r.TimeOut && winners != 1:
		return event.Invalidf("a Heresy game has exactly one winner unless it went to time (H5); %d marked", winners)
	}
	for i := range r.Seats {
		st := &r.Seats[i]
		tau := Tau(*st)
		if tau < 0 || tau > 99 {
			return event.Invalidf("Tau stored must be 0 to 99, not %d", tau)
		}
		tau = min(tau, s.Heresy.TauGoal)
		switch {
		case st.Place == 1:
			st.Points = s.Heresy.WinScore
		case r.TimeOut:
			st.Points = tau + s.Heresy.TimeOutBonus
		default:
			st.Points = tau
		}
	}
	return nil
}

// Tau returns the Tau stored of a seat: the last game's "tau" detail.
func Tau(st event.SeatResult) int {
	if n := len(st.Games); n > 0 {
		return st.Games[n-1].Stats[TauStat]
	}
	return 0
}

// MatchPoints returns the match points of seat i of a multiplayer result.
func MatchPoints(s event.Settings, r event.Result, i int) int {
	if s.Scoring == event.ScoringHeresy {
		return r.Seats[i].Points
	}
	if r.Seats[i].Place != 1 {
		return s.Points.Loss
	}
	leaders := 0
	for _, st := range r.Seats {
		if st.Place == 1 {
			leaders++
		}
	}
	switch {
	case !r.TimeOut:
		return s.Points.Win
	case leaders > 1:
		return s.Points.Draw
	}
	return s.Points.WinAtTime()
}

// GamePoints returns the game points of seat i that rank players on equal
// match points (Shadowfist S7, S10); 0 for the formats without them.
func GamePoints(s event.Settings, r event.Result, i int) int {
	if s.Scoring == event.ScoringShadowfist {
		return r.Seats[i].Points
	}
	return 0
}
