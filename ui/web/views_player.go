package web

import (
	"strings"
	"time"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/core/i18n"
	"tablekeeper/core/rules"
	"tablekeeper/core/standings"
)

// foundJSON is a player found by name.
type foundJSON struct {
	Entry int64  `json:"entry"`
	Name  string `json:"name"`
	// Playing: the player is in the latest round, which is published:
	// Table and Seat say where (Bye: no table).
	Playing   bool     `json:"playing"`
	Bye       bool     `json:"bye,omitempty"`
	Table     int      `json:"table,omitempty"`
	Seat      int      `json:"seat,omitempty"`
	Opponents []string `json:"opponents"`
	Teammates []string `json:"teammates,omitempty"`
}

// findJSON is GET /api/events/{id}/find?q=….
type findJSON struct {
	Query   string      `json:"query"`
	Players []foundJSON `json:"players"`
	// Message says why nothing is listed, when nothing is.
	Message string `json:"message,omitempty"`
}

func findOf(l i18n.Lang, b director.Board, q string) findJSON {
	out := findJSON{Query: q, Players: []foundJSON{}}
	for _, s := range b.Find(q) {
		out.Players = append(out.Players, foundOf(s))
	}
	switch {
	case director.QueryTooShort(q):
		out.Message = tooShortMessage(l, q)
	case len(out.Players) == 0:
		out.Message = i18n.T(l, "Nobody in %[1]s matches %[2]q. Try another part of your name, or ask the organizer.", b.Event().Name, q)
	}
	return out
}

// tooShortMessage says how many letters q needs before names show:
// empty for an empty q, which the page shows as nothing.
func tooShortMessage(l i18n.Lang, q string) string {
	if strings.TrimSpace(q) == "" {
		return ""
	}
	return i18n.T(l, "Type at least %d letters of your name.", director.MinQuery(q))
}

func foundOf(s director.KioskSeat) foundJSON {
	f := foundJSON{Entry: int64(s.Entry), Name: s.Name, Playing: s.Playing, Bye: s.Bye, Table: s.Table, Seat: s.Seat,
		Opponents: s.Opponents, Teammates: s.Teammates}
	if f.Opponents == nil {
		f.Opponents = []string{}
	}
	return f
}

// nowJSON is where a player stands in the latest round.
type nowJSON struct {
	Round int    `json:"round"`
	Label string `json:"label"`
	// State is "registration" (no round yet), "draft" (the latest round
	// is not published), "playing", "bye", "dropped", "not_paired" (not
	// in the round: see the organizer) or "finished".
	State     string   `json:"state"`
	Table     int      `json:"table,omitempty"`
	Seat      int      `json:"seat,omitempty"`
	Opponents []string `json:"opponents"`
	Teammates []string `json:"teammates,omitempty"`
	// Reported: the table's result is in.
	Reported bool `json:"reported"`
	// CheckedIn is the player's check-in before round 1.
	CheckedIn bool `json:"checked_in"`
}

// playerStandingJSON is a player's (or their team's) line of the
// standings with the tiebreakers titled.
type playerStandingJSON struct {
	Rank        int             `json:"rank"`
	Of          int             `json:"of"`
	Name        string          `json:"name"`
	Points      int             `json:"points"`
	Record      string          `json:"record"`
	Tiebreakers []tiebreakValue `json:"tiebreakers"`
	// DrawNote, when the line's order among those sharing its rank was
	// drawn, says how that tie was broken.
	DrawNote string `json:"draw_note,omitempty"`
}

// tiebreakValue is one tiebreaker's title and value.
type tiebreakValue struct {
	Key   string `json:"key"`
	Title string `json:"title"`
	Value string `json:"value"`
}

// pastJSON is a round the player played.
type pastJSON struct {
	Round     int      `json:"round"`
	Label     string   `json:"label"`
	Table     int      `json:"table"`
	Bye       bool     `json:"bye,omitempty"`
	Opponents []string `json:"opponents"`
	// Outcome is "win", "loss" or "draw" for a match with a result, ""
	// otherwise; Result says it in words ("won 2–1", "bye", "14 (won)").
	Outcome string `json:"outcome"`
	Result  string `json:"result"`
}

