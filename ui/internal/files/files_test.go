package files

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
)

func TestEscCancelsTheSaveDialogFromItsFileName(t *testing.T) {
	test.NewTempApp(t)
	w := test.NewTempWindow(t, widget.NewLabel("desk"))
	w.Resize(fyne.NewSize(1000, 700))
	called, wrote := 0, false
	d := Save(func(u fyne.URIWriteCloser, err error) {
		called++
		wrote = u != nil
	}, w)
	d.SetFileName("standings.pdf")
	// Show's steps, to hold the dialog's own entry before it is replaced.
	d.Show()
	c := w.Canvas()
	top := c.Overlays().Top()
	if top == nil {
		t.Fatal("the dialog did not open")
	}
	_, orig := fileName(top)
	escape(d, w, top)
	name := c.Focused()
	if name == nil || name == fyne.Focusable(orig) {
		t.Fatal("the Save dialog's focus is not on an entry that passes Esc")
	}
	// Typing in the field still names the file the dialog saves.
	test.Type(name, "x")
	if orig == nil || orig.Text != "xstandings.pdf" {
		t.Fatalf("the dialog's own file name did not follow the typing: %v", orig)
	}
	name.TypedKey(&fyne.KeyEvent{Name: fyne.KeyEscape})
	if c.Overlays().Top() != nil {
		t.Fatal("Esc in the file name left the Save dialog open")
	}
	if called != 1 || wrote {
		t.Errorf("the callback ran %d times (wrote %v), want once with no file", called, wrote)
	}
}

func TestEscCancelsTheOpenDialogAndGivesTheWindowItsKeysBack(t *testing.T) {
	test.NewTempApp(t)
	w := test.NewTempWindow(t, widget.NewLabel("desk"))
	w.Resize(fyne.NewSize(1000, 700))
	c := w.Canvas()
	var before []fyne.KeyName
	c.SetOnTypedKey(func(ev *fyne.KeyEvent) { before = append(before, ev.Name) })
	called := 0
	d := Open(func(r fyne.URIReadCloser, err error) { called++ }, w)
	Show(d, w)
	c.Unfocus()
	c.OnTypedKey()(&fyne.KeyEvent{Name: fyne.KeyEscape})
	if c.Overlays().Top() != nil {
		t.Fatal("Esc left the Open dialog open")
	}
	if called != 1 {
		t.Errorf("the callback ran %d times, want once", called)
	}
	c.OnTypedKey()(&fyne.KeyEvent{Name: fyne.KeyF5})
	if len(before) != 1 || before[0] != fyne.KeyF5 {
		t.Errorf("the window's own key handler got %v after the dialog, want [F5]", before)
	}
}
