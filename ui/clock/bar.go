// Package clock is the round clock as the organizer and the players see
// it: a compact Bar for the top of the Round tab (time left, start, pause,
// resume, added time, the round's length, reset, sound, the tables on
// extension) and a Projector window for a screen players read from across
// the store (a huge clock, the announcements, the pairings by name).
//
// Nothing here counts time. The clock is saved by the director as a start,
// pauses and added time (core/clock); the bar reads it back after every
// change and recomputes what it shows from it and now on each tick, so a
// restart of the program shows the running round exactly where it stands.
// The announcements of rule S5 (the 10-minute warning, time) and S11 (an
// extended table's end) come from the director, which records each one as
// made in the same transaction: the bar asks about once a second while
// the clock runs, shows what is due in a banner that stays until dismissed,
// and plays a chime (Beeper) when Sound is on.
package clock

import (
	"context"
	"errors"
	"image/color"
	"strconv"
	"strings"
	"sync"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	coreclock "tablekeeper/core/clock"
	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/ui/internal/keys"
	"tablekeeper/ui/internal/labels"
	"tablekeeper/ui/internal/prefs"
	"tablekeeper/ui/internal/toggle"
	"tablekeeper/ui/internal/tr"
	"tablekeeper/ui/internal/work"
)

// Clocks is what the clock bar and the projector call (director.Clocks).
type Clocks interface {
	RoundClockOf(ctx context.Context, id event.EventID, number int) (director.RoundClock, error)
	StartClock(ctx context.Context, id event.EventID, number int) (event.Clock, error)
	PauseClock(ctx context.Context, id event.EventID, number int) (event.Clock, error)
	ResumeClock(ctx context.Context, id event.EventID, number int) (event.Clock, error)
	AddRoundTime(ctx context.Context, id event.EventID, number int, add time.Duration) (event.Clock, error)
	SetRoundTime(ctx context.Context, id event.EventID, number int, length time.Duration) (event.Clock, error)
	ResetClock(ctx context.Context, id event.EventID, number int) (event.Clock, error)
	Announcements(ctx context.Context, id event.EventID, number int) ([]coreclock.Announcement, error)
	// ClockBar reads the round's clock and, when asked, its pairings in
	// one read.
	ClockBar(ctx context.Context, id event.EventID, number int, sheet bool) (director.ClockBarView, error)
}

// TickEvery is how often the bar redraws the clock. A quarter of a second
// turns the seconds over close to when they change.
const TickEvery = 250 * time.Millisecond

// How often the bar reads the director on its own: while the clock runs it
// asks for announcements (and re-reads the clock, whose extended tables a
// judge may change from another tab); otherwise it only re-reads now and
// then. The pairings, for the projector and the published state, change
// rarely.
const (
	pollRunning = time.Second
	pollIdle    = 5 * time.Second
	sheetEvery  = 30 * time.Second
)

// maxNotices is how many announcements the banner keeps (the latest).
const maxNotices = 4

// Bar is the clock strip over the Round tab.
type Bar struct {
	d          Clocks
	run        work.Runner
	alert      work.Alert
	win        fyne.Window
	now        func() time.Time
	app        fyne.App
	beeper     Beeper
	ownsBeeper bool

	// The round shown: set by Load, read back from the director.
	id       event.EventID
	number   int
	rc       director.RoundClock
	loaded   bool // rc is the clock of (id, number)
	sheet    director.Sheet
	hasSheet bool
	// seq numbers the reads of the clock as they are asked for, so that a
	// slow periodic read never overwrites a newer one.
	seq, applied uint64
	// polling: a periodic read is on its way; acting: a button's change.
	polling   bool
	acting    bool
	lastPoll  time.Time
	lastSheet time.Time
	notices   []string

	projector *Projector

	stop     chan struct{}
	stopOnce sync.Once
	stopped  bool

	timeText   *canvas.Text
	timeImp    widget.Importance // the colour of timeText
	roundText  *widget.Label
	roundSlot  *fyne.Container // lays the round's name out on one line or two
	row        *barRow         // the time, the buttons and the round's name
	rowBox     *fyne.Container // the row laid out by row
	start      *widget.Button
	pause      *widget.Button
	resume     *widget.Button
	plus       *widget.Button
	minus      *widget.Button
	setTime    *widget.Button
	reset      *widget.Button
	sound      *widget.Check
	project    *widget.Button
	banner     *fyne.Container
	bannerText *widget.Label
	dismiss    *widget.Button
	extended   *widget.Label
	problem    *widget.Label
	content    fyne.CanvasObject

	// The open dialogs, for tests.
	confirm    *keys.Confirm
	timeForm   *dialog.FormDialog
	minutesBox *keys.Entry
}

