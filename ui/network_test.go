package ui

import (
	"context"
	"errors"
	"fmt"
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
	"tablekeeper/ui/internal/prefs"
	"tablekeeper/ui/internal/uitest"
	"tablekeeper/ui/internal/work"
	"tablekeeper/ui/web/floods"
)

// fakeNetwork records what the switch asks of the store network.
type fakeNetwork struct {
	starts []string
	fail   error
	srv    *fakeServer
	// floods is the alert's watch (nil: no guesses).
	floods *floods.Watch
}

func (n *fakeNetwork) Alert(ctx context.Context) (floods.Alert, error) {
	if n.floods == nil {
		return floods.Alert{}, nil
	}
	return n.floods.Alert(ctx)
}

func (n *fakeNetwork) Start(addr string) (NetworkServer, error) {
	n.starts = append(n.starts, addr)
	if n.fail != nil {
		return nil, n.fail
	}
	n.srv = &fakeServer{devices: 3}
	return n.srv, nil
}

type fakeServer struct {
	devices int
	stopped bool
	posters []string // "id paper path"
}

func (s *fakeServer) URLs() []string {
	return []string{"http://192.168.1.20:8080/", "http://127.0.0.1:8080/"}
}
func (s *fakeServer) Devices() int { return s.devices }
func (s *fakeServer) QR(text string, size int) ([]byte, error) {
	return []byte("\x89PNG fake " + text), nil
}
func (s *fakeServer) WritePoster(_ context.Context, id event.EventID, paper, path string) error {
	s.posters = append(s.posters, strings.Join([]string{itoa(int(id)), paper, filepath.Base(path)}, " "))
	return os.WriteFile(path, []byte("%PDF-1.3 poster"), 0o644)
}
func (s *fakeServer) Stop(context.Context) error { s.stopped = true; return nil }

func itoa(n int) string { return strconv.Itoa(n) }

// networkWindow opens a window on event open (0: none) with the store
// network n, returning its Store network panel, closed when t ends.
func networkWindow(t *testing.T, d *director.Director, open event.EventID, n *fakeNetwork) (*networkPanel, fyne.Window) {
	t.Helper()
	s, w := newWindow(t, ServicesOf(d), Options{OpenEvent: open, Network: n})
	t.Cleanup(s.network.close)
	return s.network, w
}

func TestTheStoreNetworkSwitchIsHiddenWithoutANetwork(t *testing.T) {
	d := uitest.Director(t)
	s, _ := newWindow(t, ServicesOf(d), Options{})
	if s.network.side.Visible() {
		t.Error("the switch shows with no network to start")
	}
}

