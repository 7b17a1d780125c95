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

// ErrLocked: another running Tablekeeper (a window, sim or import) has the
// database open for writing. A database has one writer; the read-only
// commands (check, export, backup) open it with OpenShared beside it.
var ErrLocked = errors.New("database open in another Tablekeeper")

// writerLock is the operating system's lock on the file beside the
// database (PATH-lock) that makes its holder the database's one writer.
// The OS drops it when the process ends, killed or not, so a crash never
// leaves a database locked.
type writerLock struct{ f *flock.Flock }

// lockPath is the lock file of the database at path.
func lockPath(path string) string { return path + "-lock" }

// processName describes this process in the lock file: the program and
// its command ("tablekeeper sim").
func processName() string {
	name := filepath.Base(os.Args[0])
	if len(os.Args) > 1 && !strings.HasPrefix(os.Args[1], "-") {
		name += " " + os.Args[1]
	}
	return name
}

// lockWriter takes the writer lock of the database at path, or says who
// holds it. who describes this process for the next one that asks.
func lockWriter(path, who string) (*writerLock, error) {
	lp := lockPath(path)
	f := flock.New(lp, flock.SetPermissions(0o600))
	ok, err := f.TryLock()
	if err != nil {
		return nil, fmt.Errorf("lock %s: %w", lp, err)
	}
	if !ok {
		holder, _ := os.ReadFile(lp)
		h := holderText(strings.TrimSpace(string(holder)))
		t := i18n.F("%s is already open in another Tablekeeper (%s). A database has one writer: close that one first, or open a backup. The check, export and backup commands work beside it.", path, h)
		return nil, &event.Error{Kind: ErrLocked, Message: t.String(), Text: t}
	}
	// Say who holds it; the lock is on the file, not its contents. The
	// note is data (who, process, computer, since, between tabs), said in
	// the language of whoever finds the database taken (holderText).
	host, _ := os.Hostname()
	note := strings.Join([]string{who, strconv.Itoa(os.Getpid()), host, time.Now().Format("2006-01-02 15:04")}, "\t")
	// Best effort: where the OS locks the bytes themselves (Windows) the
	// note cannot be written, and the lock still holds.
	_ = os.WriteFile(lp, []byte(note+"\n"), 0o600)
	return &writerLock{f: f}, nil
}

// holderText says the lock file's note on who holds the database: its
// four values in the reader's language, a note written before they were
// data as it stands, an empty one as "another program".
func holderText(note string) i18n.Localizer {
	if f := strings.Split(note, "\t"); len(f) == 4 {
		return i18n.F("%s, process %s on %s, since %s", f[0], f[1], f[2], f[3])
	}
	if note == "" {
		return i18n.F("another program")
	}
	return i18n.F("%s", note)
}

// release lets the next Tablekeeper open the database.
func (l *writerLock) release() error {
	if l == nil {
		return nil
	}
	return l.f.Unlock()
}
