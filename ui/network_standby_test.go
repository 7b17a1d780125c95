package ui

import (
	"context"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"tablekeeper/core/event"
	"tablekeeper/ui/internal/prefs"
	"tablekeeper/ui/internal/uitest"
	"tablekeeper/ui/internal/work"
)

// fakeStandbys records what the section asks of the laptops and says
// what the test sets.
type fakeStandbys struct {
	saved     int
	starts    []string // "port baseURL"
	joins     []string // "port baseURL host code"
	fail      error
	state     Laptops
	takeovers int
}

func (f *fakeStandbys) Saved() int { return f.saved }
func (f *fakeStandbys) Start(_ context.Context, port int, baseURL string) error {
	f.starts = append(f.starts, itoa(port)+" "+baseURL)
	if f.fail != nil {
		return f.fail
	}
	f.state = Laptops{On: true, Leads: true, JoinCode: "7HQKM-XW2PA-9RTNE-4VBCD", Addr: "192.168.1.20:" + itoa(port),
		Members: []Laptop{{URL: "http://192.168.1.20:8080/", Host: true, Self: true}}}
	return nil
}
func (f *fakeStandbys) State() Laptops { return f.state }
func (f *fakeStandbys) Join(_ context.Context, port int, baseURL, host, code string) error {
	f.joins = append(f.joins, strings.Join([]string{itoa(port), baseURL, host, code}, " "))
	if f.fail != nil {
		return f.fail
	}
	f.state = Laptops{On: true, Host: "http://192.168.1.21:8080/", JoinCode: code, Addr: "192.168.1.20:" + itoa(port),
		Members: []Laptop{{URL: "http://192.168.1.21:8080/", Host: true}, {URL: "http://192.168.1.20:8080/", Self: true, InStep: true}}}
	return nil
}
func (f *fakeStandbys) RenewJoinCode(context.Context) error {
	f.state.JoinCode = "9RTNE-4VBCD-7HQKM-XW2PA"
	return nil
}
func (f *fakeStandbys) Takeover(context.Context) error {
	f.takeovers++
	f.state.Silent, f.state.Leads = false, true
	return nil
}

// standbyWindow is a window with the store network on and the laptops f.
func standbyWindow(t *testing.T, f *fakeStandbys) (*standbyPanel, *uitest.Errors) {
	t.Helper()
	d := uitest.Director(t)
	n := &fakeNetwork{}
	p, _ := networkWindow(t, d, 0, n)
	p.app, p.prefs = fyne.CurrentApp(), prefs.Of(fyne.CurrentApp())
	alerts := &uitest.Errors{}
	p.alert = alerts.Alert
	p.setNetwork(n)
	p.standby.setStandbys(f)
	test.Tap(p.sideSwitch)
	t.Cleanup(p.standby.stopTicking)
	return p.standby, alerts
}

func TestStandbyLaptopsJoinWithTheCodeAndCommandShown(t *testing.T) {
	f := &fakeStandbys{}
	s, alerts := standbyWindow(t, f)
	if !s.section.Visible() || !s.offBox.Visible() || s.onBox.Visible() {
		t.Fatal("the section does not offer to let standby laptops join")
	}
	s.port.SetText("80a")
	test.Tap(s.start)
	if len(f.starts) != 0 || len(*alerts) != 1 || !strings.Contains(event.Message((*alerts)[0]), "80a is not a port for the other laptops") {
		t.Fatalf("a mistyped port: starts %v, alerts %v", f.starts, *alerts)
	}
	s.port.SetText("8080")
	test.Tap(s.start)
	if len(f.starts) != 0 || len(*alerts) != 2 {
		t.Fatalf("the store network's own port was taken: %v", f.starts)
	}
	s.port.SetText("")
	test.Tap(s.start)
	if len(f.starts) != 1 || f.starts[0] != "8081 http://192.168.1.20:8080/" {
		t.Fatalf("starts = %v", f.starts)
	}
	if s.offBox.Visible() || !s.onBox.Visible() || s.code.Text != "7HQKM-XW2PA-9RTNE-4VBCD" {
		t.Fatalf("after the start the section shows the code %q (on %v)", s.code.Text, s.onBox.Visible())
	}
	want := "tablekeeper serve --db standby.db --addr :8080 --cluster-addr ITS-IP:8081 --join 192.168.1.20:8081 --join-code 7HQKM-XW2PA-9RTNE-4VBCD"
	if s.command.Text != want {
		t.Errorf("the command is %q", s.command.Text)
	}
	if s.members.Text != "192.168.1.20:8080 (this laptop): host" {
		t.Errorf("laptops: %q", s.members.Text)
	}
	f.state.Members = append(f.state.Members, Laptop{URL: "http://192.168.1.21:8080/", InStep: true},
		Laptop{URL: "http://192.168.1.22:8080/", BehindMs: 2400}, Laptop{URL: "http://192.168.1.23:8080/"})
	s.show()
	for _, line := range []string{"192.168.1.21:8080: standby, in step", "192.168.1.22:8080: standby, 2.4 s behind", "192.168.1.23:8080: standby, not heard from"} {
		if !strings.Contains(s.members.Text, line) {
			t.Errorf("laptops: %q lacks %q", s.members.Text, line)
		}
	}
	if s.band.Visible() || s.hostBand.Visible() {
		t.Error("a band shows while this laptop is the host")
	}
	test.Tap(s.newCode)
	if s.code.Text != "9RTNE-4VBCD-7HQKM-XW2PA" || !strings.Contains(s.command.Text, "--join-code 9RTNE-4VBCD-7HQKM-XW2PA") {
		t.Errorf("after New join code: %q, %q", s.code.Text, s.command.Text)
	}
}

