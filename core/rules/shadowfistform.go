package rules

import (
	"slices"
	"strconv"
	"strings"

	"tablekeeper/core/clock"
	"tablekeeper/core/event"
	"tablekeeper/core/i18n"
	"tablekeeper/core/scoring"
)

// Shadowfist's form at time (S8, rule 5.5), for tables of 2 to 5: the
// player closest to victory wins on time-out, game points decide between
// players equally close, and players equal on both tie.

// Stats keys of the per-game details (event.GameDetail.Stats) a
// Shadowfist result decided at time records: the Feng Shui Sites the
// player controlled at time and the sites they needed to win. The game
// points go in Points, and their counts of rule 5.3, when typed, under
// scoring's keys.
const (
	StatSites      = "timeSites"
	StatSitesToWin = "timeSitesToWin"
)

// sfMaxSites bounds the Feng Shui Sites a player controls, as the decider
// does (clock.ShadowfistAtTime); sfMaxSitesToWin the sites needed to win.
const (
	sfMaxSites      = 30
	sfMaxSitesToWin = 10
)

// sfID is the ID of seat i's cell what.
func sfID(i int, what string) string { return "s" + strconv.Itoa(i+1) + "." + what }

// shadowfistAtTimeForm builds the form of a Shadowfist table.
func shadowfistAtTimeForm(_ AtTime, t AtTimeTable) AtTimeForm {
	set := t.Settings
	// multi: the table's result is a multiplayer one, placed by seat (a
	// game of Who's the Big Man Now? too); a two-seat match of Double
	// Elimination + Final records a match instead: the winner on time-out
	// one game to none, a tie one game drawn.
	multi := MultiplayerResult(set, len(t.Names))
	score := i18n.F("The winner on time-out scores %d match points, players tied for the lead %d each.", set.Points.WinAtTime(), set.Points.Draw)
	if !multi {
		score = i18n.F("The winner on time-out takes the match; a tie is a drawn game.")
	}
	usual := strconv.Itoa(clock.ShadowfistSitesToWin)
	rows := [][]AtTimeCell{{
		{Kind: CellHeading, Text: i18n.F("Seat"), Trailing: true}, heading(i18n.F("Player")), heading(i18n.F("Sites")), heading(i18n.F("To win")),
		heading(i18n.F("Game pts or counts")), {Kind: CellHeading, Text: i18n.F("Place"), Trailing: true}, {Kind: CellHeading, Text: i18n.F("Match pts"), Trailing: true},
	}}
	saved := sfSaved(t.Saved, len(t.Names))
	for i, name := range t.Names {
		sites, need, points := entry(sfID(i, "sites"), "0", Digits), entry(sfID(i, "need"), usual, Digits), entry(sfID(i, "points"), "0", "-0123456789 /")
		need.Value, need.Default = usual, usual
		if saved != nil {
			sites.Value, need.Value, points.Value = saved[i][0], saved[i][1], saved[i][2]
		}
		rows = append(rows, []AtTimeCell{{Kind: CellSeat, Text: i18n.Plain(strconv.Itoa(i + 1)), Trailing: true}, nameCell(name), sites, need, points,
			{Kind: CellPreview, ID: sfID(i, "place"), Trailing: true}, {Kind: CellPreview, ID: sfID(i, "match"), Trailing: true}})
	}
	return AtTimeForm{
		Rule:    i18n.F("%s %s", i18n.F("S8 (rule 5.5) · When the attack in progress ends with nobody winning, count each player's Feng Shui Sites, the sites they need to win (5 unless cards change it) and their game points, or their sites seized, burned and played (\"2 1 3\"). The player closest to victory wins on time-out; among players equally close, game points decide; equal on both, they tie."), score),
		Hint:    i18n.F("Tab moves · Enter saves · Esc cancels. A blank count is 0; \"To win\" stays 5 unless cards change it."),
		Columns: []AtTimeColumn{{Width: 52}, {Width: 142, Grow: 1}, {Width: 60}, {Width: 68}, {Width: 156}, {Width: 56}, {Width: 88}},
		Rows:    rows,
		Decide:  func(a AtTimeAnswers) (AtTimeOutcome, error) { return shadowfistDecide(set, multi, t.Names, a) },
	}
}