// NewBar returns the clock bar of window win; Load shows a round in it.
// now is the time the clock is read at (time.Now in the app, a fake in
// tests); app opens the projector window. The bar ticks from now on until
// Stop; its sound is a SystemBeeper until SetBeeper says otherwise.
func NewBar(d Clocks, run work.Runner, alert work.Alert, win fyne.Window, now func() time.Time, app fyne.App) *Bar {
	b := newBar(d, run, alert, win, now, app)
	b.beeper, b.ownsBeeper = NewSystemBeeper(), true
	b.startTicking(TickEvery)
	return b
}

// newBar builds the bar without its ticker and without sound, for tests
// that drive tick themselves.
func newBar(d Clocks, run work.Runner, alert work.Alert, win fyne.Window, now func() time.Time, app fyne.App) *Bar {
	b := &Bar{d: d, run: run, alert: alert, win: win, now: now, app: app, stop: make(chan struct{})}
	b.timeText = &canvas.Text{Text: tr.L("No round"), TextSize: timeSize(), TextStyle: fyne.TextStyle{Bold: true}}
	b.roundText = &widget.Label{TextStyle: fyne.TextStyle{Bold: true}, Wrapping: fyne.TextWrapWord, Truncation: fyne.TextTruncateEllipsis}
	b.start = &widget.Button{Text: tr.L("Start"), Icon: theme.MediaPlayIcon(), Importance: widget.HighImportance, OnTapped: b.onStart}
	b.pause = &widget.Button{Text: tr.L("Pause"), Icon: theme.MediaPauseIcon(), OnTapped: b.onPause}
	b.resume = &widget.Button{Text: tr.L("Resume"), Icon: theme.MediaPlayIcon(), Importance: widget.HighImportance, OnTapped: b.onResume}
	b.plus = &widget.Button{Text: tr.L("+1 min"), OnTapped: func() { b.onAdd(time.Minute) }}
	b.minus = &widget.Button{Text: tr.L("-1 min"), OnTapped: func() { b.onAdd(-time.Minute) }}
	b.setTime = &widget.Button{Text: tr.L("Set time…"), Icon: theme.DocumentCreateIcon(), OnTapped: b.onSetTime}
	b.reset = &widget.Button{Text: tr.L("Reset"), Icon: theme.MediaReplayIcon(), OnTapped: b.onReset}
	b.sound = &widget.Check{Text: tr.L("Sound"), Checked: prefs.Of(app).Sound(), OnChanged: prefs.Of(app).SetSound}
	b.project = &widget.Button{Text: tr.L("Projector"), Icon: theme.ComputerIcon(), OnTapped: b.OpenProjector}
	b.extended = &widget.Label{Wrapping: fyne.TextWrapWord}
	b.extended.Hide()
	b.problem = &widget.Label{Importance: widget.DangerImportance, Wrapping: fyne.TextWrapWord}
	b.problem.Hide()
	b.banner = b.newBanner()

	// The time keeps the width of its usual longest text, so that the
	// buttons do not move as it changes.
	slot := middle{ref: widestTime(), pad: theme.Padding()}
	b.roundSlot = container.New(middle{lines: 2}, b.roundText)
	buttons := container.NewHBox(b.start, b.pause, b.resume, b.minus, b.plus, b.setTime, b.reset,
		widget.NewSeparator(), b.sound, b.project)
	b.row = &barRow{label: b.roundText}
	b.rowBox = container.New(b.row, container.New(slot, b.timeText), container.NewCenter(buttons), b.roundSlot)
	b.content = container.NewVBox(b.rowBox, b.banner, b.extended, b.problem)
	b.render(now())
	return b
}

