// Package kiosk is the players' self-service screen (issue 5): a
// full-screen window, on the organizer's second screen or the same one,
// where players find themselves by typing part of their name or member
// number and check in, new players sign up, and players register a
// decklist and see at once, in plain words, whether it is legal and what to
// fix. A new player typing a name that is already registered or in the
// directory is asked "Is this you?" first, so one person is never entered
// twice (issue 11). Once round 1 is paired check-in and sign-up close and
// the kiosk finds tables: a name leads to the table, seat, opponents and
// the time left.
//
// The kiosk shows nobody's data beyond the names matching at least three
// typed characters (the director's KioskSearch enforces it), never the
// code of a player found by name (only a brand-new player's, to her, as
// she signs up: the director gives it with the sign-up), changes a
// player's deck only with her player code (typed by her, or the one her
// sign-up here just gave her: KioskSaveDeck), reaches no organizer screen, and goes back to its start screen, forgetting what was
// typed, after each player and after IdleAfter without input. Leaving it
// needs the organizer's PIN: the small Organizer button, F12, Ctrl+Shift+Q, Ctrl+W and Ctrl+Q
// open the PIN pad, and so does closing the window opened by Open. While
// it runs the organizer's window is hidden, so Alt+Tab cannot reach it nor
// Alt+F4 close it. Every control is large and reachable with Tab and
// Enter; Esc goes back.
package kiosk

import (
	"context"
	"sync"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/core/deck"
	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/core/rules"
	"tablekeeper/ui/internal/tr"
	"tablekeeper/ui/internal/work"
)

// Events is what the kiosk reads of the director's Events.
type Events interface {
	// Event is read for its name and deck rules.
	Event(ctx context.Context, id event.EventID) (event.Event, error)
}

// KioskService is what the kiosk calls of the director's Kiosk: the
// kiosk's own operations, which show players nothing beyond the names
// they search for, and its PIN.
type KioskService interface {
	KioskSearch(ctx context.Context, id event.EventID, query string) ([]director.KioskMatch, error)
	KioskCheckIn(ctx context.Context, id event.EventID, player event.PlayerID) (event.Entry, error)
	// KioskSignUp and KioskSignUpNamesake give a brand-new player her
	// code, the only code the kiosk ever shows (tablet "": this kiosk).
	KioskSignUp(ctx context.Context, id event.EventID, tablet string, np director.NewPlayer) (director.KioskSignUp, error)
	KioskSignUpNamesake(ctx context.Context, id event.EventID, tablet string, np director.NewPlayer) (director.KioskSignUp, error)
	KioskFindTable(ctx context.Context, id event.EventID, query string) (director.KioskTables, error)
	CheckKioskPIN(ctx context.Context, pin string) (bool, error)
	PINs
}

// PINs is the kiosk PIN as the organizer's window asks for it (AskPIN,
// Launch).
type PINs interface {
	HasKioskPIN(ctx context.Context) (bool, error)
	SetKioskPIN(ctx context.Context, pin string) error
}

// Decks is what the kiosk calls of the director's Decks: the deck check.
type Decks interface {
	CheckDeck(ctx context.Context, id event.EventID, list string) (deck.Report, error)
	// CheckPlayerCode and KioskSaveDeck register a deck only with the
	// player's code: typed by a player found by name, or the one her
	// sign-up here just gave a brand-new player. The kiosk has no other
	// way to save a deck.
	CheckPlayerCode(ctx context.Context, id event.EventID, entry event.EntryID, code string) (event.Entry, error)
	KioskSaveDeck(ctx context.Context, kd director.KioskDeck) (director.DeckCheck, error)
}

// Deps are the director's services the kiosk calls, each by what it uses.
type Deps struct {
	Events Events
	Kiosk  KioskService
	Decks  Decks
}

