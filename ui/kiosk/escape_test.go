package kiosk

import (
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/test"

	"tablekeeper/ui/internal/uitest"
	"tablekeeper/ui/internal/work"
)

// watched is a test window that remembers what the headless driver does
// not: whether it is hidden, how often it was focused, and its close
// intercept, so a close request (the close button, Alt+F4) can be sent.
type watched struct {
	fyne.Window
	hidden    bool
	focused   int
	intercept func()
	closed    bool
}

func (w *watched) Hide()                      { w.hidden = true; w.Window.Hide() }
func (w *watched) Show()                      { w.hidden = false; w.Window.Show() }
func (w *watched) RequestFocus()              { w.focused++; w.Window.RequestFocus() }
func (w *watched) SetCloseIntercept(f func()) { w.intercept = f; w.Window.SetCloseIntercept(f) }
func (w *watched) Close()                     { w.closed = true; w.Window.Close() }

// requestClose is what the window manager's close does: the intercept
// when there is one, else the window closes.
func (w *watched) requestClose() {
	if w.intercept != nil {
		w.intercept()
		return
	}
	w.Close()
}

// escape is a kiosk launched from an organizer's window.
type escape struct {
	organizer, kiosk *watched
	k                *Kiosk
	exited           int
}

// launchKiosk opens the kiosk the way the organizer's Kiosk button does,
// with the PIN 2468 already set.
func launchKiosk(t *testing.T) *escape {
	t.Helper()
	a := test.NewTempApp(t)
	d := uitest.Director(t)
	e := uitest.Event(t, d, "Friday Swiss")
	if err := d.Kiosk.SetKioskPIN(t.Context(), "2468"); err != nil {
		t.Fatal(err)
	}
	x := &escape{organizer: &watched{Window: test.NewTempWindow(t, nil)}}
	x.organizer.Show()
	launch(func() fyne.Window {
		// Not a temporary window: the right PIN closes it, and the test
		// driver cannot close a window twice.
		x.kiosk = &watched{Window: a.NewWindow(windowTitle)}
		return x.kiosk
	}, x.organizer, depsOf(d), work.Sync{}, e.ID, func() time.Time { return uitest.Now }, func(k *Kiosk) {
		x.k = k
		k.Stop() // the test ticks by hand
		k.OnExit = func() { x.exited++ }
	})
	if x.k == nil {
		t.Fatal("the kiosk did not open")
	}
	return x
}

// locked fails unless the kiosk is open and the organizer's window hidden.
func (x *escape) locked(t *testing.T, after string) {
	t.Helper()
	if x.kiosk.closed || x.exited != 0 {
		t.Fatalf("after %s the kiosk closed without the PIN", after)
	}
	if !x.organizer.hidden {
		t.Fatalf("after %s the organizer's window is shown while the kiosk runs", after)
	}
}

func (x *escape) typePIN(t *testing.T, pin string) {
	t.Helper()
	if x.k.current != x.k.pin {
		t.Fatal("the PIN pad is not open")
	}
	test.Type(x.k.pin.field, pin)
	key(x.k.pin.field, fyne.KeyReturn)
}

// Issue 11: with the kiosk open the organizer's window is hidden, so
// Alt+Tab cannot bring it up nor Alt+F4 quit the app from it; it comes
// back, focused, only after the right PIN.
func TestKioskEscapeTheOrganizerWindowIsHiddenUntilTheRightPIN(t *testing.T) {
	x := launchKiosk(t)
	x.locked(t, "opening")
	if !x.kiosk.FullScreen() || x.kiosk.focused == 0 {
		t.Fatal("the kiosk is not full screen with the focus")
	}
	before := x.organizer.focused

	x.k.ShowPIN()
	x.typePIN(t, "1357")
	x.locked(t, "a wrong PIN")
	if x.organizer.focused != before {
		t.Fatal("a wrong PIN focused the organizer's window")
	}
	x.k.Tick(uitest.Now.Add(PINDelay)) // the pad opens again
	x.typePIN(t, "2468")
	if !x.kiosk.closed || x.exited != 1 {
		t.Fatal("the right PIN did not close the kiosk")
	}
	if x.organizer.hidden || x.organizer.focused != before+1 {
		t.Fatalf("after the right PIN the organizer's window: hidden %v, focused %d times", x.organizer.hidden, x.organizer.focused-before)
	}
}

