package clock

import (
	"cmp"
	"fmt"
	"slices"
	"time"

	"tablekeeper/core/event"
	"tablekeeper/core/i18n"
)

// ShadowfistSitesToWin is the number of Feng Shui Sites a Shadowfist player
// normally needs to control to win; cards may lower or raise it (rule 5.3
// e, g).
const ShadowfistSitesToWin = 5

// ShadowfistSeat is what a judge counts for one seat when time is called
// and the game is a time-out (rule 5.5 a, b).
type ShadowfistSeat struct {
	// Sites is the number of Feng Shui Sites the player controls. Only
	// Feng Shui Sites count: an unconventional win in the making (two
	// Underworld Gateways) brings nobody closer to victory (5.7 b).
	Sites int
	// SitesToWin is the number of sites the player needs to win; 0 means
	// ShadowfistSitesToWin (5), the usual, unless cards change it.
	SitesToWin int
	// GamePoints are the seat's game points (S7).
	GamePoints int
}

// short is how many sites the seat is from victory: smaller is closer.
func (s ShadowfistSeat) short() int {
	need := s.SitesToWin
	if need == 0 {
		need = ShadowfistSitesToWin
	}
	return need - s.Sites
}

// ShadowfistDecided names what decided a Shadowfist time-out.
type ShadowfistDecided string

// What decides a time-out (rule 5.5 c to e).
const (
	DecidedCloseness  ShadowfistDecided = "closest to victory"
	DecidedGamePoints ShadowfistDecided = "game points"
	DecidedTie        ShadowfistDecided = "tie"
)

// ShadowfistTimeOut is the placement of a Shadowfist table at time.
type ShadowfistTimeOut struct {
	// Places holds each seat's place, in seat order: 1 for the winner on
	// time-out or for each player tied for the lead; the others from 2 by
	// closeness to victory then game points, equal on both sharing a
	// place. It fills event.SeatResult.Place of a Result with TimeOut set.
	Places []int
	// Tie: several players share the lead ("Tie, Time-Out"); otherwise the
	// one player placed 1 is "Winner, Time-Out".
	Tie bool
	// Decided says what settled the lead.
	Decided ShadowfistDecided
	// Explanation says it in a sentence.
	Explanation Explanation
}

// ShadowfistAtTime places a Shadowfist table at time by rule 5.5 (S8): a
// single player closer to victory than any other wins on time-out; among
// players equally close, game points decide; players equal on both tie on
// time-out. Closeness is counted as the Feng Shui Sites still needed
// (SitesToWin less Sites), which a judge can count at the table.
func ShadowfistAtTime(seats []ShadowfistSeat) (ShadowfistTimeOut, error) {
	if len(seats) < 2 || len(seats) > event.MaxSeats {
		return ShadowfistTimeOut{}, event.Invalidf("a table has 2 to %d seats, not %d", event.MaxSeats, len(seats))
	}
	for i, s := range seats {
		switch {
		case s.Sites < 0 || s.Sites > 30:
			return ShadowfistTimeOut{}, event.Invalidf("seat %d: %d sites controlled is not possible; count 0 to 30", i+1, s.Sites)
		case s.SitesToWin < 0 || s.SitesToWin > 10:
			return ShadowfistTimeOut{}, event.Invalidf("seat %d: sites needed to win are 1 to 10 (leave 0 for the usual %d), not %d", i+1, ShadowfistSitesToWin, s.SitesToWin)
		case s.short() <= 0:
			return ShadowfistTimeOut{}, event.Invalidf("seat %d controls enough sites to win (%d): that is a full win, not a time-out (5.5 b)", i+1, s.Sites)
		case s.GamePoints < -50 || s.GamePoints > 200:
			return ShadowfistTimeOut{}, event.Invalidf("seat %d: game points %d are out of range (-50 to 200)", i+1, s.GamePoints)
		}
	}
	order := make([]int, len(seats))
	for i := range order {
		order[i] = i
	}
	rank := func(a, b int) int {
		return cmp.Or(cmp.Compare(seats[a].short(), seats[b].short()), cmp.Compare(seats[b].GamePoints, seats[a].GamePoints))
	}
	slices.SortStableFunc(order, rank)
	out := ShadowfistTimeOut{Places: make([]int, len(seats))}
	others := 0 // seats placed so far behind the lead
	for k, i := range order {
		switch {
		case rank(order[0], i) == 0:
			out.Places[i] = 1
		case others > 0 && rank(order[k-1], i) == 0:
			out.Places[i] = out.Places[order[k-1]]
			others++
		default:
			out.Places[i] = 2 + others
			others++
		}
	}
	var leaders, closest []int
	best := seats[order[0]]
	for _, i := range order {
		if out.Places[i] == 1 {
			leaders = append(leaders, i)
		}
		if seats[i].short() == best.short() {
			closest = append(closest, i)
		}
	}
	out.Tie = len(leaders) > 1
	shortBy := i18n.FN("%d sites", best.short(), best.short())
	switch {
	case len(closest) == 1:
		out.Decided = DecidedCloseness
		out.Explanation = Explanation{i18n.F("Seat %d is closest to victory (%s short) and wins on time-out.", leaders[0]+1, shortBy)}
	case !out.Tie:
		out.Decided = DecidedGamePoints
		out.Explanation = Explanation{i18n.F("%s are equally close to victory (%s short); seat %d has the most game points (%d) and wins on time-out.",
			seatList(closest), shortBy, leaders[0]+1, best.GamePoints)}
	default:
		out.Decided = DecidedTie
		out.Explanation = Explanation{i18n.F("%s are equally close to victory (%s short) with %d game points each: tie on time-out.",
			seatList(leaders), shortBy, best.GamePoints)}
	}
	return out, nil
}

