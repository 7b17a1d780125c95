package rounds

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/core/rules"
	"tablekeeper/core/scoring"
)

// This file holds the words and the arithmetic of multiplayer results
// (tables of three to five seats: Heresy, Shadowfist, placement formats),
// apart from the widgets that show them.

// Multiplayer reports whether a round is played at multiplayer tables:
// the event seats more than two a table, or a table of the round does. A
// team event's tables of four are not: they are two-player matches between
// teams (see Teams).
func Multiplayer(sh director.Sheet) bool {
	if Teams(sh) {
		return false
	}
	seats := 0
	for _, t := range sh.Tables {
		seats = max(seats, len(t.Players))
	}
	return rules.MultiplayerResult(sh.Event.Settings, seats)
}

// ValueName is the heading of the number the result panel asks of each
// seat: Heresy's Tau stored (H5), Shadowfist's game points (S7), or the
// optional points of a placement format.
func ValueName(s event.Settings) string {
	switch s.Scoring {
	case event.ScoringHeresy:
		return "Tau stored"
	case event.ScoringShadowfist:
		return "Game pts or sites"
	}
	return "Points"
}

// ScoreName is the heading of what the result panel previews for each
// seat: Heresy's score, which is its match points, or the match points.
func ScoreName(s event.Settings) string {
	if s.Scoring == event.ScoringHeresy {
		return "Score"
	}
	return "Match pts"
}

// ResultName is the heading of the result column of the round's tables.
func ResultName(s event.Settings) string {
	switch s.Scoring {
	case event.ScoringHeresy:
		return "Score"
	case event.ScoringShadowfist:
		return "Game pts"
	}
	return "Result"
}

// MultiHint is the line under the Table field of a multiplayer round.
func MultiHint(s event.Settings) string {
	keys := " In the panel Tab moves, Enter saves, Esc cancels; a click on a table opens it too."
	switch s.Scoring {
	case event.ScoringHeresy:
		return fmt.Sprintf("Type a table number and press Enter, then each seat's Tau stored and the winner's seat number: "+
			"the winner scores %d, the others their Tau (at most %d). At time nobody wins: leave Winner blank and tick Time-out (Tau + %d).",
			s.WinScore, s.TauGoal, s.TimeOutBonus) + keys
	case event.ScoringShadowfist:
		return "Type a table number and press Enter, then each seat's game points, or its sites as \"seized burned played\" " +
			"(\"2 1 3\"; rule 5.3's other items may follow), and the winner's seat number " +
			"(\"2 3\" for two winners in one scene, \"2u\" for a win by other means). At time tick Time-out and type the player(s) in the lead." + keys
	}
	return "Type a table number and press Enter, then the winner's seat number (points are optional). " +
		"At time tick Time-out and type the player(s) in the lead." + keys
}

// WinnerHint is the help under the result panel's Winner field.
func WinnerHint(s event.Settings) string {
	keys := " Tab moves · Enter saves · Esc cancels."
	switch s.Scoring {
	case event.ScoringHeresy:
		return "Winner: the seat number. At time nobody wins: leave it blank and tick Time-out (or type t)." + keys
	case event.ScoringShadowfist:
		return "Winner: the seat number, \"2 3\" for two winners in one scene, \"2u\" for a win by other means (5.7: sites short of five count as played). " +
			"At time tick Time-out (or type t) and type the player(s) in the lead." + keys
	}
	return "Winner: the seat number. At time tick Time-out (or type t) and type the player(s) in the lead." + keys
}

// MultiInput is what the result panel holds: one value per seat as typed
// (see ValueName), the Winner field and the Time-out box. A Shadowfist
// value is game points ("12") or the counts of rule 5.3, seized, burned,
// played and the items after them ("2 1 3"); a Shadowfist winner may be
// marked "u", a win by other means than the last site (5.7).
type MultiInput struct {
	Values  []string
	Winners string
	TimeOut bool
}

// ParseWinners reads the Winner field: seat numbers from 1 to seats,
// separated by spaces or commas ("2", "2 3", "2,3"), in increasing order
// without repeats. Blank is no winner.
func ParseWinners(text string, seats int) ([]int, error) {
	winners, _, err := parseWinners(text, seats)
	return winners, err
}

// parseWinners reads the Winner field as ParseWinners does, and also the
// seats marked "u" for an unconventional win ("2u").
func parseWinners(text string, seats int) (winners, unconventional []int, err error) {
	var out []int
	for _, f := range strings.FieldsFunc(text, isWinnerSeparator) {
		u := false
		if t := strings.TrimRight(f, "uU"); t != f && t != "" {
			f, u = t, true
		}
		n, err := strconv.Atoi(f)
		if err != nil {
			return nil, nil, event.Invalidf("%q is not a seat number; type the winner's seat, 1 to %d", f, seats)
		}
		if n < 1 || n > seats {
			return nil, nil, event.Invalidf("there is no seat %d at this table; type a seat from 1 to %d", n, seats)
		}
		if !slices.Contains(out, n) {
			out = append(out, n)
		}
		if u && !slices.Contains(unconventional, n) {
			unconventional = append(unconventional, n)
		}
	}
	slices.Sort(out)
	return out, unconventional, nil
}

