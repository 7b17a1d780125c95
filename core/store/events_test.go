package store

import (
	"errors"
	"strings"
	"testing"
	"time"

	"tablekeeper/core/event"
)

func TestEventsRoundTrip(t *testing.T) {
	db := openTemp(t)
	older := event.Event{Name: "Winter Open", Game: "altered", Format: "2v2", Date: t0.AddDate(0, -1, 0),
		State: event.StateFinished, Settings: swissSettings(), CreatedAt: t0.AddDate(0, -2, 0)}
	newer := event.Event{Name: "Spring Æmber Cup", Game: "keyforge", Format: "archon", Date: t0,
		State: event.StateRegistration, CreatedAt: t0,
		Settings: event.Settings{Structure: event.StructureSwiss, TableSize: 4, MinTableSize: 3, MaxTableSize: 5,
			GamesPerMatch: 3, RoundMinutes: 90, Rounds: 5, Points: event.Points{Win: 3, Draw: 1, Bye: 3},
			Tiebreakers: []string{}, LateEntryLosses: true}}
	write(t, db, func(tx *Tx) error {
		must(t, tx.CreateEvent(&older))
		return tx.CreateEvent(&newer)
	})
	read(t, db, func(tx *Tx) error {
		got, err := tx.Event(newer.ID)
		must(t, err)
		equal(t, "event", got, newer)
		all, err := tx.Events()
		equal(t, "events, newest first", all, []event.Event{newer, older})
		return err
	})

	newer.Name, newer.State, newer.Date = "Spring Cup", event.StateRunning, t0.Add(24*time.Hour)
	newer.Settings.Rounds = 6
	write(t, db, func(tx *Tx) error { return tx.UpdateEvent(newer) })
	readBack(t, db, "updated event", (*Tx).Event, newer.ID, newer)

	err := writeErr(db, func(tx *Tx) error {
		return tx.UpdateEvent(event.Event{ID: 99, Name: "x", Game: "g", Format: "f", State: event.StateRunning, Settings: swissSettings()})
	})
	if !errors.Is(err, event.ErrNotFound) {
		t.Errorf("UpdateEvent(99) = %v", err)
	}
	read(t, db, func(tx *Tx) error {
		if _, err := tx.Event(99); !errors.Is(err, event.ErrNotFound) {
			t.Errorf("Event(99) = %v", err)
		}
		return nil
	})
}

func TestTimesKeepMillisecondsAndComeBackInUTC(t *testing.T) {
	db := openTemp(t)
	paris, err := time.LoadLocation("Europe/Paris")
	if err != nil {
		paris = time.FixedZone("CET", 3600)
	}
	at := time.Date(2025, 3, 14, 19, 30, 15, 123_456_789, paris)
	p := event.Player{Name: "Ada", CreatedAt: at}
	write(t, db, func(tx *Tx) error { return tx.CreatePlayer(&p) })
	read(t, db, func(tx *Tx) error {
		got, err := tx.Player(p.ID)
		want := at.Truncate(time.Millisecond).UTC()
		if got.CreatedAt != want {
			t.Errorf("CreatedAt %v, want %v", got.CreatedAt, want)
		}
		return err
	})
}

func TestEntriesRoundTrip(t *testing.T) {
	db, f := openFixture(t, 3)
	var team event.Team
	write(t, db, func(tx *Tx) error {
		team = event.Team{EventID: f.event.ID, Name: "Les Zoëlles"}
		return tx.CreateTeam(&team)
	})
	read(t, db, func(tx *Tx) error {
		got, err := tx.Entries(f.event.ID)
		must(t, err)
		equal(t, "entries", got, f.entries)
		one, err := tx.Entry(f.entries[1].ID)
		equal(t, "entry", one, f.entries[1])
		return err
	})

	e := f.entries[1]
	e.CheckedIn, e.Status, e.DroppedAfter, e.TeamID, e.Seed, e.JoinedRound = true, event.EntryDropped, 2, team.ID, 7, 2
	e.Name = "ignored" // the directory's name wins
	write(t, db, func(tx *Tx) error { return tx.UpdateEntry(e) })
	e.Name = f.entries[1].Name
	readBack(t, db, "updated entry", (*Tx).Entry, e.ID, e)

	// A player renamed in the directory is renamed in the event.
	p := f.players[0]
	p.Name = "Renamed"
	write(t, db, func(tx *Tx) error { return tx.UpdatePlayer(p) })
	read(t, db, func(tx *Tx) error {
		got, err := tx.Entry(f.entries[0].ID)
		if got.Name != "Renamed" {
			t.Errorf("entry name %q after renaming the player", got.Name)
		}
		return err
	})
}