// seatList names seats by number, in seat order: "Seats 1, 3 and 4".
func seatList(seats []int) i18n.Text {
	sorted := slices.Sorted(slices.Values(seats))
	s := make([]any, len(sorted))
	for k, i := range sorted {
		s[k] = fmt.Sprint(i + 1)
	}
	return i18n.F("Seats %s", list(s))
}

// Venue is where a Shadowfist table plays, for its time limit (S4, rule
// 5.0 e).
type Venue int

// Venues.
const (
	// InPerson: at the same physical table.
	InPerson Venue = iota
	// OnlineVoice: online, every player on voice chat (+15 minutes).
	OnlineVoice
	// OnlineNoVoice: online without voice chat (+30 minutes; "strongly
	// discouraged").
	OnlineNoVoice
)

// ShadowfistLimits are the time limits of Shadowfist tables by size (S4,
// rule 5.0). The document's figures for two and three players are missing
// from its text, so they are settings with no default.
type ShadowfistLimits struct {
	// TwoPlayers and ThreePlayers must be set to run such tables.
	TwoPlayers   time.Duration
	ThreePlayers time.Duration
	// FourPlayers: 0 means 85 minutes (5.0 c).
	FourPlayers time.Duration
	// FivePlayers: 0 means 110 minutes, "suggested" (5.0 d).
	FivePlayers time.Duration
}

// ShadowfistTableTime is the time limit of a Shadowfist table of players
// seats (S4): the limit for its size, plus 15 minutes online with voice
// chat or 30 without (5.0 e). The clock starts after the opening hands
// (5.0 f).
func ShadowfistTableTime(players int, limits ShadowfistLimits, venue Venue) (time.Duration, error) {
	var d time.Duration
	switch players {
	case 2:
		d = limits.TwoPlayers
	case 3:
		d = limits.ThreePlayers
	case 4:
		d = cmp.Or(limits.FourPlayers, 85*time.Minute)
	case 5:
		d = cmp.Or(limits.FivePlayers, 110*time.Minute)
	default:
		return 0, event.Invalidf("a Shadowfist table seats 2 to 5 players, not %d", players)
	}
	switch {
	case d < 0 || d > MaxDuration:
		return 0, event.Invalidf("the time limit of %d-player tables must be between 0 and 24 hours, not %s", players, Format(d))
	case d == 0:
		return 0, event.Invalidf("set the time limit of %d-player tables: the rules (5.0) give no figure for them", players)
	}
	switch venue {
	case InPerson:
	case OnlineVoice:
		d += 15 * time.Minute
	case OnlineNoVoice:
		d += 30 * time.Minute
	default:
		return 0, event.Invalidf("unknown venue %d", venue)
	}
	return d, nil
}
