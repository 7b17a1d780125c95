package toggle

import (
	"testing"

	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
)

// The flag sets the state both ways, and setting it again keeps it.
func TestVisibleAndEnabledFollowTheFlag(t *testing.T) {
	test.NewTempApp(t)
	b := widget.NewButton("OK", nil)
	for _, on := range []bool{false, false, true, true, false} {
		Visible(b, on)
		Enabled(b, on)
		if b.Visible() != on || b.Disabled() == on {
			t.Fatalf("set %v: visible %v, disabled %v", on, b.Visible(), b.Disabled())
		}
	}
}
