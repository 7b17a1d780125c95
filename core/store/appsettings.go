package store

import (
	"database/sql"
	"errors"
	"fmt"

	"tablekeeper/core/event"
	"tablekeeper/core/storage"
)

// SetAppSetting saves one of the organizer's database-wide settings (the
// kiosk PIN's hash), replacing its earlier value.
func (t *Tx) SetAppSetting(key, value string) error {
	t.changed(0, storage.ChangeDirectory)
	if key == "" {
		return fmt.Errorf("store: save setting: %w", event.Invalid("a setting needs a name"))
	}
	if _, err := t.exec(`INSERT INTO app_settings (key, value) VALUES (?, ?)
		ON CONFLICT (key) DO UPDATE SET value = excluded.value`, key, value); err != nil {
		return fmt.Errorf("store: save setting %q: %w", key, err)
	}
	return nil
}

// AppSetting returns a database-wide setting; ok is false when it was
// never saved.
func (t *Tx) AppSetting(key string) (value string, ok bool, err error) {
	err = t.queryRow(`SELECT value FROM app_settings WHERE key = ?`, key).Scan(&value)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return "", false, nil
	case err != nil:
		return "", false, fmt.Errorf("store: read setting %q: %w", key, err)
	}
	return value, true, nil
}
