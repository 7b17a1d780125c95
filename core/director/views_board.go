package director

import (
	"context"
	"slices"
	"strings"

	"tablekeeper/core/clock"
	"tablekeeper/core/event"
	"tablekeeper/core/i18n"
	"tablekeeper/core/standings"
)

// This file is the store network's read of an event (issue 14): the
// players' phones, the kiosk tablet and the TV all derive their pages from
// one Board, read in one transaction, so every page of a moment agrees and
// a busy network reads the database once per change, not once per phone.

// Board is an event as the store network shows it, read in one
// transaction: where it stands, its entries, every round with its tables
// and results, and the standings after the published rounds.
type Board struct {
	// Progress is where the event stands; its Latest is the latest round
	// (a draft while its pairings are not published).
	Progress Progress
	// Entries are the event's entries in registration order, point
	// deductions applied.
	Entries []event.Entry
	// Teams are the event's teams in a team format (nil otherwise).
	Teams []event.Team
	// Rounds are every round paired, with tables and results.
	Rounds []event.Round
	// Standings are by player after the published rounds, placements of
	// a finished cut or bracket first; in a team format each player's
	// record is their team's.
	Standings []standings.Standing
	// TeamStandings rank the teams of a team format (nil otherwise).
	TeamStandings []TeamStanding
	// Basis is what Standings and TeamStandings count: its Title heads
	// them on every page.
	Basis Basis
	// Current is the sheet of the latest published round (Round.Number 0
	// before one is published): the pairings the floor plays.
	Current Sheet
	// Raffles are the event's raffles, oldest first (the TV shows the
	// last one's winners for a while).
	Raffles []event.Raffle
}

// Board reads an event's Board in one read transaction.
func (d *Views) Board(ctx context.Context, id event.EventID) (Board, error) {
	var b Board
	err := readWithRounds(ctx, d.store, id, func(tx Tx, e event.Event, entries []event.Entry, rounds []event.Round) (err error) {
		b = Board{Progress: progressOf(e, entries, rounds), Entries: entries, Rounds: rounds}
		if b.Raffles, err = tx.Raffles(id); err != nil {
			return err
		}
		if e.Settings.Teams() {
			if b.Teams, err = tx.Teams(id); err != nil {
				return err
			}
			if b.TeamStandings, err = teamStandings(tx, e, entries, rounds); err != nil {
				return err
			}
		}
		b.Standings, b.Basis = finalStandings(e, entries, rounds), basisOf(e, rounds)
		if n := b.published(); n > 0 {
			b.Current = sheetOf(e, entries, b.Teams, rounds, n)
		}
		return nil
	})
	return b, err
}

// Event is the event the board shows.
func (b Board) Event() event.Event { return b.Progress.Event }

// published is the number of the latest published round, 0 for none.
func (b Board) published() int {
	for i := len(b.Rounds) - 1; i >= 0; i-- {
		if b.Rounds[i].Published() {
			return b.Rounds[i].Number
		}
	}
	return 0
}

// Sheet returns round number as a Sheet (names, points before the
// round). A draft round's pairings may still change: asking for one is
// refused like a round that does not exist.
func (b Board) Sheet(number int) (Sheet, error) {
	e := b.Event()
	if err := pairedRound(e, number, len(b.Rounds)); err != nil {
		return Sheet{}, err
	}
	if !b.Rounds[number-1].Published() {
		return Sheet{}, event.NotFoundf("the pairings of round %d of %s are not published yet", number, e.Name)
	}
	if number == b.Current.Round.Number {
		return b.Current, nil
	}
	return sheetOf(e, b.Entries, b.Teams, b.Rounds, number), nil
}

// Clock is the clock of the latest round (zero Round before round 1),
// with its tables on extension: a draft's is its full time, not started.
func (b Board) Clock() RoundClock {
	var r event.Round
	if n := len(b.Rounds); n > 0 {
		r = b.Rounds[n-1]
	}
	return RoundClock{EventName: b.Event().Name, Round: r.Number, Name: r.Name, Clock: r.Clock, Extensions: clock.ExtensionsOf(r.Tables)}
}