func TestTheStoreNetworkSwitchStartsShowsAndStopsTheServer(t *testing.T) {
	d := uitest.Director(t)
	e := uitest.Event(t, d, "Friday Swiss")
	n := &fakeNetwork{}
	p, w := networkWindow(t, d, e.ID, n)
	p.app, p.prefs = fyne.CurrentApp(), prefs.Of(fyne.CurrentApp())
	p.setNetwork(n)
	if !p.side.Visible() || p.sideSwitch.Checked || p.sideStatus.Text != "Off" {
		t.Fatalf("before: visible %v, on %v, %q", p.side.Visible(), p.sideSwitch.Checked, p.sideStatus.Text)
	}

	test.Tap(p.sideSwitch)
	if len(n.starts) != 1 || n.starts[0] != ":8080" {
		t.Fatalf("starts = %v", n.starts)
	}
	if !p.sideSwitch.Checked || !p.panelSwitch.Checked || !p.prefs.StoreNetwork() {
		t.Error("the switch is not on, or not remembered")
	}
	if p.sideStatus.Text != "On · 3 connected · 192.168.1.20:8080" {
		t.Errorf("sidebar says %q", p.sideStatus.Text)
	}
	test.Tap(p.showButton)
	pin, _ := d.Phones.JudgePIN(t.Context())
	code, _ := d.Phones.KioskCode(t.Context())
	for _, want := range []string{"http://192.168.1.20:8080/\nhttp://127.0.0.1:8080/", "3 devices connected (pages open now).", director.FormatSecret(pin), director.FormatSecret(code),
		"No judge's phone, kiosk tablet or scorekeeper station is signed in.",
		"On a tablet, open http://192.168.1.20:8080/events/" + itoa(int(e.ID)) + "/kiosk", "The poster of Friday Swiss",
		"allow it on private networks", "Allow incoming connections"} {
		if !uitest.HasText(w.Content(), want) && !strings.Contains(strings.Join(uitest.Texts(w.Content()), "\n"), want) {
			t.Errorf("the panel does not show %q: %q", want, uitest.Texts(w.Content()))
		}
	}
	if p.qr.Resource == nil || !strings.Contains(string(p.qr.Resource.Content()), "http://192.168.1.20:8080/") {
		t.Error("no QR code of the first address")
	}
	n.srv.devices = 1
	p.showDevices()
	if p.devices.Text != "1 device connected (pages open now)." {
		t.Errorf("devices = %q", p.devices.Text)
	}

	// New PIN: a new one, shown.
	test.Tap(p.newPIN)
	if now, _ := d.Phones.JudgePIN(t.Context()); now == pin || p.pin.Text != director.FormatSecret(now) {
		t.Errorf("new PIN %q shown as %q (was %q)", now, p.pin.Text, pin)
	}

	// Off: the server and its streams close, and it is remembered.
	srv := n.srv
	test.Tap(p.panelSwitch)
	if !srv.stopped || p.srv != nil || p.sideSwitch.Checked || p.prefs.StoreNetwork() || p.sideStatus.Text != "Off" {
		t.Errorf("after off: stopped %v, on %v, remembered %v, %q", srv.stopped, p.sideSwitch.Checked, p.prefs.StoreNetwork(), p.sideStatus.Text)
	}
}

func TestAStoreNetworkThatCannotStartSaysWhyAndStaysOff(t *testing.T) {
	d := uitest.Director(t)
	n := &fakeNetwork{fail: event.Invalidf("port 8080 is already in use on this computer, perhaps by another Tablekeeper or by tablekeeper serve: close that program, or choose another port, then turn the store network on again")}
	var alerts uitest.Errors
	s, _ := newWindow(t, ServicesOf(d), Options{Network: n})
	p := s.network
	p.alert = alerts.Alert
	p.prefs = prefs.Of(fyne.CurrentApp())
	test.Tap(p.sideSwitch)
	if p.sideSwitch.Checked || p.srv != nil || p.prefs.StoreNetwork() {
		t.Error("a network that could not start shows as on")
	}
	if len(alerts) != 1 || !strings.HasPrefix(event.Message(alerts[0]), "port 8080 is already in use") {
		t.Fatalf("alerts = %v", alerts)
	}

	// A port that is no port is refused before anything starts.
	n.fail = nil
	p.port.SetText("99999")
	test.Tap(p.sideSwitch)
	if len(n.starts) != 1 || p.sideSwitch.Checked {
		t.Errorf("started on a bad port: %v", n.starts)
	}
	if len(alerts) != 2 || event.Message(alerts[1]) != "99999 is not a port: choose a number from 1 to 65535, such as 8080" {
		t.Errorf("alerts = %v", alerts)
	}
	p.port.SetText("8123")
	test.Tap(p.sideSwitch)
	if len(n.starts) != 2 || n.starts[1] != ":8123" || p.prefs.NetworkPort() != 8123 {
		t.Errorf("starts = %v, port remembered %d", n.starts, p.prefs.NetworkPort())
	}
	p.close()
	if !n.srv.stopped {
		t.Error("closing the window left the server running")
	}
}

func TestTheStoreNetworkComesBackOnWhenItWasOn(t *testing.T) {
	d := uitest.Director(t)
	a := test.NewTempApp(t)
	prefs.Of(a).SetStoreNetwork(true)
	n := &fakeNetwork{}
	w := test.NewTempWindow(t, nil)
	s := newShell(w, ServicesOf(d), work.Sync{}, uitestNow)
	s.network.app, s.network.prefs = a, prefs.Of(a)
	s.start(Options{Network: n})
	t.Cleanup(s.network.close)
	if len(n.starts) != 1 || !s.network.sideSwitch.Checked {
		t.Fatalf("a network left on was not started again: %v", n.starts)
	}
}

