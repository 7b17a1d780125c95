package store

import (
	"errors"
	"testing"
	"time"

	"tablekeeper/core/event"
)

func TestPlayersRoundTrip(t *testing.T) {
	db := openTemp(t)
	ada := event.Player{Name: "Ada Lovelace", MemberNo: "1234", Email: "ada@example.org", CreatedAt: t0}
	zoe := event.Player{Name: "Zoë Ødegård 李小龍", CreatedAt: t0.Add(time.Hour)}
	write(t, db, func(tx *Tx) error {
		must(t, tx.CreatePlayer(&ada))
		return tx.CreatePlayer(&zoe)
	})
	if ada.ID == 0 || zoe.ID == 0 || ada.ID == zoe.ID {
		t.Fatalf("IDs %d and %d", ada.ID, zoe.ID)
	}
	read(t, db, func(tx *Tx) error {
		got, err := tx.Player(zoe.ID)
		must(t, err)
		equal(t, "player", got, zoe)
		got, err = tx.PlayerByMemberNo("1234")
		must(t, err)
		equal(t, "player by member number", got, ada)
		return nil
	})

	ada.Name, ada.MemberNo, ada.Email = "Augusta Ada King", "", ""
	write(t, db, func(tx *Tx) error { return tx.UpdatePlayer(ada) })
	read(t, db, func(tx *Tx) error {
		got, err := tx.Player(ada.ID)
		equal(t, "updated player", got, ada)
		if _, err := tx.PlayerByMemberNo("1234"); !errors.Is(err, event.ErrNotFound) {
			t.Errorf("the old member number still finds someone: %v", err)
		}
		return err
	})
}

func TestPlayersWithoutMemberNumbersDoNotClash(t *testing.T) {
	db := openTemp(t)
	write(t, db, func(tx *Tx) error {
		for _, name := range []string{"Ada", "Grace", "Hedy"} {
			must(t, tx.CreatePlayer(&event.Player{Name: name}))
		}
		return nil
	})
	read(t, db, func(tx *Tx) error {
		if _, err := tx.PlayerByMemberNo(""); !errors.Is(err, event.ErrNotFound) {
			t.Errorf("PlayerByMemberNo(\"\") = %v, want not found", err)
		}
		return nil
	})
}

func TestAMemberNumberBelongsToOnePlayer(t *testing.T) {
	db := openTemp(t)
	ada := event.Player{Name: "Ada Lovelace", MemberNo: "1234"}
	grace := event.Player{Name: "Grace Hopper", MemberNo: "5678"}
	write(t, db, func(tx *Tx) error {
		must(t, tx.CreatePlayer(&ada))
		return tx.CreatePlayer(&grace)
	})

	err := writeErr(db, func(tx *Tx) error {
		return tx.CreatePlayer(&event.Player{Name: "Impostor", MemberNo: "1234"})
	})
	if !errors.Is(err, event.ErrConflict) {
		t.Fatalf("creating a second 1234: %v, want a conflict", err)
	}
	if got, want := event.Message(err), "member number 1234 already belongs to Ada Lovelace"; got != want {
		t.Errorf("message %q, want %q", got, want)
	}

	grace.MemberNo = "1234"
	err = writeErr(db, func(tx *Tx) error { return tx.UpdatePlayer(grace) })
	if !errors.Is(err, event.ErrConflict) || event.Message(err) != "member number 1234 already belongs to Ada Lovelace" {
		t.Errorf("giving Grace Ada's number: %v", err)
	}
	// Saving a player with their own number is no clash.
	write(t, db, func(tx *Tx) error { return tx.UpdatePlayer(ada) })
}

func TestMissingPlayers(t *testing.T) {
	db := openTemp(t)
	read(t, db, func(tx *Tx) error {
		if _, err := tx.Player(42); !errors.Is(err, event.ErrNotFound) {
			t.Errorf("Player(42) = %v", err)
		}
		return nil
	})
	err := writeErr(db, func(tx *Tx) error { return tx.UpdatePlayer(event.Player{ID: 42, Name: "Nobody"}) })
	if !errors.Is(err, event.ErrNotFound) {
		t.Errorf("UpdatePlayer(42) = %v", err)
	}
}

