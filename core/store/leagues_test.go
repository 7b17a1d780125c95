package store

import (
	"errors"
	"testing"

	"tablekeeper/core/event"
)

func TestLeagueRoundTrip(t *testing.T) {
	db, f := openFixture(t, 3)
	lackey := event.League{Name: "Online", Kind: event.LeagueLackey, TieSeed: 1<<63 + 5, CreatedAt: t0}
	pg := event.League{Name: "Thursdays", Kind: event.LeagueProvingGround, Finals: 4, TieSeed: 9, CreatedAt: t0.Add(60e9)}
	write(t, db, func(tx *Tx) error {
		must(t, tx.CreateLeague(&lackey))
		must(t, tx.CreateLeague(&pg))
		return tx.AddLeagueEvent(event.LeagueEvent{LeagueID: lackey.ID, EventID: f.event.ID, Week: 3})
	})
	read(t, db, func(tx *Tx) error {
		got, err := tx.League(lackey.ID)
		must(t, err)
		equal(t, "lackey league", got, lackey)
		all, err := tx.Leagues()
		must(t, err)
		equal(t, "leagues, newest first", all, []event.League{pg, lackey})
		les, err := tx.LeagueEvents(lackey.ID)
		must(t, err)
		want := event.LeagueEvent{LeagueID: lackey.ID, EventID: f.event.ID, Week: 3}
		equal(t, "league events", les, []event.LeagueEvent{want})
		le, err := tx.EventLeague(f.event.ID)
		equal(t, "event's league", le, want)
		return err
	})
}

func TestLeagueRefusesWhatCannotBeSaved(t *testing.T) {
	db, f := openFixture(t, 3)
	a := event.League{Name: "A", Kind: event.LeagueLackey, CreatedAt: t0}
	b := event.League{Name: "B", Kind: event.LeagueLackey, CreatedAt: t0}
	write(t, db, func(tx *Tx) error {
		must(t, tx.CreateLeague(&a))
		must(t, tx.CreateLeague(&b))
		return tx.AddLeagueEvent(event.LeagueEvent{LeagueID: a.ID, EventID: f.event.ID, Week: 1})
	})
	for _, c := range []struct {
		name string
		le   event.LeagueEvent
		kind error
		msg  string
	}{
		{"an event in another league", event.LeagueEvent{LeagueID: b.ID, EventID: f.event.ID, Week: 2}, event.ErrConflict,
			"Friday Night is already in A; an event belongs to one league"},
		{"an unknown league", event.LeagueEvent{LeagueID: 99, EventID: f.event.ID, Week: 2}, event.ErrNotFound,
			"there is no league with ID 99"},
		{"an unknown event", event.LeagueEvent{LeagueID: a.ID, EventID: 99, Week: 2}, event.ErrNotFound,
			"there is no event with ID 99"},
	} {
		err := writeErr(db, func(tx *Tx) error { return tx.AddLeagueEvent(c.le) })
		if !errors.Is(err, c.kind) || event.Message(err) != c.msg {
			t.Errorf("%s: %v", c.name, err)
		}
	}
	err := writeErr(db, func(tx *Tx) error { return tx.CreateLeague(&event.League{Name: "C", Kind: "weekly"}) })
	if !errors.Is(err, event.ErrInvalid) {
		t.Errorf("unknown kind: %v", err)
	}
	read(t, db, func(tx *Tx) error {
		if _, err := tx.League(42); !errors.Is(err, event.ErrNotFound) {
			t.Errorf("league 42: %v", err)
		}
		if _, err := tx.EventLeague(99); !errors.Is(err, event.ErrNotFound) {
			t.Errorf("event 99's league: %v", err)
		}
		return nil
	})
}
