package director_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/core/transfer"
	"tablekeeper/internal/testdb"
)

// Import atomic and idempotent: importing the same file twice changes
// nothing the second time and says "already registered"; a row joins the
// directory's player by member number, else by folded name plus e-mail;
// problem rows are listed and the rest saved together.
func TestImportAtomicAndIdempotent(t *testing.T) {
	ctx, d, e := alteredEvent(t, "standard-bo3")
	regular, err := d.Registration.AddPlayer(ctx, director.NewPlayer{Name: "Zoë Martin", Email: "zoe@example.org"})
	must(t, err)
	member, err := d.Registration.AddPlayer(ctx, director.NewPlayer{Name: "Kim Min-jun", MemberNo: "KF-17"})
	must(t, err)
	rows := []director.NewPlayer{
		{Name: "zoe martin", Email: "ZOE@example.org"}, // the regular, folded
		{Name: "KIM MIN-JUN", MemberNo: "KF-17"},       // the member
		{Name: "Chris Lee"},                            // new, no number
		{Name: "Chris Lee"},                            // the same row twice
		{Name: "Ana Silva", MemberNo: "KF-99"},         // new, numbered
		{Name: "evil \u202Eeman"},                      // refused
		{Name: "Bob Stone", MemberNo: "KF-17"},         // someone else's number
	}
	rep, err := d.Transfer.ImportPlayers(ctx, e.ID, rows)
	must(t, err)
	if rep.Registered != 4 || rep.NewPlayers != 2 || len(rep.Problems) != 2 || len(rep.Already) != 1 {
		t.Fatalf("first import: %+v", rep)
	}
	if !strings.Contains(rep.Problems[1], "KF-17 belongs to Kim Min-jun") {
		t.Errorf("problem %q", rep.Problems[1])
	}
	entries, _ := d.Registration.Entries(ctx, e.ID)
	ids := map[event.PlayerID]bool{}
	for _, en := range entries {
		ids[en.PlayerID] = true
	}
	if len(entries) != 4 || !ids[regular.ID] || !ids[member.ID] {
		t.Fatalf("entries %+v", entries)
	}
	directory, _ := d.Registration.FindPlayers(ctx, "", 0)

	again, err := d.Transfer.ImportPlayers(ctx, e.ID, rows)
	must(t, err)
	if again.Registered != 0 || again.NewPlayers != 0 || len(again.Already) != 5 {
		t.Fatalf("re-import: %+v", again)
	}
	after, _ := d.Registration.Entries(ctx, e.ID)
	directoryAfter, _ := d.Registration.FindPlayers(ctx, "", 0)
	if len(after) != len(entries) || len(directoryAfter) != len(directory) {
		t.Fatalf("re-import changed the event (%d → %d entries) or the directory (%d → %d players)",
			len(entries), len(after), len(directory), len(directoryAfter))
	}
}

// BenchmarkImport100k imports 100,000 rows into an empty event in one
// transaction (issue 11 target: ≤ 5 s).
func BenchmarkImport100k(b *testing.B) {
	ctx := context.Background()
	rows := make([]director.NewPlayer, 100_000)
	for i := range rows {
		rows[i] = director.NewPlayer{Name: fmt.Sprintf("Player %06d", i), Email: fmt.Sprintf("p%d@example.org", i)}
		if i%3 == 0 {
			rows[i].MemberNo = fmt.Sprintf("M%06d", i)
		}
	}
	for b.Loop() {
		b.StopTimer()
		db := testdb.Open(b)
		c := testdb.NewClock(friday)
		d := testdb.Director(db, c.Now, 1, 2)
		e, err := d.Events.CreateEvent(ctx, director.NewEvent{Name: "Big", Game: "generic", Format: "swiss"})
		must(b, err)
		b.StartTimer()
		rep, err := d.Transfer.ImportPlayers(ctx, e.ID, rows)
		if err != nil || rep.Registered != len(rows) {
			b.Fatalf("%+v %v", rep.Problems, err)
		}
		b.StopTimer()
		db.Close()
		b.StartTimer()
	}
}

// Several events from one file (a TOM file's pods) import all or none: a
// second document refused while it is written leaves the first unsaved.
func TestImportEventsIsAllOrNothing(t *testing.T) {
	ctx, d, e := openEvent(t, "generic", "swiss", nil)
	register(t, d, e.ID, "Ada Lovelace", "Bob Stone")
	doc := mustCall(t, d.Transfer.ExportEvent, e.ID)
	if _, err := d.Registration.AddPlayer(ctx, director.NewPlayer{Name: "Cy Young", MemberNo: "777"}); err != nil {
		t.Fatal(err)
	}
	bad := doc
	bad.Players = append([]transfer.Player(nil), doc.Players...)
	bad.Players[0].MemberNo = "777" // Cy Young's number, under Ada's name
	before, _ := d.Events.Events(ctx)
	if _, err := d.Transfer.ImportEvents(ctx, doc, bad); err == nil {
		t.Fatal("a document whose member number belongs to another player was imported")
	}
	if after, _ := d.Events.Events(ctx); len(after) != len(before) {
		t.Fatalf("%d events after a refused import of two, want %d: the first was kept", len(after), len(before))
	}
	got, err := d.Transfer.ImportEvents(ctx, doc, doc)
	if err != nil || len(got) != 2 {
		t.Fatalf("two good documents: %v, %d events", err, len(got))
	}
}