func TestTheWindowAsksOnceTheOtherLaptopIsSilentAndCarriesOn(t *testing.T) {
	f := &fakeStandbys{}
	s, _ := standbyWindow(t, f)
	test.Tap(s.start)
	f.state.Leads = false
	f.state.Host = "http://192.168.1.21:8080/"
	f.state.Members = []Laptop{{URL: "http://192.168.1.21:8080/", Host: true}, {URL: "http://192.168.1.20:8080/", Self: true, BehindMs: 2400}}
	s.show()
	if !s.hostBand.Visible() || s.band.Visible() || !strings.Contains(s.hostText.Text, "Standby of the host at http://192.168.1.21:8080/, 2.4 s behind:") {
		t.Fatalf("a standby's band: %v %q", s.hostBand.Visible(), s.hostText.Text)
	}
	f.state.Host, f.state.Silent = "", true
	f.state.Since = time.Date(2026, 12, 2, 14, 2, 13, 0, time.Local)
	s.show()
	if !s.band.Visible() || s.hostBand.Visible() || !strings.Contains(s.bandText.Text, "has not answered since 14:02:13") || s.carryOn.Disabled() {
		t.Fatalf("the question: %v %q", s.band.Visible(), s.bandText.Text)
	}
	test.Tap(s.carryOn)
	if f.takeovers != 1 || s.band.Visible() {
		t.Errorf("carry on here: %d takeovers, band %v", f.takeovers, s.band.Visible())
	}
	// The other laptop carried on alone too: the band says so, with
	// nothing to click.
	f.state.Split = "192.168.1.21:8081"
	s.show()
	if !s.band.Visible() || s.carryOn.Visible() || !strings.Contains(s.bandText.Text, "Two hosts: the laptop at 192.168.1.21:8081 carried on alone too") {
		t.Errorf("two hosts: band %v, carry on %v, %q", s.band.Visible(), s.carryOn.Visible(), s.bandText.Text)
	}
}

// A database that took part in a cluster takes part again at start: the
// store network comes on even if it was off, and the laptops start at
// the port saved.
func TestAClusterDatabaseRejoinsAtStart(t *testing.T) {
	d := uitest.Director(t)
	a := test.NewTempApp(t)
	n := &fakeNetwork{}
	f := &fakeStandbys{saved: 8123}
	w := test.NewTempWindow(t, nil)
	s := newShell(w, ServicesOf(d), work.Sync{}, uitestNow)
	s.network.app, s.network.prefs = a, prefs.Of(a)
	s.start(Options{Network: n, Standbys: f})
	t.Cleanup(s.network.close)
	if len(n.starts) != 1 || len(f.starts) != 1 || f.starts[0] != "8123 http://192.168.1.20:8080/" {
		t.Fatalf("network starts %v, laptops starts %v", n.starts, f.starts)
	}
	if !s.network.standby.onBox.Visible() {
		t.Error("the section does not show the laptops")
	}
}

