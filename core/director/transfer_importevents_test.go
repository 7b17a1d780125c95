package director_test

import (
	"testing"

	"tablekeeper/core/director"
	"tablekeeper/core/transfer"
)

// Several events from one file (a TOM file's pods) import all or none: a
// second document refused while it is written leaves the first unsaved.
func TestImportEventsIsAllOrNothing(t *testing.T) {
	ctx, d, e := openEvent(t, "generic", "swiss", nil)
	register(t, d, e.ID, "Ada Lovelace", "Bob Stone")
	doc, err := d.Transfer.ExportEvent(ctx, e.ID)
	must(t, err)
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
