package web

import (
	"strings"
	"time"

	coreclock "tablekeeper/core/clock"
	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/core/i18n"
	"tablekeeper/core/rules"
	"tablekeeper/core/standings"
	"tablekeeper/ui/internal/labels"
)

// This file holds the JSON the API answers, built from a director.Board.
// Field names are the API's (documented in docs/network/api.md): lower case with
// underscores, times in milliseconds, every text already in the words the
// screens use.

// eventJSON is an event in the event list.
type eventJSON struct {
	ID      int64  `json:"id"`
	Name    string `json:"name"`
	Game    string `json:"game"`
	Date    string `json:"date"`
	State   string `json:"state"`
	Players int    `json:"players"`
	Round   int    `json:"round"`
	// Status says where the event stands in a few words: "round 3, 24
	// players", "registration, 12 players", "finished".
	Status string `json:"status"`
}

// statusOf says where an event stands in a few words, in l.
func (e eventJSON) statusOf(l i18n.Lang) string {
	switch {
	case e.State == string(event.StateFinished):
		return i18n.T(l, "finished")
	case e.Round > 0:
		return i18n.N(l, "round %[1]d, %[2]d players", e.Players, e.Round, e.Players)
	}
	return i18n.N(l, "registration, %d players", e.Players, e.Players)
}

// eventsJSON is GET /api/events.
type eventsJSON struct {
	Events []eventJSON `json:"events"`
}

func eventsOf(l i18n.Lang, list []director.EventSummary) eventsJSON {
	out := eventsJSON{Events: []eventJSON{}}
	for _, e := range list {
		ej := eventJSON{ID: int64(e.ID), Name: e.Name, Game: rules.DescribeText(e.Game, e.Format).In(l),
			Date: e.Date.Format(time.DateOnly), State: string(e.State), Players: e.Players, Round: e.Round}
		ej.Status = ej.statusOf(l)
		out.Events = append(out.Events, ej)
	}
	return out
}

// roundJSON is a round's head.
type roundJSON struct {
	Number    int    `json:"number"`
	Label     string `json:"label"`
	Stage     string `json:"stage"`
	Published bool   `json:"published"`
}

func roundOf(l i18n.Lang, r event.Round) roundJSON {
	return roundJSON{Number: r.Number, Label: roundLabel(l, r), Stage: string(r.Stage), Published: r.Published()}
}

// eventDetailJSON is GET /api/events/{id}: the event and where it stands.
type eventDetailJSON struct {
	eventJSON
	Structure string `json:"structure"`
	Teams     bool   `json:"teams"`
	// Current is the latest published round (0 before one).
	Current int `json:"current"`
	// Draft: the latest round is paired but not published yet.
	Draft bool `json:"draft"`
	// Missing counts the current round's tables still out.
	Missing int `json:"missing"`
	// Bracket: the event has elimination, playoff or final rounds.
	Bracket bool        `json:"bracket"`
	Rounds  []roundJSON `json:"rounds"`
}

func eventDetailOf(l i18n.Lang, b director.Board) eventDetailJSON {
	e, p := b.Event(), b.Progress
	out := eventDetailJSON{
		eventJSON: eventJSON{ID: int64(e.ID), Name: e.Name, Game: rules.DescribeText(e.Game, e.Format).In(l), Date: e.Date.Format(time.DateOnly),
			State: string(e.State), Players: p.Players, Round: p.Rounds},
		Structure: labels.StructureOfText(e.Settings).In(l), Teams: e.Settings.Teams(), Current: b.Current.Round.Number,
		Draft: p.Draft, Rounds: []roundJSON{},
	}
	out.Status = out.statusOf(l)
	for _, r := range b.Rounds {
		out.Rounds = append(out.Rounds, roundOf(l, r))
		out.Bracket = out.Bracket || bracketStage(r.Stage)
	}
	for _, t := range b.Current.Tables {
		if !t.Bye && t.Result == nil {
			out.Missing++
		}
	}
	return out
}

// bracketStage reports whether a round of the stage belongs on the
// bracket page.
func bracketStage(s event.Stage) bool {
	return s == event.StageElimination || s == event.StagePlayoff || s == event.StageFinal
}

