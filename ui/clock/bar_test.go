package clock

import (
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/internal/testdb"
	"tablekeeper/ui/internal/keys"
	"tablekeeper/ui/internal/uitest"
	"tablekeeper/ui/internal/work"
)

// The director's clocks are what the bar calls.
var _ Clocks = (*director.Clocks)(nil)

// countBeeper counts the chimes.
type countBeeper struct{ n int }

func (c *countBeeper) Beep() { c.n++ }

type fixture struct {
	d     *director.Director
	e     event.Event
	app   fyne.App
	w     fyne.Window
	b     *Bar
	clock *testdb.Clock
	t0    time.Time
	beeps *countBeeper
	errs  *uitest.Errors
}

// newDirector returns a director over a new database that reads the test
// time.
func newDirector(t *testing.T, clock *testdb.Clock) *director.Director {
	t.Helper()
	return testdb.Director(testdb.Open(t), clock.Now, 1, 2)
}

// setup opens the bar on round 1, paired and published, of a generic
// best-of-three Swiss of the players named (four by default).
func setup(t *testing.T, players ...string) fixture {
	t.Helper()
	if len(players) == 0 {
		players = []string{"Ada Lovelace", "Bob Stone", "Carol Reed", "Dan Brown"}
	}
	app := test.NewTempApp(t)
	clock := testdb.NewClock(uitest.Now)
	d := newDirector(t, clock)
	e := uitest.Event(t, d, "Friday Swiss")
	uitest.Players(t, d, e.ID, players...)
	uitest.Pair(t, d, e.ID)
	return show(t, app, d, e, clock)
}

// show opens a bar on round 1 of e in a new window.
func show(t *testing.T, app fyne.App, d *director.Director, e event.Event, clock *testdb.Clock) fixture {
	t.Helper()
	errs := &uitest.Errors{}
	w := test.NewTempWindow(t, nil)
	b := newBar(d.Clocks, work.Sync{}, errs.Alert, w, clock.Now, app)
	beeps := &countBeeper{}
	b.SetBeeper(beeps)
	w.SetContent(b.Content())
	w.Resize(fyne.NewSize(1366, 220))
	b.Load(e.ID, 1)
	return fixture{d: d, e: e, app: app, w: w, b: b, clock: clock, t0: clock.Now(), beeps: beeps, errs: errs}
}

// at moves the time to d after the fixture's start and ticks the bar.
func (f fixture) at(d time.Duration) {
	f.clock.Set(f.t0.Add(d))
	f.b.tick(f.clock.Now())
}

// every ticks the bar once a second from the time now to d after the
// start, as the ticker would.
func (f fixture) every(to time.Duration) {
	for f.clock.Now().Before(f.t0.Add(to)) {
		f.clock.Add(time.Second)
		f.b.tick(f.clock.Now())
	}
}

func (f fixture) tap(t *testing.T, text string) {
	t.Helper()
	b := uitest.Button(t, f.w.Content(), text, 0)
	if b.Disabled() {
		t.Fatalf("%q is disabled", text)
	}
	test.Tap(b)
	f.errs.None(t)
}

func (f fixture) shows(t *testing.T, want string) {
	t.Helper()
	if got := f.b.timeText.Text; got != want {
		t.Errorf("the bar shows %q, want %q", got, want)
	}
}

func mins(m float64) time.Duration { return time.Duration(m * float64(time.Minute)) }

func TestStartPauseResume(t *testing.T) {
	f := setup(t)
	f.shows(t, "not started, 50:00")
	if !uitest.HasText(f.w.Content(), "Round 1") {
		t.Errorf("no round number: %q", uitest.Texts(f.w.Content()))
	}
	if f.b.pause.Visible() || f.b.resume.Visible() || f.b.reset.Disabled() == false {
		t.Error("before the start only Start applies")
	}

	f.tap(t, "Start")
	f.at(time.Second)
	f.shows(t, "49:59")
	f.at(mins(10))
	f.shows(t, "40:00")
	if f.b.start.Visible() || !f.b.pause.Visible() {
		t.Error("a running clock offers Pause")
	}

	f.tap(t, "Pause")
	f.at(mins(15))
	f.shows(t, "paused, 40:00 left")
	f.tap(t, "Resume")
	f.at(mins(15) + time.Second)
	f.shows(t, "39:59")
	f.at(mins(45))
	f.shows(t, "10:00")
	if f.b.timeImp != widget.WarningImportance {
		t.Errorf("the last ten minutes are not marked: %v", f.b.timeImp)
	}

	// The clock was saved: a new bar (a restart) shows the same time.
	g := show(t, f.app, f.d, f.e, f.clock)
	g.shows(t, "10:00")
	f.clock.Set(f.t0.Add(mins(45) + 30*time.Second))
	g.b.tick(f.clock.Now())
	g.shows(t, "9:30")
}

