package ui

import (
	"context"
	"image/color"
	"net"
	"net/url"
	"strconv"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/core/event"
	"tablekeeper/core/i18n"
	"tablekeeper/ui/internal/toggle"
	"tablekeeper/ui/internal/tr"
	"tablekeeper/ui/internal/work"
)

// Standbys are the laptops of the event (issue 29): this one and the
// standby laptops that hold a copy of the event as it happens and carry
// on when this one fails. app/ provides them (internal/cluster's
// Window); the window only shows what they say.
type Standbys interface {
	// Saved is the port the other laptops reached this one at when
	// its database last took part in a cluster, 0 when it never did:
	// then the window takes part again as soon as its store network is
	// on.
	Saved() int
	// Start makes this laptop's database part of a cluster the other
	// laptops reach at port, on the IP address of the store network's
	// baseURL: a new one, with this laptop its host, or the one it was
	// part of.
	Start(ctx context.Context, port int, baseURL string) error
	// State is what the laptops are doing now.
	State() Laptops
	// Takeover makes this laptop the host alone, when the other laptop
	// has been silent and no laptop can take results.
	Takeover(ctx context.Context) error
	// RenewJoinCode draws a new join code on the host: the laptops keep
	// their places, and the old code is refused a minute later.
	RenewJoinCode(ctx context.Context) error
	// Join makes this laptop a standby of the host at host (its cluster
	// address, IP:PORT) with its join code, reached at port on the IP
	// address of baseURL: the host's event replaces this database's
	// (kept in a copy beside it).
	Join(ctx context.Context, port int, baseURL, host, code string) error
}

// Laptops is what Standbys.State says.
type Laptops struct {
	// On: this laptop is part of a cluster.
	On bool
	// JoinCode is the code a standby joins with, written out; Addr is
	// where the standbys reach this laptop (IP:PORT).
	JoinCode, Addr string
	// Leads: this laptop is the host and takes results.
	Leads bool
	// Host is the host's store network address when another laptop is
	// the host.
	Host string
	// Silent: no laptop is the host, and none has answered since Since
	// (zero: since this laptop started), long enough to carry on here.
	Silent bool
	Since  time.Time
	// Members are the laptops of the event.
	Members []Laptop
	// Split is the cluster address of another laptop that carried on
	// alone too (both took over): each holds results the other does not.
	Split string
}

// Laptop is one laptop of the event.
type Laptop struct {
	// URL is its store network address.
	URL string
	// Host: it is the host; Self: it is this laptop.
	Host, Self bool
	// InStep: a standby at most a second behind the host, heard from in
	// the last two seconds; else BehindMs (0: not heard from).
	InStep   bool
	BehindMs int64
}

// DefaultClusterPort is the port the other laptops reach this one at
// when the store network is on its default one: the next one.
const DefaultClusterPort = 8081

// standbyTick is how often the section and the band read the laptops.
const standbyTick = time.Second

// standbyPanel is the Store network panel's section about standby
// laptops, and the band across the window that says what a laptop of a
// cluster must know at a glance: the host is gone, carry on here?
type standbyPanel struct {
	p        *networkPanel
	standbys Standbys
	// busy is set while the cluster starts or a takeover runs.
	busy bool
	// reading is set while show reads the laptops.
	reading bool
	// tick ends the reading of the laptops; nil while it does not run.
	tick chan struct{}
	// shown is what the section and the band show (tests).
	shown Laptops
	// joining is set from the New event form's "Join an event on another
	// laptop…" until the join form is shown, with the network on.
	joining bool

	section *fyne.Container
	offBox  *fyne.Container
	port    *widget.Entry
	start   *widget.Button
	host    *widget.Entry
	joinKey *widget.Entry
	join    *widget.Button
	onBox   *fyne.Container
	code    *widget.Label
	newCode *widget.Button
	command *widget.Label
	members *widget.Label

	band      *fyne.Container
	bandText  *widget.Label
	carryOn   *widget.Button
	hostBand  *fyne.Container
	hostText  *widget.Label
	bandStack *fyne.Container
}