// playerJSON is GET /api/events/{id}/players/{entry}: a player's page.
type playerJSON struct {
	Event        eventHeadJSON       `json:"event"`
	Entry        int64               `json:"entry"`
	Name         string              `json:"name"`
	Status       string              `json:"status"`
	Team         string              `json:"team,omitempty"`
	Now          nowJSON             `json:"now"`
	Standing     *playerStandingJSON `json:"standing"`
	TeamStanding *playerStandingJSON `json:"team_standing,omitempty"`
	Rounds       []pastJSON          `json:"rounds"`
}

func playerOf(l i18n.Lang, b director.Board, v director.PlayerView) playerJSON {
	e := b.Event()
	out := playerJSON{Event: headOf(e), Entry: int64(v.Entry.ID), Name: v.Entry.Name, Status: string(v.Entry.Status), Team: v.Team,
		Now: nowOf(l, b, v), Rounds: []pastJSON{}}
	keys := rules.ShownTiebreakers(e.Settings.Tiebreakers)
	if v.Ranked {
		out.Standing = &playerStandingJSON{Rank: v.Standing.Rank, Of: len(b.Standings), Name: v.Standing.Name, Points: v.Standing.Points,
			Record: rules.Record(v.Standing.Wins, v.Standing.Losses, v.Standing.Draws).In(l), Tiebreakers: []tiebreakValue{}}
		for _, k := range keys {
			title, _ := rules.TiebreakerName(k)
			title = i18n.T(l, title)
			out.Standing.Tiebreakers = append(out.Standing.Tiebreakers, tiebreakValue{Key: k, Title: title, Value: i18n.DecimalText(l, v.Standing.TiebreakerText(k))})
		}
		if v.Standing.Drawn {
			out.Standing.DrawNote = standings.DrawNote().In(l)
		}
	}
	if ts := v.TeamStanding; ts != nil && ts.Matches > 0 {
		out.TeamStanding = &playerStandingJSON{Rank: ts.Rank, Of: len(b.TeamStandings), Name: ts.Team.Name, Points: ts.Points,
			Record: rules.Record(ts.Wins, ts.Losses, ts.Draws).In(l), Tiebreakers: []tiebreakValue{}}
		for _, k := range keys {
			title, _ := rules.TiebreakerName(k)
			title = i18n.T(l, title)
			out.TeamStanding.Tiebreakers = append(out.TeamStanding.Tiebreakers, tiebreakValue{Key: k, Title: title, Value: i18n.DecimalText(l, ts.TiebreakerText(k))})
		}
		if ts.Drawn {
			out.TeamStanding.DrawNote = standings.DrawNote().In(l)
		}
	}
	for i := len(v.Rounds) - 1; i >= 0; i-- {
		out.Rounds = append(out.Rounds, pastOf(l, e.Settings, v.Rounds[i]))
	}
	return out
}

// nowOf says where the player stands in the latest round.
func nowOf(l i18n.Lang, b director.Board, v director.PlayerView) nowJSON {
	p := b.Progress
	out := nowJSON{Round: p.Latest.Number, Opponents: []string{}, CheckedIn: v.Entry.CheckedIn}
	if p.Latest.Number > 0 {
		out.Label = roundLabel(l, p.Latest)
	}
	s := v.Seat
	switch {
	case p.Finished:
		out.State = "finished"
	case p.Latest.Number == 0:
		out.State = "registration"
	case p.Draft:
		out.State = "draft"
	case s.Playing && s.Bye:
		out.State = "bye"
	case s.Playing:
		out.State, out.Table, out.Seat, out.Opponents, out.Teammates, out.Reported = "playing", s.Table, s.Seat, s.Opponents, s.Teammates, s.Reported
		if out.Opponents == nil {
			out.Opponents = []string{}
		}
	case !v.Entry.Active():
		out.State = "dropped"
	default:
		out.State = "not_paired"
	}
	return out
}