// newBanner builds the announcement banner: the announcements in bold on
// a tint that reads in light and dark themes, and a button to dismiss them.
func (b *Bar) newBanner() *fyne.Container {
	b.bannerText = &widget.Label{TextStyle: fyne.TextStyle{Bold: true}, Wrapping: fyne.TextWrapWord, SizeName: theme.SizeNameSubHeadingText}
	b.dismiss = &widget.Button{Text: tr.L("Dismiss"), Icon: theme.CancelIcon(), OnTapped: b.Dismiss}
	tint := canvas.NewRectangle(color.NRGBA{R: 0xff, G: 0xc4, B: 0x00, A: 0x50})
	tint.CornerRadius = theme.InputRadiusSize()
	body := container.NewBorder(nil, nil, widget.NewIcon(theme.WarningIcon()), container.NewCenter(b.dismiss), b.bannerText)
	c := container.NewStack(tint, container.NewPadded(body))
	c.Hide()
	return c
}

// Content returns the bar's widgets.
func (b *Bar) Content() fyne.CanvasObject { return b.content }

// SetBeeper sets what plays the chime of an announcement (nil for none).
func (b *Bar) SetBeeper(beeper Beeper) {
	if b.ownsBeeper {
		b.closeBeeper()
	}
	b.beeper, b.ownsBeeper = beeper, false
}

// Load shows round number of event id, re-reading its clock and pairings
// from the director (also when it is the round already shown: call it
// after anything that changes the round, such as publishing or a judge's
// extension). Number 0 shows no round.
func (b *Bar) Load(id event.EventID, number int) {
	if id != b.id || number != b.number {
		b.id, b.number = id, number
		b.rc, b.loaded = director.RoundClock{}, false
		b.sheet, b.hasSheet = director.Sheet{}, false
		b.notices = nil
		b.showNotices()
		b.lastPoll, b.lastSheet = time.Time{}, time.Time{}
		b.setProblem(nil)
		if b.projector != nil {
			b.projector.setSheet(director.Sheet{}, false)
		}
	}
	b.render(b.now())
	if number == 0 {
		return
	}
	b.read(false, true, false)
}

// Stop stops the bar's ticker and closes the projector window; call it
// when the window that holds the bar closes. The bar is not used again.
func (b *Bar) Stop() {
	b.stopOnce.Do(func() { close(b.stop) })
	b.stopped = true
	if b.projector != nil {
		b.projector.Close()
	}
	if b.ownsBeeper {
		b.closeBeeper()
	}
}

func (b *Bar) closeBeeper() {
	if c, ok := b.beeper.(interface{ Close() error }); ok {
		_ = c.Close()
	}
}

// startTicking redraws the bar every period on the UI thread until Stop.
func (b *Bar) startTicking(every time.Duration) {
	work.Every(b.stop, every, b.onTick)
}

func (b *Bar) onTick() { b.tick(b.now()) }

// tick redraws the clock for now and, when it is time to, reads the
// director again: for announcements once a second while the clock runs.
// The ticker calls it on the UI thread; tests call it with the times they
// choose.
func (b *Bar) tick(now time.Time) {
	if b.stopped {
		return
	}
	b.render(now)
	if b.projector != nil {
		b.projector.tick(now)
	}
	if b.number == 0 || b.polling {
		return
	}
	r := b.rc.Reading(now)
	every := pollIdle
	if b.loaded && r.Running {
		every = pollRunning
	}
	if !due(b.lastPoll, now, every) {
		return
	}
	b.lastPoll = now
	announce := b.loaded && r.Running && r.Timed
	// A draft's pairings are re-read sooner: the organizer is about to
	// publish them.
	sheetEvery := sheetEvery
	if b.hasSheet && !b.sheet.Round.Published() {
		sheetEvery = pollIdle
	}
	b.polling = true
	b.read(announce, due(b.lastSheet, now, sheetEvery), true)
}

