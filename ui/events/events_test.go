package events

import (
	"slices"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/core/rules"
	"tablekeeper/ui/internal/keys"
	"tablekeeper/ui/internal/uitest"
	"tablekeeper/ui/internal/work"
)

func newForm(t *testing.T) (*director.Director, *CreateForm, *[]event.Event) {
	t.Helper()
	test.NewTempApp(t)
	d := uitest.Director(t)
	w := test.NewTempWindow(t, widget.NewLabel(""))
	w.Resize(fyne.NewSize(1000, 700))
	f := NewCreateForm(d.Events, work.Sync{}, w, func() time.Time { return uitest.Now })
	var created []event.Event
	f.OnCreated = func(e event.Event) { created = append(created, e) }
	f.Show()
	return d, f, &created
}

// create presses the create form's Create, checks that it created one more
// event, and reads that event back as the director keeps it.
func create(t *testing.T, d *director.Director, f *CreateForm, created *[]event.Event) event.Event {
	t.Helper()
	before := len(*created)
	test.Tap(f.createButton)
	if len(*created) != before+1 {
		t.Fatalf("not created: %q", f.problem.Text)
	}
	e, err := d.Events.Event(t.Context(), (*created)[before].ID)
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// settingsForm is the settings form of a new director's events, in a
// window of the size.
func settingsForm(t *testing.T, size fyne.Size) (*director.Director, *SettingsForm) {
	t.Helper()
	test.NewTempApp(t)
	d := uitest.Director(t)
	w := test.NewTempWindow(t, widget.NewLabel(""))
	w.Resize(size)
	return d, NewSettingsForm(d.Events, work.Sync{}, w)
}

// save presses the settings form's Save and reads event id back as the
// director keeps it.
func save(t *testing.T, d *director.Director, f *SettingsForm, id event.EventID) event.Event {
	t.Helper()
	test.Tap(f.saveButton)
	got, err := d.Events.Event(t.Context(), id)
	if err != nil {
		t.Fatal(err)
	}
	return got
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
	es, err := d.Events.Events(t.Context())
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
	es, _ := d.Events.Events(t.Context())
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
		if es, _ := d.Events.Events(t.Context()); len(es) != 0 {
			t.Errorf("%+v: an event was saved", c)
		}
		if !f.problem.Visible() || f.problem.Text != c.want {
			t.Errorf("%+v: problem = %q (visible %v), want %q", c, f.problem.Text, f.problem.Visible(), c.want)
		}
	}
}