// pastOf is a round the player played, in words.
func pastOf(l i18n.Lang, s event.Settings, pr director.PlayerRound) pastJSON {
	out := pastJSON{Round: pr.Number, Label: roundLabel(l, event.Round{Number: pr.Number, Name: pr.Name}), Table: pr.Seat.Table,
		Bye: pr.Seat.Bye, Opponents: pr.Seat.Opponents}
	if out.Opponents == nil {
		out.Opponents = []string{}
	}
	t := pr.Table
	switch {
	case t.Bye:
		out.Result = i18n.T(l, "bye")
	case t.Result == nil:
		out.Result = i18n.T(l, "no result yet")
	case rules.MultiplayerResult(s, len(t.Seats)):
		i := pr.Seat.Seat - 1
		out.Result = rules.MultiFormFor(s).SeatScore(*t.Result, i)
		if mark := rules.SeatMark(*t.Result, i); mark != "" {
			out.Result = i18n.T(l, "%[1]s (%[2]s)", out.Result, said(mark))
		}
		if t.Result.TimeOut {
			out.Result = i18n.T(l, "%s, time-out", out.Result)
		}
	default:
		if o, ok := pr.Outcome(); ok {
			out.Outcome = o.String()
			out.Result = outcomeText(l, o, pr)
		}
	}
	return out
}

// outcomeText is a match's result from the player's side: "won 2–1",
// "lost 0–2", "drew 1–1–1", with "at time" when time was called.
func outcomeText(l i18n.Lang, o event.Outcome, pr director.PlayerRound) string {
	t := pr.Table
	side := pr.Seat.Seat - 1
	if pr.Teams {
		t, side = event.TeamMatch(t), side%2
	}
	r := *t.Result
	mine, theirs := r.Seats[side].GamesWon, r.Seats[1-side].GamesWon
	score := rules.Score(mine, theirs, r.GamesDrawn)
	var text string
	switch o {
	case event.Win:
		text = i18n.T(l, "won %s", score)
	case event.Loss:
		text = i18n.T(l, "lost %s", score)
	default:
		text = i18n.T(l, "drew %s", score)
	}
	if r.TimeOut {
		text = i18n.T(l, "%s at time", text)
	}
	return text
}

// bracketSeatJSON is a player in a bracket match.
type bracketSeatJSON struct {
	Name string `json:"name"`
	Seed int    `json:"seed,omitempty"`
	// Games are the games the player won in a match with a result (null
	// otherwise); Score and Mark are a multiplayer table's.
	Games *int   `json:"games"`
	Score string `json:"score,omitempty"`
	Mark  string `json:"mark,omitempty"`
}

// matchJSON is one match (or final table) of the bracket.
type matchJSON struct {
	Table   int               `json:"table"`
	Bye     bool              `json:"bye,omitempty"`
	Players []bracketSeatJSON `json:"players"`
	Result  *string           `json:"result"`
	// Winner is the winner's place in Players, from 1; 0 while out or
	// for a draw.
	Winner int `json:"winner"`
}

// bracketRoundJSON is one round of the bracket.
type bracketRoundJSON struct {
	roundJSON
	Matches []matchJSON `json:"matches"`
}

// bracketJSON is GET /api/events/{id}/bracket: the elimination, playoff
// and final rounds paired so far, published ones only.
type bracketJSON struct {
	Event  eventHeadJSON      `json:"event"`
	Rounds []bracketRoundJSON `json:"rounds"`
}