// shadowfistDecide places the table from the answers of its form.
func shadowfistDecide(set event.Settings, multi bool, names []string, a AtTimeAnswers) (AtTimeOutcome, error) {
	seats := make([]clock.ShadowfistSeat, len(names))
	points := make([]int, len(names))
	stats := make([]map[string]int, len(names))
	for i, name := range names {
		who := i18n.F("seat %d (%s)", i+1, name)
		var err error
		if seats[i].Sites, err = AtTimeCount(a.Text(sfID(i, "sites")), who, i18n.F("Feng Shui Sites"), sfMaxSites); err != nil {
			return AtTimeOutcome{}, err
		}
		if seats[i].SitesToWin, err = AtTimeCount(a.Text(sfID(i, "need")), who, i18n.F("sites needed to win"), sfMaxSitesToWin); err != nil {
			return AtTimeOutcome{}, err
		}
		if points[i], stats[i], err = ShadowfistGamePoints(set, who, a.Text(sfID(i, "points"))); err != nil {
			return AtTimeOutcome{}, err
		}
		seats[i].GamePoints = points[i]
	}
	d, err := clock.ShadowfistAtTime(seats)
	if err != nil {
		return AtTimeOutcome{}, err
	}
	res := ShadowfistTimeOutResult(multi, seats, points, stats, d)
	return AtTimeOutcome{Headline: ShadowfistTimeOutHeadline(names, seats, d), Detail: d.Explanation, Result: res, Previews: shadowfistPreviews(set, multi, res, d)}, nil
}

// ShadowfistTimeOutResult is what a Shadowfist table decided at time by
// S8 records: every seat's game points and place, the time-out, the sites
// counted and the counts of rule 5.3 typed (counts, by seat; nil: none);
// a two-player match (multi false) also its games won or drawn.
func ShadowfistTimeOutResult(multi bool, seats []clock.ShadowfistSeat, points []int, counts []map[string]int, d clock.ShadowfistTimeOut) event.Result {
	res := event.Result{TimeOut: true, Seats: make([]event.SeatResult, len(seats))}
	for i, seat := range seats {
		stats := map[string]int{StatSites: seat.Sites, StatSitesToWin: sfNeed(seat)}
		for k, v := range counts[i] {
			stats[k] = v
		}
		res.Seats[i] = event.SeatResult{Place: d.Places[i], Points: points[i], Games: []event.GameDetail{{Won: d.Places[i] == 1 && !d.Tie, Stats: stats}}}
		if !multi && !d.Tie && d.Places[i] == 1 {
			res.Seats[i].GamesWon = 1
		}
	}
	if !multi && d.Tie {
		res.GamesDrawn = 1
	}
	return res
}

// sfNeed is the sites a seat needs to win, the usual five when not typed.
func sfNeed(seat clock.ShadowfistSeat) int {
	if seat.SitesToWin == 0 {
		return clock.ShadowfistSitesToWin
	}
	return seat.SitesToWin
}

// shadowfistPreviews are each seat's place and the match points it takes.
func shadowfistPreviews(set event.Settings, multi bool, res event.Result, d clock.ShadowfistTimeOut) map[string]AtTimePreview {
	checked := res
	checked.Seats = slices.Clone(res.Seats)
	valid := !multi || scoring.Check(set, &checked) == nil
	out := map[string]AtTimePreview{}
	for i := range res.Seats {
		out[sfID(i, "place")] = AtTimePreview{Text: i18n.Ordinal(d.Places[i]), Bold: d.Places[i] == 1}
		var match string
		switch {
		case !valid:
			match = "—"
		case multi:
			match = strconv.Itoa(scoring.MatchPoints(set, checked, i))
		case d.Tie:
			match = strconv.Itoa(set.Points.Draw)
		case d.Places[i] == 1:
			match = strconv.Itoa(set.Points.Win)
		default:
			match = strconv.Itoa(set.Points.Loss)
		}
		out[sfID(i, "match")] = AtTimePreview{Text: i18n.Plain(match)}
	}
	return out
}

