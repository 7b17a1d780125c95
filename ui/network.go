package ui

import (
	"context"
	"errors"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/ui/internal/files"
	"tablekeeper/ui/internal/keys"
	"tablekeeper/ui/internal/prefs"
	"tablekeeper/ui/internal/toggle"
	"tablekeeper/ui/internal/tr"
	"tablekeeper/ui/internal/work"
	"tablekeeper/ui/web/floods"
)

// StoreNetwork starts the store network (ui/web: the players' pages, the
// kiosk tablets, the judges' phones, the projector on a TV) in this
// process, on the window's director, so that what phones do shows on the
// window and what the window does reaches the phones. app/ provides it:
// the window itself never builds a page or a report.
type StoreNetwork interface {
	// Start listens on addr (":8080": every interface) and serves until
	// the server's Stop. A port already in use is an error whose
	// sentence says so and what to do.
	Start(addr string) (NetworkServer, error)
	// Alert is the alert of guesses on the store network (wrong PINs,
	// player codes and table codes): this process's counts while it
	// serves, else those the serving process last saved, while recent.
	Alert(ctx context.Context) (floods.Alert, error)
}

// NetworkServer is the store network while it runs.
type NetworkServer interface {
	// URLs are the addresses phones reach it at: one per LAN interface,
	// IPv4 first, with the port.
	URLs() []string
	// Devices counts the devices with a live page open.
	Devices() int
	// QR is a QR code of text as a PNG about size pixels wide.
	QR(text string, size int) ([]byte, error)
	// WritePoster writes the printable QR poster (PDF) of event id (0:
	// the event list) on paper to path, whole or not at all.
	WritePoster(ctx context.Context, id event.EventID, paper, path string) error
	// Stop closes the server and its live streams, waiting until ctx
	// ends for the requests under way.
	Stop(ctx context.Context) error
}

// StaffPhones is what the Store network panel asks of the phones'
// sign-ins (director.Phones): the judges' PIN and the tablet kiosk code
// (shown, renewed) and the devices signed in (the alert of guesses is
// the StoreNetwork's).
type StaffPhones interface {
	JudgePIN(ctx context.Context) (string, error)
	RenewJudgePIN(ctx context.Context) (string, error)
	KioskCode(ctx context.Context) (string, error)
	RenewKioskCode(ctx context.Context) (string, error)
	JudgePINReplaced(ctx context.Context) (bool, error)
	AcknowledgeJudgePIN(ctx context.Context) error
	SignedInDevices(ctx context.Context) ([]director.StaffSession, error)
	SignOutDevice(ctx context.Context, id int64) error
}

// StationCodes is what the panel asks of the scorekeeper stations
// (director.Stations): their code, shown and renewed.
type StationCodes interface {
	ScorekeeperCode(ctx context.Context) (string, error)
	RenewScorekeeperCode(ctx context.Context) (string, error)
}

// networkTick is how often the panel counts the devices connected.
const networkTick = 2 * time.Second

// networkPanel is the Store network switch at the bottom of the sidebar
// and, on the right when shown, its panel: the addresses (every LAN
// interface), a QR code of the first, the devices connected, the judges'
// PIN to hand out, and the printable QR poster. The switch is off until
// the organizer turns it on, then remembered between starts.
type networkPanel struct {
	phones   StaffPhones
	stations StationCodes
	run      work.Runner
	alert    work.Alert
	win      fyne.Window
	app      fyne.App
	prefs    prefs.Prefs

	net StoreNetwork
	srv NetworkServer
	// busy is set while the server starts or stops.
	busy bool
	// setting is set while the switches are set by code, so their
	// OnChanged does nothing.
	setting bool

	// current is the open event, for the poster (zero: none).
	current func() event.Event
	// paper is the paper the poster prints on (the Print menu's).
	paper func() string
	// printFile hands a written PDF to the system's printing.
	printFile func(ctx context.Context, path, title string) (string, error)
	// onShow puts the panel on the right of the window.
	onShow func()
	// stopTick ends the device counter; nil while off.
	stopTick chan struct{}
	// lastPrint is what the last poster print said (tests).
	lastPrint string

	sideSwitch *widget.Check
	sideStatus *widget.Label
	showButton *widget.Button
	side       *fyne.Container

	panelSwitch *widget.Check
	state       *widget.Label
	qr          *canvas.Image
	addresses   *widget.Label
	devices     *widget.Label
	pin         *widget.Label
	newPIN      *widget.Button
	staff       *staffPanel
	standby     *standbyPanel
	port        *widget.Entry
	posterFor   *widget.Label
	kiosk       *widget.Label
	printPoster *widget.Button
	savePoster  *widget.Button
	onBox       *fyne.Container
	offBox      *fyne.Container
	// scroll holds the panel's details (the standby section last).
	scroll  *container.Scroll
	content fyne.CanvasObject
}

