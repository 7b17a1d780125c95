package store

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/gofrs/flock"

	"tablekeeper/core/event"
	"tablekeeper/core/i18n"
)

// ErrLocked means another running Tablekeeper (a window, sim or import) has the
// database open for writing. A database has one writer; the read-only
// commands (check, export, backup) open it with OpenShared beside it.
var ErrLocked = errors.New("database open in another Tablekeeper")

// ErrMoved means the database file was renamed, moved or replaced while this
// Tablekeeper had it open. SQLite keeps the -wal beside the name the file
// was opened under, so a commit now could be lost (or land in the wrong
// file) at the next start; writes are refused until the file is back.
var ErrMoved = errors.New("database file moved while open")

// The writer lock. A database has one writer, and the lock must follow the
// file itself, not one of its names: SQLite finds a database's -wal by the
// name it was opened under, so two writers on one file under two names
// (after `mv f.db moved.db` while the first runs) each keep their own
// -wal and one's commits are lost when the other checkpoints. So a writer
// holds two operating-system locks, each on a small file of its own:
//
//   - the file lock, named by the database file's identity on this
//     computer (device and inode on Unix, volume and file index on
//     Windows) in the user's lock folder (lockDir): it follows the file
//     through every rename, move within its disk and symbolic link, and
//     no file written beside the database (a report saved as f.db-lock)
//     can replace it;
//   - the name lock beside the database (PATH-lock, what earlier
//     versions took): it keeps the name, and the -wal and -shm beside
//     it, to one writer, on a network share too where the computers do
//     not share a lock folder.
//
// Why not lock the database file itself: SQLite locks byte ranges of it
// with POSIX fcntl locks, which a process loses on every close of any
// descriptor of the file (SQLite's reader connections open and close
// them), and on macOS and the BSDs a whole-file flock conflicts with
// those fcntl locks (on Linux they are independent, over NFS they are
// not). On Windows the database cannot be renamed while SQLite has it
// open at all, but the two locks are taken there too, the same way.
//
// Both are flock locks on Unix and LockFileEx on Windows (gofrs/flock),
// dropped by the OS when the process ends, killed or not, so a crash never
// leaves a database locked. Each note says who holds it (holderText).
type writerLock struct {
	name, file *flock.Flock
	// id is the database file's identity when the lock was taken;
	// moved compares the path's with it before each write.
	id   fileID
	path string
}

// lockPath is the name lock of the database at path.
func lockPath(path string) string { return path + "-lock" }

// lockDir is the folder of the file locks: the user's cache folder, or
// the system's temporary folder when there is none (no home folder).
// Every Tablekeeper of a user finds the same folder; one started with
// another home (another user, sudo) is held off by the name lock only.
func lockDir() string {
	if dir, err := os.UserCacheDir(); err == nil {
		return filepath.Join(dir, "Tablekeeper", "locks")
	}
	return filepath.Join(os.TempDir(), fmt.Sprintf("tablekeeper-locks-%d", os.Getuid()))
}

// fileLockPath is the file lock of the file with identity id.
func fileLockPath(id fileID) string {
	return filepath.Join(lockDir(), fmt.Sprintf("%x-%x-lock", id.dev, id.ino))
}

// processName describes this process in the lock file: the program and
// its command ("tablekeeper sim").
func processName() string {
	name := filepath.Base(os.Args[0])
	if len(os.Args) > 1 && !strings.HasPrefix(os.Args[1], "-") {
		name += " " + os.Args[1]
	}
	return name
}

// lockWriter takes the writer lock of the database at path (created empty
// when there is no file yet: a lock needs a file to follow), or says who
// holds it. who describes this process for the next one that asks.
func lockWriter(path, who string) (*writerLock, error) {
	if err := createPrivate(path); err != nil {
		return nil, fmt.Errorf("lock %s: %w", path, err)
	}
	id, ok, err := identify(path)
	if err != nil {
		return nil, fmt.Errorf("lock %s: %w", path, err)
	}
	l := &writerLock{id: id, path: path}
	if ok {
		if err := os.MkdirAll(lockDir(), 0o700); err != nil {
			return nil, fmt.Errorf("lock %s: %w", path, err)
		}
		if l.file, err = takeLock(path, fileLockPath(id)); err != nil {
			return nil, err
		}
	}
	if l.name, err = takeLock(path, lockPath(path)); err != nil {
		return nil, errors.Join(err, l.release())
	}
	// Say who holds it; the lock is on the file, not its contents. The
	// note is data (who, process, computer, since, between tabs), said in
	// the language of whoever finds the database taken (holderText), and
	// the path it was opened under, which tells a reader under another
	// name that the writer's -wal is not beside it (heldElsewhere).
	host, _ := os.Hostname()
	note := strings.Join([]string{who, strconv.Itoa(os.Getpid()), host, time.Now().Format("2006-01-02 15:04"), path}, "\t")
	for _, f := range []*flock.Flock{l.file, l.name} {
		if f != nil {
			// Best effort: where the OS locks the bytes themselves
			// (Windows) the note cannot be written, and the lock
			// still holds.
			_ = os.WriteFile(f.Path(), []byte(note+"\n"), 0o600)
		}
	}
	return l, nil
}