// due reports whether every has passed since last at now (or the time
// went backwards, or there was no last time).
func due(last, now time.Time, every time.Duration) bool {
	return last.IsZero() || now.Before(last) || now.Sub(last) >= every
}

// poll is what one read of the director brings back.
type poll struct {
	due      []coreclock.Announcement
	rc       director.RoundClock
	sheet    director.Sheet
	hasSheet bool
	err      error
}

// read re-reads the round's clock (and its pairings when sheet is set),
// asking first for the announcements due when announce is set; periodic
// marks the tick's own reads, of which one at a time is on its way. A
// failed read is shown quietly under the bar, never in a dialog that
// would come back every second.
func (b *Bar) read(announce, sheet, periodic bool) {
	id, n := b.id, b.number
	b.seq++
	seq := b.seq
	if sheet {
		b.lastSheet = b.now()
	}
	var p poll
	b.run.Go(func() {
		ctx := context.Background()
		if announce {
			if p.due, p.err = b.d.Announcements(ctx, id, n); p.err != nil {
				return
			}
		}
		// The clock and the pairings in one read, of one moment.
		var v director.ClockBarView
		v, p.err = b.d.ClockBar(ctx, id, n, sheet)
		p.rc, p.sheet, p.hasSheet = v.Clock, v.Sheet, v.HasSheet
	}, func() {
		if periodic {
			b.polling = false
		}
		if b.stopped || id != b.id {
			return
		}
		// Recorded as made by the director: shown even if the rest failed
		// or the organizer moved to another round of the event meanwhile.
		b.announce(p.due)
		if n != b.number {
			return
		}
		b.setProblem(p.err)
		if p.err != nil {
			return
		}
		b.applyClock(seq, p.rc)
		if p.hasSheet {
			b.setSheet(p.sheet)
		}
		b.render(b.now())
	})
}

// applyClock keeps rc unless a newer read was applied already.
func (b *Bar) applyClock(seq uint64, rc director.RoundClock) {
	if seq < b.applied {
		return
	}
	b.applied = seq
	b.rc, b.loaded = rc, true
}

func (b *Bar) setSheet(sh director.Sheet) {
	b.sheet, b.hasSheet = sh, true
	if b.projector != nil {
		b.projector.setSheet(sh, true)
	}
}

func (b *Bar) setProblem(err error) {
	if err == nil {
		if b.problem.Visible() {
			b.problem.Hide()
		}
		return
	}
	b.problem.SetText(tr.F("Clock not updated: %s", work.Sentence(err)))
	b.problem.Show()
}

// --- announcements ---

// announce shows what the director says is due and plays the chime once
// for them, when Sound is on.
func (b *Bar) announce(due []coreclock.Announcement) {
	if len(due) == 0 {
		return
	}
	for _, a := range due {
		b.notices = append(b.notices, a.In(tr.Lang()))
	}
	if len(b.notices) > maxNotices {
		b.notices = b.notices[len(b.notices)-maxNotices:]
	}
	b.showNotices()
	if b.sound.Checked && b.beeper != nil {
		b.beeper.Beep()
	}
}

// Notices returns the announcements shown in the banner, oldest first.
func (b *Bar) Notices() []string { return append([]string(nil), b.notices...) }

// Dismiss clears the announcement banner (here and on the projector).
func (b *Bar) Dismiss() {
	b.notices = nil
	b.showNotices()
}

func (b *Bar) showNotices() {
	if len(b.notices) == 0 {
		b.banner.Hide()
	} else {
		b.bannerText.SetText(strings.Join(b.notices, "\n"))
		b.banner.Show()
	}
	if b.projector != nil {
		b.projector.setNotices(b.notices)
	}
}