func bracketOf(l i18n.Lang, b director.Board) bracketJSON {
	e := b.Event()
	out := bracketJSON{Event: headOf(e), Rounds: []bracketRoundJSON{}}
	seeds := map[event.EntryID]int{}
	for _, en := range b.Entries {
		seeds[en.ID] = en.Seed
	}
	for _, r := range b.Rounds {
		if !bracketStage(r.Stage) || !r.Published() {
			continue
		}
		sh, err := b.Sheet(r.Number)
		if err != nil {
			continue
		}
		br := bracketRoundJSON{roundJSON: roundOf(l, r), Matches: []matchJSON{}}
		for _, t := range sh.Tables {
			br.Matches = append(br.Matches, matchOf(l, e.Settings, t, seeds))
		}
		out.Rounds = append(out.Rounds, br)
	}
	return out
}

func matchOf(l i18n.Lang, s event.Settings, t director.SheetTable, seeds map[event.EntryID]int) matchJSON {
	tj := tableOf(l, s, t)
	m := matchJSON{Table: t.Number, Bye: t.Bye, Players: []bracketSeatJSON{}, Result: tj.Result}
	multi := rules.MultiplayerResult(s, len(t.Seats))
	for i, p := range t.Players {
		bs := bracketSeatJSON{Name: p.Name, Seed: seeds[p.Entry], Score: tj.Players[i].Score, Mark: tj.Players[i].Mark}
		if t.Result != nil && !multi && i < len(t.Result.Seats) {
			g := t.Result.Seats[i].GamesWon
			bs.Games = &g
		}
		m.Players = append(m.Players, bs)
	}
	if t.Result == nil || t.Bye {
		return m
	}
	switch {
	case multi:
		for i := range t.Result.Seats {
			if t.Result.Seats[i].Place == 1 && m.Winner == 0 {
				m.Winner = i + 1
			}
		}
	case len(t.Result.Seats) >= 2:
		switch t.Result.Outcome(0) {
		case event.Win:
			m.Winner = 1
		case event.Loss:
			m.Winner = 2
		}
	}
	return m
}

// waitingJSON is a table still waiting for its result.
type waitingJSON struct {
	Table int    `json:"table"`
	Label string `json:"label"`
}

// projectorJSON is GET /api/events/{id}/projector: what the projector
// page shows, as the desktop projector does.
type projectorJSON struct {
	Event eventHeadJSON `json:"event"`
	Round int           `json:"round"`
	Label string        `json:"label"`
	// Draft: the latest round's pairings are not published yet.
	Draft  bool              `json:"draft"`
	Clock  clockOut          `json:"clock"`
	ByName []namePairingJSON `json:"by_name"`
	// Waiting are the tables still out; Tables counts the round's tables
	// but byes. ShowsWaiting: the page lists Waiting instead of ByName
	// (director.ShowsWaiting, at the moment of the request).
	Waiting      []waitingJSON `json:"waiting"`
	Tables       int           `json:"tables"`
	ShowsWaiting bool          `json:"shows_waiting"`
	// Standings are shown once the last round is complete.
	Standings *standingsJSON `json:"standings"`
	// URL is the address the QR code holds.
	URL string `json:"url"`
	// Meeting is the player meeting's seating, while the TV shows it
	// (director.Board.ShowsMeeting): each player's name and seat by name.
	Meeting []meetingJSON `json:"meeting,omitempty"`
	// Raffle is the last raffle's winners while the TV shows them
	// (raffleShown after the draw).
	Raffle *raffleJSON `json:"raffle,omitempty"`
}

// raffleShown is how long the TV shows a raffle's winners.
const raffleShown = 2 * time.Minute

// raffleJSON is a raffle as the TV shows it: its winners, whom it was
// drawn among, and for how much longer it shows (ms).
type raffleJSON struct {
	ID      int64    `json:"id"`
	Winners []string `json:"winners"`
	Among   string   `json:"among"`
	EndsIn  int64    `json:"ends_in"`
}

// raffleOf is the last raffle of b while the TV shows it, nil otherwise.
func raffleOf(l i18n.Lang, b director.Board, now time.Time) *raffleJSON {
	r, ok := b.LatestRaffle()
	left := raffleShown - now.Sub(r.At)
	if !ok || left <= 0 || left > raffleShown {
		return nil
	}
	return &raffleJSON{ID: int64(r.ID), Winners: b.RaffleWinners(r), EndsIn: left.Milliseconds(), Among: director.RaffleAmong(r).In(l)}
}