// seatJSON is a player at a table.
type seatJSON struct {
	Name string `json:"name"`
	// Points are the player's match points before the round.
	Points int `json:"points"`
	// Score is the player's part of a multiplayer result ("14"), Mark
	// how they finished ("won", "lead").
	Score string `json:"score,omitempty"`
	Mark  string `json:"mark,omitempty"`
}

// teamJSON is a team at a table of a team format.
type teamJSON struct {
	Name    string   `json:"name"`
	Members []string `json:"members"`
	Points  int      `json:"points"`
}

// tableJSON is one table of a round.
type tableJSON struct {
	Number  int        `json:"number"`
	Bye     bool       `json:"bye,omitempty"`
	Players []seatJSON `json:"players"`
	Teams   []teamJSON `json:"teams,omitempty"`
	// Result is the result as the round screen shows it ("2–1", "Ada 14
	// (won) · Bob 5 · Cy 9"); null while the table is out.
	Result *string `json:"result"`
	// ExtensionMS is time added to this table alone.
	ExtensionMS int64 `json:"extension_ms,omitempty"`
}

// namePairingJSON is one line of the pairings by name.
type namePairingJSON struct {
	Name string `json:"name"`
	// Table is the table's number, 0 for a bye.
	Table     int    `json:"table"`
	Opponents string `json:"opponents"`
}

// pairingsJSON is GET /api/events/{id}/pairings.
type pairingsJSON struct {
	Event eventHeadJSON `json:"event"`
	// Round is the round shown (0 before any is published).
	Round     int    `json:"round"`
	Label     string `json:"label"`
	Stage     string `json:"stage,omitempty"`
	BestOf    int    `json:"best_of,omitempty"`
	Published []int  `json:"published_rounds"`
	// Draft is the number of a paired round not yet published (0: none).
	Draft  int               `json:"draft"`
	Tables []tableJSON       `json:"tables"`
	ByName []namePairingJSON `json:"by_name"`
}

// eventHeadJSON names the event an answer is about.
type eventHeadJSON struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
}

func headOf(e event.Event) eventHeadJSON { return eventHeadJSON{ID: int64(e.ID), Name: e.Name} }

// pairingsOf is round number of the board (0: the current round) as the
// pairings answer.
func pairingsOf(l i18n.Lang, b director.Board, number int) (pairingsJSON, error) {
	e := b.Event()
	out := pairingsJSON{Event: headOf(e), Published: []int{}, Tables: []tableJSON{}, ByName: []namePairingJSON{}}
	for _, r := range b.Rounds {
		if r.Published() {
			out.Published = append(out.Published, r.Number)
		} else {
			out.Draft = r.Number
		}
	}
	if number == 0 {
		number = b.Current.Round.Number
		if number == 0 {
			out.Label = i18n.T(l, "No pairings yet")
			return out, nil
		}
	}
	sh, err := b.Sheet(number)
	if err != nil {
		return out, err
	}
	out.Round, out.Label, out.Stage, out.BestOf = number, roundLabel(l, sh.Round), string(sh.Round.Stage), sh.Round.GamesPerMatch(e.Settings)
	for _, t := range sh.Tables {
		out.Tables = append(out.Tables, tableOf(l, e.Settings, t))
	}
	for _, p := range sh.ByName() {
		out.ByName = append(out.ByName, namePairingJSON{Name: p.Name, Table: p.Number, Opponents: p.Opponents.In(l)})
	}
	return out, nil
}

func tableOf(l i18n.Lang, s event.Settings, t director.SheetTable) tableJSON {
	out := tableJSON{Number: t.Number, Bye: t.Bye, Players: make([]seatJSON, len(t.Players)), ExtensionMS: t.Extension.Milliseconds()}
	multi := rules.MultiplayerResult(s, len(t.Seats)) && !t.Bye
	for i, p := range t.Players {
		out.Players[i] = seatJSON{Name: p.Name, Points: p.Points}
		if multi && t.Result != nil && i < len(t.Result.Seats) {
			out.Players[i].Score = rules.MultiFormFor(s).SeatScore(*t.Result, i)
			out.Players[i].Mark = i18n.T(l, rules.SeatMark(*t.Result, i))
		}
	}
	for _, tm := range t.Teams {
		tj := teamJSON{Name: tm.Name, Points: tm.Points, Members: []string{}}
		for _, m := range tm.Members {
			tj.Members = append(tj.Members, m.Name)
		}
		out.Teams = append(out.Teams, tj)
	}
	if t.Result != nil && !t.Bye {
		text := resultText(s, t).In(l)
		out.Result = &text
	}
	return out
}