func newStandbyPanel(p *networkPanel) *standbyPanel {
	s := &standbyPanel{p: p}
	heading := &widget.Label{Text: tr.L("Standby laptops"), TextStyle: fyne.TextStyle{Bold: true}}
	s.port = &widget.Entry{PlaceHolder: strconv.Itoa(DefaultClusterPort)}
	s.start = &widget.Button{Text: tr.L("Let standby laptops join"), Icon: theme.ComputerIcon(), OnTapped: s.onStart}
	portRow := container.NewBorder(nil, nil, &widget.Label{Text: tr.L("Port for the other laptops")}, nil, s.port)
	s.host = &widget.Entry{PlaceHolder: "192.168.1.20:8081"}
	s.joinKey = &widget.Entry{PlaceHolder: "K7QMX-2PAHD-9RTWE-B4NCF"}
	s.join = &widget.Button{Text: tr.L("Join as a standby"), Icon: theme.LoginIcon(), OnTapped: s.onJoin}
	joinForm := container.New(layout.NewFormLayout(),
		&widget.Label{Text: tr.L("Host's address")}, s.host,
		&widget.Label{Text: tr.L("Join code")}, s.joinKey)
	s.offBox = container.NewVBox(
		&widget.Label{Text: tr.L("A second laptop on this network can hold a copy of the event as it happens and carry on if this one fails (a spilled drink, a flat battery, an update that restarts it). Let standby laptops join, then start Tablekeeper on the other laptop with the command shown here."), Wrapping: fyne.TextWrapWord},
		container.New(layout.NewGridWrapLayout(fyne.NewSize(340, portRow.MinSize().Height)), portRow),
		container.NewHBox(s.start),
		&widget.Label{Text: tr.L("Or make this laptop the standby of a host: type the address and the join code its Store network panel shows. The host's events then replace this database's, which are kept in a copy beside it."), Wrapping: fyne.TextWrapWord},
		container.New(layout.NewGridWrapLayout(fyne.NewSize(460, joinForm.MinSize().Height)), joinForm),
		container.NewHBox(s.join))
	s.code = &widget.Label{TextStyle: fyne.TextStyle{Monospace: true}, SizeName: theme.SizeNameSubHeadingText, Selectable: true}
	s.newCode = &widget.Button{Text: tr.L("New join code"), Icon: theme.ViewRefreshIcon(), OnTapped: s.onNewCode}
	s.command = &widget.Label{TextStyle: fyne.TextStyle{Monospace: true}, Wrapping: fyne.TextWrapWord, Selectable: true}
	s.members = &widget.Label{Wrapping: fyne.TextWrapWord}
	s.onBox = container.NewVBox(
		&widget.Label{Text: tr.L("Join code"), TextStyle: fyne.TextStyle{Bold: true}}, container.NewHBox(s.code, container.NewCenter(s.newCode)),
		&widget.Label{Text: tr.L("Keep it like the judges' PIN: a laptop with this code receives the whole event. New join code keeps the laptops already joined and refuses the old code a minute later. On the standby laptop, run:"), Wrapping: fyne.TextWrapWord},
		s.command,
		&widget.Label{Text: tr.L("(ITS-IP is the standby laptop's own IP address on this network, as its Store network panel or ipconfig shows it.)"), Wrapping: fyne.TextWrapWord},
		&widget.Label{Text: tr.L("Laptops of the event"), TextStyle: fyne.TextStyle{Bold: true}}, s.members)
	s.section = container.NewVBox(widget.NewSeparator(), heading, s.offBox, s.onBox)
	s.section.Hide()

	s.bandText = &widget.Label{TextStyle: fyne.TextStyle{Bold: true}, Wrapping: fyne.TextWrapWord}
	s.carryOn = &widget.Button{Text: tr.L("Carry on here"), Icon: theme.ConfirmIcon(), Importance: widget.DangerImportance, OnTapped: s.onCarryOn}
	s.band = container.NewStack(canvas.NewRectangle(color.NRGBA{R: 0xd3, G: 0x2f, B: 0x2f, A: 0x40}),
		container.NewPadded(container.NewBorder(nil, nil, widget.NewIcon(theme.WarningIcon()), container.NewCenter(s.carryOn), s.bandText)))
	s.hostText = &widget.Label{Wrapping: fyne.TextWrapWord}
	s.hostBand = container.NewStack(canvas.NewRectangle(color.NRGBA{R: 0x19, G: 0x76, B: 0xd2, A: 0x30}),
		container.NewPadded(container.NewBorder(nil, nil, widget.NewIcon(theme.InfoIcon()), nil, s.hostText)))
	s.band.Hide()
	s.hostBand.Hide()
	s.bandStack = container.NewVBox(s.band, s.hostBand)
	return s
}

// setStandbys gives the section the laptops it shows (nil hides it: a
// window that cannot write has no standbys).
func (s *standbyPanel) setStandbys(st Standbys) {
	s.standbys = st
	toggle.Visible(s.section, st != nil)
	s.show()
}