func TestTheQRPosterPrintsAndSavesForTheOpenEvent(t *testing.T) {
	d := uitest.Director(t)
	e := uitest.Event(t, d, "Friday Swiss")
	n := &fakeNetwork{}
	p, _ := networkWindow(t, d, e.ID, n)
	var printed string
	p.printFile = func(_ context.Context, path, title string) (string, error) {
		b, err := os.ReadFile(path)
		if err != nil || !strings.HasPrefix(string(b), "%PDF") {
			t.Errorf("printed %s: %q %v", path, b, err)
		}
		printed = title
		return "sent to the default printer", nil
	}
	test.Tap(p.sideSwitch)
	test.Tap(p.printPoster)
	if printed != "Friday Swiss - QR poster" || p.lastPrint != "The QR poster was sent to the default printer." {
		t.Errorf("printed %q, said %q", printed, p.lastPrint)
	}
	path := filepath.Join(t.TempDir(), "poster.pdf")
	p.savePosterTo(path)
	if b, err := os.ReadFile(path); err != nil || !strings.HasPrefix(string(b), "%PDF") {
		t.Fatalf("saved poster: %q %v", b, err)
	}
	want := itoa(int(e.ID)) + " " + p.paper() + " "
	if len(n.srv.posters) != 2 || !strings.HasPrefix(n.srv.posters[0], want) || n.srv.posters[1] != want+"poster.pdf" {
		t.Errorf("posters = %q", n.srv.posters)
	}
	p.printFile = func(context.Context, string, string) (string, error) {
		return "", errors.New("no printer")
	}
	var alerts uitest.Errors
	p.alert = alerts.Alert
	test.Tap(p.printPoster)
	if len(alerts) != 1 {
		t.Errorf("a failed print said nothing: %v", alerts)
	}
}

// The panel shows the scorekeeper code and lists the stations signed in
// by their operator's name; its New code signs them out, and no judge.
func TestTheStoreNetworkPanelShowsTheScorekeeperCodeAndStations(t *testing.T) {
	ctx := t.Context()
	d := uitest.Director(t)
	e := uitest.Event(t, d, "Friday Swiss")
	p, w := networkWindow(t, d, e.ID, &fakeNetwork{})
	test.Tap(p.sideSwitch)
	pin, _ := d.Phones.JudgePIN(ctx)
	code, _ := d.Stations.ScorekeeperCode(ctx)
	for i, try := range []director.SignInTry{{Kind: director.KindJudge, Secret: pin}, {Kind: director.KindScorekeeper, Secret: code, Name: "Bea"}} {
		try.Device, try.Address, try.Token, try.TTL = fmt.Sprintf("station%02d", i), fmt.Sprintf("192.168.1.%d", i+1), fmt.Sprintf("%064x", i+1), time.Hour
		if err := d.Phones.SignIn(ctx, try); err != nil {
			t.Fatal(err)
		}
	}
	test.Tap(p.showButton)
	p.staff.refresh()
	texts := strings.Join(uitest.Texts(w.Content()), "\n")
	for _, want := range []string{"Scorekeeper stations", director.FormatSecret(code), "open /scorekeeper", "Scorekeeper station of Bea · device statio · 192.168.1.2"} {
		if !strings.Contains(texts, want) {
			t.Errorf("the panel does not show %q: %s", want, texts)
		}
	}
	test.Tap(p.staff.newScoreCode)
	now, _ := d.Stations.ScorekeeperCode(ctx)
	if now == code || p.staff.scoreCode.Text != director.FormatSecret(now) {
		t.Errorf("new code %q shown as %q", now, p.staff.scoreCode.Text)
	}
	if len(p.staff.devices) != 1 || p.staff.devices[0].Kind != director.KindJudge {
		t.Errorf("after New code: %+v", p.staff.devices)
	}
}