// --- what the bar shows ---

// render shows the clock as it stands at now, and enables the buttons
// that apply to it.
func (b *Bar) render(now time.Time) {
	r := b.rc.Reading(now)
	text, imp := b.timeDisplay(r)
	if c := timeColor(imp); b.timeText.Text != text || b.timeText.Color != c {
		b.timeText.Text, b.timeText.Color, b.timeImp = text, c, imp
		b.timeText.Refresh()
	}
	if round := b.roundLabel(); b.roundText.Text != round {
		b.roundText.SetText(round)
		// Beside the clock or below it, in one line or two: the row lays
		// it out again (a name that grew since the last layout was cut to
		// "R…" beside the clock).
		b.rowBox.Refresh()
	}
	b.showButtons(r)
	ext := ""
	if b.loaded && r.Started {
		ext = ExtendedText(coreclock.OnExtension(b.rc.Clock, b.rc.Extensions, now))
	}
	if ext == "" {
		if b.extended.Visible() {
			b.extended.Hide()
		}
	} else {
		if said := tr.F("On extension: %s", ext); b.extended.Text != said {
			b.extended.SetText(said)
		}
		if !b.extended.Visible() {
			b.extended.Show()
		}
	}
	if b.projector != nil {
		b.projector.show(b.projectorState(now))
	}
}

// timeDisplay is the big text of the bar and its colour.
func (b *Bar) timeDisplay(r coreclock.Reading) (string, widget.Importance) {
	switch {
	case b.number == 0:
		return tr.L("No round"), widget.LowImportance
	case !b.loaded:
		return "…", widget.LowImportance
	case r.Expired:
		return readingText(r), widget.DangerImportance
	case r.Paused || !r.Started:
		return readingText(r), widget.LowImportance
	case r.Timed && r.Remaining <= director.ClockWarning:
		return readingText(r), widget.WarningImportance
	}
	return readingText(r), widget.MediumImportance
}

// readingText says a reading of the clock in the screens' language, as
// coreclock.Reading's String does in English: "49:59", "paused, 12:00
// left", "not started, 50:00", "over by 2:13", "time", "untimed".
func readingText(r coreclock.Reading) string {
	switch {
	case !r.Timed && !r.Started:
		return tr.L("untimed")
	case !r.Timed:
		return tr.F("untimed, %s played", coreclock.Format(r.Elapsed))
	case !r.Started:
		return tr.F("not started, %s", coreclock.Format(r.Remaining))
	case r.Expired && coreclock.Format(-r.Remaining) == "0:00":
		return tr.L("time")
	case r.Expired:
		return tr.F("over by %s", coreclock.Format(-r.Remaining))
	case r.Paused:
		return tr.F("paused, %s left", coreclock.Format(r.Remaining))
	}
	return coreclock.Format(r.Remaining)
}

// widestTime is the longest text the time usually shows, so that its slot
// keeps one width in every language and the buttons do not move.
func widestTime() fyne.CanvasObject {
	box := container.NewVBox()
	for _, text := range []string{tr.F("paused, %s left", "59:59"), tr.F("not started, %s", "59:59"), tr.F("untimed, %s played", "59:59")} {
		box.Add(&canvas.Text{Text: text, TextSize: timeSize(), TextStyle: fyne.TextStyle{Bold: true}})
	}
	return box
}

// roundLabel names the round shown, and what stops its clock from
// starting.
func (b *Bar) roundLabel() string {
	if b.number == 0 {
		return ""
	}
	name := labels.RoundName(event.Round{Number: b.number, Name: b.rc.Name})
	switch {
	case !b.hasSheet:
	case b.sheet.Event.State == event.StateFinished:
		name += " · " + tr.L("the event is finished")
	case !b.sheet.Round.Published():
		name += " · " + tr.L("draft: publish the pairings to start the clock")
	}
	return name
}

