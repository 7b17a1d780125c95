package director_test

import (
	"context"
	"errors"
	"testing"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/core/i18n"
)

func logSays(t *testing.T, lines []event.DirectoryLogEntry) []string {
	t.Helper()
	out := make([]string, len(lines))
	for i, l := range lines {
		out[i] = l.Message.In(i18n.English)
	}
	return out
}

func TestARenameShowsEverywhereAndIsLogged(t *testing.T) {
	ctx, d, e := alteredEvent(t, "standard-bo3")
	en := register(t, d, e.ID, "Ada Lovlace", "Grace")
	p, err := d.Directory.EditPlayer(ctx, en[0].PlayerID, director.PlayerEdit{Name: " Ada  Lovelace ", MemberNo: "M7"})
	if err != nil || p.Name != "Ada Lovelace" || p.MemberNo != "M7" {
		t.Fatalf("EditPlayer = %+v, %v", p, err)
	}
	entries, err := d.Registration.Entries(ctx, e.ID)
	if err != nil || entries[0].Name != "Ada Lovelace" || entries[0].MemberNo != "M7" {
		t.Fatalf("the entry after the rename: %+v, %v", entries, err)
	}
	lines := mustCall(t, d.Directory.DirectoryLog, p.ID)
	got := logSays(t, lines)
	want := []string{"Ada Lovlace renamed Ada Lovelace", "Ada Lovelace: member number M7 added"}
	if len(got) != len(want) || got[0] != want[0] || got[1] != want[1] {
		t.Fatalf("directory log = %q; want %q", got, want)
	}
	// Saving it unchanged logs nothing more.
	if _, err := d.Directory.EditPlayer(ctx, p.ID, director.PlayerEdit{Name: "Ada Lovelace", MemberNo: "M7"}); err != nil {
		t.Fatal(err)
	}
	if again, _ := d.Directory.DirectoryLog(ctx, p.ID); len(again) != 2 {
		t.Fatalf("an unchanged save logged %q", logSays(t, again))
	}
	// Another player's member number is refused, naming its holder.
	_, err = d.Directory.EditPlayer(ctx, en[1].PlayerID, director.PlayerEdit{Name: "Grace", MemberNo: "M7"})
	if !errors.Is(err, event.ErrConflict) {
		t.Fatalf("a taken member number: %v; want ErrConflict", err)
	}
	if _, err := d.Directory.EditPlayer(ctx, p.ID, director.PlayerEdit{Name: "  "}); !errors.Is(err, event.ErrInvalid) {
		t.Fatalf("an empty name: %v; want ErrInvalid", err)
	}
}

func TestMergingMovesEveryEntryToThePlayerKept(t *testing.T) {
	d, _ := newDirector(t)
	ctx := context.Background()
	friday := mustEvent(t, d, "standard-bo3")
	fri := register(t, d, friday.ID, "Ada", "Grace", "Linus", "Ken")
	mustPair(t, ctx, d, friday.ID)
	saturday := mustEvent(t, d, "standard-bo3")
	twice, err := d.Registration.RegisterNew(ctx, saturday.ID, director.NewPlayer{Name: "Ada L.", MemberNo: "M7", Email: "ada@example.org"})
	must(t, err)
	if _, err := d.Judging.AddJudge(ctx, saturday.ID, director.NewJudge{Name: "Ada L.", Role: event.RoleJudge, PlayerID: twice.PlayerID}); err != nil {
		t.Fatal(err)
	}
	m, err := d.Directory.MergePlayers(ctx, twice.PlayerID, fri[0].PlayerID)
	must(t, err)
	if m.Entries != 1 || m.Kept.Name != "Ada" || m.Kept.MemberNo != "M7" || m.Kept.Email != "ada@example.org" {
		t.Fatalf("Merged = %+v", m)
	}
	sat, err := d.Registration.Entries(ctx, saturday.ID)
	if err != nil || len(sat) != 1 || sat[0].ID != twice.ID || sat[0].PlayerID != fri[0].PlayerID || sat[0].Name != "Ada" {
		t.Fatalf("Saturday's entry after the merge: %+v, %v", sat, err)
	}
	if found, _ := d.Registration.FindPlayers(ctx, "Ada", 10); len(found) != 1 || found[0].ID != fri[0].PlayerID {
		t.Fatalf("the directory after the merge: %+v", found)
	}
	js, err := d.Judging.Judges(ctx, saturday.ID)
	if err != nil || len(js) != 1 || js[0].PlayerID != fri[0].PlayerID {
		t.Fatalf("the judge after the merge: %+v, %v", js, err)
	}
	lines, _ := d.Directory.DirectoryLog(ctx, fri[0].PlayerID)
	if got := logSays(t, lines); len(got) != 1 || got[0] != "Ada L. (M7) merged into Ada: 1 entry moved" {
		t.Fatalf("directory log = %q", got)
	}
	log, _ := d.Events.Log(ctx, saturday.ID)
	if last := log[len(log)-1].Message.In(i18n.English); last != "Ada L. (M7) merged into Ada in the player directory" {
		t.Fatalf("Saturday's activity log ends %q", last)
	}
}

func TestMergingTwoPlayersOfOneEventIsRefused(t *testing.T) {
	ctx, d, e := alteredEvent(t, "standard-bo3")
	en := register(t, d, e.ID, "Sam", "Sam B.")
	_, err := d.Directory.MergePlayers(ctx, en[1].PlayerID, en[0].PlayerID)
	if !errors.Is(err, event.ErrConflict) {
		t.Fatalf("merging two entries of one event: %v; want ErrConflict", err)
	}
	entries, _ := d.Registration.Entries(ctx, e.ID)
	if len(entries) != 2 || entries[1].PlayerID != en[1].PlayerID {
		t.Fatalf("a refused merge changed the entries: %+v", entries)
	}
	if _, err := d.Directory.MergePlayers(ctx, en[0].PlayerID, en[0].PlayerID); !errors.Is(err, event.ErrInvalid) {
		t.Fatalf("merging a player into herself: %v; want ErrInvalid", err)
	}
}
