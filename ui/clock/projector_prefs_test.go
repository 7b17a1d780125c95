package clock

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
)

// Sound turned off stays off at the next start of the bar (a restart of
// the program), and back on once turned on.
func TestSoundIsRememberedBetweenStarts(t *testing.T) {
	f := setup(t)
	test.TapAt(f.b.sound, fyne.NewPos(10, f.b.sound.Size().Height/2))
	g := show(t, f.app, f.d, f.e, f.clock)
	if g.b.sound.Checked {
		t.Fatal("Sound is on again after a restart")
	}
	test.TapAt(g.b.sound, fyne.NewPos(10, g.b.sound.Size().Height/2))
	if h := show(t, f.app, f.d, f.e, f.clock); !h.b.sound.Checked {
		t.Error("Sound turned back on is off after a restart")
	}
}

// The projector opens full screen if it was full screen when it closed,
// and in a window once F11 or Esc took it out.
func TestProjectorFullScreenIsRemembered(t *testing.T) {
	f := setup(t)
	f.b.OpenProjector()
	f.b.Projector().onKey(&fyne.KeyEvent{Name: fyne.KeyF11})
	f.b.Projector().Close()
	if f.b.Projector() != nil {
		t.Fatal("the projector is still open")
	}

	g := show(t, f.app, f.d, f.e, f.clock)
	g.b.OpenProjector()
	p := g.b.Projector()
	if !p.Window().FullScreen() {
		t.Fatal("the projector reopens in a window, though it was full screen")
	}
	p.onKey(&fyne.KeyEvent{Name: fyne.KeyEscape})
	p.Close()

	h := show(t, f.app, f.d, f.e, f.clock)
	h.b.OpenProjector()
	defer h.b.Projector().Close()
	if h.b.Projector().Window().FullScreen() {
		t.Error("the projector reopens full screen, though Esc left full screen")
	}
}
