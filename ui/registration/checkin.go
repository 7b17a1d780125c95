package registration

import (
	"context"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/core/event"
	"tablekeeper/ui/internal/tr"
	"tablekeeper/ui/internal/work"
)

// Check-in at the desk goes at the speed of the keyboard (Space, Down,
// Space… two keys a second), faster than a 1,024-player registration is
// read again. So a Present box never waits for the database, and never
// toggles what the database holds:
//
//   - a key or a click asks to set the player present or not, the opposite
//     of what the box shows, and the box shows it at once (optimistic);
//   - the writes go to the director one after the other, in the order
//     the organizer made them, each an idempotent "present = X";
//   - until a read of the registration made after the write has arrived,
//     the box keeps showing what was asked, so an older read arriving
//     late never puts back a tick the organizer just changed;
//   - a write the director refuses is rolled back to the saved state, and
//     the status line says why.

// wanted is a check-in asked for and not yet seen in a read.
type wanted struct {
	present bool
	// ask numbers the requests, so a late answer to an older one for the
	// same entry does not settle the newer one.
	ask int
	// saved is set once the director saved it; after is then the number
	// of the last read asked before, so only a read asked after settles it.
	saved bool
	after int
}

// checkIn is one write of the queue.
type checkIn struct {
	en      event.Entry
	present bool
	ask     int
}

// present reports whether the screen shows en checked in: what was asked
// for it, else what was read.
func (s *Screen) present(en event.Entry) bool {
	if w, ok := s.wanted[en.ID]; ok {
		return w.present
	}
	return en.CheckedIn
}

// togglePresent is Space or a click on en's Present box: set the player
// to the opposite of what the box shows, on screen at once and then in the
// director.
func (s *Screen) togglePresent(id event.EntryID) {
	en, ok := s.entryByID(id)
	if !ok || !en.Active() {
		return
	}
	want := !s.present(en)
	s.asks++
	s.wanted[id] = wanted{present: want, ask: s.asks}
	s.checkQueue = append(s.checkQueue, checkIn{en: en, present: want, ask: s.asks})
	s.showCounts()
	s.refreshEntries()
	if !s.checking {
		s.nextCheckIn()
	}
}

// nextCheckIn sends the oldest check-in waiting to the director.
func (s *Screen) nextCheckIn() {
	if len(s.checkQueue) == 0 {
		s.checking = false
		return
	}
	s.checking = true
	c := s.checkQueue[0]
	s.checkQueue = s.checkQueue[1:]
	work.Do(s.run, func(ctx context.Context) error {
		return s.d.Registration.CheckIn(ctx, c.en.ID, c.present)
	}, func(err error) {
		s.checkInDone(c, err)
		s.nextCheckIn()
	})
}

// checkInDone settles a check-in the director answered.
func (s *Screen) checkInDone(c checkIn, err error) {
	if c.en.EventID != s.eventID {
		// Another event is shown now; the read of this one says the rest.
		return
	}
	w, mine := s.wanted[c.en.ID]
	mine = mine && w.ask == c.ask
	if err != nil {
		if mine {
			// Back to what is saved.
			delete(s.wanted, c.en.ID)
			s.showCounts()
			s.refreshEntries()
		}
		s.fail(err)
		s.Reload()
		return
	}
	// What is saved now, whatever a read in flight says.
	for i := range s.entries {
		if s.entries[i].ID == c.en.ID {
			s.entries[i].CheckedIn = c.present
		}
	}
	if mine {
		w.saved, w.after = true, s.readsAsked
		s.wanted[c.en.ID] = w
	}
	if c.present {
		s.saved(tr.F("%s checked in", c.en.Name))
	} else {
		s.saved(tr.F("%s: check-in undone", c.en.Name))
	}
}

// settle forgets the check-ins a read asked for as number n shows.
func (s *Screen) settle(n int) {
	for id, w := range s.wanted {
		if w.saved && n > w.after {
			delete(s.wanted, id)
		}
	}
}

func (s *Screen) entryByID(id event.EntryID) (event.Entry, bool) {
	for _, en := range s.entries {
		if en.ID == id {
			return en, true
		}
	}
	return event.Entry{}, false
}

// refreshEntries redraws the rows on screen.
func (s *Screen) refreshEntries() {
	if s.event.Settings.Teams() {
		s.teamList.Refresh()
	} else {
		s.entryList.Refresh()
	}
}

// showCounts says how many are registered, checked in (as the boxes show)
// and dropped.
func (s *Screen) showCounts() {
	if s.loading {
		s.counts.SetText("")
		return
	}
	checked, dropped := 0, 0
	for _, e := range s.entries {
		if s.present(e) && e.Active() {
			checked++
		}
		if !e.Active() {
			dropped++
		}
	}
	counts := tr.F("%d registered · %d checked in · %d dropped", len(s.entries), checked, dropped)
	if s.event.Settings.Teams() {
		counts += " · " + tr.N("%d teams", len(s.teams), len(s.teams))
	}
	s.counts.SetText(counts)
}

// filterEntry is the entries' filter. Tab from it goes straight to the
// first Present box: the buttons beside it and the list itself would
// otherwise each take a Tab first. Shift+Tab goes back as usual.
type filterEntry struct {
	widget.Entry
	shift bool
	// first focuses the first row's Present box; false when there is none.
	first func() bool
}

func newFilterEntry(first func() bool) *filterEntry {
	e := &filterEntry{first: first}
	e.ExtendBaseWidget(e)
	return e
}

// AcceptsTab implements fyne.Tabbable: the filter moves the focus itself.
func (e *filterEntry) AcceptsTab() bool { return true }

// KeyDown implements desktop.Keyable, to know whether Shift is held.
func (e *filterEntry) KeyDown(k *fyne.KeyEvent) {
	if k.Name == desktop.KeyShiftLeft || k.Name == desktop.KeyShiftRight {
		e.shift = true
	}
	e.Entry.KeyDown(k)
}

// KeyUp implements desktop.Keyable.
func (e *filterEntry) KeyUp(k *fyne.KeyEvent) {
	if k.Name == desktop.KeyShiftLeft || k.Name == desktop.KeyShiftRight {
		e.shift = false
	}
	e.Entry.KeyUp(k)
}

// FocusLost implements fyne.Focusable.
func (e *filterEntry) FocusLost() {
	e.shift = false
	e.Entry.FocusLost()
}

// TypedKey implements fyne.Focusable: Tab to the first Present box.
func (e *filterEntry) TypedKey(k *fyne.KeyEvent) {
	if k.Name != fyne.KeyTab {
		e.Entry.TypedKey(k)
		return
	}
	c := fyne.CurrentApp().Driver().CanvasForObject(e)
	switch {
	case c == nil:
	case e.shift:
		c.FocusPrevious()
	case !e.first():
		c.FocusNext()
	}
}