// meetingJSON is one player's seat at the player meeting.
type meetingJSON struct {
	Name  string `json:"name"`
	Table int    `json:"table"`
	Seat  int    `json:"seat"`
}

func projectorOf(l i18n.Lang, b director.Board, now time.Time, url string) projectorJSON {
	e, p := b.Event(), b.Progress
	rc := b.Clock()
	out := projectorJSON{Event: headOf(e), Round: p.Latest.Number, Draft: p.Draft, Clock: clockJSON(l, rc, now, 0),
		ByName: []namePairingJSON{}, Waiting: []waitingJSON{}, URL: url}
	if p.Latest.Number > 0 {
		out.Label = roundLabel(l, p.Latest)
	}
	if !p.Draft && b.Current.Round.Number > 0 {
		for _, n := range b.Current.ByName() {
			out.ByName = append(out.ByName, namePairingJSON{Name: n.Name, Table: n.Number, Opponents: n.Opponents.In(l)})
		}
		for _, o := range b.Current.Outstanding() {
			out.Waiting = append(out.Waiting, waitingJSON{Table: o.Number, Label: o.Label(l)})
		}
		for _, t := range b.Current.Tables {
			if !t.Bye {
				out.Tables++
			}
		}
		out.ShowsWaiting = director.ShowsWaiting(len(out.Waiting), out.Tables, out.Clock.Expired)
	}
	out.Raffle = raffleOf(l, b, now)
	if b.ShowsMeeting() {
		for _, m := range b.Meeting() {
			out.Meeting = append(out.Meeting, meetingJSON{Name: m.Name, Table: m.Table, Seat: m.Seat})
		}
	}
	if p.Finished || (p.Done && !p.Draft && len(out.Waiting) == 0 && p.Rounds > 0) {
		st := standingsOf(l, b)
		out.Standings = &st
	}
	return out
}

// pastEventJSON is one of a player's earlier events at this store: the
// event's public facts and her line of its standings, which its
// standings page shows anyone (no opponent, nothing private of hers).
type pastEventJSON struct {
	Event int64  `json:"event"`
	Name  string `json:"name"`
	// Date is the event's day (2026-11-07); DateText says it in the
	// reader's language.
	Date     string `json:"date"`
	DateText string `json:"date_text"`
	// Kind is the game and format as the desk names them.
	Kind string `json:"kind"`
	// Teams: Rank and Of count teams, and the record is her team's.
	Teams bool `json:"teams,omitempty"`
	// Finished: the event is over; otherwise it is still running, after
	// Round (its latest published round).
	Finished bool   `json:"finished"`
	Round    int    `json:"round"`
	Rank     int    `json:"rank"`
	Of       int    `json:"of"`
	Points   int    `json:"points"`
	Record   string `json:"record"`
	// Status is "active", "dropped" or "disqualified", after round
	// DroppedAfter.
	Status       string `json:"status"`
	DroppedAfter int    `json:"dropped_after,omitempty"`
}

// historyJSON is GET /api/events/{id}/players/{entry}/history: the
// player's other events in this database, newest first.
type historyJSON struct {
	Events []pastEventJSON `json:"events"`
}

func historyOf(l i18n.Lang, past []director.PastEvent) historyJSON {
	out := historyJSON{Events: make([]pastEventJSON, 0, len(past))}
	for _, p := range past {
		out.Events = append(out.Events, pastEventJSON{Event: int64(p.Event), Name: p.Name, Date: p.Date.Format(time.DateOnly),
			DateText: i18n.Date(l, p.Date), Kind: p.Kind.In(l), Teams: p.Teams, Finished: p.Finished, Round: p.Round,
			Rank: p.Rank, Of: p.Of, Points: p.Points, Record: p.Record.In(l), Status: string(p.Status), DroppedAfter: p.DroppedAfter})
	}
	return out
}