func TestOverTime(t *testing.T) {
	f := setup(t)
	f.tap(t, "Start")
	f.at(mins(52) + 13*time.Second)
	f.shows(t, "over by 2:13")
	if f.b.timeImp != widget.DangerImportance {
		t.Errorf("time up is not red: %v", f.b.timeImp)
	}
	// Time can still be added to a round well over; none taken away.
	if !f.b.minus.Disabled() || f.b.plus.Disabled() {
		t.Error("over by more than a minute: +1 should apply and −1 not")
	}
	f.at(mins(50) + 30*time.Second)
	f.shows(t, "over by 0:30")
	if !f.b.minus.Disabled() || f.b.plus.Disabled() {
		t.Error("over by 30 seconds, a minute can be added but none taken away")
	}
	f.tap(t, "+1 min")
	f.shows(t, "0:30")
}

func TestAddAndTakeAwayTime(t *testing.T) {
	f := setup(t)
	f.tap(t, "+1 min") // before the start too
	f.shows(t, "not started, 51:00")
	f.tap(t, "Start")
	f.at(time.Second)
	f.shows(t, "50:59")
	f.tap(t, "-1 min")
	f.tap(t, "-1 min")
	f.shows(t, "48:59")
	rc, err := f.d.Clocks.RoundClockOf(t.Context(), f.e.ID, 1)
	if err != nil || rc.Clock.Added != -time.Minute {
		t.Errorf("saved: %+v, %v", rc.Clock, err)
	}
	f.at(mins(48) + 30*time.Second)
	if !f.b.minus.Disabled() {
		t.Error("-1 min with 30 seconds left")
	}
}

// S5: a single final table need not be timed. The round's time is set
// before the start; 0 makes it untimed.
func TestSetTimeAndUntimed(t *testing.T) {
	f := setup(t)
	f.tap(t, "Set time…")
	if f.b.minutesBox.Text != "50" {
		t.Errorf("the dialog offers %q, want the round's 50 minutes", f.b.minutesBox.Text)
	}
	f.b.minutesBox.SetText("75")
	f.b.minutesBox.OnSubmitted(f.b.minutesBox.Text) // Enter
	f.errs.None(t)
	f.shows(t, "not started, 1:15:00")

	// Esc cancels: nothing changes.
	f.tap(t, "Set time…")
	f.b.minutesBox.SetText("20")
	f.b.minutesBox.TypedKey(&fyne.KeyEvent{Name: fyne.KeyEscape})
	f.errs.None(t)
	f.shows(t, "not started, 1:15:00")

	f.tap(t, "Set time…")
	f.b.minutesBox.SetText("abc")
	if f.b.minutesBox.Validate() == nil {
		t.Error("letters accepted as minutes")
	}
	f.b.minutesBox.SetText("0")
	f.b.timeForm.Submit()
	f.errs.None(t)
	f.shows(t, "untimed")

	f.tap(t, "Start")
	f.at(mins(1) + 5*time.Second)
	f.shows(t, "untimed, 1:05 played")
	if !f.b.plus.Disabled() || !f.b.minus.Disabled() || !f.b.setTime.Disabled() {
		t.Error("an untimed running round offers time changes")
	}
	// An untimed round announces nothing, ever.
	f.every(mins(3))
	f.at(mins(180))
	f.every(mins(180) + 3*time.Second)
	if len(f.b.Notices()) != 0 || f.beeps.n != 0 {
		t.Errorf("untimed round announced %q (%d beeps)", f.b.Notices(), f.beeps.n)
	}
}

