package registration

import (
	"fmt"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"tablekeeper/ui/internal/uitest"
)

// The organizer filters the entries, Tabs to the first Present box, sees
// where the focus is, checks players in with Space and goes down the list
// with Down, past the rows on screen.
func TestPresentBoxesAreReachedByTabShowAFocusRingAndToggleWithSpace(t *testing.T) {
	f := setup(t)
	var names []string
	for i := range 40 {
		names = append(names, fmt.Sprintf("Player %02d", i))
	}
	uitest.Players(t, f.D, f.E.ID, names...)
	f.S.Reload()
	c := f.W.Canvas()
	c.Focus(f.S.filter)

	// The window gives Tab to a field that accepts it, as the filter
	// does: one Tab, and the focus is on the first Present box.
	if !f.S.filter.AcceptsTab() {
		t.Fatal("the filter leaves Tab to the window, which stops on the buttons and the list first")
	}
	f.S.filter.TypedKey(&fyne.KeyEvent{Name: fyne.KeyTab})
	box, ok := c.Focused().(*presentBox)
	if !ok {
		t.Fatalf("one Tab from the filter focused %T, not a Present box", c.Focused())
	}
	if box.row != 0 {
		t.Fatalf("Tab reached row %d's box first, want row 0", box.row)
	}
	if !ringShown(box) {
		t.Errorf("the focused Present box shows no focus ring")
	}

	test.Type(box, " ")
	f.Errs.None(t)
	if en := f.Entries(t); !en[0].CheckedIn || en[1].CheckedIn {
		t.Fatalf("Space on the first box: checked in %v %v, want only the first", en[0].CheckedIn, en[1].CheckedIn)
	}

	// Down to the last row, far below the window's bottom.
	for range 39 {
		c.Focused().TypedKey(&fyne.KeyEvent{Name: fyne.KeyDown})
	}
	last, ok := c.Focused().(*presentBox)
	if !ok || last.row != 39 {
		t.Fatalf("39 Downs focused %T (row %v), want row 39's box", c.Focused(), last)
	}
	if ringShown(box) && box != last {
		t.Errorf("the first box still shows the ring after the focus left")
	}
	test.Type(last, " ")
	if en := f.Entries(t); !en[39].CheckedIn {
		t.Fatalf("Space on the last row's box did not check it in")
	}
	c.Focused().TypedKey(&fyne.KeyEvent{Name: fyne.KeyUp})
	if b, ok := c.Focused().(*presentBox); !ok || b.row != 38 {
		t.Fatalf("Up did not go to the row above")
	}
}

func ringShown(b *presentBox) bool {
	r := test.WidgetRenderer(b).(*presentRenderer)
	_, _, _, a := r.ring.StrokeColor.RGBA()
	return a > 0 && r.ring.StrokeWidth > 0 && r.ring.Size().Width > 0
}
