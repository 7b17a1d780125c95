package store

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"tablekeeper/core/event"
	"tablekeeper/core/i18n"
)

// ErrLinked means the database file has more than one name on its disk (hard
// links). Each name would get its own lock, -wal and -shm files, so two
// Tablekeepers could write the one file at once and damage it.
var ErrLinked = errors.New("database file has more than one name")

// resolvePath returns the one path under which the database at path is
// opened and locked, whatever name it was given: absolute, with every
// symbolic link followed, so that a link and its target share one lock
// and one -wal file. For a writer (single), a file with more than one
// hard link is refused (ErrLinked): no name is its own, and SQLite keeps
// the -wal beside the name, so a writer through the other name would not
// see the first one's commits and would overwrite them. The commands that
// only read accept it, so that backup can make the copy the refusal asks
// for. A path that does not exist yet is returned with its folder
// resolved.
func resolvePath(path string, single bool) (string, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return "", fmt.Errorf("store: open %s: %w", path, err)
	}
	if _, err := os.Lstat(abs); errors.Is(err, fs.ErrNotExist) {
		dir, derr := filepath.EvalSymlinks(filepath.Dir(abs))
		if derr != nil {
			return abs, nil // the folder is created by Open, or its error said there
		}
		return filepath.Join(dir, filepath.Base(abs)), nil
	}
	real, err := filepath.EvalSymlinks(abs)
	if errors.Is(err, fs.ErrNotExist) {
		t := i18n.F("%s is a link to a file that does not exist. Give --db the path of the database file itself.", abs)
		return "", &event.Error{Kind: fs.ErrNotExist, Message: t.String(), Text: t}
	}
	if err != nil {
		return "", fmt.Errorf("store: open %s: %w", abs, err)
	}
	info, err := os.Stat(real)
	if err != nil {
		return "", fmt.Errorf("store: open %s: %w", real, err)
	}
	if n := linkCount(real, info); single && info.Mode().IsRegular() && n > 1 {
		t := i18n.F("%s has %d names on this disk (hard links), so two Tablekeepers could write it at once through different names and damage it. Close every Tablekeeper, make a copy with the backup command (tablekeeper backup --db FILE --out COPY) and open the copy.", real, n)
		return "", &event.Error{Kind: ErrLinked, Message: t.String(), Text: t}
	}
	return real, nil
}

// fileID is a file's identity on this computer, the same under every name
// it has: device and inode on Unix, volume and file index on Windows.
type fileID struct{ dev, ino uint64 }