func TestTheListShowsEventsNewestFirstAndOpensTheSelectedOne(t *testing.T) {
	test.NewTempApp(t)
	ctx := t.Context()
	d := uitest.Director(t)
	old, err := d.Events.CreateEvent(ctx, director.NewEvent{Name: "Last week", Game: "generic", Format: "swiss", Date: uitest.Now.AddDate(0, 0, -7)})
	if err != nil {
		t.Fatal(err)
	}
	newer := uitest.Event(t, d, "Tonight")
	uitest.Players(t, d, newer.ID, "Ada Lovelace", "Bob Stone")

	errs := &uitest.Errors{}
	l := NewList(d.Events, work.Sync{}, errs.Alert)
	var opened []event.EventID
	l.OnOpen = func(id event.EventID) { opened = append(opened, id) }
	w := test.NewTempWindow(t, l.Content())
	w.Resize(fyne.NewSize(300, 600))
	l.Reload()
	errs.None(t)
	if len(l.Events()) != 2 || l.Events()[0].ID != newer.ID || l.Events()[1].ID != old.ID {
		t.Fatalf("events = %+v", l.Events())
	}
	for _, want := range []string{"Tonight", "Any card game · Swiss (best of three)", "14 Jun 2025 · registration · 2 players"} {
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
	ctx := t.Context()
	d, f := settingsForm(t, fyne.NewSize(1000, 700))
	e := uitest.Event(t, d, "Tonight")
	saved := 0
	f.OnSaved = func() { saved++ }

	f.Show(e)
	if f.bestOf.Selected != "Best of 3" || f.rounds.Text != "" || f.minutes.Text != "50" {
		t.Fatalf("form starts with %q %q %q", f.bestOf.Selected, f.rounds.Text, f.minutes.Text)
	}
	if f.phoneApproval.Checked || f.phoneApproval.Text != "Phone reports wait for my approval" {
		t.Errorf("phone approval %q checked %v", f.phoneApproval.Text, f.phoneApproval.Checked)
	}
	f.bestOf.SetSelected("Best of 1")
	test.Type(f.rounds, "4")
	f.minutes.SetText("30")
	if f.confirmBoth.Checked || f.confirmBoth.Text != "Both players confirm results on their phones" {
		t.Errorf("players confirm %q checked %v", f.confirmBoth.Text, f.confirmBoth.Checked)
	}
	test.Tap(f.phoneApproval)
	test.Tap(f.confirmBoth)
	got := save(t, d, f, e.ID)
	if saved != 1 || got.Settings.GamesPerMatch != 1 || got.Settings.Rounds != 4 || got.Settings.RoundMinutes != 30 || !got.Settings.PhoneReportsNeedApproval ||
		!got.Settings.PlayersConfirmResults {
		t.Fatalf("saved %d, settings %+v", saved, got.Settings)
	}
	f.Show(got)
	if !f.phoneApproval.Checked || !f.confirmBoth.Checked {
		t.Error("the form does not show that phone reports wait for approval and players confirm")
	}

	// Once round 1 is paired the director refuses, and the form says why.
	uitest.Players(t, d, e.ID, "Ada Lovelace", "Bob Stone")
	if _, err := d.Rounds.PairNextRound(ctx, e.ID); err != nil {
		t.Fatal(err)
	}
	f.Show(got)
	f.rounds.SetText("5")
	test.Tap(f.saveButton)
	if saved != 1 || !f.problem.Visible() || !strings.Contains(f.problem.Text, "fixed once round 1 is paired") {
		t.Errorf("problem %q (visible %v)", f.problem.Text, f.problem.Visible())
	}
}

func TestTheSettingsFormSavesATopCutAndTheTiebreakerOrder(t *testing.T) {
	d, f := settingsForm(t, fyne.NewSize(1366, 768))
	e := uitest.Event(t, d, "Store championship")
	f.Show(e)

	// Before a top cut is chosen its playoff settings are not shown.
	if f.structure.topCut.Selected != "None" || f.structure.bestOfRow.visible() || f.structure.thirdRow.visible() {
		t.Fatalf("top cut %q, playoff rows shown %v", f.structure.topCut.Selected, f.structure.bestOfRow.visible())
	}
	if f.structure.doubleRow.visible() {
		t.Error("a Swiss event offers a double option")
	}
	f.structure.topCut.SetSelected("Top 8")
	if !f.structure.bestOfRow.visible() || !f.structure.minutesRow.visible() || !f.structure.thirdRow.visible() {
		t.Fatal("choosing a top 8 does not show its playoff settings")
	}
	f.structure.playoffBestOf.SetSelected("Best of 5")
	test.Type(f.structure.playoffMinutes, "90")

	// Tiebreakers: add Buchholz, move it to the top, remove GW%, add
	// random, then head-to-head (which goes before random).
	tb := f.tiebreakers
	if got := strings.Join(tb.Keys(), ","); got != "omw,gw,ogw" {
		t.Fatalf("tiebreakers start as %q", got)
	}
	if !uitest.HasText(f.win.Canvas().Overlays().Top(), "1. OMW% — opponents' match-win %") {
		t.Errorf("tiebreakers not listed: %q", uitest.Texts(f.win.Canvas().Overlays().Top()))
	}
	tb.add.SetSelected("Buchholz — opponents' total match points")
	test.Tap(tb.rows[3].up)
	test.Tap(tb.rows[2].up)
	test.Tap(tb.rows[1].up)
	test.Tap(tb.rows[2].remove) // GW%, now third
	tb.add.SetSelected("Random — drawn once for the event; always last")
	tb.add.SetSelected("H2H — head-to-head among tied players")
	if got := strings.Join(tb.Keys(), ","); got != "buchholz,omw,ogw,h2h,random" {
		t.Fatalf("tiebreakers = %q", got)
	}
	if !tb.rows[4].up.Disabled() || !tb.rows[3].down.Disabled() {
		t.Error("random can be moved away from last")
	}

	got := save(t, d, f, e.ID)
	s := got.Settings
	if s.Playoff.TopCut != 8 || s.Playoff.BestOf != 5 || s.Playoff.Minutes != 90 || strings.Join(s.Tiebreakers, ",") != "buchholz,omw,ogw,h2h,random" {
		t.Fatalf("saved %+v; problem %q", s, f.problem.Text)
	}
}

func TestTheSettingsFormOffersWhatTheStructureHas(t *testing.T) {
	d, f := settingsForm(t, fyne.NewSize(1366, 768))
	cases := []struct {
		game, format                string
		topCut, playoff, third, dbl bool
		doubleText                  string
	}{
		{game: "generic", format: "single-elimination", third: true},
		{game: "generic", format: "double-elimination", third: true, dbl: true, doubleText: "Reset"},
		{game: "generic", format: "round-robin", dbl: true, doubleText: "Double round robin"},
		{game: "heresy", format: "armageddon", dbl: true, doubleText: "Double elimination"},
		{game: "keyforge", format: "archon-standard", playoff: true},
		{game: "generic", format: "swiss", topCut: true},
	}
	for _, c := range cases {
		e := uitest.EventOf(t, d, c.format, c.game, c.format)
		f.Show(e)
		sf := f.structure
		if sf.topCutRow.visible() != c.topCut || sf.bestOfRow.visible() != c.playoff || sf.thirdRow.visible() != c.third || sf.doubleRow.visible() != c.dbl {
			t.Errorf("%s: top cut %v, playoff %v, third place %v, double %v", c.format,
				sf.topCutRow.visible(), sf.bestOfRow.visible(), sf.thirdRow.visible(), sf.doubleRow.visible())
		}
		if f.roundsRow.visible() != (c.format == "swiss") {
			t.Errorf("%s: rounds shown %v", c.format, f.roundsRow.visible())
		}
		if c.dbl && !strings.Contains(sf.double.Text, c.doubleText) {
			t.Errorf("%s: double option %q", c.format, sf.double.Text)
		}
		if c.format == "archon-standard" && (sf.playoffBestOf.Selected != "Best of 3" || sf.playoffMinutes.Text != "120") {
			t.Errorf("KeyForge playoff shows %q, %q", sf.playoffBestOf.Selected, sf.playoffMinutes.Text)
		}
		if c.dbl {
			sf.double.SetChecked(true)
		}
		if c.third {
			sf.thirdPlace.SetChecked(true)
		}
		got := save(t, d, f, e.ID)
		if got.Settings.Double != c.dbl || got.Settings.Playoff.ThirdPlace != c.third {
			t.Errorf("%s: saved double %v, third place %v; problem %q", c.format, got.Settings.Double, got.Settings.Playoff.ThirdPlace, f.problem.Text)
		}
	}
}

func TestTheCreateFormTakesTheStructuresOptions(t *testing.T) {
	d, f, created := newForm(t)
	f.game.SetSelected("Any card game")
	f.format.SetSelected("Single elimination")
	if f.roundsRow.visible() || f.structure.topCutRow.visible() || !f.structure.thirdRow.visible() {
		t.Fatalf("single elimination shows rounds %v, top cut %v, third place %v",
			f.roundsRow.visible(), f.structure.topCutRow.visible(), f.structure.thirdRow.visible())
	}
	if !strings.Contains(f.defaults.Text, "Single elimination · Best of 3") {
		t.Errorf("defaults %q", f.defaults.Text)
	}
	test.Type(f.name, "Saturday bracket")
	f.structure.thirdPlace.SetChecked(true)
	e := create(t, d, f, created)
	if e.Settings.Structure != event.StructureSingleElimination || !e.Settings.Playoff.ThirdPlace {
		t.Errorf("saved %+v", e.Settings)
	}

	// A Swiss with a top cut chosen in the form.
	f.Show()
	f.game.SetSelected("Any card game")
	f.format.SetSelected("Swiss (best of three)")
	test.Type(f.name, "Store championship")
	f.structure.topCut.SetSelected("Top 4")
	e = create(t, d, f, created)
	if e.Settings.Playoff.TopCut != 4 {
		t.Errorf("top cut = %d", e.Settings.Playoff.TopCut)
	}
}

func TestDescribeSettingsSaysHowTheStructurePlays(t *testing.T) {
	cases := map[string]string{
		"keyforge/archon-standard": "Single games in 45-minute rounds, out at two losses · then a playoff of 8 (best of 3, 120-minute rounds) · decks checked as KeyForge Archon Standard · tiebreakers OMW%, GW%, OGW%",
		"generic/swiss-top8":       "Best of 3 · 50-minute rounds · recommended number of rounds · then a top 8 · 3/1/0 points for a win/draw/loss · tiebreakers OMW%, GW%, OGW%",
		"heresy/armageddon":        "Armageddon elimination · Best of 3 · 75-minute rounds · decks checked as Heresy Armageddon · tiebreakers GW%",
	}
	for key, want := range cases {
		game, format, _ := strings.Cut(key, "/")
		_, fm, err := rules.Lookup(game, format)
		if err != nil {
			t.Fatal(err)
		}
		if got := DescribeSettings(fm.Defaults); got != want {
			t.Errorf("%s: %q, want %q", key, got, want)
		}
	}
}

func TestLateEntryLossesIsASwissSetting(t *testing.T) {
	d, f, created := newForm(t)
	f.game.SetSelected("Any card game")
	f.format.SetSelected("Single elimination")
	if f.structure.lateRow.visible() {
		t.Error("a bracket offers the late-entry setting")
	}
	f.format.SetSelected("Swiss (best of three)")
	if !f.structure.lateRow.visible() {
		t.Fatal("Swiss does not offer the late-entry setting")
	}
	test.Type(f.name, "Late night")
	f.structure.lateLosses.SetChecked(true)
	e := create(t, d, f, created)
	if !e.Settings.LateEntryLosses {
		t.Errorf("saved %+v", e.Settings)
	}
}

// Rule S10, Swiss + Final: a multiplayer Swiss offers a final table (and a
// secondary table) instead of a top cut.
func TestMultiplayerSwissOffersAFinalTable(t *testing.T) {
	d, f, created := newForm(t)
	f.game.SetSelected("Shadowfist")
	f.format.SetSelected("Final Brawl")
	if f.structure.topCutRow.visible() || !f.structure.finalRow.visible() || f.structure.secondRow.visible() {
		t.Fatalf("top cut %v, final table %v, secondary %v", f.structure.topCutRow.visible(), f.structure.finalRow.visible(), f.structure.secondRow.visible())
	}
	f.structure.finalTable.SetSelected(finalName(5))
	if !f.structure.secondRow.visible() {
		t.Fatal("no secondary-table option once a final table is chosen")
	}
	f.structure.secondary.SetChecked(true)
	test.Type(f.name, "SWS Saturday")
	e := create(t, d, f, created)
	if e.Settings.FinalTable.Size != 5 || !e.Settings.FinalTable.Secondary || e.Settings.Playoff.TopCut != 0 {
		t.Errorf("saved %+v", e.Settings)
	}
}

// Rules S7 and S14: a Shadowfist event's game-point values and a draft's
// pods and packs are settings, changed before round 1 and refused with a
// sentence when mistyped.
func TestTheSettingsFormChangesGamePointsAndTheDraft(t *testing.T) {
	d, f := settingsForm(t, fyne.NewSize(1000, 800))
	e := uitest.EventOf(t, d, "Whirlpool", "shadowfist", "whirlpool-of-blood")
	f.Show(e)
	if !f.game.gamePointsRow.visible() || !f.game.podsRow.visible() || !f.game.packsRow.visible() {
		t.Fatal("game points or draft rows hidden for a Shadowfist draft")
	}
	if f.game.gamePoints.Text != "4 3 2 0 -2 0 -2" || f.game.pods.Text != "4 3 5" || f.game.packs.Text != "6" {
		t.Fatalf("form starts with %q, %q, %q", f.game.gamePoints.Text, f.game.pods.Text, f.game.packs.Text)
	}
	f.game.gamePoints.SetText("4 3 2 1")
	test.Tap(f.saveButton)
	if !f.problem.Visible() || !strings.Contains(f.problem.Text, "seven numbers") {
		t.Fatalf("problem %q", f.problem.Text)
	}
	if f.game.deckRules.Selected != "Shadowfist (Final Brawl and other formats)" || f.game.pool.Selected != "Classic / Open" {
		t.Errorf("deck rules %q, pool %q", f.game.deckRules.Selected, f.game.pool.Selected)
	}
	f.game.pool.SetSelected("Old Masters")
	f.game.gamePoints.SetText("5 3 2 1 -2 1 -2")
	f.game.pods.SetText("5 4 5")
	f.game.packs.SetText("8")
	got := save(t, d, f, e.ID)
	s := got.Settings
	if s.Shadowfist.GamePoints == nil || *s.Shadowfist.GamePoints != (event.GamePointValues{Seized: 5, Burned: 3, Played: 2, OtherBurned: 1, Reduce: -2, Controlled: 1, Increase: -2}) ||
		s.Draft.Ideal != 5 || s.Draft.Min != 4 || s.Draft.Max != 5 || s.Draft.Packs != 8 || s.Shadowfist.Environment != "old-masters" || s.DeckRules != "shadowfist" {
		t.Fatalf("saved %+v (problem %q)", s, f.problem.Text)
	}

	// A two-player format has neither row.
	f.Show(uitest.Event(t, d, "Tonight"))
	if f.game.gamePointsRow.visible() || f.game.podsRow.visible() {
		t.Error("Shadowfist or draft rows shown for a generic Swiss")
	}
}

// Own GW% floor: the settings form shows it ticked by default (MTR
// Appendix C) with the sentence saying where each choice comes from;
// unticking saves the unfloored GW% (melee.gg), ticking it again restores
// the floor; a multiplayer event does not offer it.
func TestTheSettingsFormOffersTheOwnGameWinFloor(t *testing.T) {
	d, f := settingsForm(t, fyne.NewSize(1000, 700))
	e := uitest.Event(t, d, "Tonight")

	f.Show(e)
	if !f.gwFloor.Checked || !f.gwFloorBox.Visible() {
		t.Fatalf("floor ticked %v, shown %v; want both by default", f.gwFloor.Checked, f.gwFloorBox.Visible())
	}
	if !strings.Contains(gwFloorHint, "MTR Appendix C floors it at 33%") || !strings.Contains(gwFloorHint, "melee.gg prints it unfloored") {
		t.Errorf("hint %q", gwFloorHint)
	}
	for _, floor := range []bool{false, true} {
		f.gwFloor.SetChecked(floor)
		got := save(t, d, f, e.ID)
		if got.Settings.UnflooredGameWin == floor {
			t.Fatalf("floor ticked %v saved UnflooredGameWin %v (problem %q)", floor, got.Settings.UnflooredGameWin, f.problem.Text)
		}
		if said := strings.Contains(DescribeSettings(got.Settings), "own GW% unfloored (melee.gg)"); said == floor {
			t.Errorf("the summary %q says unfloored: %v", DescribeSettings(got.Settings), said)
		}
		f.Show(got)
		if f.gwFloor.Checked != floor {
			t.Fatalf("the form reopens with the floor ticked %v, want %v", f.gwFloor.Checked, floor)
		}
	}

	heresy := uitest.EventOf(t, d, "Keep", "heresy", "reascension")
	f.Show(heresy)
	if f.gwFloorBox.Visible() {
		t.Error("a multiplayer event offers the GW% floor")
	}
	if got := save(t, d, f, heresy.ID); got.Settings.UnflooredGameWin || f.problem.Visible() {
		t.Errorf("multiplayer settings %+v, problem %q", got.Settings, f.problem.Text)
	}
}

// Every dialog answers Esc: Esc in any field of the New event form closes
// it and creates nothing.
func TestEscCancelsTheCreateForm(t *testing.T) {
	d, f, created := newForm(t)
	test.Type(f.name, "Not meant")
	f.minutes.TypedKey(&fyne.KeyEvent{Name: fyne.KeyEscape})
	if len(*created) != 0 {
		t.Fatal("Esc created an event")
	}
	if es, _ := d.Events.Events(t.Context()); len(es) != 0 {
		t.Fatalf("%d events saved", len(es))
	}
	if top := f.win.Canvas().Overlays().Top(); top != nil {
		t.Error("the form is still open after Esc")
	}
}

// The print language is one choice: the screen's (saved as none), or a
// shipped language by its own name; the form reopens on the one saved.
func TestTheSettingsFormChoosesThePrintLanguage(t *testing.T) {
	d, f := settingsForm(t, fyne.NewSize(1000, 700))
	e := uitest.Event(t, d, "Tonight")

	f.Show(e)
	if f.printLanguage.Selected != "The screen's language" || !slices.Contains(f.printLanguage.Options, "Français") {
		t.Fatalf("print language %q of %q", f.printLanguage.Selected, f.printLanguage.Options)
	}
	f.printLanguage.SetSelected("Français")
	got := save(t, d, f, e.ID)
	if got.Settings.Language != "fr" {
		t.Fatalf("saved print language %q (problem %q), want fr", got.Settings.Language, f.problem.Text)
	}
	f.Show(got)
	if f.printLanguage.Selected != "Français" {
		t.Errorf("the form reopens on %q", f.printLanguage.Selected)
	}
	f.printLanguage.SetSelectedIndex(0)
	if got := save(t, d, f, e.ID); got.Settings.Language != "" {
		t.Errorf("the screen's language saved as %q, want none", got.Settings.Language)
	}
}

// The settings form opens with the cursor in its first field, so Esc
// closes it at once, as every dialog does, with nothing saved.
func TestTheSettingsFormOpensReadyForEsc(t *testing.T) {
	d, f := settingsForm(t, fyne.NewSize(1000, 700))
	e := uitest.Event(t, d, "Tonight")
	f.Show(e)
	focused, ok := f.win.Canvas().Focused().(*keys.Entry)
	if !ok || (focused != f.rounds && focused != f.minutes) {
		t.Fatalf("focused %T, want the first field", f.win.Canvas().Focused())
	}
	focused.TypedKey(&fyne.KeyEvent{Name: fyne.KeyEscape})
	if top := f.win.Canvas().Overlays().Top(); top != nil {
		t.Error("the settings form is still open after Esc")
	}
}

// Rule H7, Heresy 5.3.2: "This rule may be negated by the judges if they so
// desire, but must be announced in advance of the tournament." The settings
// form of a Revelations event offers deck tuning, ticked by default;
// unticking it before round 1 saves the judges' choice; other formats do
// not offer it.
func TestTheSettingsFormLetsTheJudgesNegateRevelationsDeckTuning(t *testing.T) {
	d, f := settingsForm(t, fyne.NewSize(1000, 800))
	e := uitest.EventOf(t, d, "Revelations", "heresy", "revelations")
	f.Show(e)
	if !f.game.tuningRow.visible() || !f.game.tuning.Checked {
		t.Fatalf("deck tuning shown %v, ticked %v; want both for Revelations", f.game.tuningRow.visible(), f.game.tuning.Checked)
	}
	f.game.tuning.SetChecked(false)
	got := save(t, d, f, e.ID)
	if !got.Settings.Heresy.NoTuning {
		t.Fatalf("saved %+v (problem %q)", got.Settings.Heresy, f.problem.Text)
	}
	f.Show(uitest.EventOf(t, d, "Reascension", "heresy", "reascension"))
	if f.game.tuningRow.visible() {
		t.Error("deck tuning offered for Reascension, whose decks never change (2.2.2)")
	}
}
