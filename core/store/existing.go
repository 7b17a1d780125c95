package store

import (
	"errors"
	"fmt"
	"os"

	"tablekeeper/core/event"
)

// OpenExisting is Open for a database that must already exist: a command
// given a path never creates a database by accident. A missing file, a
// folder and an empty file (which Open would quietly make a new database)
// are refused with a sentence saying what to check, and left as they are.
func OpenExisting(path string) (*DB, error) {
	if err := existing(path); err != nil {
		return nil, err
	}
	return Open(path)
}

// OpenExistingShared is OpenShared for a database that must already exist
// (see OpenExisting), for the commands that only read: they work while a
// Tablekeeper window has the file open.
func OpenExistingShared(path string) (*DB, error) {
	if err := existing(path); err != nil {
		return nil, err
	}
	return OpenShared(path)
}

// existing refuses a path that holds no database file to open.
func existing(path string) error {
	info, err := os.Stat(path)
	switch {
	case errors.Is(err, os.ErrNotExist):
		return event.NotFoundf("no database at %s; check the path", path)
	case err != nil:
		return fmt.Errorf("cannot read %s: %w", path, err)
	case info.IsDir():
		return event.Invalidf("%s is a folder, not a database; give the path of the .db file inside it", path)
	case info.Size() == 0:
		return event.Invalidf("%s is an empty file, not a Tablekeeper database; it was left as it is. Check the path, or open a backup", path)
	}
	return nil
}
