package keys

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
)

func press(c fyne.Canvas, k fyne.KeyName) { c.Focused().TypedKey(&fyne.KeyEvent{Name: k}) }

// Every dialog answers Enter and Esc: Enter gives the default answer (No
// unless the question says otherwise), Tab then Enter the other one, Esc
// dismisses, and the field that had the cursor gets it back.
func TestConfirmAnswersEnterAndEscAndGivesTheFocusBack(t *testing.T) {
	test.NewTempApp(t)
	field := widget.NewEntry()
	w := test.NewTempWindow(t, field)
	w.Resize(fyne.NewSize(800, 600))
	c := w.Canvas()
	for _, tc := range []struct {
		name         string
		yesByDefault bool
		keys         []fyne.KeyName
		want         bool
	}{
		{"Enter gives the safe answer", false, []fyne.KeyName{fyne.KeyReturn}, false},
		{"Tab then Enter gives the other", false, []fyne.KeyName{fyne.KeyTab, fyne.KeyReturn}, true},
		{"Esc dismisses", false, []fyne.KeyName{fyne.KeyEscape}, false},
		{"Enter confirms a question whose default is yes", true, []fyne.KeyName{fyne.KeyEnter}, true},
		{"Esc dismisses even then", true, []fyne.KeyName{fyne.KeyEscape}, false},
	} {
		c.Focus(field)
		answers := []bool{}
		q := NewConfirm(w, ConfirmOptions{Title: "Finish", Message: "Finish the event?", Yes: "Finish event", YesByDefault: tc.yesByDefault},
			func(yes bool) { answers = append(answers, yes) })
		q.Show()
		for _, k := range tc.keys {
			if k == fyne.KeyTab {
				c.FocusNext()
				continue
			}
			press(c, k)
		}
		if len(answers) != 1 || answers[0] != tc.want {
			t.Errorf("%s: answers %v, want [%v]", tc.name, answers, tc.want)
		}
		if c.Focused() != field {
			t.Errorf("%s: the focus did not come back to the field", tc.name)
		}
		q.Confirm() // answered already: nothing more happens
		if len(answers) != 1 {
			t.Errorf("%s: answered twice", tc.name)
		}
	}
}

func TestInformClosesOnEnterOrEsc(t *testing.T) {
	test.NewTempApp(t)
	field := widget.NewEntry()
	w := test.NewTempWindow(t, field)
	w.Resize(fyne.NewSize(800, 600))
	for _, k := range []fyne.KeyName{fyne.KeyReturn, fyne.KeyEscape} {
		w.Canvas().Focus(field)
		d := Inform(w, "Not saved", "there is no table 9 in round 2")
		press(w.Canvas(), k)
		if d.Visible() || w.Canvas().Focused() != field {
			t.Errorf("%s: still open %v, focus %v", k, d.Visible(), w.Canvas().Focused())
		}
	}
}
