package director

import (
	"context"
	"strings"
	"tablekeeper/core/i18n"

	"tablekeeper/core/event"
	"tablekeeper/core/league"
	"tablekeeper/core/rules"
	"tablekeeper/core/scoring"
)

// NewLeague is what an organizer fills in to start a league.
type NewLeague struct {
	Name string
	Kind event.LeagueKind
	// Finals is a Proving Ground's finals-week size (0: none).
	Finals int
}

// CreateLeague starts a league (S13) with a fixed random draw for its
// last ties.
func (d *Leagues) CreateLeague(ctx context.Context, req NewLeague) (event.League, error) {
	l := event.League{Name: strings.TrimSpace(req.Name), Kind: req.Kind, Finals: req.Finals,
		TieSeed: uint64(d.nextSeed()), CreatedAt: d.now()} // #nosec G115 -- the seed's bits are kept as they are; any uint64 is a seed
	if err := l.Validate(); err != nil {
		return event.League{}, err
	}
	err := d.store.Write(ctx, func(tx Tx) error { return tx.CreateLeague(&l) })
	return l, err
}

// Leagues lists every league, the newest first.
func (d *Leagues) Leagues(ctx context.Context) ([]event.League, error) {
	return readIn(ctx, d.store, func(tx Tx) ([]event.League, error) { return tx.Leagues() })
}

// AddEventToLeague makes an event one of the league's events of a week.
// League weeks are Shadowfist multiplayer events (S13 is Shadowfist's);
// an event belongs to one league at most. The log of the event says so.
func (d *Leagues) AddEventToLeague(ctx context.Context, id event.LeagueID, ev event.EventID, week int) error {
	return d.store.Write(ctx, func(tx Tx) error {
		l, err := tx.League(id)
		if err != nil {
			return err
		}
		if err := l.Kind.ValidWeek(week); err != nil {
			return err
		}
		e, err := tx.Event(ev)
		if err != nil {
			return err
		}
		if !rules.LeagueEvent(e.Game, e.Settings) {
			return event.Invalidf("%s is played as %s; a league's weeks are Shadowfist multiplayer events", e.Name, rules.Describe(e.Game, e.Format))
		}
		if err := tx.AddLeagueEvent(event.LeagueEvent{LeagueID: id, EventID: ev, Week: week}); err != nil {
			return err
		}
		return d.log(tx, ev, 0, i18n.F("added to the league %s as week %d", l.Name, week))
	})
}

// LeaguePlayer is a player as a league shows them.
type LeaguePlayer struct {
	ID   event.PlayerID
	Name string
}

// LeagueStanding is a league standing with the player's name.
type LeagueStanding struct {
	league.Standing
	Name string
}

// LeagueWeekEvent is one of a league's events in its week.
type LeagueWeekEvent struct {
	Week  int
	Event event.Event
}

// LeagueTable is a league's running standings: its events by week, which
// weeks are official, and every player's line.
type LeagueTable struct {
	League    event.League
	Events    []LeagueWeekEvent
	Weeks     []league.WeekSummary
	Standings []LeagueStanding
	// Finals is who plays the finals (see LeagueFinals).
	Finals LeagueFinals
}

// LeagueFinals is who plays a league's finals, by name (league.Finals).
type LeagueFinals struct {
	// Complete: the weeks that decide the finals have been played; until
	// then the tables are as they would be if the series ended now.
	Complete bool
	// Discretion: the rules leave the finals to the organizer (a Lackey
	// League of fewer than ten players; a Proving Ground without a finals
	// week).
	Discretion bool
	Tables     []LeagueFinalsTable
}

// LeagueFinalsTable is one table of a league's finals.
type LeagueFinalsTable struct {
	Name    string
	Players []LeaguePlayer
	// Also names who joins the table once known.
	Also string
}

// LeagueStandings returns a league's standings after the results saved so
// far in its events (S13), read from each event's tables: every published
// table's result, scored by the event's format, counts as one game of the
// player in that week (byes are not games).
func (d *Leagues) LeagueStandings(ctx context.Context, id event.LeagueID) (LeagueTable, error) {
	return readIn(ctx, d.store, func(tx Tx) (LeagueTable, error) { return leagueTable(tx, id) })
}

// LeagueFinals returns who plays a league's finals: for a Lackey League
// the final (the top two) and the two semi-final tables, for a Proving
// Ground its finals week.
func (d *Leagues) LeagueFinals(ctx context.Context, id event.LeagueID) (LeagueFinals, error) {
	t, err := d.LeagueStandings(ctx, id)
	return t.Finals, err
}

func leagueTable(tx Tx, id event.LeagueID) (LeagueTable, error) {
	l, err := tx.League(id)
	if err != nil {
		return LeagueTable{}, err
	}
	out := LeagueTable{League: l}
	members, err := tx.LeagueEvents(id)
	if err != nil {
		return out, err
	}
	names := map[event.PlayerID]string{}
	var weeks []league.Week
	for _, m := range members {
		e, err := tx.Event(m.EventID)
		if err != nil {
			return out, err
		}
		out.Events = append(out.Events, LeagueWeekEvent{Week: m.Week, Event: e})
		w, err := leagueWeek(tx, e, m.Week, names)
		if err != nil {
			return out, err
		}
		weeks = append(weeks, w)
	}
	res, err := league.Compute(l, weeks)
	if err != nil {
		return out, err
	}
	out.Weeks = res.Weeks
	for _, s := range res.Standings {
		out.Standings = append(out.Standings, LeagueStanding{Standing: s, Name: names[s.Player]})
	}
	out.Finals = LeagueFinals{Complete: res.Finals.Complete, Discretion: res.Finals.Discretion}
	for _, tb := range res.Finals.Tables {
		ft := LeagueFinalsTable{Name: tb.Name, Also: tb.Also}
		for _, p := range tb.Players {
			ft.Players = append(ft.Players, LeaguePlayer{ID: p, Name: names[p]})
		}
		out.Finals.Tables = append(out.Finals.Tables, ft)
	}
	return out, nil
}

// leagueWeek collects the games of one event for its league week and
// notes the players' names.
func leagueWeek(tx Tx, e event.Event, week int, names map[event.PlayerID]string) (league.Week, error) {
	w := league.Week{Number: week, Games: map[event.PlayerID][]league.Game{}}
	entries, err := tx.Entries(e.ID)
	if err != nil {
		return w, err
	}
	player := make(map[event.EntryID]event.PlayerID, len(entries))
	for _, en := range entries {
		player[en.ID] = en.PlayerID
		names[en.PlayerID] = en.Name
	}
	rounds, err := tx.Rounds(e.ID)
	if err != nil {
		return w, err
	}
	for _, r := range publishedRounds(rounds) {
		for _, tb := range r.Tables {
			if tb.Result == nil || len(tb.Seats) < 2 || len(tb.Result.Seats) != len(tb.Seats) {
				continue
			}
			for i, seat := range tb.Seats {
				p := player[seat.EntryID]
				w.Games[p] = append(w.Games[p], league.Game{
					MatchPoints: scoring.MatchPoints(e.Settings, *tb.Result, i),
					GamePoints:  scoring.GamePoints(e.Settings, *tb.Result, i),
					Seats:       len(tb.Seats),
					Won:         tb.Result.Seats[i].Place == 1,
				})
			}
		}
	}
	return w, nil
}
