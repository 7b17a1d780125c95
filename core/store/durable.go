package store

import (
	"database/sql"

	"github.com/mattn/go-sqlite3"
)

// driverName is the SQLite driver every connection of this package opens
// with: the standard one, plus the pragmas that no connection string
// sets (durableConn).
const driverName = "sqlite3-tablekeeper"

func init() {
	sql.Register(driverName, &sqlite3.SQLiteDriver{ConnectHook: durableConn})
}

// durablePragmas make a commit reach the disk itself on macOS. There,
// fsync only hands the data to the drive, whose cache a power cut
// empties: the organizer would have seen results confirmed that the
// database no longer holds. fullfsync makes SQLite use F_FULLFSYNC for
// commits and checkpoint_fullfsync for checkpoints (which any
// connection, a reader included, may run as it closes). Elsewhere SQLite
// syncs as before: the pragmas change nothing on Linux and Windows.
const durablePragmas = "PRAGMA fullfsync = ON; PRAGMA checkpoint_fullfsync = ON;"

// durableConn sets durablePragmas on a new connection.
func durableConn(c *sqlite3.SQLiteConn) error {
	_, err := c.Exec(durablePragmas, nil)
	return err
}
