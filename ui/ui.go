// Package ui is Tablekeeper's desktop interface, built with Fyne: the main
// window with the event list on the left and the open event on the right,
// in tabs for registration, the round, the standings and the activity log;
// the sidebar's Leagues button shows the leagues (S13) there instead.
//
// Every action saves at once through the director; screens re-read what
// they show after each change. Director calls run off the UI thread and
// their results are applied with fyne.Do (see ui/internal/work), and every
// error reaches the organizer as one sentence (event.Message).
package ui

import (
	"context"
	"image/color"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/core/event"
	"tablekeeper/ui/events"
	"tablekeeper/ui/internal/columns"
	"tablekeeper/ui/internal/keys"
	"tablekeeper/ui/internal/prefs"
	"tablekeeper/ui/internal/tr"
	"tablekeeper/ui/internal/work"
	"tablekeeper/ui/leagues"
)

// opened reads the event the window opens.
type opened interface {
	Event(ctx context.Context, id event.EventID) (event.Event, error)
}

// Options are choices made when the window opens.
type Options struct {
	// OpenEvent is the event to open at start (the --demo flag); 0 opens
	// none.
	OpenEvent event.EventID
	// Printer writes the reports of the Print menu; nil hides the menu.
	Printer Printer
	// ReadOnly, when not empty, says why the database cannot be changed:
	// a banner across the window shows it, and every change is refused.
	ReadOnly string
	// About is what the About window says of the program.
	About AboutInfo
	// Network starts the store network on the window's director; nil
	// hides the Store network switch.
	Network StoreNetwork
	// Standbys are the laptops of the event; nil hides the Store network
	// panel's Standby laptops (a window that cannot write has none).
	Standbys Standbys
}

// Default window size: fits a 1366×768 laptop screen with room for the
// desktop's panels.
const (
	defaultWidth  = 1280
	defaultHeight = 720
	sidebarWidth  = 300
)

// Create builds the main window on a and returns it; the caller shows it
// (ShowAndRun).
func Create(a fyne.App, svc Services, opt Options) fyne.Window {
	return create(a, svc, opt, work.Async{})
}

// create is Create with the runner given, so tests can wait for the work
// it starts.
func create(a fyne.App, svc Services, opt Options, run work.Runner) fyne.Window {
	_, w := createShell(a, svc, opt, run)
	return w
}

// createShell is create, also returning the shell, for tests.
func createShell(a fyne.App, svc Services, opt Options, run work.Runner) (*shell, fyne.Window) {
	w := a.NewWindow("Tablekeeper")
	size, ok := prefs.Of(a).WindowSize()
	if !ok {
		size = fyne.NewSize(defaultWidth, defaultHeight)
	}
	w.Resize(size)
	w.SetMaster()
	s := newShell(w, svc, run, time.Now)
	s.app, s.prefs, s.aboutInfo = a, prefs.Of(a), opt.About
	s.quit = func() {
		s.rememberWindow()
		w.Close()
	}
	s.network.app, s.network.prefs = a, s.prefs
	w.SetCloseIntercept(s.onCloseRequested)
	w.SetOnClosed(func() {
		s.view.clock.Stop()
		s.network.close()
	})
	top := container.NewVBox(s.network.standby.bandStack)
	if opt.ReadOnly != "" {
		top.Objects = append([]fyne.CanvasObject{readOnlyBanner(opt.ReadOnly)}, top.Objects...)
	}
	w.SetContent(container.NewBorder(top, nil, nil, nil, s.content))
	s.start(opt)
	return s, w
}

