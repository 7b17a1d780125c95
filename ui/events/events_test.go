package events

import (
	"context"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/ui/internal/uitest"
	"tablekeeper/ui/internal/work"
)

func newForm(t *testing.T) (*director.Director, *CreateForm, *[]event.Event) {
	t.Helper()
	test.NewTempApp(t)
	d := uitest.Director(t)
	w := test.NewTempWindow(t, widget.NewLabel(""))
	w.Resize(fyne.NewSize(1000, 700))
	f := NewCreateForm(d, work.Sync{}, w, func() time.Time { return uitest.Now })
	var created []event.Event
	f.OnCreated = func(e event.Event) { created = append(created, e) }
	f.Show()
	return d, f, &created
}

func TestTheFormCreatesAnEventWithTheFormatsDefaults(t *testing.T) {
	d, f, created := newForm(t)
	if f.date.Text != "2025-06-14" {
		t.Errorf("date starts as %q, want today", f.date.Text)
	}
	f.game.SetSelected("Altered")
	f.format.SetSelected("Standard (best of one)")
	if !strings.Contains(f.summary.Text, "best of one") || !strings.Contains(f.defaults.Text, "Best of 1 · 30-minute rounds · 4 rounds") {
		t.Errorf("summary %q, defaults %q", f.summary.Text, f.defaults.Text)
	}
	if f.rounds.Text != "4" || f.minutes.Text != "30" {
		t.Errorf("rounds %q minutes %q", f.rounds.Text, f.minutes.Text)
	}
	test.Type(f.name, "Altered Saturday")
	f.name.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})

	if len(*created) != 1 {
		t.Fatalf("created %d events; problem %q", len(*created), f.problem.Text)
	}
	es, err := d.Events(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	e := es[0]
	if e.Name != "Altered Saturday" || e.Game != "altered" || e.Format != "standard-bo1" || e.Settings.Rounds != 4 || e.Date.Format(DateLayout) != "2025-06-14" {
		t.Errorf("saved %+v", e.Event)
	}
}

func TestRecommendedRoundsAndChangedSettings(t *testing.T) {
	d, f, _ := newForm(t)
	f.game.SetSelected("Any card game")
	f.format.SetSelected("Swiss (best of three)")
	if f.rounds.Text != "" || !strings.Contains(f.defaults.Text, "recommended number of rounds") {
		t.Errorf("rounds %q defaults %q", f.rounds.Text, f.defaults.Text)
	}
	test.Type(f.name, "Big Swiss")
	f.minutes.SetText("55")
	test.Tap(f.createButton)
	es, _ := d.Events(context.Background())
	if len(es) != 1 || es[0].Settings.RoundMinutes != 55 || es[0].Settings.Rounds != 0 {
		t.Fatalf("events %+v", es)
	}
}

func TestMistakesInTheFormAreShownAndNothingIsSaved(t *testing.T) {
	cases := []struct {
		name, date, rounds string
		want               string
	}{
		{name: "", date: "2025-06-14", want: "Give the event a name"},
		{name: "X", date: "14/06/2025", want: `The date "14/06/2025" is not a date like 2025-06-14`},
		{name: "X", date: "2025-06-14", rounds: "three", want: `Rounds must be a whole number, not "three"`},
		{name: "X", date: "2025-06-14", rounds: "99", want: "An event has 0 to 64 rounds, not 99"},
	}
	for _, c := range cases {
		d, f, created := newForm(t)
		f.name.SetText(c.name)
		f.date.SetText(c.date)
		f.rounds.SetText(c.rounds)
		test.Tap(f.createButton)
		if len(*created) != 0 {
			t.Errorf("%+v: an event was created", c)
		}
		if es, _ := d.Events(context.Background()); len(es) != 0 {
			t.Errorf("%+v: an event was saved", c)
		}
		if !f.problem.Visible() || f.problem.Text != c.want {
			t.Errorf("%+v: problem = %q (visible %v), want %q", c, f.problem.Text, f.problem.Visible(), c.want)
		}
	}
}

func TestTheListShowsEventsNewestFirstAndOpensTheSelectedOne(t *testing.T) {
	test.NewTempApp(t)
	ctx := context.Background()
	d := uitest.Director(t)
	old, err := d.CreateEvent(ctx, director.NewEvent{Name: "Last week", Game: "generic", Format: "swiss", Date: uitest.Now.AddDate(0, 0, -7)})
	if err != nil {
		t.Fatal(err)
	}
	newer := uitest.Event(t, d, "Tonight")
	uitest.Players(t, d, newer.ID, "Ada Lovelace", "Bob Stone")

	errs := &uitest.Errors{}
	l := NewList(d, work.Sync{}, errs.Alert)
	var opened []event.EventID
	l.OnOpen = func(id event.EventID) { opened = append(opened, id) }
	w := test.NewTempWindow(t, l.Content())
	w.Resize(fyne.NewSize(300, 600))
	l.Reload()
	errs.None(t)
	if len(l.Events()) != 2 || l.Events()[0].ID != newer.ID || l.Events()[1].ID != old.ID {
		t.Fatalf("events = %+v", l.Events())
	}
	for _, want := range []string{"Tonight", "Any card game · Swiss (best of three)", "Sat 14 Jun 2025 · registration · 2 players"} {
		if !uitest.HasText(w.Content(), want) {
			t.Errorf("%q not shown: %q", want, uitest.Texts(w.Content()))
		}
	}
	l.list.Select(1)
	if len(opened) != 1 || opened[0] != old.ID {
		t.Errorf("opened %v", opened)
	}
}

func TestTheSettingsFormChangesTheSettingsBeforeRoundOne(t *testing.T) {
	test.NewTempApp(t)
	ctx := context.Background()
	d := uitest.Director(t)
	e := uitest.Event(t, d, "Tonight")
	w := test.NewTempWindow(t, widget.NewLabel(""))
	w.Resize(fyne.NewSize(1000, 700))
	f := NewSettingsForm(d, work.Sync{}, w)
	saved := 0
	f.OnSaved = func() { saved++ }

	f.Show(e)
	if f.bestOf.Selected != "Best of 3" || f.rounds.Text != "" || f.minutes.Text != "50" {
		t.Fatalf("form starts with %q %q %q", f.bestOf.Selected, f.rounds.Text, f.minutes.Text)
	}
	f.bestOf.SetSelected("Best of 1")
	test.Type(f.rounds, "4")
	f.minutes.SetText("30")
	test.Tap(f.saveButton)
	got, _ := d.Event(ctx, e.ID)
	if saved != 1 || got.Settings.GamesPerMatch != 1 || got.Settings.Rounds != 4 || got.Settings.RoundMinutes != 30 {
		t.Fatalf("saved %d, settings %+v", saved, got.Settings)
	}

	// Once round 1 is paired the director refuses, and the form says why.
	uitest.Players(t, d, e.ID, "Ada Lovelace", "Bob Stone")
	if _, err := d.PairNextRound(ctx, e.ID); err != nil {
		t.Fatal(err)
	}
	f.Show(got)
	f.rounds.SetText("5")
	test.Tap(f.saveButton)
	if saved != 1 || !f.problem.Visible() || !strings.Contains(f.problem.Text, "fixed once round 1 is paired") {
		t.Errorf("problem %q (visible %v)", f.problem.Text, f.problem.Visible())
	}
}
