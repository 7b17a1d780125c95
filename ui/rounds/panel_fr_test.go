package rounds

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/ui/internal/uitest"
)

// In French a Shadowfist table's headings, "Pts de partie ou sites" and
// "Pts de match", stand side by side at 1366×768 without running into
// each other.
func TestAShadowfistTablesFrenchHeadingsDoNotOverlap(t *testing.T) {
	if !uitest.InFrench(t) {
		return
	}
	f := openMulti(t, "shadowfist", "final-brawl", sevenPlayers[:4]...)
	f.openTable(t, "1")
	var value, score *widget.Label
	for _, o := range uitest.Objects(f.W.Canvas().Overlays().Top()) {
		if l, ok := o.(*widget.Label); ok {
			switch l.Text {
			case "Pts de partie ou sites":
				value = l
			case "Pts de match":
				score = l
			}
		}
	}
	if value == nil || score == nil {
		t.Fatalf("the headings are not shown: %q", uitest.Texts(f.W.Canvas().Overlays().Top()))
	}
	valueEnd := fyne.CurrentApp().Driver().AbsolutePositionForObject(value).X + value.MinSize().Width
	scoreText := fyne.CurrentApp().Driver().AbsolutePositionForObject(score).X + score.Size().Width - score.MinSize().Width
	if valueEnd > scoreText {
		t.Errorf("the value heading ends at %.0f, past the start of the score heading's text at %.0f", valueEnd, scoreText)
	}
}
