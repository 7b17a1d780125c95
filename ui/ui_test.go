package ui

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/ui/internal/keys"
	"tablekeeper/ui/internal/uitest"
	"tablekeeper/ui/internal/work"
	"tablekeeper/ui/rounds"
)

// windowOn opens a window on a new event named name (uitest.Event: the
// generic best-of-three Swiss) with the players registered.
func windowOn(t *testing.T, name string, players ...string) (*director.Director, event.Event, *shell, fyne.Window) {
	t.Helper()
	return windowOnGame(t, name, "generic", "swiss", players...)
}

// windowOnGame is windowOn on an event of a game's format
// (uitest.EventOf).
func windowOnGame(t *testing.T, name, game, format string, players ...string) (*director.Director, event.Event, *shell, fyne.Window) {
	t.Helper()
	d := uitest.Director(t)
	e := uitest.EventOf(t, d, name, game, format)
	uitest.Players(t, d, e.ID, players...)
	s, w := newWindow(t, ServicesOf(d), Options{OpenEvent: e.ID})
	return d, e, s, w
}

func newWindow(t *testing.T, d Services, opt Options) (*shell, fyne.Window) {
	t.Helper()
	test.NewTempApp(t)
	w := test.NewTempWindow(t, nil)
	s := newShell(w, d, work.Sync{}, uitestNow)
	w.SetContent(s.content)
	w.Resize(fyne.NewSize(1366, 768))
	s.start(opt)
	return s, w
}

var uitestNow = func() time.Time { return uitest.Now }

func pressEnter(c fyne.Canvas) { c.Focused().TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn}) }

// mainLoop runs each job's work on its own goroutine, like work.Async, and
// hands the apply step back to the test goroutine, which plays the part of
// Fyne's main loop (the test driver's fyne.Do would run it on the worker
// goroutine instead).
type mainLoop struct {
	pending int // jobs started and not yet applied; touched only by the test goroutine
	applies chan func()
}

func newMainLoop() *mainLoop { return &mainLoop{applies: make(chan func())} }

func (l *mainLoop) Go(do, apply func()) {
	l.pending++
	go func() {
		do()
		l.applies <- apply
	}()
}

// drain applies results as they come until no job is left, including the
// jobs that applying starts.
func (l *mainLoop) drain() {
	for l.pending > 0 {
		apply := <-l.applies
		l.pending--
		apply()
	}
}

func TestTheWindowOpensTheEventAskedForWithWorkOffTheUIThread(t *testing.T) {
	a := test.NewTempApp(t)
	d := uitest.Director(t)
	e := uitest.Event(t, d, "Demo night")
	uitest.Players(t, d, e.ID, "Ada Lovelace", "Bob Stone")
	run := newMainLoop()
	w := create(a, ServicesOf(d), Options{OpenEvent: e.ID}, run)
	defer w.Close()
	run.drain()
	if w.Title() != "Tablekeeper" {
		t.Errorf("title %q", w.Title())
	}
	if s := w.Canvas().Size(); s.Width < 1280 || s.Height < 720 {
		t.Errorf("window size %v, want at least 1280×720", s)
	}
	for _, want := range []string{"Demo night", "Any card game · Swiss (best of three) · 14 Jun 2025 · registration · 1 round planned (recommended for 2 players)", "2 registered · 0 checked in · 0 dropped"} {
		if !uitest.HasText(w.Content(), want) {
			t.Errorf("%q not shown: %q", want, uitest.Texts(w.Content()))
		}
	}
}

func TestPairingRoundOneFromTheHeaderShowsTheRound(t *testing.T) {
	d, e, s, w := windowOn(t, "Friday Swiss", "Ada Lovelace", "Bob Stone", "Carol Reed", "Dan Brown")
	v := s.view
	if v.tabs.Selected() != v.regTab {
		t.Fatal("an event in registration does not open on the Registration tab")
	}
	if v.subtitle.Text != "Any card game · Swiss (best of three) · 14 Jun 2025 · registration · 2 rounds planned (recommended for 4 players)" {
		t.Errorf("subtitle = %q", v.subtitle.Text)
	}

	if !v.settingsButton.Visible() {
		t.Error("no Settings button before round 1")
	}

	test.Tap(v.pairButton)

	if v.settingsButton.Visible() {
		t.Error("the Settings button is still shown once round 1 is paired")
	}
	paired, err := d.Rounds.Rounds(t.Context(), e.ID)
	if err != nil || len(paired) != 1 || len(paired[0].Tables) != 2 {
		t.Fatalf("rounds = %+v, %v", paired, err)
	}
	if v.tabs.Selected() != v.roundTab {
		t.Error("the Round tab is not shown after pairing")
	}
	// The round is a draft: the organizer checks it, then publishes.
	if !uitest.HasText(w.Content(), rounds.DraftBanner) || v.pairButton.Text != "Publish round 1" {
		t.Errorf("no draft banner, or the header offers %q", v.pairButton.Text)
	}
	test.Tap(uitest.Button(t, w.Content(), "Publish pairings", 0))
	if f, ok := w.Canvas().Focused().(*keys.Entry); !ok || f.PlaceHolder != "Table" {
		t.Errorf("focus is on %v, not the Table field", w.Canvas().Focused())
	}
	if !strings.Contains(v.subtitle.Text, "running · Round 1 of 2") {
		t.Errorf("subtitle = %q", v.subtitle.Text)
	}
	if !uitest.HasText(w.Content(), "0 of 2 results in") {
		t.Error("progress not shown")
	}
}

