// Package store keeps Tablekeeper's data in one SQLite file: the player
// directory, events, entries, rounds with their tables, seats and results,
// decks, judges, the judge log and the activity log.
//
// It implements storage.Store: every organizer action is one transaction
// (Write), committed only when the action succeeds, and screens read through
// consistent snapshots (Read). The file is opened in WAL mode with foreign
// keys on and synchronous=FULL, so nothing confirmed on screen is lost to a
// crash or a power cut, and the database always reopens.
//
// The file carries an application_id (Tablekeeper's) and a schema version
// (user_version), so Open refuses, without touching it, a file that belongs
// to another program or was written by a newer Tablekeeper. Schema changes
// are embedded SQL migrations applied in order, each in one transaction with
// its version bump.
//
// Times are kept to the millisecond and come back in UTC (the same instant
// as saved: compare with time.Equal, display with Local); durations are kept
// to the millisecond. A zero time stays zero.
//
// Driver errors come back wrapped with the operation and, where a person can
// act on them, as event.ErrNotFound or event.ErrConflict with a sentence
// that says what clashed ("member number 1234 already belongs to Ada
// Lovelace").
package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"strings"

	// The SQLite driver; only this package imports it.
	"github.com/mattn/go-sqlite3"

	"tablekeeper/core/event"
	"tablekeeper/core/i18n"
	"tablekeeper/core/storage"
)

// ApplicationID marks a SQLite file as Tablekeeper's ("TKPR"), in the
// header's application_id field (https://sqlite.org/fileformat.html).
const ApplicationID = 0x544B5052

// ErrNotTablekeeper means the file exists but is not a Tablekeeper database
// (random bytes, a text file, another program's SQLite file). Open leaves
// such a file untouched.
var ErrNotTablekeeper = errors.New("not a Tablekeeper database")

// ErrTooNew means the database was written by a newer Tablekeeper whose schema
// this build does not know. Open leaves it untouched.
var ErrTooNew = errors.New("database written by a newer Tablekeeper")

// busyTimeoutMS is how long a statement waits for another connection's lock
// (another Tablekeeper window on the same file, a checkpoint) before failing.
const busyTimeoutMS = 10000

// DB is an open Tablekeeper database. It is safe for concurrent use: writes
// are serialized through a single connection, reads run in parallel on a
// pool of read-only connections and see the last committed state.
type DB struct {
	path string
	// writer has exactly one connection: SQLite allows one writer at a
	// time, and queueing in database/sql is cheaper and fairer than
	// SQLITE_BUSY retries.
	writer *sql.DB
	// reader is a pool of query_only connections; in WAL mode they read
	// a snapshot while the writer works.
	reader *sql.DB
	// lock makes this process the database's one writer (nil for
	// OpenShared).
	lock *writerLock
}

var _ storage.Store = (*DB)(nil)

// DefaultPath returns where the app keeps its database:
// <user config dir>/Tablekeeper/tablekeeper.db. Open creates the folder.
func DefaultPath() (string, error) {
	dir, err := os.UserConfigDir()
	if err != nil {
		return "", fmt.Errorf("store: default path: %w", err)
	}
	return filepath.Join(dir, "Tablekeeper", "tablekeeper.db"), nil
}

// Open opens the Tablekeeper database at path, creating it (and its folder)
// when the path does not exist or is an empty file, and brings its schema up
// to date. It fails with ErrNotTablekeeper for a file that is not a
// Tablekeeper database and with ErrTooNew for one written by a newer
// version; in both cases the file is not modified.
//
// Open makes this process the database's one writer: while it is open,
// another Open of the same file, in any process and through any symbolic
// link, fails with ErrLocked naming the holder (OpenShared opens beside
// it). A file with a second name (a hard link) is refused with ErrLinked.
// The lock follows the file through renames (see writerLock); a write
// after the file was moved away from path is refused with ErrMoved.
func Open(path string) (*DB, error) {
	return openLocked(path, true)
}