// Find returns the active players (and those who played in the latest
// round) whose name contains query, case and accents folded, or whose
// member number is exactly query, as the kiosk finds them
// (KioskFindTable): at most eight, in registration order, nothing for
// fewer than MinQuery characters. Each carries its entry and, when
// the latest round is published, where the player sits in it.
func (b Board) Find(query string) []KioskSeat {
	query = strings.Join(strings.Fields(query), " ")
	if QueryTooShort(query) {
		return nil
	}
	latest := event.Round{}
	if r := b.Progress.Latest; r.Number > 0 && r.Published() {
		latest = b.Rounds[r.Number-1]
	}
	return findSeats(b.Event(), latest, b.Entries, query)
}

// PlayerView is a player's own page: where they sit now, their standing,
// and the rounds they played.
type PlayerView struct {
	Entry event.Entry
	Team  string // the player's team in a team format
	// Seat is where the player sits in the latest round, when it is
	// published (Playing false otherwise: not paired, dropped, or the
	// round is still a draft).
	Seat KioskSeat
	// Standing is the player's line of the standings; Ranked is false
	// before anyone has a result.
	Standing standings.Standing
	Ranked   bool
	// TeamStanding is the player's team's line in a team format.
	TeamStanding *TeamStanding
	// Rounds are the published rounds the player sat in, oldest first.
	Rounds []PlayerRound
}

// PlayerRound is one round a player played: the round, the table (with
// its result once in) and where the player sat at it.
type PlayerRound struct {
	Number int
	Name   i18n.Text
	Stage  event.Stage
	Table  event.Table
	// Seat is the player's seat as the kiosk shows it (table, seat from 1,
	// opponents, team-mates, bye).
	Seat KioskSeat
	// Teams: the table is a match between two teams (the result is the
	// team's, side Seat.Seat-1 mod 2).
	Teams bool
}

// Outcome is the player's outcome of a two-player or team match with a
// result: win, draw or loss; ok is false for a bye, a multiplayer table
// or a table still out.
func (pr PlayerRound) Outcome() (o event.Outcome, ok bool) {
	t := pr.Table
	if t.Bye || t.Result == nil || pr.Seat.Seat < 1 {
		return event.Loss, false
	}
	side := pr.Seat.Seat - 1
	if pr.Teams {
		t, side = event.TeamMatch(t), side%2
	}
	if len(t.Seats) != 2 || len(t.Result.Seats) != 2 {
		return event.Loss, false
	}
	return t.Result.Outcome(side), true
}

// Player returns an entry's PlayerView; ok is false for an entry of
// another event.
func (b Board) Player(entry event.EntryID) (v PlayerView, ok bool) {
	i := slices.IndexFunc(b.Entries, func(en event.Entry) bool { return en.ID == entry })
	if i < 0 {
		return PlayerView{}, false
	}
	e := b.Event()
	v.Entry = b.Entries[i]
	names := nameIndex(b.Entries)
	for _, tm := range b.Teams {
		if slices.Contains(tm.Members, entry) {
			v.Team = tm.Name
		}
	}
	for _, r := range b.Rounds {
		if !r.Published() {
			continue
		}
		for _, t := range r.Tables {
			if !slices.Contains(t.Entries(), entry) {
				continue
			}
			seat := seatOf(e, t, entry, names)
			v.Rounds = append(v.Rounds, PlayerRound{Number: r.Number, Name: r.Name, Stage: r.Stage, Table: t, Seat: seat,
				Teams: e.Settings.Teams()})
			if r.Number == b.Progress.Latest.Number {
				v.Seat = seat
			}
		}
	}
	if v.Seat.Entry == 0 {
		v.Seat = KioskSeat{Entry: entry, Name: v.Entry.Name}
	}
	for _, s := range b.Standings {
		if s.EntryID == entry {
			v.Standing, v.Ranked = s, s.Matches > 0
		}
	}
	for k := range b.TeamStandings {
		if slices.ContainsFunc(b.TeamStandings[k].Members, func(m event.Entry) bool { return m.ID == entry }) {
			v.TeamStanding = &b.TeamStandings[k]
		}
	}
	return v, true
}