func TestSetTimeOnlyBeforeTheStart(t *testing.T) {
	f := setup(t)
	f.tap(t, "Start")
	if !f.b.setTime.Disabled() {
		t.Error("Set time… after the start")
	}
	// Even if asked, the director refuses and the bar says so.
	f.b.minutesBox = keys.NewEntry("")
	f.b.minutesBox.SetText("30")
	f.b.onTimeChosen(true)
	if len(*f.errs) != 1 || !strings.Contains(work.Sentence((*f.errs)[0]), "has started") {
		t.Errorf("alerts: %v", *f.errs)
	}
	f.at(time.Second)
	f.shows(t, "49:59")
}

func TestParseMinutes(t *testing.T) {
	for in, want := range map[string]int{"50": 50, " 0 ": 0, "1440": 1440} {
		if got, err := parseMinutes(in); err != nil || got != want {
			t.Errorf("parseMinutes(%q) = %d, %v", in, got, err)
		}
	}
	for _, in := range []string{"", "-5", "1441", "45.5", "fifty"} {
		if _, err := parseMinutes(in); err == nil {
			t.Errorf("parseMinutes(%q) accepted", in)
		}
	}
}

func TestResetAsksFirst(t *testing.T) {
	f := setup(t)
	f.tap(t, "Start")
	f.at(mins(3))
	f.tap(t, "Reset")
	top := f.w.Canvas().Overlays().Top()
	if top == nil || !uitest.HasText(top, "Reset round 1's clock to 50:00, not started? The time played, the pauses and the time added are dropped; press Start again when the players are ready.") {
		t.Fatal("no confirmation before the reset")
	}
	f.b.confirm.Dismiss()
	f.at(mins(4))
	f.shows(t, "46:00")

	f.tap(t, "Reset")
	f.b.confirm.Confirm()
	f.errs.None(t)
	f.shows(t, "not started, 50:00")
	if !f.b.start.Visible() || f.b.start.Disabled() {
		t.Error("Start is not offered after the reset")
	}
}

// S5: the warning ten minutes before time, then time. Each is shown once,
// stays until dismissed, and chimes once.
func TestAnnouncementsShowOnceAndChime(t *testing.T) {
	f := setup(t)
	f.tap(t, "Start")
	f.at(mins(39) + 58*time.Second)
	f.every(mins(39) + 59*time.Second)
	if len(f.b.Notices()) != 0 || f.b.banner.Visible() {
		t.Fatalf("announced early: %q", f.b.Notices())
	}
	f.every(mins(40) + 5*time.Second)
	want := []string{"Time warning: 10:00 left in the round."}
	if got := f.b.Notices(); strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("notices %q, want %q", got, want)
	}
	if !f.b.banner.Visible() || !uitest.HasText(f.w.Content(), want[0]) {
		t.Error("the warning is not on screen")
	}
	if f.beeps.n != 1 {
		t.Errorf("%d beeps, want 1", f.beeps.n)
	}

	f.every(mins(50) + 3*time.Second)
	want = append(want, "Time: the round's time is up.")
	if got := f.b.Notices(); strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("notices %q, want %q", got, want)
	}
	if f.beeps.n != 2 {
		t.Errorf("%d beeps, want 2", f.beeps.n)
	}
	f.tap(t, "Dismiss")
	if f.b.banner.Visible() || len(f.b.Notices()) != 0 {
		t.Error("the banner stays after Dismiss")
	}
	f.every(mins(52))
	if f.b.banner.Visible() || f.beeps.n != 2 {
		t.Error("announced again")
	}

	// After a restart nothing is announced again.
	g := show(t, f.app, f.d, f.e, f.clock)
	g.every(mins(53))
	if len(g.b.Notices()) != 0 || g.beeps.n != 0 {
		t.Errorf("after a restart: %q", g.b.Notices())
	}
}