// Timings of the kiosk.
const (
	// IdleAfter is how long the kiosk waits without input before it goes
	// back to the start screen and forgets what was typed.
	IdleAfter = 60 * time.Second
	// DoneAfter is how long a "you're checked in" screen stays without
	// input before the kiosk is ready for the next player.
	DoneAfter = 10 * time.Second
	// CodeAfter is how long the screen showing a player her player code
	// stays without input: time to copy it, not enough for the next in
	// the queue to read it (Enter or Done clears it at once).
	CodeAfter = 30 * time.Second
	// CheckDelay is the pause in typing after which a decklist is checked.
	CheckDelay = 300 * time.Millisecond
	// PINDelay is how long the PIN pad waits after a wrong PIN; it doubles
	// from the third wrong PIN in a row, up to a minute.
	PINDelay = 3 * time.Second
	// tickEvery is how often the ticker started by StartTicking calls Tick.
	tickEvery = 500 * time.Millisecond
)

// screen is one of the kiosk's screens.
type screen interface {
	// view is the screen's widgets.
	view() fyne.CanvasObject
	// first is what has the keyboard when the screen is shown.
	first() fyne.Focusable
	// back is Esc.
	back()
	// enter is Enter pressed while no control has the keyboard.
	enter()
	// idle is how long the screen stays without input.
	idle() time.Duration
	// clear forgets what the screen shows of a player.
	clear()
}

// usualIdle gives a screen the kiosk's usual idle time, IdleAfter; the
// done and table screens keep their own.
type usualIdle struct{}

func (usualIdle) idle() time.Duration { return IdleAfter }

// Kiosk is the kiosk's content: a start screen and the screens it leads
// to. New builds it; Open puts it in a full-screen window of its own.
type Kiosk struct {
	// OnExit is called once the organizer has typed the right PIN: close
	// the kiosk and bring the organizer's window back.
	OnExit func()
	// OnChanged, when set, is called after every check-in, sign-up and
	// deck save (the window itself follows the director's change notifications).
	OnChanged func()

	d       Deps
	run     work.Runner
	win     fyne.Window
	eventID event.EventID
	now     func() time.Time
	// after runs f on the UI thread after a delay; tests replace it to
	// drive the decklist check's debounce without sleeping.
	after func(delay time.Duration, f func())

	event      event.Event
	formatName string // "Altered · Standard (best of three)"
	lastInput  time.Time

	current screen
	// beforePIN is the screen the PIN pad returns to when cancelled.
	beforePIN screen
	screens   []screen

	start    *startScreen
	confirm  *confirmScreen
	signup   *signupScreen
	done     *doneScreen
	deck     *deckScreen
	code     *codeScreen
	pin      *pinPad
	sameName *sameNameScreen
	table    *tableScreen

	title        *widget.Label
	organizerKey *keyButton
	content      fyne.CanvasObject

	// organizer is the organizer's window, hidden while the kiosk runs
	// and shown again after the right PIN (nil for none).
	organizer fyne.Window

	stopOnce sync.Once
	stop     chan struct{}
	// closeWindow closes the window Open made, after the right PIN.
	closeWindow func()
	// away: the kiosk's window lost the screen (show desktop, minimised)
	// and is raised again at each tick until it has the focus back.
	away bool
	// unhook takes the app's foreground hooks back when the kiosk ends.
	unhook func()
}