func newNetworkPanel(phones StaffPhones, stations StationCodes, run work.Runner, alert work.Alert, win fyne.Window) *networkPanel {
	p := &networkPanel{phones: phones, stations: stations, run: run, alert: alert, win: win, printFile: systemPrint,
		current: func() event.Event { return event.Event{} }, paper: func() string { return "A4" }}
	p.sideSwitch = &widget.Check{Text: tr.L("Store network"), OnChanged: p.onSwitch}
	p.sideStatus = &widget.Label{Text: tr.L("Off"), Truncation: fyne.TextTruncateEllipsis}
	p.showButton = &widget.Button{Text: tr.L("Show"), Icon: theme.NavigateNextIcon(), IconPlacement: widget.ButtonIconTrailingText, OnTapped: p.show}
	p.side = container.NewVBox(widget.NewSeparator(),
		container.NewBorder(nil, nil, nil, p.showButton, p.sideSwitch), p.sideStatus)
	p.side.Hide()

	title := &widget.Label{Text: tr.L("Store network"), TextStyle: fyne.TextStyle{Bold: true}, SizeName: theme.SizeNameSubHeadingText}
	p.panelSwitch = &widget.Check{Text: tr.L("Serve the events to phones, tablets and TVs on this computer's network"), OnChanged: p.onSwitch}
	p.state = &widget.Label{Wrapping: fyne.TextWrapWord}
	p.qr = &canvas.Image{FillMode: canvas.ImageFillContain, ScaleMode: canvas.ImageScalePixels}
	p.qr.SetMinSize(fyne.NewSize(220, 220))
	p.addresses = &widget.Label{TextStyle: fyne.TextStyle{Bold: true}, Selectable: true}
	p.devices = &widget.Label{}
	p.pin = &widget.Label{TextStyle: fyne.TextStyle{Monospace: true}, SizeName: theme.SizeNameHeadingText, Selectable: true}
	p.newPIN = &widget.Button{Text: tr.L("New PIN"), Icon: theme.ViewRefreshIcon(), OnTapped: p.onNewPIN}
	p.staff = newStaffPanel(p)
	p.standby = newStandbyPanel(p)
	p.posterFor = &widget.Label{Wrapping: fyne.TextWrapWord}
	p.kiosk = &widget.Label{Wrapping: fyne.TextWrapWord}
	p.printPoster = &widget.Button{Text: tr.L("Print QR poster"), Icon: theme.DocumentPrintIcon(), OnTapped: p.onPrintPoster}
	p.savePoster = &widget.Button{Text: tr.L("Save QR poster as PDF…"), Icon: theme.DocumentSaveIcon(), OnTapped: p.onSavePoster}
	p.port = &widget.Entry{PlaceHolder: strconv.Itoa(prefs.DefaultNetworkPort)}

	heading := func(s string) *widget.Label { return &widget.Label{Text: s, TextStyle: fyne.TextStyle{Bold: true}} }
	details := container.NewVBox(
		p.staff.alertBox, p.staff.replacedBox,
		heading(tr.L("Addresses")), p.addresses, p.devices,
		heading(tr.L("Judges' PIN")), container.NewHBox(p.pin, container.NewCenter(p.newPIN)),
		&widget.Label{Text: tr.L("Judges open /judge at the address above and type this PIN. New PIN signs every judge's phone out."), Wrapping: fyne.TextWrapWord},
		heading(tr.L("Kiosk tablets")), container.NewHBox(p.staff.code, container.NewCenter(p.staff.newCode)), p.kiosk,
		heading(tr.L("Scorekeeper stations")), container.NewHBox(p.staff.scoreCode, container.NewCenter(p.staff.newScoreCode)),
		&widget.Label{Text: tr.L("On a laptop or tablet, open /scorekeeper at the address above and type this code and the name of the person typing; results entered there are logged under that name. New code signs every station out."), Wrapping: fyne.TextWrapWord},
		heading(tr.L("Signed-in phones and tablets")), p.staff.list,
		heading(tr.L("Poster")), p.posterFor, container.NewHBox(p.printPoster, p.savePoster),
		p.standby.section)
	p.onBox = container.NewBorder(nil, nil, container.NewVBox(p.qr), nil, details)
	portRow := container.NewBorder(nil, nil, &widget.Label{Text: tr.L("Port")}, nil, p.port)
	p.offBox = container.NewVBox(
		&widget.Label{Text: tr.L("Turn it on to put the pairings, the round clock and the standings on players' phones, a kiosk on any tablet, the judges' log on their phones and the projector on a TV, all over this computer's Wi-Fi or network, with no internet."), Wrapping: fyne.TextWrapWord},
		container.New(layout.NewGridWrapLayout(fyne.NewSize(260, portRow.MinSize().Height)), portRow))
	help := &widget.Label{Wrapping: fyne.TextWrapWord, Text: tr.L("The first time, Windows asks whether Tablekeeper may use the network: allow it on private networks. macOS asks whether Tablekeeper may accept incoming network connections: choose Allow (its firewall then lists Tablekeeper as “Allow incoming connections”). Phones must be on the same Wi-Fi as this computer.")}
	p.scroll = container.NewVScroll(container.NewVBox(p.onBox, p.offBox))
	p.content = container.NewPadded(container.NewBorder(
		container.NewVBox(title, p.panelSwitch, p.state, widget.NewSeparator()), help, nil, nil,
		p.scroll))
	p.showState()
	return p
}