// ShadowfistTimeOutHeadline names the winner on time-out, or the players
// who tie, with what decided: "Winner on time-out: Ada — 4 sites of 5".
func ShadowfistTimeOutHeadline(names []string, seats []clock.ShadowfistSeat, d clock.ShadowfistTimeOut) i18n.Localizer {
	var leaders []int
	for i, p := range d.Places {
		if p == 1 {
			leaders = append(leaders, i)
		}
	}
	l := seats[leaders[0]]
	short := sfNeed(l) - l.Sites
	if d.Tie {
		tied := make([]string, len(leaders))
		for k, i := range leaders {
			tied[k] = names[i]
		}
		return i18n.FN("Tie on time-out: %[2]s — each %[1]d sites short of victory with %[3]d game points", short, short, strings.Join(tied, ", "), l.GamePoints)
	}
	text := i18n.FN("Winner on time-out: %[2]s — %[1]d sites of %[3]d", l.Sites, l.Sites, names[leaders[0]], sfNeed(l))
	if d.Decided != clock.DecidedGamePoints {
		return text
	}
	// The best of the others equally close to victory.
	next, first := 0, true
	for i, seat := range seats {
		if i != leaders[0] && sfNeed(seat)-seat.Sites == short && (first || seat.GamePoints > next) {
			next, first = seat.GamePoints, false
		}
	}
	return joined{text, i18n.F(", ahead on game points %d to %d", l.GamePoints, next)}
}

// ShadowfistGamePoints reads a seat's game points as typed: one number is
// the points; two to seven numbers ("2 1 3", "2/1/3") are the counts of
// rule 5.3's items in order, seized, burned, played, …, valued by the
// event's settings (S7), and returned too so that the result keeps them.
// Blank is 0. who names the seat in a refusal.
func ShadowfistGamePoints(set event.Settings, who any, text string) (int, map[string]int, error) {
	points, counts, err := typedSites(text,
		func(n, most int) error {
			return event.Invalidf("%s: %q has %d numbers; type game points, or up to %d counts (seized burned played …)", who, text, n, most)
		},
		func(field string) error {
			return event.Invalidf("%s: %q is not a number; type game points, or sites as \"seized burned played\"", who, field)
		})
	if err != nil || counts == nil {
		return points, nil, err
	}
	for _, n := range counts {
		if n < 0 || n > sfMaxSites {
			return 0, nil, event.Invalidf("%s: %d is not a possible count of sites; a count is 0 to %d", who, n, sfMaxSites)
		}
	}
	stats := siteStats(counts)
	return scoring.CountGamePoints(set.GamePointValues(), stats), stats, nil
}

// sfSaved returns each seat's sites, sites to win and game points as the
// form types them back, from a result the form recorded, for a
// correction; nil when r is not one.
func sfSaved(r *event.Result, seats int) [][3]string {
	if r == nil || !r.TimeOut || len(r.Seats) != seats {
		return nil
	}
	for _, st := range r.Seats {
		if len(st.Games) == 0 {
			return nil
		}
		if _, ok := st.Games[len(st.Games)-1].Stats[StatSites]; !ok {
			return nil
		}
	}
	out := make([][3]string, seats)
	for i, st := range r.Seats {
		stats := st.Games[len(st.Games)-1].Stats
		points := strconv.Itoa(st.Points)
		if scoring.Counted(st) {
			points = SiteCounts(stats)
		}
		out[i] = [3]string{strconv.Itoa(stats[StatSites]), strconv.Itoa(stats[StatSitesToWin]), points}
	}
	return out
}