func TestADirectorErrorIsShownAsOneSentence(t *testing.T) {
	_, _, s, w := windowOn(t, "Lonely", "Ada Lovelace")
	test.Tap(s.view.pairButton)
	top := w.Canvas().Overlays().Top()
	if top == nil || !uitest.HasText(top, "Round 1 needs at least two players; 1 can play") {
		t.Fatalf("no error dialog with the director's sentence")
	}
}

// TestAWholeEventThroughTheWindow runs a small event as an organizer does:
// create it, register players, pair, type results, read the standings,
// finish.
func TestAWholeEventThroughTheWindow(t *testing.T) {
	ctx := t.Context()
	d := uitest.Director(t)
	if _, err := d.Registration.AddPlayer(ctx, director.NewPlayer{Name: "Zed Regular", MemberNo: "42"}); err != nil {
		t.Fatal(err)
	}
	s, w := newWindow(t, ServicesOf(d), Options{})
	c := w.Canvas()

	// Create the event.
	test.Tap(uitest.Button(t, w.Content(), "New event", 0))
	form := c.Overlays().Top()
	test.Type(uitest.Entry(t, form, "e.g. Friday Night Altered"), "Thursday Swiss")
	rounds := uitest.Entry(t, form, "recommended")
	rounds.SetText("")
	test.Type(rounds, "2")
	test.Tap(uitest.Button(t, form, "Create event", 0))
	if c.Overlays().Top() != nil {
		t.Fatal("the form is still open")
	}
	es, _ := d.Events.Events(ctx)
	if len(es) != 1 || es[0].Name != "Thursday Swiss" || s.view.id != es[0].ID {
		t.Fatalf("events %+v, open %d", es, s.view.id)
	}
	id := es[0].ID
	if !uitest.HasText(w.Content(), "Thursday Swiss") {
		t.Error("the new event is not in the sidebar")
	}

	// Register three new players and one from the directory.
	name := uitest.Entry(t, w.Content(), "Name")
	for _, n := range []string{"Ada Lovelace", "Bob Stone", "Carol Reed"} {
		c.Focus(name)
		test.Type(name, n)
		pressEnter(c)
	}
	search := uitest.Entry(t, w.Content(), "Find a player by name or member number")
	c.Focus(search)
	test.Type(search, "42")
	pressEnter(c)
	entries, _ := d.Registration.Entries(ctx, id)
	if len(entries) != 4 {
		t.Fatalf("%d entries", len(entries))
	}

	// Two rounds, seat 1 always winning 2–0; each published before the
	// results.
	for round := 1; round <= 2; round++ {
		test.Tap(s.view.pairButton)
		test.Tap(uitest.Button(t, w.Content(), "Publish pairings", 0))
		sh, err := d.Rounds.RoundSheet(ctx, id, round)
		if err != nil {
			t.Fatal(err)
		}
		for _, tb := range sh.Tables {
			test.Type(c.Focused(), strconv.Itoa(tb.Number))
			pressEnter(c)
			test.Type(c.Focused(), "2-0")
			pressEnter(c)
		}
		if s.view.pairButton.Importance != widget.HighImportance && round < 2 {
			t.Errorf("round %d complete but Pair next round is not highlighted", round)
		}
	}
	sh, _ := d.Rounds.RoundSheet(ctx, id, 2)
	for _, tb := range sh.Tables {
		if tb.Result == nil {
			t.Errorf("table %d has no result", tb.Number)
		}
	}
	if s.view.pairButton.Text != "Finish event" || s.view.pairButton.Importance != widget.HighImportance {
		t.Errorf("the last round is complete but Finish event is not the next step: %q %+v %q", s.view.pairButton.Text, s.view.state, s.view.subtitle.Text)
	}

	checkStandingsThenFinish(ctx, t, d, s, w, id)
}

// checkStandingsThenFinish is the end of TestAWholeEventThroughTheWindow:
// the standings lead with the player who won both matches, then the event
// is finished after confirming, and the header and the log say so.
func checkStandingsThenFinish(ctx context.Context, t *testing.T, d *director.Director, s *shell, w fyne.Window, id event.EventID) {
	t.Helper()
	// Standings: the player who won both matches leads.
	s.view.tabs.Select(s.view.standingsTab)
	rows := s.view.standings.Rows()
	if len(rows) != 4 || rows[0].Points != 6 || rows[0].Rank != 1 {
		t.Fatalf("standings %+v", rows)
	}
	if !uitest.HasText(w.Content(), rows[0].Name) || !uitest.HasText(w.Content(), "2–0–0") {
		t.Errorf("standings not shown: %q", uitest.Texts(w.Content()))
	}

	// Finish, after confirming.
	test.Tap(s.view.pairButton)
	s.view.confirm.Confirm()
	e, _ := d.Events.Event(ctx, id)
	if e.State != event.StateFinished {
		t.Fatalf("state %s", e.State)
	}
	if !s.view.pairButton.Disabled() || !strings.Contains(s.view.subtitle.Text, "finished") {
		t.Error("the header does not show the event finished")
	}
	s.view.tabs.Select(s.view.logTab)
	if got := s.view.log.entries[0].Message; got.String() != "event finished" {
		t.Errorf("newest log line = %q", got)
	}
	if !uitest.HasText(w.Content(), "event finished") {
		t.Error("log not shown")
	}
}