// New builds the kiosk for an event in win, which it takes over: the
// kiosk's keys are set on its canvas. now is the clock the idle timer
// reads. Nothing ticks until StartTicking (or Tick is called).
func New(d Deps, run work.Runner, win fyne.Window, eventID event.EventID, now func() time.Time) *Kiosk {
	k := &Kiosk{d: d, run: run, win: win, eventID: eventID, now: now, stop: make(chan struct{})}
	k.after = func(delay time.Duration, f func()) { time.AfterFunc(delay, func() { fyne.Do(f) }) }
	k.start = newStartScreen(k)
	k.confirm = newConfirmScreen(k)
	k.signup = newSignupScreen(k)
	k.done = newDoneScreen(k)
	k.deck = newDeckScreen(k)
	k.code = newCodeScreen(k)
	k.pin = newPINPad(k)
	k.sameName = newSameNameScreen(k)
	k.table = newTableScreen(k)
	k.screens = []screen{k.start, k.confirm, k.signup, k.done, k.deck, k.code, k.pin, k.sameName, k.table}

	k.title = &widget.Label{TextStyle: fyne.TextStyle{Bold: true}, SizeName: theme.SizeNameSubHeadingText, Truncation: fyne.TextTruncateEllipsis}
	k.organizerKey = newButton(k, tr.L("Organizer"), theme.LoginIcon(), widget.LowImportance, k.ShowPIN)
	hints := &widget.Label{Text: tr.L("Tab: next · Enter: choose · Esc: back"), Importance: widget.LowImportance}
	footer := container.NewThemeOverride(container.NewBorder(nil, nil, hints, k.organizerKey), bigTheme{text: footerSize})

	views := make([]fyne.CanvasObject, len(k.screens))
	for i, s := range k.screens {
		views[i] = s.view()
		views[i].Hide()
	}
	body := container.New(column{max: 1400}, container.NewStack(views...))
	page := vfill(1, k.title, body, footer)
	k.content = container.NewThemeOverride(
		container.NewStack(newBackground(k), container.New(layout.NewCustomPaddedLayout(16, 8, 32, 32), page)),
		bigTheme{text: textSize})

	c := win.Canvas()
	c.SetOnTypedKey(k.canvasKey)
	c.SetOnTypedRune(k.canvasRune)
	for _, s := range pinShortcuts() {
		c.AddShortcut(s, func(s fyne.Shortcut) { k.input(); k.shortcut(s) })
	}
	k.Reset()
	return k
}

// Content returns the kiosk's widgets.
func (k *Kiosk) Content() fyne.CanvasObject { return k.content }

// Reset goes back to the start screen and forgets everything a player
// typed; the event is read again (its name or deck rules may have
// changed).
func (k *Kiosk) Reset() {
	for _, s := range k.screens {
		s.clear()
	}
	k.beforePIN = nil
	k.show(k.start)
	k.lastInput = k.now()
	k.loadEvent()
}

func (k *Kiosk) loadEvent() {
	id := k.eventID
	work.Call(k.run, func(ctx context.Context) (event.Event, error) {
		return k.d.Events.Event(ctx, id)
	}, func(e event.Event, err error) {
		if err != nil {
			k.title.SetText(work.Sentence(err))
			return
		}
		k.event = e
		k.formatName = tr.Text(rules.DescribeText(e.Game, e.Format))
		k.title.SetText(e.Name)
		// Round 1 paired: check-in is closed, the kiosk finds tables.
		k.start.setFindTables(e.State != event.StateRegistration)
	})
}

// Tick moves the kiosk's clock on: after IdleAfter without input (or
// DoneAfter on a "done" screen) it goes back to the start screen, and a
// PIN pad blocked after a wrong PIN opens again. StartTicking calls it
// twice a second; tests call it with the time they choose.
func (k *Kiosk) Tick(now time.Time) {
	if k.away {
		k.raise()
	}
	k.pin.tick(now)
	k.code.tick(now)
	if k.current == k.table {
		k.table.tick(now)
	}
	if k.current == k.start && k.start.empty() {
		return
	}
	if now.Sub(k.lastInput) >= k.current.idle() {
		k.Reset()
	}
}

// StartTicking starts calling Tick from a ticker until Stop.
func (k *Kiosk) StartTicking() {
	work.Every(k.stop, tickEvery, func() { k.Tick(k.now()) })
}

// Stop stops the ticker StartTicking started. It may be called more than
// once.
func (k *Kiosk) Stop() { k.stopOnce.Do(func() { close(k.stop) }) }

// ShowPIN opens the PIN pad that leaves the kiosk.
func (k *Kiosk) ShowPIN() {
	if k.current == k.pin {
		return
	}
	k.beforePIN = k.current
	k.show(k.pin)
}

// Window returns the window the kiosk was built in.
func (k *Kiosk) Window() fyne.Window { return k.win }

// show makes s the screen shown and gives it the keyboard.
func (k *Kiosk) show(s screen) {
	if k.current != nil && k.current != s {
		k.current.view().Hide()
	}
	k.current = s
	s.view().Show()
	k.focus(s.first())
}

// focus gives f the keyboard, once the kiosk is in its window.
func (k *Kiosk) focus(f fyne.Focusable) {
	if f == nil {
		return
	}
	if a := fyne.CurrentApp(); a == nil || a.Driver().CanvasForObject(k.content) != k.win.Canvas() {
		return
	}
	k.win.Canvas().Focus(f)
}

