package reports

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"tablekeeper/core/event"
)

// sqliteHeader opens every SQLite database file, Tablekeeper's included.
var sqliteHeader = []byte("SQLite format 3\x00")

// WriteFile writes a report to path through a temporary file in the same
// folder, renamed into place once it is whole: a failed write leaves the
// old file as it was and no half-written one. It never writes over a
// database: an existing SQLite file (Tablekeeper's or any other program's)
// and the files named in protect (the open database, say) and their -wal and
// -shm companions are refused with a sentence saying what to do. The
// report is left readable by others, as an ordinary document is.
func WriteFile(path string, write func(io.Writer) error, protect ...string) error {
	return writeFile(path, 0o644, write, protect...)
}

// WritePrivateFile is WriteFile for a file that holds e-mails and other
// players' data (an event file, a TOM file): readable by the user only.
func WritePrivateFile(path string, write func(io.Writer) error, protect ...string) error {
	return writeFile(path, 0o600, write, protect...)
}

func writeFile(path string, mode os.FileMode, write func(io.Writer) error, protect ...string) error {
	// dest is where the bytes go: path, or the regular file a symbolic
	// link at path points to (the link stays a link).
	dest, err := target(path, protect...)
	if err != nil {
		return err
	}
	dir := filepath.Dir(dest)
	f, err := os.CreateTemp(dir, ".tablekeeper-*.tmp")
	if err != nil {
		return event.Invalidf("Cannot write in the folder %s (%v). Choose another folder.", dir, unwrapPath(err))
	}
	defer os.Remove(f.Name())
	if err := write(f); err != nil {
		_ = f.Close() // the write failed: its error is the one to report
		return err
	}
	if err := f.Sync(); err != nil {
		_ = f.Close() // the sync failed: its error is the one to report
		return fmt.Errorf("write %s: %w", path, err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	if err := os.Chmod(f.Name(), mode); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	// Checked again just before the rename: the file may have appeared,
	// or been replaced by a link or a device, while the report was being
	// built.
	if again, err := target(path, protect...); err != nil {
		return err
	} else if again != dest {
		return event.Invalidf("%s changed while the report was being written. Save it again.", path)
	}
	if err := os.Rename(f.Name(), dest); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	return nil
}

// CheckTarget says whether a report may be written to path: not a folder,
// not a device or anything else that is not a regular file, not a
// database, not one of the protected files. It reads at most the first 16
// bytes of an existing file and changes nothing.
func CheckTarget(path string, protect ...string) error {
	_, err := target(path, protect...)
	return err
}

// target is the file a report for path is written to, or why none may
// be. Renaming a finished report into place replaces whatever has the
// name, so only a regular file or no file at all may be there: a device
// (/dev/null, /dev/stdout), a pipe or a socket would be replaced by a
// file. A symbolic link is written through: the report replaces the
// regular file it points to and the link stays.
func target(path string, protect ...string) (string, error) {
	if path == "" {
		return "", event.Invalid("No file name was given for the report. Choose where to save it.")
	}
	if companionName(path) {
		return "", event.Invalidf("%s is named like a file kept beside a database (its -wal, -shm, -journal or -lock file); a report is never saved under such a name, which could replace one. Choose another file name for the report.", path)
	}
	info, err := os.Stat(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		if _, lerr := os.Lstat(path); lerr == nil {
			return "", event.Invalidf("%s is a link to a file that does not exist; a report is not written through it. Choose another file name for the report.", path)
		}
		return filepath.Clean(path), checkFolder(path)
	case err != nil:
		return "", event.Invalidf("Cannot use %s (%v). Choose another file.", path, unwrapPath(err))
	case info.IsDir():
		return "", event.Invalidf("%s is a folder. Give a file name inside it, such as %s.", path, filepath.Join(path, "report.pdf"))
	case !info.Mode().IsRegular():
		return "", event.Invalidf("%s is not an ordinary file (a device, a pipe or the like); a report is only saved as a file. Choose a file name for the report.", path)
	}
	for _, p := range protect {
		for _, q := range []string{p, p + "-wal", p + "-shm", p + "-journal"} {
			if other, err := os.Stat(q); err == nil && os.SameFile(info, other) {
				return "", event.Invalidf("%s is the open Tablekeeper database; a report never writes over it. Choose another file name for the report.", path)
			}
		}
	}
	if isSQLite(path) {
		return "", event.Invalidf("%s is a database file; a report never writes over one. Choose another file name for the report.", path)
	}
	dest, err := filepath.EvalSymlinks(path)
	if err != nil {
		return "", event.Invalidf("Cannot use %s (%v). Choose another file.", path, unwrapPath(err))
	}
	return dest, nil
}

// companionName reports whether path is named like a file SQLite or
// Tablekeeper keeps beside a database: its write-ahead log (-wal), shared
// memory (-shm), rollback journal (-journal) or writer lock (-lock, and
// the lock folder's files, named the same way). Replaced by a report, a
// lock would let a second writer in and a log would lose commits, so no
// report takes such a name, whether or not the file is there yet.
func companionName(path string) bool {
	base := filepath.Base(path)
	for _, suffix := range []string{"-wal", "-shm", "-journal", "-lock"} {
		if strings.HasSuffix(base, suffix) {
			return true
		}
	}
	return false
}

// checkFolder refuses a new file whose folder does not exist.
func checkFolder(path string) error {
	dir := filepath.Dir(path)
	info, err := os.Stat(dir)
	if err != nil {
		return event.Invalidf("The folder %s does not exist. Create it first, or choose another folder.", dir)
	}
	if !info.IsDir() {
		return event.Invalidf("%s is not a folder. Choose another place for the report.", dir)
	}
	return nil
}

// isSQLite reports whether the file at path starts with SQLite's header.
func isSQLite(path string) bool {
	f, err := os.Open(path) // #nosec G304 -- a database file the organizer chose
	if err != nil {
		return false
	}
	defer f.Close()
	head := make([]byte, len(sqliteHeader))
	n, _ := io.ReadFull(f, head)
	return n == len(head) && bytes.Equal(head, sqliteHeader)
}

// unwrapPath drops the operation and path from an *fs.PathError, which the
// sentence around it already names.
func unwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}