// networkOn is told when the store network started at urls: a database
// that was part of a cluster takes part again at once.
func (s *standbyPanel) networkOn(urls []string) {
	if s.standbys == nil || len(urls) == 0 {
		return
	}
	if port := s.standbys.Saved(); port != 0 && !s.shown.On {
		s.startOn(port, urls[0])
		return
	}
	if s.joining {
		s.focusJoin()
	}
}

// askToJoin answers the New event form's "Join an event on another
// laptop…": the Store network panel opens, the network is turned on if
// it is off (a standby serves the event's pages too), and the join form
// waits with the host's address to type.
func (s *standbyPanel) askToJoin() {
	s.p.show()
	if s.p.srv == nil {
		s.joining = true
		s.p.setChecked(true)
		s.p.setOn(true)
		return
	}
	s.focusJoin()
}

// focusJoin scrolls to the join form, the panel's last part, and puts
// the cursor in the host's address, when it shows (this laptop is in no
// cluster yet).
func (s *standbyPanel) focusJoin() {
	s.joining = false
	if s.standbys != nil && !s.shown.On && s.p.win != nil {
		s.p.scroll.ScrollToBottom()
		s.p.win.Canvas().Focus(s.host)
	}
}

// onStart answers Let standby laptops join.
func (s *standbyPanel) onStart() {
	if port, baseURL, ok := s.where(); ok {
		s.startOn(port, baseURL)
	}
}

// onJoin answers Join as a standby.
func (s *standbyPanel) onJoin() {
	port, baseURL, ok := s.where()
	if !ok {
		return
	}
	host, code := s.host.Text, s.joinKey.Text
	s.run(s.join, tr.L("Joining…"), tr.L("Join as a standby"), func(ctx context.Context) error {
		return s.standbys.Join(ctx, port, baseURL, host, code)
	})
}

// where is the port the other laptops reach this one at and its store
// network's address, once the network is on and the port typed is one
// (else the organizer is told).
func (s *standbyPanel) where() (port int, baseURL string, ok bool) {
	if s.p.srv == nil || s.busy {
		return 0, "", false
	}
	port, err := s.portChosen()
	if err != nil {
		s.p.alert(err)
		return 0, "", false
	}
	urls := s.p.srv.URLs()
	if len(urls) == 0 {
		return 0, "", false
	}
	return port, urls[0], true
}

// run runs fn off the UI thread with b disabled and saying busy (then
// idle again), and shows the laptops once it is done.
func (s *standbyPanel) run(b *widget.Button, busy, idle string, fn func(context.Context) error) {
	s.busy = true
	b.Disable()
	b.SetText(busy)
	work.Do(s.p.run, fn, func(err error) {
		s.busy = false
		b.Enable()
		b.SetText(idle)
		if err != nil {
			s.p.alert(err)
			return
		}
		s.startTicking()
		s.show()
	})
}

// portChosen is the port typed, or the one after the store network's.
func (s *standbyPanel) portChosen() (int, error) {
	text := strings.TrimSpace(s.port.Text)
	if text == "" {
		return s.p.prefs.NetworkPort() + 1, nil
	}
	n, err := strconv.Atoi(text)
	if err != nil || n < 1 || n > 65535 || n == s.p.prefs.NetworkPort() {
		own := s.p.prefs.NetworkPort()
		return 0, event.Invalidf("%s is not a port for the other laptops: choose a number from 1 to 65535 other than the store network's %d, such as %d", text, own, own+1)
	}
	return n, nil
}

// startOn starts the cluster at port, off the UI thread.
func (s *standbyPanel) startOn(port int, baseURL string) {
	s.run(s.start, tr.L("Starting…"), tr.L("Let standby laptops join"), func(ctx context.Context) error {
		return s.standbys.Start(ctx, port, baseURL)
	})
}

// startTicking reads the laptops every standbyTick.
func (s *standbyPanel) startTicking() {
	if s.tick != nil {
		return
	}
	s.tick = make(chan struct{})
	work.Every(s.tick, standbyTick, s.show)
}

func (s *standbyPanel) stopTicking() {
	if s.tick != nil {
		close(s.tick)
		s.tick = nil
	}
}

// show reads the laptops off the UI thread (raft answers who is in the
// cluster from its own loop, which may be busy) and shows them in the
// section and the band; a tick while a read is under way is dropped.
func (s *standbyPanel) show() {
	if s.standbys == nil || s.reading {
		return
	}
	s.reading = true
	work.Call(s.p.run, func(context.Context) (Laptops, error) { return s.standbys.State(), nil },
		func(l Laptops, _ error) {
			s.reading = false
			s.showLaptops(l)
		})
}

