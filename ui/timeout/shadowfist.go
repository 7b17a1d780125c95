package timeout

import (
	"slices"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/core/clock"
	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/core/rules"
	"tablekeeper/core/scoring"
	"tablekeeper/ui/internal/columns"
	"tablekeeper/ui/internal/tr"
)

// maxSites bounds the Feng Shui Sites a player controls, as the decider
// does (clock.ShadowfistAtTime); maxSitesToWin the sites needed to win.
const (
	maxSites      = 30
	maxSitesToWin = 10
)

// sfSeat is one seat's row of the Shadowfist form.
type sfSeat struct {
	sites, need, points *numberEntry
	place, match        *widget.Label
}

// shadowfistForm places a Shadowfist table at time by S8 (rule 5.5): the
// player closest to victory wins on time-out, game points decide between
// players equally close, and players equal on both tie.
type shadowfistForm struct {
	set   event.Settings
	names []string
	seats []*sfSeat
	// multi: the table's result is a multiplayer one, placed by seat (a
	// game of Who's the Big Man Now? too, rules.MultiplayerResult); a
	// two-seat match of Double Elimination + Final records a match
	// instead: the winner on time-out one game to none, a tie one game
	// drawn.
	multi bool
}

func newShadowfistForm(f *form, set event.Settings, t director.SheetTable) *shadowfistForm {
	s := &shadowfistForm{set: set, multi: rules.MultiplayerResult(set, len(t.Players))}
	for _, p := range t.Players {
		st := &sfSeat{
			sites:  newNumberEntry("0", digits),
			need:   newNumberEntry(strconv.Itoa(clock.ShadowfistSitesToWin), digits),
			points: newNumberEntry("0", "-0123456789 /"),
			place:  &widget.Label{Alignment: fyne.TextAlignTrailing},
			match:  &widget.Label{Alignment: fyne.TextAlignTrailing},
		}
		st.need.SetText(strconv.Itoa(clock.ShadowfistSitesToWin))
		for _, e := range []*numberEntry{st.sites, st.need, st.points} {
			f.wire(&e.keys)
			e.OnChanged = func(string) { f.changed() }
		}
		s.names = append(s.names, p.Name)
		s.seats = append(s.seats, st)
	}
	s.prefill(t.Result)
	return s
}

func (s *shadowfistForm) rule() string {
	score := tr.F("The winner on time-out scores %d match points, players tied for the lead %d each.", s.set.Points.WinAtTime(), s.set.Points.Draw)
	if !s.multi {
		score = tr.L("The winner on time-out takes the match; a tie is a drawn game.")
	}
	return tr.L("S8 (rule 5.5) · When the attack in progress ends with nobody winning, count each player's Feng Shui Sites, the sites they need to win (5 unless cards change it) and their game points, or their sites seized, burned and played (\"2 1 3\"). The player closest to victory wins on time-out; among players equally close, game points decide; equal on both, they tie.") + " " + score
}

func (s *shadowfistForm) content() fyne.CanvasObject {
	cols := columns.New(
		columns.Col{Width: 52},
		columns.Col{Width: 142, Grow: 1},
		columns.Col{Width: 60},
		columns.Col{Width: 68},
		columns.Col{Width: 156},
		columns.Col{Width: 56},
		columns.Col{Width: 88},
	)
	rows := []fyne.CanvasObject{cols.Row(header(tr.L("Seat"), fyne.TextAlignTrailing), header(tr.L("Player"), fyne.TextAlignLeading),
		header(tr.L("Sites"), fyne.TextAlignLeading), header(tr.L("To win"), fyne.TextAlignLeading), header(tr.L("Game pts or counts"), fyne.TextAlignLeading),
		header(tr.L("Place"), fyne.TextAlignTrailing), header(tr.L("Match pts"), fyne.TextAlignTrailing))}
	for i, st := range s.seats {
		rows = append(rows, cols.Row(
			&widget.Label{Text: strconv.Itoa(i + 1), Alignment: fyne.TextAlignTrailing, TextStyle: fyne.TextStyle{Bold: true}},
			nameCell(s.names[i]), st.sites, st.need, st.points, st.place, st.match))
	}
	return container.NewVBox(rows...)
}

