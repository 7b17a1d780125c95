package rounds

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
)

// Esc in Table or Result gives up what was typed: "4" and "2-" go, the
// cursor is back in Table, and nothing was saved.
func TestEscInTheTableOrResultFieldClearsBoth(t *testing.T) {
	f := setup(t)
	c := f.W.Canvas()

	f.S.FocusTable()
	test.Type(c.Focused(), "4")
	pressKey(c, fyne.KeyEscape)
	if f.S.table.Text != "" || c.Focused() != f.S.table {
		t.Fatalf("Esc in Table left %q (focus on Table: %v)", f.S.table.Text, c.Focused() == f.S.table)
	}

	test.Type(c.Focused(), "1")
	pressKey(c, fyne.KeyReturn)
	if c.Focused() != f.S.result {
		t.Fatal("Enter in Table did not move to Result")
	}
	test.Type(c.Focused(), "2-")
	pressKey(c, fyne.KeyEscape)
	if f.S.table.Text != "" || f.S.result.Text != "" {
		t.Errorf("Esc in Result left %q and %q", f.S.table.Text, f.S.result.Text)
	}
	if c.Focused() != f.S.table {
		t.Error("Esc in Result did not put the cursor back in Table")
	}
	if f.S.status.Text != "" {
		t.Errorf("the status still speaks of the abandoned table: %q", f.S.status.Text)
	}
	if r := f.sheet(t, 1).Tables[0].Result; r != nil {
		t.Errorf("Esc saved a result: %+v", r)
	}
	f.Errs.None(t)
}