// shell is the window's content: the sidebar and the open event.
type shell struct {
	win fyne.Window
	// svc are the window's services, handed to the screens it builds;
	// events reads the event it opens.
	svc    Services
	events opened
	run    work.Runner
	list   *events.List
	form   *events.CreateForm
	view   *eventView
	// leagues is the Leagues screen, shown on the right by the sidebar's
	// Leagues button.
	leagues       *leagues.Screen
	leaguesButton *widget.Button

	// quit closes the window (and so the app); closing asks first while a
	// round is under way (onCloseRequested).
	quit    func()
	confirm *keys.Confirm

	// app opens the About window; prefs remember the window and the open
	// event between starts.
	app         fyne.App
	prefs       prefs.Prefs
	aboutInfo   AboutInfo
	aboutButton *widget.Button
	aboutWin    *aboutWindow
	// network is the Store network switch and its panel.
	network *networkPanel

	placeholder *widget.Label
	main        *fyne.Container
	content     fyne.CanvasObject
}

func newShell(w fyne.Window, svc Services, run work.Runner, now func() time.Time) *shell {
	s := &shell{win: w, svc: svc, events: svc.Events, run: run}
	alert := s.alert
	s.list = events.NewList(svc.Events, run, alert)
	s.list.OnOpen = s.onOpen
	s.list.OnNew = s.onNew
	s.form = events.NewCreateForm(svc.Events, run, w, now)
	s.form.OnCreated = s.onCreated
	s.view = newEventView(svc, run, alert, w, now)
	s.view.onChanged = s.list.Reload
	s.leagues = leagues.New(leagues.Deps{Leagues: svc.Leagues, Events: svc.Events}, run, alert)
	s.leaguesButton = &widget.Button{Text: tr.L("Leagues"), Icon: theme.ListIcon(), OnTapped: s.onLeagues}
	s.aboutButton = &widget.Button{Text: tr.L("About"), Icon: theme.InfoIcon(), OnTapped: s.showAbout}
	s.network = newNetworkPanel(svc.Phones, svc.Stations, run, alert, w)
	s.network.onShow = s.onNetwork
	s.network.current = s.openEvent
	s.network.paper = s.view.print.paper
	s.network.staff.onAlert = func(text string) { s.view.round.SetPINAlert(text, s.network.show) }
	s.placeholder = &widget.Label{Text: tr.L("Select an event on the left, or create one with New event."), Alignment: fyne.TextAlignCenter, Importance: widget.LowImportance}
	s.main = container.NewStack(container.NewCenter(s.placeholder))
	s.content = container.New(columns.New(
		columns.Col{Width: sidebarWidth},
		columns.Col{Width: 1},
		columns.Col{Width: 600, Grow: 1},
	), container.NewPadded(container.NewBorder(nil, container.NewVBox(s.network.side, container.NewGridWithColumns(2, s.leaguesButton, s.aboutButton)), nil, nil, s.list.Content())),
		widget.NewSeparator(), container.NewPadded(s.main))
	return s
}

func (s *shell) start(opt Options) {
	s.view.setPrinter(opt.Printer)
	s.network.setNetwork(opt.Network)
	s.network.standby.setStandbys(opt.Standbys)
	s.network.restore()
	s.list.Reload()
	switch {
	case opt.OpenEvent != 0:
		s.open(opt.OpenEvent)
	case s.prefs.LastEvent() != 0:
		s.reopenLast(event.EventID(s.prefs.LastEvent()))
	}
}

// reopenLast opens the event that was open when the app last closed, if
// it still exists (another database, or a deleted event, opens none).
func (s *shell) reopenLast(id event.EventID) {
	work.Call(s.run, func(ctx context.Context) (event.Event, error) { return s.events.Event(ctx, id) },
		func(_ event.Event, err error) {
			if err != nil {
				s.prefs.SetLastEvent(0)
				return
			}
			if s.view.id == 0 {
				s.open(id)
			}
		})
}

// rememberWindow keeps the window's size and, where the driver tells it,
// its position for the next start.
func (s *shell) rememberWindow() {
	s.prefs.SetWindowSize(s.win.Canvas().Size())
	if x, y, ok := prefs.Position(s.win); ok {
		s.prefs.SetWindowPosition(x, y)
	}
}

