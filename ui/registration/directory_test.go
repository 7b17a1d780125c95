package registration

import (
	"errors"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/ui/internal/uitest"
)

// editMatch opens the directory player dialog of the first directory
// match for name, as its pencil button does.
func (f fixture) editMatch(t *testing.T, name string) *playerDialog {
	t.Helper()
	f.S.search.SetText(name)
	if len(f.S.matches) == 0 {
		t.Fatalf("no directory match for %q", name)
	}
	test.Tap(uitest.Button(t, f.S.matchList, "", 0))
	if f.S.player == nil || f.W.Canvas().Overlays().Top() == nil {
		t.Fatal("the directory player dialog did not open")
	}
	return f.S.player
}

// A typo at sign-up is corrected in the directory, after a question: the
// entry shows the new name and the dialog the logged change.
func TestRenamingAPlayerAsksThenShowsTheNewNameEverywhere(t *testing.T) {
	f := setup(t)
	uitest.Players(t, f.D, f.E.ID, "Ada Lovlace")
	f.S.Reload()
	g := f.editMatch(t, "lovlace")
	if g.name.Text != "Ada Lovlace" {
		t.Fatalf("the dialog shows %q", g.name.Text)
	}
	g.name.SetText("Ada Lovelace")
	g.name.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	if g.confirm == nil || !g.confirm.Visible() {
		t.Fatal("Enter saved without asking")
	}
	if f.Entries(t)[0].Name != "Ada Lovlace" {
		t.Fatal("the name changed before the answer")
	}
	g.confirm.Confirm()
	f.Errs.None(t)
	if got := f.Entries(t)[0].Name; got != "Ada Lovelace" {
		t.Fatalf("after the rename the entry reads %q", got)
	}
	if !uitest.HasText(f.S.Content(), "Ada Lovelace") {
		t.Error("the Registration tab does not show the new name")
	}
	// Opened again, the dialog shows the logged rename.
	g = f.editMatch(t, "lovelace")
	if want := "Ada Lovlace renamed Ada Lovelace"; !strings.Contains(g.history.Text, want) {
		t.Errorf("the dialog's history reads %q; want it to say %q", g.history.Text, want)
	}
	// Esc closes it.
	f.W.Canvas().OnTypedKey()(&fyne.KeyEvent{Name: fyne.KeyEscape})
	if f.W.Canvas().Overlays().Top() != nil {
		t.Error("Esc left the dialog open")
	}
}

// A regular entered twice is merged into the player kept, after a
// question; two players of one event are refused with a sentence.
func TestMergingAPlayerEnteredTwice(t *testing.T) {
	f := setup(t)
	ctx := t.Context()
	uitest.Players(t, f.D, f.E.ID, "Ada Lovelace", "Grace Hopper")
	other := uitest.Event(t, f.D, "Saturday")
	twice, err := f.D.Registration.RegisterNew(ctx, other.ID, director.NewPlayer{Name: "Ada L.", MemberNo: "M7"})
	if err != nil {
		t.Fatal(err)
	}
	f.S.Reload()
	g := f.editMatch(t, "Ada Lovelace")
	g.search.SetText("Ada")
	if len(g.others) != 1 || g.others[0].ID != twice.PlayerID {
		t.Fatalf("the merge search offers %+v; want Ada L. alone (not Ada herself)", g.others)
	}
	if !g.mergeButton.Disabled() {
		t.Fatal("Merge is offered before a player is picked")
	}
	g.list.Select(0)
	test.Tap(g.mergeButton)
	if g.confirm == nil || !g.confirm.Visible() {
		t.Fatal("Merge did not ask")
	}
	g.confirm.Confirm()
	f.Errs.None(t)
	sat, _ := f.D.Registration.Entries(ctx, other.ID)
	if len(sat) != 1 || sat[0].Name != "Ada Lovelace" || sat[0].MemberNo != "M7" {
		t.Fatalf("Saturday's entry after the merge: %+v", sat)
	}
	if g.member.Text != "M7" {
		t.Errorf("the dialog shows member number %q after the merge; want M7", g.member.Text)
	}

	// Grace and Ada are both in Friday: refused, nothing changed.
	g.search.SetText("Grace")
	g.list.Select(0)
	test.Tap(g.mergeButton)
	g.confirm.Confirm()
	if len(*f.Errs) != 1 || !errors.Is((*f.Errs)[0], event.ErrConflict) {
		t.Fatalf("merging two players of one event: %v; want a conflict said", *f.Errs)
	}
	if n := len(f.Entries(t)); n != 2 {
		t.Fatalf("a refused merge left %d entries in Friday", n)
	}
}
