package registration

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"tablekeeper/ui/internal/uitest"
)

// held is a Runner that, while hold is on, keeps each job until the test
// runs it, so a test chooses the order in which reads and writes finish.
type held struct {
	hold bool
	jobs []func()
}

func (h *held) Go(work func(), apply func()) {
	if !h.hold {
		work()
		apply()
		return
	}
	h.jobs = append(h.jobs, func() { work(); apply() })
}

// run runs the i-th job kept.
func (h *held) run(t *testing.T, i int) {
	t.Helper()
	if i >= len(h.jobs) {
		t.Fatalf("job %d of %d", i, len(h.jobs))
	}
	j := h.jobs[i]
	h.jobs = append(h.jobs[:i:i], h.jobs[i+1:]...)
	j()
}

func (h *held) runAll(t *testing.T) {
	for len(h.jobs) > 0 {
		h.run(t, 0)
	}
}

func heldSetup(t *testing.T, names ...string) (fixture, *held) {
	t.Helper()
	test.NewTempApp(t)
	d := uitest.Director(t)
	e := uitest.Event(t, d, "Friday Swiss")
	uitest.Players(t, d, e.ID, names...)
	h := &held{}
	return show(t, d, e, h, fyne.NewSize(1100, 700)), h
}

// box is the Present box showing row.
func (f fixture) box(t *testing.T, row int) *presentBox {
	t.Helper()
	for _, b := range f.S.entryBoxes {
		if b.row == row && b.Visible() {
			return b
		}
	}
	t.Fatalf("no Present box shows row %d", row)
	return nil
}

func (f fixture) savedPresent(t *testing.T, row int) bool {
	t.Helper()
	return f.Entries(t)[row].CheckedIn
}

// Space shows the tick at once; a read of the registration that was under
// way before the check-in was saved, arriving after, does not take the
// tick away; and a key on a box always asks for the opposite of what the
// box shows, never the opposite of what the database holds.
func TestCheckInShowsAtOnceAndALateReadNeverUndoesWhatTheScreenShows(t *testing.T) {
	f, h := heldSetup(t, "Ada Lovelace", "Karl Benz", "Cleo Fox")
	h.hold = true
	f.S.Reload() // a read under way: it will see Karl absent

	test.Type(f.box(t, 1), " ")
	if !f.box(t, 1).Checked || f.S.CountsText() != "3 registered · 1 checked in · 0 dropped" {
		t.Fatalf("before any answer: box %v, counts %q; want the tick and the count at once", f.box(t, 1).Checked, f.S.CountsText())
	}
	h.run(t, 0) // the older read arrives first
	if !f.box(t, 1).Checked {
		t.Fatal("a read made before the check-in was saved took the tick away")
	}
	h.run(t, 0) // the write
	if !f.savedPresent(t, 1) {
		t.Fatal("Karl is not saved as checked in")
	}
	if f.S.status.Text != "Karl Benz checked in" {
		t.Errorf("status %q", f.S.status.Text)
	}

	// Space again before the read after the write arrives: the box shows
	// the tick, so this undoes it, on screen at once.
	test.Type(f.box(t, 1), " ")
	if f.box(t, 1).Checked {
		t.Fatal("Space on a ticked box left it ticked")
	}
	h.run(t, 0) // the read asked after the first write: Karl present
	if f.box(t, 1).Checked {
		t.Fatal("a read from before the second key put the tick back")
	}
	h.runAll(t)
	if f.savedPresent(t, 1) || f.box(t, 1).Checked || f.S.status.Text != "Karl Benz: check-in undone" {
		t.Fatalf("after the second key: saved %v, shown %v, status %q; want both absent", f.savedPresent(t, 1), f.box(t, 1).Checked, f.S.status.Text)
	}

	// An empty box checks in, whatever reads are late.
	f.S.Reload()
	test.Type(f.box(t, 1), " ")
	h.runAll(t)
	if !f.savedPresent(t, 1) || !f.box(t, 1).Checked {
		t.Fatalf("Space on an empty box: saved %v, shown %v; want checked in", f.savedPresent(t, 1), f.box(t, 1).Checked)
	}
	f.Errs.None(t)
}

// Keys faster than the director answers: the writes go one at a time, in
// the order of the keys, and all of them are saved.
func TestCheckInsGoToTheDirectorOneAtATimeInOrder(t *testing.T) {
	f, h := heldSetup(t, "Ada Lovelace", "Karl Benz", "Cleo Fox")
	h.hold = true
	test.Type(f.box(t, 0), " ")
	test.Type(f.box(t, 2), " ")
	test.Type(f.box(t, 0), " ")
	if len(h.jobs) != 1 {
		t.Fatalf("%d jobs running after three keys, want the first write alone", len(h.jobs))
	}
	if f.box(t, 0).Checked || !f.box(t, 2).Checked {
		t.Fatalf("shown: Ada %v, Cleo %v; want Ada absent again, Cleo present", f.box(t, 0).Checked, f.box(t, 2).Checked)
	}
	h.runAll(t)
	if f.savedPresent(t, 0) || !f.savedPresent(t, 2) {
		t.Fatalf("saved: Ada %v, Cleo %v; want Ada absent, Cleo present", f.savedPresent(t, 0), f.savedPresent(t, 2))
	}
	if f.box(t, 0).Checked || !f.box(t, 2).Checked {
		t.Errorf("after the answers the boxes show Ada %v, Cleo %v", f.box(t, 0).Checked, f.box(t, 2).Checked)
	}
	if f.S.CountsText() != "3 registered · 1 checked in · 0 dropped" {
		t.Errorf("counts %q", f.S.CountsText())
	}
}

// Until the event's first read arrives the list says it is loading, not
// that nobody is registered.
func TestAnEventOpensOnLoadingNotOnAnEmptyList(t *testing.T) {
	test.NewTempApp(t)
	d := uitest.Director(t)
	e := uitest.Event(t, d, "Friday Swiss")
	uitest.Players(t, d, e.ID, "Ada Lovelace")
	h := &held{hold: true}
	f := show(t, d, e, h, fyne.Size{})
	s, errs := f.S, f.Errs
	if s.noEntries.Hidden || s.noEntries.Text != "Loading…" || s.CountsText() != "" {
		t.Fatalf("before the first read: %q (hidden %v), counts %q; want Loading…", s.noEntries.Text, s.noEntries.Hidden, s.CountsText())
	}
	h.runAll(t)
	if !s.noEntries.Hidden || len(s.Entries()) != 1 || s.CountsText() != "1 registered · 0 checked in · 0 dropped" {
		t.Fatalf("after it: %q (hidden %v), %d entries, counts %q", s.noEntries.Text, s.noEntries.Hidden, len(s.Entries()), s.CountsText())
	}
	errs.None(t)
}
