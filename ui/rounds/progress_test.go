package rounds

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"tablekeeper/ui/internal/uitest"
)

// held is a Runner that keeps each job until the test runs it.
type held struct{ jobs []func() }

func (h *held) Go(work func(), apply func()) {
	h.jobs = append(h.jobs, func() { work(); apply() })
}

func (h *held) next() {
	j := h.jobs[0]
	h.jobs = h.jobs[1:]
	j()
}

func (h *held) runAll() {
	for len(h.jobs) > 0 {
		h.next()
	}
}

// Publish: at once its buttons are off and the status line says the
// round is being published, until the round is read back published; never
// a published header over a draft's live buttons.
func TestPublishingShowsItIsUnderWayUntilTheRoundIsReadBack(t *testing.T) {
	test.NewTempApp(t)
	d := uitest.Director(t)
	e := uitest.Event(t, d, "Friday Swiss")
	uitest.Players(t, d, e.ID, "Ada Lovelace", "Bob Stone", "Carol Reed", "Dan Brown")
	if _, err := d.Rounds.PairNextRound(t.Context(), e.ID); err != nil {
		t.Fatal(err)
	}
	errs := &uitest.Errors{}
	w := test.NewTempWindow(t, nil)
	h := &held{}
	s := New(depsOf(d), h, errs.Alert, w)
	w.SetContent(s.Content())
	w.Resize(fyne.NewSize(1000, 700))
	s.Load(e.ID)
	if !uitest.HasText(s.Content(), "Loading…") || !s.working.Visible() {
		t.Errorf("before the first read: %q (bar shown %v)", uitest.Texts(s.Content()), s.working.Visible())
	}
	h.runAll()
	if !s.Draft() || s.working.Visible() {
		t.Fatalf("the draft is not shown (or the bar still is)")
	}

	// The draft's hint is in its empty status line, not on a line of its
	// own, and gives way to what the status line has to say.
	if !s.draftHint.Visible() || s.hint.Visible() || s.entryBar.Visible() {
		t.Errorf("in a draft: hint in the status line %v, hint line %v, entry fields %v; want true, false, false", s.draftHint.Visible(), s.hint.Visible(), s.entryBar.Visible())
	}

	test.Tap(s.publish)
	if s.draftHint.Visible() {
		t.Error("the draft's hint is over the status line's Publishing…")
	}
	if !s.publish.Disabled() || !s.repairButton.Disabled() || !s.swapButton.Disabled() || s.status.Text != "Publishing round 1…" || !s.working.Visible() {
		t.Fatalf("at the click: publish disabled %v, pair again disabled %v, status %q, bar %v", s.publish.Disabled(), s.repairButton.Disabled(), s.status.Text, s.working.Visible())
	}
	h.next() // the write
	if !s.publish.Disabled() || !s.working.Visible() {
		t.Error("published but not read back: the draft's buttons came back on")
	}
	h.runAll() // the read
	if s.Draft() || s.working.Visible() || s.table.Disabled() {
		t.Errorf("after the read: draft %v, bar %v, Table field disabled %v", s.Draft(), s.working.Visible(), s.table.Disabled())
	}
	if s.draftHint.Visible() || !s.hint.Visible() || !s.entryBar.Visible() {
		t.Errorf("published: draft hint %v, hint line %v, entry fields %v; want false, true, true", s.draftHint.Visible(), s.hint.Visible(), s.entryBar.Visible())
	}
	if s.status.Text != "Round 1 published: enter the results as tables report" {
		t.Errorf("status %q", s.status.Text)
	}
	errs.None(t)
}