// OpenShared opens the database like Open but without becoming its
// writer, for the commands that only read (check, export, backup): they
// work while a Tablekeeper window has the file open. A write through it
// (a code drawn the first time it is asked for) takes the writer lock
// for its moment and is refused with ErrLocked while another Tablekeeper
// holds the database.
func OpenShared(path string) (*DB, error) {
	return openLocked(path, false)
}

func openLocked(path string, writer bool) (*DB, error) {
	migs, err := loadMigrations(migrationFiles)
	if err != nil {
		return nil, fmt.Errorf("store: open: %w", err)
	}
	// The lock and the -wal follow the file itself, not the name it was
	// given: a symbolic link is followed, a second hard link refused.
	abs, err := resolvePath(path, writer)
	if err != nil {
		return nil, err
	}
	var lock *writerLock
	if writer {
		// Look first: a file that is not ours gets no lock file beside it.
		if err := probe(context.Background(), abs, len(migs)); err != nil {
			return nil, fmt.Errorf("store: open: %w", err)
		}
		if err := os.MkdirAll(filepath.Dir(abs), 0o750); err != nil {
			return nil, fmt.Errorf("store: open %s: %w", abs, err)
		}
		if lock, err = lockWriter(abs, processName()); err != nil {
			return nil, fmt.Errorf("store: open: %w", err)
		}
	} else {
		if err := heldElsewhere(abs); err != nil {
			return nil, fmt.Errorf("store: open: %w", err)
		}
		// Bringing an older schema up to date writes: it is the
		// writer's to do, for its moment, and refused while another
		// Tablekeeper (an older one, then) holds the database.
		version, err := probeVersion(context.Background(), abs, len(migs))
		if err != nil {
			return nil, fmt.Errorf("store: open: %w", err)
		}
		if version < len(migs) {
			if err := os.MkdirAll(filepath.Dir(abs), 0o750); err != nil {
				return nil, fmt.Errorf("store: open %s: %w", abs, err)
			}
			l, err := lockWriter(abs, processName())
			if errors.Is(err, ErrLocked) {
				t := i18n.F("%s is open in an older Tablekeeper: this one must update the database before it reads it, and does not do that beside another. Close the other Tablekeeper first, or use the same version in both.", abs)
				return nil, &event.Error{Kind: ErrLocked, Message: t.String(), Text: t}
			}
			if err != nil {
				return nil, fmt.Errorf("store: open: %w", err)
			}
			defer l.release()
		}
	}
	db, err := open(context.Background(), abs, migs)
	if err != nil {
		return nil, errors.Join(err, lock.release())
	}
	db.lock = lock
	return db, nil
}

func open(ctx context.Context, path string, migs []migration) (*DB, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, fmt.Errorf("store: open %s: %w", path, err)
	}
	if err := os.MkdirAll(filepath.Dir(abs), 0o750); err != nil {
		return nil, fmt.Errorf("store: open %s: %w", abs, err)
	}
	// Look before opening for real: the writer switches the file to WAL
	// mode, which would change another program's file.
	if err := probe(ctx, abs, len(migs)); err != nil {
		return nil, fmt.Errorf("store: open: %w", err)
	}
	// A new database is readable by its user only: it holds e-mails.
	// SQLite gives the -wal and -shm files the main file's permissions.
	if err := createPrivate(abs); err != nil {
		return nil, fmt.Errorf("store: open %s: %w", abs, err)
	}

	db := &DB{path: abs}
	// synchronous=FULL: in WAL mode NORMAL already survives a killed
	// process, but a power cut or OS crash can lose the last commits,
	// which the organizer saw confirmed. FULL syncs the WAL on every
	// commit; at the pace of people typing results that costs nothing
	// anyone notices.
	db.writer, err = sql.Open(driverName, fileURI(abs, url.Values{
		"_journal_mode": {"WAL"},
		"_synchronous":  {"FULL"},
		"_foreign_keys": {"1"},
		"_busy_timeout": {fmt.Sprint(busyTimeoutMS)},
		"_txlock":       {"immediate"},
	}))
	if err != nil {
		return nil, fmt.Errorf("store: open %s: %w", abs, err)
	}
	db.writer.SetMaxOpenConns(1)
	db.writer.SetMaxIdleConns(1)
	db.writer.SetConnMaxLifetime(0)
	db.writer.SetConnMaxIdleTime(0)

	if err := migrate(ctx, db.writer, abs, migs); err != nil {
		return nil, errors.Join(fmt.Errorf("store: open: %w", err), db.writer.Close())
	}

	db.reader, err = sql.Open(driverName, fileURI(abs, url.Values{
		"_foreign_keys": {"1"},
		"_busy_timeout": {fmt.Sprint(busyTimeoutMS)},
		"_query_only":   {"1"},
	}))
	if err != nil {
		return nil, errors.Join(fmt.Errorf("store: open %s: %w", abs, err), db.writer.Close())
	}
	db.reader.SetMaxIdleConns(4)
	return db, nil
}