func TestAPlayerNeedsAName(t *testing.T) {
	db := openTemp(t)
	err := writeErr(db, func(tx *Tx) error { return tx.CreatePlayer(&event.Player{Name: "  "}) })
	if !errors.Is(err, event.ErrInvalid) {
		t.Errorf("CreatePlayer without a name = %v", err)
	}
}

func TestFindPlayers(t *testing.T) {
	db := openTemp(t)
	names := []struct{ name, member string }{
		{"Zoë Ødegård 李小龍", "TK-77"},
		{"Chloë Zoëller", ""},
		{"Ada Lovelace", "1234"},
		{"Adam Smith", ""},
		{"Grace Hopper", "A-1000"},
		{"Hedy Lamarr", "50%_off"},
		{"ÉMILIE du Châtelet", ""},
		{"Nguyễn Thị Ánh", ""},
	}
	write(t, db, func(tx *Tx) error {
		for _, n := range names {
			must(t, tx.CreatePlayer(&event.Player{Name: n.name, MemberNo: n.member}))
		}
		return nil
	})
	tests := []struct {
		query string
		limit int
		want  []string
	}{
		{"", 0, []string{"Ada Lovelace", "Adam Smith", "Chloë Zoëller", "ÉMILIE du Châtelet", "Grace Hopper", "Hedy Lamarr", "Nguyễn Thị Ánh", "Zoë Ødegård 李小龍"}},
		{"", 2, []string{"Ada Lovelace", "Adam Smith"}},
		{"zoë", 0, []string{"Zoë Ødegård 李小龍", "Chloë Zoëller"}}, // starts with it first
		{"ZOË", 0, []string{"Zoë Ødegård 李小龍", "Chloë Zoëller"}},
		{"ødegÅrd", 0, []string{"Zoë Ødegård 李小龍"}},
		{"李小", 0, []string{"Zoë Ødegård 李小龍"}},
		{"émilie", 0, []string{"ÉMILIE du Châtelet"}},
		{"zoe", 0, []string{"Zoë Ødegård 李小龍", "Chloë Zoëller"}}, // accents need not be typed
		{"odegard", 0, []string{"Zoë Ødegård 李小龍"}},
		{"chatelet", 0, []string{"ÉMILIE du Châtelet"}},
		{"ada", 0, []string{"Ada Lovelace", "Adam Smith"}},
		{"  ada  ", 1, []string{"Ada Lovelace"}},
		{"1234", 0, []string{"Ada Lovelace"}},
		{"a-1", 0, []string{"Grace Hopper"}},
		{"tk-7", 0, []string{"Zoë Ødegård 李小龍"}},
		{"%", 0, []string{"Hedy Lamarr"}}, // a percent sign, not a wildcard
		{"_", 0, []string{"Hedy Lamarr"}},
		{"nguyen", 0, []string{"Nguyễn Thị Ánh"}}, // the kiosk finds her: so does the desk
		{"NGUYỄN thi", 0, []string{"Nguyễn Thị Ánh"}},
		{"nobody", 0, nil},
	}
	read(t, db, func(tx *Tx) error {
		for _, tt := range tests {
			ps, err := tx.FindPlayers(tt.query, tt.limit)
			must(t, err)
			var got []string
			for _, p := range ps {
				got = append(got, p.Name)
			}
			equal(t, "FindPlayers("+tt.query+")", got, tt.want)
		}
		return nil
	})
}

// Migration 11 recomputes the folded names an older version stored, so the
// desk finds "Nguyễn" from "nguyen" in a directory it did not write.
func TestMigrationElevenRefoldsStoredNames(t *testing.T) {
	path, old := openOlder(t, 10)
	write(t, old, func(tx *Tx) error {
		// Version 10's fold kept Vietnamese letters as they were.
		_, err := tx.exec(`INSERT INTO players (name, name_fold, created_at) VALUES ('Nguyễn Thị Ánh', 'nguyễn thị anh', 0), ('Ada', 'ada', 0)`)
		return err
	})
	db := upgrade(t, path, old, 10)
	read(t, db, func(tx *Tx) error {
		ps, err := tx.FindPlayers("nguyen thi", 0)
		must(t, err)
		if len(ps) != 1 || ps[0].Name != "Nguyễn Thị Ánh" {
			t.Errorf("FindPlayers(nguyen thi) after the upgrade = %+v", ps)
		}
		return nil
	})
}
