package registration

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/core/i18n"
	"tablekeeper/ui/internal/uitest"
)

// The organizer sees a player's code only on demand: the Registration
// tab lists no code; the Player codes dialog shows none until she picks a
// player, then that player's alone (drawn then if nobody drew it), and
// forgets it when closed. Its buttons print her slip or everyone's.
func TestThePlayerCodeShowsOnDemand(t *testing.T) {
	f := setup(t)
	entries := uitest.Players(t, f.D, f.E.ID, "Ada Lovelace", "Zoë Ødegård", "김민준")
	var printed []event.EntryID
	f.S.SetPrintSlips(func(entry event.EntryID) { printed = append(printed, entry) })
	f.S.Reload()
	codes, err := f.D.Phones.PlayerCodes(t.Context(), f.E.ID)
	if err != nil {
		t.Fatal(err)
	}
	shows := func(code string) bool {
		for _, o := range f.W.Canvas().Overlays().List() {
			if uitest.HasText(o, director.FormatPlayerCode(code)) {
				return true
			}
		}
		return uitest.HasText(f.W.Content(), director.FormatPlayerCode(code))
	}
	for _, en := range entries {
		if shows(codes[en.ID]) {
			t.Fatalf("the Registration tab shows %s's code unasked", en.Name)
		}
	}

	if f.S.codesButton.Hidden {
		t.Fatal("no Player codes button")
	}
	test.Tap(f.S.codesButton)
	g := f.S.codes
	if g.code.Text != "" || !g.printOne.Disabled() {
		t.Error("the dialog shows a code, or offers to print a slip, before a player is picked")
	}
	for _, en := range entries {
		if shows(codes[en.ID]) {
			t.Fatalf("the dialog shows %s's code before she is picked", en.Name)
		}
	}
	g.list.Select(1) // Zoë
	f.Errs.None(t)
	if g.code.Text != director.FormatPlayerCode(codes[entries[1].ID]) {
		t.Fatalf("after picking Zoë the dialog shows %q; her code is %s", g.code.Text, codes[entries[1].ID])
	}
	if g.who.Text != "Zoë Ødegård's player code" {
		t.Errorf("the dialog says %q", g.who.Text)
	}
	// Shown at the desk: the activity log says so.
	log, err := f.D.Events.Log(t.Context(), f.E.ID)
	if err != nil || len(log) == 0 || log[len(log)-1].Message.In(i18n.English) != "player code shown at the desk: Zoë Ødegård" {
		t.Errorf("the log does not say Zoë's code was shown at the desk: %+v, %v", log, err)
	}
	for _, i := range []int{0, 2} {
		if shows(codes[entries[i].ID]) {
			t.Errorf("with Zoë picked the dialog shows %s's code too", entries[i].Name)
		}
	}
	test.Tap(g.printOne)
	test.Tap(g.printAll)
	if len(printed) != 2 || printed[0] != entries[1].ID || printed[1] != 0 {
		t.Errorf("the print buttons asked for %v, want Zoë's slip then everyone's", printed)
	}

	g.dialog.Hide()
	if g.code.Text != "" || shows(codes[entries[1].ID]) {
		t.Error("closed, the dialog keeps Zoë's code")
	}
}

// Esc closes the Player codes dialog, with nothing focused or with the
// list of players focused, and gives the window's keys back.
func TestEscClosesThePlayerCodesDialog(t *testing.T) {
	f := setup(t)
	uitest.Players(t, f.D, f.E.ID, "Ada Lovelace", "Zoë Ødegård")
	f.S.Reload()
	c := f.W.Canvas()
	before := c.OnTypedKey()
	test.Tap(f.S.codesButton)
	g := f.S.codes
	if c.Overlays().Top() == nil {
		t.Fatal("the dialog did not open")
	}
	c.OnTypedKey()(&fyne.KeyEvent{Name: fyne.KeyEscape})
	if c.Overlays().Top() != nil {
		t.Fatal("Esc with nothing focused left the dialog open")
	}
	if (c.OnTypedKey() == nil) != (before == nil) {
		t.Error("closed, the dialog kept the window's keys")
	}
	test.Tap(f.S.codesButton)
	c.Focus(g.list)
	c.Focused().TypedKey(&fyne.KeyEvent{Name: fyne.KeyEscape})
	if c.Overlays().Top() != nil {
		t.Fatal("Esc on the list of players left the dialog open")
	}
}