// RestorePosition puts the shown main window w of app a where it was when
// the app last closed, where the driver allows it (see prefs.Move).
func RestorePosition(a fyne.App, w fyne.Window) {
	if x, y, ok := prefs.Of(a).WindowPosition(); ok {
		prefs.Move(w, x, y)
	}
}

// alert shows an error in a dialog, as one sentence.
func (s *shell) alert(err error) {
	if err == nil {
		return
	}
	keys.Inform(s.win, tr.L("Not done"), work.Sentence(err))
}

// onNew opens the New event form, which offers to join an event another
// laptop hosts when this one can be a standby and is in no cluster yet.
func (s *shell) onNew() {
	s.form.OnJoin = nil
	if st := s.network.standby; st.standbys != nil && !st.shown.On {
		s.form.OnJoin = st.askToJoin
	}
	s.form.Show()
}

func (s *shell) onCreated(e event.Event) {
	s.list.Reload()
	s.open(e.ID)
}

func (s *shell) onOpen(id event.EventID) { s.open(id) }

// onLeagues shows the Leagues screen on the right, with no event selected.
func (s *shell) onLeagues() {
	s.list.Select(0)
	s.prefs.SetLastEvent(0)
	s.main.Objects = []fyne.CanvasObject{s.leagues.Content()}
	s.main.Refresh()
	s.leagues.Reload()
}

// onNetwork shows the Store network panel on the right, with no event
// selected (the poster is of the event open last).
func (s *shell) onNetwork() {
	s.list.Select(0)
	s.main.Objects = []fyne.CanvasObject{s.network.content}
	s.main.Refresh()
}

// openEvent is the event open in the window (zero: none).
func (s *shell) openEvent() event.Event {
	if s.view.id == 0 || s.view.state.Event.ID != s.view.id {
		return event.Event{}
	}
	return s.view.state.Event
}

// open shows the event on the right and highlights it in the sidebar.
func (s *shell) open(id event.EventID) {
	s.prefs.SetLastEvent(int64(id))
	s.list.Select(id)
	s.main.Objects = []fyne.CanvasObject{s.view.content}
	s.main.Refresh()
	s.view.open(id)
}

// onCloseRequested answers the window's close button and Alt+F4 (Cmd+Q):
// while a round of the open event is under way it asks first, since a
// stray Alt+F4 would stop the clock and the screen the floor watches.
// Everything is saved either way.
func (s *shell) onCloseRequested() {
	st := s.view.state
	if s.view.id == 0 || st.Event.ID != s.view.id || st.Finished || st.Rounds == 0 || !st.Draft && st.Missing == 0 {
		s.quit()
		return
	}
	what := tr.N("Round %[2]d of %[3]s is under way: waiting for %[1]d results.", st.Missing, st.Missing, st.Rounds, st.Event.Name)
	if st.Draft {
		what = tr.F("Round %d of %s is a draft, not published yet.", st.Rounds, st.Event.Name)
	}
	s.confirm = keys.NewConfirm(s.win, keys.ConfirmOptions{Title: tr.L("Quit Tablekeeper?"), Yes: tr.L("Quit"), No: tr.L("Keep working"),
		Message: what + "\n" + tr.L("Quit anyway? Everything is saved, and the round clock keeps time while Tablekeeper is closed.")},
		func(yes bool) {
			if yes {
				s.quit()
			}
		})
	s.confirm.Show()
}

// readOnlyBanner is the band across the top of a window whose database
// cannot be changed: it says so before the organizer types anything.
func readOnlyBanner(why string) fyne.CanvasObject {
	tint := canvas.NewRectangle(color.NRGBA{R: 0xd3, G: 0x2f, B: 0x2f, A: 0x40})
	text := &widget.Label{Text: tr.F("Read-only: %s", why), TextStyle: fyne.TextStyle{Bold: true}, Wrapping: fyne.TextWrapWord}
	return container.NewStack(tint, container.NewPadded(container.NewBorder(nil, nil, widget.NewIcon(theme.WarningIcon()), nil, text)))
}