func (s *shadowfistForm) first() fyne.Focusable { return s.seats[0].sites }

func (s *shadowfistForm) blank() bool {
	for _, st := range s.seats {
		need := strings.TrimSpace(st.need.Text)
		if strings.TrimSpace(st.sites.Text) != "" || strings.TrimSpace(st.points.Text) != "" ||
			need != "" && need != strconv.Itoa(clock.ShadowfistSitesToWin) {
			return false
		}
	}
	return true
}

// update clears the previews; decide fills them when the table is placed.
func (s *shadowfistForm) update() {
	for _, st := range s.seats {
		st.place.TextStyle.Bold = false
		st.place.SetText("")
		st.match.SetText("")
	}
}

func (s *shadowfistForm) decide() (outcome, error) {
	seats := make([]clock.ShadowfistSeat, len(s.seats))
	points := make([]int, len(s.seats))
	stats := make([]map[string]int, len(s.seats))
	for i, st := range s.seats {
		who := tr.F("seat %d (%s)", i+1, s.names[i])
		var err error
		if seats[i].Sites, err = count(st.sites.Text, who, tr.L("Feng Shui Sites"), maxSites); err != nil {
			return outcome{}, err
		}
		if seats[i].SitesToWin, err = count(st.need.Text, who, tr.L("sites needed to win"), maxSitesToWin); err != nil {
			return outcome{}, err
		}
		if points[i], stats[i], err = gamePoints(s.set, who, st.points.Text); err != nil {
			return outcome{}, err
		}
		seats[i].GamePoints = points[i]
	}
	d, err := clock.ShadowfistAtTime(seats)
	if err != nil {
		return outcome{}, err
	}
	res := s.result(seats, points, stats, d)
	s.preview(res, d)
	return outcome{headline: s.headline(seats, d), detail: d.Explanation.In(tr.Lang()), result: res}, nil
}

// result is what the table records: every seat's game points and place,
// the time-out; a two-player match also its games won or drawn.
func (s *shadowfistForm) result(seats []clock.ShadowfistSeat, points []int, counts []map[string]int, d clock.ShadowfistTimeOut) event.Result {
	res := event.Result{TimeOut: true, Seats: make([]event.SeatResult, len(seats))}
	for i, seat := range seats {
		stats := map[string]int{StatSites: seat.Sites, StatSitesToWin: need(seat)}
		for k, v := range counts[i] {
			stats[k] = v
		}
		res.Seats[i] = event.SeatResult{Place: d.Places[i], Points: points[i], Games: []event.GameDetail{{Won: d.Places[i] == 1 && !d.Tie, Stats: stats}}}
		if !s.multi && !d.Tie && d.Places[i] == 1 {
			res.Seats[i].GamesWon = 1
		}
	}
	if !s.multi && d.Tie {
		res.GamesDrawn = 1
	}
	return res
}

func need(seat clock.ShadowfistSeat) int {
	if seat.SitesToWin == 0 {
		return clock.ShadowfistSitesToWin
	}
	return seat.SitesToWin
}

// preview shows each seat's place and the match points it takes.
func (s *shadowfistForm) preview(res event.Result, d clock.ShadowfistTimeOut) {
	checked := res
	checked.Seats = slices.Clone(res.Seats)
	valid := !s.multi || scoring.Check(s.set, &checked) == nil
	for i, st := range s.seats {
		st.place.TextStyle.Bold = d.Places[i] == 1
		st.place.SetText(ordinal(d.Places[i]))
		switch {
		case !valid:
			st.match.SetText("—")
		case s.multi:
			st.match.SetText(strconv.Itoa(scoring.MatchPoints(s.set, checked, i)))
		case d.Tie:
			st.match.SetText(strconv.Itoa(s.set.Points.Draw))
		case d.Places[i] == 1:
			st.match.SetText(strconv.Itoa(s.set.Points.Win))
		default:
			st.match.SetText(strconv.Itoa(s.set.Points.Loss))
		}
	}
}