// resultText is a table's result as every surface writes it
// (rules.ResultText): "2–1", "1–1–1", "2–0 (time)" for a match (a team
// match: team A first), and "Ada 14 (won) · Bob 5 · Cy 9" for a
// multiplayer table.
func resultText(s event.Settings, t director.SheetTable) i18n.Text {
	names := make([]string, len(t.Players))
	for i, p := range t.Players {
		names[i] = p.Name
	}
	return rules.ResultText(s, t.Table, names)
}

// said is a word of another package (a seat's mark, a status) said in the
// reader's language when some translation file has it as a key.
type said string

// In says the word in l.
func (w said) In(l i18n.Lang) string { return i18n.T(l, string(w)) }

// roundLabel names a round as the desktop's round selector does ("Round
// 3", "Round 5 · Top 8"), in l.
func roundLabel(l i18n.Lang, r event.Round) string {
	if labels.OwnName(r) {
		return i18n.T(l, "Round %[1]d · %[2]s", r.Number, r.Name)
	}
	return i18n.T(l, "Round %d", r.Number)
}

// tiebreakerJSON is a tiebreaker the standings show.
type tiebreakerJSON struct {
	Key     string `json:"key"`
	Title   string `json:"title"`
	Meaning string `json:"meaning"`
}

// standingJSON is one line of the standings.
type standingJSON struct {
	Rank   int    `json:"rank"`
	Entry  int64  `json:"entry,omitempty"`
	Name   string `json:"name"`
	Status string `json:"status"`
	// Members are a team's players ("Ada & Bob").
	Members  string `json:"members,omitempty"`
	Points   int    `json:"points"`
	Deducted int    `json:"deducted,omitempty"`
	Record   string `json:"record"`
	Matches  int    `json:"matches"`
	// Tiebreakers are the values of the event's tiebreakers, by key, as
	// the Standings tab writes them.
	Tiebreakers map[string]string `json:"tiebreakers"`
	// Drawn: the row's order among those sharing its rank was drawn
	// (standings.Standing.Drawn); the page marks its rank and shows
	// standingsJSON.DrawNote.
	Drawn bool `json:"drawn,omitempty"`
}

// standingsJSON is GET /api/events/{id}/standings.
type standingsJSON struct {
	Event eventHeadJSON `json:"event"`
	// Title says what the rows count, in the page's language: the
	// director's Basis.Title, the words the window and the paper show.
	Title string `json:"title"`
	// AfterRound is the last round with every result in (0 before);
	// Playing is the round under way whose results count as they come
	// (0 when none is). Both come from the same Basis as Title.
	AfterRound int  `json:"after_round"`
	Playing    int  `json:"playing"`
	Final      bool `json:"final"`
	Teams      bool `json:"teams"`
	// Tiebreakers are the columns after points and record, in the
	// event's order.
	Tiebreakers []tiebreakerJSON `json:"tiebreakers"`
	Rows        []standingJSON   `json:"rows"`
	// DrawNote says how the ties of drawn rows were broken, in the
	// page's language; empty when no row is drawn.
	DrawNote string `json:"draw_note,omitempty"`
}

