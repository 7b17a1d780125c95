package ui

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"tablekeeper/ui/internal/prefs"
	"tablekeeper/ui/internal/uitest"
	"tablekeeper/ui/internal/work"
)

// The window comes back at the size it was closed at, on the event that
// was open.
func TestTheNextStartRestoresTheSizeAndTheOpenEvent(t *testing.T) {
	a := test.NewTempApp(t)
	d := uitest.Director(t)
	uitest.Event(t, d, "Monday")
	e := uitest.Event(t, d, "Friday night")
	s, w := createShell(a, ServicesOf(d), Options{}, work.Sync{})
	if s.view.id != 0 {
		t.Fatalf("a first start opened event %d", s.view.id)
	}
	s.open(e.ID)
	w.Resize(fyne.NewSize(1500, 900))
	s.onCloseRequested() // no round under way: closes at once

	s2, w2 := createShell(a, ServicesOf(d), Options{}, work.Sync{})
	defer w2.Close()
	if s2.view.id != e.ID {
		t.Errorf("the next start opened event %d, want %d (Friday night)", s2.view.id, e.ID)
	}
	if got := w2.Canvas().Size(); got != fyne.NewSize(1500, 900) {
		t.Errorf("the next start is %v, want 1500×900", got)
	}
}

// An event that no longer exists (another database, or deleted) is not
// reopened, and is forgotten.
func TestAGoneEventIsNotReopened(t *testing.T) {
	a := test.NewTempApp(t)
	prefs.Of(a).SetLastEvent(999)
	s, w := createShell(a, ServicesOf(uitest.Director(t)), Options{}, work.Sync{})
	defer w.Close()
	if s.view.id != 0 {
		t.Errorf("opened event %d, which does not exist", s.view.id)
	}
	if id := prefs.Of(a).LastEvent(); id != 0 {
		t.Errorf("the gone event %d is still remembered", id)
	}
}

// The Leagues screen leaves no event open, so none reopens.
func TestLeaguesForgetsTheOpenEvent(t *testing.T) {
	a := test.NewTempApp(t)
	d := uitest.Director(t)
	e := uitest.Event(t, d, "Friday night")
	s, w := createShell(a, ServicesOf(d), Options{OpenEvent: e.ID}, work.Sync{})
	defer w.Close()
	test.Tap(s.leaguesButton)
	if id := prefs.Of(a).LastEvent(); id != 0 {
		t.Errorf("event %d is remembered after Leagues", id)
	}
}
