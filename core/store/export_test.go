package store

import (
	"database/sql"
	"testing"

	"tablekeeper/core/storage"
)

// DumpTx is every row of every table as the transaction sees them (its
// own writes included), but the cluster's bookkeeping (cluster_*), in
// dumpRows's form: for the replay test to compare what a captured
// transaction would have committed with what its replay committed.
func DumpTx(tx storage.Tx) ([]string, error) {
	t := tx.(*Tx)
	return dumpWith(func(q string) (*sql.Rows, error) { return t.query(q) }, "cluster_")
}

// DumpDB is DumpTx for a database's committed rows.
func DumpDB(t testing.TB, db *DB) []string {
	t.Helper()
	out, err := dumpWith(func(q string) (*sql.Rows, error) { return db.reader.Query(q) }, "cluster_")
	must(t, err)
	return out
}

// DumpRows is dumpRows for the package's external tests.
var DumpRows = dumpRows