// setNetwork gives the panel the network it starts (nil hides the
// switch: a window without one serves nothing).
func (p *networkPanel) setNetwork(n StoreNetwork) {
	p.net = n
	toggle.Visible(p.side, n != nil)
	p.port.SetText(strconv.Itoa(p.prefs.NetworkPort()))
}

// restore turns the network on at start when it was on at the last close,
// or when the database is part of a cluster (its laptop takes part again
// once the network is on).
func (p *networkPanel) restore() {
	if p.net != nil && (p.prefs.StoreNetwork() || p.standby.standbys != nil && p.standby.standbys.Saved() != 0) {
		p.setOn(true)
	}
}

// show puts the panel on the right.
func (p *networkPanel) show() {
	if p.onShow != nil {
		p.onShow()
	}
	p.showState()
}

func (p *networkPanel) onSwitch(on bool) {
	if p.setting {
		return
	}
	p.setChecked(on)
	p.setOn(on)
}

// setChecked sets both switches without acting on it.
func (p *networkPanel) setChecked(on bool) {
	p.setting = true
	defer func() { p.setting = false }()
	p.sideSwitch.SetChecked(on)
	p.panelSwitch.SetChecked(on)
}

// setOn starts or stops the server, off the UI thread.
func (p *networkPanel) setOn(on bool) {
	if p.net == nil || p.busy || on == (p.srv != nil) {
		p.setChecked(p.srv != nil)
		return
	}
	if on {
		p.start()
	} else {
		p.stop()
	}
}

// addr is where the server listens: every interface, on the port
// chosen.
func (p *networkPanel) addr() (string, error) {
	port := p.prefs.NetworkPort()
	if text := strings.TrimSpace(p.port.Text); text != "" {
		n, err := strconv.Atoi(text)
		if err != nil {
			n = -1
		}
		if err := p.prefs.SetNetworkPort(n); err != nil {
			return "", event.Invalidf("%s is not a port: choose a number from 1 to 65535, such as %d", text, prefs.DefaultNetworkPort)
		}
		port = n
	}
	return ":" + strconv.Itoa(port), nil
}