func isWinnerSeparator(r rune) bool {
	switch r {
	case ' ', '\t', ',', ';', '+', '&', '/':
		return true
	}
	return false
}

// winnerRunes are the characters the Winner field accepts: a Shadowfist
// winner may be marked "u" (5.7).
func winnerRunes(s event.Settings) string {
	if s.Scoring == event.ScoringShadowfist {
		return "0123456789 ,;+&/uU"
	}
	return "0123456789 ,;+&/"
}

// valueRunes are the characters a seat's value accepts: Shadowfist game
// points can be negative, or counts of sites (S7).
func valueRunes(s event.Settings) string {
	if s.Scoring == event.ScoringShadowfist {
		return "-0123456789 /"
	}
	return "0123456789"
}

// parseSites reads a Shadowfist seat's value: one number is its game
// points; two to seven numbers ("2 1 3", "2/1/3") are the counts of rule
// 5.3's items in order, seized, burned, played, … (S7).
func parseSites(seat int, text string) (points int, stats map[string]int, err error) {
	fields := strings.FieldsFunc(text, func(r rune) bool { return r == ' ' || r == '/' })
	items := scoring.SiteItems()
	if len(fields) > len(items) {
		return 0, nil, event.Invalidf("seat %d: %q has %d numbers; type game points, or up to %d counts (seized burned played …)", seat, text, len(fields), len(items))
	}
	nums := make([]int, len(fields))
	for i, f := range fields {
		if nums[i], err = strconv.Atoi(f); err != nil {
			return 0, nil, event.Invalidf("seat %d: %q is not a number; type game points, or sites as \"seized burned played\"", seat, f)
		}
	}
	switch len(nums) {
	case 0:
		return 0, nil, nil
	case 1:
		return nums[0], nil, nil
	}
	stats = map[string]int{}
	for i, n := range nums {
		stats[items[i]] = n
	}
	return 0, stats, nil
}

// BuildResult turns the panel's input into the result the director
// checks: the winners (or, at time, the players in the lead) in Place 1,
// each seat's value as Heresy's Tau (the last game's "tau") or as the
// seat's Points. A blank value is 0. Whether the result is possible (one
// Heresy winner, nobody winning at time) is for the director to say.
func BuildResult(s event.Settings, in MultiInput) (event.Result, error) {
	seats := len(in.Values)
	winners, unconventional, err := parseWinners(in.Winners, seats)
	if err != nil {
		return event.Result{}, err
	}
	r := event.Result{TimeOut: in.TimeOut, Seats: make([]event.SeatResult, seats)}
	for i, text := range in.Values {
		text = strings.TrimSpace(text)
		if s.Scoring == event.ScoringShadowfist {
			st := &r.Seats[i]
			var stats map[string]int
			if st.Points, stats, err = parseSites(i+1, text); err != nil {
				return event.Result{}, err
			}
			if slices.Contains(unconventional, i+1) {
				if stats == nil {
					stats = map[string]int{}
				}
				stats[scoring.UnconventionalStat] = 1
			}
			if stats != nil {
				st.Games = []event.GameDetail{{Stats: stats}}
			}
			if slices.Contains(winners, i+1) {
				st.Place = 1
			}
			continue
		}
		v := 0
		if text != "" {
			if v, err = strconv.Atoi(text); err != nil {
				return event.Result{}, event.Invalidf("seat %d: %q is not a number of %s", i+1, text, strings.ToLower(ValueName(s)))
			}
		}
		st := &r.Seats[i]
		if slices.Contains(winners, i+1) {
			st.Place = 1
		}
		if s.Scoring == event.ScoringHeresy {
			st.Games = []event.GameDetail{{Stats: map[string]int{scoring.TauStat: v}}}
		} else {
			st.Points = v
		}
	}
	return r, nil
}

// Preview returns what each seat of r would score, as text: the match
// points the format gives (Heresy's score) once the result is possible.
// A Heresy result that is not possible yet (no winner typed) still shows
// each seat's score by rule H5, so the scorekeeper sees a Tau above the
// goal count as the goal; other formats show "—" until it is possible.
func Preview(s event.Settings, r event.Result) []string {
	out := make([]string, len(r.Seats))
	c := r
	c.Seats = slices.Clone(r.Seats)
	if err := scoring.Check(s, &c); err == nil {
		for i := range c.Seats {
			out[i] = strconv.Itoa(scoring.MatchPoints(s, c, i))
		}
		return out
	}
	for i, st := range r.Seats {
		if s.Scoring != event.ScoringHeresy {
			out[i] = "—"
			continue
		}
		tau := min(max(scoring.Tau(st), 0), s.TauGoal)
		switch {
		case r.TimeOut:
			out[i] = strconv.Itoa(tau + s.TimeOutBonus)
		case st.Place == 1:
			out[i] = strconv.Itoa(s.WinScore)
		default:
			out[i] = strconv.Itoa(tau)
		}
	}
	return out
}