func TestAnExtraRoundIsPairedOnlyAfterConfirming(t *testing.T) {
	ctx := t.Context()
	d, e, s, w := windowOn(t, "Short night", "Ada Lovelace", "Bob Stone")
	// Two players: one round recommended.
	test.Tap(s.view.pairButton)
	test.Tap(uitest.Button(t, w.Content(), "Publish pairings", 0))
	c := w.Canvas()
	test.Type(c.Focused(), "1")
	pressEnter(c)
	test.Type(c.Focused(), "2-1")
	pressEnter(c)
	if s.view.pairButton.Text != "Finish event" || s.view.pairButton.Importance != widget.HighImportance {
		t.Fatal("the planned round is played but Finish event is not the next step")
	}
	if s.view.otherButton.Hidden || s.view.otherButton.Text != "Pair an extra round 2…" {
		t.Fatalf("no extra round offered beside Finish: %q", s.view.otherButton.Text)
	}

	test.Tap(s.view.otherButton)
	if s.view.confirm == nil || !uitest.HasText(c.Overlays().Top(), "The planned round has been played.\nPair an extra round 2, or finish the event instead?") {
		t.Fatal("no confirmation before pairing past the planned rounds")
	}
	s.view.confirm.Dismiss()
	if rounds, _ := d.Rounds.Rounds(ctx, e.ID); len(rounds) != 1 {
		t.Fatalf("cancelling still paired: %d rounds", len(rounds))
	}

	test.Tap(s.view.otherButton)
	s.view.confirm.Confirm()
	if rounds, _ := d.Rounds.Rounds(ctx, e.ID); len(rounds) != 2 {
		t.Fatalf("confirming did not pair round 2: %d rounds", len(rounds))
	}
}