// A laptop joins a host as its standby from the panel: the address and
// code typed, its own port; a refusal is said and nothing changes.
func TestThisLaptopJoinsAHostAsItsStandby(t *testing.T) {
	f := &fakeStandbys{fail: event.Invalidf("a join code is 20 characters (dashes and spaces aside), such as K7QMX-2PAHD-9RTWE-B4NCF")}
	s, alerts := standbyWindow(t, f)
	s.host.SetText("192.168.1.21:8081")
	s.joinKey.SetText("7HQKM")
	test.Tap(s.join)
	if len(*alerts) != 1 || !strings.Contains(event.Message((*alerts)[0]), "a join code is 20 characters") || s.onBox.Visible() {
		t.Fatalf("a short code: alerts %v, on %v", *alerts, s.onBox.Visible())
	}
	f.fail = nil
	s.joinKey.SetText("7HQKM-XW2PA-9RTNE-4VBCD")
	test.Tap(s.join)
	if len(f.joins) != 2 || f.joins[1] != "8081 http://192.168.1.20:8080/ 192.168.1.21:8081 7HQKM-XW2PA-9RTNE-4VBCD" {
		t.Fatalf("joins = %v", f.joins)
	}
	if !s.onBox.Visible() || !s.hostBand.Visible() || !strings.Contains(s.hostText.Text, "Standby of the host at http://192.168.1.21:8080/, in step:") {
		t.Errorf("after joining: on %v, band %v %q", s.onBox.Visible(), s.hostBand.Visible(), s.hostText.Text)
	}
	if s.newCode.Visible() {
		t.Error("a standby offers to renew the join code")
	}
	if s.members.Text != "192.168.1.21:8080: host\n192.168.1.20:8080 (this laptop): standby, in step" {
		t.Errorf("laptops: %q", s.members.Text)
	}
}

// New event → Join an event on another laptop… opens the Store network
// panel, turns the network on (a standby serves the pages too) and puts
// the cursor in the host's address; the join then takes what is typed.
// A laptop in a cluster, or without standbys (a read-only window), is not
// offered it.
func TestJoiningFromTheNewEventFormOpensTheJoinForm(t *testing.T) {
	d := uitest.Director(t)
	n, f := &fakeNetwork{}, &fakeStandbys{}
	s, w := newWindow(t, ServicesOf(d), Options{Network: n, Standbys: f})
	t.Cleanup(s.network.close)
	t.Cleanup(s.network.standby.stopTicking)
	p := s.network
	p.app, p.prefs = fyne.CurrentApp(), prefs.Of(fyne.CurrentApp())
	s.onNew()
	test.Tap(uitest.Button(t, w.Canvas().Overlays().Top(), "Join an event on another laptop…", 0))
	if w.Canvas().Overlays().Top() != nil {
		t.Error("the New event form stays open")
	}
	if len(n.starts) != 1 || p.srv == nil || !p.sideSwitch.Checked {
		t.Fatalf("the store network is not on: starts %v", n.starts)
	}
	if len(s.main.Objects) != 1 || s.main.Objects[0] != p.content {
		t.Error("the Store network panel is not shown")
	}
	st := p.standby
	if !st.offBox.Visible() || w.Canvas().Focused() != st.host {
		t.Fatalf("the join form is not waiting: shown %v, focused %v", st.offBox.Visible(), w.Canvas().Focused())
	}
	test.Type(st.host, "192.168.1.21:8081")
	test.Type(st.joinKey, "7HQKM-XW2PA-9RTNE-4VBCD")
	test.Tap(st.join)
	if len(f.joins) != 1 || !strings.HasSuffix(f.joins[0], " 192.168.1.21:8081 7HQKM-XW2PA-9RTNE-4VBCD") {
		t.Fatalf("joins = %v", f.joins)
	}
	// A standby already: the form offers it no more.
	s.onNew()
	if s.form.JoinOffered() {
		t.Error("a laptop in a cluster is offered to join one")
	}
	s.form.Hide()

	plain, _ := newWindow(t, ServicesOf(d), Options{Network: n})
	t.Cleanup(plain.network.close)
	plain.onNew()
	if plain.form.JoinOffered() {
		t.Error("a window without standbys offers to join")
	}
}
