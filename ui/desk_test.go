package ui

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"

	"tablekeeper/core/director"
	"tablekeeper/ui/internal/uitest"
)

// held is a Runner that keeps each job until the test runs it, so a test
// sees the window between a click and the director's answer.
type held struct{ jobs []func() }

func (h *held) Go(work func(), apply func()) {
	h.jobs = append(h.jobs, func() { work(); apply() })
}

// run runs the i-th job kept (its apply may keep more).
func (h *held) run(i int) {
	j := h.jobs[i]
	h.jobs = append(h.jobs[:i:i], h.jobs[i+1:]...)
	j()
}

func (h *held) runAll() {
	for len(h.jobs) > 0 {
		h.run(0)
	}
}

func heldWindow(t *testing.T, d Services) (*shell, *held) {
	t.Helper()
	test.NewTempApp(t)
	w := test.NewTempWindow(t, nil)
	h := &held{}
	s := newShell(w, d, h, uitestNow)
	w.SetContent(s.content)
	w.Resize(fyne.NewSize(1366, 768))
	s.start(Options{})
	h.runAll()
	return s, h
}

// An event opens on "Loading…" everywhere, offering no step, until its
// reads arrive: never on the steps and words of another state.
func TestAnEventOpensOnLoadingNeverOnAWrongState(t *testing.T) {
	d := uitest.Director(t)
	e := uitest.Event(t, d, "Friday Swiss")
	uitest.Players(t, d, e.ID, "Ada Lovelace", "Bob Stone", "Carol Reed", "Dan Brown")
	uitest.Pair(t, d, e.ID)
	s, h := heldWindow(t, ServicesOf(d))

	s.open(e.ID)
	v := s.view
	if v.title.Text != "Loading…" {
		t.Errorf("title %q before the first read, want Loading…", v.title.Text)
	}
	for name, b := range map[string]fyne.CanvasObject{"pair": v.pairButton, "settings": v.settingsButton, "kiosk": v.kioskButton, "other": v.otherButton} {
		if b.Visible() {
			t.Errorf("the %s button shows before the event's state is read", name)
		}
	}
	if v.round.Content() == nil || !uitest.HasText(v.round.Content(), "Loading…") || uitest.HasText(v.round.Content(), "No round paired yet. When registration is done, press Pair round 1 above.") {
		t.Errorf("the Round tab before its read: %q", uitest.Texts(v.round.Content()))
	}
	if !uitest.HasText(v.registration.Content(), "Loading…") || uitest.HasText(v.registration.Content(), "Nobody is registered yet.") {
		t.Errorf("the Registration tab before its read: %q", uitest.Texts(v.registration.Content()))
	}

	for _, tab := range []*container.TabItem{v.standingsTab, v.judgeTab} {
		v.tabs.Select(tab) // its read waits too
		if c := tab.Content; !uitest.HasText(c, "Loading…") || uitest.HasText(c, "Nobody is registered yet.") {
			t.Errorf("the %s tab before its read: %q", tab.Text, uitest.Texts(c))
		}
	}

	h.runAll()
	if v.title.Text != "Friday Swiss" || !v.pairButton.Visible() || v.settingsButton.Visible() {
		t.Errorf("after the reads: title %q, pair shown %v, settings shown %v", v.title.Text, v.pairButton.Visible(), v.settingsButton.Visible())
	}
	if uitest.HasText(v.round.Content(), "Loading…") || len(v.round.Sheet().Tables) != 2 {
		t.Errorf("the Round tab after its read: %d tables, %q", len(v.round.Sheet().Tables), uitest.Texts(v.round.Content()))
	}
	if got := v.registration.CountsText(); got != "4 registered · 0 checked in · 0 dropped" {
		t.Errorf("counts %q", got)
	}
}