func standingsOf(l i18n.Lang, b director.Board) standingsJSON {
	e := b.Event()
	keys := rules.ShownTiebreakers(e.Settings.Tiebreakers)
	out := standingsJSON{Event: headOf(e), Title: b.Basis.Title().In(l), Final: b.Basis.Final, Teams: e.Settings.Teams(),
		Tiebreakers: []tiebreakerJSON{}, Rows: []standingJSON{}}
	switch {
	case b.Basis.InProgress():
		out.AfterRound, out.Playing = b.Basis.Round-1, b.Basis.Round
	case b.Basis.Complete():
		out.AfterRound = b.Basis.Round
	}
	for _, k := range keys {
		title, meaning := rules.TiebreakerName(k)
		out.Tiebreakers = append(out.Tiebreakers, tiebreakerJSON{Key: k, Title: i18n.T(l, title), Meaning: i18n.T(l, meaning)})
	}
	if e.Settings.Teams() {
		for _, t := range b.TeamStandings {
			row := standingOf(l, t.Standing, keys)
			row.Entry = 0
			names := make([]string, len(t.Members))
			for i, m := range t.Members {
				names[i] = m.Name + statusNote(l, m.Status)
			}
			row.Members = strings.Join(names, " & ")
			out.Rows = append(out.Rows, row)
		}
		return withDrawNote(l, out)
	}
	for _, s := range b.Standings {
		out.Rows = append(out.Rows, standingOf(l, s, keys))
	}
	return withDrawNote(l, out)
}

// withDrawNote adds the note on drawn ties to standings that have one.
func withDrawNote(l i18n.Lang, out standingsJSON) standingsJSON {
	for _, r := range out.Rows {
		if r.Drawn {
			out.DrawNote = standings.DrawNote().In(l)
			break
		}
	}
	return out
}

// standingOf is one row of the standings, its tiebreakers written with
// l's decimal separator.
func standingOf(l i18n.Lang, s standings.Standing, keys []string) standingJSON {
	row := standingJSON{Rank: s.Rank, Entry: int64(s.EntryID), Name: s.Name, Status: string(s.Status), Points: s.Points, Deducted: s.Deducted,
		Record: rules.Record(s.Wins, s.Losses, s.Draws).In(l), Matches: s.Matches, Tiebreakers: map[string]string{}, Drawn: s.Drawn}
	for _, k := range keys {
		row.Tiebreakers[k] = i18n.DecimalText(l, s.TiebreakerText(k))
	}
	return row
}

// statusNote marks a player who left: " (dropped)".
func statusNote(l i18n.Lang, s event.EntryStatus) string {
	switch s {
	case event.EntryDropped:
		return i18n.T(l, " (dropped)")
	case event.EntryDisqualified:
		return i18n.T(l, " (disqualified)")
	}
	return ""
}

// clockOut is a round clock as the pages show it: its state and the time
// left when it was read (the page counts down from there by itself).
type clockOut struct {
	Round int    `json:"round"`
	Label string `json:"label"`
	Timed bool   `json:"timed"`
	// Started, Running, Paused and Expired are the clock's state.
	Started bool `json:"started"`
	Running bool `json:"running"`
	Paused  bool `json:"paused"`
	Expired bool `json:"expired"`
	// RemainingMS is the time left (negative once time is up).
	RemainingMS int64 `json:"remaining_ms"`
	// WarningMS is when the last minutes begin (the warning before time).
	WarningMS int64 `json:"warning_ms"`
	// Extensions are the tables given extra time and still playing.
	Extensions []extensionJSON `json:"extensions"`
}

// extensionJSON is a table on extension.
type extensionJSON struct {
	Table       int   `json:"table"`
	RemainingMS int64 `json:"remaining_ms"`
}

// clockJSON reads a round clock at now; ext is a table's own extension
// (0: the round's clock).
func clockJSON(l i18n.Lang, rc director.RoundClock, now time.Time, ext time.Duration) clockOut {
	r := rc.Reading(now)
	out := clockOut{Round: rc.Round, Timed: r.Timed, Started: r.Started, Running: r.Running, Paused: r.Paused,
		Expired: r.Expired, RemainingMS: r.Remaining.Milliseconds(), WarningMS: director.ClockWarning.Milliseconds(), Extensions: []extensionJSON{}}
	if rc.Round > 0 {
		out.Label = roundLabel(l, event.Round{Number: rc.Round, Name: rc.Name})
	}
	if ext > 0 && r.Timed {
		left := coreclock.TableRemaining(rc.Clock, ext, now)
		out.RemainingMS, out.Expired = left.Milliseconds(), r.Started && left <= 0
	}
	if r.Started {
		for _, t := range coreclock.OnExtension(rc.Clock, rc.Extensions, now) {
			out.Extensions = append(out.Extensions, extensionJSON{Table: t.Table, RemainingMS: t.Left.Milliseconds()})
		}
	}
	return out
}