// showButtons shows Start, Pause or Resume as the clock stands and
// enables what applies to it.
func (b *Bar) showButtons(r coreclock.Reading) {
	open := b.number > 0 && b.loaded && !b.acting &&
		(!b.hasSheet || (b.sheet.Round.Published() && b.sheet.Event.State != event.StateFinished))
	toggle.Visible(b.start, !r.Started)
	toggle.Visible(b.pause, r.Running)
	toggle.Visible(b.resume, r.Paused)
	toggle.Enabled(b.start, open && b.hasSheet)
	toggle.Enabled(b.pause, open)
	toggle.Enabled(b.resume, open)
	// Time added must leave some time (the clock refuses a minute that
	// leaves the round still over).
	toggle.Enabled(b.plus, open && r.Timed)
	toggle.Enabled(b.minus, open && r.Timed && r.Remaining >= time.Minute)
	toggle.Enabled(b.setTime, open && !r.Started)
	toggle.Enabled(b.reset, open && r.Started)
}

// ExtendedText lists the tables on extension: "Table 12 +4:00 — 3:10 left
// · Table 3 +2:00 — 5:10 left", the first to finish first; "" for none.
func ExtendedText(tables []coreclock.TableTime) string {
	parts := make([]string, len(tables))
	for i, t := range tables {
		parts[i] = tr.F("Table %d +%s — %s left", t.Table, coreclock.Format(t.Extension), coreclock.Format(t.Left))
	}
	return strings.Join(parts, " · ")
}

// --- the buttons ---

func (b *Bar) onStart()  { b.change(b.d.StartClock) }
func (b *Bar) onPause()  { b.change(b.d.PauseClock) }
func (b *Bar) onResume() { b.change(b.d.ResumeClock) }

func (b *Bar) onAdd(d time.Duration) {
	b.change(func(ctx context.Context, id event.EventID, n int) (event.Clock, error) {
		return b.d.AddRoundTime(ctx, id, n, d)
	})
}

// change makes one change to the clock through the director, then reads
// the clock back (the director's copy is the truth: it saved the change
// at its own now). A refused change is alerted and the clock re-read.
func (b *Bar) change(op func(context.Context, event.EventID, int) (event.Clock, error)) {
	if b.number == 0 || b.acting {
		return
	}
	id, n := b.id, b.number
	b.acting = true
	b.seq++
	seq := b.seq
	b.render(b.now())
	work.Call(b.run, func(ctx context.Context) (director.RoundClock, error) {
		if _, err := op(ctx, id, n); err != nil {
			return director.RoundClock{}, err
		}
		return b.d.RoundClockOf(ctx, id, n)
	}, func(rc director.RoundClock, err error) {
		b.acting = false
		if id != b.id || n != b.number {
			return
		}
		if err != nil {
			b.alert(err)
			b.read(false, true, false)
			return
		}
		b.applyClock(seq, rc)
		b.render(b.now())
		// Resuming may make an announcement due at once (time taken away
		// during the pause): ask at the next tick.
		b.lastPoll = time.Time{}
	})
}

// onSetTime asks for the round's length in minutes (0: untimed), before
// the clock starts.
func (b *Bar) onSetTime() {
	if b.number == 0 || !b.loaded {
		return
	}
	minutes := int(b.rc.Clock.Duration / time.Minute)
	// Enter sets the time, Esc cancels.
	b.minutesBox = keys.NewEntry("")
	b.minutesBox.Text, b.minutesBox.Validator = strconv.Itoa(minutes), validMinutes
	b.minutesBox.OnKey = map[fyne.KeyName]func(){fyne.KeyEscape: func() { b.timeForm.Dismiss() }}
	hint := &widget.Label{Text: tr.L("0 makes the round untimed (S5: a single final table need not be timed)."), Wrapping: fyne.TextWrapWord, Importance: widget.LowImportance}
	items := []*widget.FormItem{
		{Text: tr.L("Minutes"), Widget: b.minutesBox},
		{Text: "", Widget: hint},
	}
	b.timeForm = dialog.NewForm(tr.F("Round %d time", b.number), tr.L("Set"), tr.L("Cancel"), items, b.onTimeChosen, b.win)
	b.minutesBox.OnSubmitted = func(string) { b.timeForm.Submit() }
	b.timeForm.Resize(fyne.NewSize(420, b.timeForm.MinSize().Height))
	b.timeForm.Show()
	// The minutes are selected, so typing replaces them.
	b.win.Canvas().Focus(b.minutesBox)
	b.minutesBox.TypedShortcut(&fyne.ShortcutSelectAll{})
}