func TestSoundOffShowsWithoutChime(t *testing.T) {
	f := setup(t)
	test.TapAt(f.b.sound, fyne.NewPos(10, f.b.sound.Size().Height/2))
	if f.b.sound.Checked {
		t.Fatal("Sound is still on")
	}
	f.tap(t, "Start")
	f.at(mins(40))
	f.every(mins(40) + 2*time.Second)
	if len(f.b.Notices()) != 1 || f.beeps.n != 0 {
		t.Errorf("notices %q, %d beeps; want the warning and no beep", f.b.Notices(), f.beeps.n)
	}
}

// S11: a ruling that takes over a minute extends that table. The bar
// lists the tables still playing on extension and announces their end.
func TestExtendedTables(t *testing.T) {
	f := setup(t)
	ctx := t.Context()
	j, err := f.d.Judging.AddJudge(ctx, f.e.ID, director.NewJudge{Name: "Grace Hopper", Role: event.RoleHeadJudge})
	if err != nil {
		t.Fatal(err)
	}
	f.tap(t, "Start")
	f.at(mins(20))
	if _, err := f.d.Judging.LogJudgeEntry(ctx, event.JudgeLogEntry{EventID: f.e.ID, Round: 1, Table: 1, JudgeID: j.ID,
		Kind: event.LogExtension, Extension: mins(4), Description: "long ruling"}); err != nil {
		t.Fatal(err)
	}
	f.every(mins(20) + 2*time.Second) // the next read brings it
	if !uitest.HasText(f.w.Content(), "On extension: Table 1 +4:00 — 33:58 left") {
		t.Errorf("extension not shown: %q", uitest.Texts(f.w.Content()))
	}
	f.at(mins(50) + 50*time.Second)
	if !uitest.HasText(f.w.Content(), "On extension: Table 1 +4:00 — 3:10 left") {
		t.Errorf("extension at 50:50: %q", uitest.Texts(f.w.Content()))
	}
	f.every(mins(54) + time.Second)
	// The warning's moment passed unseen (the test jumped): only time.
	if got := f.b.Notices(); len(got) != 2 || got[1] != "Table 1: your extended time is up." {
		t.Errorf("notices %q", got)
	}
	if f.b.extended.Visible() {
		t.Error("a table whose time is up is still listed")
	}
}

func TestDraftRoundCannotStart(t *testing.T) {
	test.NewTempApp(t)
	app := fyne.CurrentApp()
	clock := testdb.NewClock(uitest.Now)
	d := newDirector(t, clock)
	e := uitest.Event(t, d, "Friday Swiss")
	uitest.Players(t, d, e.ID, "Ada Lovelace", "Bob Stone")
	if _, err := d.Rounds.PairNextRound(t.Context(), e.ID); err != nil {
		t.Fatal(err)
	}
	f := show(t, app, d, e, clock)
	if !f.b.start.Disabled() {
		t.Error("Start offered on a draft")
	}
	if !strings.Contains(f.b.roundText.Text, "draft") {
		t.Errorf("round label %q does not say draft", f.b.roundText.Text)
	}
	uitest.Publish(t, d, e.ID, 1)
	f.at(6 * time.Second) // the draft is re-read every few seconds
	if f.b.start.Disabled() {
		t.Error("Start not offered once published")
	}
}

func TestNoRound(t *testing.T) {
	f := setup(t)
	f.b.Load(f.e.ID, 0)
	f.shows(t, "No round")
	for _, b := range []*widget.Button{f.b.start, f.b.plus, f.b.minus, f.b.setTime} {
		if !b.Disabled() {
			t.Errorf("%q enabled without a round", b.Text)
		}
	}
}

// NewBar ticks on its own until Stop; Stop can be called twice.
func TestStopEndsTheTicker(t *testing.T) {
	app := test.NewTempApp(t)
	clock := testdb.NewClock(uitest.Now)
	d := newDirector(t, clock)
	w := test.NewTempWindow(t, nil)
	b := NewBar(d.Clocks, work.Sync{}, func(error) {}, w, clock.Now, app)
	b.SetBeeper(nil)
	b.OpenProjector()
	b.Stop()
	b.Stop()
	if b.Projector() != nil {
		t.Error("the projector outlives Stop")
	}
	select {
	case <-b.stop:
	default:
		t.Error("the ticker is not told to stop")
	}
}