// createPrivate creates an empty file at path, readable and writable by
// its user only, unless a file is there already.
func createPrivate(path string) error {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o600) // #nosec G304 -- the database path the user gave
	if errors.Is(err, fs.ErrExist) {
		return nil
	}
	if err != nil {
		return err
	}
	return f.Close()
}

// Path returns the absolute path of the database file.
func (db *DB) Path() string { return db.path }

// Close closes the database. The last connection to close checkpoints the
// WAL into the main file.
func (db *DB) Close() error {
	var werr error
	if db.writer != nil {
		werr = db.writer.Close()
	}
	return errors.Join(db.reader.Close(), werr, db.lock.release())
}

// Read runs fn in a read-only snapshot: everything fn reads is as of one
// moment, even while a Write commits. Writes inside fn fail. A Read inside a
// Write's fn does not see that Write's uncommitted changes.
func (db *DB) Read(ctx context.Context, fn func(storage.Tx) error) error {
	return db.run(ctx, db.reader, "read", func(tx *Tx) error { return fn(tx) })
}

// Write runs fn in one write transaction, committed when fn returns nil and
// rolled back when it returns an error or panics (the panic goes on). Writes
// are serialized: a Write waits for the one before it. Calling Write inside
// fn deadlocks. Once committed, what the transaction's writes recorded
// they changed goes, as one storage.Unit, to the hook ctx carries
// (storage.OnCommit).
func (db *DB) Write(ctx context.Context, fn func(storage.Tx) error) error {
	release, err := db.writable()
	if err != nil {
		return err
	}
	defer release()
	return db.run(ctx, db.writer, "write", func(tx *Tx) error {
		if err := outsideCluster(tx); err != nil {
			return err
		}
		return fn(tx)
	})
}

// writable checks that this DB may write now, and returns what to call
// once the write is done: the writer lock taken for the write's moment
// when the DB was opened to read beside a writer (OpenShared).
func (db *DB) writable() (release func(), err error) {
	if db.writer == nil {
		return nil, db.readOnlyError()
	}
	if db.lock == nil {
		// Opened to read beside a writer (OpenShared): a write is the
		// database's one writer's for its moment, refused while another
		// Tablekeeper holds it.
		l, err := lockWriter(db.path, processName())
		if err != nil {
			return nil, fmt.Errorf("store: write: %w", err)
		}
		return func() { _ = l.release() }, nil
	}
	if err := db.lock.moved(); err != nil {
		return nil, err
	}
	return func() {}, nil
}

func (db *DB) run(ctx context.Context, pool *sql.DB, kind string, fn func(*Tx) error) error {
	sqlTx, err := pool.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("store: begin %s: %w", kind, err)
	}
	done := false
	defer func() {
		if !done {
			// Reached on error and on panic; the panic keeps going.
			_ = sqlTx.Rollback()
		}
	}()
	tx := &Tx{ctx: ctx, tx: sqlTx}
	if err := fn(tx); err != nil {
		return err
	}
	done = true
	if err := sqlTx.Commit(); err != nil {
		return fmt.Errorf("store: commit %s: %w", kind, err)
	}
	if pool == db.writer {
		// The transaction is one unit, statements and notices: its
		// notices leave with it, and only once it committed.
		storage.Committed(ctx, tx.changes.Unit())
	}
	return nil
}