func (b *Bar) onTimeChosen(ok bool) {
	if !ok {
		return
	}
	m, err := parseMinutes(b.minutesBox.Text)
	if err != nil {
		b.alert(err)
		return
	}
	b.change(func(ctx context.Context, id event.EventID, n int) (event.Clock, error) {
		return b.d.SetRoundTime(ctx, id, n, time.Duration(m)*time.Minute)
	})
}

// parseMinutes reads a round's length in whole minutes, 0 to 1440.
func parseMinutes(s string) (int, error) {
	m, err := strconv.Atoi(strings.TrimSpace(s))
	switch {
	case err != nil:
		return 0, event.Invalidf("type the round's length in whole minutes (%q is not a number); 0 makes it untimed", strings.TrimSpace(s))
	case m < 0 || m > 1440:
		return 0, event.Invalidf("a round lasts 0 (untimed) to 1440 minutes, not %d", m)
	}
	return m, nil
}

// validMinutes checks the minutes as they are typed, in the sentence the
// form shows under the field.
func validMinutes(s string) error {
	if _, err := parseMinutes(s); err != nil {
		return errors.New(work.Sentence(err))
	}
	return nil
}

// onReset asks, then puts the clock back to before its start.
func (b *Bar) onReset() {
	if b.number == 0 || !b.loaded || !b.rc.Clock.Started() {
		return
	}
	msg := tr.F("Reset round %d's clock to %s, not started? The time played, the pauses and the time added are dropped; press Start again when the players are ready.",
		b.number, fullTime(b.rc.Clock))
	b.confirm = keys.NewConfirm(b.win, keys.ConfirmOptions{Title: tr.L("Reset the clock"), Message: msg, Yes: tr.L("Reset"), Danger: true}, b.onResetConfirmed)
	b.confirm.Show()
}

func (b *Bar) onResetConfirmed(ok bool) {
	if ok {
		b.change(b.d.ResetClock)
	}
}

// fullTime is the round's length as a reset leaves it.
func fullTime(c event.Clock) string {
	if c.Duration == 0 {
		return tr.L("untimed")
	}
	return coreclock.Format(c.Duration)
}

// timeSize is the size of the bar's time: twice the text's.
func timeSize() float32 { return 2 * theme.TextSize() }

// timeColor is the theme's colour for the time shown with importance imp.
func timeColor(imp widget.Importance) color.Color {
	switch imp {
	case widget.LowImportance:
		return theme.Color(theme.ColorNamePlaceHolder)
	case widget.WarningImportance:
		return theme.Color(theme.ColorNameWarning)
	case widget.DangerImportance:
		return theme.Color(theme.ColorNameError)
	}
	return theme.Color(theme.ColorNameForeground)
}

// middle is a layout that centres its objects vertically at their own
// height, across the full width, at least as wide as ref (measured, never
// shown; nil for none) plus pad on either side.
type middle struct {
	ref fyne.CanvasObject
	pad float32
	// lines, when set, is how many lines of text the slot keeps room
	// for: a round's name too long for one line beside the buttons (a
	// French top cut's "Ronde 5 · top 8 : quart de finale") wraps onto a
	// second line rather than being cut to "R…".
	lines int
}

func (l middle) MinSize(objects []fyne.CanvasObject) fyne.Size {
	var s fyne.Size
	for _, o := range objects {
		s = s.Max(o.MinSize())
	}
	if l.ref != nil {
		s.Width = max(s.Width, l.ref.MinSize().Width)
	}
	if l.lines > 1 {
		s.Height = max(s.Height, linesHeight(l.lines))
	}
	return fyne.NewSize(s.Width+2*l.pad, s.Height)
}