// Pair round 1: at once the button is off and says so, the Round tab
// says the round is being paired, and a read of the header arriving
// meanwhile does not turn the button back on.
func TestPairingShowsItIsUnderWayAtOnceAndTheButtonStaysOff(t *testing.T) {
	d := uitest.Director(t)
	e := uitest.Event(t, d, "Friday Swiss")
	uitest.Players(t, d, e.ID, "Ada Lovelace", "Bob Stone", "Carol Reed", "Dan Brown")
	s, h := heldWindow(t, ServicesOf(d))
	s.open(e.ID)
	h.runAll()
	v := s.view
	test.Tap(v.pairButton)
	if !v.pairButton.Disabled() || v.pairButton.Text != "Pairing round 1…" {
		t.Errorf("at the click the button says %q (disabled %v)", v.pairButton.Text, v.pairButton.Disabled())
	}
	// The checks before pairing (drop requests, ties at the cut) run
	// first; then the pairing itself is under way.
	for v.pairing == 0 && len(h.jobs) > 0 {
		h.run(0)
	}
	if v.pairing != 1 {
		t.Fatal("pairing never started")
	}
	if !v.pairButton.Disabled() || v.pairButton.Text != "Pairing round 1…" {
		t.Errorf("during pairing the button says %q (disabled %v)", v.pairButton.Text, v.pairButton.Disabled())
	}
	if v.tabs.Selected() != v.roundTab || !uitest.HasText(v.round.Content(), "Pairing round 1…") {
		t.Errorf("during pairing the Round tab (selected %v) says %q", v.tabs.Selected() == v.roundTab, uitest.Texts(v.round.Content()))
	}
	// A read of the header made before the pairing, arriving during it.
	v.reloadHeader(false)
	h.run(len(h.jobs) - 1)
	if !v.pairButton.Disabled() {
		t.Error("a header read during the pairing turned the button back on")
	}

	h.runAll()
	if v.pairing != 0 || v.state.Next != director.StepPublish || v.pairButton.Disabled() || v.pairButton.Text != "Publish round 1" {
		t.Errorf("after pairing: next %v, button %q (disabled %v)", v.state.Next, v.pairButton.Text, v.pairButton.Disabled())
	}
	if !v.round.Draft() || len(v.round.Sheet().Tables) != 2 || uitest.HasText(v.round.Content(), "Pairing round 1…") {
		t.Errorf("after pairing the Round tab shows %d tables (draft %v): %q", len(v.round.Sheet().Tables), v.round.Draft(), uitest.Texts(v.round.Content()))
	}

	// Publish from the header: off at once, until the round is read back.
	test.Tap(v.pairButton)
	if !v.pairButton.Disabled() || v.pairButton.Text != "Publishing round 1…" {
		t.Errorf("during publishing the button says %q (disabled %v)", v.pairButton.Text, v.pairButton.Disabled())
	}
	h.runAll()
	if v.round.Draft() || v.state.Draft || v.pairButton.Text != "Pair round 2" {
		t.Errorf("after publishing: draft shown %v, header draft %v, button %q", v.round.Draft(), v.state.Draft, v.pairButton.Text)
	}
}

// Opening another event never shows the log of the one before while the
// new one's is read.
func TestTheLogTabNeverShowsTheEventBefore(t *testing.T) {
	d := uitest.Director(t)
	first := uitest.Event(t, d, "Friday Swiss")
	uitest.Players(t, d, first.ID, "Ada Lovelace", "Bob Stone")
	second := uitest.Event(t, d, "Tuesday Swiss")
	s, h := heldWindow(t, ServicesOf(d))
	s.open(first.ID)
	h.runAll()
	if len(s.view.log.entries) == 0 {
		t.Fatal("the first event's log is empty")
	}
	s.open(second.ID)
	if n := len(s.view.log.entries); n != 0 {
		t.Errorf("before the second event's log is read, the tab shows %d entries of the first", n)
	}
	h.runAll()
	for _, e := range s.view.log.entries {
		if e.EventID != second.ID {
			t.Errorf("the log shows an entry of event %d", e.EventID)
		}
	}
}
