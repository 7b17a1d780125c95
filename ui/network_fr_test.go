package ui

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"tablekeeper/ui/internal/prefs"
	"tablekeeper/ui/internal/uitest"
)

// In French the sidebar counts the devices as French counts: "0
// connecté" (zero takes the singular), "2 connectés".
func TestTheStoreNetworkCountsDevicesInFrench(t *testing.T) {
	if !uitest.InFrench(t) {
		return
	}
	d := uitest.Director(t)
	n := &fakeNetwork{}
	p, _ := networkWindow(t, d, 0, n)
	p.app, p.prefs = fyne.CurrentApp(), prefs.Of(fyne.CurrentApp())
	p.setNetwork(n)
	test.Tap(p.sideSwitch)
	for devices, want := range map[int]string{0: "En marche · 0 connecté · 192.168.1.20:8080", 2: "En marche · 2 connectés · 192.168.1.20:8080"} {
		n.srv.devices = devices
		p.showDevices()
		if p.sideStatus.Text != want {
			t.Errorf("%d devices: the sidebar says %q, want %q", devices, p.sideStatus.Text, want)
		}
	}
}
