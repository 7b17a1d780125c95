package ui

import (
	"testing"

	"fyne.io/fyne/v2/test"

	"tablekeeper/ui/internal/uitest"
	"tablekeeper/ui/leagues"
)

// The sidebar's Leagues button shows the Leagues screen in place of the
// open event, and choosing an event brings the event back.
func TestTheLeaguesButtonShowsTheLeaguesScreen(t *testing.T) {
	d := uitest.Director(t)
	e := uitest.EventOf(t, d, "Week one", "shadowfist", "final-brawl")
	s, w := newWindow(t, ServicesOf(d), Options{OpenEvent: e.ID})
	test.Tap(uitest.Button(t, w.Content(), "Leagues", 0))
	if !uitest.HasText(w.Content(), leagues.CreateText) || uitest.HasText(w.Content(), "Registration") {
		t.Fatalf("the Leagues screen is not shown: %q", uitest.Texts(w.Content()))
	}
	s.list.OnOpen(e.ID)
	if uitest.HasText(w.Content(), leagues.CreateText) {
		t.Error("opening the event left the Leagues screen up")
	}
}