// SeatScore is seat i's part of a saved multiplayer result as the round
// shows it: Heresy's score, Shadowfist's game points, a placement
// format's points when the table gave any (blank otherwise).
func SeatScore(s event.Settings, r event.Result, i int) string {
	if s.Scoring == event.ScoringPlacement {
		given := false
		for _, st := range r.Seats {
			given = given || st.Points != 0
		}
		if !given {
			return ""
		}
	}
	return strconv.Itoa(r.Seats[i].Points)
}

// SeatMark says how seat i finished: "won", "lead" (ahead when time ran
// out) or nothing.
func SeatMark(r event.Result, i int) string {
	switch {
	case r.Seats[i].Place != 1:
		return ""
	case r.TimeOut:
		return "lead"
	}
	return "won"
}

// MultiResultText is a multiplayer result in one line, seat by seat:
// "Ada 5 · Bob 14 (won) · Cy 9", "… · time-out" when time ran out.
func MultiResultText(players []director.SheetPlayer, s event.Settings, r event.Result) string {
	parts := make([]string, 0, len(r.Seats)+1)
	for i := range r.Seats {
		name := fmt.Sprintf("seat %d", i+1)
		if i < len(players) {
			name = players[i].Name
		}
		part := name
		if score := SeatScore(s, r, i); score != "" {
			part += " " + score
		}
		if mark := SeatMark(r, i); mark != "" {
			part += " (" + mark + ")"
		}
		parts = append(parts, part)
	}
	if r.TimeOut {
		parts = append(parts, "time-out")
	}
	return strings.Join(parts, " · ")
}

// MultiSaved is the status line after a multiplayer result is saved:
// "Table 3 saved: Ada 5 · Bob 14 (won) · Cy 9", or "Table 3 corrected: …
// (was …)" when it replaced one. The result given is the one the director
// saved, scores filled in.
func MultiSaved(t director.SheetTable, s event.Settings, res event.Result) string {
	text := MultiResultText(t.Players, s, res)
	if t.Result != nil {
		return fmt.Sprintf("Table %d corrected: %s (was %s)", t.Number, text, MultiResultText(t.Players, s, *t.Result))
	}
	return fmt.Sprintf("Table %d saved: %s", t.Number, text)
}

// Prefill returns the panel's input for a table's saved result, so that a
// correction starts from what was entered; an empty input for seats
// seats without one.
func Prefill(s event.Settings, r *event.Result, seats int) MultiInput {
	in := MultiInput{Values: make([]string, seats)}
	if r == nil || len(r.Seats) != seats {
		return in
	}
	in.TimeOut = r.TimeOut
	var winners []string
	anyPoints := false
	for _, st := range r.Seats {
		anyPoints = anyPoints || st.Points != 0
	}
	for i, st := range r.Seats {
		switch {
		case s.Scoring == event.ScoringHeresy:
			in.Values[i] = strconv.Itoa(scoring.Tau(st))
		case s.Scoring == event.ScoringShadowfist && scoring.Counted(st):
			in.Values[i] = siteCounts(st)
		case s.Scoring == event.ScoringShadowfist || anyPoints:
			in.Values[i] = strconv.Itoa(st.Points)
		}
		if st.Place == 1 {
			w := strconv.Itoa(i + 1)
			if scoring.Unconventional(st) {
				w += "u"
			}
			winners = append(winners, w)
		}
	}
	in.Winners = strings.Join(winners, " ")
	return in
}

// siteCounts writes a seat's counts of rule 5.3 as typed: "2 1 3", the
// items after played only when one of them is not zero.
func siteCounts(st event.SeatResult) string {
	stats := st.Games[len(st.Games)-1].Stats
	items := scoring.SiteItems()
	last := 2
	for i := len(items) - 1; i > 2; i-- {
		if stats[items[i]] != 0 {
			last = i
			break
		}
	}
	parts := make([]string, last+1)
	for i := range parts {
		parts[i] = strconv.Itoa(stats[items[i]])
	}
	return strings.Join(parts, " ")
}

// scored returns res with the scores the director fills in (Heresy's
// Points), for the status line; res itself if the check fails.
func scored(s event.Settings, res event.Result) event.Result {
	c := res
	c.Seats = slices.Clone(res.Seats)
	if scoring.Check(s, &c) != nil {
		return res
	}
	return c
}
