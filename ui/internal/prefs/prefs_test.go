package prefs

import (
	"fmt"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
)

// restart is a second start of the program on the same preferences: a new
// Prefs over the same store, as Of(app) gives after the app starts again.
func restart(a fyne.App) Prefs { return Of(a) }

// Every choice set in one start is read back in the next.
func TestChoicesSurviveARestart(t *testing.T) {
	a := test.NewTempApp(t)
	p := Of(a)
	p.SetWindowSize(fyne.NewSize(1500, 900))
	p.SetWindowPosition(-1900, 40)
	p.SetLastEvent(42)
	p.SetPaper("Letter")
	if err := p.SetLanguage("en"); err != nil {
		t.Fatal(err)
	}
	p.SetSound(false)
	p.SetProjectorFullScreen(true)
	p.SetProjectorPosition(1920, 0)

	q := restart(a)
	if s, ok := q.WindowSize(); !ok || s != fyne.NewSize(1500, 900) {
		t.Errorf("window size %v (%v), want 1500×900", s, ok)
	}
	if x, y, ok := q.WindowPosition(); !ok || x != -1900 || y != 40 {
		t.Errorf("window position %d,%d (%v), want -1900,40", x, y, ok)
	}
	if id := q.LastEvent(); id != 42 {
		t.Errorf("last event %d, want 42", id)
	}
	if paper := q.Paper("A4"); paper != "Letter" {
		t.Errorf("paper %q, want Letter", paper)
	}
	if l := q.Language(); l != "en" {
		t.Errorf("language %q, want en", l)
	}
	if q.Sound() {
		t.Error("sound is on, want off")
	}
	if !q.ProjectorFullScreen() {
		t.Error("projector is not full screen, want full screen")
	}
	if x, y, ok := q.ProjectorPosition(); !ok || x != 1920 || y != 0 {
		t.Errorf("projector position %d,%d (%v), want 1920,0", x, y, ok)
	}
}

// A first start reads the defaults: no size or position, no event, the
// locale's paper, the system's language, sound on, a projector in a window.
func TestFirstStartReadsTheDefaults(t *testing.T) {
	for name, p := range map[string]Prefs{"new app": Of(test.NewTempApp(t)), "no app": Of(nil)} {
		if _, ok := p.WindowSize(); ok {
			t.Errorf("%s: a window size is remembered", name)
		}
		if _, _, ok := p.WindowPosition(); ok {
			t.Errorf("%s: a window position is remembered", name)
		}
		if _, _, ok := p.ProjectorPosition(); ok {
			t.Errorf("%s: a projector position is remembered", name)
		}
		if p.LastEvent() != 0 || p.Paper("A4") != "A4" || p.Language() != "" || !p.Sound() || p.ProjectorFullScreen() {
			t.Errorf("%s: defaults: event %d, paper %q, language %q, sound %v, full screen %v",
				name, p.LastEvent(), p.Paper("A4"), p.Language(), p.Sound(), p.ProjectorFullScreen())
		}
	}
}

// A tiny size (a window squeezed to nothing) is not kept; nor is it read
// back if the file holds one.
func TestATinyWindowSizeIsNotRestored(t *testing.T) {
	a := test.NewTempApp(t)
	p := Of(a)
	p.SetWindowSize(fyne.NewSize(1200, 700))
	p.SetWindowSize(fyne.NewSize(0, 0))
	if s, ok := p.WindowSize(); !ok || s != fyne.NewSize(1200, 700) {
		t.Errorf("after a zero size: %v (%v), want the 1200×700 kept", s, ok)
	}
	a.Preferences().SetFloat(KeyWindowWidth, 10)
	if _, ok := p.WindowSize(); ok {
		t.Error("a 10-pixel-wide window is restored")
	}
}

// Choosing no event and no language forgets them.
func TestClearingForgets(t *testing.T) {
	p := Of(test.NewTempApp(t))
	p.SetLastEvent(3)
	p.SetLastEvent(0)
	_ = p.SetLanguage("en")
	_ = p.SetLanguage("")
	if p.LastEvent() != 0 || p.Language() != "" {
		t.Errorf("event %d, language %q after clearing", p.LastEvent(), p.Language())
	}
}

// A language with no translation is refused with a sentence, and the
// stored choice stays.
func TestAnUnknownLanguageIsRefused(t *testing.T) {
	p := Of(test.NewTempApp(t))
	if err := p.SetLanguage("fr"); err != nil {
		t.Fatalf("French is shipped: %v", err)
	}
	err := p.SetLanguage("de")
	if err == nil {
		t.Fatal("de is accepted before its translation exists")
	}
	if want := "Tablekeeper has no de translation; choose one of: en, fr, or none to follow the system"; err.Error() != want {
		t.Errorf("error %q, want %q", err, want)
	}
	if p.Language() != "fr" {
		t.Errorf("language %q after a refused change, want fr", p.Language())
	}
}

// The test driver's windows have no native position: Position and Move
// say so instead of pretending.
func TestPositionNeedsTheDesktopDriver(t *testing.T) {
	w := test.NewTempApp(t).NewWindow("x")
	if _, _, ok := Position(w); ok {
		t.Error("Position reports a position for a test window")
	}
	if Move(w, 10, 10) {
		t.Error("Move reports moving a test window")
	}
}

// The store network is off until turned on, then stays as left; its port
// is 8080 until another is chosen, and a number that is no port is
// refused.
func TestTheStoreNetworkIsOffUntilTurnedOnAndKeepsItsPort(t *testing.T) {
	a := test.NewTempApp(t)
	p := Of(a)
	if p.StoreNetwork() || p.NetworkPort() != DefaultNetworkPort {
		t.Fatalf("defaults: on %v, port %d", p.StoreNetwork(), p.NetworkPort())
	}
	p.SetStoreNetwork(true)
	if err := p.SetNetworkPort(8123); err != nil {
		t.Fatal(err)
	}
	q := restart(a)
	if !q.StoreNetwork() || q.NetworkPort() != 8123 {
		t.Errorf("after a restart: on %v, port %d", q.StoreNetwork(), q.NetworkPort())
	}
	for _, bad := range []int{0, -1, 65536} {
		err := q.SetNetworkPort(bad)
		if err == nil || err.Error() != fmt.Sprintf("%d is not a port: choose a number from 1 to 65535, such as 8080", bad) {
			t.Errorf("port %d: %v", bad, err)
		}
	}
	if q.NetworkPort() != 8123 {
		t.Error("a refused port replaced the chosen one")
	}
	var none Prefs
	none.SetStoreNetwork(true)
	if none.StoreNetwork() || none.NetworkPort() != DefaultNetworkPort || none.SetNetworkPort(80) != nil {
		t.Error("a Prefs of no app keeps something")
	}
}
