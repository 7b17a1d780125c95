// Package uitest helps the screens' tests: a real director over a fresh
// SQLite file, and look-ups of the widgets a person would see on screen
// (by their text or placeholder), so tests drive the window as a user does.
package uitest

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/internal/testdb"
	"tablekeeper/ui/internal/keys"
)

// Now is the fixed time the test directors read.
var Now = time.Date(2025, 6, 14, 18, 30, 0, 0, time.Local)

// Director returns a director over a new database in a temporary folder,
// closed when the test ends, at the time Now and on the fixed seed the
// test directors share.
func Director(t testing.TB) *director.Director {
	t.Helper()
	return testdb.Director(testdb.Open(t), func() time.Time { return Now }, 1, 2)
}

// Event creates an event of the generic best-of-three Swiss.
func Event(t testing.TB, d *director.Director, name string) event.Event {
	t.Helper()
	e, err := d.Events.CreateEvent(context.Background(), director.NewEvent{Name: name, Game: "generic", Format: "swiss", Date: Now})
	if err != nil {
		t.Fatalf("create event: %v", err)
	}
	return e
}

// EventOf creates an event of a game's format ("heresy", "reascension")
// with the format's default settings.
func EventOf(t testing.TB, d *director.Director, name, game, format string) event.Event {
	t.Helper()
	e, err := d.Events.CreateEvent(context.Background(), director.NewEvent{Name: name, Game: game, Format: format, Date: Now})
	if err != nil {
		t.Fatalf("create %s %s event: %v", game, format, err)
	}
	return e
}

// ChangeSettings changes event e's settings as change says and saves
// them; e holds them after.
func ChangeSettings(t testing.TB, d *director.Director, e *event.Event, change func(s *event.Settings)) {
	t.Helper()
	change(&e.Settings)
	if err := d.Events.UpdateSettings(context.Background(), e.ID, e.Settings); err != nil {
		t.Fatalf("update settings: %v", err)
	}
}

// Players registers new players named by names and returns their entries.
func Players(t testing.TB, d *director.Director, id event.EventID, names ...string) []event.Entry {
	t.Helper()
	out := make([]event.Entry, len(names))
	for i, n := range names {
		en, err := d.Registration.RegisterNew(context.Background(), id, director.NewPlayer{Name: n})
		if err != nil {
			t.Fatalf("register %s: %v", n, err)
		}
		out[i] = en
	}
	return out
}

// Publish publishes a draft round's pairings, as the organizer does
// before results are entered.
func Publish(t testing.TB, d *director.Director, id event.EventID, number int) {
	t.Helper()
	if err := d.Drafts.PublishRound(context.Background(), id, number); err != nil {
		t.Fatalf("publish round %d: %v", number, err)
	}
}

// Pair pairs the next round and publishes it.
func Pair(t testing.TB, d *director.Director, id event.EventID) event.Round {
	t.Helper()
	r, err := d.Rounds.PairNextRound(context.Background(), id)
	if err != nil {
		t.Fatalf("pair: %v", err)
	}
	Publish(t, d, id, r.Number)
	return r
}

// Entries returns the entries of event id, as the director reads them now.
func Entries(t testing.TB, d *director.Director, id event.EventID) []event.Entry {
	t.Helper()
	en, err := d.Registration.Entries(context.Background(), id)
	if err != nil {
		t.Fatalf("entries: %v", err)
	}
	return en
}

// EntryNamed returns the entry of event id of the player named name.
func EntryNamed(t testing.TB, d *director.Director, id event.EventID, name string) event.Entry {
	t.Helper()
	for _, en := range Entries(t, d, id) {
		if en.Name == name {
			return en
		}
	}
	t.Fatalf("no entry %s", name)
	return event.Entry{}
}

// Objects returns every object under root that is drawn: laid out as
// test.LaidOutObjects does, leaving out what is hidden and everything
// inside it.
func Objects(root fyne.CanvasObject) []fyne.CanvasObject {
	var out []fyne.CanvasObject
	var walk func(o fyne.CanvasObject, size fyne.Size)
	walk = func(o fyne.CanvasObject, size fyne.Size) {
		if o == nil || !o.Visible() {
			return
		}
		out = append(out, o)
		switch x := o.(type) {
		case fyne.Widget:
			r := x.CreateRenderer()
			r.Layout(size)
			for _, c := range r.Objects() {
				walk(c, c.Size())
			}
		case *fyne.Container:
			if x.Layout != nil {
				x.Layout.Layout(x.Objects, size)
			}
			for _, c := range x.Objects {
				walk(c, c.Size())
			}
		}
	}
	if root != nil {
		walk(root, root.MinSize().Max(root.Size()))
	}
	return out
}