// NamePairing is one player's line of the pairings by name: the player,
// where they sit and against whom, as the projector and the wall list
// show it. Its words (Table, Opponents) are Texts, said in the reader's
// language; Number, Bye and Others are the same facts for a front-end that
// lays them out itself.
type NamePairing struct {
	Name string
	// Table is "Table 12", or "BYE" for a bye.
	Table i18n.Text
	// Number is the table's number, 0 for a bye.
	Number int
	// Bye is true for a bye.
	Bye bool
	// Others are the names the player faces: the opponent (a match), the
	// others at the table in seat order (a table of four), or the other
	// team (a team match); nil for a bye.
	Others []string
	// Opponents is "vs Bob Stone" (a match), "vs Ada, Bob, Carol" (a table
	// of four) or "vs Les Zoëlles" (a team match: the other team); zero
	// for a bye.
	Opponents i18n.Text
}

// In writes the line in l as "Ada Lovelace — Table 12 — vs Bob Stone", or
// "Eve Moss — BYE".
func (p NamePairing) In(l i18n.Lang) string {
	if p.Opponents.IsZero() {
		return i18n.T(l, "%[1]s — %[2]s", p.Name, p.Table)
	}
	return i18n.T(l, "%[1]s — %[2]s — %[3]s", p.Name, p.Table, p.Opponents)
}

// String writes the line in English.
func (p NamePairing) String() string { return p.In(i18n.English) }

// Equal reports whether two lines say the same: same player, table and
// opponents.
func (p NamePairing) Equal(q NamePairing) bool {
	return p.Name == q.Name && p.Number == q.Number && p.Bye == q.Bye && slices.Equal(p.Others, q.Others)
}

// pairingLine is one player's line at a table: its words built from the
// facts.
func pairingLine(name string, number int, others []string) NamePairing {
	return NamePairing{Name: name, Table: i18n.F("Table %d", number), Number: number, Others: others,
		Opponents: i18n.F("vs %s", strings.Join(others, ", "))}
}

// ByName lists every player of the sheet's round by name, alphabetically
// ignoring case and accents ("Æmber" as "aember", "Zoë" as "zoe"): the
// list a player scans for their own name. A draft round lists nobody (its
// pairings may still change).
func (sh Sheet) ByName() []NamePairing {
	if !sh.Round.Published() {
		return nil
	}
	var out []NamePairing
	for _, t := range sh.Tables {
		switch {
		case t.Bye:
			for _, p := range t.Players {
				out = append(out, NamePairing{Name: p.Name, Table: i18n.F("BYE"), Bye: true})
			}
		case len(t.Teams) == 2:
			for k, tm := range t.Teams {
				other := t.Teams[1-k]
				for _, m := range tm.Members {
					out = append(out, pairingLine(m.Name, t.Number, []string{other.Name}))
				}
			}
		default:
			for i, p := range t.Players {
				var others []string
				for j, o := range t.Players {
					if j != i {
						others = append(others, o.Name)
					}
				}
				out = append(out, pairingLine(p.Name, t.Number, others))
			}
		}
	}
	event.SortByName(out, func(p NamePairing) string { return p.Name })
	return out
}

// ShowsWaiting says whether a projector lists the tables still waiting
// for their result ("Waiting for results:") instead of the pairings by
// name: once time is called, or once three tables in four have their
// result, so long as any table is still out. By then every player has
// found their seat, and the list tells the players still playing, and
// those waiting on them, where the round stands. out counts the tables
// without a result, tables all the round's tables but byes.
func ShowsWaiting(out, tables int, timeUp bool) bool {
	return out > 0 && (timeUp || 4*(tables-out) >= 3*tables)
}
