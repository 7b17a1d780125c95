package registration

import (
	"context"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"tablekeeper/ui/internal/uitest"
	"tablekeeper/ui/internal/work"
)

// Rule A1: the organizer registers a player's deck; it is checked as it is
// typed, saved even when illegal, and listed with its status.
func TestTheDecksDialogChecksAndSavesADeck(t *testing.T) {
	test.NewTempApp(t)
	d := uitest.Director(t)
	e := uitest.EventOf(t, d, "Altered night", "altered", "standard-bo3")
	uitest.Players(t, d, e.ID, "Zoë Ødegård", "Bob Stone")
	errs := &uitest.Errors{}
	w := test.NewTempWindow(t, nil)
	s := New(d, work.Sync{}, errs.Alert, w)
	w.SetContent(s.Content())
	w.Resize(fyne.NewSize(1200, 760))
	s.Load(e.ID)
	if !s.decksButton.Visible() {
		t.Fatal("no Decks button for an Altered constructed event")
	}
	test.Tap(s.decksButton)
	g := s.decks
	g.list.Select(0)
	if g.who.Text != "Zoë Ødegård" {
		t.Fatalf("selected %q", g.who.Text)
	}
	g.text.SetText("Hero: Sierra & Oddball\n4 Some Card\n")
	if !strings.HasPrefix(g.verdict.Text, "Not legal") || !strings.Contains(g.problems.Text, "Some Card") {
		t.Errorf("verdict %q, problems %q", g.verdict.Text, g.problems.Text)
	}
	test.Tap(g.save)
	checks, err := d.Decks(context.Background(), e.ID)
	if err != nil || len(checks) != 1 || checks[0].Legal() || checks[0].Deck.List == "" {
		t.Fatalf("saved %+v, %v", checks, err)
	}
	errs.None(t)
	// A card list import with a bad row says so.
	g.importCSV("name,rarity\nSome Card,rare\n,common\n")
	if !strings.Contains(g.imported.Text, "1 card") || !strings.Contains(g.imported.Text, "1 row skipped") {
		t.Errorf("import says %q", g.imported.Text)
	}
}
