package startup

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"tablekeeper/ui/internal/uitest"
)

// The window for a missing database asks before creating one: Enter
// creates it, and Esc quits.
func TestStartupWindowAsksBeforeCreating(t *testing.T) {
	a := test.NewTempApp(t)
	created := 0
	p := Problem{Title: "No database at this path", Message: "There is no Tablekeeper database at /home/ada/tk/typo.db.", Advice: "Quit and start again with the right path, or create one."}
	p.Create = func() { created++ }
	w := Show(a, p)
	w.Show()
	for _, want := range []string{"No database at this path", "There is no Tablekeeper database at /home/ada/tk/typo.db.", "Create a new database here", "Quit"} {
		if !uitest.HasText(w.Content(), want) {
			t.Errorf("no %q in %q", want, uitest.Texts(w.Content()))
		}
	}
	w.Canvas().OnTypedKey()(&fyne.KeyEvent{Name: fyne.KeyReturn})
	if created != 1 {
		t.Errorf("Enter created %d databases", created)
	}
	quit := 0
	w.SetContent(Content(Problem{Title: "Tablekeeper cannot open its database", Message: "x.db is not a Tablekeeper database", Advice: "Check the path."}, w, func() { quit++ }))
	if uitest.HasText(w.Content(), "Create a new database here") {
		t.Error("a foreign file offers to create a database")
	}
	w.Canvas().OnTypedKey()(&fyne.KeyEvent{Name: fyne.KeyEscape})
	w.Canvas().OnTypedKey()(&fyne.KeyEvent{Name: fyne.KeyReturn})
	if quit != 2 {
		t.Errorf("Esc and Enter on a problem quit %d times, want 2", quit)
	}
}