// WrapLines counts the lines label's words wrap to in width, as Fyne
// wraps them at word boundaries (the bar's layout and the French layout
// tests ask it).
func WrapLines(label *widget.Label, width float32) int {
	avail := width - 2*theme.InnerPadding()
	measure := func(s string) float32 { return fyne.MeasureText(s, theme.TextSize(), label.TextStyle).Width }
	lines, line := 1, ""
	for _, word := range strings.Fields(label.Text) {
		next := word
		if line != "" {
			next = line + " " + word
		}
		if line != "" && measure(next) > avail {
			lines++
			next = word
		}
		line = next
	}
	return lines
}

// barRow lays the bar's row out: the time on the left, the buttons on
// the right, and the round's name between them when it fits there in at
// most two lines without a word cut; otherwise (a window 1366 pixels wide
// leaves the name a few pixels: "R…", "…") on a line of its own under
// them, across the whole width. Its objects are the time, the buttons and
// the name's slot.
type barRow struct {
	label *widget.Label
	// below is where the last layout put the name: the row's MinSize
	// follows, and the window lays the row out again at that height.
	below bool
}

func (l *barRow) MinSize(objects []fyne.CanvasObject) fyne.Size {
	t, b, r := objects[0].MinSize(), objects[1].MinSize(), objects[2].MinSize()
	h := max(t.Height, b.Height, r.Height)
	if l.below {
		h = max(t.Height, b.Height) + linesHeight(1)
	}
	return fyne.NewSize(t.Width+b.Width, h)
}

func (l *barRow) Layout(objects []fyne.CanvasObject, size fyne.Size) {
	t, b := objects[0].MinSize(), objects[1].MinSize()
	room := size.Width - t.Width - b.Width
	l.below = l.label.Text != "" && !fitsBeside(l.label, room)
	top := size.Height
	if l.below {
		top = size.Height - linesHeight(1)
	}
	objects[0].Move(fyne.NewPos(0, 0))
	objects[0].Resize(fyne.NewSize(t.Width, top))
	objects[1].Move(fyne.NewPos(size.Width-b.Width, 0))
	objects[1].Resize(fyne.NewSize(b.Width, top))
	if l.below {
		objects[2].Move(fyne.NewPos(0, top))
		objects[2].Resize(fyne.NewSize(size.Width, size.Height-top))
		return
	}
	objects[2].Move(fyne.NewPos(t.Width, 0))
	objects[2].Resize(fyne.NewSize(max(room, 0), size.Height))
}

// fitsBeside reports whether label's words fit width in two lines at most,
// none of them cut.
func fitsBeside(label *widget.Label, width float32) bool {
	avail := width - 2*theme.InnerPadding()
	for _, word := range strings.Fields(label.Text) {
		if fyne.MeasureText(word, theme.TextSize(), label.TextStyle).Width > avail {
			return false
		}
	}
	return WrapLines(label, width) <= 2
}

// linesHeight is the height of a label of n lines.
func linesHeight(n int) float32 {
	return (&widget.Label{Text: strings.Repeat("\n", n-1)}).MinSize().Height
}

func (l middle) Layout(objects []fyne.CanvasObject, size fyne.Size) {
	for _, o := range objects {
		h := min(o.MinSize().Height, size.Height)
		if label, ok := o.(*widget.Label); ok && l.lines > 1 {
			// A truncated label says it needs one line: count the lines
			// its words wrap to, up to the slot's, centred like one.
			n := min(WrapLines(label, size.Width-2*l.pad), l.lines)
			h = min(linesHeight(n), size.Height)
		}
		o.Move(fyne.NewPos(l.pad, (size.Height-h)/2))
		o.Resize(fyne.NewSize(size.Width-2*l.pad, h))
	}
}