// takeLock locks the lock file lp of the database at path, or says who
// holds it (ErrLocked). A lock taken on a file that its last holder
// removed as it let go (release) locks nothing: it is taken again on the
// file now at lp.
func takeLock(path, lp string) (*flock.Flock, error) {
	for range 8 {
		f := flock.New(lp, flock.SetPermissions(0o600))
		ok, err := f.TryLock()
		if err != nil {
			return nil, fmt.Errorf("lock %s: %w", lp, err)
		}
		if !ok {
			holder, _ := os.ReadFile(lp) // #nosec G304 -- the lock file beside the database the user gave
			h := holderText(strings.TrimSpace(string(holder)))
			t := i18n.F("%s is already open in another Tablekeeper (%s). A database has one writer: close that one first, or open a backup. The check, export and backup commands work beside it.", path, h)
			return nil, &event.Error{Kind: ErrLocked, Message: t.String(), Text: t}
		}
		held, herr := f.Stat()
		now, nerr := os.Stat(lp)
		if herr == nil && nerr == nil && os.SameFile(held, now) {
			return f, nil
		}
		if err := f.Close(); err != nil {
			return nil, fmt.Errorf("lock %s: %w", lp, err)
		}
	}
	return nil, fmt.Errorf("lock %s: its lock file keeps being replaced", lp)
}

// holderText says the lock file's note on who holds the database: its
// first four values in the reader's language (the fifth, the path, is
// not said), a note written before they were data as it stands, an
// empty one as "another program".
func holderText(note string) i18n.Localizer {
	if f := strings.SplitN(note, "\t", 5); len(f) == 4 || len(f) == 5 {
		return i18n.F("%s, process %s on %s, since %s", f[0], f[1], f[2], f[3])
	}
	if note == "" {
		return i18n.F("another program")
	}
	return i18n.F("%s", note)
}

// moved refuses a write when the database's path no longer names the file
// this process locked and opened (ErrMoved): renamed or moved away, or
// replaced by another file. Put back, the file takes writes again.
func (l *writerLock) moved() error {
	if l == nil || l.file == nil {
		return nil
	}
	id, ok, err := identify(l.path)
	if err == nil && ok && id == l.id {
		return nil
	}
	t := i18n.F("%s was moved, renamed or replaced while Tablekeeper had it open, so nothing more is saved: a change now could be lost. Put the file back where it was, or close Tablekeeper and open the database where it is now.", l.path)
	return &event.Error{Kind: ErrMoved, Message: t.String(), Text: t}
}

// heldElsewhere refuses (ErrMoved) to read the database at path while a
// writer holds the file under another name: moved or renamed while open,
// its recent commits wait in the -wal beside the name it was opened
// under, so a reader here would see an older state without knowing.
func heldElsewhere(path string) error {
	id, ok, err := identify(path)
	if err != nil || !ok {
		return nil
	}
	if _, err := os.Stat(fileLockPath(id)); err != nil {
		return nil // no writer has taken it
	}
	f := flock.New(fileLockPath(id), flock.SetPermissions(0o600))
	free, err := f.TryLock()
	if err != nil {
		return nil
	}
	if free {
		// No writer: the lock file of one that was killed, left as it
		// is (removing it here could remove the next writer's).
		_ = f.Close() // a lock taken only to look: nothing to report
		return nil
	}
	holder, _ := os.ReadFile(fileLockPath(id))
	note := strings.TrimSpace(string(holder))
	if f := strings.SplitN(note, "\t", 5); len(f) < 5 || f[4] == path {
		return nil // the writer holds it under this name (or does not say)
	}
	t := i18n.F("%s is open in another Tablekeeper (%s) under another name: it was moved or renamed while open, and its latest changes are still beside its old name. Put the file back where it was, or close that Tablekeeper first.", path, holderText(note))
	return &event.Error{Kind: ErrMoved, Message: t.String(), Text: t}
}

// release lets the next Tablekeeper open the database. The file lock is
// removed while still held, so that the lock folder keeps no file of a
// database no one has open (takeLock copes with the removal); the name
// lock stays beside the database, as earlier versions left it.
func (l *writerLock) release() error {
	if l == nil {
		return nil
	}
	var errs []error
	if l.file != nil {
		// Only the file this lock holds: where the system refuses to
		// remove an open file (Windows), it stays.
		if held, err := l.file.Stat(); err == nil {
			if now, err := os.Stat(l.file.Path()); err == nil && os.SameFile(held, now) {
				_ = os.Remove(l.file.Path())
			}
		}
		errs = append(errs, l.file.Close())
	}
	if l.name != nil {
		errs = append(errs, l.name.Close())
	}
	return errors.Join(errs...)
}