// Focus gives the keyboard to the screen shown, for when the kiosk's
// content has just been put in its window (Open does it).
func (k *Kiosk) Focus() { k.focus(k.current.first()) }

// input records a key, tap or change: the idle timer starts again.
func (k *Kiosk) input() { k.lastInput = k.now() }

// key handles the kiosk's own keys, whatever has the keyboard: Esc goes
// back, F12 opens the PIN pad.
func (k *Kiosk) key(ev *fyne.KeyEvent) bool {
	switch ev.Name {
	case fyne.KeyEscape:
		k.current.back()
	case fyne.KeyF12:
		k.ShowPIN()
	default:
		return false
	}
	return true
}

// pinShortcuts open the PIN pad: Ctrl+Shift+Q, the organizer's way out,
// and Ctrl+W and Ctrl+Q, which close or quit elsewhere and must never
// leave the kiosk without the PIN.
func pinShortcuts() []*desktop.CustomShortcut {
	return []*desktop.CustomShortcut{
		{KeyName: fyne.KeyQ, Modifier: fyne.KeyModifierControl | fyne.KeyModifierShift},
		{KeyName: fyne.KeyW, Modifier: fyne.KeyModifierControl},
		{KeyName: fyne.KeyQ, Modifier: fyne.KeyModifierControl},
	}
}

// shortcut handles the pinShortcuts, which open the PIN pad.
func (k *Kiosk) shortcut(s fyne.Shortcut) bool {
	cs, ok := s.(*desktop.CustomShortcut)
	if !ok {
		return false
	}
	for _, p := range pinShortcuts() {
		if cs.KeyName == p.KeyName && cs.Modifier == p.Modifier {
			k.ShowPIN()
			return true
		}
	}
	return false
}

// canvasKey takes the keys pressed while no control has the keyboard.
func (k *Kiosk) canvasKey(ev *fyne.KeyEvent) {
	k.input()
	switch {
	case k.key(ev):
	case ev.Name == fyne.KeyReturn || ev.Name == fyne.KeyEnter:
		k.current.enter()
	default:
		k.focus(k.current.first())
	}
}

// canvasRune sends what is typed while no control has the keyboard to the
// screen's first field, so a player can just start typing.
func (k *Kiosk) canvasRune(r rune) {
	k.input()
	if f := k.current.first(); f != nil {
		k.focus(f)
		if _, ok := f.(*keyEntry); ok {
			f.TypedRune(r)
		}
	}
}

// changed tells the organizer's window that an entry changed.
func (k *Kiosk) changed() {
	if k.OnChanged != nil {
		k.OnChanged()
	}
}

// setAway records that the app lost (true) or got back (false) the
// keyboard; losing it raises the kiosk's window at once.
func (k *Kiosk) setAway(away bool) {
	k.away = away
	if away {
		k.raise()
	}
}

// raise brings the kiosk's window back on top, full screen, with the
// keyboard (the window manager restores a minimised window it activates).
func (k *Kiosk) raise() {
	k.win.Show()
	k.win.SetFullScreen(true)
	k.win.RequestFocus()
}

// closed is the kiosk's window closing, after the PIN or not: the ticker
// stops, the foreground hooks go, and the organizer's window comes back.
func (k *Kiosk) closed() {
	k.Stop()
	k.away = false
	if k.unhook != nil {
		k.unhook()
		k.unhook = nil
	}
	k.giveBack()
}

// giveBack shows the organizer's window again, focused, once.
func (k *Kiosk) giveBack() {
	if k.organizer != nil {
		k.organizer.Show()
		k.organizer.RequestFocus()
		k.organizer = nil
	}
}

// exit leaves the kiosk after the right PIN: its window closes and the
// organizer's window comes back, focused.
func (k *Kiosk) exit() {
	k.Reset()
	k.Stop()
	k.away = false
	k.giveBack()
	if k.closeWindow != nil {
		k.closeWindow()
	}
	if k.OnExit != nil {
		k.OnExit()
	}
}

// hasDecks reports whether the event registers decks at the kiosk.
func (k *Kiosk) hasDecks() bool { return k.event.Settings.DeckRules != "" }
