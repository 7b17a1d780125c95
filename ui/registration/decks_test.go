package registration

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

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
	f := show(t, d, e, work.Sync{}, fyne.NewSize(1200, 760))
	s, errs := f.S, f.Errs
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
	checks, err := d.Decks.Decks(t.Context(), e.ID)
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

// Issue 22: the dialog counts the lists registered, with problems and
// missing, filters the players by them, follows a list a phone sends, and
// closes deck registration from phones after asking (and reopens it).
func TestTheDecksDialogCountsAndClosesPhoneRegistration(t *testing.T) {
	test.NewTempApp(t)
	d := uitest.Director(t)
	ctx := t.Context()
	e := uitest.EventOf(t, d, "Altered night", "altered", "standard-bo3")
	es := uitest.Players(t, d, e.ID, "Zoë Ødegård", "Bob Stone", "Cy Twombly")
	if _, err := d.Decks.SaveDeck(ctx, es[1].ID, "", "Hero: Sierra & Oddball\n4 Some Card\n"); err != nil {
		t.Fatal(err)
	}
	f := show(t, d, e, work.Sync{}, fyne.NewSize(1366, 768))
	s, errs, w := f.S, f.Errs, f.W
	test.Tap(s.decksButton)
	g := s.decks
	if g.counts.Text != "1 of 3 lists registered · 1 with problems · 2 missing" {
		t.Errorf("counts %q", g.counts.Text)
	}
	if g.window.Text != "Players can still send or change their lists from their phones." {
		t.Errorf("window %q", g.window.Text)
	}
	g.filter.SetSelectedIndex(showProblems)
	if len(g.players) != 1 || g.players[0].Name != "Bob Stone" {
		t.Errorf("with problems: %v", g.players)
	}
	g.filter.SetSelectedIndex(showMissing)
	if len(g.players) != 2 {
		t.Errorf("missing: %v", g.players)
	}
	g.filter.SetSelectedIndex(showEveryone)

	// The organizer types Zoë's list while Cy's phone sends his: the
	// counts follow, and what the organizer typed stays.
	g.list.Select(0)
	g.text.SetText("Hero: Sierra & Oddball\n")
	if _, err := d.Decks.SaveDeck(ctx, es[2].ID, "", "Hero: Sierra & Oddball\n3 Card\n"); err != nil {
		t.Fatal(err)
	}
	s.Reload() // as the event view does on a change of decks
	if !strings.HasPrefix(g.counts.Text, "2 of 3 lists registered") || g.text.Text != "Hero: Sierra & Oddball\n" || g.who.Text != "Zoë Ødegård" {
		t.Errorf("after a phone's list: counts %q, typed %q, editing %q", g.counts.Text, g.text.Text, g.who.Text)
	}

	// Closing asks first; Cancel keeps it open.
	test.Tap(g.closeBn)
	top := w.Canvas().Overlays().Top()
	if g.confirm == nil || !uitest.HasText(top, "Close deck registration from phones?\n1 player has no list yet. After this, players see their lists read-only; you can still register or change a list here.") {
		t.Fatalf("no confirmation: %q", uitest.Texts(top))
	}
	g.confirm.Dismiss()
	if win, _ := d.Decks.DeckRegistration(ctx, e.ID); !win.Open() {
		t.Fatal("Cancel closed deck registration")
	}
	test.Tap(g.closeBn)
	g.confirm.Confirm()
	errs.None(t)
	if win, _ := d.Decks.DeckRegistration(ctx, e.ID); win.Open() {
		t.Fatal("confirming did not close deck registration")
	}
	if g.closeBn.Text != "Reopen deck registration" || !strings.HasPrefix(g.window.Text, "Deck registration from phones closed at ") {
		t.Errorf("after the close: button %q, window %q", g.closeBn.Text, g.window.Text)
	}
	// The desk still registers a list.
	test.Tap(g.save)
	errs.None(t)
	if !strings.HasPrefix(g.counts.Text, "3 of 3 lists registered") {
		t.Errorf("the desk's save after the close: %q", g.counts.Text)
	}
	test.Tap(g.closeBn)
	g.confirm.Confirm()
	if win, _ := d.Decks.DeckRegistration(ctx, e.ID); !win.Open() || g.closeBn.Text != "Close deck registration" {
		t.Fatalf("reopen: %+v, button %q", win, g.closeBn.Text)
	}
	errs.None(t)
}

// Without the director's Decks, Directory or Phones the tab hides what
// they serve: the Decks and Player codes buttons, the directory's pencil
// and the hint that names it; with them, it shows all three.
func TestTheTabHidesTheDialogsOfTheServicesItIsNotGiven(t *testing.T) {
	test.NewTempApp(t)
	d := uitest.Director(t)
	e := uitest.EventOf(t, d, "Altered night", "altered", "standard-bo3")
	uitest.Players(t, d, e.ID, "Zoë Ødegård")
	const pencilHint = "The pencil corrects a player's name or merges a player entered twice."
	for _, all := range []bool{false, true} {
		deps := depsOf(d)
		if !all {
			deps.Decks, deps.Directory, deps.Phones = nil, nil, nil
		}
		f := showWith(t, deps, d, e, work.Sync{}, fyne.NewSize(1366, 768))
		s := f.S
		row := s.createMatch().(*fyne.Container)
		pencil := row.Objects[len(row.Objects)-1].(*widget.Button)
		shown := map[string]bool{
			"Decks": s.decksButton.Visible(), "Player codes": !s.codesButton.Hidden,
			"pencil": !pencil.Hidden, "hint": strings.Contains(strings.Join(uitest.Texts(f.W.Content()), "\n"), pencilHint),
		}
		for what, on := range shown {
			if on != all {
				t.Errorf("given every service %v: %s shown %v", all, what, on)
			}
		}
		f.Errs.None(t)
	}
}
