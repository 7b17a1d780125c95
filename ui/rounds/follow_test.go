package rounds

import (
	"context"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/ui/internal/uitest"
	"tablekeeper/ui/internal/work"
)

// countingViews counts the tab's reads of its view.
type countingViews struct {
	Views
	views int
}

func (c *countingViews) RoundView(ctx context.Context, id event.EventID, number, seen int) (director.RoundView, error) {
	c.views++
	return c.Views.RoundView(ctx, id, number, seen)
}

// openFollowing opens the round tab as the window does: it follows the
// director's changes (Follow), here as soon as they are told, and counts
// its reads.
func openFollowing(t *testing.T) (fixture, *countingViews) {
	t.Helper()
	f := setup(t)
	cd := &countingViews{Views: f.D.Views}
	deps := depsOf(f.D)
	deps.Views = cd
	s := New(deps, work.Sync{}, f.Errs.Alert, f.W)
	t.Cleanup(f.D.Subscribe(s.Follow))
	f.W.SetContent(s.Content())
	f.W.Resize(fyne.NewSize(1000, 700))
	s.Load(f.E.ID)
	f.S = s
	return f, cd
}

// A change saved in the tab of a window that follows the director's
// changes is read once: when the save returns, not also for its change. A report dealt with from the list, and a change made elsewhere
// (a phone's report), are read once each too; a change of another event
// is not read.
func TestASaveIsReadOncePerChange(t *testing.T) {
	f, cd := openFollowing(t)
	cd.views = 0
	f.enter(t, "1", "2-1")
	f.Errs.None(t)
	if cd.views != 1 {
		t.Errorf("a result saved: %d reads, want 1", cd.views)
	}
	if !uitest.HasText(f.W.Content(), "2–1") {
		t.Error("the result is not shown in the table list")
	}
	cd.views = 0
	if _, err := f.report(t, 1, "0-2", "f9e8d7c6b5"); err == nil {
		t.Fatal("a conflicting report was recorded")
	}
	if cd.views != 1 || len(f.S.PhoneReports()) != 1 {
		t.Fatalf("a phone's report: %d reads, %d reports listed", cd.views, len(f.S.PhoneReports()))
	}
	cd.views = 0
	test.Tap(uitest.Button(t, f.W.Content(), "Reject", 0))
	if cd.views != 1 || f.S.phone.box.Visible() {
		t.Errorf("a report rejected: %d reads, list shown %v", cd.views, f.S.phone.box.Visible())
	}
	cd.views = 0
	f.S.Follow(director.Change{Event: f.E.ID + 1, What: director.ChangeResult})
	f.S.Follow(director.Change{Event: f.E.ID, What: director.ChangeClock})
	if cd.views != 0 {
		t.Errorf("another event's change and a clock's: %d reads", cd.views)
	}
}