func TestAPlayerRegistersOncePerEvent(t *testing.T) {
	db, f := openFixture(t, 1)
	err := writeErr(db, func(tx *Tx) error {
		return tx.CreateEntry(&event.Entry{EventID: f.event.ID, PlayerID: f.players[0].ID, Status: event.EntryActive})
	})
	if !errors.Is(err, event.ErrConflict) {
		t.Fatalf("registering twice: %v", err)
	}
	if got, want := event.Message(err), "Player 0000 is already registered in Friday Night"; got != want {
		t.Errorf("message %q, want %q", got, want)
	}
	if !strings.HasPrefix(err.Error(), "store: create entry: ") {
		t.Errorf("error %q does not say what failed", err)
	}
}

func TestEntriesNeedAPlayerAnEventAndTheirOwnTeam(t *testing.T) {
	db, f := openFixture(t, 1)
	other := event.Event{Name: "Other", Game: "g", Format: "f", State: event.StateRegistration, Settings: swissSettings()}
	var otherTeam event.Team
	var p event.Player
	write(t, db, func(tx *Tx) error {
		must(t, tx.CreateEvent(&other))
		otherTeam = event.Team{EventID: other.ID, Name: "Elsewhere"}
		must(t, tx.CreateTeam(&otherTeam))
		p = event.Player{Name: "Grace"}
		return tx.CreatePlayer(&p)
	})
	tests := map[string]struct {
		entry event.Entry
		kind  error
	}{
		"no such player":          {event.Entry{EventID: f.event.ID, PlayerID: 999, Status: event.EntryActive}, event.ErrNotFound},
		"no such event":           {event.Entry{EventID: 999, PlayerID: p.ID, Status: event.EntryActive}, event.ErrNotFound},
		"another event's team":    {event.Entry{EventID: f.event.ID, PlayerID: p.ID, TeamID: otherTeam.ID, Status: event.EntryActive}, event.ErrNotFound},
		"no status":               {event.Entry{EventID: f.event.ID, PlayerID: p.ID}, event.ErrInvalid},
		"a status nobody defined": {event.Entry{EventID: f.event.ID, PlayerID: p.ID, Status: "sleeping"}, event.ErrInvalid},
	}
	for name, tt := range tests {
		err := writeErr(db, func(tx *Tx) error { return tx.CreateEntry(&tt.entry) })
		if !errors.Is(err, tt.kind) {
			t.Errorf("%s: %v, want %v", name, err, tt.kind)
		}
	}
	e := f.entries[0]
	e.TeamID = otherTeam.ID
	if err := writeErr(db, func(tx *Tx) error { return tx.UpdateEntry(e) }); !errors.Is(err, event.ErrNotFound) {
		t.Errorf("moving an entry to another event's team: %v", err)
	}
	if err := writeErr(db, func(tx *Tx) error { return tx.UpdateEntry(event.Entry{ID: 999, Status: event.EntryActive}) }); !errors.Is(err, event.ErrNotFound) {
		t.Errorf("UpdateEntry(999): %v", err)
	}
}

func TestTeamsRoundTrip(t *testing.T) {
	db, f := openFixture(t, 4)
	teams := []event.Team{{EventID: f.event.ID, Name: "Æmber Twins"}, {EventID: f.event.ID, Name: "李小龍 & Co"}}
	createAll(t, db, teams, (*Tx).CreateTeam)
	readBack(t, db, "teams", (*Tx).Teams, f.event.ID, teams)
	err := writeErr(db, func(tx *Tx) error { return tx.CreateTeam(&event.Team{EventID: f.event.ID, Name: "Æmber Twins"}) })
	if !errors.Is(err, event.ErrConflict) {
		t.Errorf("a second team of the same name: %v", err)
	}
	err = writeErr(db, func(tx *Tx) error { return tx.CreateTeam(&event.Team{EventID: 999, Name: "x"}) })
	if !errors.Is(err, event.ErrNotFound) {
		t.Errorf("a team of no event: %v", err)
	}
	err = writeErr(db, func(tx *Tx) error { return tx.CreateTeam(&event.Team{EventID: f.event.ID, Name: "  "}) })
	if !errors.Is(err, event.ErrInvalid) {
		t.Errorf("a team without a name: %v", err)
	}
}