// fileURI builds the SQLite URI for path with the driver's options. A URI
// (rather than a bare path) keeps a '?' or '#' in a folder name from being
// read as options.
func fileURI(path string, params url.Values) string {
	p := filepath.ToSlash(path)
	if !strings.HasPrefix(p, "/") {
		p = "/" + p // a Windows drive letter: file:///C:/…
	}
	u := url.URL{Scheme: "file", Path: p, RawQuery: params.Encode()}
	return u.String()
}

// sqliteMagic opens every SQLite database file.
const sqliteMagic = "SQLite format 3\x00"

// probe decides, without writing anything, whether path can be opened as
// a Tablekeeper database whose schema this build knows (known migrations).
// A missing or empty file is fine: Open creates it.
func probe(ctx context.Context, path string, known int) error {
	_, err := probeVersion(ctx, path, known)
	return err
}

// probeVersion is probe, which also returns the file's schema version (0
// for no file, or an empty one).
func probeVersion(ctx context.Context, path string, known int) (int, error) {
	f, err := os.Open(path) // #nosec G304 -- the database path the user gave, only read here
	if errors.Is(err, os.ErrNotExist) {
		return 0, nil
	}
	if err != nil {
		return 0, err
	}
	info, err := f.Stat()
	if err != nil {
		return 0, errors.Join(err, f.Close())
	}
	if info.IsDir() {
		return 0, errors.Join(notTablekeeper(path, "it is a folder"), f.Close())
	}
	head := make([]byte, len(sqliteMagic))
	n, _ := f.Read(head)
	if err := f.Close(); err != nil {
		return 0, err
	}
	if info.Size() == 0 {
		// An empty file; a WAL beside it would be odd, so let SQLite look
		// if there is one, else there is nothing to check.
		if _, err := os.Stat(path + "-wal"); err != nil {
			return 0, nil
		}
	} else if n < len(head) || string(head) != sqliteMagic {
		return 0, notTablekeeper(path, "it is not a SQLite database")
	}

	// Read-only, and immutable unless a WAL file is there: a read-only
	// connection to a WAL-mode file would otherwise create the -wal and
	// -shm files beside it. Without a WAL the main file is the whole
	// database; with one, some connection has it open (or crashed), and the
	// committed state includes the WAL, so SQLite must read it.
	params := url.Values{"mode": {"ro"}}
	if _, err := os.Stat(path + "-wal"); err != nil {
		params.Set("immutable", "1")
	}
	ro, err := sql.Open(driverName, fileURI(path, params))
	if err != nil {
		return 0, err
	}
	defer ro.Close()
	var h header
	err = ro.QueryRowContext(ctx, headerQuery).Scan(&h.appID, &h.version, &h.objects)
	var se sqlite3.Error
	if errors.As(err, &se) && se.Code == sqlite3.ErrNotADB {
		return 0, notTablekeeper(path, "it is not a SQLite database")
	}
	if err != nil {
		return 0, fmt.Errorf("read %s: %w", path, err)
	}
	return h.version, h.check(path, known)
}

// header is what decides whether a file is a Tablekeeper database.
type header struct {
	appID   int64
	version int
	objects int
}

const headerQuery = `SELECT (SELECT application_id FROM pragma_application_id),
	(SELECT user_version FROM pragma_user_version),
	(SELECT count(*) FROM sqlite_schema)`

// check returns nil when the file is a Tablekeeper database this build can
// open, or a new, empty SQLite file.
func (h header) check(path string, known int) error {
	switch {
	case h.appID == ApplicationID && h.version > known:
		return &event.Error{Kind: ErrTooNew, Message: fmt.Sprintf(
			"%s was written by a newer Tablekeeper (schema %d, this version knows %d); update the app", path, h.version, known)}
	case h.appID == ApplicationID:
		return nil
	case h.appID != 0:
		return notTablekeeper(path, "it is another program's SQLite file")
	case h.objects > 0 || h.version != 0:
		return notTablekeeper(path, "it is a SQLite database made by another program")
	default:
		return nil // empty SQLite file: ours to fill
	}
}

func notTablekeeper(path, why string) error {
	return &event.Error{Kind: ErrNotTablekeeper, Message: fmt.Sprintf("%s is not a Tablekeeper database (%s)", path, why)}
}