// playRound publishes the draft round from its banner and types a result
// for every table (seat 1 winning 2–0), as an organizer does.
func playRound(t *testing.T, s *shell, w fyne.Window, id event.EventID) {
	t.Helper()
	c := w.Canvas()
	test.Tap(uitest.Button(t, w.Content(), "Publish pairings", 0))
	latest, err := s.view.svc.Views.RoundView(t.Context(), id, 0, 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, tb := range latest.Sheet.Tables {
		if tb.Bye {
			continue
		}
		s.view.round.FocusTable()
		test.Type(c.Focused(), strconv.Itoa(tb.Number))
		pressEnter(c)
		test.Type(c.Focused(), "2-0")
		pressEnter(c)
	}
}

func TestASingleEliminationEventRunsUntilTheBracketIsComplete(t *testing.T) {
	ctx := t.Context()
	d, e, s, w := windowOnGame(t, "Saturday bracket", "generic", "single-elimination", "Ada Lovelace", "Bob Stone", "Carol Reed", "Dan Brown")
	v := s.view
	if want := "Any card game · Single elimination · 14 Jun 2025 · registration · 4 players"; v.subtitle.Text != want {
		t.Errorf("subtitle = %q, want %q", v.subtitle.Text, want)
	}

	// Semi-finals, then the final; no "extra round" question on the way.
	for _, name := range []string{"semi-final", "final"} {
		test.Tap(v.pairButton)
		if v.confirm != nil {
			t.Fatal("a bracket round asked about an extra round")
		}
		if !strings.HasSuffix(v.subtitle.Text, "· running · Round "+strconv.Itoa(v.state.Rounds)+" · "+name+" · not published") {
			t.Errorf("subtitle = %q", v.subtitle.Text)
		}
		if got := v.round.Sheet().Round.Name; got.String() != name {
			t.Errorf("round %d is a %q", v.state.Rounds, got)
		}
		playRound(t, s, w, e.ID)
		if v.pairButton.Importance != widget.HighImportance {
			t.Errorf("after the %s the header does not offer the next round", name)
		}
	}
	if !uitest.HasText(w.Content(), "Round 2 · final") {
		t.Errorf("the round selector does not name the final: %q", v.round.Sheet().Round.Name)
	}

	// Nothing left: the director says so, and Finish is the next step.
	if v.pairButton.Text != "Finish event" || v.pairButton.Importance != widget.HighImportance || !v.otherButton.Hidden {
		t.Errorf("after the final the header offers %q (%v), and %q beside it", v.pairButton.Text, v.pairButton.Importance, v.otherButton.Text)
	}
	test.Tap(v.pairButton)
	v.confirm.Confirm()
	got, _ := d.Events.Event(ctx, e.ID)
	if got.State != event.StateFinished {
		t.Fatalf("state %s", got.State)
	}
	if v.tabs.Selected() != v.standingsTab {
		t.Error("the standings are not shown after finishing")
	}
	// The final's winner (seat 1 always wins) is first, its loser second,
	// the semi-final losers share third.
	rows := v.standings.Rows()
	final := v.round.Sheet().Tables[0]
	if len(rows) != 4 || rows[0].EntryID != final.Players[0].Entry || rows[1].EntryID != final.Players[1].Entry {
		t.Fatalf("standings %+v", rows)
	}
	if rows[0].Rank != 1 || rows[1].Rank != 2 || rows[2].Rank != 3 || rows[3].Rank != 3 {
		t.Errorf("ranks %d %d %d %d, want 1 2 3 3", rows[0].Rank, rows[1].Rank, rows[2].Rank, rows[3].Rank)
	}
}

func TestTheHeaderPublishesADraftRound(t *testing.T) {
	ctx := t.Context()
	d, e, s, w := windowOn(t, "Friday Swiss", "Ada Lovelace", "Bob Stone", "Carol Reed", "Dan Brown")
	v := s.view
	test.Tap(v.pairButton)
	if v.pairButton.Text != "Publish round 1" || !strings.HasSuffix(v.subtitle.Text, "Round 1 of 2 (recommended for 4 players) · not published") {
		t.Fatalf("header: %q, %q", v.pairButton.Text, v.subtitle.Text)
	}
	// Pairing round 2 is not possible while round 1 is a draft: the header
	// offers the step that is.
	v.tabs.Select(v.regTab)
	test.Tap(v.pairButton)
	rounds, _ := d.Rounds.Rounds(ctx, e.ID)
	if len(rounds) != 1 || !rounds[0].Published() {
		t.Fatalf("rounds %+v", rounds)
	}
	if v.tabs.Selected() != v.roundTab || v.round.Draft() {
		t.Error("the published round is not shown")
	}
	if f, ok := w.Canvas().Focused().(*keys.Entry); !ok || f.PlaceHolder != "Table" {
		t.Errorf("focus is on %v, not the Table field", w.Canvas().Focused())
	}
	if v.pairButton.Text != "Pair round 2" || !strings.HasSuffix(v.subtitle.Text, "Round 1 of 2 (recommended for 4 players)") {
		t.Errorf("header: %q, %q", v.pairButton.Text, v.subtitle.Text)
	}
}

func TestAfterTheSwissRoundsTheHeaderStartsTheTopCut(t *testing.T) {
	d := uitest.Director(t)
	e := uitest.EventOf(t, d, "Store championship", "generic", "swiss-top8")
	uitest.ChangeSettings(t, d, &e, func(s *event.Settings) { s.Rounds, s.Playoff.TopCut = 1, 4 })
	uitest.Players(t, d, e.ID, "Ada Lovelace", "Bob Stone", "Carol Reed", "Dan Brown", "Eve Moss")
	s, w := newWindow(t, ServicesOf(d), Options{OpenEvent: e.ID})
	v := s.view
	if !strings.HasSuffix(v.subtitle.Text, "1 round planned, then a top 4") {
		t.Errorf("subtitle = %q", v.subtitle.Text)
	}
	test.Tap(v.pairButton)
	playRound(t, s, w, e.ID)
	if v.pairButton.Text != "Start top 4" || v.pairButton.Importance != widget.HighImportance {
		t.Fatalf("after the last Swiss round the header offers %q (%v)", v.pairButton.Text, v.pairButton.Importance)
	}
	v.confirm = nil
	test.Tap(v.pairButton)
	if v.confirm != nil {
		// Seat 1 won every table 2–0, so players tie at the cut line:
		// the only question is about the draw that ordered them.
		said := strings.Join(uitest.Texts(w.Canvas().Overlays().Top()), "\n")
		if strings.Contains(said, "extra round") || !strings.Contains(said, "The cut takes 4 players.") {
			t.Fatalf("starting the top cut asked something else than the ties at the cut: %q", said)
		}
		v.confirm.Confirm()
	}
	if !strings.HasSuffix(v.subtitle.Text, "· running · Round 2 · top 4: semi-final · not published") {
		t.Errorf("subtitle = %q", v.subtitle.Text)
	}
	if !uitest.HasText(w.Content(), "Round 2 · top 4: semi-final · draft") {
		t.Error("the round selector does not name the top cut round")
	}
}

func TestAFixedTableRenumbersTheDraft(t *testing.T) {
	ctx := t.Context()
	d := uitest.Director(t)
	e := uitest.Event(t, d, "Friday Swiss")
	players := uitest.Players(t, d, e.ID, "Ada Lovelace", "Bob Stone", "Carol Reed", "Dan Brown")
	s, w := newWindow(t, ServicesOf(d), Options{OpenEvent: e.ID})
	test.Tap(s.view.pairButton)

	s.view.tabs.Select(s.view.regTab)
	test.Tap(uitest.Button(t, w.Content(), "Table…", 0)) // Ada's row
	dlg := w.Canvas().Overlays().Top()
	test.Type(uitest.Entry(t, dlg, "none"), "7")
	test.Tap(uitest.Button(t, dlg, "Save", 0))

	en, _ := d.Registration.Entries(ctx, e.ID)
	if en[0].FixedTable != 7 {
		t.Fatalf("Ada's fixed table = %d", en[0].FixedTable)
	}
	s.view.tabs.Select(s.view.roundTab)
	found := false
	for _, tb := range s.view.round.Sheet().Tables {
		for _, p := range tb.Players {
			if p.Entry == players[0].ID {
				found = tb.Number == 7
			}
		}
	}
	if !found {
		t.Errorf("Ada does not play at table 7 in the round shown: %+v", s.view.round.Sheet().Tables)
	}
}

// A Heresy Reascension event runs through the window: the header counts
// the rounds of rule H3, the Round tab takes a table's result in its
// panel, the standings follow.
func TestAHeresyEventThroughTheWindow(t *testing.T) {
	ctx := t.Context()
	d, e, s, w := windowOnGame(t, "Reascension night", "heresy", "reascension", "Ada Lovelace", "Bob Stone", "Carol Reed", "Dan Brown", "Eve Moss", "Finn Hale", "Gus Ward")
	v := s.view
	if !strings.HasSuffix(v.subtitle.Text, "registration · 4 rounds planned (recommended for 7 players)") {
		t.Errorf("subtitle = %q", v.subtitle.Text)
	}
	test.Tap(v.pairButton)
	test.Tap(uitest.Button(t, w.Content(), "Publish pairings", 0))
	if !strings.Contains(v.subtitle.Text, "running · Round 1 of 4") {
		t.Errorf("subtitle = %q", v.subtitle.Text)
	}
	c := w.Canvas()
	if f, ok := c.Focused().(*keys.Entry); !ok || f.PlaceHolder != "Table" {
		t.Fatalf("focus is on %v, not the Table field", c.Focused())
	}
	sh, err := d.Rounds.RoundSheet(ctx, e.ID, 1)
	if err != nil {
		t.Fatal(err)
	}
	for _, tb := range sh.Tables {
		c.Focus(uitest.Entry(t, w.Content(), "Table"))
		test.Type(c.Focused(), strconv.Itoa(tb.Number))
		pressEnter(c)
		if c.Overlays().Top() == nil {
			t.Fatalf("table %d: no result panel", tb.Number)
		}
		for i := range tb.Players {
			test.Type(c.Focused(), strconv.Itoa(3+i))
			c.FocusNext()
		}
		test.Type(c.Focused(), "1")
		pressEnter(c)
		if c.Overlays().Top() != nil {
			t.Fatalf("table %d: the panel is still open", tb.Number)
		}
	}
	if !strings.Contains(v.pairButton.Text, "Pair round 2") || v.pairButton.Importance != widget.HighImportance {
		t.Errorf("after every result the header offers %q", v.pairButton.Text)
	}
	table, err := d.Rounds.Standings(ctx, e.ID)
	if err != nil {
		t.Fatal(err)
	}
	if table[0].Points != 14 || table[len(table)-1].Points != 4 {
		t.Errorf("standings %+v", table)
	}
	v.tabs.Select(v.standingsTab)
	if !uitest.HasText(w.Content(), "14") || uitest.HasText(w.Content(), "OMW%") {
		t.Errorf("standings tab %q", uitest.Texts(w.Content()))
	}
}

// Rule A6: a 2v2 event through the window: make the teams in the Teams
// dialog, pair, type a team result from the keyboard, read the team
// standings.
func TestATeamEventThroughTheWindow(t *testing.T) {
	ctx := t.Context()
	d, e, s, w := windowOnGame(t, "Friday 2v2", "altered", "2v2", "Ada Lovelace", "Bob Stone", "Carol Reed", "Dan Brown")
	c := w.Canvas()
	if !strings.Contains(s.view.subtitle.Text, "1 round planned (recommended for 2 teams)") {
		t.Errorf("subtitle = %q", s.view.subtitle.Text)
	}

	// Pairing before the teams are made says who has none.
	test.Tap(s.view.pairButton)
	if top := c.Overlays().Top(); top == nil || !uitest.HasText(top, "4 players have no team: Ada Lovelace, Bob Stone, Carol Reed, Dan Brown. Make teams of 2 on the Registration tab, or drop them, before pairing round 1") {
		t.Fatalf("no refusal shown: %q", uitest.Texts(c.Overlays().Top()))
	}
	test.Tap(uitest.Button(t, c.Overlays().Top(), "OK", 0))

	test.Tap(uitest.Button(t, w.Content(), "Teams…", 0))
	dlg := c.Overlays().Top()
	pick := func(placeholder, name string) {
		for _, o := range uitest.Objects(dlg) {
			if sel, ok := o.(*widget.Select); ok && sel.PlaceHolder == placeholder {
				sel.SetSelected(name)
				return
			}
		}
		t.Fatalf("no %q picker", placeholder)
	}
	pick("First player", "Ada Lovelace")
	pick("Second player", "Bob Stone")
	test.Type(uitest.Entry(t, dlg, "Team name (optional)"), "Les Zoëlles")
	test.Tap(uitest.Button(t, dlg, "Make team", 0))
	pick("First player", "Carol Reed")
	pick("Second player", "Dan Brown")
	test.Tap(uitest.Button(t, dlg, "Make team", 0))
	test.Tap(uitest.Button(t, dlg, "Close", 0))
	if teams, _ := d.Teams.Teams(ctx, e.ID); len(teams) != 2 {
		t.Fatalf("teams %+v", teams)
	}

	test.Tap(s.view.pairButton)
	test.Tap(uitest.Button(t, w.Content(), "Publish pairings", 0))
	sh, err := d.Rounds.RoundSheet(ctx, e.ID, 1)
	if err != nil || len(sh.Tables) != 1 || len(sh.Tables[0].Teams) != 2 {
		t.Fatalf("round 1: %+v, %v", sh.Tables, err)
	}
	a, b := rounds.TeamLabel(sh.Tables[0].Teams[0]), rounds.TeamLabel(sh.Tables[0].Teams[1])
	for _, want := range []string{a, b, "Team A", "Team B"} {
		if !uitest.HasText(w.Content(), want) {
			t.Errorf("%q not shown: %q", want, uitest.Texts(w.Content()))
		}
	}
	test.Type(c.Focused(), "1")
	pressEnter(c)
	test.Type(c.Focused(), "1-0")
	pressEnter(c)
	if !uitest.HasText(w.Content(), "Table 1: "+a+" 1–0 "+b+" saved") {
		t.Errorf("no saved line: %q", uitest.Texts(w.Content()))
	}

	s.view.tabs.Select(s.view.standingsTab)
	rows := s.view.standings.Rows()
	if len(rows) != 2 || rows[0].Name != sh.Tables[0].Teams[0].Name || rows[0].Points != 3 {
		t.Fatalf("team standings %+v", rows)
	}
	for _, want := range []string{"Players", "Ada Lovelace & Bob Stone", "Carol Reed & Dan Brown", "1–0–0"} {
		if !uitest.HasText(w.Content(), want) {
			t.Errorf("%q not shown in the standings: %q", want, uitest.Texts(w.Content()))
		}
	}
}

func TestRoundOneWaitingForCheckInOffersToDropTheAbsent(t *testing.T) {
	ctx := t.Context()
	d := uitest.Director(t)
	e := uitest.Event(t, d, "Check-in night")
	entries := uitest.Players(t, d, e.ID, "Ada Lovelace", "Bob Stone", "Carol Reed", "Dan Brown")
	for _, en := range entries[:3] {
		if err := d.Registration.CheckIn(ctx, en.ID, true); err != nil {
			t.Fatal(err)
		}
	}
	// Keep them: nothing is paired, the Registration tab shows.
	rs := askBeforePairing(t, d, e.ID, "Dan Brown", "Keep them", "Drop them and pair")
	if len(rs) != 1 || len(rs[0].Tables) != 2 { // 3 players: a table and a bye
		t.Fatalf("rounds %+v", rs)
	}
	got, _ := d.Registration.Entries(ctx, e.ID)
	if got[3].Status != event.EntryDropped {
		t.Errorf("Dan Brown is %v", got[3].Status)
	}
}

// Rule S1 (SWS 4.0 a: "All Secret War Society tournaments must have at
// least three players participating in the event"): pairing round 1 of a
// two-player Shadowfist event first says it is not an official SWS
// tournament; "Register more players" pairs nothing, "Pair round 1
// anyway" pairs.
func TestPairingTwoPlayerShadowfistAsksFirst(t *testing.T) {
	d := uitest.Director(t)
	e := uitest.EventOf(t, d, "Duel night", "shadowfist", "big-man")
	uitest.Players(t, d, e.ID, "Ada Lovelace", "Bob Stone")
	if rs := askBeforePairing(t, d, e.ID, "not an official SWS tournament", "Register more players", "Pair round 1 anyway"); len(rs) != 1 || len(rs[0].Tables) != 1 {
		t.Fatalf("rounds %+v", rs)
	}
}

// askBeforePairing opens event id and taps Pair: a dialog must ask,
// saying says; answering keep must pair nothing and show the
// Registration tab; tapping Pair again and answering pair returns the
// rounds then.
func askBeforePairing(t *testing.T, d *director.Director, id event.EventID, says, keep, pair string) []event.Round {
	t.Helper()
	ctx := t.Context()
	s, w := newWindow(t, ServicesOf(d), Options{OpenEvent: id})
	test.Tap(s.view.pairButton)
	top := w.Canvas().Overlays().Top()
	if top == nil || !strings.Contains(strings.Join(uitest.Texts(top), " "), says) {
		t.Fatalf("no dialog saying %q: %v", says, top)
	}
	test.Tap(uitest.Button(t, top, keep, 0))
	if rs, _ := d.Rounds.Rounds(ctx, id); len(rs) != 0 || s.view.tabs.Selected() != s.view.regTab {
		t.Fatalf("%s: %d rounds, tab %v", keep, len(rs), s.view.tabs.Selected().Text)
	}
	test.Tap(s.view.pairButton)
	test.Tap(uitest.Button(t, w.Canvas().Overlays().Top(), pair, 0))
	rs, _ := d.Rounds.Rounds(ctx, id)
	return rs
}

// fakePrinter writes a line naming the report and the round asked for.
type fakePrinter struct{ imported, backedUp string }

func (fakePrinter) Reports() []Report {
	return []Report{{Key: "slips", Name: "Match slips", Ext: "pdf", Round: true}, {Key: "standings", Name: "Standings", Ext: "pdf"}}
}

func (fakePrinter) Write(_ context.Context, key string, id event.EventID, round int, paper string, w io.Writer) (string, error) {
	if key == "broken" {
		return "", event.Invalid("the printer is out of paper")
	}
	fmt.Fprintf(w, "%s of event %d round %d on %s", key, id, round, paper)
	return key + " written", nil
}

func (p fakePrinter) WriteFile(ctx context.Context, key string, id event.EventID, round int, paper, path string) (string, error) {
	var b strings.Builder
	summary, err := p.Write(ctx, key, id, round, paper, &b)
	if err != nil {
		return "", err
	}
	return summary, os.WriteFile(path, []byte(b.String()), 0o644)
}

func (p *fakePrinter) Backup(_ context.Context, path string) error {
	p.backedUp = path
	return os.WriteFile(path, []byte("backup"), 0o600)
}

func (p *fakePrinter) ImportPlayers(_ context.Context, _ event.EventID, r io.Reader) (int, []string, error) {
	b, _ := io.ReadAll(r)
	p.imported = string(b)
	return 1, []string{"row 3: the name is empty"}, nil
}

func TestThePrintMenuWritesTheReportAndSaysWhatItWrote(t *testing.T) {
	t.Setenv("LC_ALL", "en_GB.UTF-8") // A4: the paper follows the locale
	d := uitest.Director(t)
	e := uitest.Event(t, d, "Print night")
	uitest.Players(t, d, e.ID, "Ada Lovelace", "Bob Stone")
	p := &fakePrinter{}
	s, _ := newWindow(t, ServicesOf(d), Options{OpenEvent: e.ID, Printer: p})
	m := s.view.print
	if !m.button.Visible() {
		t.Fatal("no Print button with a printer")
	}
	var gotPath, gotSummary string
	m.done = func(path, summary string) { gotPath, gotSummary = path, summary }
	path := filepath.Join(t.TempDir(), "slips.pdf")
	m.Export(Report{Key: "slips", Name: "Match slips", Ext: "pdf", Round: true}, path)
	b, err := os.ReadFile(path)
	if err != nil || string(b) != fmt.Sprintf("slips of event %d round 0 on A4", e.ID) || gotPath != path || gotSummary != "slips written" {
		t.Errorf("wrote %q (%v), told %q %q", b, err, gotPath, gotSummary)
	}
	// A failure leaves nothing behind and is shown.
	bad := filepath.Join(t.TempDir(), "bad.pdf")
	m.Export(Report{Key: "broken", Name: "Broken", Ext: "pdf"}, bad)
	if _, err := os.Stat(bad); !os.IsNotExist(err) {
		t.Errorf("a failed export left %s (%v)", bad, err)
	}
	backup := filepath.Join(t.TempDir(), "copy.db")
	m.Backup(backup)
	if p.backedUp != backup || m.lastBackup != backup {
		t.Errorf("Back up wrote %q, told %q", p.backedUp, m.lastBackup)
	}
	m.importData([]byte("name\nZoë\n"))
	if p.imported != "name\nZoë\n" || !strings.Contains(m.lastImport, "1 player registered") || !strings.Contains(m.lastImport, "row 3") {
		t.Errorf("import said %q", m.lastImport)
	}
	// Suggested names carry event, round and kind: round 2 never replaces round 1.
	for _, c := range []struct {
		round int
		r     Report
		want  string
	}{
		{0, Report{Key: "pairings-csv", Ext: "csv", Round: true}, "Print night - pairings.csv"},
		{1, Report{Key: "pairings", Ext: "pdf", Round: true}, "Print night - round 1 - pairings.pdf"},
		{2, Report{Key: "pairings", Ext: "pdf", Round: true}, "Print night - round 2 - pairings.pdf"},
		{2, Report{Key: "standings-csv", Ext: "csv"}, "Print night - standings.csv"},
	} {
		if got := fileName(e, c.round, c.r); got != c.want {
			t.Errorf("file name %q, want %q", got, c.want)
		}
	}
}

// Finish is offered only when the structure is complete: during the last
// round the header says Finish event but waits for the results (never
// "Pair round 3" in a 2-round event), and finishing earlier is a separate,
// asked step whose Enter keeps the event going.
func TestFinishIsOfferedOnlyWhenTheStructureIsComplete(t *testing.T) {
	ctx := t.Context()
	d, e, s, w := windowOn(t, "Friday Swiss", "Ada Lovelace", "Bob Stone", "Carol Reed", "Dan Brown")
	v := s.view
	if !v.otherButton.Hidden {
		t.Errorf("before round 1 the header offers %q", v.otherButton.Text)
	}
	test.Tap(v.pairButton)
	if !v.otherButton.Hidden {
		t.Errorf("a draft round offers %q beside Publish", v.otherButton.Text)
	}
	test.Tap(uitest.Button(t, w.Content(), "Publish pairings", 0))
	if v.pairButton.Text != "Pair round 2" || !v.pairButton.Disabled() {
		t.Errorf("round 1 under way: the header offers %q (disabled %v)", v.pairButton.Text, v.pairButton.Disabled())
	}
	if v.otherButton.Hidden || v.otherButton.Text != "Finish early…" {
		t.Fatalf("no Finish early beside the next step: %q", v.otherButton.Text)
	}
	test.Tap(v.otherButton)
	top := w.Canvas().Overlays().Top()
	if top == nil || !uitest.HasText(top, "Friday Swiss is not over: waiting for 2 results of round 1.\nFinish it now anyway? Its results become final and no more rounds can be paired.") {
		t.Fatalf("finishing early did not say what is cut short: %q", uitest.Texts(top))
	}
	pressEnter(w.Canvas()) // Enter keeps playing
	if got, _ := d.Events.Event(ctx, e.ID); got.State == event.StateFinished {
		t.Fatal("Enter on Finish early finished the event")
	}

	c := w.Canvas()
	for _, n := range []string{"1", "2"} {
		v.round.FocusTable()
		test.Type(c.Focused(), n)
		pressEnter(c)
		test.Type(c.Focused(), "2-0")
		pressEnter(c)
	}
	if v.pairButton.Text != "Pair round 2" || v.pairButton.Disabled() {
		t.Errorf("round 1 complete: the header offers %q (disabled %v)", v.pairButton.Text, v.pairButton.Disabled())
	}
	test.Tap(v.pairButton)
	test.Tap(uitest.Button(t, w.Content(), "Publish pairings", 0))
	if v.pairButton.Text != "Finish event" || !v.pairButton.Disabled() {
		t.Errorf("during the last round the header offers %q (disabled %v)", v.pairButton.Text, v.pairButton.Disabled())
	}
}

// Quit mid-round asks first (Alt+F4 or the close button on the main
// window): Enter keeps working; with no round under way it quits at once.
func TestQuitMidRoundAsksToConfirm(t *testing.T) {
	_, _, s, w := windowOn(t, "Friday Swiss", "Ada Lovelace", "Bob Stone", "Carol Reed", "Dan Brown")
	quits := 0
	s.quit = func() { quits++ }
	s.onCloseRequested()
	if quits != 1 {
		t.Fatalf("before round 1 closing did not quit at once (%d)", quits)
	}
	test.Tap(s.view.pairButton)
	test.Tap(uitest.Button(t, w.Content(), "Publish pairings", 0))
	s.onCloseRequested()
	top := w.Canvas().Overlays().Top()
	if top == nil || !uitest.HasText(top, "Round 1 of Friday Swiss is under way: waiting for 2 results.\nQuit anyway? Everything is saved, and the round clock keeps time while Tablekeeper is closed.") {
		t.Fatalf("no question before quitting mid-round: %q", uitest.Texts(top))
	}
	pressEnter(w.Canvas())
	if quits != 1 {
		t.Fatal("Enter on the question quit")
	}
	s.onCloseRequested()
	s.confirm.Confirm()
	if quits != 2 {
		t.Fatal("Quit did not quit")
	}
}

// Change notifications: a write made elsewhere (another front-end of the
// same director: the kiosk, a judge's phone) shows on the open window
// without a click: the header, the Registration tab and the Round tab.
func TestTheWindowFollowsChangesMadeElsewhere(t *testing.T) {
	ctx := t.Context()
	d, e, s, _ := windowOn(t, "Friday Swiss", "Ada Lovelace", "Bob Stone", "Carol Reed", "Dan Brown")
	v := s.view
	entries, _ := d.Registration.Entries(ctx, e.ID)
	if err := d.Registration.CheckIn(ctx, entries[0].ID, true); err != nil {
		t.Fatal(err)
	}
	if v.registration.CountsText() != "4 registered · 1 checked in · 0 dropped" {
		t.Errorf("a check-in made elsewhere shows %q", v.registration.CountsText())
	}
	for _, en := range entries[1:] {
		if err := d.Registration.CheckIn(ctx, en.ID, true); err != nil {
			t.Fatal(err)
		}
	}
	r := uitest.Pair(t, d, e.ID)
	if v.pairButton.Text != "Pair round 2" || len(v.round.Sheet().Tables) != 2 {
		t.Fatalf("a round paired elsewhere: header %q, %d tables shown", v.pairButton.Text, len(v.round.Sheet().Tables))
	}
	if err := d.Rounds.RecordResult(ctx, e.ID, 1, r.Tables[0].Number, event.Result{Seats: []event.SeatResult{{GamesWon: 2}, {GamesWon: 0}}}); err != nil {
		t.Fatal(err)
	}
	if got := v.round.Sheet().Tables[0].Result; got == nil || got.Seats[0].GamesWon != 2 {
		t.Errorf("a result entered elsewhere is not on the Round tab: %+v", got)
	}
}

// A report from a phone shows on the open Round tab at once, through the
// change notifications: the result marked "reported by players", or the
// report in the Phone reports list when it disagrees with the result on
// record.
func TestPhoneReportsShowOnTheRoundTabAtOnce(t *testing.T) {
	ctx := t.Context()
	d := uitest.Director(t)
	e := uitest.Event(t, d, "Friday Swiss")
	uitest.Players(t, d, e.ID, "Ada Lovelace", "Bob Stone", "Carol Reed", "Dan Brown")
	r := uitest.Pair(t, d, e.ID)
	s, _ := newWindow(t, ServicesOf(d), Options{OpenEvent: e.ID})
	v := s.view
	codes, err := d.Network.TableCodes(ctx, e.ID, 1)
	if err != nil {
		t.Fatal(err)
	}
	report := func(table int, result string) error {
		_, err := d.Network.ReportByCode(ctx, director.TableReport{Event: e.ID, Round: 1, Table: table, Code: codes[table], Result: result, Device: "phone-1"})
		return err
	}
	if err := report(r.Tables[0].Number, "2-0"); err != nil {
		t.Fatal(err)
	}
	if got := v.round.Sheet().Tables[0].Result; got == nil || !got.ByPlayers {
		t.Fatalf("a phone's result is not on the Round tab: %+v", got)
	}
	if err := report(r.Tables[0].Number, "0-2"); !errors.Is(err, director.ErrReportConflict) {
		t.Fatal(err)
	}
	if reports := v.round.PhoneReports(); len(reports) != 1 || !reports[0].Conflict {
		t.Errorf("the report to check is not on the Round tab: %+v", reports)
	}
}

// During a bracket's final the header offers only finishing, greyed until
// the final's result is in, and nothing beside it; never a round 3. Once
// the result is in, the Round tab's status line says the same.
func TestABracketsFinalOffersOnlyFinishing(t *testing.T) {
	ctx := t.Context()
	d := uitest.Director(t)
	e := uitest.EventOf(t, d, "Saturday bracket", "generic", "single-elimination")
	uitest.Players(t, d, e.ID, "Ada Lovelace", "Bob Stone", "Carol Reed", "Dan Brown")
	semis, err := d.Rounds.PairNextRound(ctx, e.ID)
	if err != nil {
		t.Fatal(err)
	}
	uitest.Publish(t, d, e.ID, 1)
	for _, tb := range semis.Tables {
		if err := d.Rounds.RecordResult(ctx, e.ID, 1, tb.Number, event.Result{Seats: []event.SeatResult{{GamesWon: 2}, {GamesWon: 0}}}); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := d.Rounds.PairNextRound(ctx, e.ID); err != nil {
		t.Fatal(err)
	}
	uitest.Publish(t, d, e.ID, 2)
	s, w := newWindow(t, ServicesOf(d), Options{OpenEvent: e.ID})
	v := s.view
	if v.pairButton.Text != "Finish event" || !v.pairButton.Disabled() || !v.otherButton.Hidden {
		t.Errorf("during the final the header offers %q (disabled %v), and %q beside it", v.pairButton.Text, v.pairButton.Disabled(), v.otherButton.Text)
	}
	if uitest.HasText(w.Content(), "round 3") || uitest.HasText(w.Content(), "Round 3") {
		t.Errorf("a round 3 is offered: %q", uitest.Texts(w.Content()))
	}
	c := w.Canvas()
	v.tabs.Select(v.roundTab)
	v.round.FocusTable()
	test.Type(c.Focused(), "1")
	pressEnter(c)
	test.Type(c.Focused(), "2-1")
	pressEnter(c)
	if !uitest.HasText(w.Content(), "1 of 1 results in · round complete: finish the event") {
		t.Errorf("the final played: %q", uitest.Texts(w.Content()))
	}
	if v.pairButton.Text != "Finish event" || v.pairButton.Disabled() || !v.otherButton.Hidden {
		t.Errorf("after the final the header offers %q (disabled %v), and %q beside it", v.pairButton.Text, v.pairButton.Disabled(), v.otherButton.Text)
	}
}