// A team is read with its members in registration order; deleting it
// leaves them registered without a team.
func TestTeamMembersAndDeletion(t *testing.T) {
	db, f := openFixture(t, 4)
	teams := []event.Team{{EventID: f.event.ID, Name: "Odd"}, {EventID: f.event.ID, Name: "Even"}}
	write(t, db, func(tx *Tx) error {
		for i := range teams {
			must(t, tx.CreateTeam(&teams[i]))
		}
		for i, en := range f.entries {
			en.TeamID = teams[i%2].ID
			must(t, tx.UpdateEntry(en))
		}
		return nil
	})
	teams[0].Members = []event.EntryID{f.entries[0].ID, f.entries[2].ID}
	teams[1].Members = []event.EntryID{f.entries[1].ID, f.entries[3].ID}
	read(t, db, func(tx *Tx) error {
		got, err := tx.Teams(f.event.ID)
		equal(t, "teams", got, teams)
		one, err2 := tx.Team(teams[1].ID)
		equal(t, "team", one, teams[1])
		if _, err := tx.Team(999); !errors.Is(err, event.ErrNotFound) {
			t.Errorf("no such team: %v", err)
		}
		return errors.Join(err, err2)
	})
	write(t, db, func(tx *Tx) error { return tx.DeleteTeam(teams[0].ID) })
	read(t, db, func(tx *Tx) error {
		got, err := tx.Teams(f.event.ID)
		equal(t, "teams left", got, teams[1:])
		en, err2 := tx.Entry(f.entries[0].ID)
		if en.TeamID != 0 || en.Status != event.EntryActive {
			t.Errorf("a member of the deleted team: %+v", en)
		}
		return errors.Join(err, err2)
	})
	if err := writeErr(db, func(tx *Tx) error { return tx.DeleteTeam(teams[0].ID) }); !errors.Is(err, event.ErrNotFound) {
		t.Errorf("deleting a team twice: %v", err)
	}
}

func TestDecksRoundTrip(t *testing.T) {
	db, f := openFixture(t, 2)
	d := event.Deck{EntryID: f.entries[0].ID, Name: "Zoë, Æmber-Thief of the Ødegård Vault",
		List: "Ancient Bear\nÆmber Imp\n李小龍\n", UpdatedAt: t0}
	write(t, db, func(tx *Tx) error { return tx.SaveDeck(&d) })
	if d.ID == 0 {
		t.Fatal("SaveDeck did not set the ID")
	}
	readBack(t, db, "deck", (*Tx).Deck, d.EntryID, d)

	// Saving again replaces the entry's one deck.
	d2 := event.Deck{EntryID: d.EntryID, Name: "Second thoughts", List: "x", LockedAt: t0.Add(time.Hour), UpdatedAt: t0.Add(time.Minute)}
	write(t, db, func(tx *Tx) error { return tx.SaveDeck(&d2) })
	if d2.ID != d.ID {
		t.Errorf("the replacement deck has ID %d, the deck %d", d2.ID, d.ID)
	}
	read(t, db, func(tx *Tx) error {
		got, err := tx.Deck(d.EntryID)
		equal(t, "replaced deck", got, d2)
		if _, err := tx.Deck(f.entries[1].ID); !errors.Is(err, event.ErrNotFound) {
			t.Errorf("the deck of an entry without one: %v", err)
		}
		return err
	})
	if err := writeErr(db, func(tx *Tx) error { return tx.SaveDeck(&event.Deck{EntryID: 999}) }); !errors.Is(err, event.ErrNotFound) {
		t.Errorf("a deck for no entry: %v", err)
	}
}

func TestPlayerEntriesAreOnePlayersAcrossEvents(t *testing.T) {
	db, f := openFixture(t, 3)
	var later event.Event
	var again event.Entry
	write(t, db, func(tx *Tx) error {
		later = event.Event{Name: "Saturday", Game: "keyforge", Format: "archon",
			Date: t0.AddDate(0, 0, 1), State: event.StateRegistration, Settings: swissSettings(), CreatedAt: t0}
		if err := tx.CreateEvent(&later); err != nil {
			return err
		}
		again = event.Entry{EventID: later.ID, PlayerID: f.players[1].ID, Status: event.EntryActive, JoinedRound: 1, RegisteredAt: t0}
		return tx.CreateEntry(&again)
	})
	again.Name, again.MemberNo = f.players[1].Name, f.players[1].MemberNo
	read(t, db, func(tx *Tx) error {
		got, err := tx.PlayerEntries(f.players[1].ID)
		equal(t, "player 1's entries", got, []event.Entry{f.entries[1], again})
		none, err2 := tx.PlayerEntries(f.players[2].ID + 100)
		if len(none) != 0 {
			t.Errorf("a player who does not exist has entries %+v", none)
		}
		return errors.Join(err, err2)
	})
}
