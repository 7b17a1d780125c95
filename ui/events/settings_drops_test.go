package events

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"tablekeeper/ui/internal/uitest"
)

// The Settings screen shows and saves whether drops from phones apply
// without the organizer's approval (off by default).
func TestTheSettingsFormSetsWhetherPhoneDropsNeedApproval(t *testing.T) {
	d, f := settingsForm(t, fyne.NewSize(1000, 700))
	e := uitest.Event(t, d, "Tonight")
	f.Show(e)
	if f.phoneDrops.Checked || f.phoneDrops.Text != "Drops from phones apply without my approval" {
		t.Fatalf("phone drops %q checked %v; want unchecked by default", f.phoneDrops.Text, f.phoneDrops.Checked)
	}
	test.Tap(f.phoneDrops)
	got := save(t, d, f, e.ID)
	if !got.Settings.PhoneDropsWithoutApproval || got.Settings.PhoneReportsNeedApproval {
		t.Fatalf("saved %+v", got.Settings)
	}
	f.Show(got)
	if !f.phoneDrops.Checked {
		t.Error("the form does not show that phone drops apply without approval")
	}
}