// showLaptops shows what the laptops are doing.
func (s *standbyPanel) showLaptops(l Laptops) {
	s.shown = l
	toggle.Visible(s.offBox, !l.On)
	toggle.Visible(s.onBox, l.On)
	if l.On {
		s.code.SetText(l.JoinCode)
		toggle.Visible(s.newCode, l.Leads)
		s.command.SetText(standbyCommand(s.p.prefs.NetworkPort(), l.Addr, l.JoinCode))
		s.members.SetText(laptopLines(l.Members))
	}
	s.showBand(l)
}

// showBand shows the band a laptop of a cluster needs: that another
// laptop carried on alone too, the question when no laptop is the host
// and the others are silent, whose standby this one is otherwise.
func (s *standbyPanel) showBand(l Laptops) {
	alarm, question, standby := l.On && l.Split != "", l.On && l.Split == "" && l.Silent, false
	switch {
	case alarm:
		s.bandText.SetText(tr.F("Two hosts: the laptop at %s carried on alone too, and each holds results the other does not; nothing is merged. Keep one: stop the other, enter its results here, and start it again on a new database to join as a standby.", l.Split))
	case question:
		since := tr.L("since this laptop started")
		if !l.Since.IsZero() {
			since = tr.F("since %s", i18n.ClockSeconds(tr.Lang(), l.Since))
		}
		s.bandText.SetText(tr.F("No laptop is the host: the other laptop has not answered %s, and no result can be saved. If it is off or lost, carry on here; if it is only cut off, bring it back instead (both carrying on would split the event in two).", since))
		toggle.Enabled(s.carryOn, !s.busy)
	case l.On && !l.Leads && l.Host != "":
		standby = true
		s.hostText.SetText(tr.F("Standby of the host at %s, %s: this window shows the event as it happens; results and other changes are made on the host. If the host fails, this laptop carries on.", l.Host, selfLag(l.Members)))
	}
	toggle.Visible(s.carryOn, question)
	toggle.Visible(s.band, alarm || question)
	toggle.Visible(s.hostBand, standby)
}

// onCarryOn answers Carry on here: this laptop becomes the host alone.
func (s *standbyPanel) onCarryOn() {
	if s.busy {
		return
	}
	s.busy = true
	s.carryOn.Disable()
	work.Do(s.p.run, func(ctx context.Context) error {
		return s.standbys.Takeover(ctx)
	}, func(err error) {
		s.busy = false
		s.show()
		if err != nil {
			s.p.alert(err)
		}
	})
}

// onNewCode answers New join code, on the host.
func (s *standbyPanel) onNewCode() {
	if s.busy {
		return
	}
	s.busy = true
	s.newCode.Disable()
	work.Do(s.p.run, s.standbys.RenewJoinCode, func(err error) {
		s.busy = false
		s.newCode.Enable()
		s.show()
		if err != nil {
			s.p.alert(err)
		}
	})
}

// standbyCommand is the command a standby laptop runs to join this one
// at addr with code, its store network on port.
func standbyCommand(port int, addr, code string) string {
	_, cport, _ := net.SplitHostPort(addr)
	return tr.F("tablekeeper serve --db standby.db --addr :%d --cluster-addr ITS-IP:%s --join %s --join-code %s", port, cport, addr, code)
}

// selfLag says how far this laptop is behind the host, for the band of
// a standby.
func selfLag(ms []Laptop) string {
	for _, m := range ms {
		switch {
		case !m.Self:
		case m.InStep:
			return tr.L("in step")
		case m.BehindMs > 0:
			return tr.F("%s s behind", i18n.Decimal(tr.Lang(), float64(m.BehindMs)/1000, 1))
		}
	}
	return tr.L("catching up")
}

// laptopLines are the laptops of the event, one a line.
func laptopLines(ms []Laptop) string {
	lines := make([]string, 0, len(ms))
	for _, m := range ms {
		where := m.URL
		if u, err := url.Parse(m.URL); err == nil && u.Host != "" {
			where = u.Host
		}
		if m.Self {
			where = tr.F("%s (this laptop)", where)
		}
		var state string
		switch {
		case m.Host:
			state = tr.L("host")
		case m.InStep:
			state = tr.L("standby, in step")
		case m.BehindMs > 0:
			state = tr.F("standby, %s s behind", i18n.Decimal(tr.Lang(), float64(m.BehindMs)/1000, 1))
		default:
			state = tr.L("standby, not heard from")
		}
		lines = append(lines, tr.F("%s: %s", where, state))
	}
	return strings.Join(lines, "\n")
}