func (p *networkPanel) start() {
	addr, err := p.addr()
	if err != nil {
		p.setChecked(false)
		p.alert(err)
		return
	}
	p.busy = true
	p.showState()
	work.Call(p.run, func(context.Context) (NetworkServer, error) {
		return p.net.Start(addr)
	}, func(srv NetworkServer, err error) {
		p.busy = false
		if err != nil {
			p.setChecked(false)
			p.prefs.SetStoreNetwork(false)
			p.showState()
			p.alert(err)
			return
		}
		p.srv = srv
		p.prefs.SetStoreNetwork(true)
		p.setChecked(true)
		p.showState()
		p.loadPIN()
		p.startTicking()
		p.standby.networkOn(srv.URLs())
	})
}

func (p *networkPanel) stop() {
	srv := p.srv
	p.stopTicking()
	p.busy = true
	p.showState()
	work.Do(p.run, func(ctx context.Context) error {
		ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
		defer cancel()
		return srv.Stop(ctx)
	}, func(err error) {
		p.busy = false
		p.srv = nil
		p.prefs.SetStoreNetwork(false)
		p.setChecked(false)
		p.showState()
		if err != nil && !errors.Is(err, context.DeadlineExceeded) {
			p.alert(err)
		}
	})
}

// close stops the server as the window closes, keeping the setting for
// the next start.
func (p *networkPanel) close() {
	p.stopTicking()
	p.standby.stopTicking()
	if p.srv == nil {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
	defer cancel()
	_ = p.srv.Stop(ctx)
	p.srv = nil
}

// startTicking counts the devices every networkTick while the network
// is on.
func (p *networkPanel) startTicking() {
	p.stopTicking()
	stop := make(chan struct{})
	p.stopTick = stop
	work.Every(stop, networkTick, func() {
		p.showDevices()
		p.staff.refresh()
	})
}

func (p *networkPanel) stopTicking() {
	if p.stopTick != nil {
		close(p.stopTick)
		p.stopTick = nil
	}
}

// showState shows the switch's state on the sidebar and the panel.
func (p *networkPanel) showState() {
	on := p.srv != nil
	toggle.Visible(p.onBox, on)
	toggle.Visible(p.offBox, !on && !p.busy)
	switch {
	case p.busy && on:
		p.state.SetText(tr.L("Turning off…"))
		p.sideStatus.SetText(tr.L("Turning off…"))
	case p.busy:
		p.state.SetText(tr.L("Turning on…"))
		p.sideStatus.SetText(tr.L("Turning on…"))
	case !on:
		p.state.SetText(tr.L("Off: nothing on this computer is reachable from the network."))
		p.sideStatus.SetText(tr.L("Off"))
	}
	if !on {
		p.qr.Resource = nil
		p.qr.Refresh()
		return
	}
	urls := p.srv.URLs()
	p.addresses.SetText(strings.Join(urls, "\n"))
	if len(urls) > 0 {
		p.state.SetText(tr.F("On at %s — players open it on their phones, or scan the code.", urls[0]))
		if png, err := p.srv.QR(urls[0], 440); err == nil {
			p.qr.Resource = fyne.NewStaticResource("store-network-qr.png", png)
		}
	}
	p.qr.Refresh()
	e := p.current()
	if e.ID != 0 && len(urls) > 0 {
		p.kiosk.SetText(tr.F("On a tablet, open %sevents/%d/kiosk and unlock it with this kiosk code (not the PIN of the kiosk on this computer). Several tablets may run at once; New code locks them all.", urls[0], e.ID))
	} else {
		p.kiosk.SetText(tr.L("On a tablet, open an event's page, add /kiosk to its address and unlock it with this kiosk code (not the PIN of the kiosk on this computer). New code locks every tablet."))
	}
	if e.ID != 0 {
		p.posterFor.SetText(tr.F("The poster of %s: its name, the code of its page and the address in large type, for the wall or the door.", e.Name))
	} else {
		p.posterFor.SetText(tr.L("The poster of the event list: the code and the address in large type. Open an event first for a poster of that event."))
	}
	p.showDevices()
}

// showDevices says how many devices are connected.
func (p *networkPanel) showDevices() {
	if p.srv == nil {
		return
	}
	n := p.srv.Devices()
	p.devices.SetText(tr.N("%d devices connected (pages open now).", n, n))
	first := ""
	if urls := p.srv.URLs(); len(urls) > 0 {
		first = " · " + strings.TrimSuffix(strings.TrimPrefix(urls[0], "http://"), "/")
	}
	p.sideStatus.SetText(tr.N("On · %d connected", n, n) + first)
}

// loadPIN shows the judges' PIN, the kiosk code and the scorekeeper code
// (drawn the first time), and the signed-in devices and the alert.
func (p *networkPanel) loadPIN() {
	work.Call(p.run, func(ctx context.Context) ([3]string, error) {
		pin, err := p.phones.JudgePIN(ctx)
		if err != nil {
			return [3]string{}, err
		}
		code, err := p.phones.KioskCode(ctx)
		if err != nil {
			return [3]string{}, err
		}
		score, err := p.stations.ScorekeeperCode(ctx)
		return [3]string{pin, code, score}, err
	}, func(s [3]string, err error) {
		if err != nil {
			p.alert(err)
			return
		}
		p.pin.SetText(director.FormatSecret(s[0]))
		p.staff.code.SetText(director.FormatSecret(s[1]))
		p.staff.scoreCode.SetText(director.FormatSecret(s[2]))
		p.staff.refresh()
	})
}

// onNewPIN draws a new judges' PIN, which signs every judge out.
func (p *networkPanel) onNewPIN() {
	work.Call(p.run, func(ctx context.Context) (string, error) {
		return p.phones.RenewJudgePIN(ctx)
	}, func(pin string, err error) {
		if err != nil {
			p.alert(err)
			return
		}
		p.pin.SetText(director.FormatSecret(pin))
		p.staff.replacedBox.Hide()
		p.staff.refresh()
	})
}

// posterName is the poster's file name.
func (p *networkPanel) posterName() string {
	if e := p.current(); e.ID != 0 {
		return tr.F("%s - QR poster.pdf", safeName(e.Name))
	}
	return tr.L("Tablekeeper - QR poster.pdf")
}

// onPrintPoster writes the poster to a temporary PDF and prints it the
// system's way, as the Print menu does.
func (p *networkPanel) onPrintPoster() {
	srv := p.srv
	if srv == nil {
		return
	}
	id, paper, name := p.current().ID, p.paper(), p.posterName()
	work.Call(p.run, func(ctx context.Context) (string, error) {
		dir, err := os.MkdirTemp("", "tablekeeper-print-")
		if err != nil {
			return "", errNoTempFile
		}
		path := filepath.Join(dir, name)
		if err := srv.WritePoster(ctx, id, paper, path); err != nil {
			_ = os.RemoveAll(dir) // the temporary folder goes on the way out
			return "", err
		}
		how, err := p.printFile(ctx, path, strings.TrimSuffix(name, ".pdf"))
		if err != nil {
			_ = os.RemoveAll(dir) // the temporary folder goes on the way out
			return "", err
		}
		return tr.F("The QR poster was %s.", tr.L(how)), nil
	}, func(said string, err error) {
		if err != nil {
			p.lastPrint = work.Sentence(err)
			if notPrinted(err) {
				offerSave(p.win, p.lastPrint, tr.L("Save QR poster as PDF…"), p.onSavePoster)
				return
			}
			p.alert(err)
			return
		}
		p.lastPrint = said
		keys.Inform(p.win, tr.L("Print"), said)
	})
}

// onSavePoster asks where to save the poster, then writes it.
func (p *networkPanel) onSavePoster() {
	if p.srv == nil {
		return
	}
	save := files.SaveTo(p.win, func(err error) { p.alert(saveError(err)) }, p.savePosterTo)
	save.SetFileName(p.posterName())
	save.SetFilter(storage.NewExtensionFileFilter([]string{".pdf"}))
	files.Show(save, p.win)
}

// savePosterTo writes the poster to path, then opens it.
func (p *networkPanel) savePosterTo(path string) {
	srv := p.srv
	if srv == nil {
		return
	}
	id, paper := p.current().ID, p.paper()
	work.Do(p.run, func(ctx context.Context) error {
		return srv.WritePoster(ctx, id, paper, path)
	}, func(err error) {
		if err != nil {
			p.alert(saveError(err))
			return
		}
		if p.app == nil || p.app.OpenURL(&url.URL{Scheme: "file", Path: filepath.ToSlash(path)}) != nil {
			keys.Inform(p.win, tr.L("Saved"), tr.F("The QR poster was saved to %s.", path))
		}
	})
}