// headline names the winner on time-out, or the players who tie, with
// what decided: "Winner on time-out: Ada — 4 sites of 5".
func (s *shadowfistForm) headline(seats []clock.ShadowfistSeat, d clock.ShadowfistTimeOut) string {
	var leaders []int
	for i, p := range d.Places {
		if p == 1 {
			leaders = append(leaders, i)
		}
	}
	l := seats[leaders[0]]
	if d.Tie {
		names := make([]string, len(leaders))
		for k, i := range leaders {
			names[k] = s.names[i]
		}
		return tr.N("Tie on time-out: %[2]s — each %[1]d sites short of victory with %[3]d game points",
			need(l)-l.Sites, need(l)-l.Sites, strings.Join(names, ", "), l.GamePoints)
	}
	text := tr.N("Winner on time-out: %[2]s — %[1]d sites of %[3]d", l.Sites, l.Sites, s.names[leaders[0]], need(l))
	if d.Decided == clock.DecidedGamePoints {
		// The best of the others equally close to victory.
		next := 0
		first := true
		for i, seat := range seats {
			if i != leaders[0] && need(seat)-seat.Sites == need(l)-l.Sites && (first || seat.GamePoints > next) {
				next, first = seat.GamePoints, false
			}
		}
		text += tr.F(", ahead on game points %d to %d", l.GamePoints, next)
	}
	return text
}

// gamePoints reads a seat's game points: one number is the points; two to
// seven numbers ("2 1 3", "2/1/3") are the counts of rule 5.3's items in
// order, seized, burned, played, …, valued by the event's settings (S7),
// and returned too so that the result keeps them. Blank is 0.
func gamePoints(set event.Settings, who, text string) (int, map[string]int, error) {
	fields := strings.FieldsFunc(text, func(r rune) bool { return r == ' ' || r == '/' })
	items := scoring.SiteItems()
	if len(fields) > len(items) {
		return 0, nil, event.Invalidf("%s: %q has %d numbers; type game points, or up to %d counts (seized burned played …)", who, text, len(fields), len(items))
	}
	nums := make([]int, len(fields))
	for i, f := range fields {
		n, err := strconv.Atoi(f)
		if err != nil {
			return 0, nil, event.Invalidf("%s: %q is not a number; type game points, or sites as \"seized burned played\"", who, f)
		}
		nums[i] = n
	}
	switch len(nums) {
	case 0:
		return 0, nil, nil
	case 1:
		return nums[0], nil, nil
	}
	stats := map[string]int{}
	for i, n := range nums {
		if n < 0 || n > maxSites {
			return 0, nil, event.Invalidf("%s: %d is not a possible count of sites; a count is 0 to %d", who, n, maxSites)
		}
		stats[items[i]] = n
	}
	return scoring.CountGamePoints(set.GamePointValues(), stats), stats, nil
}

// prefill fills the form from a result this form recorded, for a
// correction.
func (s *shadowfistForm) prefill(r *event.Result) {
	if r == nil || !r.TimeOut || len(r.Seats) != len(s.seats) {
		return
	}
	for _, st := range r.Seats {
		if len(st.Games) == 0 {
			return
		}
		if _, ok := st.Games[len(st.Games)-1].Stats[StatSites]; !ok {
			return
		}
	}
	for i, st := range r.Seats {
		stats := st.Games[len(st.Games)-1].Stats
		row := s.seats[i]
		row.sites.SetText(strconv.Itoa(stats[StatSites]))
		row.need.SetText(strconv.Itoa(stats[StatSitesToWin]))
		if scoring.Counted(st) {
			row.points.SetText(rules.SiteCounts(stats))
		} else {
			row.points.SetText(strconv.Itoa(st.Points))
		}
	}
}

// ordinal writes a place: 1st, 2nd, 3rd, 4th, 5th.
func ordinal(n int) string {
	switch n {
	case 1:
		return tr.L("1st")
	case 2:
		return tr.L("2nd")
	case 3:
		return tr.L("3rd")
	}
	return tr.F("%dth", n)
}