// Texts returns the text of every visible label and rich text under root.
func Texts(root fyne.CanvasObject) []string {
	var out []string
	for _, o := range Objects(root) {
		switch w := o.(type) {
		case *widget.Label:
			if w.Visible() {
				out = append(out, w.Text)
			}
		case *widget.RichText:
			if w.Visible() {
				out = append(out, w.String())
			}
		}
	}
	return out
}

// HasText reports whether a visible label under root shows text.
func HasText(root fyne.CanvasObject, text string) bool {
	for _, s := range Texts(root) {
		if s == text {
			return true
		}
	}
	return false
}

// Button returns the n-th (from 0) visible button under root with the
// given text.
func Button(t testing.TB, root fyne.CanvasObject, text string, n int) *widget.Button {
	t.Helper()
	for _, o := range Objects(root) {
		b, ok := o.(*widget.Button)
		if kb, isKey := o.(*keys.Button); isKey {
			b, ok = &kb.Button, true
		}
		if ok && b.Visible() && b.Text == text {
			if n == 0 {
				return b
			}
			n--
		}
	}
	t.Fatalf("no button %q on screen", text)
	return nil
}

// Entry returns the visible entry with the given placeholder under root.
func Entry(t testing.TB, root fyne.CanvasObject, placeholder string) *widget.Entry {
	t.Helper()
	for _, o := range Objects(root) {
		e, ok := o.(*widget.Entry)
		if ke, isKey := o.(*keys.Entry); isKey {
			e, ok = &ke.Entry, true
		}
		if ok && e.Visible() && e.PlaceHolder == placeholder {
			return e
		}
	}
	t.Fatalf("no entry %q on screen", placeholder)
	return nil
}

// Errors collects what a screen would alert, for tests that expect none
// or some.
type Errors []error

// Alert records err.
func (e *Errors) Alert(err error) { *e = append(*e, err) }

// None fails the test if anything was alerted.
func (e *Errors) None(t testing.TB) {
	t.Helper()
	if len(*e) > 0 {
		t.Fatalf("unexpected errors: %v", fmt.Sprint(*e))
	}
}

// Drawn returns every text drawn under root: the canvas texts its widgets
// render (labels, buttons, entries and their placeholders, selects, tabs,
// table cells), what a reader of the screen sees.
func Drawn(root fyne.CanvasObject) []string {
	var out []string
	for _, o := range Objects(root) {
		if t, ok := o.(*canvas.Text); ok && strings.TrimSpace(t.Text) != "" {
			out = append(out, t.Text)
		}
	}
	return out
}

// Tab is a tab of the event window open in a test window on an event: the
// director it calls, the event, the window, the tab and what it alerted.
type Tab[S any] struct {
	D    *director.Director
	E    event.Event
	W    fyne.Window
	S    S
	Errs *Errors
}

// Loader is a tab of the event window: its content, and Load, which shows
// an event.
type Loader interface {
	Content() fyne.CanvasObject
	Load(id event.EventID)
}

// Show opens the tab newTab makes in a new test window of the size (zero:
// as it opens) and loads e in it; what the tab alerts is kept in Errs.
func Show[S Loader](t testing.TB, d *director.Director, e event.Event, size fyne.Size, newTab func(alert func(error), w fyne.Window) S) Tab[S] {
	t.Helper()
	errs := &Errors{}
	w := test.NewTempWindow(t, nil)
	s := newTab(errs.Alert, w)
	w.SetContent(s.Content())
	if size != (fyne.Size{}) {
		w.Resize(size)
	}
	s.Load(e.ID)
	return Tab[S]{D: d, E: e, W: w, S: s, Errs: errs}
}

// Entries returns the entries of the tab's event.
func (tb Tab[S]) Entries(t testing.TB) []event.Entry {
	t.Helper()
	return Entries(t, tb.D, tb.E.ID)
}

// EntryNamed returns the entry of the tab's event of the player named name.
func (tb Tab[S]) EntryNamed(t testing.TB, name string) event.Entry {
	t.Helper()
	return EntryNamed(t, tb.D, tb.E.ID, name)
}