// A close request on the kiosk's window (its close button, Alt+F4, the
// window list) opens the PIN pad and closes nothing; Cancel goes back.
func TestKioskEscapeACloseRequestAsksForThePIN(t *testing.T) {
	x := launchKiosk(t)
	test.Type(x.k.start.search, "ana")
	for range 3 {
		x.kiosk.requestClose()
	}
	x.locked(t, "three close requests")
	if x.k.current != x.k.pin {
		t.Fatal("a close request did not open the PIN pad")
	}
	test.Tap(x.k.pin.cancel)
	if x.k.current != x.k.start || x.k.start.search.Text != "ana" {
		t.Fatal("Cancel did not go back to the search as it was")
	}
	x.locked(t, "Cancel")
}

// Ctrl+W, Ctrl+Q and Esc never leave the kiosk, whatever has the keyboard:
// Ctrl+W and Ctrl+Q open the PIN pad, Esc goes back a screen.
func TestKioskEscapeShortcutsNeverLeave(t *testing.T) {
	x := launchKiosk(t)
	ctrl := func(k fyne.KeyName) fyne.Shortcut {
		return &desktop.CustomShortcut{KeyName: k, Modifier: fyne.KeyModifierControl}
	}
	for _, s := range []fyne.Shortcut{ctrl(fyne.KeyW), ctrl(fyne.KeyQ)} {
		name := s.ShortcutName()
		// In the search field.
		x.k.Reset()
		x.k.start.search.TypedShortcut(s)
		if x.k.current != x.k.pin {
			t.Errorf("%s in the search field did not open the PIN pad", name)
		}
		x.locked(t, name)
		// On a button.
		x.k.Reset()
		x.k.start.newHere.TypedShortcut(s)
		if x.k.current != x.k.pin {
			t.Errorf("%s on a button did not open the PIN pad", name)
		}
		// With nothing focused: the window's own shortcuts.
		x.k.Reset()
		x.kiosk.Canvas().Unfocus()
		x.kiosk.Canvas().(fyne.Shortcutable).TypedShortcut(s)
		if x.k.current != x.k.pin {
			t.Errorf("%s with nothing focused did not open the PIN pad", name)
		}
		x.locked(t, name)
	}
	x.k.Reset()
	for range 5 {
		key(x.kiosk.Canvas().Focused(), fyne.KeyEscape)
	}
	x.locked(t, "Esc")
	if x.k.current != x.k.start {
		t.Fatal("Esc left the start screen")
	}
}

// Show desktop (Super+D) takes the focus from the kiosk: it is raised
// again, full screen and focused, at once and at each tick while it is
// away; once it has the focus back the ticks leave it alone.
func TestKioskEscapeShowDesktopBringsTheKioskBack(t *testing.T) {
	x := launchKiosk(t)
	x.kiosk.hidden = true // what the window manager did
	x.kiosk.SetFullScreen(false)
	before := x.kiosk.focused
	x.k.setAway(true)
	if x.kiosk.hidden || !x.kiosk.FullScreen() || x.kiosk.focused != before+1 {
		t.Fatalf("after show desktop the kiosk: hidden %v, full screen %v, focused %d times",
			x.kiosk.hidden, x.kiosk.FullScreen(), x.kiosk.focused-before)
	}
	x.k.Tick(uitest.Now)
	if x.kiosk.focused != before+2 {
		t.Fatal("a tick while the kiosk is away did not raise it again")
	}
	x.k.setAway(false)
	x.k.Tick(uitest.Now)
	if x.kiosk.focused != before+2 {
		t.Fatal("a tick raised the kiosk that has the focus")
	}
	x.locked(t, "show desktop")
}

// A kiosk window destroyed without the PIN (killed by the window manager)
// gives the organizer's window back, focused; it cannot stay hidden.
func TestKioskEscapeAKioskWindowDestroyedGivesTheOrganizerBack(t *testing.T) {
	x := launchKiosk(t)
	before := x.organizer.focused
	x.kiosk.Close() // not requestClose: no intercept, as a kill
	if x.organizer.hidden || x.organizer.focused != before+1 {
		t.Fatalf("after the kiosk window went, the organizer's window: hidden %v, focused %d times",
			x.organizer.hidden, x.organizer.focused-before)
	}
	if x.k.away || x.k.unhook != nil {
		t.Error("the kiosk still watches the app's foreground after its window went")
	}
}
