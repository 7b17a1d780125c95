package store

import "testing"

func TestAppSettingsRoundTrip(t *testing.T) {
	db := openTemp(t)
	read(t, db, func(tx *Tx) error {
		if _, ok, err := tx.AppSetting("kiosk.pin"); ok || err != nil {
			t.Errorf("a setting never saved: ok %v, %v", ok, err)
		}
		return nil
	})
	write(t, db, func(tx *Tx) error { return tx.SetAppSetting("kiosk.pin", "one") })
	write(t, db, func(tx *Tx) error { return tx.SetAppSetting("kiosk.pin", "two") })
	read(t, db, func(tx *Tx) error {
		v, ok, err := tx.AppSetting("kiosk.pin")
		if v != "two" || !ok {
			t.Errorf("read %q, %v", v, ok)
		}
		return err
	})
	if err := writeErr(db, func(tx *Tx) error { return tx.SetAppSetting("", "x") }); err == nil {
		t.Error("a setting without a name was saved")
	}
}
