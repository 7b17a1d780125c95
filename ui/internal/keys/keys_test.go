package keys

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
)

func TestButtonTakesEnterAndPassesEsc(t *testing.T) {
	test.NewTempApp(t)
	tapped, escaped := 0, 0
	b := NewButton("Save", nil, func() { tapped++ })
	b.OnEscape = func() { escaped++ }
	b.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	b.TypedKey(&fyne.KeyEvent{Name: fyne.KeyEscape})
	b.Disable()
	b.TypedKey(&fyne.KeyEvent{Name: fyne.KeyEnter})
	if tapped != 1 || escaped != 1 {
		t.Errorf("tapped %d, escaped %d; want 1 and 1 (a disabled button ignores Enter)", tapped, escaped)
	}
}
