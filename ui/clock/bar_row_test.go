package clock

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
)

// The round's name beside the clock is never cut to "R…": where the
// buttons leave it too little room (the Round tab of a 1366-pixel window,
// the event list beside it) it goes on a line of its own under them,
// whole; where there is room it stays beside the clock.
func TestTheRoundNameIsNeverCutBesideTheClock(t *testing.T) {
	f := setup(t)
	label := f.b.roundText
	if label.Text == "" {
		t.Fatal("no round name in the bar")
	}
	for _, c := range []struct {
		width float32
		below bool
	}{{956, true}, {1900, false}} {
		f.w.Resize(fyne.NewSize(c.width, 260))
		row := f.b.content.(*fyne.Container).Objects[0].(*fyne.Container)
		// Lay the row out at its new height, as the window does on the
		// next frame once its MinSize changed.
		row.Resize(fyne.NewSize(row.Size().Width, row.MinSize().Height))
		row.Layout.Layout(row.Objects, row.Size())
		if f.b.row.below != c.below {
			t.Errorf("at %.0f px the name is below the buttons: %v, want %v", c.width, f.b.row.below, c.below)
		}
		need := fyne.MeasureText(label.Text, theme.TextSize(), label.TextStyle).Width + 2*theme.InnerPadding()
		if c.below && label.Size().Width < need {
			t.Errorf("at %.0f px the name %q has %.0f px, needs %.0f", c.width, label.Text, label.Size().Width, need)
		}
		buttons := row.Objects[1]
		lp, bp := f.b.roundSlot.Position(), buttons.Position()
		if !c.below && lp.X+f.b.roundSlot.Size().Width > bp.X+0.5 {
			t.Errorf("at %.0f px the name runs under the buttons", c.width)
		}
		if c.below && lp.Y < bp.Y+buttons.Size().Height-0.5 {
			t.Errorf("at %.0f px the name below overlaps the buttons (name at y %.0f, buttons end at %.0f)", c.width, lp.Y, bp.Y+buttons.Size().Height)
		}
	}
}

// A name that grows after the row was laid out (the bar is laid out
// before its round is read, with no name) goes below the buttons too.
func TestARoundNameThatGrowsAfterTheLayoutIsNotCut(t *testing.T) {
	f := setup(t)
	name := f.b.roundText.Text
	f.w.Resize(fyne.NewSize(956, 260))
	f.b.roundText.SetText("")
	f.b.rowBox.Layout.Layout(f.b.rowBox.Objects, f.b.rowBox.Size())
	if f.b.row.below {
		t.Fatal("an empty name is laid out below the buttons")
	}
	f.b.render(f.clock.Now())
	if f.b.roundText.Text != name || !f.b.row.below {
		t.Errorf("after the name %q came back at 956 px, below the buttons: %v, want true", f.b.roundText.Text, f.b.row.below)
	}
}