// The panel lists the phones and tablets signed in and signs one out; New
// code locks the tablets; wrong PINs and player codes raise an alert on
// the panel and on the Round tab, naming how many from how many devices
// and addresses, and lock no one out.
func TestTheStoreNetworkPanelShowsSignInsAndAlerts(t *testing.T) {
	ctx := t.Context()
	d := uitest.Director(t)
	e := uitest.Event(t, d, "Friday Swiss")
	n := &fakeNetwork{floods: floods.New(d.Network, time.Now)}
	s, w := newWindow(t, ServicesOf(d), Options{OpenEvent: e.ID, Network: n})
	p := s.network
	t.Cleanup(p.close)
	test.Tap(p.sideSwitch)
	pin, _ := d.Phones.JudgePIN(ctx)
	code, _ := d.Phones.KioskCode(ctx)
	// A sign-in as the web's: a wrong PIN is counted in the alert.
	signIn := func(kind, secret string, i int) error {
		device, address := fmt.Sprintf("device%02d", i), fmt.Sprintf("192.168.1.%d", i)
		err := d.Phones.SignIn(ctx, director.SignInTry{Kind: kind, Secret: secret, Device: device, Address: address,
			Event: e.ID, Token: fmt.Sprintf("%064x", i), TTL: time.Hour})
		if errors.Is(err, director.ErrWrongPIN) {
			n.floods.Note(ctx, floods.PIN, device, address)
		}
		return err
	}
	if err := signIn(director.KindJudge, pin, 1); err != nil {
		t.Fatal(err)
	}
	if err := signIn(director.KindKiosk, code, 2); err != nil {
		t.Fatal(err)
	}
	test.Tap(p.showButton)
	p.staff.refresh()
	texts := strings.Join(uitest.Texts(w.Content()), "\n")
	for _, want := range []string{"Judge's phone · device device · 192.168.1.1 · since", "Kiosk tablet, event " + itoa(int(e.ID)) + " · device device · 192.168.1.2"} {
		if !strings.Contains(texts, want) {
			t.Errorf("the panel does not list %q: %s", want, texts)
		}
	}
	if p.staff.alertBox.Visible() || s.view.round.PINAlert() != "" {
		t.Error("an alert with no wrong PIN")
	}
	// Sign out the judge's phone.
	row := p.staff.list.Objects[0].(*fyne.Container)
	test.Tap(row.Objects[1].(*widget.Button))
	if len(p.staff.devices) != 1 || p.staff.devices[0].Kind != director.KindKiosk {
		t.Fatalf("after Sign out: %+v", p.staff.devices)
	}
	// New code locks the tablet and shows the code.
	test.Tap(p.staff.newCode)
	now, _ := d.Phones.KioskCode(ctx)
	if now == code || p.staff.code.Text != director.FormatSecret(now) || len(p.staff.devices) != 0 {
		t.Errorf("new code %q shown as %q, devices %+v", now, p.staff.code.Text, p.staff.devices)
	}

	for i := range 23 {
		_ = signIn(director.KindJudge, "WRONGPIN", 10+i%17)
	}
	for i := range 40 {
		n.floods.Note(ctx, floods.PlayerCode, fmt.Sprintf("guesser%d", i%8), fmt.Sprintf("10.0.0.%d", i%4))
	}
	p.staff.refresh()
	wants := []string{"23 wrong PINs from 17 devices and 17 network addresses in the last 10 minutes. No one is locked out by them",
		"40 wrong player codes from 8 devices and 4 network addresses in the last 10 minutes."}
	for _, want := range wants {
		if !p.staff.alertBox.Visible() || !strings.Contains(p.staff.alertText.Text, want) {
			t.Errorf("panel alert %q (shown %v); want %q", p.staff.alertText.Text, p.staff.alertBox.Visible(), want)
		}
		if !strings.Contains(s.view.round.PINAlert(), want) {
			t.Errorf("Round tab alert %q; want %q", s.view.round.PINAlert(), want)
		}
	}
	// The right PIN is never refused for the wrong ones.
	if err := signIn(director.KindJudge, pin, 40); err != nil {
		t.Errorf("the judges' PIN after the wrong ones: %v", err)
	}
}
